"""A local stand-in for each agent's model API that scripts one tool call (or a few, one per turn), then a
final answer.

Turn 1 (no tool result in the conversation yet) answers the scripted tool call; turn 2 (the conversation
carries the tool's result, or its refusal) answers the next scripted call, or a final text when none is left
— so one agent start can take several tool calls, each through its hook. Requests without tools (titles, summaries,
quota probes) get a short text. Every request is recorded, so a test can say what the agent sent.

Wire formats, as each CLI reads them:
- Anthropic Messages API, streamed (Claude Code, ``ANTHROPIC_BASE_URL``): ``POST /v1/messages`` with
  ``"stream": true`` answered by ``message_start`` / ``content_block_*`` / ``message_delta`` /
  ``message_stop`` server-sent events (https://docs.anthropic.com/en/api/messages-streaming).
- Gemini API (Gemini CLI, ``GOOGLE_GEMINI_BASE_URL``, gemini-cli packages/core/src/core/contentGenerator.ts):
  ``POST /v1beta/models/{model}:streamGenerateContent?alt=sse`` — each event one ``GenerateContentResponse``
  — and ``:generateContent`` / ``:countTokens``
  (https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent).
- OpenAI Responses API (Codex, a ``model_providers`` entry with ``base_url`` and ``wire_api = "responses"``):
  ``POST /v1/responses`` answered by ``response.created`` / ``response.output_item.done`` /
  ``response.completed`` events (https://platform.openai.com/docs/api-reference/responses-streaming).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ..loopback import POLL

FINAL_TEXT = "Done."
_MESSAGE_IDS = itertools.count(1)


@dataclass
class ToolCall:
    """The one tool call the stand-in model asks for: the agent's own tool name and arguments."""

    name: str
    arguments: dict[str, Any]
    call_id: str = "call_brabo_e2e_1"
    freeform: str | None = None  # a Responses "custom" tool's raw input (Codex's apply_patch), not JSON
    # Codex offers its MCP servers' tools only through ``tool_search`` (Codex 0.171.0: deferred always, no
    # setting exposes them): ``search`` makes this turn a ``tool_search_call`` (``arguments`` its query),
    # asked again while Codex's answer finds nothing (its MCP servers start in the background), after
    # ``ready`` (a file) exists; ``namespace`` is the namespace the search found (``mcp__<server>``), which a
    # ``function_call`` to one of its tools carries.
    search: bool = False
    ready: str | None = None
    namespace: str | None = None
    # Codex's write_stdin names the session an earlier exec_command left running, which Codex numbers at
    # random: ``session_from`` is the argument this call's session goes in, read from the latest tool output
    # ("Process running with session ID N").
    session_from: str | None = None
    # A subagent's own conversation (Claude Code's Agent tool: its own system prompt and tools): a call with
    # ``task`` is answered only in a conversation whose first user message contains that text — the task the
    # main conversation's Agent call hands over — and a call without it only in the main conversation.
    task: str | None = None


@dataclass
class Recorded:
    method: str
    path: str
    body: Any


@dataclass
class _State:
    calls: list[ToolCall]
    requests: list[Recorded] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _sse(events: list[tuple[str | None, Any]]) -> bytes:
    out = []
    for name, data in events:
        if name:
            out.append(f"event: {name}\n")
        out.append(f"data: {json.dumps(data)}\n\n")
    return "".join(out).encode()


# -- Anthropic Messages ---------------------------------------------------------------------------------


def _anthropic_has_result(body: dict, call_id: str) -> bool:
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, list):
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    if block.get("tool_use_id") == call_id:
                        return True
    return False


def _anthropic_first_text(body: dict) -> str:
    """The text of the conversation's first user message (a subagent's is the task it was given)."""
    for message in body.get("messages") or []:
        if message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                return content
            return "\n".join(
                b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"
            )
    return ""


def _conversation_calls(first: str, calls: list[ToolCall]) -> list[ToolCall]:
    """The scripted calls of the conversation whose first user message is ``first`` (see ``ToolCall.task``)."""
    own = [c for c in calls if c.task and c.task in first]
    return own or [c for c in calls if not c.task]


