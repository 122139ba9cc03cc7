"""Waits are async (R8.4): served by `manage.py serve` (uvicorn + brabo.asgi), a waiting agent holds
no thread, wake-ups cross processes through Redis (and fall back to re-checks without it), concurrent waits
are capped per agent and per workspace, the live stream fans one feed out to many listeners without
crossing tenants, and /healthz answers while every sync slot is busy.

Each test starts its own server(s) on its own SQLite file (and, for Redis, its own redis-server): nothing
here touches the checkout's var/ or the shared services. Progress is observed through the server's own
/readyz load figures (waits held, sync slots busy), never by sleeping.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from .served import PrivateRedis, Server, base_env, seeded_copy, wait_until

_SEED = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from containers.runners import issue_runner
from projects.keys import create_personal_token
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
out = {}
for name in ("a", "b"):
    owner = get_user_model().objects.create_user("owner-" + name, password="x", is_staff=False)
    ws = create_workspace(actor=owner, name="ws-" + name)
    project = create_project(actor=owner, workspace=ws, name="app-" + name)
    principal = Membership.objects.get(workspace=ws, user=owner)
    _, key = create_agent(actor=owner, project=project, name="agent-" + name, principal=principal)
    _, key2 = create_agent(actor=owner, project=project, name="agent-" + name + "2", principal=principal)
    _, token = create_personal_token(actor=owner, name="t")
    _, runner_key = issue_runner(actor=owner, project=project, name="r-" + name)
    client = Client()
    client.force_login(owner)
    out[name] = {"agent": key, "agent2": key2, "token": token, "runner": runner_key,
                 "project": str(project.id), "session": client.cookies["sessionid"].value,
                 "workspace": str(ws.id)}
print("SEED=" + json.dumps(out))
"""


def _seed(env) -> dict:
    """The two workspaces of ``_SEED`` in ``env``'s own database: a copy of one seeded once per process."""
    return json.loads(seeded_copy(env, _SEED).split("SEED=")[1])


def _env(tmp_path, **extra) -> dict[str, str]:
    (tmp_path / "var").mkdir(exist_ok=True)
    return base_env(BRABO_VAR_DIR=str(tmp_path / "var"), BRABO_WEB_ACCESS_LOG="false", **extra)


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _pending(url: str, key: str, command: str = "make deploy") -> str:
    r = httpx.post(
        url + "/api/actions/",
        json={"action_type": "terminal", "payload": {"command": command}},
        headers=_bearer(key),
        timeout=30,
    )
    assert r.status_code == 201 and r.json()["status"] == "pending", r.text
    return r.json()["id"]


def _load(url: str) -> dict:
    return httpx.get(url + "/readyz", timeout=30).json()["load"]


def _person(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}"}


def _deny(url: str, token: str, action_id: str) -> httpx.Response:
    return httpx.post(
        f"{url}/api/actions/{action_id}/deny/", json={"reason": "not now"}, headers=_person(token), timeout=30
    )


class Waits:
    """``n`` concurrent `GET /wait/?timeout=...` calls, each in a client thread (the server's side is what is
    measured); ``results`` fills as they answer."""

    def __init__(self, url: str, key: str, action_id: str, n: int, timeout: float = 120):
        self.results: list[httpx.Response] = []
        self._pool = ThreadPoolExecutor(n)
        self._futures = [
            self._pool.submit(
                httpx.get,
                f"{url}/api/actions/{action_id}/wait/?timeout={timeout}",
                headers=_bearer(key),
                timeout=timeout + 60,
            )
            for _ in range(n)
        ]

    def done(self) -> int:
        return sum(f.done() for f in self._futures)

    def join(self) -> list[httpx.Response]:
        out = [f.result() for f in self._futures]
        self._pool.shutdown()
        return out


