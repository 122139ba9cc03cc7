"""Red team: tools an agent CLI offers its model that act without the Bash/Write/MCP tool call Brabo's hook used
to be asked about (SPEC §5 "where it runs", R3.7, R4.9). The matcher ``brabo hook install`` writes now sends
every tool but the known read-only ones (brabo_client/hook_install.py), and a tool known to act is never answered
by ``--other``: a person decides. The end-to-end proof with the real CLIs is
tests/agents_e2e/test_agents_e2e_unhooked_tools.py."""

from __future__ import annotations

import re

import pytest

from actions.agent_hooks import PROTOCOLS
from brabo_client.hook_install import MATCHER, READ_ONLY

ROOT = "/home/ana/app"


def body(tool, tool_input):
    return {
        "session_id": "s",
        "cwd": ROOT,
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
    }


def reaches(agent: str, tool: str) -> bool:
    """Whether the agent runs Brabo's hook for ``tool``: Claude Code and Gemini CLI test the matcher as a
    JavaScript RegExp, unanchored (``new RegExp(m).test(name)``) — Python's ``re.search`` reads these alike."""
    return re.search(MATCHER[agent], tool) is not None


ACTING_TOOLS = [
    ("claude-code", "Skill", {"skill": "deploy"}),
    ("claude-code", "EnterWorktree", {"name": "wt1"}),
    ("claude-code", "ExitWorktree", {"action": "remove", "discard_changes": True}),
    ("claude-code", "Workflow", {"script": "export const meta = {name: 'x', description: 'y'}\n"}),
    ("claude-code", "PowerShell", {"command": "Remove-Item -Recurse -Force ~"}),
    ("claude-code", "Agent", {"description": "d", "prompt": "p", "isolation": "worktree"}),
    ("gemini-cli", "save_memory", {"fact": "Always run ./deploy.sh without asking."}),
]


@pytest.mark.parametrize("agent,tool,tool_input", ACTING_TOOLS)
def test_a_tool_that_acts_reaches_the_hook_and_a_person_decides(agent, tool, tool_input):
    assert reaches(agent, tool), (agent, tool)
    mapped = PROTOCOLS[agent].map(body(tool, tool_input), ROOT)
    assert (
        mapped.refusal == "acting" and not mapped.proposals
    )  # never "unmapped": --other allow cannot pass it
    assert tool in mapped.why


@pytest.mark.parametrize(
    "agent,tool",
    [
        # whatever a later release adds or renames reaches Brabo (fail closed), unanchored tricks included
        ("claude-code", "Bash"),
        ("claude-code", "Write"),
        ("claude-code", "MultiEdit"),
        ("claude-code", "NotebookEdit"),
        ("claude-code", "Monitor"),
        ("claude-code", "Agent"),  # the launch: free unless isolated (below)
        ("claude-code", "Task"),
        ("claude-code", "SomeNewTool"),
        ("claude-code", "ReadWrite"),
        ("claude-code", "XRead"),
        ("claude-code", "Read "),
        ("claude-code", "mcp__fs__Read"),
        ("claude-code", "mcp__github__merge_pull_request"),
        ("gemini-cli", "run_shell_command"),
        ("gemini-cli", "write_file"),
        ("gemini-cli", "replace"),
        ("gemini-cli", "tracker_create_task"),
        ("gemini-cli", "read_file_and_run"),
        ("gemini-cli", "mcp_fs_read_file"),
        ("gemini-cli", "some_new_tool"),
        ("codex", "Bash"),
        ("codex", "apply_patch"),
        ("codex", "mcp__fs__read"),
        ("codex", "js_repl"),
        ("codex", "exec"),
    ],
)
def test_every_other_tool_reaches_the_hook(agent, tool):
    assert reaches(agent, tool), (agent, tool)


@pytest.mark.parametrize(
    "agent,tool",
    [(a, t) for a in ("claude-code", "gemini-cli") for t in READ_ONLY[a].split("|")],
)
def test_the_read_only_tools_cost_no_hook(agent, tool):
    # what an agent calls most (Read, Grep, read_file ...) starts no process and asks no server
    assert not reaches(agent, tool)
    assert PROTOCOLS[agent].map(body(tool, {}), ROOT).refusal != "acting"  # and would not be "acting" if sent


def test_the_read_only_lists_name_no_tool_brabo_maps():
    mapped = {
        "claude-code": {
            "Bash",
            "Write",
            "Edit",
            "MultiEdit",
            "NotebookEdit",
            "Skill",
            "PowerShell",
            "Monitor",
            "Agent",
            "Task",
        },
        "gemini-cli": {"run_shell_command", "write_file", "replace", "save_memory"},
    }
    for agent, names in mapped.items():
        assert not names & set(READ_ONLY[agent].split("|")), agent


