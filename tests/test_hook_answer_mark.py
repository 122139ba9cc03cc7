"""R12.6 -- Brabo's hook endpoint marks every answer as its own decision of the call that asked: the command
hook's nonce (``X-Brabo-Hook-Nonce``) comes back in ``X-Brabo-Hook-Answer`` on an allow, a deny, an ask, and
every refusal (a bad key, an unknown agent, a bad setting, a root it cannot read, a body too large) -- the hook
refuses any answer without it (tests/test_hook_answers_that_are_no_decision.py). A nonce that is not the
hook's form (32 lower-case hex digits) is never echoed: the endpoint reflects no header text it did not check.
The answer's reason is bounded (agent_hooks.MAX_REASON), far below what the hook reads (_wire.MAX_HOOK_ANSWER).
"""

from __future__ import annotations

import json

import pytest
from django.test import RequestFactory

from actions import agent_hooks
from actions.tests.conftest import Proposer
from brabo import wsgi
from brabo_client import _wire

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = "/home/ana/app"
NONCE = "00112233445566778899aabbccddeeff"


def body(tool: str = "Bash", **tool_input) -> bytes:
    return json.dumps(
        {
            "session_id": "s",
            "cwd": ROOT,
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": tool_input or {"command": "git status"},
            "tool_use_id": "toolu_1",
        }
    ).encode()


def served(key: str, data: bytes, *, agent="claude-code", query="timeout=0", nonce=NONCE, root=ROOT):
    extra = {"HTTP_X_BRABO_HOOK_NONCE": nonce} if nonce is not None else {}
    if root is not None:
        extra["HTTP_X_BRABO_PROJECT_ROOT"] = root
    environ = (
        RequestFactory()
        .generic(
            "POST",
            f"/api/hooks/{agent}/?{query}",
            data,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {key}",
            **extra,
        )
        .environ
    )
    got: dict = {}

    def start_response(code, headers, exc_info=None):
        got["status"], got["headers"] = code, dict(headers)
        return lambda data: None

    result = wsgi.application(environ, start_response)
    content = b"".join(result)
    result.close()
    return got["status"], got["headers"], content


@pytest.fixture
def key(team):
    Proposer(team).write_permissions(allow=["Terminal(git status)"], deny=["Terminal(curl *)"], ask=[])
    return team.agent_key


CASES: dict[str, dict] = {
    "an allow": {},
    "a deny": {"data": body(command="curl https://example.com")},
    "a wait that ends refused": {"data": body(command="npm publish")},
    "a codex allow": {"agent": "codex"},
    "a gemini ask": {
        "agent": "gemini-cli",
        "query": "timeout=0&pending=ask",
        "data": body("run_shell_command", command="npm publish"),
    },
    "an unknown agent": {"agent": "cursor"},
    "a bad setting": {"query": "timeout=-1"},
    "a root it cannot read": {"root": "UTF-8''%zz"},
    "no root": {"root": None},
    "input that is not as documented": {"data": b'{"tool_name": 1}'},
    "input that is not JSON": {"data": b"{"},
    "a bad key": {"key": "brabo_agent_not_a_key"},
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_answer_carries_the_callers_nonce(key, case):
    args: dict = dict(CASES[case])
    status, headers, content = served(args.pop("key", key), args.pop("data", body()), **args)
    assert status.startswith("200"), (status, content)
    assert headers.get(_wire.HOOK_ANSWER) == NONCE, (case, headers, content)


def test_an_answer_to_a_body_too_large_carries_the_nonce_too(key, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 4096
    status, headers, content = served(key, body("Write", file_path=ROOT + "/a", content="x" * 10000))
    assert status.startswith("200") and b"deny" in content
    assert headers.get(_wire.HOOK_ANSWER) == NONCE


@pytest.mark.parametrize(
    "nonce",
    ["", "x", NONCE.upper(), NONCE + "0", NONCE[:-1], NONCE[:-1] + "g", "a" * 31 + " ", "../" + NONCE[3:]],
)
def test_a_nonce_not_of_the_hooks_form_is_not_echoed(key, nonce):
    _, headers, _ = served(key, body(), nonce=nonce)
    assert _wire.HOOK_ANSWER not in headers


def test_claude_codes_http_hook_sends_no_nonce_and_gets_its_answer_as_before(key):
    status, headers, content = served(key, body(), nonce=None)
    assert status.startswith("200") and _wire.HOOK_ANSWER not in headers
    assert json.loads(content)["hookSpecificOutput"]["permissionDecision"] == "allow"


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli", "codex"])
def test_a_reason_is_bounded_far_below_what_the_hook_reads(agent):
    proto = agent_hooks.PROTOCOLS[agent]
    for decision in ("allow", "deny", "ask"):
        answer = json.dumps(proto.answer(decision, "é" * 10_000_000), ensure_ascii=True)
        assert len(answer) < _wire.MAX_HOOK_ANSWER // 8
