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
# a second workspace every stream's person stays in: its actions mark "everything before has been read"
side_ws = create_workspace(actor=owner, name="side")
side = create_project(actor=owner, workspace=side_ws, name="side")
side_principal = Membership.objects.get(workspace=side_ws, user=owner)
_, out["side_key"] = create_agent(actor=owner, project=side, name="side", principal=side_principal)
for name in ("p-revoked", "p-removed", "p-restricted", "p-inactive", "p-kept",
             "s-logout", "s-inactive", "s-removed", "s-restricted", "s-kept"):
    User.objects.create_user(name, password="x")
    set_member(actor=owner, workspace=ws, username=name, role="developer")
    person = User.objects.get(username=name)
    token, key = create_personal_token(actor=person, name="t")
    if name.startswith("s-"):
        set_member(actor=owner, workspace=side_ws, username=name, role="developer")
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


# -- a person's wait (a personal token) ----------------------------------------------------------------------

_DEACTIVATE = """
from django.contrib.auth import get_user_model
user = get_user_model().objects.get(username={name!r})
user.is_active = False
user.save()
"""


def _deactivate(env, name: str) -> None:
    """As the admin's user page does: the person is saved inactive, in a separate process (through Redis)."""
    migrate_and_run(env, _DEACTIVATE.format(name=name))


def _revoke_token(url, seed, name):
    person = seed["people"][name]
    r = httpx.post(
        f"{url}/api/tokens/{person['token_id']}/revoke/", headers=_token(person["token"]), timeout=30
    )
    assert r.status_code == 200, r.text


def _remove(url, seed, name):
    r = httpx.delete(
        f"{url}/api/workspaces/{seed['workspace']}/members/{name}/",
        headers=_token(seed["owner_token"]),
        timeout=30,
    )
    assert r.status_code in (200, 204), r.text


def _restrict_to_other(url, seed, name):
    r = httpx.put(
        f"{url}/api/workspaces/{seed['workspace']}/members/{name}/access/",
        json={"projects": [seed["other"]]},
        headers=_token(seed["owner_token"]),
        timeout=30,
    )
    assert r.status_code == 200, r.text


def _set_role(url, seed, name, role):
    r = httpx.post(
        f"{url}/api/workspaces/{seed['workspace']}/members/",
        json={"username": name, "role": role},
        headers=_token(seed["owner_token"]),
        timeout=30,
    )
    assert r.is_success, r.text


@pytest.mark.parametrize(
    "name, status, reason",
    [
        ("p-revoked", 401, "authentication_failed"),
        ("p-removed", 404, "not_found"),
        ("p-restricted", 404, "not_found"),
        ("p-inactive", 401, "authentication_failed"),
    ],
)
def test_a_persons_wait_ends_when_their_right_to_read_the_action_does(served, name, status, reason):
    (one, two), seed, env = served
    cut = {
        "p-revoked": lambda: _revoke_token(two.url, seed, name),
        "p-removed": lambda: _remove(two.url, seed, name),
        "p-restricted": lambda: _restrict_to_other(two.url, seed, name),
        "p-inactive": lambda: _deactivate(env, name),
    }[name]
    token = _token(seed["people"][name]["token"])
    action_id = _pending(one.url, seed["agents"]["people"]["key"], f"make {name}")
    wait = _Wait(one.url, token, action_id)
    _held(one.url, 1, f"{name}'s wait")
    cut()
    answer = wait.answer()
    assert answer.status_code == status, answer.text
    assert answer.json()["reason"] == reason and "status" not in answer.json()
    _held(one.url, 0, "the wait let go")
    # decided afterwards: a fresh call with the same credentials gets the same refusal, not the decision
    r = httpx.post(
        f"{two.url}/api/actions/{action_id}/deny/",
        json={"reason": "no"},
        headers=_token(seed["owner_token"]),
        timeout=30,
    )
    assert r.status_code == 200, r.text
    again = httpx.get(f"{one.url}/api/actions/{action_id}/wait/?timeout=0", headers=token, timeout=30)
    assert again.status_code == status, again.text


def test_a_persons_wait_goes_on_through_a_change_that_leaves_them_reading(served):
    """Friction: their role raised and lowered, another member's change -- the wait wakes, still reads the
    action, and gets the decision."""
    (one, two), seed, env = served
    token = _token(seed["people"]["p-kept"]["token"])
    action_id = _pending(one.url, seed["agents"]["people"]["key"], "make p-kept")
    wait = _Wait(one.url, token, action_id)
    _held(one.url, 1, "the kept wait")
    _set_role(two.url, seed, "p-kept", "maintainer")
    _set_role(two.url, seed, "p-kept", "developer")
    assert _load(one.url)["waits"] == 1 and "r" not in wait.box
    r = httpx.post(
        f"{two.url}/api/actions/{action_id}/deny/",
        json={"reason": "no"},
        headers=_token(seed["owner_token"]),
        timeout=30,
    )
    assert r.status_code == 200, r.text
    answer = wait.answer()
    assert answer.status_code == 200 and answer.json()["status"] == "denied", answer.text


