"""Where an API proposal runs is the project's to say, not the payload's (SPEC §5, where it runs).

Brabo runs an API proposal where the project says (its container, its sandbox, its runner), so a payload's
``runs_in`` claim changes nothing -- except ``"agent"`` on a type the agent runs itself, which Brabo then never
executes (actions.executors.runs_in_agent): that is decided as the agent's own machine, the strictest reading
of a command (no container floor, the path scope in every mode).
"""

from __future__ import annotations

import pytest

from actions import executors, services
from actions.models import ProposedAction
from actions.tests.conftest import Proposer
from containers.models import ProjectContainer
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS

COMMANDS = ["kill -9 1", "pip install pkg", "printenv API_KEY", "git status", "ls /tmp", "rm -rf .claude"]
RANK = {"auto_approve": 0, "require_approval": 1, "deny": 2}


@pytest.fixture
def running(team):
    ProjectContainer.objects.create(project=team.project, state="running")
    Proposer(team).write_permissions(allow=DEV_TERMINAL_ALLOW_PATTERNS)
    return team


def _propose(team, payload, action_type="terminal"):
    return services.propose_action(
        project=team.project, agent=team.agent, action_type=action_type, payload=payload
    ).action


@pytest.mark.parametrize("claim", ["sandbox", "host", "AGENT", "Agent ", 1, None, {"x": 1}])
def test_a_claim_other_than_agent_changes_nothing(running, claim):
    for command in COMMANDS:
        plain = _propose(running, {"command": command})
        claimed = _propose(running, {"command": command, "runs_in": claim})
        assert (claimed.status, claimed.reason) == (plain.status, plain.reason), (claim, command)


def test_an_agent_claim_is_decided_as_the_agents_machine_and_never_run_by_brabo(running):
    for command in COMMANDS:
        plain = _propose(running, {"command": command})
        claimed = _propose(running, {"command": command, "runs_in": "agent"})
        assert claimed.reason != "container_floor"
        if command != "git status":  # allowed by the seeds everywhere
            assert RANK[_decision(claimed)] >= RANK[_decision(plain)], command
    approved = ProposedAction.objects.filter(payload__runs_in="agent").exclude(
        status__in=["pending", "denied"]
    )
    assert [a.payload["command"] for a in approved] == ["git status"]
    assert executors.runs_in_agent(approved[0])  # the gate only: Brabo never runs it


def test_an_agent_claim_on_a_type_brabo_runs_is_ignored(running):
    plain = _propose(running, {"message": "x"}, "git_commit")
    claimed = _propose(running, {"message": "x", "runs_in": "agent"}, "git_commit")
    assert (claimed.status, claimed.reason) == (plain.status, plain.reason)


def _decision(action) -> str:
    return {"auto_approved": "auto_approve", "pending": "require_approval", "denied": "deny"}.get(
        action.status, "auto_approve"
    )
