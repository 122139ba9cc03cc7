"""R12.6 with the real CLIs: whatever else answers at BRABO_URL -- any JSON service on that port, answering 200
with what reads as the agent's allow (``{}`` is Codex's) -- is not Brabo, and the command hook refuses the tool
call: it takes a decision only from an answer that echoes the nonce it sent (``X-Brabo-Hook-Answer``).

Claude Code's HTTP hook reads the body itself and cannot ask for that proof: the pinned CLI runs the tool on
such an answer -- on a plain ``{}`` too (no decision: its own permissions apply), ``"onFailure": "block"``
notwithstanding, since a 200 is no failure (pinned here, so the README's advice -- the command form -- stays
true).
"""

from __future__ import annotations

import pytest

from tests.test_hook_answers_that_are_no_decision import ALLOW_OF, OneReply

from .agents import AGENTS, SHELL_TOOL, Hook, dirs_for, run_agents

pytestmark = [pytest.mark.agents_e2e]


def test_an_allow_from_a_service_that_is_not_brabo_runs_nothing(agent_clis, tmp_path):
    servers = {agent: OneReply("200 OK", ALLOW_OF[agent], echo=False) for agent in AGENTS}
    servers["claude-code-http"] = OneReply("200 OK", b"{}", echo=False)
    jobs = {}
    try:
        for name, agent in [(a, a) for a in AGENTS] + [("claude-code-http", "claude-code")]:
            project, home = dirs_for(tmp_path, name)
            url = servers[name].url
            http = name.endswith("http")
            jobs[name] = dict(
                agent=agent,
                clis=agent_clis,
                call=SHELL_TOOL[agent]("touch ran-on-anothers-allow.txt"),
                project=project,
                home=home,
                hook=Hook(
                    url=url,
                    key="brabo_agent_x",
                    form="http" if http else "command",
                    on_failure="block" if http else None,
                ),
            )
        runs = run_agents(jobs, workers=len(jobs))
    finally:
        for server in servers.values():
            server.close()
    failures = []
    for name, run in runs.items():
        ran = (run.project / "ran-on-anothers-allow.txt").exists()
        if run.returncode != 0 or not run.tool_results() or ran is not (name == "claude-code-http"):
            failures.append(f"--- {name}: ran={ran}\n{run.describe()}")
    assert not failures, "\n".join(failures)