def _anthropic_answer(body: dict, calls: list[ToolCall]) -> tuple[bytes, str]:
    model = body.get("model", "claude-stub")
    calls = _conversation_calls(_anthropic_first_text(body), calls) or [ToolCall("", {})]  # none: a text
    call = next((c for c in calls if not _anthropic_has_result(body, c.call_id)), calls[-1])
    wants_tool = bool(body.get("tools")) and not _anthropic_has_result(body, call.call_id)
    tool_names = {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
    wants_tool = wants_tool and call.name in tool_names
    start: dict[str, Any] = {
        "type": "message_start",
        "message": {
            "id": f"msg_stub_{next(_MESSAGE_IDS)}",  # Claude Code merges messages that share an id
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 1},
        },
    }
    if wants_tool:
        block = {"type": "tool_use", "id": call.call_id, "name": call.name, "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(call.arguments)}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": FINAL_TEXT}
        stop = "end_turn"
    events: list[tuple[str | None, Any]] = [
        ("message_start", start),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 5},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    if body.get("stream"):
        return _sse(events), "text/event-stream"
    message: dict[str, Any] = dict(start["message"])
    final_block = dict(block)
    if wants_tool:
        final_block["input"] = call.arguments
    else:
        final_block["text"] = FINAL_TEXT
    message.update(content=[final_block], stop_reason=stop, usage={"input_tokens": 10, "output_tokens": 5})
    return json.dumps(message).encode(), "application/json"


# -- Gemini ---------------------------------------------------------------------------------------------


def gemini_results(body: dict) -> int:
    """How many function responses the conversation carries: the scripted calls answered so far."""
    count = 0
    for content in body.get("contents") or []:
        for part in content.get("parts") or []:
            if isinstance(part, dict) and "functionResponse" in part:
                count += 1
    return count


def _gemini_answer(path: str, body: dict, calls: list[ToolCall]) -> tuple[bytes, str]:
    if ":countTokens" in path:
        return json.dumps({"totalTokens": 10}).encode(), "application/json"
    declared = {
        fd.get("name")
        for tool in body.get("tools") or []
        for fd in (tool.get("functionDeclarations") or [])
        if isinstance(fd, dict)
    }
    done = gemini_results(body)
    call = calls[min(done, len(calls) - 1)]
    wants_tool = call.name in declared and done < len(calls)
    if wants_tool:
        part: dict = {"functionCall": {"name": call.name, "args": call.arguments, "id": call.call_id}}
    else:
        part = {"text": FINAL_TEXT}
    response = {
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "gemini-stub",
    }
    if ":streamGenerateContent" in path:
        return _sse([(None, response)]), "text/event-stream"
    return json.dumps(response).encode(), "application/json"


# -- OpenAI Responses -----------------------------------------------------------------------------------


SEARCH_TRIES = 40  # tool searches before the stand-in gives up on Codex's MCP tools appearing
READY_WAIT = 120  # seconds the stand-in waits for an MCP server's ready file: a safety net, not a measure


def _responses_has_result(body: dict, call: ToolCall) -> bool:
    if call.search:
        return bool(_responses_found(body)) or _searches(body) >= SEARCH_TRIES
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type", "").endswith("_call_output"):
            if item.get("call_id") == call.call_id:
                return True
    return False


def _searches(body: dict) -> int:
    return sum(
        1
        for item in body.get("input") or []
        if isinstance(item, dict) and item.get("type") == "tool_search_output"
    )


def _search_item(body: dict, call: ToolCall) -> dict:
    if call.ready:
        deadline = time.monotonic() + READY_WAIT
        while not os.path.exists(call.ready) and time.monotonic() < deadline:
            time.sleep(0.05)
    done = _searches(body)
    return {
        "type": "tool_search_call",
        "call_id": f"{call.call_id}_{done}" if done else call.call_id,
        "execution": "client",
        "arguments": call.arguments,
    }


def _responses_found(body: dict) -> set[str]:
    """The namespaces Codex's answers to tool searches exposed (``tool_search_output`` items)."""
    found = set()
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type") == "tool_search_output":
            for tool in item.get("tools") or []:
                if isinstance(tool, dict) and tool.get("name"):
                    found.add(tool["name"])
    return found


_SESSION_ID = re.compile(r"session ID (\d+)")


def _running_session(body: dict) -> int | None:
    """The session the latest tool output says is still running (None when none is)."""
    found = None
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type", "").endswith("_call_output"):
            match = _SESSION_ID.search(json.dumps(item.get("output")))
            found = int(match.group(1)) if match else found
    return found


