"""The Celery application. Configuration comes from Django settings (CELERY_* names)."""

from __future__ import annotations

import logging
import os

from celery import Celery
from celery.signals import after_setup_logger, after_setup_task_logger

from brabo.redaction import install_everywhere

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")

app = Celery("brabo")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _no_broker_no_warning(sender: Celery, **_kwargs: object) -> None:
    """No broker: tasks run eagerly (settings.CELERY_TASK_ALWAYS_EAGER), but Celery still builds a producer's
    connection for each send, and kombu's default (amqp with no host) logged "No hostname was supplied" at the
    newcomer's first `make run`. The in-memory transport names a host and is never reached. (Read when the
    configuration is first used, not at import: a bad setting must stop manage.py with its own message.)"""
    if not sender.conf.broker_url:
        sender.conf.broker_url = "memory://localhost/"
        # Every task runs here, eagerly, and Celery's tracer logged "Task ... succeeded in ...s" at INFO for
        # each: the in-process periodic jobs wrote seven such lines every ten seconds into `make run`'s
        # terminal. Failures (ERROR) still show. A worker with a broker keeps the level its operator gives it
        # (`manage.py serve` starts its own with `-l warning`).
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)


# Periodic jobs, run by `celery -A brabo beat`: the reaper fails actions stuck in `executing` (a worker
# killed mid-execution, R9.1); approved actions whose message was lost are sent again (R9.1); vanished
# waiters block their task (R8.4); pending actions past their project's time expire.
app.conf.beat_schedule = {
    # the transactional outbox's sweep (actions.enqueue): an approval that committed while the broker was
    # down is sent within this period of the broker's return
    "relay-due-dispatches": {"task": "actions.tasks.relay_due_dispatches", "schedule": 10.0},
    "reap-stuck-actions": {"task": "actions.tasks.reap_stuck_actions", "schedule": 60.0},
    "redispatch-unclaimed": {"task": "actions.tasks.redispatch_unclaimed", "schedule": 60.0},
    "detect-vanished-waiters": {"task": "actions.detect_vanished_waiters", "schedule": 60.0},
    # undecided actions expire after their project's time (default 24 h)
    "sweep-expired-actions": {"task": "actions.sweep_expired_actions", "schedule": 60.0},
    "sweep-notifications": {"task": "actions.sweep_notifications", "schedule": 30.0},  # webhooks
    "purge-idempotency-keys": {"task": "projects.purge_idempotency_keys", "schedule": 3600.0},
}


@after_setup_logger.connect
@after_setup_task_logger.connect
def _redact_secrets_in_worker_logs(**_kwargs) -> None:
    """The worker replaces the root logger's handlers with its own; each gets the secret filter."""
    install_everywhere()
