"""Brabo as an MCP server: an agent connects with the MCP SDK's own streamable HTTP client to
`manage.py serve` (uvicorn + brabo.asgi) on its own SQLite file, lists the tools, proposes a terminal command
and a write_file, waits on each while a person decides through the REST API, and gets the decision; keys the
REST API refuses (unknown, revoked, a suspended agent's) are refused here too, and the agent's wait caps hold.

The tools' payload schemas are the served OpenAPI document's payload components (one table, two dialects).
Progress is observed through the server's /readyz load figures (waits held), never by sleeping.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from actions.mcp_server import LIST, WAIT, proposable_types
from actions.schema import _json_schema, _label, payload_json_schema
from permissions.action_types import ACTION_TYPES, PERSON_ONLY_TYPES

from .served import Server, base_env, migrate_and_run, wait_until

_SEED = """
import json
from django.contrib.auth import get_user_model
from projects.keys import create_personal_token
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace, revoke_agent, set_member
from projects.teams import remove_member
User = get_user_model()
owner = User.objects.create_user("owner", password="x")
ws = create_workspace(actor=owner, name="ws")
project = create_project(actor=owner, workspace=ws, name="app")
principal = Membership.objects.get(workspace=ws, user=owner)
_, key = create_agent(actor=owner, project=project, name="dev-api", principal=principal)
revoked, revoked_key = create_agent(actor=owner, project=project, name="old", principal=principal)
revoke_agent(actor=owner, agent=revoked)
User.objects.create_user("leaver", password="x")
leaver, _ = set_member(actor=owner, workspace=ws, username="leaver", role="maintainer")
_, suspended_key = create_agent(actor=owner, project=project, name="orphan", principal=leaver)
remove_member(actor=owner, workspace=ws, username="leaver")
_, token = create_personal_token(actor=owner, name="t")
print("SEED=" + json.dumps({"agent": key, "revoked": revoked_key, "suspended": suspended_key, "token": token}))
"""


def _seed(env) -> dict:
    return json.loads(migrate_and_run(env, _SEED).split("SEED=")[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mcp")
    (tmp / "var").mkdir()
    # one wait per agent at a time: the second concurrent wait meets the cap
    env = base_env(
        BRABO_VAR_DIR=str(tmp / "var"), BRABO_WEB_ACCESS_LOG="false", BRABO_MAX_WAITS_PER_AGENT="1"
    )
    seed = _seed(env)
    server = Server(tmp, env=env)
    try:
        yield server, seed
    finally:
        server.stop()


@asynccontextmanager
async def _connected(url: str, key: str, mode: str = "legacy"):
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(300)) as http:
        async with Client(streamable_http_client(url + "/mcp", http_client=http), mode=mode) as client:
            yield client


def _leaves(exc: BaseException) -> list[BaseException]:
    """The errors inside the task groups' exception groups the client raises through."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in _leaves(inner)]
    return [exc]


def _load(url: str) -> dict:
    return httpx.get(url + "/readyz", timeout=30).json()["load"]


