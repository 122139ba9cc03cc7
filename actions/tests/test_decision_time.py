"""Quorum and expiry are decided at decision time, through the real API.

- A two-person rule counts approvers against the principal the agent proposed FOR: reassigning the agent
  afterwards never turns its proposer into one of the two people.
- An action past its time cannot be decided, sweep or no sweep: the click settles it expired and answers
  409 ``action_expired``; the sweep afterwards finds nothing to do.
- Nobody shortens a waiting action's life by changing the project's expiry: a maintainer cannot expire the
  owner's pending spend that way (each action keeps the time it was proposed with).
"""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from actions import expiry, quorum
from actions.models import ActionApproval, ProposedAction, SessionEvent
from actions.tests.console_forms import shown_fields
from projects.models import Task

EXPIRED = "proposed_action.expired"


@pytest.fixture
def mia(team):
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


@pytest.fixture
def ada(team):
    user = team.world.user("ada")
    team.world.member(team.ws, user, "maintainer")
    return user


def _merge_rule(team, **kw):
    body = {"action_type": "git_merge", "approvals": 2, "min_role": "maintainer", **kw}
    quorum.set_approval_rules(actor=team.owner, project=team.project, rules=[body])


def _propose(team, action_type, payload, key=None):
    client = team.world.client(agent_key=key or team.agent_key)
    resp = client.post("/api/actions/", {"action_type": action_type, "payload": payload}, format="json")
    assert resp.status_code == 201, resp.json()
    return resp.json()


def _click(team, user, action_id, what="approve", **body):
    return team.world.client(user).post(f"/api/actions/{action_id}/{what}/", body, format="json")


def _reassign(team, actor, agent, username):
    resp = team.world.client(actor).post(
        f"/api/agents/{agent.id}/reassign-principal/", {"principal": username}, format="json"
    )
    assert resp.status_code == 200, resp.json()


# -- the proposer is frozen at proposal ------------------------------------------------------------------


def test_reassigning_the_agent_does_not_launder_the_proposer_into_an_approver(team, mia):
    """The issue's case: max's agent proposes a merge, max gives the agent to mia, then approves."""
    _merge_rule(team)
    action_id = _propose(team, "git_merge", {"pr": 7, "target_branch": "main"})["id"]
    _reassign(team, team.maintainer, team.agent, "mia")

    refused = _click(team, team.maintainer, action_id)
    assert refused.status_code == 403 and refused.json()["reason"] == "self_approval_refused"
    assert not ActionApproval.objects.filter(action_id=action_id).exists()
    # mia is the agent's principal now: she is no independent second person either
    assert _click(team, mia, action_id).json()["reason"] == "self_approval_refused"
    # two people who are neither count, and only they
    assert _click(team, team.owner, action_id).json()["outcome"] == "approval_recorded"
    ada = team.world.user("ada")
    team.world.member(team.ws, ada, "maintainer")
    final = _click(team, ada, action_id).json()
    assert final["status"] == "approved" and final["approvals"]["approvers"] == ["olivia", "ada"]


def test_the_laundering_fails_whoever_the_agent_goes_to_and_in_any_order(team, mia, ada):
    """Approve first with someone else, then move the agent (to the owner, who reassigns it this time),
    then the proposer clicks: still refused, and the count stays at one."""
    _merge_rule(team)
    action_id = _propose(team, "git_merge", {"pr": 8, "target_branch": "main"})["id"]
    assert _click(team, mia, action_id).json()["approvals"]["count"] == 1
    _reassign(team, team.owner, team.agent, "olivia")
    assert _click(team, team.maintainer, action_id).json()["reason"] == "self_approval_refused"
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "pending" and action.proposer_principal_id == team.maintainer.pk
    # the owner is the agent's principal now and does not count either; ada does
    assert _click(team, team.owner, action_id).json()["reason"] == "self_approval_refused"
    assert _click(team, ada, action_id).json()["status"] == "approved"


def test_an_approval_recorded_before_the_proposer_was_known_is_not_counted(team, mia, ada):
    """Even a row that exists for the proposer (written before this rule, e.g. by an older release) is not
    counted by the approval that would meet the count."""
    _merge_rule(team)
    action_id = _propose(team, "git_merge", {"pr": 9, "target_branch": "main"})["id"]
    _reassign(team, team.maintainer, team.agent, "ada")
    ActionApproval.objects.create(action_id=action_id, approver=team.maintainer)
    body = _click(team, mia, action_id).json()
    assert body["status"] == "pending" and body["approvals"]["approvers"] == ["mia"]


