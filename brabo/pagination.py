"""The API's pagination.

- ``LimitOffsetPagination`` with bounds (a huge ``limit`` or ``offset`` overflowed PostgreSQL's bigint: a 500)
  for the small lists (workspaces, projects, agents, members, tasks).
- Keyset (cursor) pagination for the logs that grow without bound — a project's and a workspace's events and
  the actions queue: ``{"next", "previous", "results"}``, ``?limit=`` up to 1000 and an opaque
  ``?cursor=`` that the ``next``/``previous`` links carry. A page is an index range scan that starts where
  the last page ended, so a deep page costs what the first does, and nothing counts the whole log. Rows
  appended while a client pages (events, oldest first) arrive on later pages, never twice -- including an
  event that commits after a page past its id was read (below).

An event that commits late: PostgreSQL gives an event its id when its transaction writes it, so two
transactions can take ids 101 then 102 and commit 102 first; a page that ends at 102 and a next page that
starts above it would never hold 101. So an event page that has a next one also looks at the ids just below
its last (``GAP_WINDOW`` of them, while its last row is younger than ``SETTLE_SECONDS``): the ids there that
neither the page holds nor another list's row takes (a transaction still in flight, one that rolled back, or
one that committed after the page was read) travel in the ``next`` cursor, and the next page starts with
those of them that are this list's rows by then (then the rows above the cursor, in order). A page that
carries such ids costs one query more. A gap is given up once it is ``SETTLE_SECONDS`` old -- its transaction
rolled back -- as the console's live stream does (``actions.tail``). SQLite writes one transaction at a time,
so there ids commit in order and no gap is looked for. The cursor stays opaque: its gaps are bounded
(``MAX_GAPS`` ranges, ``MAX_GAP_IDS`` ids) and a hand-made one is refused like any other forged cursor.

Imports nothing of Brabo's (DRF imports it while reading its settings).
"""

from __future__ import annotations

import time
from base64 import b64decode, b64encode
from datetime import datetime
from typing import cast
from urllib import parse

from django.db import connections
from django.db.models import Q
from rest_framework import pagination
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.utils.urls import replace_query_param

MAX_LIMIT = 1000
MAX_OFFSET = 10**12
SETTLE_SECONDS = 5.0  # as actions.tail.SETTLE: far longer than a proposal's transaction takes
GAP_WINDOW = 1024  # ids below a page's last one looked at for a transaction still in flight
MAX_GAPS = 64  # separate ranges a cursor carries (the newest kept)
MAX_GAP_IDS = GAP_WINDOW  # ids a cursor's gaps cover in all
FORGED = {"cursor": ["cursor is not one this server gave; use the `next`/`previous` links as they are."]}
_clock = time.time  # wall clock: a gap's moment travels between processes and hosts (tests replace it)


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = MAX_LIMIT  # DRF clamps a larger limit to this

    def get_offset(self, request):
        offset = super().get_offset(request)
        if offset > MAX_OFFSET:
            raise ValidationError({"offset": [f"offset must be at most {MAX_OFFSET}."]})
        return offset


class KeysetPagination(pagination.CursorPagination):
    """Keyset pages ordered by ``ordering`` (its first field is the key; the last makes it total)."""

    page_size = 100
    page_size_query_param = "limit"  # the name the limit/offset lists use, so clients keep it
    max_page_size = MAX_LIMIT
    cursor_query_param = "cursor"

    def paginate_queryset(self, queryset, request, view=None):
        if "offset" in request.query_params:
            # Silently ignoring it would hand an old client the first page forever.
            raise ValidationError(
                {
                    "offset": [
                        "this list is paged by cursor, not offset: follow the `next` link of each page "
                        "(it carries ?cursor=)."
                    ]
                }
            )
        return super().paginate_queryset(queryset, request, view)

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None and not (raw.isdigit() and int(raw) >= 1):
            raise ValidationError({"limit": [f"limit must be a whole number from 1 to {MAX_LIMIT}."]})
        return super().get_page_size(request)

    def decode_cursor(self, request):
        try:
            cursor = super().decode_cursor(request)
            readable = True
        except NotFound:
            cursor, readable = (
                None,
                False,
            )  # DRF answers 404 for a cursor it cannot read; it is bad input (400)
        # A cursor is only base64: a hand-made one may carry any position. Reaching the database with one
        # that is not a key of this list would be a 500 (or an overflow), so it is checked here. The
        # position is the query string's text (DRF's stubs call it an int).
        if not readable or (
            cursor is not None and not self.valid_position(cast(str | None, cursor.position))
        ):
            raise ValidationError(FORGED)
        return cursor

    def valid_position(self, position: str | None) -> bool:
        raise NotImplementedError


Gap = tuple[int, int, int]  # first id, last id, when noticed (Unix milliseconds)


