"""The Celery application. Configuration comes from Django settings (CELERY_* names)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")

app = Celery("brabo")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Periodic jobs, run by `celery -A brabo beat`: the reaper fails actions stuck in `executing` (a worker
# killed mid-execution, R9.1); approved actions whose message was lost are sent again (R9.1); vanished
# waiters block their task (R8.4).
app.conf.beat_schedule = {
    "reap-stuck-actions": {"task": "actions.tasks.reap_stuck_actions", "schedule": 60.0},
    "redispatch-unclaimed": {"task": "actions.tasks.redispatch_unclaimed", "schedule": 60.0},
    "detect-vanished-waiters": {"task": "actions.detect_vanished_waiters", "schedule": 60.0},
}
