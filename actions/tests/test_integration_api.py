"""The whole path through the real API and a real worker: an agent proposes, the policy or a person
approves, the worker executes in the sandbox, and the result comes back through `wait` (R8.4, SPEC §9)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sandboxed_project(team, worker_dirs):
    from containers.bwrap import bwrap_path
    from containers.models import ProjectContainer

    if bwrap_path() is None and os.environ.get("CI") != "true":
        pytest.skip("bubblewrap is not installed")
    ProjectContainer.objects.create(project=team.project, state="running")
    # The project may have been created before worker_dirs pointed the folders at the worker's root.
    Path(team.project.root()).mkdir(parents=True, exist_ok=True)
    Path(team.project.root(), "hello.txt").write_text("hello from /work\n")
    return team.project


def test_a_person_approves_and_the_waiting_agent_gets_the_sandboxed_output(
    worker_dirs, team, sandboxed_project
):
    Path(sandboxed_project.permissions_path).write_text('{"allow": [], "deny": [], "ask": ["Terminal(cat)"]}')
    agent = team.world.client(agent_key=team.agent_key)
    created = agent.post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "cat hello.txt"}}, format="json"
    ).json()
    assert created["status"] == "pending", created

    approved = team.world.client(team.maintainer).post(
        f"/api/actions/{created['id']}/approve/", format="json"
    )
    assert approved.status_code == 200, approved.json()
    waited = agent.get(f"/api/actions/{created['id']}/wait/?timeout=60").json()

    assert waited["status"] == "executed", waited
    assert waited["result"]["stdout"] == "hello from /work\n"
    assert waited["result"]["exit_code"] == 0


def test_an_auto_approved_command_returns_its_result_in_the_proposal_call(
    worker_dirs, team, sandboxed_project
):
    agent = team.world.client(agent_key=team.agent_key)
    created = agent.post(
        "/api/actions/?wait=60",
        {"action_type": "terminal", "payload": {"command": "cat hello.txt"}},
        format="json",
    ).json()
    assert created["status"] == "executed", created  # container floor: auto-approved, executed at once
    assert created["result"]["stdout"] == "hello from /work\n"
