"""R8.5 — concurrency is safe, proven with real threads on PostgreSQL (each thread its own connection)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from actions.models import ProposedAction, SessionEvent

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "row locks and concurrent transactions are proven on PostgreSQL (set DATABASE_URL; CI does)"
        )


def _race(n, fn):
    barrier = threading.Barrier(n)
    results, errors = [], []

    def run(i):
        try:
            barrier.wait()
            results.append(fn(i))
        except Exception as exc:  # collected and asserted on below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    return results


def test_20_simultaneous_approvals_give_one_approval_one_event_one_execution(team, monkeypatch):
    from actions import services

    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="terminal", payload={"command": "make a"}
    ).action
    executions = []
    counter_lock = threading.Lock()

    def counting_enqueue(
        action_id, **_
    ):  # counts what would be sent to the worker; the claim is tested in execution
        with counter_lock:
            executions.append(str(action_id))

    monkeypatch.setattr(services, "enqueue_execution", counting_enqueue)
    outcomes = _race(
        20, lambda i: services.approve_action(action_id=action.id, actor=team.maintainer).outcome
    )
    assert sorted(outcomes) == ["approved"] + ["ja_aprovada"] * 19
    assert SessionEvent.objects.filter(action=action, type="proposed_action.approved").count() == 1
    assert executions == [str(action.id)]
    action.refresh_from_db()
    assert action.status in ("approved", "executing", "executed", "failed")


def test_10_simultaneous_merge_proposals_for_one_pr_create_one(team):
    from actions import services
    from brabo.errors import DomainError

    def propose(i):
        try:
            services.propose_action(
                project=team.project,
                agent=team.agent,
                action_type="git_merge",
                payload={"pr": 99, "target_branch": "main"},
            )
            return "created"
        except DomainError as exc:
            return f"{exc.status} {exc.reason}"

    outcomes = _race(10, propose)
    assert sorted(outcomes) == ["409 merge_ja_proposto"] * 9 + ["created"]
    assert ProposedAction.objects.filter(action_type="git_merge", merge_pr="99").count() == 1
    assert SessionEvent.objects.filter(type="proposed_action.created").count() == 1