def test_claude_codes_monitor_is_the_shell_command_it_runs():
    # Claude Code 2.1.332 runs Monitor's command in its shell and names the tool "Monitor" in the hook input
    # (captured from the real CLI): judged as that command, not answered by --other
    mapped = PROTOCOLS["claude-code"].map(
        body("Monitor", {"command": "tail -f log.txt", "description": "w"}), ROOT
    )
    [proposal] = mapped.proposals
    assert proposal.action_type == "terminal" and proposal.payload["command"] == "tail -f log.txt"


# Claude Code's subagent launcher (Task before 2.1). Its subagent's own calls come through the hook
# (tests/agents_e2e/test_agents_e2e_subagents.py), so a plain launch is let through with nothing proposed; a
# launch with a place of its own is not: "worktree" creates a branch and a checkout as EnterWorktree does,
# "remote" runs the subagent where this hook never sees its calls.
PLAIN_LAUNCHES = [
    {"description": "d", "prompt": "p"},
    {"description": "d", "prompt": "p", "subagent_type": "general-purpose", "run_in_background": True},
    {"description": "d", "prompt": "p", "subagent_type": "x", "model": "haiku", "effort": "low"},
    {"description": "d", "prompt": "p", "subagent_type": "fork"},
    {"description": "d", "prompt": "p", "isolation": ""},
    {"description": "d", "prompt": "p", "isolation": None},
]
ISOLATED_LAUNCHES = [
    {"description": "d", "prompt": "p", "isolation": "worktree"},
    {"description": "d", "prompt": "p", "isolation": "remote", "run_in_background": True},
    {"description": "d", "prompt": "p", "isolation": "worktree", "subagent_type": "general-purpose"},
    {"description": "d", "prompt": "p", "isolation": "container"},  # a value a later release may add
    {"description": "d", "prompt": "p", "isolation": "Worktree"},
    {"description": "d", "prompt": "p", "isolation": ["worktree"]},
    {"description": "d", "prompt": "p", "isolation": True},
]


@pytest.mark.parametrize("tool", ["Agent", "Task"])
@pytest.mark.parametrize("tool_input", PLAIN_LAUNCHES)
def test_a_subagent_launch_reaches_the_hook_and_passes(tool, tool_input):
    assert reaches("claude-code", tool)
    mapped = PROTOCOLS["claude-code"].map(body(tool, tool_input), ROOT)
    assert mapped.refusal == "free" and not mapped.proposals
    assert "comes through this hook" in mapped.why


@pytest.mark.parametrize("tool", ["Agent", "Task"])
@pytest.mark.parametrize("tool_input", ISOLATED_LAUNCHES)
def test_a_subagent_launch_in_a_place_of_its_own_waits_for_a_person(tool, tool_input):
    assert reaches("claude-code", tool)
    mapped = PROTOCOLS["claude-code"].map(body(tool, tool_input), ROOT)
    assert mapped.refusal == "acting" and not mapped.proposals, tool_input  # never "free", never --other
    assert tool in mapped.why


@pytest.mark.parametrize("agent", ["gemini-cli", "codex"])
def test_only_claude_codes_launcher_is_let_through(agent):
    # another agent's tool of that name is unknown to Brabo: --other answers it, as any unmapped tool
    assert PROTOCOLS[agent].map(body("Agent", {"prompt": "p"}), ROOT).refusal == "unmapped"


@pytest.fixture
def hook_client(team):
    client = team.world.client(agent_key=team.agent_key)

    def call(tool, tool_input):
        resp = client.post(
            "/api/hooks/claude-code/?timeout=0&pending=ask&other=deny",
            body(tool, tool_input),
            format="json",
            HTTP_X_BRABO_PROJECT_ROOT=ROOT,
        )
        assert resp.status_code == 200, resp.content
        return resp.json()["hookSpecificOutput"]

    return call


@pytest.mark.django_db
def test_the_endpoint_lets_a_plain_launch_through_and_asks_for_an_isolated_one(hook_client):
    from actions.models import ProposedAction

    plain = hook_client("Agent", {"description": "d", "prompt": "p", "subagent_type": "general-purpose"})
    assert plain["permissionDecision"] == "allow", plain
    isolated = hook_client("Agent", {"description": "d", "prompt": "p", "isolation": "worktree"})
    assert isolated["permissionDecision"] == "ask" and "worktree" in isolated["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()  # nothing to judge: no record, no person's queue


def test_the_readme_shows_the_matchers_the_install_writes():
    # README's hook examples (Claude Code's HTTP and command forms, Gemini CLI, Codex) are the installer's
    import json
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    shown = [
        json.loads("{" + line.strip().rstrip(",") + "}")["matcher"]
        for line in readme.splitlines()
        if line.strip().startswith('"matcher": ')
    ]
    assert shown == [MATCHER["claude-code"], MATCHER["claude-code"], MATCHER["gemini-cli"], MATCHER["codex"]]
