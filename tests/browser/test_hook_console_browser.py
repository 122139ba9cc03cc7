"""A Claude Code tool call waiting in the approval console, approved by a person in real Chromium; the
hook that was waiting answers allow (R12.6: the README's screenshot comes from here)."""

from __future__ import annotations

import threading

import pytest

from actions.models import ProposedAction
from brabo_client.sdk import Client

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_claude_code_tool_call_is_approved_in_the_console(page, team, live_server, shot):
    body = {
        "session_id": "sess-1",
        "cwd": "/home/ana/app",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "npm publish --access public", "description": "Publish the package"},
        "tool_use_id": "toolu_01",
    }
    answers = []
    hook = Client(live_server.url, team.agent_key, retries=0)
    waiting = threading.Thread(
        target=lambda: answers.append(
            hook.hook("claude-code", body, root="/home/ana/app", params={"timeout": "60"}, timeout=90)
        )
    )
    waiting.start()
    login(page, "max")
    row = page.locator("li.queue-row").filter(has_text="npm publish --access public")
    row.wait_for()
    shot(page, "claude-code-hook-pending")
    row.get_by_role("button", name="Approve").click()
    page.get_by_text("Approved: terminal").wait_for()
    shot(page, "claude-code-hook-approved")
    waiting.join(60)
    out = answers[0]["hookSpecificOutput"]
    assert out["permissionDecision"] == "allow" and "approved by max" in out["permissionDecisionReason"]
    action = ProposedAction.objects.get()
    assert action.payload["runs_in"] == "agent" and action.decided_by and action.decided_by.username == "max"
