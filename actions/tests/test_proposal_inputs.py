"""A proposal's inputs (the agent's autonomy rows, whether a two-person rule exists, the container's state) read
in authentication's own statement on PostgreSQL: the same values the proposal loader reads, in one round
trip; elsewhere the loader reads them itself."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions.models import ApprovalRule
from actions.policy_input import InputsRider, proposal_inputs
from containers.models import ProjectContainer
from projects.authentication import authenticate_agent_key
from projects.models import AutonomyRule
from projects.services import set_autonomy

ON_POSTGRES = connection.vendor == "postgresql"


def _both(team):
    rider = InputsRider()
    agent = authenticate_agent_key(team.agent_key, rider)
    return rider.inputs_for(agent), proposal_inputs(agent.project, agent)


def test_authentication_reads_what_the_proposal_loader_reads_in_every_state(team):
    states = []
    ridden, loaded = _both(team)
    states.append((ridden, loaded))
    set_autonomy(
        agent=team.agent,
        rows=[
            {"action_type": "terminal", "mode": "auto_approve"},
            {"action_type": "git_push", "mode": "deny"},
            {"action_type": "file_write", "mode": "require_approval"},
        ],
        actor=team.maintainer,
    )
    states.append(_both(team))
    ApprovalRule.objects.create(
        project=team.project, action_type="terminal", approvals=2, min_role="maintainer"
    )
    states.append(_both(team))
    container = ProjectContainer.objects.create(project=team.project, state="running", cpu=1, memory_mb=256)
    states.append(_both(team))
    ProjectContainer.objects.filter(pk=container.pk).update(state="stopped")
    states.append(_both(team))

    for ridden, loaded in states:
        if ON_POSTGRES:
            assert ridden == loaded
        else:
            assert ridden is None  # nothing added to the statement: the loader reads them
    *_, (_, last) = states
    assert [(row.action_type, row.mode) for row in last.autonomy] == [
        ("file_write", "require_approval"),
        ("git_push", "deny"),
        ("terminal", "auto_approve"),
    ]
    assert last.has_approval_rules and last.container_running is False
    assert states[3][1].container_running is True and not states[0][1].has_approval_rules


def test_another_agents_rows_and_another_projects_rules_are_not_read(team):
    AutonomyRule.objects.create(agent=team.other_agent, action_type="terminal", mode="auto_approve")
    ApprovalRule.objects.create(
        project=team.other_project, action_type="terminal", approvals=2, min_role="maintainer"
    )
    ProjectContainer.objects.create(project=team.other_project, state="running", cpu=1, memory_mb=256)
    ridden, loaded = _both(team)
    assert loaded.autonomy == () and not loaded.has_approval_rules and not loaded.container_running
    if ON_POSTGRES:
        assert ridden == loaded


def test_inputs_are_handed_over_once(team):
    rider = InputsRider()
    agent = authenticate_agent_key(team.agent_key, rider)
    first = rider.inputs_for(agent)
    assert rider.inputs_for(agent) is None  # a second proposal would read its own
    assert (first is not None) == ON_POSTGRES


@pytest.mark.skipif(not ON_POSTGRES, reason="the inputs ride along on PostgreSQL only")
def test_a_proposal_reads_its_inputs_in_authentications_statement(team, agent_api):
    set_autonomy(agent=team.agent, rows=[{"action_type": "git_push", "mode": "deny"}], actor=team.maintainer)
    agent_api.propose("terminal", {"command": "make warm-up"})  # prepared statements, caches
    with CaptureQueriesContext(connection) as ctx:
        resp = agent_api.propose("terminal", {"command": "make target"})
    assert resp.status_code == 201, resp.content
    reading_rows = [q["sql"] for q in ctx.captured_queries if "projects_autonomyrule" in q["sql"]]
    assert len(reading_rows) == 1 and "key_hash" in reading_rows[0]
    assert not any(
        "actions_approvalrule" in q["sql"] and "key_hash" not in q["sql"] for q in ctx.captured_queries
    )
