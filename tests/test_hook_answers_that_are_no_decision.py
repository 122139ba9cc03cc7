"""R12.6 — agent hooks never fail open, when Brabo (or whatever answers at its address) replies with no
decision: ``brabo hook <agent>`` answers a refusal in the agent's own format.

An empty body, ``null``, a JSON list, ``{}`` to Claude Code or Gemini CLI, an unknown decision, a redirect with
no body: each agent reads such an answer as no decision from its hook and runs the tool under its own settings
(Claude Code in bypass mode, Codex under ``approval_policy = "never"``: without asking anyone). The hook refuses
instead; and so it does for a decision that comes with another status than the endpoint's 200 (a redirect's, a
201's), or is named for another hook event than ``PreToolUse``. A server error (5xx) after the retries, and HTML where JSON was due, were refusals already and stay so;
Brabo's own answers pass through as they are.

Each case is a real hook process (the fast form ``brabo hook install`` writes) against a local server that
gives one fixed reply.
"""

from __future__ import annotations

import json
import socket

import pytest

from tests.loopback import RawLoopback
from tests.test_hook_deadline import refusal_of, run_hook


class OneReply(RawLoopback):
    """A TCP server on 127.0.0.1 that answers every request with the same raw HTTP reply -- with the request's
    hook nonce echoed as Brabo's endpoint does (``echo``; else ``mark``, a fixed header line, if any)."""

    def __init__(
        self,
        status: str,
        body: bytes,
        headers: str = "Content-Type: application/json\r\n",
        *,
        echo: bool = True,
        mark: str = "",
    ):
        self.echo, self.mark = echo, mark
        self.head = f"HTTP/1.1 {status}\r\n{headers}Content-Length: {len(body)}\r\nConnection: close\r\n"
        self.body = body
        super().__init__()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(5)
            try:
                data = self.request_head(conn)
                if data is None:
                    return
                lines = data.split(b"\r\n")
                length = next(
                    (int(h.split(b":")[1]) for h in lines if h.lower().startswith(b"content-length")), 0
                )
                body = data.split(b"\r\n\r\n", 1)[1]
                while len(body) < length:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    body += chunk
                mark = self.mark
                if self.echo:
                    nonce = next(
                        (
                            h.split(b":", 1)[1].strip().decode()
                            for h in lines
                            if h.lower().startswith(b"x-brabo-hook-nonce:")
                        ),
                        "",
                    )
                    mark = f"X-Brabo-Hook-Answer: {nonce}\r\n"
                conn.sendall(self.head.encode() + mark.encode() + b"\r\n" + self.body)
            except OSError:
                return


