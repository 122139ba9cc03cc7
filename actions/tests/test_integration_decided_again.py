"""End to end with a real Celery worker, Redis and PostgreSQL: the worker runs a decision Brabo signed, under
the policy that gave it.

An agent's auto-approved action is enqueued the production way, after its proposal's commit; the policy is
tightened in that same transaction, so the worker that takes the message finds the policy changed: it decides
again and does not run it. And a pending action moved to approved by a raw UPDATE, then enqueued, is refused by
the worker as a forged decision.
"""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from actions import events, services
from actions.enqueue import enqueue_execution
from actions.models import ProposedAction, SessionEvent
from actions.waiting import wait_for
from permissions.decide import Permissions
from permissions.files import render_permissions
from projects.services import upsert_autonomy

from .test_integration_worker import WAIT, wait_settled

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

WRITE = {"path": "notes.md", "content": "x"}


def _redecided(action_id) -> SessionEvent:
    def seen():
        return SessionEvent.objects.filter(action_id=action_id, type=events.ACTION_REDECIDED).exists()

    assert wait_for(str(action_id), seen, WAIT), f"action {action_id} was not decided again"
    return SessionEvent.objects.get(action_id=action_id, type=events.ACTION_REDECIDED)


def _proposed_then(team, tighten) -> ProposedAction:
    """The agent's auto-approved action and the tightening commit together; the worker's message follows."""
    upsert_autonomy(actor=team.owner, agent=team.agent, action_type="write_file", mode="auto_approve")
    with transaction.atomic():
        action = services.propose_action(
            project=team.project, agent=team.agent, action_type="write_file", payload=WRITE
        ).action
        assert action.status == "auto_approved"
        tighten(team)
    return action


def test_an_autonomy_taken_back_before_the_run_denies_the_queued_action(worker_dirs, team):
    action = _proposed_then(
        team,
        lambda t: upsert_autonomy(actor=t.owner, agent=t.agent, action_type="write_file", mode="deny"),
    )
    event = _redecided(action.id)
    action.refresh_from_db()
    assert action.status == "denied" and event.payload["reason"] == "policy_changed_before_run"
    assert not SessionEvent.objects.filter(action=action, type=events.ACTION_EXECUTED).exists()
    assert "Traceback" not in worker_dirs.log_text()


def _ask_in_the_file_on_disk(team):
    """An outside edit of permissions.json (a git pull, an agent): stricter, so it applies until accepted."""
    path = team.project.permissions_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_permissions(Permissions(ask=("WriteFile()",))))


def test_a_policy_that_now_asks_sends_the_queued_action_to_a_person(worker_dirs, team):
    action = _proposed_then(team, _ask_in_the_file_on_disk)
    event = _redecided(action.id)
    action.refresh_from_db()
    assert action.status == "pending" and event.payload["status"] == "pending"

    services.approve_action(action_id=action.id, actor=team.maintainer)  # a person decides: it goes to run
    action = wait_settled(action)
    refusals = (
        "decision_forged",
        "policy_changed_before_run",
        "approval_missing",
        "action_changed_after_approval",
    )
    result = action.result or {}
    assert action.status == "executed" or result["error"]["code"] not in refusals, result


def test_a_pending_action_set_approved_in_the_database_is_refused_by_the_worker(worker_dirs, team):
    action = services.propose_action(
        project=team.project, user=team.owner, action_type="raise_max_parallel", payload={"value": 8}
    ).action
    assert action.status == "pending"
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE actions_proposedaction SET status = 'approved', decided_by_id = %s WHERE id = %s",
            [team.owner.pk, str(action.id)],
        )
    with transaction.atomic():
        enqueue_execution(action.id)
    action = wait_settled(action)

    result = action.result or {}
    assert action.status == "failed" and result["error"]["code"] == "decision_forged", result
    team.project.refresh_from_db()
    assert team.project.max_parallel == 2
