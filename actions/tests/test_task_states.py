"""The task's one state machine: every trigger from every status — the allowed moves move the
task and write one event, the refused ones leave it and write nothing."""

from __future__ import annotations

import pytest

from actions import task_states
from actions.models import SessionEvent
from actions.task_states import MOVES, STATUSES, allowed, move_task
from brabo.domain import TASK_STATUS_CHANGED, Actor
from projects.models import Task

CASES = [(trigger, status) for trigger in MOVES for status in STATUSES]

# The rules as the issue states them, written out independently of the table.
EXPECTED = {
    "action_pending": {"todo", "in_progress", "blocked"},  # from anything but done (and not already there)
    "action_denied": {"todo", "awaiting_approval", "blocked"},
    "action_expired": {"todo", "awaiting_approval", "blocked"},  # as a denial does
    "waiter_back": {"blocked"},
    "waiter_vanished": {"awaiting_approval"},
    "action_settled": {"awaiting_approval"},  # the worker: only from awaiting_approval
    "pr_merged": {"todo", "in_progress", "awaiting_approval", "blocked"},
}


def _events(task):
    return list(SessionEvent.objects.filter(type=TASK_STATUS_CHANGED, payload__taskId=str(task.pk)))


def test_the_table_is_the_rule_the_issue_names():
    assert {t: {s for s in STATUSES if allowed(t, s)} for t in MOVES} == EXPECTED
    assert all(not allowed(t, task_states.DONE) for t in MOVES)  # done is final


@pytest.mark.parametrize("trigger,status", CASES)
def test_each_transition_moves_or_is_refused(team, trigger, status):
    task = Task.objects.create(
        project=team.project, title="t", status=status, blocked_reason="earlier", blocked_source="infra"
    )
    moved = move_task(task, trigger, actor=Actor.system("test"), reason="why", source="infra")
    task.refresh_from_db()
    if status in EXPECTED[trigger]:
        to = MOVES[trigger].to
        assert moved and task.status == to
        [event] = _events(task)
        assert event.payload["status"] == to and event.actor_label == "test"
        if MOVES[trigger].sets_blocked:
            assert (task.blocked_reason, task.blocked_source) == ("why", "infra")
            assert (event.payload["reason"], event.payload["source"]) == ("why", "infra")
        else:
            assert (task.blocked_reason, task.blocked_source) == ("earlier", "infra")
            assert "reason" not in event.payload
    else:
        assert not moved and task.status == status
        assert (task.blocked_reason, task.blocked_source) == ("earlier", "infra")
        assert _events(task) == []


def test_a_second_identical_move_is_no_move(team):
    task = Task.objects.create(project=team.project, title="t", status="todo")
    assert move_task(task, "action_pending", actor=Actor.system())
    assert not move_task(task, "action_pending", actor=Actor.system())
    assert len(_events(task)) == 1