# -- a console live stream (a session) -----------------------------------------------------------------------


class _Stream:
    """One console live stream read in a thread; ``ended`` is set when the server ends it."""

    def __init__(self, url: str, session: str):
        self.frames: list[dict] = []
        self.status: int | None = None
        self.opened, self.ended = threading.Event(), threading.Event()
        self._client = httpx.Client(base_url=url, cookies={"sessionid": session}, timeout=90)
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        try:
            with self._client.stream("GET", "/admin/console/events/stream/") as response:
                self.status = response.status_code
                frame: dict = {}
                for line in response.iter_lines():
                    self.opened.set()
                    if line.startswith("data: "):
                        frame.update(json.loads(line[6:]))
                    elif line == "" and frame:
                        self.frames.append(frame)
                        frame = {}
        except httpx.HTTPError:
            pass
        finally:
            self.opened.set()
            self.ended.set()

    def ids(self) -> set[str]:
        return {f["id"] for f in self.frames}

    def close(self):
        self._client.close()


def _logout(url: str, session: str) -> None:
    """The console's sign-out (POST /admin/logout/), with the session's own cookie and a CSRF pair."""
    csrf = "a" * 32
    r = httpx.post(
        url + "/admin/logout/",
        cookies={"sessionid": session, "csrftoken": csrf},
        headers={"X-CSRFToken": csrf, "Referer": url + "/admin/"},
        timeout=30,
    )
    assert r.status_code in (200, 302), r.text[:500]


def _open(url, seed, name) -> _Stream:
    stream = _Stream(url, seed["people"][name]["session"])
    assert stream.opened.wait(60) and stream.status == 200
    return stream


def _seen(stream: _Stream, action_id: str) -> None:
    wait_until(lambda: action_id in stream.ids(), seconds=60, what=f"{action_id} on the stream")


@pytest.mark.parametrize("how", ["logout", "deactivate"])
def test_a_stream_ends_when_its_session_or_person_does(served, how):
    (one, two), seed, env = served
    name = {"logout": "s-logout", "deactivate": "s-inactive"}[how]
    agent_key = seed["agents"]["people"]["key"]
    stream = _open(one.url, seed, name)
    try:
        _seen(stream, _pending(one.url, agent_key, f"make {name}-seen"))
        if how == "logout":
            _logout(two.url, seed["people"][name]["session"])
        else:
            _deactivate(env, name)
        assert stream.ended.wait(60), "the stream outlived its session"
        hidden = _pending(one.url, agent_key, f"make {name}-hidden")
        assert hidden not in stream.ids()
        # and it does not open again with that session
        again = httpx.get(
            one.url + "/admin/console/events/stream/",
            cookies={"sessionid": seed["people"][name]["session"]},
            timeout=30,
        )
        assert again.status_code in (302, 401, 403), again.status_code
    finally:
        stream.close()


@pytest.mark.parametrize("how", ["remove", "restrict"])
def test_a_stream_stops_carrying_a_project_its_person_may_no_longer_read(served, how):
    (one, two), seed, env = served
    name = {"remove": "s-removed", "restrict": "s-restricted"}[how]
    agent_key = seed["agents"]["people"]["key"]
    stream = _open(one.url, seed, name)
    try:
        _seen(stream, _pending(one.url, agent_key, f"make {name}-seen"))
        (_remove if how == "remove" else _restrict_to_other)(two.url, seed, name)
        hidden = _pending(one.url, agent_key, f"make {name}-hidden")
        # an action of the workspace they are still in, proposed after: once it arrived, the hidden one
        # (an earlier event) would have too
        _seen(stream, _pending(one.url, seed["side_key"], f"make {name}-marker"))
        assert hidden not in stream.ids() and not stream.ended.is_set()
    finally:
        stream.close()


def test_a_stream_goes_on_through_a_change_that_leaves_its_person_reading(served):
    (one, two), seed, env = served
    agent_key = seed["agents"]["people"]["key"]
    stream = _open(one.url, seed, "s-kept")
    try:
        _seen(stream, _pending(one.url, agent_key, "make s-kept-1"))
        _set_role(two.url, seed, "s-kept", "maintainer")
        _logout(two.url, seed["people"]["s-logout"]["session"])  # someone else's session ends
        _seen(stream, _pending(one.url, agent_key, "make s-kept-2"))
        _seen(stream, _pending(one.url, seed["side_key"], "make s-kept-3"))
        assert not stream.ended.is_set()
    finally:
        stream.close()
