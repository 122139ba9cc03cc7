"""One attempt of an outbox row, retried with backoff: the webhook deliveries (``actions.notifications``) and
the Slack posts (``actions.slack``) share it. A row has ``status``, ``attempts`` and ``next_attempt_at``; its
sender takes it with :func:`take_due` (locked, the attempt counted when it is due), and ends it with
:func:`after_failure` when the attempt did not succeed; :func:`retry_in` tells the task when to run again."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

MAX_ATTEMPTS = 5
BACKOFF_BASE = 10  # seconds before the 2nd attempt; doubles each time
BACKOFF_CAP = 600


def backoff(attempts: int) -> int:
    """Seconds before the next attempt after ``attempts`` failed ones: 10, 20, 40, 80 … capped."""
    return min(BACKOFF_BASE * 2 ** max(0, attempts - 1), BACKOFF_CAP)


def not_due_for(row, now: datetime) -> float | None:
    """Seconds until ``row``'s next attempt, or None when it is due now."""
    if row.next_attempt_at and row.next_attempt_at > now:
        return (row.next_attempt_at - now).total_seconds()
    return None


def take_due(
    model, row_id, pending: str, related: tuple[str, ...], now: datetime
) -> tuple[Any, float | None]:
    """The ``pending`` row ``row_id`` of ``model`` (with ``related`` joined), locked for this attempt —
    skipped when another worker holds it — and the seconds until it is due; when it is due (None), the
    attempt is counted. (None, None) when there is no such row to take."""
    row = (
        model.objects.select_for_update(skip_locked=True, of=("self",))
        .select_related(*related)
        .filter(id=row_id, status=pending)
        .first()
    )
    if row is None:
        return None, None
    wait = not_due_for(row, now)
    if wait is None:
        row.attempts += 1
    return row, wait


def after_failure(row, *, now: datetime, retry: bool, failed: str) -> None:
    """A counted attempt that failed: the next one after :func:`backoff` while the failure is retryable and
    attempts remain, else the row ends with status ``failed``."""
    if retry and row.attempts < MAX_ATTEMPTS:
        row.next_attempt_at = now + timedelta(seconds=backoff(row.attempts))
    else:
        row.status, row.next_attempt_at = failed, None


def retry_in(row, *, now: datetime, pending: str) -> float | None:
    """Seconds until the row's next attempt while it is still ``pending`` and scheduled, else None."""
    if row.status == pending and row.next_attempt_at:
        return (row.next_attempt_at - now).total_seconds()
    return None
