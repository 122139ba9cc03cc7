"""Red team: an auto-approval runs only under the policy that gave it.

The policy auto-approves an agent's action at proposal; the action then waits for a worker (the broker's
queue, a redelivery, a retry after a transient fault). On the base, a person who tightened the policy in that
time -- took the agent's autonomy back, denied or asked the type in permissions.json (through Brabo, or in the
file on disk), lowered the agent's role, added a two-person rule, pointed the operator's hooks elsewhere --
had the queued auto-approvals run anyway, under the policy they had just replaced. Now the proposal records
the fingerprint of the policy inputs its decision read, and the worker, when they changed, decides again: still
auto-approved, it runs; otherwise it waits for a person (``pending``) or is denied, with a
``proposed_action.redecided`` event (reason ``policy_changed_before_run``) and nothing run. A person's
approval is not decided again by the policy; a suspended or revoked agent still stops it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from actions import events, execution, executors, policy_recheck, quorum, services
from actions.history import describe
from actions.models import ProposedAction
from actions.tests.exec_fixtures import events_of, failed_with
from permissions.decide import Permissions
from permissions.files import render_permissions
from projects.models import AutonomyRule, Membership
from projects.services import save_permissions, upsert_autonomy

pytestmark = pytest.mark.django_db

WRITE = {"path": "notes.md", "content": "x"}


def _auto(team, action_type="write_file", payload=WRITE, task=None) -> ProposedAction:
    """The agent's action, auto-approved by its autonomy row and waiting for a worker."""
    upsert_autonomy(actor=team.owner, agent=team.agent, action_type=action_type, mode="auto_approve")
    action = services.propose_action(
        project=team.project, agent=team.agent, action_type=action_type, payload=payload, task=task
    ).action
    assert action.status == "auto_approved", (action.status, action.reason)
    assert len(action.policy_fingerprint) == 64
    return action


def _ask_in_permissions(team):
    save_permissions(project=team.project, perms=Permissions(ask=("WriteFile()",)), actor=team.owner)


def _deny_in_permissions(team):
    save_permissions(project=team.project, perms=Permissions(deny=("WriteFile()",)), actor=team.owner)


def _deny_in_the_file_on_disk(team):
    """An outside edit of permissions.json (an agent, a git pull): stricter, so it applies until accepted."""
    path = team.project.permissions_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_permissions(Permissions(deny=("WriteFile()",))))


def _unreadable_file_on_disk(team):
    """The file on disk no longer loads: decisions fail closed (they ask a person)."""
    path = team.project.permissions_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json")


def _two_person_rule(team):
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "write_file", "approvals": 2, "min_role": "developer"}],
    )


def _principal_restricted_away(team):
    """The agent's principal keeps the workspace but no longer reaches the project: the agent has no role."""
    Membership.objects.filter(workspace=team.ws, user=team.maintainer).update(restricted=True)


# how the policy was tightened between the auto-approval and the run -> the status the action moves to
TIGHTENED = {
    "autonomy-set-to-ask": (
        lambda t: upsert_autonomy(
            actor=t.owner, agent=t.agent, action_type="write_file", mode="require_approval"
        ),
        "pending",
    ),
    "autonomy-row-removed": (
        lambda t: AutonomyRule.objects.filter(agent=t.agent, action_type="write_file").delete(),
        "pending",
    ),
    "autonomy-set-to-deny": (
        lambda t: upsert_autonomy(actor=t.owner, agent=t.agent, action_type="write_file", mode="deny"),
        "denied",
    ),
    "permissions-ask": (_ask_in_permissions, "pending"),
    "permissions-deny": (_deny_in_permissions, "denied"),
    "file-on-disk-deny": (_deny_in_the_file_on_disk, "denied"),
    "file-on-disk-unreadable": (_unreadable_file_on_disk, "pending"),
    "two-person-rule-added": (_two_person_rule, "pending"),
    "agent-without-a-role": (_principal_restricted_away, "denied"),
}


@pytest.mark.parametrize("how", sorted(TIGHTENED))
def test_a_queued_auto_approval_is_decided_again_under_the_tightened_policy(team, ran, how):
    action = _auto(team)
    tighten, now = TIGHTENED[how]
    tighten(team)

    execution.execute(action.id)

    assert ran == []
    action.refresh_from_db()
    assert action.status == now, (action.status, action.result)
    assert action.decision_seal == "" and action.executing_since is None and not action.dispatch_due
    (redecided,) = events_of(action, events.ACTION_REDECIDED)
    assert redecided.payload["reason"] == "policy_changed_before_run"
    assert redecided.payload["status"] == now
    assert (redecided.actor_kind, redecided.actor_label) == ("system", "policy-recheck")
    assert "The policy changed before" in describe(redecided)
    assert events_of(action, events.ACTION_EXECUTED) == events_of(action, events.ACTION_FAILED) == []
    if now == "denied":
        assert action.result == {
            "denied": True,
            "reason": action.message,
            "code": "policy_changed_before_run",
        }
    else:
        assert action.result is None and action.decided_by is None


