"""An execution that fails at once costs next to nothing: the claim and the load of what
the execution reads are one statement on PostgreSQL, the settle reads nothing again, and a redelivered
message stays a no-op (R8.5)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions import execution
from actions.models import FAILED, ProposedAction, SessionEvent


def _failed_at_once(team, make_action, task=None):
    # a container project whose container is not running: the terminal executor refuses before any work
    action = make_action(team.project, "terminal", {"command": "make build"}, agent=team.agent, task=task)
    with CaptureQueriesContext(connection) as ctx:
        execution.execute(str(action.id))
    action.refresh_from_db()
    return action, ctx.captured_queries


def test_a_failure_at_once_is_settled_with_its_real_attempt_count(team, make_action):
    action, _ = _failed_at_once(team, make_action)
    assert action.status == FAILED and action.result["error"]["code"] == "container_not_running"
    failed = SessionEvent.objects.get(action=action, type="action.failed")
    assert failed.payload["attempts"] == 1 == action.attempts
    assert failed.payload["code"] == "container_not_running"


def test_a_redelivered_message_does_nothing(team, make_action):
    action, _ = _failed_at_once(team, make_action)
    with CaptureQueriesContext(connection) as ctx:
        execution.execute(str(action.id))  # the broker delivers the same message again
    assert len(ctx.captured_queries) == 1  # the claim finds nothing runnable: no load, no write
    assert ProposedAction.objects.get(id=action.id).attempts == 1
    assert SessionEvent.objects.filter(action=action, type="action.failed").count() == 1


def test_the_claim_loads_what_the_execution_reads_in_one_go(team, make_action):
    action, queries = _failed_at_once(team, make_action)
    sql = [q["sql"] for q in queries]
    # claim + load, the container's state, then the settle (its transaction, update, event); nothing reads
    # the action, its project, agent or attempts again
    reads_of_the_action = [q for q in sql if q.startswith("SELECT") and '"actions_proposedaction"' in q]
    expected = 0 if connection.vendor == "postgresql" else 1  # SQLite: the ORM's claim, then its load
    assert len(reads_of_the_action) == expected, sql
    after_load = sql[1:] if connection.vendor == "postgresql" else sql[2:]
    assert not any('"projects_agent"' in q and q.startswith("SELECT") for q in after_load), sql
    assert not any("attempts" in q and q.startswith("SELECT") for q in after_load), sql
