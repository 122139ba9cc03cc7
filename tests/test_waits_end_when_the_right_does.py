"""An open wait or live stream ends, or narrows, the moment the right that opened it ends (R8.4, R1.1, R12.1).

Two servers on one database and one Redis (each its own process): a wait or a stream is held on server
``one``; the change that ends its right is made through server ``two`` or by a separate process, so only the
announcement carried by Redis -- or, for a key's overlap window, the wake-up the wait scheduled for the
window's end -- can end it in time. Re-checks are set to ten minutes: a wait that ended by its own re-check
would outlast the test's bound.

- A key rotated WITH an overlap window: the old key's wait goes on while the window lasts, and ends as a fresh
  call with that key would be refused (401) when it closes -- nothing announces that moment, the wait wakes
  itself.
- A person's wait (a personal token) ends when the token is revoked (401), the person is removed from the
  workspace or restricted to other projects (404: what a fresh call gets for an action they may not read),
  or deactivated (401).
- A console live stream (a session) ends when its session is logged out or its person deactivated, and
  stops carrying a project's actions once its person may no longer read that project.

Progress is read from /readyz (waits and streams held), never by sleeping.
"""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from .served import PrivateRedis, Server, base_env, migrate_and_run, seeded_copy, wait_until

pytestmark = pytest.mark.integration

_SEED = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from projects.keys import create_personal_token
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace, set_member
User = get_user_model()
owner = User.objects.create_user("owner", password="x")
ws = create_workspace(actor=owner, name="ws")
app = create_project(actor=owner, workspace=ws, name="app")
other = create_project(actor=owner, workspace=ws, name="other")
principal = Membership.objects.get(workspace=ws, user=owner)
out = {"workspace": str(ws.id), "app": str(app.id), "other": str(other.id), "agents": {}, "people": {}}
for name in ("overlap-mid", "overlap-open", "overlap-kept", "people"):
    agent, key = create_agent(actor=owner, project=app, name=name, principal=principal)
    out["agents"][name] = {"id": str(agent.id), "key": key}
_, out["owner_token"] = create_personal_token(actor=owner, name="t")
for name in ("p-revoked", "p-removed", "p-restricted", "p-inactive", "p-kept",
             "s-logout", "s-inactive", "s-removed", "s-restricted", "s-kept"):
    User.objects.create_user(name, password="x")
    set_member(actor=owner, workspace=ws, username=name, role="developer")
    person = User.objects.get(username=name)
    token, key = create_personal_token(actor=person, name="t")
    client = Client()
    client.force_login(person)
    out["people"][name] = {"token": key, "token_id": token.pk, "session": client.cookies["sessionid"].value}
print("SEED=" + json.dumps(out))
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rights")
    redis = PrivateRedis(tmp)
    (tmp / "var").mkdir()
    env = base_env(
        BRABO_VAR_DIR=str(tmp / "var"),
        BRABO_WEB_ACCESS_LOG="false",
        BRABO_REDIS_URL=redis.url,
        BRABO_WAIT_RECHECK="600",
        BRABO_WAIT_RECHECK_SUBSCRIBED="600",
        BRABO_SSE_HEARTBEAT="1",
        BRABO_SSE_TENANCY_REFRESH="600",
        BRABO_SSE_MAX_SECONDS="600",
    )
    seed = json.loads(seeded_copy(env, _SEED).split("SEED=")[1])
    servers = Server.together(tmp, env=env, names=("one", "two"))
    try:
        yield servers, seed, env
    finally:
        for server in servers:
            server.stop()
        redis.stop()


def _load(url: str) -> dict:
    return httpx.get(url + "/readyz", timeout=30).json()["load"]


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _token(key: str) -> dict[str, str]:
    return {"Authorization": f"Token {key}"}


def _pending(url: str, key: str, command: str) -> str:
    r = httpx.post(
        url + "/api/actions/",
        json={"action_type": "terminal", "payload": {"command": command}},
        headers=_bearer(key),
        timeout=30,
    )
    assert r.status_code == 201 and r.json()["status"] == "pending", r.text
    return r.json()["id"]