def test_without_no_self_approval_the_proposer_still_counts_after_a_reassignment(team, mia):
    """The rule's own switch decides whether the proposer counts; freezing changes only who that is."""
    _merge_rule(team, no_self_approval=False)
    action_id = _propose(team, "git_merge", {"pr": 10, "target_branch": "main"})["id"]
    _reassign(team, team.maintainer, team.agent, "mia")
    assert _click(team, team.maintainer, action_id).json()["outcome"] == "approval_recorded"
    assert _click(team, mia, action_id).json()["status"] == "approved"


def test_the_proposal_records_its_principal_and_its_time(team):
    action_id = _propose(team, "terminal", {"command": "make ship"})["id"]
    action = ProposedAction.objects.get(id=action_id)
    assert action.proposer_principal_id == team.maintainer.pk
    assert action.expiry_seconds == team.project.pending_expiry_seconds


# -- expiry checked by the click itself ------------------------------------------------------------------


def _age(action_id, seconds):
    """Make the action ``seconds`` old (as if proposed that long ago)."""
    ProposedAction.objects.filter(id=action_id).update(created_at=timezone.now() - timedelta(seconds=seconds))


@pytest.mark.parametrize("what", ["approve", "deny", "approve-always"])
def test_a_click_past_the_expiry_is_a_409_and_settles_it_without_the_sweep(team, what):
    task = Task.objects.create(project=team.project, title="ship")
    client = team.world.client(agent_key=team.agent_key)
    body = {"action_type": "terminal", "payload": {"command": "make ship"}, "task": str(task.id)}
    action_id = client.post("/api/actions/", body, format="json").json()["id"]
    _age(action_id, 24 * 3600 + 5)  # the project's default time is a day; nobody ran the sweep

    late = _click(team, team.owner, action_id, what)
    assert late.status_code == 409, late.json()
    assert late.json()["reason"] == "action_expired" and "expired" in late.json()["detail"]
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "expired" and action.decided_by is None and action.settled_at is not None
    assert action.result is not None and action.result["reason"] == "approval_expired"
    (event,) = SessionEvent.objects.filter(action_id=action_id, type=EXPIRED)
    assert (event.actor_kind, event.actor_label) == ("system", "expiry-check")
    assert not SessionEvent.objects.filter(action_id=action_id, type="proposed_action.approved").exists()
    task.refresh_from_db()
    assert task.status == "in_progress"  # the agent's turn again, as the sweep would have left it
    # the agent reads why; the sweep has nothing left to do; a second click is the same 409
    seen = client.get(f"/api/actions/{action_id}/").json()
    assert seen["status"] == "expired" and seen["result"]["reason"] == "approval_expired"
    assert expiry.sweep() == {"expired": 0, "expiring_soon": 0}
    assert _click(team, team.owner, action_id, what).json()["reason"] == "action_expired"
    assert SessionEvent.objects.filter(action_id=action_id, type=EXPIRED).count() == 1


def test_a_click_just_before_the_expiry_still_decides(team):
    action_id = _propose(team, "terminal", {"command": "make ship"})["id"]
    _age(action_id, 23 * 3600)  # an hour left
    assert _click(team, team.owner, action_id).json()["status"] in (
        "approved",
        "executing",
        "executed",
        "failed",
    )


def test_a_quorum_approval_past_the_expiry_records_nothing(team, mia):
    _merge_rule(team)
    action_id = _propose(team, "git_merge", {"pr": 11, "target_branch": "main"})["id"]
    assert _click(team, mia, action_id).json()["approvals"]["count"] == 1
    _age(action_id, 24 * 3600 + 5)
    late = _click(team, team.owner, action_id)
    assert late.status_code == 409 and late.json()["reason"] == "action_expired"
    assert list(
        ActionApproval.objects.filter(action_id=action_id).values_list("approver__username", flat=True)
    ) == ["mia"]
    assert ProposedAction.objects.get(id=action_id).status == "expired"


def test_a_click_of_someone_who_may_not_decide_does_not_reveal_or_settle_the_expiry(team):
    """The role checks come first: an outsider gets 404 and a developer 403, and the action is untouched
    (the expiry is written by a click of someone who may decide it, or by the sweep)."""
    action_id = _propose(team, "git_push", {"branch": "feature"})["id"]
    _age(action_id, 24 * 3600 + 5)
    assert _click(team, team.outsider, action_id).status_code == 404
    assert _click(team, team.developer, action_id).status_code == 403
    assert ProposedAction.objects.get(id=action_id).status == "pending"


