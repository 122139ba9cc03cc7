"""An approved action whose agent is suspended (its principal left) or revoked before it runs is not run:
the worker's claim and a runner's claim both settle it as a named failure."""

from __future__ import annotations

import pytest
from django.utils import timezone

from actions import events, execution
from actions.tests.exec_fixtures import events_of
from projects import teams
from projects.services import revoke_agent


def _approved_spend(team, make_action):
    return make_action(
        team.project, "spend", {"amount": 5, "currency": "EUR", "purpose": "ci"}, agent=team.agent
    )


def test_an_active_agents_approved_action_runs(team, make_action):
    action = _approved_spend(team, make_action)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed"


def test_an_approved_action_of_an_agent_suspended_since_is_not_run(team, make_action):
    action = _approved_spend(team, make_action)
    # dev-api's principal (max) leaves the workspace between the approval and the worker's claim
    teams.remove_member(actor=team.owner, workspace=team.ws, username="max")

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "failed"
    assert action.result["error"]["code"] == "agent_suspended"
    assert "dev-api" in action.result["error"]["message"]
    assert "reassign" in action.result["error"]["next_step"]
    assert events_of(action, events.ACTION_EXECUTED) == []
    (failed,) = events_of(action, events.ACTION_FAILED)
    assert failed.payload["code"] == "agent_suspended"


def test_an_approved_action_of_an_agent_revoked_since_is_not_run(team, make_action):
    action = _approved_spend(team, make_action)
    revoke_agent(actor=team.maintainer, agent=team.agent)

    execution.execute(action.id)

    action.refresh_from_db()
    assert (action.status, action.result["error"]["code"]) == ("failed", "agent_revoked")
    assert events_of(action, events.ACTION_EXECUTED) == []


@pytest.mark.parametrize("stop", ["suspend", "revoke"])
def test_work_handed_to_a_runner_before_the_agent_stopped_is_never_claimed(world, team, make_action, stop):
    from containers.models import Runner, RunnerWork
    from containers.runners import claim_work, issue_runner

    mounted = world.project(team.ws, "mnt", execution_mode="mounted")
    agent, _ = world.agent(mounted, team.maintainer, "dev-mnt")
    runner, _ = issue_runner(actor=team.maintainer, project=mounted, name="laptop")
    Runner.objects.filter(id=runner.id).update(last_seen_at=timezone.now())
    action = make_action(mounted, "terminal", {"command": "ls"}, agent=agent)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executing"  # handed off to the runner, not yet claimed

    if stop == "suspend":
        teams.remove_member(actor=team.owner, workspace=team.ws, username="max")
    else:
        revoke_agent(actor=team.maintainer, agent=agent)

    assert claim_work(runner, timeout=0) is None
    action.refresh_from_db()
    code = "agent_suspended" if stop == "suspend" else "agent_revoked"
    assert (action.status, action.result["error"]["code"]) == ("failed", code)
    assert RunnerWork.objects.get(action=action).state == "reported"
