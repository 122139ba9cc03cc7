"""`manage.py serve` (so `make run`) runs the beat schedule's jobs even without a broker (R8.4, R9.1)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from actions import enqueue, execution
from actions.models import ProposedAction
from projects.management.commands.serve import run_periodic_jobs
from projects.models import Task


def test_the_schedule_runs_in_process_the_reaper_and_the_waiter_watch(team, make_action, settings):
    settings.BRABO_EXECUTION_STUCK_AFTER = 60
    settings.BRABO_WAITER_LOST_AFTER = 600
    stuck = make_action(team.project, "spend", {}, status="executing", attempts=1)
    ProposedAction.objects.filter(id=stuck.id).update(executing_since=timezone.now() - timedelta(seconds=61))
    task = Task.objects.create(project=team.project, title="ship it")
    created = (
        team.world.client(agent_key=team.agent_key)
        .post(
            "/api/actions/",
            {"action_type": "terminal", "payload": {"command": "make ship"}, "task": str(task.id)},
            format="json",
        )
        .json()
    )
    ProposedAction.objects.filter(id=created["id"]).update(waiter_seen_at=timezone.now() - timedelta(hours=1))

    results = run_periodic_jobs()

    assert results == {
        "relay-due-dispatches": 0,
        "reap-stuck-actions": 1,
        "redispatch-unclaimed": 0,
        "detect-vanished-waiters": 1,
        "sweep-expired-actions": 0,  # the action is pending, but far from its expiry
        "sweep-notifications": 0,  # the proposal's event is seconds old: its own message may still come
        "purge-idempotency-keys": 0,
    }
    stuck.refresh_from_db()
    task.refresh_from_db()
    assert stuck.status == "failed" and stuck.result["error"]["code"] == "worker_lost"
    assert (task.status, task.blocked_source) == ("blocked", "infra")
    assert run_periodic_jobs(["reap-stuck-actions"]) == {"reap-stuck-actions": 0}  # once


def test_the_redispatch_watch_sends_only_actions_left_runnable_too_long_and_once_a_period(
    team, make_action, settings, django_capture_on_commit_callbacks
):
    settings.BRABO_DISPATCH_LOST_AFTER = 300
    old = timezone.now() - timedelta(minutes=10)
    lost = make_action(team.project, "spend", {}, status="approved")
    lost_auto = make_action(team.project, "spend", {}, status="auto_approved")
    fresh = make_action(team.project, "spend", {}, status="approved")
    waiting_for_a_person = make_action(team.project, "spend", {}, status="pending")
    running = make_action(team.project, "spend", {}, status="executing")
    ProposedAction.objects.exclude(id=fresh.id).update(updated_at=old)

    with django_capture_on_commit_callbacks() as sent:
        assert enqueue.redispatch_unclaimed() == 2
    assert len(sent) == 2  # one enqueue each, after commit
    stamped = set(ProposedAction.objects.filter(updated_at__gt=old).values_list("id", flat=True))
    assert {lost.id, lost_auto.id} <= stamped and not {waiting_for_a_person.id, running.id} & stamped

    with django_capture_on_commit_callbacks() as again:
        assert enqueue.redispatch_unclaimed() == 0  # stamped: not again before another period
    assert again == []


def test_approving_and_releasing_for_a_retry_restart_the_redispatch_clock(team, make_action):
    from actions.services import approve_action, propose_action

    long_ago = timezone.now() - timedelta(hours=1)
    pending = propose_action(
        project=team.project, agent=team.agent, action_type="terminal", payload={"command": "make build"}
    ).action
    ProposedAction.objects.filter(id=pending.id).update(updated_at=long_ago)
    approve_action(action_id=pending.id, actor=team.owner)
    assert ProposedAction.objects.get(id=pending.id).updated_at > long_ago

    claimed = make_action(team.project, "spend", {}, status="executing")
    ProposedAction.objects.filter(id=claimed.id).update(updated_at=long_ago)
    assert execution._release_claim(claimed)
    released = ProposedAction.objects.get(id=claimed.id)
    assert released.status == "auto_approved" and released.updated_at > long_ago  # no decider: policy


def test_a_job_is_not_failed_by_an_eager_task_running_in_another_thread(team):
    """Without a broker the in-process worker and notifications run Celery tasks eagerly on their own threads;
    while one runs, Celery's "never call result.get() within a task" flag is set for the whole process. The
    schedule's jobs (run on the beat thread) must still report their results, not that RuntimeError."""
    from celery.result import denied_join_result

    with denied_join_result():  # what another thread's eager task does to the process-wide flag
        results = run_periodic_jobs(["reap-stuck-actions", "sweep-notifications"])
    assert results == {"reap-stuck-actions": 0, "sweep-notifications": 0}


def test_in_process_each_job_keeps_its_own_period():
    """Without a broker one thread runs the beat schedule: it woke every 10 s (the shortest period) and ran
    EVERY job each time -- the hourly purge 360 times an hour. Each job runs when its own period has passed."""
    from brabo.celery import app
    from projects.management.commands.serve import due_jobs

    periods = {entry: float(spec["schedule"]) for entry, spec in app.conf.beat_schedule.items()}
    shortest = min(periods.values())
    last: dict[str, float] = {}
    assert due_jobs(last, 1000.0) == list(periods)  # the first wake-up runs them all, as before
    last = dict.fromkeys(periods, 1000.0)
    assert due_jobs(last, 1000.0 + shortest) == [e for e, p in periods.items() if p <= shortest]
    hourly = [e for e, p in periods.items() if p >= 3600]
    assert hourly and not set(hourly) & set(due_jobs(last, 1000.0 + 3599))
    assert set(due_jobs(last, 1000.0 + 3600)) == set(periods)
