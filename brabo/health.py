"""Probes for the process manager and the load balancer.

``/healthz`` — the process answers (liveness: restart it if not). ``/readyz`` — it can do its work: the
database and the broker answer (readiness: send it no traffic while not; 503 names what is down).

Both are async views: under the ASGI server they never queue behind busy request threads.
``/healthz`` touches nothing; ``/readyz`` runs its checks on a probe thread of its own, each answer bounded
by BRABO_READYZ_TIMEOUT seconds (a hung database is "down", not a hung probe).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import slots
from .celery import app

log = logging.getLogger(__name__)


_probe = ThreadPoolExecutor(max_workers=2, thread_name_prefix="brabo-readyz")


@never_cache
@require_GET
async def healthz(request):
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


async def _bounded(check, what: str) -> str | None:
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(
            loop.run_in_executor(_probe, check), timeout=settings.BRABO_READYZ_TIMEOUT
        )
    except TimeoutError:
        return f"{what} does not answer within {settings.BRABO_READYZ_TIMEOUT} s"


@never_cache
@require_GET
async def readyz(request):
    database, broker = await asyncio.gather(
        _bounded(_database, "the database"), _bounded(_broker, "the broker")
    )
    checks = {"database": database, "broker": broker}
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
    return JsonResponse({"status": "ready", "checks": {name: "ok" for name in checks}, "load": _load()})


# What else reports its load here (a port: the ASGI root plugs in the waits and streams of actions.waiting)
LOAD_REPORTERS: list[Callable[[], dict[str, int]]] = []


def _load() -> dict[str, int]:
    """This process's share of the work: async waits and live streams held (no thread each),
    sync slots busy out of their number. Under a WSGI server the figures are those of the probe's own loop."""
    current = slots.slots()
    load = {"sync_slots_busy": current.busy, "sync_slots": current.size}
    for reporter in LOAD_REPORTERS:
        load.update(reporter())
    return load