def test_fifty_waits_hold_no_thread_and_an_ordinary_proposal_still_answers(tmp_path):
    """Two sync slots, fifty agents waiting: under threads-per-wait nothing else could run."""
    env = _env(tmp_path, BRABO_WEB_THREADS="2", BRABO_MAX_WAITS_PER_AGENT="100")
    seed = _seed(env)
    a = seed["a"]
    server = Server(tmp_path, env=env)
    try:
        action_id = _pending(server.url, a["agent"])
        waits = Waits(server.url, a["agent"], action_id, 50)
        wait_until(lambda: _load(server.url)["waits"] == 50, seconds=120, what="50 waits held")
        load = _load(server.url)
        assert load["sync_slots"] == 2
        # with every wait still open: an ordinary proposal, a read and the probe all answer
        other = _pending(server.url, a["agent2"], "make release")
        assert httpx.get(
            f"{server.url}/api/actions/{other}/", headers=_bearer(a["agent2"]), timeout=30
        ).is_success
        assert httpx.get(server.url + "/healthz", timeout=30).status_code == 200
        assert waits.done() == 0 and _load(server.url)["waits"] == 50
        # one decision wakes all fifty with the real outcome
        assert _deny(server.url, a["token"], action_id).status_code == 200
        answers = waits.join()
        assert [r.status_code for r in answers] == [200] * 50
        assert {r.json()["status"] for r in answers} == {"denied"}
        wait_until(lambda: _load(server.url)["waits"] == 0, seconds=30, what="waits released")
    finally:
        server.stop()


def test_a_proposal_with_wait_returns_its_outcome_in_the_same_call(tmp_path):
    env = _env(tmp_path)
    a = _seed(env)["a"]
    server = Server(tmp_path, env=env)
    try:
        # pending: ?wait= does not wait for a person (R12.4), it answers at once with the pending action
        r = httpx.post(
            server.url + "/api/actions/?wait=30",
            json={"action_type": "terminal", "payload": {"command": "make deploy"}},
            headers=_bearer(a["agent"]),
            timeout=60,
        )
        assert r.status_code == 201 and r.json()["status"] == "pending"
        # bad input through the async route is the same named 400
        r = httpx.post(
            server.url + "/api/actions/?wait=601",
            json={"action_type": "terminal", "payload": {"command": "ls"}},
            headers=_bearer(a["agent"]),
            timeout=60,
        )
        assert r.status_code == 400 and r.json()["reason"] == "invalid"
        r = httpx.post(server.url + "/api/actions/?wait=5", json={}, timeout=60)
        assert r.status_code == 401
    finally:
        server.stop()


def test_caps_on_concurrent_waits_answer_429_with_retry_after_and_spare_other_workspaces(tmp_path):
    env = _env(tmp_path, BRABO_MAX_WAITS_PER_AGENT="3", BRABO_MAX_WAITS_PER_WORKSPACE="5")
    seed = _seed(env)
    a, b = seed["a"], seed["b"]
    server = Server(tmp_path, env=env)
    try:
        action_a = _pending(server.url, a["agent"])
        held = Waits(server.url, a["agent"], action_a, 3)
        wait_until(lambda: _load(server.url)["waits"] == 3, seconds=60, what="3 waits held")
        r = httpx.get(f"{server.url}/api/actions/{action_a}/wait/?timeout=30", headers=_bearer(a["agent"]))
        assert r.status_code == 429
        assert r.json()["reason"] == "too_many_waits" and int(r.headers["Retry-After"]) > 0
        # the same agent's proposal with ?wait= is refused the same way only when it would wait; a pending
        # answer needs no wait
        assert _pending(server.url, a["agent"], "make release")
        # the workspace's cap: a second agent fills it to 5, then a person of the workspace is refused too
        action_a2 = _pending(server.url, a["agent2"], "make other")
        held2 = Waits(server.url, a["agent2"], action_a2, 2)
        wait_until(lambda: _load(server.url)["waits"] == 5, seconds=60, what="5 waits held")
        r = httpx.get(f"{server.url}/api/actions/{action_a}/wait/?timeout=30", headers=_person(a["token"]))
        assert r.status_code == 429 and r.json()["reason"] == "too_many_waits"
        # another workspace is not touched by A's caps: it waits, and gets its answer
        action_b = _pending(server.url, b["agent"])
        waits_b = Waits(server.url, b["agent"], action_b, 3)
        wait_until(lambda: _load(server.url)["waits"] == 8, seconds=60, what="B's waits held")
        assert _deny(server.url, b["token"], action_b).status_code == 200
        assert {r.json()["status"] for r in waits_b.join()} == {"denied"}
        assert _deny(server.url, a["token"], action_a).status_code == 200
        assert _deny(server.url, a["token"], action_a2).status_code == 200
        assert {r.status_code for r in held.join() + held2.join()} == {200}
        # the allowance is given back: A's agent may wait again
        r = httpx.get(f"{server.url}/api/actions/{action_a}/wait/?timeout=1", headers=_bearer(a["agent"]))
        assert r.status_code == 200 and r.json()["status"] == "denied"
    finally:
        server.stop()


