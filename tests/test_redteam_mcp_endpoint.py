"""Red team: the MCP endpoint (actions.mcp_server) as an agent holding a valid key.

What the SDK's transport let through before Brabo's tools ran:

* a body of any size: it read the whole of it into memory before anything looked at it, where the REST API
  refuses past DATA_UPLOAD_MAX_MEMORY_SIZE (413 ``too_large``) -- one agent key could make the web process
  hold gigabytes;
* a JSON-RPC batch (an array; MCP 2025-06-18 has none): a 400 whose message was pydantic's dump of four
  validation errors and of the input, with no ``reason``;
* a request whose ``id`` is no string or whole number (``1.5``, ``true``, ``null``, an object), or a
  request's method sent without an id: read as a notification, answered 202 with no body, and never run --
  the client waits for an answer that never comes (MCP: "Requests MUST include a string or integer ID ...
  MUST NOT be null");
* a value that is no JSON-RPC 2.0 object (a bare string, no ``jsonrpc``): pydantic's dump again.

Each is now a named refusal before MCP: 413 ``too_large`` (the REST API's sentence), 400 ``invalid`` naming
the batch, the id or what a message must be. On the base (64ef5d3) every case of the tests of those failed;
the others are guards that held there (MCP's notifications are accepted and run no tool; another agent's
action or project reads as absent; nesting past the parser's limit is a parse error; no resources or prompts
are served; no answer carries a traceback).
"""

from __future__ import annotations

import json

import httpx
import pytest

from .served import Server, base_env, migrate_and_run

_SEED = """
import json
from django.contrib.auth import get_user_model
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
User = get_user_model()
keys = {}
for name in ("ana", "bob"):
    user = User.objects.create_user(name, password="x")
    ws = create_workspace(actor=user, name=f"ws-{name}")
    project = create_project(actor=user, workspace=ws, name="app")
    principal = Membership.objects.get(workspace=ws, user=user)
    _, keys[name] = create_agent(actor=user, project=project, name=f"dev-{name}", principal=principal)
print("SEED=" + json.dumps(keys))
"""

HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
HEADERS["mcp-protocol-version"] = "2025-06-18"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mcp-redteam")
    (tmp / "var").mkdir()
    env = base_env(BRABO_VAR_DIR=str(tmp / "var"), BRABO_WEB_ACCESS_LOG="false")
    keys = json.loads(migrate_and_run(env, _SEED).split("SEED=")[1])
    server = Server(tmp, env=env)
    try:
        yield server, keys
    finally:
        server.stop()


def _post(served, body, *, who="ana", headers=None) -> httpx.Response:
    server, keys = served
    content = body if isinstance(body, bytes | str) or callable(getattr(body, "__aiter__", None)) else None
    return httpx.post(
        server.url + "/mcp",
        content=content if content is not None else json.dumps(body),
        headers={**HEADERS, "Authorization": f"Bearer {keys[who]}", **(headers or {})},
        timeout=60,
    )


def _call(name: str, arguments: dict, id_=1) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": id_,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


def _tool(served, name: str, arguments: dict, who="ana") -> dict:
    r = _post(served, _call(name, arguments), who=who)
    assert r.status_code == 200, r.text
    return r.json()["result"]["structuredContent"]


def _actions(served, who="ana") -> list[dict]:
    return _tool(served, "list_actions", {"limit": 100}, who=who)["actions"]


def _refused(r: httpx.Response, status: int, reason: str, words: str) -> None:
    assert r.status_code == status, (r.status_code, r.text[:300])
    error = r.json()["error"]
    assert error["data"]["reason"] == reason, error
    assert words in error["message"] and "Traceback" not in r.text, error


