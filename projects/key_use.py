"""How a key's use is read: the overlap window of a rotated key, and ``last_used_at`` at bounded cost.

A kernel below ``projects.authentication`` and ``projects.keys`` (it imports neither), so both use it.
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from .team_models import RetiredKey

LAST_USED_RESOLUTION = timedelta(minutes=1)


def touch_last_used(model, pk, last, field: str) -> None:
    """Record a key's use, at most once a minute: no write when ``last`` (as loaded) is recent, and the
    guarded UPDATE keeps concurrent callers of the same minute to one write."""
    now = timezone.now()
    if last is not None and now - last < LAST_USED_RESOLUTION:
        return
    stale = Q(**{f"{field}__isnull": True}) | Q(**{f"{field}__lt": now - LAST_USED_RESOLUTION})
    model.objects.filter(pk=pk).filter(stale).update(**{field: now})


def retired_holder(kind: str, key_hash: str):
    """The id of the agent/runner whose rotated-out key this is, while its overlap window lasts."""
    return (
        RetiredKey.objects.filter(holder_kind=kind, key_hash=key_hash, valid_until__gt=timezone.now())
        .values_list("holder_id", flat=True)
        .first()
    )