def test_healthz_and_readyz_answer_while_every_sync_slot_is_busy(tmp_path):
    """One sync slot, held by a runner's long-poll (a sync request that waits): the probes still answer."""
    env = _env(tmp_path, BRABO_WEB_THREADS="1")
    a = _seed(env)["a"]
    server = Server(tmp_path, env=env)
    try:
        box: dict = {}
        # the long-poll holds the slot 10 s: seconds more than seeing it taken and the two probes need
        poll = threading.Thread(
            target=lambda: box.update(
                r=httpx.get(
                    server.url + "/api/runner/work/?timeout=10", headers=_bearer(a["runner"]), timeout=90
                )
            )
        )
        poll.start()
        wait_until(lambda: _load(server.url)["sync_slots_busy"] == 1, seconds=60, what="the slot taken")
        assert httpx.get(server.url + "/healthz", timeout=30).status_code == 200
        ready = httpx.get(server.url + "/readyz", timeout=30)
        assert ready.status_code == 200 and ready.json()["load"]["sync_slots_busy"] == 1
        assert "r" not in box  # the long-poll was still holding the slot while both answered
        poll.join(90)
        assert box["r"].status_code == 204
    finally:
        server.stop()


class Stream:
    """One console live stream read in a thread until ``stop``; ``frames`` collects the action frames."""

    def __init__(self, url: str, session: str):
        self.frames: list[dict] = []
        self.status: int | None = None
        self.opened = threading.Event()
        self._client = httpx.Client(base_url=url, cookies={"sessionid": session}, timeout=120)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

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

    def stop(self):
        stop_all([self])


def stop_all(streams: list[Stream]) -> None:
    """Close every stream's client, then wait for their readers: a reader ends at its stream's next frame (the
    heartbeat), so the streams end together rather than a heartbeat apart, one after another."""
    for s in streams:
        s._client.close()
    for s in streams:
        s._thread.join(30)


