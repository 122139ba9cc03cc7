"""Writing domain events (R10.1). Callers pass the real actor; the row is written in the caller's transaction."""

from __future__ import annotations

from typing import Any

from brabo import sql

from .models import SessionEvent

# R10.1 — the event types, as the public contract names them.
ACTION_CREATED = "proposed_action.created"
ACTION_APPROVED = "proposed_action.approved"
ACTION_DENIED = "proposed_action.denied"
# issue 16: one non-final approval under a two-person rule; expiry of an undecided action, and its warning
ACTION_APPROVAL_ADDED = "proposed_action.approval_added"
ACTION_EXPIRED = "proposed_action.expired"
ACTION_EXPIRING_SOON = "proposed_action.expiring_soon"
PERMISSION_GRANTED = "permission.granted"
ACTION_EXECUTED = "action.executed"
ACTION_FAILED = "action.failed"
TASK_STATUS_CHANGED = "backlog.task_status_changed"
TASK_ACTION_SETTLED = "task.action_settled"
# Issue 16: budgets for spend (actions.budgets).
SPEND_RECORDED = "spend.recorded"
BUDGET_THRESHOLD_CROSSED = "budget.threshold_crossed"
# The action lifecycle's event types (the project log also holds team, key and settings events).
EVENT_TYPES: tuple[str, ...] = (
    ACTION_CREATED,
    ACTION_APPROVED,
    ACTION_DENIED,
    ACTION_APPROVAL_ADDED,
    ACTION_EXPIRED,
    ACTION_EXPIRING_SOON,
    PERMISSION_GRANTED,
    ACTION_EXECUTED,
    ACTION_FAILED,
    TASK_STATUS_CHANGED,
    TASK_ACTION_SETTLED,
    SPEND_RECORDED,
    BUDGET_THRESHOLD_CROSSED,
)


class Actor:
    """Who did it: an agent, a person, or the system (policy, workers)."""

    __slots__ = ("kind", "id", "label")

    def __init__(self, kind: str, id: str = "", label: str = ""):
        self.kind, self.id, self.label = kind, id, label

    @classmethod
    def of_agent(cls, agent) -> Actor:
        return cls("agent", str(agent.id), agent.name)

    @classmethod
    def of_user(cls, user) -> Actor:
        return cls("user", str(user.pk), user.get_username())

    @classmethod
    def system(cls, label: str = "brabo") -> Actor:
        return cls("system", "", label)


def build(
    type: str, *, project_id, actor: Actor, action=None, payload: dict[str, Any] | None = None
) -> SessionEvent:
    """The unsaved event; ``record`` writes it, or the caller inserts it together with its action."""
    return SessionEvent(
        project_id=project_id,
        action=action,
        type=type,
        actor_kind=actor.kind,
        actor_id=actor.id,
        actor_label=actor.label,
        payload=payload or {},
    )


def record(
    type: str, *, project_id, actor: Actor, action=None, payload: dict[str, Any] | None = None
) -> SessionEvent:
    """Write the event in the caller's transaction (brabo.sql: every transition writes one)."""
    return sql.insert(build(type, project_id=project_id, actor=actor, action=action, payload=payload))
