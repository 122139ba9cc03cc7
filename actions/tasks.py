"""Celery tasks of the actions app. They take ids and call ``actions.execution``; no business rules here."""

from __future__ import annotations

from celery import shared_task

from . import execution

# The outbox's periodic jobs live in actions.enqueue and the waiter sweep in actions.maintenance; both are
# registered by brabo.wiring, which every process (web, worker, beat) runs, and so are the
# notifications' tasks (actions.notifications).


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
