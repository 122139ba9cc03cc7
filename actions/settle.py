"""How an action that will never run is settled: denied by a person, expired undecided (R8.4, R10.1),
cancelled while a wait timer held it, or — a question — answered.

One writer for every such ending, so they cannot drift apart: the status and the result the agent reads, the
action's event, the task's ``task.action_settled`` and its move (the agent's turn again), and the wake-up
of whoever waits on the action. The caller holds the action locked and has checked who may end it.
"""

from __future__ import annotations

from typing import Any

from . import events, task_states, waiting
from .events import Actor
from .models import ProposedAction


def settle_without_running(
    action: ProposedAction,
    *,
    status: str,
    result: dict[str, Any],
    now,
    by: Actor,
    event_type: str,
    event_payload: dict[str, Any],
    task_trigger: str,
    also_saved: tuple[str, ...] = (),
    task_move_names_action: bool = True,
) -> None:
    """End ``action`` in ``status`` with ``result``; ``also_saved`` names the fields the caller set beside
    them (a denial's decider and reason). ``task_move_names_action``: whether the task's move event is on
    the action's timeline too (an expiry's is; a denial's never was — its timeline ends with the task's
    ``task.action_settled``, and clients read it so)."""
    # settled: a decision it carried (a cancelled approval's) is spent, so a row set back to runnable runs nothing
    action.status, action.settled_at, action.result, action.decision_seal = status, now, result, ""
    action.save(update_fields=["status", "settled_at", "result", "updated_at", "decision_seal", *also_saved])
    events.record(event_type, project_id=action.project_id, actor=by, action=action, payload=event_payload)
    if action.task_id:
        events.record(
            events.TASK_ACTION_SETTLED,
            project_id=action.project_id,
            actor=by,
            action=action,
            payload={"taskId": str(action.task_id), "status": status},
        )
        task_states.move_task(
            action.task, task_trigger, actor=by, action=action if task_move_names_action else None
        )
    waiting.publish(action.id)
