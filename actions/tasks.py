"""Celery tasks of the actions app. They take ids and call ``actions.execution``; no business rules here."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from . import (
    enqueue,
    execution,
    maintenance,  # noqa: F401  (registers actions.detect_vanished_waiters for the worker and beat)
    notifications,
)


@shared_task(
    bind=True,
    acks_late=True,  # safe: execute() claims with a status-guarded UPDATE, so a redelivery is a no-op
    autoretry_for=(execution.TransientFault,),
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=4,
)
def execute_action(self, action_id: str) -> None:
    """Execute one approved action (R9.1). Transient faults retry with backoff; after the last retry they
    settle as the named failure they carry."""
    execution.execute(action_id, may_retry=self.request.retries < self.max_retries)


@shared_task
def reap_stuck_actions() -> int:
    """Periodic (brabo/celery.py beat schedule): fail actions whose worker died mid-execution."""
    return execution.reap_stuck_actions()


@shared_task
def redispatch_unclaimed() -> int:
    """Periodic (brabo/celery.py beat schedule): send again approved actions whose message was lost."""
    return execution.redispatch_unclaimed()


@shared_task
def relay_due_dispatches() -> int:
    """Periodic (brabo/celery.py beat schedule): the outbox sweep — send what the on-commit relay could not."""
    return enqueue.relay_due()


@shared_task(name="actions.notify_event")
def notify_event(event_id: int) -> None:
    """Issue 16: e-mail and webhook deliveries of one event (claimed once; a redelivery is a no-op)."""
    notifications.process(event_id)


@shared_task(name="actions.deliver_webhook")
def deliver_webhook(delivery_id: str) -> None:
    """Issue 16: one attempt of a webhook delivery; a retryable failure schedules the next with backoff.
    Without a broker (eager, the embedded `make run`) there is no later: one attempt, the log shows it."""
    wait = notifications.attempt_delivery(delivery_id)
    if wait is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        notifications.send_delivery(delivery_id, countdown=max(0.0, wait))


@shared_task(name="actions.sweep_notifications")
def sweep_notifications() -> int:
    """Periodic (beat): events and webhook retries whose message was lost."""
    return notifications.sweep()
