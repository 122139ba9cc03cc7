"""Every fault case ends with the same ledger: N proposed, N accounted for, 0 duplicated."""

from __future__ import annotations

import uuid
from collections import Counter


def account(action_ids, *, label: str, expect_status: str | None = None) -> dict:
    """Check that each proposed action exists once, settled at most once, executed at most once; print the
    ledger line and return the counts."""
    from actions.models import ProposedAction, SessionEvent

    ids = [uuid.UUID(str(i)) for i in action_ids]
    rows = {a.id: a for a in ProposedAction.objects.filter(id__in=ids)}
    settled = Counter(
        str(a)
        for a in SessionEvent.objects.filter(
            action_id__in=ids, type__in=("action.executed", "action.failed")
        ).values_list("action_id", flat=True)
    )
    duplicated = sum(1 for n in settled.values() if n > 1) + (len(ids) - len(set(ids)))
    accounted = sum(1 for i in set(ids) if i in rows)
    statuses = Counter(a.status for a in rows.values())
    print(
        f"[fault:{label}] {len(ids)} proposed, {accounted} accounted for, {duplicated} duplicated "
        f"({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))})"
    )
    assert accounted == len(ids), f"{len(ids) - accounted} action(s) lost"
    assert duplicated == 0, f"{duplicated} duplicated"
    if expect_status is not None:
        assert statuses == Counter({expect_status: len(ids)}), statuses
    return {"proposed": len(ids), "accounted": accounted, "duplicated": duplicated, "statuses": statuses}
