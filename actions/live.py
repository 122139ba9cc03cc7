"""Live updates (issue 16): one server-sent-events stream per person, scoped by tenancy.

Each message is "an action changed": ``{"id", "project", "status", "event"}`` under the SSE id of the event
that changed it (``SessionEvent.id``), so a reconnecting browser sends ``Last-Event-ID`` and misses nothing.
No payload, no command, no output travels on it: the page fetches what it shows through its own views.

Wake-ups are ``actions.waiting``'s — the same mechanism the ``wait`` endpoint uses (Redis pub/sub when
BRABO_REDIS_URL is set, an in-process condition otherwise) on each visible project's events key, which
``actions.announce`` publishes after every recorded event. The stream re-reads the database after each
wake-up, re-computing what the person may see (a member removed mid-stream stops receiving).

A stream holds one server thread (gunicorn gthread): it ends after BRABO_SSE_MAX_SECONDS (the browser
reconnects by itself), sends a heartbeat comment every BRABO_SSE_HEARTBEAT seconds, gives its database
connection back between checks, and one person holds at most BRABO_SSE_MAX_STREAMS per process.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Generator

from django.conf import settings
from django.db import connection
from django.db.models import Max
from django.http import JsonResponse, StreamingHttpResponse

from projects.access import visible_projects

from . import waiting
from .models import SessionEvent

BATCH = 100
_open: dict[int, int] = {}
_open_lock = threading.Lock()


def _acquire(user_id: int) -> bool:
    with _open_lock:
        if _open.get(user_id, 0) >= settings.BRABO_SSE_MAX_STREAMS:
            return False
        _open[user_id] = _open.get(user_id, 0) + 1
        return True


def _release(user_id: int) -> None:
    with _open_lock:
        left = _open.get(user_id, 1) - 1
        if left <= 0:
            _open.pop(user_id, None)
        else:
            _open[user_id] = left


def _cursor(request) -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.GET.get("last_event_id") or ""
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        return -1
    return value if value >= 0 else -1


def _release_connection() -> None:
    if not connection.in_atomic_block:
        connection.close()  # a stream holds a thread, not a database connection (as the wait endpoint)


def _action_events(project_ids: list, after: int):
    """The events a stream reports: an action's, of the person's projects, after the cursor. An event without
    an action (team, settings) neither reaches the page nor wakes the loop."""
    return SessionEvent.objects.filter(project_id__in=project_ids, id__gt=after, action__isnull=False)


def _changes(user, project_ids: list, after: int) -> list[dict]:
    rows = (
        _action_events(project_ids, after)
        .order_by("id")
        .values("id", "action_id", "project_id", "type", "action__status")[:BATCH]
    )
    return [
        {
            "sse_id": r["id"],
            "id": str(r["action_id"]),
            "project": str(r["project_id"]),
            "status": r["action__status"],
            "event": r["type"],
        }
        for r in rows
    ]


def _frame(change: dict) -> str:
    sse_id = change.pop("sse_id")
    return f"id: {sse_id}\nevent: action\ndata: {json.dumps(change, separators=(',', ':'))}\n\n"


def events(user, after: int, *, max_seconds: float, heartbeat: float) -> Generator[str, None, None]:
    deadline = time.monotonic() + max_seconds
    yield "retry: 2000\n\n"
    try:
        while True:
            project_ids = list(visible_projects(user).values_list("id", flat=True))
            changes = _changes(user, project_ids, after)
            _release_connection()
            if changes:
                after = changes[-1]["sse_id"]
                yield "".join(_frame(c) for c in changes)
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return

            def changed(ids=project_ids, since=after) -> bool:
                hit = _action_events(ids, since).exists()
                _release_connection()
                return hit

            keys = [waiting.project_events_key(pid) for pid in project_ids]
            if not waiting.wait_for(keys, changed, min(heartbeat, remaining), recheck=heartbeat):
                yield ": heartbeat\n\n"
    finally:
        _release_connection()


class _Stream:
    """The body iterator; ``close`` (called by the server when the response ends, the client left, or it
    was never iterated) frees the person's stream slot exactly once."""

    def __init__(self, gen: Generator[str, None, None], release):
        self._gen, self._release, self._released = gen, release, False

    def __iter__(self):
        return self._gen

    def close(self) -> None:
        try:
            self._gen.close()
        finally:
            if not self._released:
                self._released = True
                self._release()


def stream(request):
    """``GET /admin/console/events/stream/`` (a signed-in person's session)."""
    cursor = _cursor(request)
    if cursor == -1:
        return JsonResponse(
            {"detail": "Last-Event-ID must be the id of an event received earlier.", "reason": "invalid"},
            status=400,
        )
    user = request.user
    if not _acquire(user.pk):
        return JsonResponse(
            {
                "detail": f"at most {settings.BRABO_SSE_MAX_STREAMS} live streams per person are open; "
                "close a console tab (the others keep updating).",
                "reason": "too_many_streams",
            },
            status=429,
        )
    if cursor is None:  # a first connection: only what changes from now on
        cursor = SessionEvent.objects.aggregate(m=Max("id"))["m"] or 0

    body = _Stream(
        events(
            user, cursor, max_seconds=settings.BRABO_SSE_MAX_SECONDS, heartbeat=settings.BRABO_SSE_HEARTBEAT
        ),
        lambda: _release(user.pk),
    )
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front must not buffer the stream
    return response
