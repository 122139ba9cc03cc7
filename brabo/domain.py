"""The shared kernel every app stands on: who acted (:class:`Actor`) and the append-only event
log's writers (R10.1). It imports no app: the event log's model (``actions.SessionEvent``, whose rows point
at actions) is handed to it once by the composition root (``brabo.wiring``) — a port, so projects and
containers record their events without importing actions.
"""

from __future__ import annotations

from typing import Any

from brabo import sql

# R10.1 — the event types, as the public contract names them.
ACTION_CREATED = "proposed_action.created"
ACTION_APPROVED = "proposed_action.approved"
ACTION_DENIED = "proposed_action.denied"
PERMISSION_GRANTED = "permission.granted"
ACTION_EXECUTED = "action.executed"
ACTION_FAILED = "action.failed"
TASK_STATUS_CHANGED = "backlog.task_status_changed"
TASK_ACTION_SETTLED = "task.action_settled"


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


# The event log's model, installed by the app that owns it (``install_event_log``), and what follows each
# written event (live updates and notifications).
_event_log: Any = None
_on_recorded: Any = None


def install_event_log(model, on_recorded=None) -> None:
    """The port's one setter: ``actions`` hands over its ``SessionEvent`` model when the app registry is
    ready, and the function every written event is passed to (``actions.announce``)."""
    global _event_log, _on_recorded
    _event_log = model
    _on_recorded = on_recorded


def _model():
    if _event_log is None:  # a programming error, never a user's: the actions app is always installed
        raise RuntimeError("the event log is not installed (brabo.wiring did not run)")
    return _event_log


def build(type: str, *, project_id, actor: Actor, action=None, payload: dict[str, Any] | None = None):
    """The unsaved event; ``record`` writes it, or the caller inserts it together with its action."""
    return sql.new(
        _model(),
        project_id=project_id,
        action=action,
        type=type,
        actor_kind=actor.kind,
        actor_id=actor.id,
        actor_label=actor.label,
        payload=payload or {},
    )


def record(type: str, *, project_id, actor: Actor, action=None, payload: dict[str, Any] | None = None):
    """Write the event in the caller's transaction (brabo.sql: every transition writes one)."""
    event = sql.insert(build(type, project_id=project_id, actor=actor, action=action, payload=payload))
    if _on_recorded is not None:
        _on_recorded(event)
    return event
