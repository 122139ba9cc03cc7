"""Handing an executing action to the project's runners (R9.3): the queue's entrance, below both the
container lifecycle (which hands container actions off) and the runner API (which reports them back)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from actions import waiting
from actions.execution import DEFERRED, Deferred, ExecutionFailure

from .models import QUEUED, Runner, RunnerWork


def _connected_since():
    return timezone.now() - timedelta(seconds=settings.BRABO_RUNNER_STALE_AFTER)


def connected_runners(project):
    return Runner.objects.filter(
        project=project, revoked_at__isnull=True, last_seen_at__gte=_connected_since()
    )


def is_connected(runner: Runner) -> bool:
    """The row-level twin of :func:`connected_runners`."""
    return bool(
        runner.revoked_at is None and runner.last_seen_at and runner.last_seen_at >= _connected_since()
    )


def require_connected_runner(project) -> None:
    if not connected_runners(project).exists():
        raise ExecutionFailure(
            "no_connected_runner",
            f"No runner of this project has connected in the last {settings.BRABO_RUNNER_STALE_AFTER} seconds, "
            f"so the {project.execution_mode} project's work cannot run.",
            "Start the Brabo runner on the machine that holds the project (or register one), then propose again.",
        )


def hand_off(action) -> Deferred:
    """Queue an executing action for the project's runners; the runner's report settles it later."""
    require_connected_runner(action.project)
    RunnerWork.objects.update_or_create(
        action=action,
        defaults={"project_id": action.project_id, "state": QUEUED, "runner": None, "claimed_at": None},
    )
    waiting.publish(waiting.runner_work_key(action.project_id))  # wakes the runners' long-polls
    return DEFERRED