def test_the_live_feed_reaches_many_listeners_and_never_another_tenants(tmp_path):
    env = _env(tmp_path, BRABO_SSE_HEARTBEAT="1", BRABO_SSE_MAX_SECONDS="600")
    seed = _seed(env)
    a, b = seed["a"], seed["b"]
    server = Server(tmp_path, env=env)
    streams_a = [Stream(server.url, a["session"]) for _ in range(20)]
    streams_b = [Stream(server.url, b["session"]) for _ in range(10)]
    try:
        for s in streams_a + streams_b:
            assert s.opened.wait(60) and s.status == 200
        wait_until(lambda: _load(server.url)["streams"] == 30, seconds=60, what="30 listeners of the feed")
        reads_before = _load(server.url)["feed_reads"]
        action_b = _pending(server.url, b["agent"], "make b-only")
        action_a = _pending(server.url, a["agent"], "make a-only")
        wait_until(
            lambda: (
                all(any(f["id"] == action_a for f in s.frames) for s in streams_a)
                and all(any(f["id"] == action_b for f in s.frames) for s in streams_b)
            ),
            seconds=60,
            what="every listener to get its own workspace's action",
        )
        # a third event after both: once it arrived everywhere, nothing else is in flight
        later_a = _pending(server.url, a["agent"], "make a-later")
        later_b = _pending(server.url, b["agent"], "make b-later")
        wait_until(
            lambda: (
                all(any(f["id"] == later_a for f in s.frames) for s in streams_a)
                and all(any(f["id"] == later_b for f in s.frames) for s in streams_b)
            ),
            seconds=60,
            what="the later actions everywhere",
        )
        # one feed read per wake-up serves all 30 listeners: a query per listener per event would be >= 120
        assert _load(server.url)["feed_reads"] - reads_before < 30
        for s in streams_a:
            assert {f["project"] for f in s.frames} == {a["project"]}
        for s in streams_b:
            assert {f["project"] for f in s.frames} == {b["project"]}
    finally:
        stop_all(streams_a + streams_b)
        server.stop()


def test_a_member_removed_mid_stream_stops_hearing_of_that_workspace_at_once(tmp_path):
    """The periodic re-read is set to 10 minutes: only the membership change itself can stop the frames."""
    env = _env(tmp_path, BRABO_SSE_HEARTBEAT="1", BRABO_SSE_TENANCY_REFRESH="600")
    seed = _seed(env)
    a, b = seed["a"], seed["b"]
    server = Server(tmp_path, env=env)
    members = f"{server.url}/api/workspaces/{a['workspace']}/members/"
    r = httpx.post(members, json={"username": "owner-b", "role": "developer"}, headers=_person(a["token"]))
    assert r.is_success, r.text
    stream = Stream(server.url, b["session"])
    try:
        assert stream.opened.wait(60) and stream.status == 200
        wait_until(lambda: _load(server.url)["streams"] == 1, seconds=60, what="the listener")
        seen = _pending(server.url, a["agent"], "make seen")
        wait_until(
            lambda: any(f["id"] == seen for f in stream.frames), seconds=60, what="A's action, as a member"
        )
        r = httpx.delete(members + "owner-b/", headers=_person(a["token"]))
        assert r.is_success, r.text
        hidden = _pending(server.url, a["agent"], "make hidden")
        marker = _pending(server.url, b["agent"], "make marker")
        wait_until(lambda: any(f["id"] == marker for f in stream.frames), seconds=60, what="B's own action")
        assert hidden not in {f["id"] for f in stream.frames}
    finally:
        stream.stop()
        server.stop()


def test_an_agent_hook_waiting_for_a_person_holds_no_slot_and_answers_the_decision(tmp_path):
    """R12.6 under the ASGI server: the hook's wait for a person is the hub's, not a thread's; the person's
    decision reaches it, answered in the agent's own protocol."""
    env = _env(tmp_path, BRABO_WEB_THREADS="1")
    a = _seed(env)["a"]
    server = Server(tmp_path, env=env)
    box: dict = {}
    body = {
        "session_id": "s",
        "cwd": "/tmp",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "make deploy"},
        "tool_use_id": "toolu_1",
    }
    hook = threading.Thread(
        target=lambda: box.update(
            r=httpx.post(
                server.url + "/api/hooks/claude-code/?timeout=120&agent_timeout=600",
                json=body,
                headers={
                    **_bearer(a["agent"]),
                    "X-Brabo-Project-Root": "/tmp",
                    "X-Brabo-Hook-Nonce": "0123456789abcdef0123456789abcdef",
                },
                timeout=180,
            )
        )
    )
    try:
        hook.start()
        wait_until(lambda: _load(server.url)["waits"] == 1, seconds=60, what="the hook waiting")
        assert _load(server.url)["sync_slots_busy"] == 0  # its one slot is free while it waits
        queue = httpx.get(
            server.url + "/api/actions/?status=pending", headers=_person(a["token"]), timeout=30
        )
        rows = queue.json()["results"] if isinstance(queue.json(), dict) else queue.json()
        [pending] = [row["id"] for row in rows]
        assert "r" not in box
        assert _deny(server.url, a["token"], pending).status_code == 200
        hook.join(120)
        answer = box["r"].json()["hookSpecificOutput"]
        assert answer["permissionDecision"] == "deny" and "not now" in answer["permissionDecisionReason"]
        # the command hook's nonce comes back on the answer the async route sends after its wait
        assert box["r"].headers["X-Brabo-Hook-Answer"] == "0123456789abcdef0123456789abcdef"
    finally:
        server.stop()


