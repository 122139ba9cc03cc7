"""Codex: a hooks.json it cannot read in full is skipped whole -- Brabo's hook with it (R12.6, red team).

Codex 0.171 reads a handler's ``timeout`` as a whole number of seconds; a fraction (what ``brabo hook install
codex --agent-timeout 4.5`` wrote), ``5.0``, ``"5"`` or ``-1`` in any handler of the file, or a key beside
``hooks`` and ``description`` at its top (``model``, ``$schema``), and it runs no hook of that file and every tool unjudged, with no word of warning. An
unknown event or handler key, or a timeout of 0, it reads past. Each case is the real Codex with Brabo's hook
in ``$CODEX_HOME/hooks.json`` beside one such entry, against a server that refuses every call; the installer's
rule (hook_install.codex_file_problem) is checked against what Codex did, so a Codex that reads more (or less)
fails here and says which."""

from __future__ import annotations

import json

import pytest

from brabo_client.hook_install import codex_file_problem, codex_trusts
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


def _other(timeout) -> dict:
    return {"matcher": ".*", "hooks": [{"type": "command", "command": "true", "timeout": timeout}]}


# name -> (what is done to the file, whether Codex still runs Brabo's hook)
CASES = {
    "brabo-fraction": (lambda d: d["hooks"]["PreToolUse"][0]["hooks"][0].update(timeout=4.5), False),
    "other-fraction": (lambda d: d["hooks"]["PreToolUse"].append(_other(1.5)), False),
    "other-float": (lambda d: d["hooks"]["PreToolUse"].append(_other(5.0)), False),
    "other-string": (lambda d: d["hooks"].update(Stop=[_other("5")]), False),
    "other-negative": (lambda d: d["hooks"]["PreToolUse"].append(_other(-1)), False),
    "top-key": (lambda d: d.update(model="kept"), False),
    "top-schema": (lambda d: d.update({"$schema": "https://example.org/hooks.json"}), False),
    "top-description": (lambda d: d.update(description="mine"), True),
    "other-zero": (lambda d: d["hooks"]["PreToolUse"].append(_other(0)), True),
    "unknown-event": (lambda d: d["hooks"].update(SomeLaterEvent=[_other(7)]), True),
    "unknown-handler-key": (lambda d: d["hooks"]["PreToolUse"][0]["hooks"][0].update(note="x"), True),
}


def test_codex_skips_a_hooks_file_it_cannot_read_whole(agent_clis, tmp_path, monkeypatch):
    server = Rogue(DENY)
    configure = agents.configure
    written = {}

    def with_entry(agent, **kw):
        configure(agent, **kw)
        path = kw["home"] / ".codex" / "hooks.json"
        data = json.loads(path.read_text())
        name = kw["project"].parent.name
        CASES[name][0](data)
        path.write_text(json.dumps(data))
        written[name] = data

    monkeypatch.setattr(agents, "configure", with_entry)
    jobs = {}
    for name in CASES:
        project, home = dirs_for(tmp_path, name)
        call = SHELL_TOOL["codex"]("touch ran.txt")
        hook = Hook(url=server.url, key="brabo_agent_mine")
        jobs[name] = dict(agent="codex", clis=agent_clis, call=call, project=project, home=home, hook=hook)
    try:
        runs = run_agents(jobs, workers=5)
    finally:
        server.close()

    def checks(name, run):
        assert run.returncode == 0 and run.tool_results(), run.describe()
        hooked = CASES[name][1]
        assert (run.project / "ran.txt").exists() is not hooked, run.describe()
        if hooked:
            assert any("refused by the test's server" in r for r in run.tool_results()), run.describe()
        # the installer refuses exactly the files Codex skips
        assert (codex_file_problem(written[name]) is None) is hooked, written[name]

    _check(runs, checks)


# A project install (``brabo hook install codex``: the project's .codex/hooks.json) -- name -> (the project's
# trust in the user's config.toml, what the trusted project's own .codex/config.toml says, whether Codex runs
# Brabo's hook). Codex reads no .codex/ of a project it does not trust, and a trusted project's config.toml
# can turn every hook off ([features] hooks = false; codex_hooks is its older name): the installer warns of the
# first (hook_install.codex_trusts); of the second too: no file of the user's outranks the project's, the
# administrator's requirements.toml does (``brabo hook pin codex``: test_agents_e2e_hooks_pinned_on.py).
PROJECT_CASES = {
    "untrusted": (None, None, False),
    "trusted": ("project", None, True),
    "trusted-git-root": ("git-root", None, True),
    "features-hooks-off": ("project", "[features]\nhooks = false\n", False),
    "features-codex-hooks-off": ("project", "[features]\ncodex_hooks = false\n", False),
}


def test_codex_reads_a_projects_hooks_only_where_it_trusts_the_project(agent_clis, tmp_path, monkeypatch):
    server = Rogue(DENY)
    configure = agents.configure
    trusted = {}

    def as_project_install(agent, **kw):
        configure(agent, **kw)
        project, home = kw["project"], kw["home"]
        trust, config, _ = PROJECT_CASES[project.parent.name]
        (project / ".codex").mkdir()
        (home / ".codex" / "hooks.json").rename(project / ".codex" / "hooks.json")
        if config:
            (project / ".codex" / "config.toml").write_text(config)
        if trust == "git-root":
            agents.git_project(project.parent)
        user = home / ".codex" / "config.toml"
        where = project.parent if trust == "git-root" else project
        if trust:
            text = f'[projects."{where}"]\ntrust_level = "trusted"\n\n[model_providers.stub]'
            user.write_text(user.read_text().replace("[model_providers.stub]", text))
        monkeypatch.setenv("CODEX_HOME", str(home / ".codex"))
        trusted[project.parent.name] = codex_trusts(str(project))

    monkeypatch.setattr(agents, "configure", as_project_install)
    jobs = {}
    for name in PROJECT_CASES:
        project, home = dirs_for(tmp_path, name)
        call = SHELL_TOOL["codex"]("touch ran.txt")
        hook = Hook(url=server.url, key="brabo_agent_mine")
        jobs[name] = dict(agent="codex", clis=agent_clis, call=call, project=project, home=home, hook=hook)
    try:
        runs = run_agents(jobs, workers=1)  # one at a time: each names its CODEX_HOME for codex_trusts
    finally:
        server.close()

    def checks(name, run):
        assert run.returncode == 0 and run.tool_results(), run.describe()
        trust, _, hooked = PROJECT_CASES[name]
        assert (run.project / "ran.txt").exists() is not hooked, run.describe()
        assert trusted[name] is (trust is not None), (
            trusted
        )  # the installer's warning reads the trust as Codex

    _check(runs, checks)
