"""Issue 22, approve then retry (R12.6), through the real agents: a tool call that needs a person is
refused while it waits; once a person approves that action, the same call retried by the agent runs —
once: the approval is used up, and a further retry waits for a person again.

Fails on a Brabo without R12.6's retry rule (each retry is a new pending action; approving changes nothing).
"""

from __future__ import annotations

import pytest

from .agents import AGENTS, SHELL_TOOL, run_agent

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]

COMMAND = "echo ran >> approved.log"  # no rule names it: a person must decide


@pytest.mark.parametrize("agent", AGENTS)
def test_approve_then_retry_runs_the_tool_once(agent, agent_clis, brabo, agent_dirs):
    from actions import services

    project, home = agent_dirs
    log = project / "approved.log"
    brabo.policy()
    hook = brabo.hook(args=("--timeout", "1"))  # nobody answers within 1 s: refused, pending in the console

    def attempt():
        run = run_agent(agent, agent_clis, SHELL_TOOL[agent](COMMAND), project=project, home=home, hook=hook)
        assert run.returncode == 0 and run.tool_results(), run.describe()
        return run

    run = attempt()
    assert not log.exists(), run.describe()
    [pending] = brabo.actions()
    assert pending.status == "pending" and pending.payload["command"] == COMMAND

    services.approve_action(action_id=pending.id, actor=brabo.team.maintainer)
    run = attempt()
    assert log.is_file() and log.read_text() == "ran\n", "the approved retry did not run\n" + run.describe()

    run = attempt()  # the approval was used: this retry waits for a person again
    assert log.read_text() == "ran\n", run.describe()
    assert [a.status for a in brabo.actions()].count("pending") == 1
