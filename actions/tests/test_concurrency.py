"""R8.5 — concurrency is safe, proven with real threads on PostgreSQL (each thread its own connection)."""

from __future__ import annotations

import threading

import pytest

from actions.models import ProposedAction, SessionEvent
from tests.races import postgres_only, race  # noqa: F401 — postgres_only is an autouse fixture

pytestmark = pytest.mark.django_db(transaction=True)


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
    outcomes = race(20, lambda i: services.approve_action(action_id=action.id, actor=team.maintainer).outcome)
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

    outcomes = race(10, propose)
    assert sorted(outcomes) == ["409 merge_ja_proposto"] * 9 + ["created"]
    assert ProposedAction.objects.filter(action_type="git_merge", merge_pr="99").count() == 1
    assert SessionEvent.objects.filter(type="proposed_action.created").count() == 1
