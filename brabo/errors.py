"""The domain's refusal, shared by every app (issue 15: it lived in projects/services.py and every app used it)."""

from __future__ import annotations


class DomainError(Exception):
    """A refused transition. ``field`` names the input at fault; ``status`` is the HTTP status to answer."""

    def __init__(
        self, message: str, *, field: str | None = None, status: int = 400, reason: str | None = None
    ):
        super().__init__(message)
        self.field = field
        self.status = status
        self.reason = reason
