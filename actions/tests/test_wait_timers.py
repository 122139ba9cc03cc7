"""Wait timers: a rule holds an approved action N minutes before it executes, as GitHub
Environments do; it can be cancelled while it waits. The hold ends through the outbox sweep (a due time
the sweep reads, driven here by its ``now``), and the worker's claim refuses a held action whatever
message reaches it. Nobody sleeps."""

from __future__ import annotations

from datetime import timedelta

import pytest

from actions import enqueue, execution, quorum
from actions.models import ProposedAction, SessionEvent

RULE = {
    "action_type": "parallelize",
    "approvals": 1,
    "min_role": "maintainer",
    "no_self_approval": False,
    "wait_minutes": 10,
}


def _held(team, agent_key=None):
    quorum.set_approval_rules(actor=team.owner, project=team.project, rules=[RULE])
    agent = team.world.client(agent_key=agent_key or team.agent_key)
    created = agent.post(
        "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
    )
    assert created.status_code == 201 and created.json()["status"] == "pending", created.content
    action_id = created.json()["id"]
    approved = team.world.client(team.owner).post(f"/api/actions/{action_id}/approve/", {}, format="json")
    assert approved.status_code == 200, approved.content
    return action_id, approved.json()


def _types(action_id):
    return list(
        SessionEvent.objects.filter(action_id=action_id).order_by("id").values_list("type", flat=True)
    )


def test_a_held_approval_runs_only_once_its_wait_is_over(team, in_process_worker):
    action_id, body = _held(team)
    assert body["outcome"] == "approved" and body["status"] == "approved"  # not handed to the worker
    assert body["execute_after"] is not None
    assert in_process_worker.drain()
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "approved" and not action.dispatch_due
    assert action.decided_at is not None
    assert action.execute_after == action.decided_at + timedelta(minutes=10)
    approved = SessionEvent.objects.get(action_id=action_id, type="proposed_action.approved")
    assert approved.payload["waitMinutes"] == 10
    held_until = action.execute_after

    # A stray message (a redelivery, the lost-message watch) claims nothing while it is held.
    assert execution.claim(action_id) is None
    assert enqueue.redispatch_unclaimed(older_than=0) == 0
    enqueue.relay_due(now=held_until - timedelta(seconds=1))
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "approved"

    # The sweep at the due time releases it through the outbox, and the worker runs it.
    assert enqueue.release_held(now=held_until) == 1
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "executed"
    assert _types(action_id)[-3:] == [
        "proposed_action.approved",
        "proposed_action.wait_ended",
        "action.executed",
    ]
    assert enqueue.release_held(now=held_until + timedelta(hours=1)) == 0  # released once

    late = team.world.client(team.owner).post(f"/api/actions/{action_id}/cancel/", {}, format="json")
    assert late.status_code == 409 and late.json()["reason"] == "not_held"


def test_a_held_approval_cancelled_while_waiting_never_runs(team, in_process_worker):
    action_id, _ = _held(team)
    url = f"/api/actions/{action_id}/cancel/"
    dev = team.world.client(team.developer).post(url, {}, format="json")
    assert dev.status_code == 403 and dev.json()["reason"] == "role_too_low"
    agent = team.world.client(agent_key=team.agent_key).post(url, {}, format="json")
    assert agent.status_code == 403

    deny = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/deny/", {}, format="json")
    assert deny.status_code == 409 and "cancel it instead" in deny.json()["detail"]

    cancelled = team.world.client(team.maintainer).post(url, {"reason": "freeze until Monday"}, format="json")
    assert cancelled.status_code == 200, cancelled.content
    body = cancelled.json()
    assert body["outcome"] == "cancelled" and body["status"] == "denied" and body["settled"]
    assert body["result"] == {
        "denied": True,
        "cancelled": True,
        "reason": "cancelled during its wait timer: freeze until Monday",
    }
    again = team.world.client(team.maintainer).post(url, {}, format="json")
    assert again.status_code == 200 and again.json()["outcome"] == "cancelled"
    event = SessionEvent.objects.get(action_id=action_id, type="proposed_action.cancelled")
    assert event.actor_label == "max"

    action = ProposedAction.objects.get(id=action_id)
    assert action.execute_after is not None  # kept: what the cancelled hold was
    assert enqueue.release_held(now=action.execute_after + timedelta(minutes=1)) == 0
    assert execution.claim(action_id) is None
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "denied"
    # the agent's wait has its answer: a denial with the reason
    waited = team.world.client(agent_key=team.agent_key).get(f"/api/actions/{action_id}/wait/?timeout=0")
    assert waited.json()["result"]["reason"] == "cancelled during its wait timer: freeze until Monday"


def test_a_pending_action_is_not_cancelled_but_denied(team):
    quorum.set_approval_rules(actor=team.owner, project=team.project, rules=[RULE])
    created = team.world.client(agent_key=team.agent_key).post(
        "/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json"
    )
    resp = team.world.client(team.owner).post(
        f"/api/actions/{created.json()['id']}/cancel/", {}, format="json"
    )
    assert resp.status_code == 409 and resp.json()["reason"] == "not_held"


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"wait_minutes": -1}, "wait_minutes must be a whole number"),
        ({"wait_minutes": 43201}, "wait_minutes must be a whole number"),
        ({"wait_minutes": "10"}, "wait_minutes must be a whole number"),
        ({"action_type": "spend", "min_role": "owner"}, "not offered for spend"),
    ],
)
def test_wait_timers_out_of_range_or_on_spend_are_refused(team, extra, says):
    resp = team.world.client(team.owner).put(
        f"/api/projects/{team.project.id}/approval-rules/", {"rules": [{**RULE, **extra}]}, format="json"
    )
    assert resp.status_code == 400 and says in resp.json()["detail"], resp.json()


def test_under_a_two_person_rule_the_wait_starts_at_the_approval_that_meets_the_count(team):
    mia = team.world.user("mia")
    team.world.member(team.ws, mia, "maintainer")
    quorum.set_approval_rules(
        actor=team.owner, project=team.project, rules=[{**RULE, "approvals": 2, "no_self_approval": True}]
    )
    action_id = (
        team.world.client(agent_key=team.agent_key)
        .post("/api/actions/", {"action_type": "parallelize", "payload": {"count": 2}}, format="json")
        .json()["id"]
    )
    first = team.world.client(mia).post(f"/api/actions/{action_id}/approve/", {}, format="json").json()
    assert first["outcome"] == "approval_recorded" and first["execute_after"] is None
    assert first["approvals"]["wait_minutes"] == 10
    second = (
        team.world.client(team.owner).post(f"/api/actions/{action_id}/approve/", {}, format="json").json()
    )
    assert second["outcome"] == "approved" and second["status"] == "approved"
    action = ProposedAction.objects.get(id=action_id)
    assert action.decided_at is not None
    assert action.execute_after == action.decided_at + timedelta(minutes=10) and not action.dispatch_due
