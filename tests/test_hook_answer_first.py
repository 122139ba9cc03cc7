"""The hook endpoint answers the agent before it announces (R12.6, and the hook's latency): a proposal's
live-stream wake-up, its notification and an auto-approved action's execution message are sent once the
answer has been written — the action and its event are committed before it — except when the call is to wait
for a person, who is told before the wait begins."""

from __future__ import annotations

import json
import threading
import time

import pytest
from django.test import RequestFactory

from actions import announce, services, wait_views
from actions.models import ProposedAction
from actions.tests.conftest import Proposer
from brabo import wsgi

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = "/home/ana/app"


def bash(command: str) -> bytes:
    return json.dumps(
        {
            "session_id": "s",
            "transcript_path": "/home/ana/.claude/t.jsonl",
            "cwd": ROOT,
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
            "tool_use_id": "toolu_1",
        }
    ).encode()


def served(key: str, body: bytes, query: str):
    """The WSGI call a server makes: the answer's bytes, then (separately) the response's close."""
    environ = (
        RequestFactory()
        .generic(
            "POST",
            f"/api/hooks/claude-code/?{query}",
            body,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {key}",
            HTTP_X_BRABO_PROJECT_ROOT=ROOT,
        )
        .environ
    )
    status: list[str] = []

    def start_response(code: str, headers: list[tuple[str, str]], exc_info=None):
        status.append(code)
        return lambda data: None

    result = wsgi.application(environ, start_response)
    return status, b"".join(result), result


@pytest.fixture
def sends(monkeypatch):
    """Every announcement the proposal path sends (passed through to the real sender)."""
    seen: list[tuple] = []
    real = announce._send

    def spy(event, notify, execute):
        seen.append((event.type, execute))
        real(event, notify, execute)

    monkeypatch.setattr(announce, "_send", spy)
    return seen


@pytest.fixture
def proposer(team):
    p = Proposer(team)
    p.write_permissions(allow=["Terminal(git status)"], deny=["Terminal(curl *)"], ask=[])
    return p


def test_an_allowed_call_is_answered_before_its_execution_is_sent(team, proposer, sends):
    status, body, result = served(team.agent_key, bash("git status"), "timeout=5")
    answer = json.loads(body)
    assert status[0].startswith("200") and answer["hookSpecificOutput"]["permissionDecision"] == "allow"
    action = ProposedAction.objects.get(agent=team.agent)
    # committed with its event and its outbox flag before the answer; nothing sent yet
    assert action.status == "auto_approved" and action.dispatch_due
    assert proposer.event_types(action.id) == ["proposed_action.created"]
    assert sends == []
    result.close()  # the server has written the answer
    assert sends[0] == ("proposed_action.created", action.id)


def test_a_refused_call_is_announced_after_its_answer_too(team, proposer, sends):
    status, body, result = served(team.agent_key, bash("curl https://example.com"), "timeout=5")
    assert json.loads(body)["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert sends == []
    result.close()
    assert sends[0][0] == "proposed_action.created"


def test_a_call_that_waits_for_a_person_is_announced_before_the_wait(team, proposer, sends):
    answered: list[bytes] = []

    def call():
        _, body, result = served(team.agent_key, bash("npm publish"), "timeout=30")
        answered.append(body)
        result.close()

    hook = threading.Thread(target=call, daemon=True)
    hook.start()
    for _ in range(600):  # the hook call is waiting once its pending action exists and was announced
        if sends:
            break
        time.sleep(0.05)
    action = ProposedAction.objects.get(agent=team.agent)
    assert action.status == "pending" and not answered  # still waiting, and the console was told
    assert sends == [("proposed_action.created", None)]
    services.deny_action(action_id=action.id, actor=team.maintainer, reason="not now")  # ends the wait
    hook.join(timeout=60)
    assert answered and "not now" in json.loads(answered[0])["hookSpecificOutput"]["permissionDecisionReason"]


def test_under_the_asgi_server_the_held_announcements_follow_the_answer_sent(team, proposer, sends):
    """brabo.asgi serves the hook route async (actions.wait_views): the answer it sends is a plain copy of
    the view's, and the copy carries what was held, run when Django's handler closes it after sending."""
    request = RequestFactory().post(
        "/api/hooks/claude-code/?timeout=5",
        bash("git status"),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {team.agent_key}",
        HTTP_X_BRABO_PROJECT_ROOT=ROOT,
    )
    response = wait_views._hook_view(request, agent="claude-code")
    sent = wait_views._plain(response)
    assert json.loads(sent.content)["hookSpecificOutput"]["permissionDecision"] == "allow"
    assert sends == []
    sent.close()
    assert sends[0] == ("proposed_action.created", ProposedAction.objects.get(agent=team.agent).id)
