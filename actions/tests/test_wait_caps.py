"""Caps on concurrent waits: per agent and per workspace, in each web process; past one a wait is
refused 429 ``too_many_waits`` with Retry-After, before it waits — on the WSGI path too (the ASGI path is
covered by tests/test_async_waits.py)."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from actions import waiting

pytestmark = pytest.mark.django_db


def _pending(team) -> str:
    r = team.world.client(agent_key=team.agent_key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "make deploy"}}, format="json"
    )
    assert r.status_code == 201 and r.json()["status"] == "pending"
    return r.json()["id"]


def test_the_agents_cap_refuses_the_next_wait_with_retry_after(team, settings):
    settings.BRABO_MAX_WAITS_PER_AGENT = 2
    settings.BRABO_WAIT_RETRY_AFTER = 7
    action_id = _pending(team)
    agent = team.world.client(agent_key=team.agent_key)
    with ExitStack() as held:
        for _ in range(2):
            held.enter_context(
                waiting.wait_allowance(agent_id=team.agent.id, workspace_id=team.project.workspace_id)
            )
        r = agent.get(f"/api/actions/{action_id}/wait/?timeout=30")
        assert r.status_code == 429
        assert r.json()["reason"] == "too_many_waits" and r["Retry-After"] == "7"
        assert "this agent" in r.json()["detail"]
        # a read that does not wait is not a wait
        assert agent.get(f"/api/actions/{action_id}/wait/?timeout=0").status_code == 200
    assert waiting.waits_held(agent_id=team.agent.id) == 0
    assert agent.get(f"/api/actions/{action_id}/wait/?timeout=0.1").status_code == 200


def test_the_workspaces_cap_counts_every_waiter_of_the_workspace(team, settings):
    settings.BRABO_MAX_WAITS_PER_WORKSPACE = 1
    action_id = _pending(team)
    with waiting.wait_allowance(agent_id=None, workspace_id=team.project.workspace_id):
        r = team.world.client(team.owner).get(f"/api/actions/{action_id}/wait/?timeout=30")  # a person waits
        assert r.status_code == 429 and r.json()["reason"] == "too_many_waits"
        assert "this workspace" in r.json()["detail"]
        # another workspace's count is its own
        with waiting.wait_allowance(agent_id=None, workspace_id="another-workspace"):
            pass
    assert waiting.waits_held(workspace_id=team.project.workspace_id) == 0


def test_a_refused_allowance_takes_nothing(settings):
    settings.BRABO_MAX_WAITS_PER_AGENT = 2
    settings.BRABO_MAX_WAITS_PER_WORKSPACE = 100
    with (
        waiting.wait_allowance(agent_id="a", workspace_id="w"),
        waiting.wait_allowance(agent_id="a", workspace_id="w"),
    ):
        with pytest.raises(waiting.TooManyWaits):
            with waiting.wait_allowance(agent_id="a", workspace_id="w"):
                pass
        # refused by the agent's cap: the workspace's count did not move either
        assert waiting.waits_held(agent_id="a") == 2 and waiting.waits_held(workspace_id="w") == 2
    assert waiting.waits_held(agent_id="a") == 0 and waiting.waits_held(workspace_id="w") == 0
