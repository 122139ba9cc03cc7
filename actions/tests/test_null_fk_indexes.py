"""The foreign keys an agent's proposal leaves NULL (task, proposing person, decider) are indexed over their
non-NULL rows only: every lookup by them still finds its rows through the index, the database's own check
when a task or a person is deleted included, and an insert with them NULL writes no entry there."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection

from actions.models import ProposedAction
from projects.models import Task

pytestmark = pytest.mark.django_db

PARTIAL = {
    "task_id": "action_task_idx",
    "proposed_by_user_id": "action_proposed_by_user_idx",
    "decided_by_id": "action_decided_by_idx",
}


def _plan(sql: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SET LOCAL enable_seqscan = off"
        )  # the plan the index allows, whatever the table's size
        cursor.execute("EXPLAIN " + sql)
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.parametrize("column", sorted(PARTIAL))
def test_a_lookup_by_a_mostly_null_foreign_key_uses_its_partial_index(team, column):
    if connection.vendor != "postgresql":
        pytest.skip("the plan is PostgreSQL's")
    table = ProposedAction._meta.db_table
    # a prepared, generic lookup as the foreign key's own check runs it (the value unknown when planned)
    with connection.cursor() as cursor:
        cursor.execute(f'PREPARE by_fk AS SELECT 1 FROM "{table}" WHERE "{column}" = $1')
    try:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        value = f"'{uuid.uuid4()}'" if column == "task_id" else "1"  # a literal: EXECUTE takes no $n
        assert PARTIAL[column] in _plan(f"EXECUTE by_fk({value})")
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DEALLOCATE by_fk")


def test_a_tasks_actions_are_found_and_deleting_the_task_still_clears_them(team, agent_api):
    task = Task.objects.create(project=team.project, title="index me")
    created = agent_api.propose("terminal", {"command": "make lint"}, task=task).json()
    assert list(ProposedAction.objects.filter(task=task).values_list("id", flat=True)) == [
        ProposedAction.objects.get(id=created["id"]).id
    ]
    task.delete()  # SET_NULL: the database's and the ORM's lookups by task_id
    assert ProposedAction.objects.get(id=created["id"]).task_id is None