def _claude_like(decision: str) -> bytes:
    return json.dumps(
        {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": decision}}
    ).encode()


NO_DECISION = {
    "empty body": ("200 OK", b""),
    "null": ("200 OK", b"null"),
    "a list": ("200 OK", b"[]"),
    "a string": ("200 OK", b'"allow"'),
    "a number": ("200 OK", b"1"),
    "an object with no decision": ("200 OK", b'{"detail": "ok"}'),
    "an unknown decision": (
        "200 OK",
        b'{"decision": "allowed", "hookSpecificOutput": {"permissionDecision": "ok"}}',
    ),
    "a decision as a list": (
        "200 OK",
        b'{"decision": ["deny"], "hookSpecificOutput": {"permissionDecision": []}}',
    ),
    "a redirect with no body": ("302 Found", b""),
    "no content": ("204 No Content", b""),
}
# For Claude Code and Gemini CLI, an empty object is no decision either (for Codex it is Brabo's allow).
EMPTY_OBJECT = ("200 OK", b"{}")


@pytest.fixture
def reply(request):
    status, body = request.param
    server = OneReply(status, body)
    yield server
    server.close()


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli", "codex"])
@pytest.mark.parametrize("reply", list(NO_DECISION.values()), ids=list(NO_DECISION), indirect=True)
def test_an_answer_that_is_no_decision_is_a_refusal(agent, reply):
    reason = refusal_of(agent, *run_hook(agent, reply.url))
    assert "refused" in reason


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli"])
@pytest.mark.parametrize("reply", [EMPTY_OBJECT], ids=["empty object"], indirect=True)
def test_an_empty_object_is_no_decision_to_claude_code_and_gemini_cli(agent, reply):
    assert "refused" in refusal_of(agent, *run_hook(agent, reply.url))


@pytest.mark.parametrize(
    "agent, reply, decision",
    [
        ("claude-code", ("200 OK", _claude_like("allow")), "allow"),
        ("claude-code", ("200 OK", _claude_like("ask")), "ask"),
        ("gemini-cli", ("200 OK", b'{"decision": "allow", "reason": "ok"}'), "allow"),
        ("gemini-cli", ("200 OK", b'{"decision": "ask", "reason": "a person", "systemMessage": "x"}'), "ask"),
        ("codex", EMPTY_OBJECT, "allow"),
    ],
    indirect=["reply"],
)
def test_brabos_own_decisions_pass_through(agent, reply, decision):
    code, out, _ = run_hook(agent, reply.url)
    assert code == 0
    if agent == "codex":
        assert out.strip() in ("", "{}")
        return
    answer = json.loads(out)
    got = answer["decision"] if agent == "gemini-cli" else answer["hookSpecificOutput"]["permissionDecision"]
    assert got == decision


# Each agent's allow as Brabo writes it, and what Brabo never sends: that allow with a status other than 200 (a
# redirect's or a 201's body is not the hook endpoint's answer, whatever it says), or a decision named for
# another hook event (Claude Code throws such an answer away as a hook error, and runs the tool).
ALLOW_OF = {
    "claude-code": _claude_like("allow"),
    "gemini-cli": b'{"decision": "allow", "reason": "ok"}',
    "codex": b"{}",
}
NOT_200 = ["301 Moved Permanently", "302 Found", "307 Temporary Redirect", "201 Created", "202 Accepted"]


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli", "codex"])
@pytest.mark.parametrize("status", NOT_200)
def test_an_allow_that_comes_with_another_status_than_200_is_a_refusal(agent, status):
    server = OneReply(status, ALLOW_OF[agent])
    try:
        assert "refused" in refusal_of(agent, *run_hook(agent, server.url))
    finally:
        server.close()


@pytest.mark.parametrize("agent", ["claude-code", "codex"])
@pytest.mark.parametrize("decision", ["allow", "deny", "ask"])
@pytest.mark.parametrize("event", ["PostToolUse", "PermissionRequest", "pretooluse", None])
def test_a_decision_named_for_another_hook_event_is_a_refusal_for_pretooluse(agent, decision, event):
    out: dict = {"permissionDecision": decision, "permissionDecisionReason": "r"}
    if event is not None:
        out["hookEventName"] = event
    server = OneReply("200 OK", json.dumps({"hookSpecificOutput": out}).encode())
    try:
        assert "refused" in refusal_of(agent, *run_hook(agent, server.url))  # (its event name: PreToolUse)
    finally:
        server.close()


# Already refusals before: kept as they are (a server error after the retries, a page that is not the API).
ALREADY_REFUSED = {
    "a server error": ("503 Service Unavailable", b'{"detail": "down"}'),
    "an internal error page": ("500 Internal Server Error", b"<html>oops</html>"),
    "an HTML page": ("200 OK", b"<html>login</html>"),
    "a 4xx": ("403 Forbidden", b'{"detail": "no"}'),
}


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli", "codex"])
@pytest.mark.parametrize("reply", list(ALREADY_REFUSED.values()), ids=list(ALREADY_REFUSED), indirect=True)
def test_errors_and_pages_stay_refusals(agent, reply):
    assert "refused" in refusal_of(agent, *run_hook(agent, reply.url))


# Any JSON service at BRABO_URL may answer 200 with what reads as a decision -- ``{}`` is Codex's allow. The hook
# takes a decision only from an answer carrying the nonce it sent with this call, echoed (X-Brabo-Hook-Answer),
# which Brabo's endpoint sets on every answer; one without it, or with another nonce, is refused.
NOT_ECHOED = {
    "no mark": {"echo": False},
    "a fixed mark": {"echo": False, "mark": "X-Brabo-Hook-Answer: 0123456789abcdef0123456789abcdef\r\n"},
    "an empty mark": {"echo": False, "mark": "X-Brabo-Hook-Answer: \r\n"},
}


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli", "codex"])
@pytest.mark.parametrize("how", list(NOT_ECHOED.values()), ids=list(NOT_ECHOED))
def test_an_allow_without_this_calls_nonce_echoed_is_a_refusal(agent, how):
    server = OneReply("200 OK", ALLOW_OF[agent], **how)
    try:
        reason = refusal_of(agent, *run_hook(agent, server.url))
    finally:
        server.close()
    assert "refused" in reason and "X-Brabo-Hook-Answer" in reason


@pytest.mark.parametrize("agent", ["claude-code", "gemini-cli"])
def test_an_ask_without_the_nonce_is_a_refusal(agent):
    body = _claude_like("ask") if agent == "claude-code" else b'{"decision": "ask", "reason": "r"}'
    server = OneReply("200 OK", body, echo=False)
    try:
        assert "X-Brabo-Hook-Answer" in refusal_of(agent, *run_hook(agent, server.url))
    finally:
        server.close()
