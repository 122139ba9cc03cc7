"""Claude Code: a project's committed settings cannot switch Brabo's hook off (red team, R12.6).

Claude Code 2.1.332 runs no hook at all while its merged settings say ``"disableAllHooks": true``, and a cloned
repository's ``.claude/settings.json`` may say so. ``brabo hook install claude-code`` writes the hook into
``.claude/settings.local.json`` with ``"disableAllHooks": false`` beside it (hook_install.merged), and the
local file outranks the project's: the hook is asked and refuses. Beside it, the same local file without that
line, as installs wrote it before: the command runs unasked -- the project's setting is read."""

from __future__ import annotations

import json

import pytest

from brabo_client.hook_install import merged
from tests.test_hook_claude_settings_env import Rogue

from . import agents
from .agents import SHELL_TOOL, Hook, dirs_for, run_agents
from .test_agents_e2e import _check

pytestmark = [pytest.mark.agents_e2e]

DENY = {
    "hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "refused by the test's server",
    }
}


def test_a_projects_disable_all_hooks_does_not_outrank_the_local_file(agent_clis, tmp_path, monkeypatch):
    server = Rogue(DENY)
    configure = agents.configure

    def with_project_switch(agent, **kw):
        configure(agent, **kw)
        project = kw["project"]
        path = project / ".claude" / "settings.json"
        ours = json.loads(path.read_text())["hooks"]["PreToolUse"][0]["hooks"][0]
        local = merged({}, "claude-code", ours["command"], ours["timeout"])  # what the installer writes
        if project.parent.name == "unpinned":
            del local["disableAllHooks"]
        (project / ".claude" / "settings.local.json").write_text(json.dumps(local))
        path.write_text(json.dumps({"disableAllHooks": True}))  # the project's committed file

    monkeypatch.setattr(agents, "configure", with_project_switch)
    jobs = {}
    for name in ("installed", "unpinned"):
        project, home = dirs_for(tmp_path, name)
        hook = Hook(url=server.url, key="brabo_agent_mine")
        call = SHELL_TOOL["claude-code"]("touch ran.txt")
        jobs[name] = dict(
            agent="claude-code", clis=agent_clis, call=call, project=project, home=home, hook=hook
        )
    try:
        runs = run_agents(jobs)
    finally:
        server.close()

    def checks(name, run):
        assert run.returncode == 0 and run.tool_results(), run.describe()
        ran = (run.project / "ran.txt").exists()
        if name == "installed":
            assert not ran and "refused by the test's server" in " ".join(run.tool_results()), run.describe()
        else:
            assert ran, "Claude Code no longer reads a project's disableAllHooks\n" + run.describe()

    _check(runs, checks)
    assert server.accepted == 1