@pytest.mark.parametrize("hooks", ["a-file-that-does-not-load", "a-file-that-is-missing"])
def test_the_operators_hooks_changed_before_the_run(team, ran, settings, tmp_path, hooks):
    """The operator's policy hooks (R11): a configuration that does not load denies every decision (R11.3)."""
    action = _auto(team)
    path = tmp_path / "hooks.json"
    if hooks == "a-file-that-does-not-load":
        path.write_text("{ not json")
    settings.BRABO_POLICY_HOOKS_FILE = str(path)

    execution.execute(action.id)

    assert ran == []
    action.refresh_from_db()
    assert action.status == "denied", (action.status, action.result)
    (redecided,) = events_of(action, events.ACTION_REDECIDED)
    assert redecided.payload["decision"] == "deny"


def test_a_second_delivery_of_a_held_back_action_runs_nothing(team, ran):
    action = _auto(team)
    _ask_in_permissions(team)
    execution.execute(action.id)
    execution.execute(action.id)  # the broker redelivers the message
    assert ran == []
    action.refresh_from_db()
    assert action.status == "pending"
    assert len(events_of(action, events.ACTION_REDECIDED)) == 1


def test_a_held_back_action_is_decided_by_a_person_and_then_runs(team, ran):
    action = _auto(team)
    _ask_in_permissions(team)
    execution.execute(action.id)

    services.approve_action(action_id=action.id, actor=team.maintainer)
    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert ran == [action.id]


def test_a_held_back_action_waits_its_whole_time_again(team, ran):
    action = _auto(team)
    ProposedAction.objects.filter(id=action.id).update(created_at=action.created_at - timedelta(days=3))
    _ask_in_permissions(team)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "pending"
    # not already past its time: the click below decides it instead of finding it expired
    services.approve_action(action_id=action.id, actor=team.maintainer)
    action.refresh_from_db()
    assert action.status == "approved"


def test_the_task_waits_for_a_person_again(team, ran):
    from projects.models import Task

    task = Task.objects.create(project=team.project, title="t", status="in_progress")
    action = _auto(team, task=task)
    _ask_in_permissions(team)
    execution.execute(action.id)
    task.refresh_from_db()
    assert task.status == "awaiting_approval"


def test_a_policy_tightened_before_a_retry_holds_the_retry_back(team, monkeypatch):
    calls: list = []

    def flaky(action, ctx):
        calls.append(action.id)
        raise execution.TransientFault("provider_unavailable", "the provider answered 503")

    monkeypatch.setattr(executors, "executor_for", lambda action_type: flaky)
    action = _auto(team)
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    _deny_in_permissions(team)

    execution.execute(action.id, may_retry=True)

    assert len(calls) == 1
    action.refresh_from_db()
    assert action.status == "denied"


# -- what is not a tightening keeps running ------------------------------------------------------------


def test_an_unchanged_policy_runs_without_deciding_again(team, ran, monkeypatch):
    action = _auto(team)
    monkeypatch.setattr(policy_recheck, "evaluate", lambda *a, **k: pytest.fail("decided again"))

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed" and ran == [action.id]
    assert events_of(action, events.ACTION_REDECIDED) == []


@pytest.mark.parametrize("action_type, payload", [("write_file", WRITE), ("terminal", {"command": "ls"})])
def test_an_auto_approval_through_the_api_runs_without_deciding_again(
    team, ran, monkeypatch, agent_api, action_type, payload
):
    """Through the API the proposal's inputs come with the agent's authentication (policy_input.InputsRider):
    the fingerprint the worker takes from its own reads is the same."""
    upsert_autonomy(actor=team.owner, agent=team.agent, action_type=action_type, mode="auto_approve")
    response = agent_api.propose(action_type, payload)
    assert response.status_code == 201 and response.json()["status"] == "auto_approved", response.content
    monkeypatch.setattr(policy_recheck, "evaluate", lambda *a, **k: pytest.fail("decided again"))

    execution.execute(response.json()["id"])

    assert ProposedAction.objects.get(id=response.json()["id"]).status == "executed"