def test_a_body_over_the_limit_is_refused_before_it_is_read(served):
    before = len(_actions(served))
    big = json.dumps(_call("propose_terminal", {"payload": {"command": "echo " + "x" * 3_000_000}}))
    _refused(_post(served, big), 413, "too_large", "send less")

    def chunks():  # no Content-Length: counted as it comes
        yield big[:1000].encode()
        for k in range(1000, len(big), 65536):
            yield big[k : k + 65536].encode()

    server, keys = served
    r = httpx.post(
        server.url + "/mcp",
        content=chunks(),
        headers={**HEADERS, "Authorization": f"Bearer {keys['ana']}"},
        timeout=60,
    )
    _refused(r, 413, "too_large", "send less")
    assert len(_actions(served)) == before
    # the friction side: a body under the limit is served
    written = {"path": "notes/big.md", "content": "x" * 900_000}
    ok = _tool(served, "propose_write_file", {"payload": written})
    assert ok["action_type"] == "write_file", ok


def test_a_batch_is_refused_by_name(served):
    before = len(_actions(served))
    batch = [
        _call("propose_terminal", {"payload": {"command": "echo batched"}}),
        _call("list_actions", {}, 2),
    ]
    for body in (batch, [], "  \n[" + json.dumps(batch)[1:]):
        _refused(_post(served, body), 400, "invalid", "batch")
    assert len(_actions(served)) == before


@pytest.mark.parametrize("id_", [1.5, True, False, None, {"a": 1}, [1], 1e400])
def test_a_request_whose_id_is_no_string_or_whole_number_is_refused(served, id_):
    before = len(_actions(served))
    body = _call("propose_terminal", {"payload": {"command": "echo odd id"}}, id_)
    text = json.dumps(body) if id_ != 1e400 else json.dumps(body).replace("Infinity", "1e400")
    _refused(_post(served, text), 400, "invalid", "id")
    assert len(_actions(served)) == before


@pytest.mark.parametrize("id_", [7, 0, -3, "abc", "", "x" * 1000, 2**53 + 1])
def test_a_request_with_a_string_or_whole_number_id_is_answered_with_it(served, id_):
    r = _post(served, _call("list_actions", {"limit": 1}, id_))
    assert r.status_code == 200 and r.json()["id"] == id_, r.text[:300]


def test_a_request_sent_without_an_id_is_refused_and_runs_nothing(served):
    """A tools/call without an id is a notification to JSON-RPC: the transport answered 202 and ran nothing,
    so the client waited for an answer that never came. MCP's transport lets a server refuse a message it
    cannot accept with a 400: a request's method without an id is refused, naming the id; MCP's notifications
    are accepted as before (the friction side)."""
    before = len(_actions(served))
    for method in ("tools/call", "tools/list", "initialize", "ping"):
        note = _call("propose_terminal", {"payload": {"command": "echo note"}})
        del note["id"]
        _refused(_post(served, {**note, "method": method}), 400, "invalid", "id")
    for method in (
        "notifications/initialized",
        "notifications/cancelled",
        "notifications/roots/list_changed",
    ):
        assert _post(served, {"jsonrpc": "2.0", "method": method}).status_code == 202, method
    assert len(_actions(served)) == before


def test_another_agents_action_task_and_project_read_as_absent(served):
    theirs = _tool(served, "propose_terminal", {"payload": {"command": "make deploy"}}, who="bob")
    assert theirs["status"] == "pending", theirs
    mine = _actions(served)
    assert theirs["id"] not in {a["id"] for a in mine}
    for tool, arguments in [
        ("wait_for_action", {"action_id": theirs["id"], "timeout": 0}),
        ("wait_for_action", {"action_id": theirs["id"], "timeout": 5}),
    ]:
        got = _tool(served, tool, arguments)
        assert (got["status"], got["reason"]) == (404, "not_found"), got
        assert "make deploy" not in json.dumps(got)
    # a project or agent filter is no argument of list_actions: named, not ignored
    for extra in ({"project": theirs["project"]}, {"agent": "dev-bob"}):
        got = _tool(served, "list_actions", extra)
        assert (got["status"], got["reason"]) == (400, "invalid"), got
    assert "make deploy" not in json.dumps(_tool(served, "list_actions", {"limit": 100}))


