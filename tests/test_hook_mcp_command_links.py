# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""SPEC §5 (agent), R3.7, R4.10: an MCP tool that runs a command line on the agent's machine (Desktop Commander's
start_process, a shell server's run_command, tmux's send_keys ...; permissions/mcp.py ``shell_run``) is judged
as the agents' shell tool is -- and so are its command's words that lead through a symbolic link. The command
hook resolves them as it does a shell tool's (``links_in``: ``echo x >> notes.md`` where notes.md is a link to
~/.bashrc), from the folder the call names (its cwd argument, relative to the project root) or the project
root, and sends them (``tool_input.brabo_links``); a word leading outside the project, or to a file that
decides what runs later, is a person's decision. A tool that runs no command is not judged by such words.

These fail on a hook that resolves links only in the shell tool's command (the call is auto-approved under
``Mcp(desktop-commander)`` and ``Terminal(git status)``).
"""

from __future__ import annotations

from typing import Any

import pytest

from actions.models import ProposedAction
from brabo_client import hook
from permissions import mcp
from tests.test_agent_hooks_live import agent_input, claude_tool, hooked, verdict  # noqa: F401
from tests.test_hook_shell_links import planted  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

ALLOW = ["Terminal(git status)", "Mcp(desktop-commander)", "Mcp(shell)", "Mcp(tmux)", "Mcp(notes)"]


@pytest.fixture
def allowed(hooked):
    hooked.agent.write_permissions(allow=ALLOW, deny=[], ask=[])
    return hooked


CALLS = {
    "start_process, a file outside": (
        "mcp__desktop-commander__start_process",
        {"command": "git status notes.md"},
    ),
    "start_process, a folder outside": (
        "mcp__desktop-commander__start_process",
        {"command": "git status out/*"},
    ),
    "start_process, the agent's own settings": (
        "mcp__desktop-commander__start_process",
        {"command": "git status src/cfg"},
    ),
    "run_command in a sub-folder": (
        "mcp__shell__run_command",
        {"command": "git status ../out/x", "cwd": "src"},
    ),
    "run_command with argv": ("mcp__shell__run_command", {"command": "git", "args": ["status", "notes.md"]}),
    "tmux send_keys": ("mcp__tmux__send_keys", {"keys": "cd src && git status ../notes.md"}),
    "interact_with_process": ("mcp__desktop-commander__interact_with_process", {"input": "git status out/"}),
}


@pytest.mark.parametrize("case", list(CALLS))
def test_a_shell_running_mcp_tools_command_through_a_planted_link_waits_for_a_person(allowed, planted, case):
    tool, arguments = CALLS[case]
    body = {**claude_tool(tool, arguments), "cwd": str(planted)}
    code, answer, _ = allowed.command("claude-code", body, "--pending", "ask", root=str(planted))
    assert verdict("claude-code", code, answer) == "ask", answer
    assert "symbolic link" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize(
    "agent, tool", [("gemini-cli", "mcp_shell_run_command"), ("codex", "mcp__shell__run_command")]
)
def test_gemini_and_codex_mcp_commands_too(allowed, planted, agent, tool):
    body = {**agent_input(agent, tool, {"command": "git status notes.md"}), "cwd": str(planted)}
    code, answer, err = allowed.command(agent, body, root=str(planted))
    assert verdict(agent, code, answer) == "deny", (answer, err)
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("mcp__desktop-commander__start_process", {"command": "git status src/ok.py"}),
        ("mcp__desktop-commander__start_process", {"command": "git status docs/ok.py"}),  # a link inside
        ("mcp__shell__run_command", {"command": "git status", "cwd": "src"}),
        ("mcp__notes__search", {"input": "notes.md"}),  # runs no command: its words are not a command's
    ],
)
def test_a_call_whose_command_stays_inside_or_runs_nothing_is_judged_as_before(
    allowed, planted, tool, arguments
):
    body = {**claude_tool(tool, arguments), "cwd": str(planted)}
    code, answer, _ = allowed.command("claude-code", body, root=str(planted))
    assert verdict("claude-code", code, answer) == "allow", answer
    assert "brabo_links" not in ProposedAction.objects.get().payload["arguments"]


def test_the_hook_reads_the_command_arguments_the_server_reads():
    # the hook cannot import permissions/: its copy of the argument names is compared here
    assert hook.MCP_COMMAND_ARGS == mcp._COMMAND_ARGS
    assert hook.MCP_ARGV_ARGS == mcp._ARGV_ARGS
    assert hook.MCP_CWD_ARGS == mcp._CWD_ARGS


def test_the_hook_resolves_the_links_of_an_mcp_calls_command(planted, tmp_path):
    app, outside = str(planted), str(tmp_path / "outside")
    body = {
        **claude_tool("mcp__shell__run_command", {"command": "git status ../notes.md", "cwd": "src"}),
        "cwd": app,
    }
    out: Any = hook.resolve_links(body, app, "claude-code")[0]
    assert out["tool_input"]["brabo_links"] == {"../notes.md": f"{outside}/bashrc"}
    # a hostile brabo_links of the model's own is dropped; a list of words is read as one command line
    body["tool_input"] = {"command": "git", "args": ["status", "out/x"], "brabo_links": {}}
    out = hook.resolve_links(body, app, "claude-code")[0]
    assert out["tool_input"]["brabo_links"] == {"out/x": f"{outside}/x"}
    # two commands, or a command that is not text: not read here (the server cannot read them either)
    body["tool_input"] = {"command": "git status notes.md", "cmd": "x", "brabo_links": {"a": "b"}}
    out = hook.resolve_links(body, app, "claude-code")[0]
    assert "brabo_links" not in out["tool_input"]
