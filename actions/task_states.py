"""The task's state machine (R8.3, R8.4): the one table of the moves an action's life makes on its task,
and the one function that makes them (actions.services moved a task "from anything but done",
actions.execution "only from awaiting_approval", each with its own UPDATE and event).

A move is named by what happened (``Trigger``); the table says from which statuses it applies and where it
goes. A task in any other status stays as it is, and no event is written. Every move is a status-guarded
UPDATE, so of two concurrent moves only one applies and only one ``backlog.task_status_changed`` is
recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from brabo import domain
from projects.models import Task

TODO, IN_PROGRESS, AWAITING_APPROVAL, BLOCKED, DONE = (
    "todo",
    "in_progress",
    "awaiting_approval",
    "blocked",
    "done",
)
STATUSES = (TODO, IN_PROGRESS, AWAITING_APPROVAL, BLOCKED, DONE)
OPEN = frozenset({TODO, IN_PROGRESS, AWAITING_APPROVAL, BLOCKED})  # everything but done: done is final


@dataclass(frozen=True)
class Move:
    frm: frozenset[str]
    to: str
    # the services' moves (re)write the blocked reason (blank unless the move blocks); the worker's do not
    sets_blocked: bool
    why: str


# Triggers: what happened to an action of the task.
ACTION_PENDING = "action_pending"
ACTION_DENIED = "action_denied"
ACTION_EXPIRED = "action_expired"
WAITER_BACK = "waiter_back"
WAITER_VANISHED = "waiter_vanished"
ACTION_SETTLED = "action_settled"
PR_MERGED = "pr_merged"

MOVES: dict[str, Move] = {
    ACTION_PENDING: Move(OPEN, AWAITING_APPROVAL, True, "an action of the task waits for a person (R8.4)"),
    ACTION_DENIED: Move(OPEN, IN_PROGRESS, True, "a person denied it: the task goes back to work"),
    ACTION_EXPIRED: Move(OPEN, IN_PROGRESS, True, "nobody decided it in time: the task goes back to work"),
    WAITER_BACK: Move(frozenset({BLOCKED}), AWAITING_APPROVAL, True, "the agent waits on its action again"),
    WAITER_VANISHED: Move(frozenset({AWAITING_APPROVAL}), BLOCKED, True, "the agent stopped waiting (infra)"),
    ACTION_SETTLED: Move(
        frozenset({AWAITING_APPROVAL}), IN_PROGRESS, False, "the awaited action executed or failed (R8.4)"
    ),
    PR_MERGED: Move(OPEN, DONE, False, "the task's PR was merged (R8.3)"),
}


def allowed(trigger: str, status: str) -> bool:
    """Does ``trigger`` move a task that is ``status``? (Already there is no move.)"""
    move = MOVES[trigger]
    return status in move.frm and status != move.to


def move_task(
    task,
    trigger: str,
    *,
    actor: domain.Actor,
    action=None,
    reason: str = "",
    source: str = "",
    event: dict[str, Any] | None = None,
) -> bool:
    """Apply ``trigger`` to ``task`` (a Task or its id) in the caller's transaction. Returns whether the
    task moved; when it did, one ``backlog.task_status_changed`` is recorded with ``event`` merged into its
    payload. ``reason``/``source`` are the blocked reason of a move that sets it."""
    move = MOVES[trigger]
    task_id = getattr(task, "pk", task)
    fields: dict[str, Any] = {"status": move.to, "updated_at": timezone.now()}
    if move.sets_blocked:
        fields.update(blocked_reason=reason, blocked_source=source)
    moved = Task.objects.filter(pk=task_id, status__in=move.frm).exclude(status=move.to).update(**fields)
    if not moved:
        return False
    project_id = getattr(task, "project_id", None) or action.project_id
    payload = {"taskId": str(task_id), "status": move.to}
    if move.sets_blocked and reason:
        payload.update(reason=reason, source=source)
    domain.record(
        domain.TASK_STATUS_CHANGED,
        project_id=project_id,
        actor=actor,
        action=action,
        payload={**payload, **(event or {})},
    )
    if isinstance(task, Task):
        task.status = move.to
    return True
