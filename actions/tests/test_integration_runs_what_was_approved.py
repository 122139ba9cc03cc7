"""What runs is what was approved, once — end to end with a real Celery worker, Redis and PostgreSQL.

The stored action is changed after its decision by a raw UPDATE (as a bug would), then enqueued the production
way; the worker must fail it by name and touch nothing. Duplicate deliveries, a runner claiming work the worker
handed off, and a provider write whose answer was lost must each act at most once.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection, transaction
from rest_framework.test import APIClient

from actions import events
from actions.enqueue import enqueue_execution
from actions.models import ProposedAction, SessionEvent
from actions.tests.exec_fixtures import OWNER_TOKEN
from actions.tests.fake_provider import FakeProvider

from .test_integration_worker import wait_settled

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def enqueue(action, times: int = 1) -> None:
    with transaction.atomic():
        for _ in range(times):
            enqueue_execution(action.id)


def raw_payload(action, payload: dict) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE actions_proposedaction SET payload = %s::jsonb WHERE id = %s",
            [json.dumps(payload), str(action.id)],
        )


def failed_with(action, code: str) -> None:
    assert action.status == "failed", action.result
    assert action.result["error"]["code"] == code, action.result
    (failed,) = SessionEvent.objects.filter(action=action, type=events.ACTION_FAILED)
    assert failed.payload["code"] == code
    assert not SessionEvent.objects.filter(action=action, type=events.ACTION_EXECUTED).exists()


def test_a_payload_changed_after_approval_is_failed_by_the_worker_and_not_run(worker_dirs, team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8})
    raw_payload(action, {"value": 64})

    enqueue(action)
    action = wait_settled(action)

    failed_with(action, "payload_changed_after_approval")
    team.project.refresh_from_db()
    assert team.project.max_parallel == 2
    assert "Traceback" not in worker_dirs.log_text()


def test_an_unchanged_payload_with_any_numbers_runs_through_the_worker(worker_dirs, team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8, "big": 1e20, "r": 2.0, "z": -0.0})
    enqueue(action)
    action = wait_settled(action)
    assert action.status == "executed", action.result


def test_a_merge_whose_target_changed_after_approval_is_not_merged(
    worker_dirs, team, make_action, owner_token
):
    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token("github", f"{fake.url}/github")
        team.project.repository = "acme/app"
        team.project.save()
        fake.add_pr(7, base="main")
        action = make_action(team.project, "git_merge", {"pr": "7", "target_branch": "dev"})
        raw_payload(action, {"pr": "7", "target_branch": "main"})
        enqueue(action)
        action = wait_settled(action)

    failed_with(action, "payload_changed_after_approval")
    assert not fake.prs[7]["merged"] and fake.requests == []


def test_a_pr_whose_answer_was_lost_is_opened_once_by_the_worker(worker_dirs, team, make_action, owner_token):
    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token("github", f"{fake.url}/github")
        team.project.repository = "acme/app"
        team.project.save()
        fake.lose_answer = {"POST": 502}
        action = make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"})
        enqueue(action, times=2)  # and delivered twice
        action = wait_settled(action)
        worker_dirs.wait_idle()

    failed_with(action, "provider_outcome_unknown")
    assert action.attempts == 1
    assert len(fake.prs) == 1 and [r["method"] for r in fake.requests].count("POST") == 1


def test_work_handed_to_a_runner_is_claimed_once_whatever_is_delivered_twice(
    worker_dirs, team, world, make_action
):
    from containers.runners import issue_runner

    project = world.project(team.ws, "on-laptop", execution_mode="runner")
    _, key = issue_runner(actor=team.maintainer, project=project, name="laptop")
    runner = APIClient()
    runner.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    second = APIClient()
    second.credentials(
        HTTP_AUTHORIZATION=f"Bearer {issue_runner(actor=team.maintainer, project=project, name='desk')[1]}"
    )
    assert runner.get("/api/runner/work/?timeout=0").status_code == 204  # connected
    action = make_action(project, "terminal", {"command": "make test"})

    enqueue(action, times=2)  # two deliveries of the execution
    work = runner.get("/api/runner/work/?timeout=30")
    worker_dirs.wait_idle()

    assert work.status_code == 200, work.content
    body = work.json()
    assert body["action_id"] == str(action.id) and body["status"] == "executing"
    assert body["payload_hash"] == ProposedAction.objects.get(id=action.id).payload_hash
    assert second.get("/api/runner/work/?timeout=0").status_code == 204  # nothing left for another runner
    assert runner.get("/api/runner/work/?timeout=0").status_code == 204
    done = runner.post(
        f"/api/runner/work/{action.id}/result/",
        {"outcome": "executed", "result": {"exit_code": 0, "stdout": "", "stderr": "", "truncated": False}},
        format="json",
    )
    assert done.status_code == 200 and done.json()["status"] == "executed"
    action.refresh_from_db()
    assert action.attempts == 1
    assert SessionEvent.objects.filter(action=action, type=events.ACTION_EXECUTED).count() == 1
