"""Probes for the process manager and the load balancer (issue 13).

``/healthz`` — the process answers (liveness: restart it if not). ``/readyz`` — it can do its work: the
database and the broker answer (readiness: send it no traffic while not; 503 names what is down).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .celery import app

log = logging.getLogger(__name__)


@never_cache
@require_GET
def healthz(request):
    return JsonResponse({"status": "ok"})


def _database() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return None
    except Exception as exc:
        return f"the database does not answer ({type(exc).__name__})"
    finally:
        if not connection.in_atomic_block:
            connection.close()  # a probe holds no connection between polls (back to the pool)


def _broker() -> str | None:
    if not settings.CELERY_BROKER_URL:
        return None  # eager: tasks run in-process, there is no broker to reach

    try:
        with app.connection_for_write(settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=0, timeout=2)
        return None
    except Exception as exc:
        return f"the broker does not answer ({type(exc).__name__})"


@never_cache
@require_GET
def readyz(request):
    checks = {"database": _database(), "broker": _broker()}
    down = {name: why for name, why in checks.items() if why}
    if down:
        log.warning("not ready: %s", "; ".join(down.values()))
        return JsonResponse(
            {
                "detail": "Not ready: " + "; ".join(down.values()) + ". Requests will fail until it is back.",
                "reason": "not_ready",
                "checks": {name: (why or "ok") for name, why in checks.items()},
            },
            status=503,
        )
    return JsonResponse({"status": "ready", "checks": {name: "ok" for name in checks}})
