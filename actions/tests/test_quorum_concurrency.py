"""Two-person rules and expiry under concurrency (R8.5), with real threads on PostgreSQL and, where
execution is involved, the real Celery worker: each person counts once, the action approves and executes
once, concurrent sweeps expire once, and an agent's real wait call returns with the expiry."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from actions import expiry, quorum, services
from actions.models import ActionApproval, ProposedAction, SessionEvent
from projects.services import DomainError
from tests.races import postgres_only, race  # noqa: F401 — postgres_only is an autouse fixture

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds: an upper bound for a stuck worker or thread, never a performance assertion


def _people(team, n):
    users = [team.owner]
    for i in range(n - 1):
        u = team.world.user(f"approver{i}")
        team.world.member(team.ws, u, "maintainer")
        users.append(u)
    return users


def _count(action, type_):
    return SessionEvent.objects.filter(action=action, type=type_).count()


def test_concurrent_approvals_count_each_person_once_and_approve_once(team, monkeypatch):
    people = _people(team, 3)
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 3, "min_role": "maintainer"}],
    )
    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="instruction_patch", payload={}
    ).action
    sent, lock = [], threading.Lock()

    def counting_enqueue(action_id, **_):
        with lock:
            sent.append(str(action_id))

    monkeypatch.setattr(services, "enqueue_execution", counting_enqueue)
    # 3 people × 4 clicks each, all at once
    outcomes = race(12, lambda i: services.approve_action(action_id=action.id, actor=people[i % 3]).outcome)

    assert outcomes.count("approved") == 1
    assert outcomes.count("approval_recorded") == 2
    assert set(outcomes) <= {"approved", "approval_recorded", "approval_already_recorded", "ja_aprovada"}
    assert ActionApproval.objects.filter(action=action).count() == 3
    assert _count(action, "proposed_action.approved") == 1
    assert _count(action, "proposed_action.approval_added") == 2
    assert sent == [str(action.id)]
    action.refresh_from_db()
    assert action.status == "approved"


def test_a_deny_racing_the_final_approval_leaves_one_outcome(team):
    people = _people(team, 2)
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )
    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="instruction_patch", payload={}
    ).action
    services.approve_action(action_id=action.id, actor=people[1])

    def click(i):
        try:
            if i == 0:
                return services.deny_action(action_id=action.id, actor=people[1], reason="no").outcome
            return services.approve_action(action_id=action.id, actor=people[0]).outcome
        except DomainError as exc:
            return exc.reason

    outcomes = sorted(race(2, click))
    action.refresh_from_db()
    # whichever committed first wins; the other sees the settled state
    assert outcomes in (["action_already_approved", "approved"], ["acao_ja_recusada", "denied"])
    assert (action.status == "denied") == ("denied" in outcomes)
    assert _count(action, "proposed_action.approved") + _count(action, "proposed_action.denied") == 1


@pytest.mark.integration
def test_two_of_two_executes_once_through_the_real_worker(worker_dirs, team):
    from actions.waiting import wait_for

    people = _people(team, 2)
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )
    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="instruction_patch", payload={}
    ).action
    # each of the two people clicks three times, all at once
    race(6, lambda i: services.approve_action(action_id=action.id, actor=people[i % 2]).outcome)

    def settled():
        return ProposedAction.objects.filter(id=action.id, status__in=("executed", "failed")).exists()

    assert wait_for(str(action.id), settled, WAIT), "the worker did not execute the approved action"
    action.refresh_from_db()
    assert action.status == "executed" and action.result == {"approved": True}
    assert _count(action, "action.executed") == 1
    assert _count(action, "proposed_action.approved") == 1
    assert action.attempts == 1


@pytest.mark.integration
def test_one_of_two_does_not_execute(worker_dirs, team):
    """One approval of two is not a decision: nothing is enqueued, the action stays pending."""
    people = _people(team, 2)
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )
    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="instruction_patch", payload={}
    ).action
    services.approve_action(action_id=action.id, actor=people[0])
    action.refresh_from_db()
    assert action.status == "pending" and action.dispatch_due is False and action.attempts == 0


# -- expiry ----------------------------------------------------------------------------------------------


def _pending(team, command="make a", task=None):
    return services.propose_action(
        project=team.project,
        agent=team.agent,
        action_type="terminal",
        payload={"command": command},
        task=task,
    ).action


def test_concurrent_sweeps_expire_only_pending_ones_and_record_events_once(team):
    from projects.models import Task

    task = Task.objects.create(project=team.project, title="ship it")
    due = [_pending(team, f"make due{i}", task=task if i == 0 else None) for i in range(3)]
    approved = _pending(team, "make approved")
    services.approve_action(action_id=approved.id, actor=team.maintainer)
    denied = _pending(team, "make denied")
    services.deny_action(action_id=denied.id, actor=team.maintainer, reason="no")
    later = timezone.now() + timedelta(hours=24, minutes=1)
    fresh = _pending(team, "make fresh")
    ProposedAction.objects.filter(pk=fresh.pk).update(created_at=later - timedelta(hours=20))
    soon = _pending(team, "make soon")
    ProposedAction.objects.filter(pk=soon.pk).update(created_at=later - timedelta(hours=23, minutes=50))

    results = race(6, lambda i: expiry.sweep(now=later))

    assert sum(r["expired"] for r in results) == 3
    assert sum(r["expiring_soon"] for r in results) == 1
    for a in due:
        a.refresh_from_db()
        assert a.status == "expired" and a.is_settled and a.settled_at is not None
        assert a.result["reason"] == "approval_expired"
        events = SessionEvent.objects.filter(action=a, type="proposed_action.expired")
        assert events.count() == 1
        assert events[0].actor_kind == "system"
        assert events[0].payload == {"reason": "approval_expired", "expired_after_seconds": 86400}
    after_approval = ("approved", "executing", "executed", "failed")  # a worker may have run it meanwhile
    for a, statuses in (
        (approved, after_approval),
        (denied, ("denied",)),
        (fresh, ("pending",)),
        (soon, ("pending",)),
    ):
        a.refresh_from_db()
        assert a.status in statuses
        assert _count(a, "proposed_action.expired") == 0
    assert (
        _count(soon, "proposed_action.expiring_soon") == 1
        and _count(fresh, "proposed_action.expiring_soon") == 0
    )
    # the task moves as a denial's would: back to the agent
    task.refresh_from_db()
    assert task.status == "in_progress"
    assert (
        SessionEvent.objects.filter(
            type="task.action_settled", action=due[0], payload__status="expired"
        ).count()
        == 1
    )
    # a second sweep changes nothing
    assert expiry.sweep(now=later) == {"expired": 0, "expiring_soon": 0}
    # approving or denying an expired action is a 409 naming why
    for fn in (services.approve_action, services.deny_action, services.approve_always):
        with pytest.raises(DomainError) as refused:
            fn(action_id=due[1].id, actor=team.owner)
        assert (refused.value.status, refused.value.reason) == (409, "action_expired")


def test_the_projects_own_expiry_time_is_used(team):
    quorum.set_pending_expiry(actor=team.maintainer, project=team.project, seconds=600)
    action = _pending(team)
    assert expiry.sweep(now=timezone.now() + timedelta(seconds=590)) == {"expired": 0, "expiring_soon": 1}
    assert expiry.sweep(now=timezone.now() + timedelta(seconds=601))["expired"] == 1
    action.refresh_from_db()
    assert action.status == "expired" and "10 minutes" in action.result["message"]


def test_a_waiting_agent_is_woken_with_the_expiry(team):
    """A real wait call (the agent's API) returns when the sweep expires its action, with the reason."""
    action = _pending(team)
    client = team.world.client(agent_key=team.agent_key)
    answers = []

    def wait():
        try:
            answers.append(client.get(f"/api/actions/{action.id}/wait/?timeout={WAIT}"))
        finally:
            connection.close()

    waiter = threading.Thread(target=wait)
    waiter.start()
    # expire once the waiter is attached (it stamps waiter_seen_at when the call starts)
    stamped = action.waiter_seen_at
    for _ in range(600):
        action.refresh_from_db()
        if action.waiter_seen_at != stamped:
            break
        threading.Event().wait(0.05)
    assert expiry.sweep(now=timezone.now() + timedelta(days=2))["expired"] == 1
    waiter.join(timeout=WAIT + 10)
    assert answers, "the wait call did not return"
    body = answers[0].json()
    assert answers[0].status_code == 200
    assert body["status"] == "expired" and body["settled"] is True
    assert body["result"]["reason"] == "approval_expired" and "expired" in body["result"]["message"]
    assert body["expires_at"] is None


def test_the_beat_schedule_runs_the_sweep():
    from brabo.celery import app

    entry = [e for e in app.conf.beat_schedule.values() if e["task"] == "actions.sweep_expired_actions"]
    assert entry and entry[0]["schedule"] <= 60
    assert "actions.sweep_expired_actions" in app.tasks


def test_an_approval_racing_the_sweep_leaves_one_outcome(team, monkeypatch):
    monkeypatch.setattr(services, "enqueue_execution", lambda *a, **k: None)
    later = timezone.now() + timedelta(days=1, minutes=1)
    actions = [_pending(team, f"make race{i}") for i in range(5)]

    def run(i):
        a = actions[i // 2]
        if i % 2:
            return expiry.expire(a.id, now=later)
        try:
            return services.approve_action(action_id=a.id, actor=team.owner).outcome
        except DomainError as exc:
            return exc.reason

    race(10, run)
    for a in actions:
        a.refresh_from_db()
        approved, expired = _count(a, "proposed_action.approved"), _count(a, "proposed_action.expired")
        assert (approved, expired) == ((1, 0) if a.status == "approved" else (0, 1)), a.status
        assert a.status in ("approved", "expired")
