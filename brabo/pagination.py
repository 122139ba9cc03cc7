"""The API's pagination.

- ``LimitOffsetPagination`` with bounds (a huge ``limit`` or ``offset`` overflowed PostgreSQL's bigint: a 500)
  for the small lists (workspaces, projects, agents, members, tasks).
- Keyset (cursor) pagination for the logs that grow without bound — a project's and a workspace's events and
  the actions queue: ``{"next", "previous", "results"}``, ``?limit=`` up to 1000 and an opaque
  ``?cursor=`` that the ``next``/``previous`` links carry. A page is an index range scan that starts where
  the last page ended, so a deep page costs what the first does, and nothing counts the whole log. Rows
  appended while a client pages (events, oldest first) arrive on later pages, never twice. One case is not
  covered: PostgreSQL gives an event its id when its transaction writes it, so an event may commit just after
  a page past its id was read, and no later page holds it. A client that follows the newest events should
  listen to the console's live stream, which waits for such ids (``actions.tail``), or re-read the last few
  seconds of the log.

Imports nothing of Brabo's (DRF imports it while reading its settings).
"""

from __future__ import annotations

from datetime import datetime
from typing import cast

from rest_framework import pagination
from rest_framework.exceptions import NotFound, ValidationError

MAX_LIMIT = 1000
MAX_OFFSET = 10**12


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
            raise ValidationError(
                {
                    "cursor": [
                        "cursor is not one this server gave; use the `next`/`previous` links as they are."
                    ]
                }
            )
        return cursor

    def valid_position(self, position: str | None) -> bool:
        raise NotImplementedError


class EventPagination(KeysetPagination):
    """A log of events, oldest first (R10, R12.4); ``id`` grows with every append."""

    ordering = "id"

    def valid_position(self, position):
        return position is None or (position.isascii() and position.isdigit() and int(position) < 2**63)


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
