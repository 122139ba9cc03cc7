# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""R12.6, red team: Brabo's hook decides pre-tool calls only (``brabo_client.hook.PRE_TOOL_EVENT``).

Its answer is a pre-tool decision in each agent's format. Called for another event -- its command wired to
Claude Code's PostToolUse or PermissionRequest, Gemini CLI's AfterTool or BeforeToolSelection, a release that
renames the event, an input with no event at all -- that answer is read otherwise or thrown away (Claude Code
drops a decision named for another event, and the tool runs), and a proposal recorded for a call that already
ran misleads the console. Such a call was proposed and decided like a pre-tool one (an auto-approved record of
a call that ran unjudged, an allow). Now it is refused and nothing is recorded: by the endpoint (the HTTP
form) with a deny, and by the command hook without asking Brabo, with exit 2 and the reason on stderr -- the
block every event of all three agents reads."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

from actions.models import ProposedAction
from brabo_client.hook import PRE_TOOL_EVENT, event_refusal
from tests.test_agent_hooks_live import ROOT, agent_input, decision_of, hooked, verdict  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

OTHER_EVENTS = {
    "claude-code": ["PostToolUse", "PermissionRequest", "UserPromptSubmit", "pretooluse", "PreToolUse "],
    "gemini-cli": ["AfterTool", "BeforeToolSelection", "PreToolUse", "beforetool"],
    "codex": ["PostToolUse", "PermissionRequest", "preToolUse", "SessionStart"],
}
ODD = ["", None, 7, ["PreToolUse"], {"name": "PreToolUse"}, "PreToolUse\x00", "\udcff"]
CASES = [(a, e) for a, events in OTHER_EVENTS.items() for e in events] + [
    (a, e) for a in PRE_TOOL_EVENT for e in ODD
]
MISSING = object()


def shell_call(agent: str, event) -> dict:
    tool, tool_input = {
        "claude-code": ("Bash", {"command": "git status"}),
        "gemini-cli": ("run_shell_command", {"command": "git status"}),
        "codex": ("Bash", {"command": "git status"}),
    }[agent]
    body = agent_input(agent, tool, tool_input)
    if event is MISSING:
        del body["hook_event_name"]
    else:
        body["hook_event_name"] = event
    return body


@pytest.mark.parametrize(("agent", "event"), [*CASES, *((a, MISSING) for a in PRE_TOOL_EVENT)])
def test_an_input_that_is_not_a_pre_tool_call_is_named(agent, event):
    reason = event_refusal(agent, shell_call(agent, event))
    assert reason is not None and PRE_TOOL_EVENT[agent] in reason


@pytest.mark.parametrize("agent", PRE_TOOL_EVENT)
def test_the_pre_tool_event_is_not_refused(agent):
    assert event_refusal(agent, shell_call(agent, PRE_TOOL_EVENT[agent])) is None


@pytest.mark.parametrize("event", ["PostToolUse", "PermissionRequest", "", None, MISSING])
def test_the_endpoint_refuses_another_event_and_records_nothing(hooked, event):
    answer = hooked.http(shell_call("claude-code", event))  # git status: allowed by the rules
    assert decision_of(answer) == "deny"
    assert "PreToolUse calls only" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize(
    ("agent", "event"),
    [("claude-code", "PostToolUse"), ("gemini-cli", "AfterTool"), ("codex", "PermissionRequest")]
    + [(a, MISSING) for a in PRE_TOOL_EVENT],
)
def test_the_command_hook_blocks_another_event_without_asking_brabo(hooked, agent, event):
    """Exit 2, the reason on stderr and nothing on stdout: a block whatever the event (a JSON decision on
    stdout names PreToolUse, which another event's reader drops)."""
    code, answer, err = hooked.command(agent, shell_call(agent, event))
    assert (code, answer) == (2, None), err
    assert f"{PRE_TOOL_EVENT[agent]} calls only" in err
    assert not ProposedAction.objects.exists()


def test_the_command_hook_blocks_an_event_with_odd_bytes_and_says_so_in_ascii(tmp_path):
    """A lone surrogate in the event name (JSON's ``\\udcff``): no server is reached (none listens), and the
    refusal is the event's, written whole."""
    body = json.dumps(shell_call("codex", "\udcff")).encode()
    env = {
        **os.environ,
        "BRABO_URL": "http://127.0.0.1:9",
        "BRABO_AGENT_KEY": "k",
        "BRABO_PROJECT_ROOT": ROOT,
    }
    proc = subprocess.run(
        [sys.executable, "-m", "brabo_client", "hook", "codex"],
        input=body,
        capture_output=True,
        env=env,
        cwd=settings.BASE_DIR,
        timeout=60,
    )
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert b'"\\udcff"' in proc.stderr and b"PreToolUse calls only" in proc.stderr


@pytest.mark.parametrize("agent", PRE_TOOL_EVENT)
def test_pre_tool_calls_still_pass(hooked, agent):
    code, answer, _ = hooked.command(agent, shell_call(agent, PRE_TOOL_EVENT[agent]))
    assert verdict(agent, code, answer) == "allow"
