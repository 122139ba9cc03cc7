"""§5, where it runs, approve then retry (R12.6), through the real agents: a tool call that needs a person is
refused while it waits; once a person approves that action, the same call retried by the agent runs —
once: the approval is used up, and a further retry waits for a person again.

Fails on a Brabo without R12.6's retry rule (each retry is a new pending action; approving changes nothing).
"""

from __future__ import annotations

import pytest

from .agents import AGENTS, SHELL_TOOL, dirs_for, run_agents

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]

COMMAND = "echo ran >> approved.log"  # no rule names it: a person must decide


def test_approve_then_retry_runs_the_tool_once(agent_clis, brabo, tmp_path):
    """The three agents side by side, each in its own project (so each one's calls are its own action: the
    working directory is part of what a retry repeats), the steps taken in lockstep."""
    from actions import services

    brabo.policy()
    hook = brabo.hook(args=("--timeout", "0"))  # nobody is waited for: refused, pending in the console
    dirs = {agent: dirs_for(tmp_path, agent) for agent in AGENTS}

    def attempt() -> dict:
        runs = run_agents(
            {
                agent: dict(
                    agent=agent,
                    clis=agent_clis,
                    call=SHELL_TOOL[agent](COMMAND),
                    project=project,
                    home=home,
                    hook=hook,
                )
                for agent, (project, home) in dirs.items()
            }
        )
        for run in runs.values():
            assert run.returncode == 0 and run.tool_results(), run.describe()
        return runs

    def logs() -> dict:
        return {
            agent: (project / "approved.log").read_text() if (project / "approved.log").exists() else None
            for agent, (project, _) in dirs.items()
        }

    def described(runs: dict) -> str:
        return "\n".join(run.describe() for run in runs.values())

    runs = attempt()
    assert logs() == dict.fromkeys(AGENTS), described(runs)
    pending = brabo.actions()
    assert [(a.status, a.payload["command"]) for a in pending] == [("pending", COMMAND)] * len(AGENTS)
    for action in pending:
        services.approve_action(action_id=action.id, actor=brabo.team.maintainer)

    runs = attempt()
    assert logs() == dict.fromkeys(AGENTS, "ran\n"), "an approved retry did not run\n" + described(runs)

    runs = attempt()  # the approvals were used: these retries wait for a person again
    assert logs() == dict.fromkeys(AGENTS, "ran\n"), described(runs)
    assert [a.status for a in brabo.actions()].count("pending") == len(AGENTS)