class EventPagination(KeysetPagination):
    """A log of events, oldest first (R10, R12.4); ``id`` grows with every append, and an id that commits
    after a page past it was read is on the next page (the module's docstring)."""

    ordering = "id"

    def valid_position(self, position):
        return position is None or (position.isascii() and position.isdigit() and int(position) < 2**63)

    def _follows_gaps(self, queryset) -> bool:
        return self.ordering == ("id",) and connections[queryset.db].vendor != "sqlite"

    def decode_cursor(self, request):
        cursor = super().decode_cursor(request)
        self.gaps: list[Gap] = []
        if cursor is not None and not cursor.reverse:
            self.gaps = _decode_gaps(request.query_params[self.cursor_query_param], int(cursor.position or 0))
        return cursor

    def paginate_queryset(self, queryset, request, view=None):
        page = super().paginate_queryset(queryset, request, view)
        self.next_gaps: list[Gap] = []
        if (
            page is None
            or (self.cursor is not None and self.cursor.reverse)
            or not self._follows_gaps(queryset)
        ):
            return page
        late = []
        if self.gaps:  # through the list's own queryset: its tenancy and filters
            late = list(queryset.filter(_ranges_q(self.gaps)).order_by("id"))
        if self.has_next:
            handed = {row.pk for row in late} | {row.pk for row in page}
            self.next_gaps = self._gaps_below(queryset, page[-1], handed)
        # ``self.page`` stays the rows above the cursor: the links are made from it
        return late + page

    def _gaps_below(self, queryset, last, handed: set[int]) -> list[Gap]:
        """What the next page must look at again: the ids just below this page's last row (while that row is
        young) and those carried (while young) that are neither handed out nor another list's row -- in flight,
        rolled back, or committed since this page was read (this look is a later snapshot than the page's)."""
        now = _clock()
        young = now - SETTLE_SECONDS
        carried = [gap for gap in self.gaps if gap[2] / 1000 > young]
        end = int(last.pk)
        start = max(int(self.cursor.position or 0) if self.cursor else 0, end - GAP_WINDOW)
        created = getattr(last, "created_at", None)
        fresh = created is None or created.timestamp() > young
        if not carried and not fresh:
            return []
        wanted = _ranges_q(carried) if carried else Q(pk__in=[])
        if fresh:
            wanted |= Q(pk__gt=start, pk__lte=end)
        others = (
            queryset.model._base_manager.using(queryset.db)
            .filter(wanted)
            .exclude(pk__in=queryset.filter(wanted).order_by().values("pk"))
            .order_by()
            .values_list("pk", flat=True)
        )
        known = handed | set(others)
        gaps = [part for gap in carried for part in _without(gap, known)]
        if fresh:
            noticed = int(now * 1000)
            gaps += [(first, last_id, noticed) for first, last_id in _missing(start, end, known)]
        return _bounded(sorted(gaps))

    def encode_cursor(self, cursor):
        gaps = getattr(self, "next_gaps", None)
        if cursor.reverse or not gaps:
            return super().encode_cursor(cursor)
        tokens = {"p": cursor.position, "g": ",".join(f"{a}-{b}:{t}" for a, b, t in gaps)}
        if cursor.offset:
            tokens["o"] = str(cursor.offset)
        encoded = b64encode(parse.urlencode(tokens).encode("ascii")).decode("ascii")
        return replace_query_param(cast(str, self.base_url), self.cursor_query_param, encoded)


def _decode_gaps(encoded: str, position: int) -> list[Gap]:
    """The gaps a forward cursor carries, each below its position; a malformed or oversized list is a forged
    cursor (400)."""
    tokens = parse.parse_qs(b64decode(encoded.encode("ascii")).decode("ascii"), keep_blank_values=True)
    raw = tokens.get("g", [""])[0]
    if not raw:
        return []
    gaps: list[Gap] = []
    try:
        for part in raw.split(","):
            span, noticed = part.split(":")
            first, last = span.split("-")
            gap = (int(first), int(last), int(noticed))
            if not (0 < gap[0] <= gap[1] < position and 0 <= gap[2] < 2**53):
                raise ValueError(part)
            gaps.append(gap)
    except ValueError:
        gaps = []
    if not gaps or len(gaps) > MAX_GAPS or sum(b - a + 1 for a, b, _ in gaps) > MAX_GAP_IDS:
        raise ValidationError(FORGED)
    return gaps


def _ranges_q(gaps: list[Gap]) -> Q:
    found = Q(pk__in=[])
    for first, last, _noticed in gaps:
        found |= Q(pk=first) if first == last else Q(pk__gte=first, pk__lte=last)
    return found


def _without(gap: Gap, present: set[int]) -> list[Gap]:
    """``gap`` less the ids now present, as ranges keeping its moment."""
    first, last, noticed = gap
    return [(a, b, noticed) for a, b in _missing(first - 1, last, present)]


def _missing(after: int, end: int, present: set[int]) -> list[tuple[int, int]]:
    """The ranges of ids in (after, end] not in ``present``."""
    ranges: list[tuple[int, int]] = []
    previous = after
    for found in sorted(i for i in present if after < i <= end):
        if found > previous + 1:
            ranges.append((previous + 1, found - 1))
        previous = found
    if end > previous:
        ranges.append((previous + 1, end))
    return ranges


def _bounded(gaps: list[Gap]) -> list[Gap]:
    """At most ``MAX_GAPS`` ranges and ``MAX_GAP_IDS`` ids, the newest kept (an old one is likelier a rollback)."""
    kept: list[Gap] = []
    total = 0
    for gap in reversed(gaps[-MAX_GAPS:]):
        size = gap[1] - gap[0] + 1
        if total + size > MAX_GAP_IDS:
            break
        kept.append(gap)
        total += size
    return kept[::-1]


class ActionPagination(KeysetPagination):
    """The actions queue, newest first; ``id`` breaks ties of ``created_at``."""

    ordering = ("-created_at", "id")

    def valid_position(self, position):
        if position is None:
            return True
        try:
            moment = datetime.fromisoformat(position)
        except ValueError:
            return False
        return moment.tzinfo is not None