def test_nesting_past_the_parsers_limit_is_a_parse_error(served):
    for deep in ('{"a":' * 5000 + "1" + "}" * 5000, "[" * 900 + "1" + "]" * 900):
        body = json.dumps(_call("propose_terminal", {"payload": {"command": "ls", "x": "HOLE"}}))
        r = _post(served, body.replace('"HOLE"', deep))
        assert r.status_code == 400 and r.json()["error"]["code"] == -32700, r.text[:300]
        assert "Traceback" not in r.text


@pytest.mark.parametrize("method", ["resources/list", "resources/templates/list", "prompts/list"])
def test_no_resources_or_prompts_are_served(served, method):
    r = _post(served, {"jsonrpc": "2.0", "id": 1, "method": method})
    assert r.status_code == 200 and r.json()["error"]["code"] == -32601, r.text
    read = _post(
        served,
        {"jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": {"uri": "file:///etc/passwd"}},
    )
    assert "error" in read.json() and "root:" not in read.text


@pytest.mark.parametrize(
    "body",
    [
        '"tools/list"',
        "42",
        "null",
        '{"id": 1, "method": "tools/list"}',  # no jsonrpc
        '{"jsonrpc": "1.0", "id": 1, "method": "tools/list"}',
        '{"jsonrpc": 2.0, "id": 1, "method": "tools/list"}',
        '{"jsonrpc": "2.0", "id": 1, "method": ["tools/list"]}',
        '{"jsonrpc": "2.0", "id": 1, "method": 7}',
    ],
)
def test_a_message_that_is_no_json_rpc_request_is_refused_by_name(served, body):
    """The transport answered these with pydantic's dump of four validation errors and of the input (no
    ``reason``, a link to pydantic's pages): now one sentence saying what a message must be."""
    _refused(_post(served, body), 400, "invalid", "JSON-RPC 2.0")


# -- the tools an agent gets decide nothing and change no policy ---------------------------------------------

DECIDING = [
    "approve_action", "deny_action", "approve_always", "approve", "deny", "answer_question", "cancel_action",
    "set_permissions", "set_autonomy", "set_approval_rules", "accept_policy",
    "propose_container_stop", "propose_container_remove",  # people-only types (R2.3)
    "propose_", "propose_terminal ", "PROPOSE_TERMINAL", "wait_for_action/../approve",
]  # fmt: skip


def test_the_tool_list_holds_only_proposing_waiting_and_reading(served):
    from permissions.action_types import ACTION_TYPES, PERSON_ONLY_TYPES

    r = _post(served, {"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    names = {t["name"] for t in r.json()["result"]["tools"]}
    proposing = {f"propose_{t}" for t in ACTION_TYPES if t not in PERSON_ONLY_TYPES}
    assert names == proposing | {"wait_for_action", "list_actions"}


@pytest.mark.parametrize("name", DECIDING)
def test_a_tool_that_would_decide_or_change_policy_does_not_exist(served, name):
    mine = _tool(served, "propose_terminal", {"payload": {"command": "make release"}})
    assert mine["status"] == "pending", mine
    got = _tool(served, name, {"action_id": mine["id"], "id": mine["id"], "payload": {}})
    assert (got["status"], got["reason"]) == (404, "not_found"), got
    assert _tool(served, "wait_for_action", {"action_id": mine["id"], "timeout": 0})["status"] == "pending"


@pytest.mark.parametrize(
    "arguments",
    [{"decision": "approve"}, {"status": "approved"}, {"approve": True}, {"approved_by": "ana"}],
    ids=["decision", "status", "approve", "approved-by"],
)
def test_waiting_or_listing_with_a_decision_in_hand_is_refused_by_name(served, arguments):
    mine = _tool(served, "propose_terminal", {"payload": {"command": "make publish"}})
    got = _tool(served, "wait_for_action", {"action_id": mine["id"], "timeout": 0, **arguments})
    assert (got["status"], got["reason"]) == (400, "invalid"), got
    assert _tool(served, "wait_for_action", {"action_id": mine["id"], "timeout": 0})["status"] == "pending"
