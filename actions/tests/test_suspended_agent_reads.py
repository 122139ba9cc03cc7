"""A suspended agent (its principal left the workspace) cannot act (R1.6, R2.1): every agent route refuses it
403 ``agent_suspended`` -- the proposal, the wait, MCP -- and so do the routes that read its actions. ``GET
/api/actions/{id}/`` is the wait with ``timeout=0`` by another name: answering it would hand a suspended agent
(or whoever holds its key) the decision the wait refuses. Its own actions' state is for its principal's
successor to read, through the console or a person's token."""

from __future__ import annotations

import pytest

from actions.models import ProposedAction
from projects import teams

pytestmark = pytest.mark.django_db


def _pending(team, make_action) -> ProposedAction:
    return make_action(
        team.project, "terminal", {"command": "make deploy"}, agent=team.agent, status="pending"
    )


def _reads(action):
    return [
        f"/api/actions/{action.id}/",
        f"/api/actions/{action.id}/wait/?timeout=0",
        "/api/actions/",
        f"/api/actions/?project={action.project_id}",
    ]


@pytest.mark.parametrize("at", range(4))
def test_a_suspended_agents_reads_are_refused_as_its_wait_is(team, make_action, at):
    action = _pending(team, make_action)
    teams.remove_member(actor=team.owner, workspace=team.ws, username="max")  # dev-api's principal
    r = team.world.client(agent_key=team.agent_key).get(_reads(action)[at])
    assert r.status_code == 403, r.content
    assert r.json()["reason"] == "agent_suspended" and "dev-api" in r.json()["detail"]


@pytest.mark.parametrize("at", range(4))
def test_an_active_agent_still_reads_its_own_actions(team, make_action, at):
    action = _pending(team, make_action)
    r = team.world.client(agent_key=team.agent_key).get(_reads(action)[at])
    assert r.status_code == 200, r.content


def test_a_person_still_reads_a_suspended_agents_actions(team, make_action):
    action = _pending(team, make_action)
    teams.remove_member(actor=team.owner, workspace=team.ws, username="max")
    r = team.world.client(user=team.owner).get(f"/api/actions/{action.id}/")
    assert r.status_code == 200 and r.json()["id"] == str(action.id)