@pytest.mark.integration
def test_a_decision_through_one_process_wakes_a_wait_held_by_another_through_redis(tmp_path):
    """Two servers (two processes, two ports) on one database and one Redis. Re-checks are set to 10 minutes,
    so only the Redis notification can answer the wait within its test bound."""
    redis = PrivateRedis(tmp_path)
    env = _env(
        tmp_path, BRABO_REDIS_URL=redis.url, BRABO_WAIT_RECHECK="600", BRABO_WAIT_RECHECK_SUBSCRIBED="600"
    )
    a = _seed(env)["a"]
    one, two = Server.together(tmp_path, env=env, names=("one", "two"))
    try:
        action_id = _pending(one.url, a["agent"])
        waits = Waits(one.url, a["agent"], action_id, 5, timeout=300)
        wait_until(lambda: _load(one.url)["waits"] == 5, seconds=60, what="waits held on server one")
        assert _deny(two.url, a["token"], action_id).status_code == 200
        wait_until(lambda: waits.done() == 5, seconds=120, what="server one's waits to be woken")
        assert {r.json()["status"] for r in waits.join()} == {"denied"}
    finally:
        one.stop()
        two.stop()
        redis.stop()


def test_without_redis_a_decision_in_another_process_is_found_by_the_recheck(tmp_path):
    """Redis configured but unreachable (the fallback): the wait re-reads the database every second."""
    from .served import free_port

    env = _env(tmp_path, BRABO_REDIS_URL=f"redis://127.0.0.1:{free_port()}/0", BRABO_WAIT_RECHECK="1")
    a = _seed(env)["a"]
    one, two = Server.together(tmp_path, env=env, names=("one", "two"))
    try:
        action_id = _pending(one.url, a["agent"])
        waits = Waits(one.url, a["agent"], action_id, 3, timeout=300)
        wait_until(lambda: _load(one.url)["waits"] == 3, seconds=60, what="waits held on server one")
        assert _deny(two.url, a["token"], action_id).status_code == 200
        wait_until(lambda: waits.done() == 3, seconds=120, what="the re-check to find the decision")
        assert {r.json()["status"] for r in waits.join()} == {"denied"}
    finally:
        one.stop()
        two.stop()