def _responses_answer(body: dict, calls: list[ToolCall]) -> tuple[bytes, str]:
    call = next((c for c in calls if not _responses_has_result(body, c)), calls[-1])
    tools = [t for t in body.get("tools") or [] if isinstance(t, dict)]
    declared = {t.get("name") for t in tools}
    if call.search and any(t.get("type") == "tool_search" for t in tools):
        declared.add(call.name)
    if call.namespace and call.namespace in _responses_found(body):
        declared.add(call.name)
    wants_tool = call.name in declared and not _responses_has_result(body, call)
    if wants_tool and call.search:
        item: dict = _search_item(body, call)
    elif wants_tool and call.freeform is not None:
        item = {
            "type": "custom_tool_call",
            "id": "ctc_stub",
            "call_id": call.call_id,
            "name": call.name,
            "input": call.freeform,
        }
    elif wants_tool:
        arguments = call.arguments
        if call.session_from:
            arguments = {**arguments, call.session_from: _running_session(body)}
        item = {
            "type": "function_call",
            "id": "fc_stub",
            "call_id": call.call_id,
            "name": call.name,
            "arguments": json.dumps(arguments),
        }
        if call.namespace:
            item["namespace"] = call.namespace
    else:
        item = {
            "type": "message",
            "id": "msg_stub",
            "role": "assistant",
            "content": [{"type": "output_text", "text": FINAL_TEXT}],
        }
    response = {"id": "resp_stub", "object": "response", "status": "in_progress", "output": []}
    completed = {
        **response,
        "status": "completed",
        "output": [item],
        "usage": {
            "input_tokens": 10,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 15,
        },
    }
    events: list[tuple[str | None, Any]] = [
        ("response.created", {"type": "response.created", "response": response}),
        ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
        ("response.completed", {"type": "response.completed", "response": completed}),
    ]
    return _sse(events), "text/event-stream"


class _Handler(BaseHTTPRequestHandler):
    server: ModelStub
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 — quiet: the test reads ``requests``
        pass

    def _body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return raw.decode(errors="replace")

    def _send(self, status: int, payload: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):  # noqa: N802
        self.server.record(Recorded("GET", self.path, None))
        if self.path.rstrip("/").endswith("/models") or "/models?" in self.path:
            self._send(200, json.dumps({"data": [], "models": []}).encode(), "application/json")
            return
        self._send(404, b'{"error": {"message": "not in the stand-in"}}', "application/json")

    def do_HEAD(self):  # noqa: N802
        self._send(200, b"", "text/plain")

    def do_POST(self):  # noqa: N802
        body = self._body()
        self.server.record(Recorded("POST", self.path, body))
        calls = self.server.state.calls
        path = self.path.split("?")[0]
        if not isinstance(body, dict):
            self._send(400, b'{"error": {"message": "expected JSON"}}', "application/json")
        elif path.endswith("/v1/messages/count_tokens"):
            self._send(200, b'{"input_tokens": 10}', "application/json")
        elif path.endswith("/v1/messages"):
            self._send(200, *_anthropic_answer(body, calls))
        elif "/models/" in path and (":generateContent" in path or ":streamGenerateContent" in path):
            self._send(200, *_gemini_answer(path, body, calls))
        elif "/models/" in path and ":countTokens" in path:
            self._send(200, *_gemini_answer(path, body, calls))
        elif path.endswith("/responses"):
            self._send(200, *_responses_answer(body, calls))
        else:
            self._send(404, b'{"error": {"message": "not in the stand-in"}}', "application/json")


class ModelStub(ThreadingHTTPServer):
    """``with ModelStub(ToolCall(...)) as stub:`` serves on ``stub.url`` in a thread until the block ends."""

    daemon_threads = True

    def __init__(self, call: ToolCall | list[ToolCall]):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.state = _State(calls=list(call) if isinstance(call, list) else [call])
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        self._thread = threading.Thread(target=self.serve_forever, args=(POLL,), daemon=True)
        self._changed = threading.Condition(self.state.lock)

    def record(self, entry: Recorded) -> None:
        with self._changed:
            self.state.requests.append(entry)
            self._changed.notify_all()

    def nudge(self) -> None:
        """Wake ``wait_for`` to look again (something it watches besides the requests changed)."""
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, done, timeout: float) -> bool:
        """Wait until ``done(requests)`` is true, asked again after each request and each ``nudge``; False at
        ``timeout``. ``done`` runs under the lock: it reads the list it is given, not ``self.requests``."""
        with self._changed:
            return self._changed.wait_for(lambda: done(list(self.state.requests)), timeout)

    @property
    def requests(self) -> list[Recorded]:
        with self.state.lock:
            return list(self.state.requests)

    def tool_results(self) -> list[Any]:
        """What the agent sent back about the scripted call (its output, or the refusal) — any turn."""
        return [r.body for r in self.requests if r.method == "POST" and isinstance(r.body, dict)]

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self.shutdown()
        self.server_close()
        return False
