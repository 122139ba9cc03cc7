"""A trusted project's settings switch every hook off; ``brabo hook pin`` keeps them on (R12.6, red team).

Gemini CLI 0.61 reads ``"hooksConfig": {"enabled": false}`` from a trusted project's ``.gemini/settings.json``
and runs no hook at all -- an extension's, Brabo's, included -- and Codex 0.171 reads ``[features] hooks =
false`` (``codex_hooks``, its older name) from a trusted project's ``.codex/config.toml``: every tool then runs
unjudged. No file of the user's outranks the project's; a system file does, and that is what ``brabo hook pin``
writes (hook_pin): Gemini CLI's system settings with ``hooksConfig.enabled: true`` (merged last -- read only
when it and every folder above it are root's and writable by no one else, which hook_pin.why_gemini_skips
checks as Gemini CLI does), Codex's ``/etc/codex/requirements.toml`` with ``[features] hooks = true``.

Each case is the real CLI with Brabo's hook installed (Gemini CLI: the extension; Codex: ``$CODEX_HOME/
hooks.json``) in a trusted project whose settings switch hooks off, against a server that refuses every call.
The system files are laid over /etc for that run only (agents.private_etc: a mount namespace of its own), so
the machine's /etc is never touched. A trusted project's ``.env`` naming another system settings file
(``GEMINI_CLI_SYSTEM_SETTINGS_PATH``) does not move the pin: Gemini CLI has read it by then. Unpinned, the command runs (the project's switch is read -- if a CLI stops
reading it, this says so); pinned, Brabo is asked and refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest

from brabo_client.hook_pin import codex_pinned, gemini_pinned, project_switches_off, why_gemini_skips
from tests.test_hook_claude_settings_env import Rogue

from . import agents
from .agents import SHELL_TOOL, Hook, can_lay_over_etc, dirs_for, run_agents
from .test_agents_e2e import _check

pytestmark = [pytest.mark.agents_e2e]

CODEX_DENY = {
    "hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "refused by the test's server",
    }
}

# name -> (agent, what the project's settings say, the system file pinned (None: not pinned), whether Brabo's
# hook runs)
CASES: dict[str, tuple[str, Any, str | None, bool]] = {
    "gemini-unpinned": ("gemini-cli", {"hooksConfig": {"enabled": False}}, None, False),
    "gemini-pinned": ("gemini-cli", {"hooksConfig": {"enabled": False}}, "etc", True),
    # the pin where Gemini CLI will not read it: a folder above it (/tmp) anyone may write to
    "gemini-pinned-insecure": ("gemini-cli", {"hooksConfig": {"enabled": False}}, "tmp", False),
    # what Gemini CLI reads as off, as JavaScript tests ``hooksConfig.enabled``
    "gemini-zero-unpinned": ("gemini-cli", {"hooksConfig": {"enabled": 0}}, None, False),
    "gemini-not-object-unpinned": ("gemini-cli", {"hooksConfig": "off"}, None, False),
    "gemini-not-object-pinned": ("gemini-cli", {"hooksConfig": "off"}, "etc", True),
    # a trusted project's .env cannot move the pin away (settings are read before it; Gemini CLI's relaunch
    # left on)
    "gemini-pinned-dotenv": ("gemini-cli", {"hooksConfig": {"enabled": False}}, "etc", True),
    "gemini-pinned-gemini-dotenv": ("gemini-cli", {"hooksConfig": {"enabled": False}}, "etc", True),
    "codex-unpinned": ("codex", "[features]\nhooks = false\n", None, False),
    "codex-pinned": ("codex", "[features]\nhooks = false\n", "", True),
    "codex-pinned-older-name": ("codex", "[features]\ncodex_hooks = false\n", "# IT's\n[features]\n", True),
}
DOTENV = {"gemini-pinned-dotenv": ".env", "gemini-pinned-gemini-dotenv": ".gemini/.env"}


def test_a_pinned_system_setting_keeps_the_hooks_on_against_the_projects_switch(
    agent_clis, tmp_path, monkeypatch
):
    why_not = can_lay_over_etc(tmp_path)
    if why_not:
        pytest.skip(why_not)
    servers = {"gemini-cli": Rogue({"decision": "deny", "reason": "refused by the test's server"})}
    servers["codex"] = Rogue(CODEX_DENY)
    configure = agents.configure
    insecure = tmp_path / "gemini-pinned-insecure" / "system-settings.json"

    def with_project_switch(agent, **kw):
        configure(agent, **kw)
        project, home = kw["project"], kw["home"]
        _, switch, pin, _ = CASES[project.parent.name]
        etc = project.parent / "etc"
        if agent == "gemini-cli":
            path = project / ".gemini" / "settings.json"
            path.write_text(json.dumps({**json.loads(path.read_text()), **switch}))
            if pin == "etc":
                (etc / "gemini-cli").mkdir()
                (etc / "gemini-cli" / "settings.json").write_text(json.dumps(gemini_pinned({})))
            elif pin == "tmp":
                insecure.write_text(json.dumps(gemini_pinned({})))
            if project.parent.name in DOTENV:
                moved = "GEMINI_CLI_SYSTEM_SETTINGS_PATH=/nonexistent/settings.json\n"
                (project / DOTENV[project.parent.name]).write_text(moved)
        else:
            (project / ".codex").mkdir()
            (project / ".codex" / "config.toml").write_text(switch)
            user = home / ".codex" / "config.toml"
            trust = f'[projects."{project}"]\ntrust_level = "trusted"\n\n[model_providers.stub]'
            user.write_text(user.read_text().replace("[model_providers.stub]", trust))
            if pin is not None:
                (etc / "codex").mkdir()
                (etc / "codex" / "requirements.toml").write_text(codex_pinned(pin))

    monkeypatch.setattr(agents, "configure", with_project_switch)
    jobs = {}
    for name, (agent, _, pin, _) in CASES.items():
        project, home = dirs_for(tmp_path, name)
        etc = project.parent / "etc"
        etc.mkdir()
        env = {"GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(insecure)} if pin == "tmp" else {}
        if name in DOTENV:
            env["GEMINI_CLI_NO_RELAUNCH"] = ""  # its relaunch left on, as a person runs it
        hook = Hook(url=servers[agent].url, key="brabo_agent_mine")
        call = SHELL_TOOL[agent]("touch ran.txt")
        jobs[name] = dict(
            agent=agent, clis=agent_clis, call=call, project=project, home=home, hook=hook, env=env, etc=etc
        )
    try:
        runs = run_agents(jobs, workers=6)
    finally:
        for server in servers.values():
            server.close()

    def checks(name, run):
        agent, _, pin, hooked = CASES[name]
        assert run.returncode == 0 and run.tool_results(), run.describe()
        ran = (run.project / "ran.txt").exists()
        if hooked:
            assert not ran, run.describe()
            assert any("refused by the test's server" in r for r in run.tool_results()), run.describe()
        else:
            assert ran, f"{agent} no longer reads the project's switch (or the pin where it should not)\n" + (
                run.describe()
            )
        # the installer's warning reads the project's switch as the CLI does
        assert project_switches_off(agent, str(run.project)), name

    _check(runs, checks)
    # hook_pin says so of the file Gemini CLI skipped
    assert why_gemini_skips(str(insecure)) is not None
    assert servers["gemini-cli"].accepted == 4 and servers["codex"].accepted == 2