class _Wait:
    """One ``GET /wait/?timeout=600`` in a client thread (its 90 s timeout only guards a hung test)."""

    def __init__(self, url: str, headers: dict[str, str], action_id: str):
        self.box: dict = {}
        self.thread = threading.Thread(
            target=lambda: self.box.update(
                r=httpx.get(f"{url}/api/actions/{action_id}/wait/?timeout=600", headers=headers, timeout=90)
            ),
            daemon=True,
        )
        self.thread.start()

    def answer(self) -> httpx.Response:
        self.thread.join(120)
        return self.box["r"]


def _held(url: str, n: int, what: str) -> None:
    wait_until(lambda: _load(url)["waits"] == n, seconds=60, what=what)


# -- a key rotated with an overlap window --------------------------------------------------------------------

_ROTATE_SHORT = """
from datetime import timedelta
from django.db import transaction
from django.utils import timezone
from projects.keys import swap_key
from projects.models import Agent, RetiredKey
from django.contrib.auth import get_user_model
with transaction.atomic():
    agent = Agent.objects.select_for_update().get(pk={agent!r})
    key = swap_key("agent", agent, actor=get_user_model().objects.get(username="owner"), minutes=30,
                   event_type="agent.key_rotated")
    # the window, short enough for a test: what a 30-minute one is when its last seconds start
    RetiredKey.objects.filter(holder_id=agent.pk).update(valid_until=timezone.now() + timedelta(seconds={seconds}))
print("NEW=" + key)
"""


def _rotate_with_a_short_window(env, agent_id: str, seconds: float) -> str:
    """Rotate the agent's key in a separate process (its announcement reaches the servers through Redis) with
    an overlap window that ends ``seconds`` after the rotation; returns the new key."""
    printed = migrate_and_run(env, _ROTATE_SHORT.format(agent=agent_id, seconds=seconds))
    return printed.split("NEW=")[1].strip()


def test_a_wait_on_the_old_key_ends_401_when_its_overlap_window_ends_mid_wait(served):
    (one, _two), seed, env = served
    agent = seed["agents"]["overlap-mid"]
    action_id = _pending(one.url, agent["key"], "make overlap-mid")
    wait = _Wait(one.url, _bearer(agent["key"]), action_id)
    _held(one.url, 1, "the wait on the key about to be rotated")
    new = _rotate_with_a_short_window(env, agent["id"], 6)
    # woken by the rotation, the old key still opens Brabo: the wait goes on...
    answer = wait.answer()  # ...until its window ends, with nothing announcing that moment
    assert answer.status_code == 401, answer.text
    assert answer.json()["reason"] == "authentication_failed" and "status" not in answer.json()
    _held(one.url, 0, "the wait let go")
    # the new key waits as before
    assert (
        httpx.get(f"{one.url}/api/actions/{action_id}/", headers=_bearer(new), timeout=30).status_code == 200
    )


def test_a_wait_opened_with_a_key_already_in_its_overlap_ends_when_the_window_does(served):
    (one, _two), seed, env = served
    agent = seed["agents"]["overlap-open"]
    old = agent["key"]
    new = _rotate_with_a_short_window(env, agent["id"], 8)
    action_id = _pending(one.url, new, "make overlap-open")
    wait = _Wait(one.url, _bearer(old), action_id)  # let in: the old key is in its window
    answer = wait.answer()
    assert answer.status_code == 401, answer.text
    assert "status" not in answer.json()
    _held(one.url, 0, "the wait let go")


def test_a_wait_whose_window_outlasts_it_still_gets_the_decision(served):
    """Friction: an overlap window longer than the wait -- the decision reaches the old key's wait."""
    (one, two), seed, env = served
    agent = seed["agents"]["overlap-kept"]
    action_id = _pending(one.url, agent["key"], "make overlap-kept")
    wait = _Wait(one.url, _bearer(agent["key"]), action_id)
    _held(one.url, 1, "the wait")
    _rotate_with_a_short_window(env, agent["id"], 1800)
    r = httpx.post(
        f"{two.url}/api/actions/{action_id}/deny/",
        json={"reason": "no"},
        headers=_token(seed["owner_token"]),
        timeout=30,
    )
    assert r.status_code == 200, r.text
    answer = wait.answer()
    assert answer.status_code == 200 and answer.json()["status"] == "denied", answer.text
