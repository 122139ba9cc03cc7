"""Approvals per day for the statistics chart (R10.2), in one query.

The totals and the top rules come from ``actions.views.approval_stats`` (the API's definition). The
per-day series counts the same two things — ``proposed_action.approved`` events, and
``proposed_action.created`` events by an agent with status ``auto_approved`` — grouped by day; a test
checks that the series adds up to ``approval_stats`` over the same range, so the two cannot drift.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Count, Q
from django.db.models.functions import TruncDate

from actions.events import ACTION_APPROVED, ACTION_CREATED
from actions.models import AUTO_APPROVED, SessionEvent

HUMAN = Q(type=ACTION_APPROVED)
POLICY = Q(type=ACTION_CREATED, actor_kind="agent", payload__status=AUTO_APPROVED)


def per_day(project, start: datetime, days: int) -> list[dict]:
    """``days`` buckets from ``start`` (a midnight, UTC) with the human and policy approvals of each."""
    rows = (
        SessionEvent.objects.filter(
            project=project, created_at__gte=start, created_at__lt=start + timedelta(days)
        )
        .filter(HUMAN | POLICY)
        .annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(human=Count("id", filter=HUMAN), policy=Count("id", filter=POLICY))
    )
    by_day = {r["day"]: r for r in rows}
    out = []
    for i in range(days):
        day = (start + timedelta(days=i)).date()
        hit = by_day.get(day)
        out.append({"day": day, "human": hit["human"] if hit else 0, "policy": hit["policy"] if hit else 0})
    return out
