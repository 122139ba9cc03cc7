"""Writing domain events (R10.1). The types, :class:`Actor` and the writers live in the shared kernel
(``brabo.domain``) so every app records through one writer; actions names them here for its own
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
from permissions.action_types import MAINTAINER, role_at_least

# one non-final approval under a two-person rule; expiry of an undecided action, and its warning
ACTION_APPROVAL_ADDED = "proposed_action.approval_added"
ACTION_EXPIRED = "proposed_action.expired"
ACTION_EXPIRING_SOON = "proposed_action.expiring_soon"
# budgets for spend (actions.budgets).
SPEND_RECORDED = "spend.recorded"
BUDGET_THRESHOLD_CROSSED = "budget.threshold_crossed"
# undoing what an "Always allow" granted (patterns, or an autonomy row); ``grantEventId`` names the
# ``permission.granted`` event it takes back.
PERMISSION_REVOKED = "permission.revoked"
# an ask_human question answered by a person; an approved action cancelled while its rule's wait
# timer held it; a held action whose wait ended (dispatched to the worker).
ACTION_ANSWERED = "proposed_action.answered"
ACTION_CANCELLED = "proposed_action.cancelled"
ACTION_WAIT_ENDED = "proposed_action.wait_ended"
# an auto-approval the worker decided again because the policy changed before it ran, and which the policy in
# force no longer auto-approves: back to pending, or denied (actions.policy_recheck)
ACTION_REDECIDED = "proposed_action.redecided"
# R1.1: events a project's log shows only to those who read its budget (GET .../budget/ is maintainer+): a
# threshold crossing carries a workspace's or project's limit and its month-to-date spend.
BUDGET_READER_TYPES: frozenset[str] = frozenset({BUDGET_THRESHOLD_CROSSED})


def readable_by(qs, role: str | None):
    """A queryset of project events as a member of ``role`` on the project reads it (fail closed)."""
    return qs if role_at_least(role, MAINTAINER) else qs.exclude(type__in=BUDGET_READER_TYPES)


# The action lifecycle's event types (the project log also holds team, key and settings events).
EVENT_TYPES: tuple[str, ...] = (
    ACTION_CREATED,
    ACTION_APPROVED,
    ACTION_DENIED,
    ACTION_APPROVAL_ADDED,
    ACTION_EXPIRED,
    ACTION_EXPIRING_SOON,
    PERMISSION_GRANTED,
    PERMISSION_REVOKED,
    ACTION_ANSWERED,
    ACTION_CANCELLED,
    ACTION_WAIT_ENDED,
    ACTION_REDECIDED,
    ACTION_EXECUTED,
    ACTION_FAILED,
    TASK_STATUS_CHANGED,
    TASK_ACTION_SETTLED,
    SPEND_RECORDED,
    BUDGET_THRESHOLD_CROSSED,
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