def test_a_workspace_at_every_cap_never_holds_up_another_workspaces_ordinary_requests(tmp_path):
    """Fair sharing's noisy tenant: workspace A at its wait caps, its pending cap and its proposal rate, on a
    process with two sync slots. Workspace B's proposal and the console's queue and events all complete while
    every one of A's waits is still open (ordering, not durations), and A's refusals are the named 429s."""
    env = _env(
        tmp_path,
        BRABO_WEB_THREADS="2",
        BRABO_MAX_WAITS_PER_AGENT="4",
        BRABO_MAX_WAITS_PER_WORKSPACE="8",
        BRABO_CAP_PENDING_PER_WORKSPACE="3",
        BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE="1",
        BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE="4",
    )
    seed = _seed(env)
    a, b = seed["a"], seed["b"]
    server = Server(tmp_path, env=env)
    try:
        first = _pending(server.url, a["agent"])
        _pending(server.url, a["agent"], "make release")
        second = _pending(server.url, a["agent2"], "make other")

        def propose(key: str) -> httpx.Response:
            return httpx.post(
                server.url + "/api/actions/",
                json={"action_type": "terminal", "payload": {"command": "make more"}},
                headers=_bearer(key),
                timeout=30,
            )

        # A keeps proposing: refused for its pending cap, then for its rate (1/s, burst 4), never anything else
        reasons = []
        for _ in range(200):  # bounded; the bucket refills one token a second, these calls drain it faster
            refused = propose(a["agent2"])
            assert refused.status_code == 429, refused.text
            reasons.append(refused.json()["reason"])
            if reasons[-1] == "proposal_rate_exceeded":
                break
        assert reasons[0] == "too_many_pending_actions" and reasons[-1] == "proposal_rate_exceeded", reasons
        held = [Waits(server.url, a["agent"], first, 4), Waits(server.url, a["agent2"], second, 4)]
        wait_until(lambda: _load(server.url)["waits"] == 8, seconds=60, what="A's 8 waits held")
        refused = httpx.get(f"{server.url}/api/actions/{first}/wait/?timeout=30", headers=_person(a["token"]))
        assert refused.status_code == 429 and refused.json()["reason"] == "too_many_waits"

        # B, meanwhile: an ordinary proposal, and what the console reads (the queue, the events log)
        created = propose(b["agent"])
        assert created.status_code == 201, created.text
        queue = httpx.get(
            f"{server.url}/api/actions/?status=pending", headers=_person(b["token"]), timeout=30
        )
        assert queue.status_code == 200 and [x["id"] for x in queue.json()["results"]] == [
            created.json()["id"]
        ]
        events = httpx.get(
            f"{server.url}/api/projects/{b['project']}/events/", headers=_person(b["token"]), timeout=30
        )
        assert events.status_code == 200 and events.json()["results"], events.text
        # ...all answered while every one of A's waits is still open
        assert [w.done() for w in held] == [0, 0] and _load(server.url)["waits"] == 8

        assert _deny(server.url, a["token"], first).status_code == 200
        assert _deny(server.url, a["token"], second).status_code == 200
        assert {r.json()["status"] for w in held for r in w.join()} == {"denied"}
    finally:
        server.stop()


def test_a_server_told_to_stop_answers_its_waits_with_the_current_state_and_another_takes_over(tmp_path):
    """A web process stopped mid-wait (SIGTERM, as a deploy or an orchestrator stops it) answers the
    agents waiting on it at once with their action's current state — a clean R8.4 answer, not a cut
    connection or a 500 at the end of the grace period — and the agent waits again on another process, which
    gets it the decision."""
    env = _env(tmp_path)
    seed = _seed(env)
    a = seed["a"]
    # the same database: another process behind the address
    first, second = Server.together(tmp_path, env=env, names=("first", "second"))
    try:
        action_id = _pending(first.url, a["agent"])
        waits = Waits(first.url, a["agent"], action_id, 3)
        wait_until(lambda: _load(first.url)["waits"] == 3, seconds=60, what="3 waits held")
        first.stop()  # SIGTERM
        answers = waits.join()
        assert [r.status_code for r in answers] == [200] * 3, [r.text for r in answers]
        assert {r.json()["status"] for r in answers} == {"pending"}
        again = Waits(second.url, a["agent"], action_id, 1)
        wait_until(lambda: _load(second.url)["waits"] == 1, seconds=60, what="the wait again, on the other")
        assert _deny(second.url, a["token"], action_id).status_code == 200
        assert [r.json()["status"] for r in again.join()] == ["denied"]
    finally:
        first.stop()
        second.stop()
