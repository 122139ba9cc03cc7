"""Reading the tail of the event log without passing by an event that commits late.

``SessionEvent.id`` comes from a sequence: a transaction takes its id when it inserts, and commits later. Two
proposals at once can take ids 101 then 102 and commit 102 first; a reader that has seen 102 and moves its
cursor there never reads 101 when it commits a moment later. (SQLite writes one transaction at a time, so
there ids commit in order; PostgreSQL does not.)

A :class:`Tail` remembers the ids it has not seen below the highest one it has (the gaps), reads them again
with every read, and gives a gap up once it is older than ``settle`` seconds -- an id taken by a transaction
that rolled back never appears. What it hands back is each event once, in the order they became visible.
The same idea as the "high-water mark" of event stores that read a sequence-numbered log (Marten's
daemon waits for a gap to fill for a few seconds, then skips it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from django.db.models import Q

SETTLE = 5.0  # seconds a gap may stay open: far longer than a proposal's transaction takes
MAX_GAPS = 64  # beyond this many separate gaps the oldest are given up (a storm of rollbacks)


class Tail:
    """The position of one reader in an id-ordered log whose ids may commit out of order."""

    __slots__ = ("high", "gaps", "settle", "clock")

    def __init__(self, after: int, *, settle: float = SETTLE, clock: Callable[[], float] = time.monotonic):
        self.high = after  # the highest id read
        self.gaps: list[tuple[int, int, float]] = []  # (first, last, noticed) ids below high not read yet
        self.settle = settle
        self.clock = clock

    @classmethod
    def recent(cls, high: int, present: Iterable[int], window: int, **kwargs) -> Tail:
        """A tail starting at ``high`` that still waits for the ids of the last ``window`` below it that are
        not ``present`` (the transactions in flight when the reader starts may commit them)."""
        tail = cls(high, **kwargs)
        tail._open_gaps(max(high - window, 0), sorted(i for i in present if high - window < i <= high), high)
        return tail

    @property
    def low(self) -> int:
        """Every id at or below this one has been read or given up."""
        return self.gaps[0][0] - 1 if self.gaps else self.high

    def where(self) -> Q:
        """The ids a read should fetch: above the highest read, and those of the open gaps."""
        self.expire()
        found = Q(id__gt=self.high)
        for first, last, _noticed in self.gaps:
            found |= Q(id__gte=first, id__lte=last) if first != last else Q(id=first)
        return found

    def expire(self) -> None:
        if self.gaps:
            now = self.clock()
            self.gaps = [gap for gap in self.gaps if now - gap[2] < self.settle][-MAX_GAPS:]

    def take(self, ids: list[int]) -> list[bool]:
        """Record the ids one read returned (ascending, as fetched through :meth:`where`); for each, whether it
        is new. A read cut short by a limit leaves the ids above its last one to the next read."""
        fresh: list[bool] = []
        above: list[int] = []
        for event_id in ids:
            if event_id > self.high:
                above.append(event_id)
                fresh.append(True)
            else:
                fresh.append(self._fill(event_id))
        if above:
            self._open_gaps(self.high, above, above[-1])
        return fresh

    def _fill(self, event_id: int) -> bool:
        for index, (first, last, noticed) in enumerate(self.gaps):
            if first <= event_id <= last:
                parts = [(first, event_id - 1, noticed), (event_id + 1, last, noticed)]
                self.gaps[index : index + 1] = [(a, b, n) for a, b, n in parts if a <= b]
                return True
        return False  # read already (or given up): not handed out twice

    def _open_gaps(self, after: int, ids: list[int], high: int) -> None:
        """``ids`` (ascending, all above ``after``) were read up to ``high``: every id between them is a gap."""
        now = self.clock()
        previous = after
        for event_id in ids:
            if event_id > previous + 1:
                self.gaps.append((previous + 1, event_id - 1, now))
            previous = event_id
        self.high = max(self.high, high)
        if len(self.gaps) > MAX_GAPS:
            del self.gaps[:-MAX_GAPS]