@pytest.mark.parametrize(
    "change",
    ["another-autonomy-row", "an-unrelated-allow-pattern", "a-rule-for-another-type"],
)
def test_a_change_that_still_auto_approves_it_runs(team, ran, change):
    action = _auto(team)
    if change == "another-autonomy-row":
        upsert_autonomy(actor=team.owner, agent=team.agent, action_type="git_commit", mode="auto_approve")
    elif change == "an-unrelated-allow-pattern":
        save_permissions(project=team.project, perms=Permissions(allow=("Terminal(ls)",)), actor=team.owner)
    else:
        quorum.set_approval_rules(
            actor=team.owner,
            project=team.project,
            rules=[{"action_type": "git_merge", "approvals": 2, "min_role": "maintainer"}],
        )

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert ran == [action.id] and events_of(action, events.ACTION_REDECIDED) == []


def test_a_persons_approval_is_not_decided_again_by_the_policy(team, ran):
    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="write_file", payload=WRITE
    ).action
    assert action.status == "pending"
    services.approve_action(action_id=action.id, actor=team.maintainer)
    _deny_in_permissions(team)

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result


@pytest.mark.parametrize("decided_by", ["policy", "person"])
@pytest.mark.parametrize("stop", ["suspended", "revoked"])
def test_an_agent_stopped_after_the_decision_still_stops_it(team, ran, decided_by, stop):
    from django.utils import timezone

    from projects.models import Agent

    if decided_by == "policy":
        action = _auto(team)
    else:
        action = services.propose_action(
            project=team.project, agent=team.agent, action_type="write_file", payload=WRITE
        ).action
        services.approve_action(action_id=action.id, actor=team.maintainer)
    Agent.objects.filter(id=team.agent.id).update(**{f"{stop}_at": timezone.now()})

    execution.execute(action.id)

    failed_with(action, f"agent_{stop}")
    assert ran == []


def test_a_hook_call_the_agent_already_ran_is_recorded_as_decided(team, ran):
    """A coding agent's hook call (runs_in: agent) was answered allow at its auto-approval and the agent ran the
    tool then: the worker only records it, and a later policy does not rewrite what was answered."""
    action = _auto(team, payload={**WRITE, "runs_in": "agent"})
    _deny_in_permissions(team)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed" and action.result == {"approved": True, "runs_in": "agent"}
    assert events_of(action, events.ACTION_REDECIDED) == []


def test_a_row_auto_approved_before_the_fingerprint_runs_as_decided(team, ran, make_action):
    """Rows decided before the upgrade carry no fingerprint: nothing to compare, they run as decided."""
    action = make_action(team.project, "write_file", WRITE, status="auto_approved", agent=team.agent)
    _deny_in_permissions(team)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_a_fingerprint_rewritten_to_the_current_policy_is_a_forged_decision(team, ran):
    """Writing the fingerprint of the policy now onto the row (so nothing is decided again) breaks the decision's
    signature: the fingerprint is part of it."""
    action = _auto(team)
    _deny_in_permissions(team)
    stored = ProposedAction.objects.select_related("project", "agent__principal").get(id=action.id)
    now = policy_recheck.fingerprint_now(
        stored.project,
        action_type="write_file",
        payload=WRITE,
        role=policy_recheck._role(stored),
        agent=stored.agent,
    )
    ProposedAction.objects.filter(id=action.id).update(policy_fingerprint=now)

    execution.execute(action.id)

    failed_with(action, "decision_forged")
    assert ran == []


@pytest.mark.parametrize(
    "tighten, kind", [(_ask_in_permissions, "pending"), (_deny_in_permissions, "decided")]
)
def test_the_people_who_decide_hear_of_it(team, ran, mailoutbox, tighten, kind):
    """Back to a person: those who hear of pending actions are asked, as for a proposal that waits (e-mail with
    its decision links, Slack, webhooks); denied: it is a decision."""
    from actions import notifications

    for person in (team.owner, team.maintainer):
        person.email = f"{person.username}@example.com"
        person.save(update_fields=["email"])
    action = _auto(team)
    tighten(team)
    execution.execute(action.id)
    (redecided,) = events_of(action, events.ACTION_REDECIDED)

    assert notifications.notifies(redecided) and notifications.kind_of(redecided) == kind
    notifications.process(redecided.id)
    if kind == "pending":
        to = {address for mail in mailoutbox for address in mail.to}
        assert team.owner.email in to and team.maintainer.email in to, to
        assert all("policy changed" in mail.subject for mail in mailoutbox)
    else:
        assert mailoutbox == []  # nobody subscribes to decisions by default