def test_the_console_click_past_the_expiry_says_so(team):
    action_id = _propose(team, "terminal", {"command": "make ship"})["id"]
    _age(action_id, 24 * 3600 + 5)
    console = Client()
    console.force_login(team.owner)
    page = console.post(
        f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id), follow=True
    ).content.decode()
    assert "expired" in page
    assert ProposedAction.objects.get(id=action_id).status == "expired"


# -- nobody shortens a waiting action's life ---------------------------------------------------------------


def _owner_spend(team):
    _, key = team.world.agent(team.project, team.owner, "dev-pay")
    proposed = _propose(team, "spend", {"amount": "40.00", "currency": "EUR", "purpose": "GPU"}, key=key)
    assert proposed["status"] == "pending", proposed
    return proposed


def test_a_maintainer_shortening_the_expiry_cannot_expire_the_owners_spend(team):
    proposed = _owner_spend(team)
    # max may not deny the spend (owner's), so he shortens the project's time to five minutes instead
    assert _click(team, team.maintainer, proposed["id"], "deny").status_code == 403
    put = team.world.client(team.maintainer).put(
        f"/api/projects/{team.project.id}/approval-rules/", {"pending_expiry_seconds": 300}, format="json"
    )
    assert put.status_code == 200 and put.json()["pending_expiry_seconds"] == 300
    _age(proposed["id"], 600)  # ten minutes later, past the new time, well inside the old one

    assert expiry.sweep() == {"expired": 0, "expiring_soon": 0}
    seen = team.world.client(team.owner).get(f"/api/actions/{proposed['id']}/").json()
    assert seen["status"] == "pending"
    assert (
        ProposedAction.objects.get(id=proposed["id"]).expiry_seconds == 86400
    )  # the day it was proposed with
    assert _click(team, team.owner, proposed["id"]).json()["status"] in ("approved", "executing", "executed")


def test_every_waiting_action_keeps_its_time_and_new_ones_take_the_new_one(team):
    """The same holds for anyone's change and either way (shorter or longer): the time is the proposal's."""
    old_id = _propose(team, "terminal", {"command": "make old"})["id"]
    team.world.client(team.owner).put(
        f"/api/projects/{team.project.id}/approval-rules/", {"pending_expiry_seconds": 600}, format="json"
    )
    new = _propose(team, "terminal", {"command": "make new"})
    created = ProposedAction.objects.get(id=new["id"]).created_at
    assert new["expires_at"].startswith((created + timedelta(seconds=600)).strftime("%Y-%m-%dT%H:%M:%S"))
    _age(old_id, 700)
    _age(new["id"], 700)
    assert expiry.sweep()["expired"] == 1
    assert ProposedAction.objects.get(id=old_id).status == "pending"
    assert ProposedAction.objects.get(id=new["id"]).status == "expired"
    # lengthening does not stretch the new one back to life either; the old one still has its day
    team.world.client(team.owner).put(
        f"/api/projects/{team.project.id}/approval-rules/",
        {"pending_expiry_seconds": 2 * 86400},
        format="json",
    )
    _age(old_id, 24 * 3600 + 5)
    assert _click(team, team.owner, old_id).json()["reason"] == "action_expired"


def test_the_migration_freezes_what_pending_actions_proposed_before_it_would_have_recorded(team):
    import importlib

    from django.apps import apps

    from projects.models import Project

    migration = importlib.import_module("actions.migrations.0007_frozen_proposer_and_expiry")
    pending_id = _propose(team, "terminal", {"command": "make old"})["id"]
    settled_id = _propose(team, "terminal", {"command": "make settled"})["id"]
    _click(team, team.owner, settled_id, "deny")
    ProposedAction.objects.update(proposer_principal=None, expiry_seconds=86400)  # as before the migration
    Project.objects.filter(pk=team.project.pk).update(pending_expiry_seconds=600)

    # the data step reads the schema editor's connection (and, on PostgreSQL, executes one statement on it)
    editor = SimpleNamespace(connection=connection, execute=lambda sql: connection.cursor().execute(sql))
    migration.freeze_pending(apps, editor)
    pending = ProposedAction.objects.get(id=pending_id)
    assert (pending.proposer_principal_id, pending.expiry_seconds) == (team.maintainer.pk, 600)
    settled = ProposedAction.objects.get(id=settled_id)
    assert (settled.proposer_principal_id, settled.expiry_seconds) == (None, 86400)  # history untouched
