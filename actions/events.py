"""Writing domain events (R10.1). Callers pass the real actor; the row is written in the caller's transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from brabo import sql

from .models import SessionEvent

# R10.1 — the event types, as the public contract names them.
ACTION_CREATED = "proposed_action.created"
ACTION_APPROVED = "proposed_action.approved"
ACTION_DENIED = "proposed_action.denied"
PERMISSION_GRANTED = "permission.granted"
ACTION_EXECUTED = "action.executed"
ACTION_FAILED = "action.failed"
TASK_STATUS_CHANGED = "backlog.task_status_changed"
TASK_ACTION_SETTLED = "task.action_settled"
# Issue 16 — recorded by the expiry sweep and the budget ledger; notifications subscribe to them by name.
ACTION_EXPIRING_SOON = "proposed_action.expiring_soon"
ACTION_EXPIRED = "proposed_action.expired"
BUDGET_THRESHOLD_CROSSED = "budget.threshold_crossed"


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
    return announce(
        sql.insert(build(type, project_id=project_id, actor=actor, action=action, payload=payload))
    )


def announce(event: SessionEvent) -> SessionEvent:
    """What follows a written event once its transaction commits (issue 16): the project's live streams are
    woken, and an event of a notifying type is handed to the notifications worker. Callers that insert a
    built event themselves (the proposal path) call this right after the insert. Nothing here can fail the
    caller: both steps run after the commit and swallow a broker or Redis outage (the notifications sweep
    sends what could not be enqueued)."""
    from . import notifications, waiting

    waiting.publish(waiting.project_events_key(event.project_id))
    if notifications.notifies(event):
        transaction.on_commit(lambda: notifications.enqueue(event.pk))
    return event