def _decide(url: str, token: str, action_id: str, verb: str) -> dict:
    r = httpx.post(
        f"{url}/api/actions/{action_id}/{verb}/",
        json={"reason": "not on a Friday"} if verb == "deny" else None,
        headers={"Authorization": f"Token {token}"},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    return r.json()


async def _waited(client: Client, url: str, token: str, action_id: str, verb: str) -> dict:
    """Wait on the action through MCP; once the wait is held on the server, a person decides it."""
    waiter = asyncio.ensure_future(client.call_tool(WAIT, {"action_id": action_id, "timeout": 120}))
    await asyncio.to_thread(
        wait_until, lambda: _load(url)["waits"] == 1, seconds=60, what="the MCP wait held"
    )
    # the agent's cap (1) is taken by that wait: another concurrent wait is refused, named, with Retry-After
    second = await client.call_tool(WAIT, {"action_id": action_id, "timeout": 120})
    assert second.is_error and second.structured_content["reason"] == "too_many_waits", second
    assert second.structured_content["status"] == 429 and second.structured_content["retry_after"] >= 1
    await asyncio.to_thread(_decide, url, token, action_id, verb)
    answer = await waiter
    assert not answer.is_error, answer
    return answer.structured_content


def test_an_agent_proposes_through_mcp_waits_and_gets_the_persons_decision(served):
    server, seed = served

    async def scenario():
        async with _connected(server.url, seed["agent"]) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert set(tools) == {*(f"propose_{t}" for t in proposable_types()), WAIT, LIST}
            assert not any(f"propose_{t}" in tools for t in PERSON_ONLY_TYPES)
            schema = tools["propose_write_file"].input_schema
            assert schema["properties"]["payload"] == payload_json_schema("write_file")
            assert schema["properties"]["payload"]["required"] == ["content", "path"]

            proposed = await client.call_tool("propose_terminal", {"payload": {"command": "make deploy"}})
            terminal = proposed.structured_content
            assert not proposed.is_error and terminal["status"] == "pending", terminal
            assert terminal["action_type"] == "terminal" and terminal["agent"] == "dev-api"
            proposed = await client.call_tool(
                "propose_write_file", {"payload": {"path": "notes/plan.md", "content": "ship it\n"}}
            )
            write = proposed.structured_content
            assert not proposed.is_error and write["status"] == "pending", write

            denied = await _waited(client, server.url, seed["token"], terminal["id"], "deny")
            assert denied["status"] == "denied" and denied["decided_by"] == "owner", denied
            assert denied["settled"] is True
            done = await _waited(client, server.url, seed["token"], write["id"], "approve")
            assert done["decided_by"] == "owner" and done["status"] == "executed", done

            listed = (await client.call_tool(LIST, {})).structured_content["actions"]
            assert [a["id"] for a in listed][:2] == [write["id"], terminal["id"]]  # newest first
            only = await client.call_tool(LIST, {"status": "denied"})
            assert [a["id"] for a in only.structured_content["actions"]] == [terminal["id"]]

            # refusals are tool errors carrying the REST API's reason, never a traceback
            bad = await client.call_tool("propose_write_file", {"payload": {"path": "x"}})
            assert bad.is_error and bad.structured_content["reason"] == "invalid"
            assert "payload.content is required" in bad.structured_content["detail"]
            typo = await client.call_tool(WAIT, {"action_id": terminal["id"], "timout": 5})
            assert typo.is_error and "timout" in typo.structured_content["detail"]
            not_an_id = await client.call_tool(WAIT, {"action_id": "nope"})
            assert not_an_id.is_error and "action_id must be" in not_an_id.structured_content["detail"]
            bad_filter = await client.call_tool(LIST, {"status": "asleep"})
            assert bad_filter.is_error and bad_filter.structured_content["status"] == 400
            person_only = await client.call_tool("propose_container_remove", {"payload": {}})
            assert person_only.is_error and person_only.structured_content["reason"] == "not_found"

    asyncio.run(scenario())
    # the file the person approved was written by Brabo's worker, not by the agent
    events = httpx.get(
        f"{server.url}/api/actions/?status=executed",
        headers={"Authorization": f"Token {seed['token']}"},
        timeout=30,
    ).json()
    assert [a["action_type"] for a in events["results"]] == ["write_file"]


def test_an_agent_asks_a_person_through_mcp_and_its_wait_returns_the_answer(served):
    """propose_ask_human (a question for a person) over real HTTP with the SDK's client; a person answers through
    the REST API while the agent's wait_for_action is held on the server; the wait returns the answer as the
    action's result, and the question is never auto-approved, whatever the agent's rules."""
    server, seed = served
    question = {"question": "May I ship the login change on a Friday?", "context": "CI is green; 3 files."}

    async def scenario():
        async with _connected(server.url, seed["agent"]) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert tools["propose_ask_human"].input_schema["properties"]["payload"] == payload_json_schema(
                "ask_human"
            )
            proposed = await client.call_tool("propose_ask_human", {"payload": question})
            asked = proposed.structured_content
            assert not proposed.is_error, asked
            assert (asked["status"], asked["action_type"], asked["reason"]) == (
                "pending",
                "ask_human",
                "question",
            )

            waiter = asyncio.ensure_future(client.call_tool(WAIT, {"action_id": asked["id"], "timeout": 120}))
            await asyncio.to_thread(
                wait_until, lambda: _load(server.url)["waits"] == 1, seconds=60, what="the MCP wait held"
            )
            r = await asyncio.to_thread(
                httpx.post,
                f"{server.url}/api/actions/{asked['id']}/answer/",
                json={"answer": "Yes, before 15:00."},
                headers={"Authorization": f"Token {seed['token']}"},
                timeout=30,
            )
            assert r.status_code == 200, r.text
            waited = await waiter
            assert not waited.is_error, waited
            answer = waited.structured_content
            assert answer["id"] == asked["id"] and answer["settled"] is True, answer
            assert answer["result"]["answer"] == "Yes, before 15:00." and answer["decided_by"] == "owner", (
                answer
            )
            # a bad answer is refused by name, and a settled question is not answered twice
            again = await asyncio.to_thread(
                httpx.post,
                f"{server.url}/api/actions/{asked['id']}/answer/",
                json={"answer": "No."},
                headers={"Authorization": f"Token {seed['token']}"},
                timeout=30,
            )
            assert again.status_code == 409, again.text
            empty = await client.call_tool("propose_ask_human", {"payload": {"question": ""}})
            assert empty.is_error and "question" in empty.structured_content["detail"], empty

    asyncio.run(scenario())


def test_the_2026_protocol_client_reaches_the_same_tools(served):
    """The client's default mode negotiates the per-request protocol; the handshake one is covered above."""
    server, seed = served

    async def scenario():
        async with _connected(server.url, seed["agent"], mode="auto") as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert "propose_git_merge" in names
            read = await client.call_tool(LIST, {"limit": 1})
            assert not read.is_error and isinstance(read.structured_content["actions"], list)

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("which", "status", "words"),
    [
        ("unknown", 401, "Unknown agent key"),
        ("revoked", 401, "revoked"),
        ("suspended", 403, "suspended"),
        ("runner", 401, "runner key"),
    ],
)
def test_a_key_the_rest_api_refuses_is_refused(served, which, status, words):
    server, seed = served
    key = {"unknown": "brabo_agent_not-a-key", "runner": "brabo_runner_x"}.get(which) or seed[which]

    async def scenario():
        with pytest.raises(BaseException) as refused:
            async with _connected(server.url, key) as client:
                await client.list_tools()
        errors = _leaves(refused.value)
        assert any(isinstance(e, MCPError) and words in str(e) for e in errors), errors

    asyncio.run(scenario())
    raw = httpx.post(
        server.url + "/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"},
        timeout=30,
    )
    assert raw.status_code == status
    assert words in raw.json()["error"]["message"]
    if status == 401:
        assert raw.headers["www-authenticate"].startswith("Bearer")


