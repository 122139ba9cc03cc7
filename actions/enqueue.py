"""The one way to schedule an execution: after the transaction commits (R9.1, STYLE.md practice 2)."""

from __future__ import annotations

from django.db import transaction


def enqueue_execution(action_id) -> None:
    def _send():
        from .tasks import execute_action

        execute_action.delay(str(action_id))

    transaction.on_commit(_send)
