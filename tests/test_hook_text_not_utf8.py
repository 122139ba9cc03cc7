# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""R12.6, red team: a refusal that quotes text which is not UTF-8 is still a refusal.

Python holds such text as lone surrogates: a path on the agent's machine spelt in other bytes (a link a cloned
repository planted, ``junk -> /tmp/out\\xff``, whose target ``realpath`` gives as ``/tmp/out\\udcff``), or a lone
surrogate JSON carries as ``\\udcff`` (Claude Code's HTTP hook sends the model's tool input as it is). A reason
quoting one could not be encoded: Brabo's endpoint answered HTTP 500 -- Claude Code's HTTP hook runs the tool
on a 500 -- and ``brabo hook codex`` crashed writing Codex's deny reason to stderr (exit 1, a failed hook: Codex
runs the tool; checked with the pinned Codex 0.171). Each is now a deny in the agent's format.
"""

from __future__ import annotations

import os

import pytest

from actions import payloads
from actions.models import ProposedAction
from tests.test_agent_hooks_live import ROOT, agent_input, claude_tool, decision_of, hooked, verdict  # noqa: F401
from tests.test_hook_answers_that_are_no_decision import OneReply
from tests.test_hook_deadline import refusal_of, run_hook

SURROGATE = "\udcff"


@pytest.mark.django_db(transaction=True)
def test_the_http_hooks_refusal_quoting_a_lone_surrogate_is_a_deny_not_a_500(hooked):
    # a write too large to review, named by a path holding a lone surrogate: the refusal quotes the path
    path = f"{ROOT}/.github/workflows/{SURROGATE}.yml"
    body = claude_tool("Write", {"file_path": path, "content": "#" * (payloads.MAX_PAYLOAD_BYTES + 10)})
    answer = hooked.http(body)  # (a 500 raises here: the client is asked for no retries)
    assert decision_of(answer) == "deny"
    assert "smaller parts" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert not ProposedAction.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "agent, tool", [("codex", "Bash"), ("claude-code", "Bash"), ("gemini-cli", "run_shell_command")]
)
def test_a_command_naming_a_link_spelt_in_other_bytes_is_refused_by_its_name(hooked, tmp_path, agent, tool):
    app = tmp_path / "app"
    app.mkdir()
    os.symlink(os.fsencode(tmp_path) + b"/out\xff", os.fsencode(app / "junk"))
    body = {**agent_input(agent, tool, {"command": "cat junk; rm -rf build"}), "cwd": str(app)}
    code, answer, err = hooked.command(agent, body, "--timeout", "0", root=str(app))
    assert verdict(agent, code, answer) == "deny", (code, answer, err)
    reason = (
        answer["reason"]
        if agent == "gemini-cli"
        else answer["hookSpecificOutput"]["permissionDecisionReason"]
    )
    assert "symbolic link" in reason and "outside the project root" in reason, reason  # Brabo's own refusal
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli", "codex"])
def test_a_deny_whose_reason_holds_a_lone_surrogate_stays_a_deny(agent):
    server = OneReply(
        "200 OK",
        b'{"decision": "deny", "reason": "no \\udcff", "hookSpecificOutput": {"hookEventName": "PreToolUse", '
        b'"permissionDecision": "deny", "permissionDecisionReason": "no \\udcff"}}',
    )
    try:
        assert refusal_of(agent, *run_hook(agent, server.url)) == "no " + SURROGATE
    finally:
        server.close()
