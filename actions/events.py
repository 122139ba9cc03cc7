"""Writing domain events (R10.1). The types, :class:`Actor` and the writers live in the shared kernel
(``brabo.domain``, issue 15) so every app records through one writer; actions names them here for its own
modules. Callers pass the real actor; the row is written in the caller's transaction."""

from __future__ import annotations

from brabo.domain import (
    ACTION_APPROVED,
    ACTION_CREATED,
    ACTION_DENIED,
    ACTION_EXECUTED,
    ACTION_FAILED,
    PERMISSION_GRANTED,
    TASK_ACTION_SETTLED,
    TASK_STATUS_CHANGED,
    Actor,
    build,
    record,
)

__all__ = [
    "ACTION_APPROVED",
    "ACTION_CREATED",
    "ACTION_DENIED",
    "ACTION_EXECUTED",
    "ACTION_FAILED",
    "PERMISSION_GRANTED",
    "TASK_ACTION_SETTLED",
    "TASK_STATUS_CHANGED",
    "Actor",
    "build",
    "record",
]
