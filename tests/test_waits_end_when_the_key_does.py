"""A wait already open when its agent's key stops opening Brabo (R8.4, R12.1): the key revoked, rotated out
without overlap, or its agent suspended (its principal removed). As an attacker holding a stolen key would
hope, the wait would run on to its timeout and then hand over the decision; instead it ends at once with the
answer a fresh call with that key gets -- 401 for a revoked or unknown key, 403 ``agent_suspended`` -- and a
decision made afterwards never reaches it. A rotation WITH overlap leaves the old key working: its wait goes
on and gets the decision. Paths: ``GET /wait/`` (the hub), MCP's ``wait_for_action``, and an agent hook
waiting for a person.

Each wait is woken by the revocation's own announcement; progress is read from /readyz (waits held),
never by sleeping, and the clients' timeouts are only a safety net for a hung test.
"""

from __future__ import annotations

import asyncio
import json
import threading

import httpx
import httpx2
import mcp_types as types
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from actions.mcp_server import WAIT

from .served import Server, base_env, migrate_and_run, wait_until

_SEED = """
import json
from django.contrib.auth import get_user_model
from projects.keys import create_personal_token
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace, set_member
User = get_user_model()
owner = User.objects.create_user("owner", password="x")
ws = create_workspace(actor=owner, name="ws")
project = create_project(actor=owner, workspace=ws, name="app")
principal = Membership.objects.get(workspace=ws, user=owner)
out = {"workspace": str(ws.id)}
for name in ("rest-revoked", "rest-rotated", "rest-overlap", "mcp-revoked", "hook-revoked"):
    agent, key = create_agent(actor=owner, project=project, name=name, principal=principal)
    out[name] = {"id": str(agent.id), "key": key}
for name in ("rest-suspended", "mcp-suspended"):
    User.objects.create_user("p-" + name, password="x")
    member, _ = set_member(actor=owner, workspace=ws, username="p-" + name, role="maintainer")
    agent, key = create_agent(actor=owner, project=project, name=name, principal=member)
    out[name] = {"id": str(agent.id), "key": key, "principal": "p-" + name}
_, out["token"] = create_personal_token(actor=owner, name="t")
print("SEED=" + json.dumps(out))
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fenced-waits")
    (tmp / "var").mkdir()
    env = base_env(BRABO_VAR_DIR=str(tmp / "var"), BRABO_WEB_ACCESS_LOG="false")
    seed = json.loads(migrate_and_run(env, _SEED).split("SEED=")[1])
    server = Server(tmp, env=env)
    try:
        yield server, seed
    finally:
        server.stop()


def _person(seed) -> dict[str, str]:
    return {"Authorization": f"Token {seed['token']}"}


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _waits(url: str) -> int:
    return httpx.get(url + "/readyz", timeout=30).json()["load"]["waits"]


def _pending(url: str, key: str, command: str) -> str:
    r = httpx.post(
        url + "/api/actions/",
        json={"action_type": "terminal", "payload": {"command": command}},
        headers=_bearer(key),
        timeout=30,
    )
    assert r.status_code == 201 and r.json()["status"] == "pending", r.text
    return r.json()["id"]


def _approve(url: str, seed, action_id: str) -> None:
    r = httpx.post(f"{url}/api/actions/{action_id}/approve/", headers=_person(seed), timeout=30)
    assert r.status_code in (200, 403, 409), r.text  # a revoked agent's action may be refused: either way


def _revoke(url: str, seed, name: str) -> None:
    r = httpx.post(f"{url}/api/agents/{seed[name]['id']}/revoke/", headers=_person(seed), timeout=30)
    assert r.status_code == 200, r.text


def _rotate(url: str, seed, name: str, minutes: int) -> None:
    r = httpx.post(
        f"{url}/api/agents/{seed[name]['id']}/rotate-key/",
        json={"overlap_minutes": minutes},
        headers=_person(seed),
        timeout=30,
    )
    assert r.status_code == 200, r.text


def _remove_principal(url: str, seed, name: str) -> None:
    who = seed[name]["principal"]
    r = httpx.delete(
        f"{url}/api/workspaces/{seed['workspace']}/members/{who}/", headers=_person(seed), timeout=30
    )
    assert r.status_code in (200, 204), r.text


class _Wait:
    """One ``GET /wait/?timeout=600`` in a client thread."""

    def __init__(self, url: str, key: str, action_id: str):
        self.box: dict = {}
        self.thread = threading.Thread(
            target=lambda: self.box.update(
                r=httpx.get(
                    f"{url}/api/actions/{action_id}/wait/?timeout=600", headers=_bearer(key), timeout=60
                )
            )
        )
        self.thread.start()

    def answer(self) -> httpx.Response:
        self.thread.join(90)
        return self.box["r"]


@pytest.mark.parametrize(
    "name, cut, status, reason",
    [
        ("rest-revoked", lambda u, s: _revoke(u, s, "rest-revoked"), 401, "authentication_failed"),
        ("rest-rotated", lambda u, s: _rotate(u, s, "rest-rotated", 0), 401, "authentication_failed"),
        ("rest-suspended", lambda u, s: _remove_principal(u, s, "rest-suspended"), 403, "agent_suspended"),
    ],
)
def test_a_rest_wait_ends_when_its_key_stops_working_and_never_gets_the_decision(
    served, name, cut, status, reason
):
    server, seed = served
    action_id = _pending(server.url, seed[name]["key"], f"make {name}")
    wait = _Wait(server.url, seed[name]["key"], action_id)
    wait_until(lambda: _waits(server.url) == 1, seconds=60, what="the wait held")
    cut(server.url, seed)
    answer = wait.answer()
    assert answer.status_code == status, answer.text
    assert answer.json()["reason"] == reason and "status" not in answer.json()
    wait_until(lambda: _waits(server.url) == 0, seconds=60, what="the wait let go")
    # the person decides afterwards: nothing of it reaches the old key
    _approve(server.url, seed, action_id)
    again = httpx.get(
        f"{server.url}/api/actions/{action_id}/wait/?timeout=0", headers=_bearer(seed[name]["key"])
    )
    assert again.status_code == status, again.text


def test_a_rotation_with_overlap_leaves_the_old_keys_wait_to_its_decision(served):
    server, seed = served
    action_id = _pending(server.url, seed["rest-overlap"]["key"], "make overlap")
    wait = _Wait(server.url, seed["rest-overlap"]["key"], action_id)
    wait_until(lambda: _waits(server.url) == 1, seconds=60, what="the wait held")
    _rotate(server.url, seed, "rest-overlap", 30)
    assert _waits(server.url) == 1 and "r" not in wait.box  # woken, it found the key still good
    r = httpx.post(
        f"{server.url}/api/actions/{action_id}/deny/",
        json={"reason": "no"},
        headers=_person(seed),
        timeout=30,
    )
    assert r.status_code == 200, r.text
    answer = wait.answer()
    assert answer.status_code == 200 and answer.json()["status"] == "denied", answer.text


async def _mcp_wait(url: str, key: str, cut) -> types.CallToolResult:
    headers = _bearer(key)
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60)) as http:
        async with Client(streamable_http_client(url + "/mcp", http_client=http), mode="legacy") as client:
            proposed = await client.call_tool("propose_terminal", {"payload": {"command": "make mcp"}})
            action_id = proposed.structured_content["id"]
            waiter = asyncio.ensure_future(client.call_tool(WAIT, {"action_id": action_id, "timeout": 600}))
            await asyncio.to_thread(
                wait_until, lambda: _waits(url) == 1, seconds=60, what="the MCP wait held"
            )
            await asyncio.to_thread(cut)
            return await waiter


@pytest.mark.parametrize(
    "name, how, status, reason",
    [
        ("mcp-revoked", "revoke", 401, "authentication_failed"),
        ("mcp-suspended", "remove", 403, "agent_suspended"),
    ],
)
def test_an_mcp_wait_ends_when_its_key_stops_working(served, name, how, status, reason):
    server, seed = served
    cut = {
        "revoke": lambda: _revoke(server.url, seed, name),
        "remove": lambda: _remove_principal(server.url, seed, name),
    }[how]
    result = asyncio.run(_mcp_wait(server.url, seed[name]["key"], cut))
    assert result.is_error, result
    assert result.structured_content["status"] == status and result.structured_content["reason"] == reason
    wait_until(lambda: _waits(server.url) == 0, seconds=60, what="the wait let go")


def test_a_hook_waiting_for_a_person_denies_when_its_key_is_revoked(served):
    server, seed = served
    box: dict = {}
    body = {
        "session_id": "s",
        "cwd": "/tmp",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "make hook-deploy"},
        "tool_use_id": "toolu_1",
    }
    hook = threading.Thread(
        target=lambda: box.update(
            r=httpx.post(
                server.url + "/api/hooks/claude-code/?timeout=600&agent_timeout=600",
                json=body,
                headers={**_bearer(seed["hook-revoked"]["key"]), "X-Brabo-Project-Root": "/tmp"},
                timeout=60,
            )
        )
    )
    hook.start()
    wait_until(lambda: _waits(server.url) == 1, seconds=60, what="the hook waiting")
    _revoke(server.url, seed, "hook-revoked")
    hook.join(90)
    answer = box["r"].json()["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny", answer
    assert "revoked" in answer["permissionDecisionReason"]
