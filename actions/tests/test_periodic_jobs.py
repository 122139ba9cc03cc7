"""`manage.py serve` (so `make run`) runs the beat schedule's jobs even without a broker (R8.4, R9.1)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

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

    assert results == {"reap-stuck-actions": 1, "detect-vanished-waiters": 1}
    stuck.refresh_from_db()
    task.refresh_from_db()
    assert stuck.status == "failed" and stuck.result["error"]["code"] == "worker_lost"
    assert (task.status, task.blocked_source) == ("blocked", "infra")
    assert run_periodic_jobs(["reap-stuck-actions"]) == {"reap-stuck-actions": 0}  # once
