"""Runner API (R9.3): registration, long-poll, reports; its own key authentication."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from actions import execution
from containers.models import Runner


@pytest.fixture
def runner_project(world, team):
    return world.project(team.ws, "on-laptop", execution_mode="runner")


def runner_client(key: str) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return c


def register(client, project, name="laptop"):
    return client.post("/api/runners/", {"project": str(project.id), "name": name}, format="json")


def test_registration_needs_a_maintainer_of_the_project(team, world, runner_project):
    assert register(APIClient(), runner_project).status_code == 401
    assert register(world.client(team.outsider), runner_project).status_code == 404
    assert register(world.client(team.developer), runner_project).status_code == 403
    assert register(world.client(agent_key=team.agent_key), runner_project).status_code == 403
    ok = register(world.client(team.maintainer), runner_project)
    assert ok.status_code == 201
    assert ok.json()["key"].startswith("brabo_runner_")
    assert Runner.objects.get(id=ok.json()["id"]).key_hash != ok.json()["key"]
    assert register(world.client(team.maintainer), runner_project).status_code == 409


def test_work_endpoints_take_only_runner_keys(team, world, runner_project):
    assert APIClient().get("/api/runner/work/").status_code == 401
    assert runner_client(team.agent_key).get("/api/runner/work/").status_code == 401
    assert runner_client("brabo_runner_unknown").get("/api/runner/work/").status_code == 401
    personal = world.client(team.maintainer)
    assert personal.get("/api/runner/work/").status_code in (401, 403)


def test_a_terminal_in_a_runner_project_goes_to_its_runner_and_back(team, world, runner_project, make_action):
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    client = runner_client(key)
    assert client.get("/api/runner/work/?timeout=0").status_code == 204  # also marks the runner connected
    assert client.get("/api/runner/work/?timeout=99").status_code == 400

    action = make_action(runner_project, "terminal", {"command": "make test"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executing"

    work = client.get("/api/runner/work/?timeout=0")
    assert work.status_code == 200
    assert work.json()["action_id"] == str(action.id) and work.json()["payload"] == {"command": "make test"}
    done = client.post(
        f"/api/runner/work/{action.id}/result/",
        {"outcome": "executed", "result": {"exit_code": 0, "stdout": "ok", "stderr": "", "truncated": False}},
        format="json",
    )
    assert done.status_code == 200 and done.json()["status"] == "executed"
    again = client.post(
        f"/api/runner/work/{action.id}/result/", {"outcome": "executed", "result": {}}, format="json"
    )
    assert again.status_code == 409


def test_no_connected_runner_is_a_named_failure(team, runner_project, make_action, settings):
    runner = Runner.objects.create(project=runner_project, name="old", key_hash="x" * 64)
    Runner.objects.filter(id=runner.id).update(last_seen_at=timezone.now() - timezone.timedelta(hours=1))
    action = make_action(runner_project, "terminal", {"command": "ls"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.result["error"]["code"] == "no_connected_runner"


def test_a_refusal_is_a_named_failure_and_another_projects_runner_cannot_report(
    team, world, runner_project, make_action
):
    key = register(world.client(team.maintainer), runner_project).json()["key"]
    other = world.project(team.other_ws, "theirs", execution_mode="runner")
    other_key = register(world.client(team.outsider), other).json()["key"]
    client = runner_client(key)
    client.get("/api/runner/work/?timeout=0")
    action = make_action(runner_project, "terminal", {"command": "rm -rf build"})
    execution.execute(action.id)
    client.get("/api/runner/work/?timeout=0")

    stolen = runner_client(other_key).post(
        f"/api/runner/work/{action.id}/result/", {"outcome": "executed", "result": {}}, format="json"
    )
    assert stolen.status_code == 404
    refused = client.post(
        f"/api/runner/work/{action.id}/result/",
        {"outcome": "refused", "error": {"message": "not on my machine"}},
        format="json",
    )
    assert refused.json()["status"] == "failed"
    action.refresh_from_db()
    assert action.result["error"]["code"] == "runner_refused"
    assert "not on my machine" in action.result["error"]["message"]
