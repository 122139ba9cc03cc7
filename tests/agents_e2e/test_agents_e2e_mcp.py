"""MCP tool calls through each agent's real CLI: each is configured with a small stdio MCP server named
``github`` (``mcp_stub_server.py``: GitHub MCP's ``merge_pull_request`` arguments, and a tool no table knows)
and its pre-tool hook on Brabo with the matcher ``brabo hook install`` writes; the stand-in model asks for
the server's tools. What each hook sends is captured as the CLI sent it, and Brabo decides:

* ``merge_pull_request`` of PR 7, whose base on GitHub (the local fake, the workspace's provider) is ``main``:
  never auto-approved, even under an allow rule naming the tool (SPEC §5 step 6, the base read from GitHub);
* the same tool for PR 8, based on a feature branch: the allow rule approves it and the agent runs it;
* ``frobnicate_widgets``, which no rule names: waits for a person, so the agent does not run it.

The hook input shapes found (pinned versions, ``clis.PINS``) — asserted below field for field:

* Claude Code 2.1.332: ``tool_name: "mcp__github__merge_pull_request"``, ``tool_input`` the arguments as the
  model sent them, ``mcp_server: {"name": "github", "source": …}``, plus the usual PreToolUse fields. Its MCP
  tools reach the model only with ``ENABLE_TOOL_SEARCH=false`` (otherwise behind its ToolSearch tool).
* Gemini CLI 0.61.0: ``tool_name: "mcp_github_merge_pull_request"`` (one underscore: packages/core/src/
  tools/mcp-tool.ts), ``tool_input`` the arguments, ``mcp_context: {"server_name": "github", "tool_name":
  "merge_pull_request", "command": …, "args": […]}`` (coreToolHookTriggers.ts ``extractMcpContext``).
* Codex 0.171.0: ``tool_name: "mcp__github__merge_pull_request"``, ``tool_input`` the arguments, no server
  field. Codex shows MCP tools to the model only through ``tool_search`` (namespace ``mcp__github``), and
  with ``approval_policy = "never"`` runs them without asking: its hook is the one gate.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from actions.tests.exec_fixtures import OWNER_TOKEN
from actions.tests.fake_provider import FakeProvider

from .agents import AGENTS, McpStdio, dirs_for, run_agents
from .model_stub import ToolCall

pytestmark = [pytest.mark.agents_e2e, pytest.mark.django_db(transaction=True)]

SERVER = Path(__file__).with_name("mcp_stub_server.py")
MAIN_PR = {"owner": "acme", "repo": "app", "pullNumber": 7}  # based on main
FEATURE_PR = {"owner": "acme", "repo": "app", "pullNumber": 8}  # based on feature/login
UNKNOWN = {"count": 3}
# The MCP tool's name as each agent's model calls it, and as each agent's hook names it.
MODEL_NAME = {
    "claude-code": lambda tool: f"mcp__github__{tool}",
    "gemini-cli": lambda tool: f"mcp_github_{tool}",
    "codex": lambda tool: tool,  # in the namespace mcp__github its tool_search found
}
HOOK_NAME = {
    "claude-code": lambda tool: f"mcp__github__{tool}",
    "gemini-cli": lambda tool: f"mcp_github_{tool}",
    "codex": lambda tool: f"mcp__github__{tool}",
}


def _calls(agent: str, ready: Path) -> list[ToolCall]:
    wanted: list[tuple[str, dict[str, Any]]] = [
        ("merge_pull_request", MAIN_PR),
        ("merge_pull_request", FEATURE_PR),
        ("frobnicate_widgets", UNKNOWN),
    ]
    calls = [
        ToolCall(
            MODEL_NAME[agent](tool),
            args,
            f"toolu_mcp_{n}" if agent == "claude-code" else f"call_mcp_{n}",
            namespace="mcp__github" if agent == "codex" else None,
        )
        for n, (tool, args) in enumerate(wanted, 1)
    ]
    if agent == "codex":
        search = ToolCall("tool_search", {"query": "github merge pull request", "limit": 8}, "search_1")
        calls.insert(0, search)
        search.search, search.ready = True, str(ready)
    return calls


@pytest.fixture
def github(brabo, owner_token):
    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token("github", f"{fake.url}/github")
        fake.add_pr(7, head="feature/login", base="main")
        fake.add_pr(8, head="fix", base="feature/login")
        yield fake


def _lines(path: Path) -> list[dict]:
    return (
        [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
    )


def test_mcp_tool_calls_of_each_agent_are_governed_as_its_hook_sends_them(
    agent_clis, brabo, github, tmp_path
):
    brabo.policy(allow=["Mcp(github.merge_pull_request)"])
    jobs, files = {}, {}
    for agent in AGENTS:
        project, home = dirs_for(tmp_path, agent)
        ran, listed, capture = (tmp_path / agent / f for f in ("ran.jsonl", "listed", "hook.jsonl"))
        files[agent] = (project, ran, capture)
        hook = brabo.hook()
        hook.capture = capture
        server = McpStdio(
            "github",
            sys.executable,
            [str(SERVER)],
            {"MCP_STUB_RAN": str(ran), "MCP_STUB_LISTED": str(listed)},
        )
        jobs[agent] = dict(
            agent=agent,
            clis=agent_clis,
            call=_calls(agent, listed),
            project=project,
            home=home,
            hook=hook,
            mcp=server,
        )
    runs = run_agents(jobs)
    actions = [a for a in brabo.actions() if a.action_type == "mcp_call"]
    failures = []
    for agent in AGENTS:
        project, ran, capture = files[agent]
        try:
            _check(agent, runs[agent], project, _lines(ran), _lines(capture), actions)
        except AssertionError as exc:
            failures.append(f"--- {agent}: {exc}")
    assert not failures, "\n".join(failures)


def _check(agent, run, project, ran, captured, actions) -> None:
    assert run.returncode == 0, run.describe()
    # 1. what the hook was sent, field for field
    sent = [(body["tool_name"], body["tool_input"]) for body in captured]
    assert sent == [
        (HOOK_NAME[agent]("merge_pull_request"), MAIN_PR),
        (HOOK_NAME[agent]("merge_pull_request"), FEATURE_PR),
        (HOOK_NAME[agent]("frobnicate_widgets"), UNKNOWN),
    ], f"{captured}\n{run.describe()}"
    first = captured[0]
    assert first["hook_event_name"] == ("BeforeTool" if agent == "gemini-cli" else "PreToolUse")
    assert first["cwd"] == str(project)
    if agent == "claude-code":
        assert first["mcp_server"]["name"] == "github", first
        assert "mcp_context" not in first
    elif agent == "gemini-cli":
        context = first["mcp_context"]
        assert (context["server_name"], context["tool_name"]) == ("github", "merge_pull_request"), first
        assert context["args"] == [str(SERVER)] and "mcp_server" not in first
    else:
        assert "mcp_server" not in first and "mcp_context" not in first, first
    # 2. what Brabo made of it: one mcp_call each, decided
    mine = [a for a in actions if a.payload.get("agent_root") == str(project)]
    got = [(a.payload["server"], a.payload["tool"], a.payload["arguments"]) for a in mine]
    assert got == [
        ("github", "merge_pull_request", MAIN_PR),
        ("github", "merge_pull_request", FEATURE_PR),
        ("github", "frobnicate_widgets", UNKNOWN),
    ], got
    into_main, into_feature, unknown = mine
    assert (into_main.reason, into_main.payload["looked_up_base"]) == (
        "cap_protected_merge",
        {"branch": "main"},
    )
    assert into_main.status != "auto_approved"
    assert into_feature.reason == "allow_rule"
    assert into_feature.status in ("auto_approved", "executing", "executed")  # settled as the agent's run
    assert (unknown.status, unknown.reason) in (("pending", "default"), ("expired", "default"))
    # 3. what the agent did: only the approved merge ran
    assert ran == [{"tool": "merge_pull_request", "arguments": {**FEATURE_PR, "merge_method": "merge"}}], (
        f"{ran}\n{run.describe()}"
    )


def test_an_mcp_write_through_a_planted_link_does_not_run(agent_clis, brabo, tmp_path):
    """A server allowed to write (``Mcp(github.write_file)``, as a filesystem server given the home folder would
    be) is asked to write the project's ``notes.md`` -- a link the repository planted to the user's start-up file.
    The text names a project file; each agent's command hook follows the link on its own machine and the call
    waits for a person (nothing is proposed), so the server never runs it. A write to a plain project file runs
    (the guard). Failing on 86d1cb0: the stub server recorded the write through the link."""
    brabo.policy(allow=["Mcp(github.write_file)"])
    jobs, files = {}, {}
    for agent in ("claude-code", "gemini-cli"):
        project, home = dirs_for(tmp_path, agent)
        (project / "docs").mkdir()
        (project / "notes.md").symlink_to(home / ".bashrc")
        ran, listed = tmp_path / agent / "ran.jsonl", tmp_path / agent / "listed"
        files[agent] = (project, ran)
        server = McpStdio(
            "github",
            sys.executable,
            [str(SERVER)],
            {"MCP_STUB_RAN": str(ran), "MCP_STUB_LISTED": str(listed)},
        )
        calls = [
            ToolCall(
                MODEL_NAME[agent]("write_file"), {"path": str(project / path), "content": "x"}, f"toolu_w{n}"
            )
            for n, path in enumerate(("notes.md", "docs/a.md"), 1)
        ]
        jobs[agent] = dict(
            agent=agent,
            clis=agent_clis,
            call=calls,
            project=project,
            home=home,
            hook=brabo.hook(),
            mcp=server,
        )
    runs = run_agents(jobs)
    failures = []
    for agent, (project, ran) in files.items():
        wrote = [line["arguments"]["path"] for line in _lines(ran)]
        if wrote != [str(project / "docs/a.md")]:
            failures.append(f"--- {agent}: the server ran {wrote}\n{runs[agent].describe()}")
    assert not failures, "\n".join(failures)
