"""The execution core: claim, settle, events, tasks, the reaper and named failures (SPEC §9, R8.5)."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from django.utils import timezone

from actions import events, execution
from actions.models import ProposedAction
from actions.tests.exec_fixtures import events_of
from projects.models import Task


def test_an_approved_gate_action_executes_once_and_tells_its_task(team, make_action):
    task = Task.objects.create(project=team.project, title="plan", status="awaiting_approval")
    action = make_action(team.project, "propose_execution_plan", {}, task=task)

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed"
    assert action.result == {"approved": True}
    assert action.attempts == 1 and action.settled_at is not None
    (executed,) = events_of(action, events.ACTION_EXECUTED)
    assert (executed.actor_kind, executed.actor_label) == ("system", "worker")
    (settled,) = events_of(action, events.TASK_ACTION_SETTLED)
    assert settled.payload == {"taskId": str(task.id), "actionId": str(action.id), "status": "executed"}
    task.refresh_from_db()
    assert task.status == "in_progress"
    (changed,) = events_of(action, events.TASK_STATUS_CHANGED)
    assert changed.payload == {"taskId": str(task.id), "status": "in_progress"}


def test_a_redelivered_task_executes_nothing_the_second_time(team, make_action):
    action = make_action(
        team.project, "spend", {"amount": 5, "currency": "EUR", "purpose": "ci"}, status="auto_approved"
    )

    execution.execute(action.id)
    execution.execute(action.id)  # the same message delivered again

    action.refresh_from_db()
    assert action.attempts == 1
    assert len(events_of(action, events.ACTION_EXECUTED)) == 1


@pytest.mark.parametrize("status", ["pending", "denied", "executing", "executed", "failed"])
def test_only_approved_or_auto_approved_actions_are_claimed(team, make_action, status):
    action = make_action(team.project, "spend", {}, status=status)
    execution.execute(action.id)
    action.refresh_from_db()
    assert (action.status, action.attempts, events_of(action)) == (status, 0, [])


def test_an_unexpected_error_is_a_named_failure_with_the_traceback_only_in_the_log(
    team, make_action, monkeypatch, caplog
):
    from actions import executors

    def boom(action, ctx):
        raise RuntimeError("disk exploded at /srv/secret/place")

    monkeypatch.setattr(executors, "executor_for", lambda t: boom)
    action = make_action(team.project, "spend", {})
    with caplog.at_level(logging.ERROR, logger="actions.execution"):
        execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "failed"
    assert action.result["error"]["code"] == "internal_error"
    assert "disk exploded" not in str(action.result)
    assert "disk exploded" in caplog.text and "Traceback" in caplog.text
    (failed,) = events_of(action, events.ACTION_FAILED)
    assert failed.payload["code"] == "internal_error" and "disk exploded" not in str(failed.payload)


def test_raise_max_parallel_sets_the_limit(team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 5})
    execution.execute(action.id)
    team.project.refresh_from_db()
    action.refresh_from_db()
    assert team.project.max_parallel == 5
    assert action.result == {"approved": True, "max_parallel": 5, "previous": 2}


@pytest.mark.parametrize(
    "payload,code",
    [({"value": "9"}, "invalid_payload"), ({"value": 0}, "invalid_payload"), ({"value": 1}, "not_a_raise")],
)
def test_raise_max_parallel_refuses_bad_values_by_name(team, make_action, payload, code):
    action = make_action(team.project, "raise_max_parallel", payload)
    execution.execute(action.id)
    action.refresh_from_db()
    team.project.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == code
    assert set(action.result["error"]) == {"code", "message", "next_step"}
    assert team.project.max_parallel == 2


def test_the_reaper_fails_a_stuck_action_and_a_later_delivery_does_not_run_it(team, make_action, settings):
    settings.BRABO_EXECUTION_STUCK_AFTER = 60
    stuck = make_action(team.project, "spend", {}, status="executing", attempts=1)
    ProposedAction.objects.filter(id=stuck.id).update(executing_since=timezone.now() - timedelta(seconds=61))
    fresh = make_action(team.project, "spend", {}, status="executing", attempts=1)
    ProposedAction.objects.filter(id=fresh.id).update(executing_since=timezone.now())

    assert execution.reap_stuck_actions() == 1

    stuck.refresh_from_db()
    fresh.refresh_from_db()
    assert stuck.status == "failed" and stuck.result["error"]["code"] == "worker_lost"
    assert fresh.status == "executing"
    execution.execute(stuck.id)  # the broker redelivers the lost message
    stuck.refresh_from_db()
    assert stuck.status == "failed" and stuck.attempts == 1
    assert len(events_of(stuck, events.ACTION_FAILED)) == 1


def test_a_late_result_after_the_reaper_never_settles_twice(team, make_action):
    action = make_action(team.project, "spend", {}, status="executing", attempts=1)
    assert execution.settle_failed(action, "worker_lost", "lost", "retry")
    assert not execution.settle_executed(action, {"approved": True})
    action.refresh_from_db()
    assert action.status == "failed"
    assert [e.type for e in events_of(action)] == [events.ACTION_FAILED]


def test_a_transient_fault_releases_the_claim_for_a_retry_then_fails_by_name(team, make_action, monkeypatch):
    from actions import executors

    def flaky(action, ctx):
        raise execution.TransientFault("provider_unavailable", "GitHub answered 502.", "Brabo retries.")

    monkeypatch.setattr(executors, "executor_for", lambda t: flaky)
    action = make_action(team.project, "spend", {}, status="auto_approved")

    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    action.refresh_from_db()
    assert (action.status, action.attempts) == ("auto_approved", 1)
    assert events_of(action) == []

    execution.execute(action.id, may_retry=False)  # the last retry
    action.refresh_from_db()
    assert action.status == "failed" and action.attempts == 2
    assert action.result["error"]["code"] == "provider_unavailable"


def test_an_eager_task_runs_after_commit_without_a_broker(
    team, make_action, settings, django_capture_on_commit_callbacks
):
    """`make run` has no broker: execute_action.delay runs in-process once the transaction commits."""
    from django.db import transaction

    from actions.enqueue import enqueue_execution

    assert settings.CELERY_TASK_ALWAYS_EAGER or settings.CELERY_BROKER_URL
    from brabo.celery import app

    app.conf.task_always_eager = True
    try:
        action = make_action(team.project, "parallelize", {})
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                enqueue_execution(action.id)
    finally:
        app.conf.task_always_eager = settings.CELERY_TASK_ALWAYS_EAGER
    action.refresh_from_db()
    assert action.status == "executed"
