"""Periodic jobs of the actions app that are not executions (registered with Celery beat)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from . import expiry, services


@shared_task(name="actions.detect_vanished_waiters", ignore_result=True)
def detect_vanished_waiters() -> int:
    return services.detect_vanished_waiters(older_than_seconds=settings.BRABO_WAITER_LOST_AFTER)


@shared_task(name="actions.sweep_expired_actions", ignore_result=True)
def sweep_expired_actions() -> int:
    """Expire pending actions past their project's time (returns how many); warn once for those
    about to."""
    return expiry.sweep()["expired"]