def test_no_key_and_a_foreign_origin_are_refused(served):
    server, seed = served
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    accept = {"Accept": "application/json, text/event-stream"}
    anonymous = httpx.post(server.url + "/mcp", json=body, headers=accept, timeout=30)
    assert anonymous.status_code == 401 and anonymous.json()["error"]["data"]["reason"] == "not_authenticated"
    foreign = httpx.post(
        server.url + "/mcp/",
        json=body,
        headers={**accept, "Authorization": f"Bearer {seed['agent']}", "Origin": "http://evil.example"},
        timeout=30,
    )
    assert foreign.status_code == 403
    # stateless: no idle event stream to hold open, no session to delete
    for method in ("GET", "DELETE"):
        other = httpx.request(
            method,
            server.url + "/mcp",
            headers={**accept, "Authorization": f"Bearer {seed['agent']}"},
            timeout=30,
        )
        assert other.status_code == 405 and other.headers["allow"] == "POST", method


def test_a_bad_argument_is_a_named_refusal(served):
    server, seed = served

    async def scenario():
        async with _connected(server.url, seed["agent"]) as client:
            for arguments, words in [
                ({"payload": {"command": "ls"}, "task": "nope"}, "task must be a task's id"),
                ({"payload": "ls"}, "payload must be a JSON object"),
                ({"payload": {"command": "ls"}, "wait": True}, "wait must be a number of seconds"),
            ]:
                refused = await client.call_tool("propose_terminal", arguments)
                assert refused.is_error and refused.structured_content["status"] == 400, refused
                assert words in refused.structured_content["detail"], refused

    asyncio.run(scenario())


def test_tool_payload_schemas_are_the_openapi_payloads(served):
    """Every proposable type's tool takes the payload the served OpenAPI document describes for it."""
    server, seed = served
    components = httpx.get(
        server.url + "/api/schema/?format=json",
        headers={"Authorization": f"Token {seed['token']}"},
        timeout=60,
    ).json()["components"]["schemas"]

    async def scenario():
        async with _connected(server.url, seed["agent"]) as client:
            return {t.name: t for t in (await client.list_tools()).tools}

    tools = asyncio.run(scenario())
    for action_type in ACTION_TYPES:
        if action_type in PERSON_ONLY_TYPES:
            continue
        served_payload = tools[f"propose_{action_type}"].input_schema["properties"]["payload"]
        assert served_payload == _json_schema(components[f"{_label(action_type)}PayloadRequest"]), action_type


def test_a_wait_whose_client_hangs_up_gives_its_place_back(served):
    """The agent's one wait (its cap here) is freed when its client goes away mid-wait, not at the timeout."""
    server, seed = served

    async def scenario():
        async with _connected(server.url, seed["agent"]) as client:
            proposed = await client.call_tool("propose_terminal", {"payload": {"command": "make hang-up"}})
            action_id = proposed.structured_content["id"]
            waiter = asyncio.ensure_future(client.call_tool(WAIT, {"action_id": action_id, "timeout": 600}))
            await asyncio.to_thread(
                wait_until, lambda: _load(server.url)["waits"] == 1, seconds=60, what="the MCP wait held"
            )
            waiter.cancel()
        # the client and its connections are gone; the server notices and lets go of the wait
        await asyncio.to_thread(
            wait_until, lambda: _load(server.url)["waits"] == 0, seconds=60, what="the wait given up"
        )
        async with _connected(server.url, seed["agent"]) as client:
            again = await client.call_tool(WAIT, {"action_id": action_id, "timeout": 0})
            assert not again.is_error and again.structured_content["status"] == "pending", again

    asyncio.run(scenario())
