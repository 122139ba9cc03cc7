"""Limit/offset pagination with bounds: a huge ``limit`` or ``offset`` overflowed PostgreSQL's bigint (a 500).

Imports nothing of Brabo's (DRF imports it while reading its settings)."""

from __future__ import annotations

from rest_framework import pagination
from rest_framework.exceptions import ValidationError

MAX_LIMIT = 1000
MAX_OFFSET = 10**12


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = MAX_LIMIT  # DRF clamps a larger limit to this

    def get_offset(self, request):
        offset = super().get_offset(request)
        if offset > MAX_OFFSET:
            raise ValidationError({"offset": [f"offset must be at most {MAX_OFFSET}."]})
        return offset
