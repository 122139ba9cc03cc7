"""R12.6 — agent hooks never fail open: ``brabo hook <agent>`` answers a refusal in the agent's own format
before the agent's hook timeout, whatever the server does (R12.6).

Each case is a real ``brabo hook`` process (as the agents start it) against a local fake server: one that
accepts and never answers, one that sends its headers and then trickles the body a byte at a time, one whose
accept backlog is full (saturated), and a port nobody listens on. The hook is told the agent's timeout
(``--agent-timeout``); the process is given exactly that long, as the agent would — the margin that has to
absorb process start on a busy machine is the hook's own, never a wall-clock bound of this test's.

Most cases wait the deadline out (about 6 s each, idle): the module starts their processes together, a few at a
time (``Runs``), and each test checks its own case's answer, so a failure still names the case.
"""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from actions import agent_hooks
from brabo_client import _wire
from brabo_client import hook as command_hook

REPO = Path(__file__).resolve().parent.parent
AGENT_TIMEOUT = 8  # seconds: a small configured hook timeout, so the suite stays quick

INPUTS = {
    "claude-code": {
        "session_id": "s",
        "cwd": "/tmp",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf build"},
        "tool_use_id": "toolu_1",
    },
    "gemini-cli": {
        "session_id": "s",
        "cwd": "/tmp",
        "hook_event_name": "BeforeTool",
        "timestamp": "2026-12-01T00:00:00Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": "rm -rf build"},
    },
    "codex": {
        "session_id": "s",
        "turn_id": "t",
        "cwd": "/tmp",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf build"},
        "tool_use_id": "call_1",
    },
}


class FakeServer:
    """A TCP server on 127.0.0.1 that misbehaves in one named way; records the request lines it read."""

    def __init__(self, mode: str):
        self.mode = mode
        self.requests: list[bytes] = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self.stop = threading.Event()
        if mode == "saturated":
            # A backlog of one that nobody accepts from, filled before the hook comes: the kernel answers
            # its SYN with nothing, as a server whose every worker is busy and whose queue is full.
            self.sock.listen(0)
            for _ in range(4):
                filler = socket.socket()
                filler.setblocking(False)
                filler.connect_ex(("127.0.0.1", self.port))
                self.held.append(filler)
            return
        self.sock.listen(16)
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        self.sock.settimeout(0.2)
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.held.append(conn)
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        if self.mode == "silent":
            return  # accepted; never reads, never answers
        conn.settimeout(5)
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                data += chunk
        except OSError:
            return
        self.requests.append(data.split(b"\r\n", 1)[0])
        if self.mode == "slow-body":
            try:
                conn.sendall(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{"
                )
                while not self.stop.wait(0.3):  # a byte at a time, never the whole body
                    conn.sendall(b" ")
            except OSError:
                return

    def close(self) -> None:
        self.stop.set()
        for s in self.held:
            s.close()
        self.sock.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again: nobody listens there


def hook_argv(form: str, agent: str) -> list[str]:
    """The hook process as an agent starts it: ``brabo hook <agent>`` (here ``python -m brabo_client``, the
    console script's code), or the fast form ``brabo hook install`` writes (``python -I -S fast_hook.py``)."""
    if form == "fast":
        return shlex.split(command_hook.command(agent))
    return [sys.executable, "-m", "brabo_client", "hook", agent]


def run_hook(
    agent: str,
    url: str,
    *args: str,
    agent_timeout: float = AGENT_TIMEOUT,
    key: str = "brabo_agent_x",
    form: str = "fast",
):
    env = {
        **os.environ,
        "BRABO_URL": url,
        "BRABO_AGENT_KEY": key,
        "BRABO_PROJECT_ROOT": "/tmp",
    }
    # The agent kills the hook at its timeout: so does this test. Answering in time is the hook's job.
    proc = subprocess.run(
        [*hook_argv(form, agent), "--agent-timeout", f"{agent_timeout:g}", *args],
        input=json.dumps(INPUTS[agent]).encode(),
        capture_output=True,
        env=env,
        cwd=REPO,
        timeout=agent_timeout,
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def refusal_of(agent: str, code: int, out: str, err: str) -> str:
    """The refusal's reason, as the agent would read it; fails unless the answer is a deny in its format."""
    answer = json.loads(out)
    if agent == "gemini-cli":
        assert code == 0 and answer["decision"] == "deny"
        return answer["reason"]
    decision = answer["hookSpecificOutput"]
    assert decision["hookEventName"] == "PreToolUse" and decision["permissionDecision"] == "deny"
    if agent == "codex":
        assert code == 2 and err.strip()  # Codex's block: exit 2 with the reason on stderr
    else:
        assert code == 0
    return decision["permissionDecisionReason"]


# The fast form is what `brabo hook install` writes; the `brabo hook` form is the same program (hook.program)
# through the console script's code — both are taken through every fault, split across the agents.
FORMS = {"claude-code": "brabo", "gemini-cli": "fast", "codex": "fast"}


def run_stuck_hook(agent: str, form: str):
    """The hook given its input on a stdin that is never closed: the read blocks with no timeout at all."""
    env = {**os.environ, "BRABO_URL": "http://127.0.0.1:9", "BRABO_AGENT_KEY": "k"}
    proc = subprocess.Popen(
        [*hook_argv(form, agent), "--agent-timeout", str(AGENT_TIMEOUT)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None  # all piped
    try:
        proc.stdin.write(json.dumps(INPUTS[agent]).encode())
        proc.stdin.flush()  # ... and never closed
        code = proc.wait(timeout=AGENT_TIMEOUT)
        out, err = proc.stdout.read().decode(), proc.stderr.read().decode()
    finally:
        proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
    return code, out, err


# The cases (test name, parameters) whose hook processes ``Runs`` starts together; ``case`` names one.
SILENT_SERVERS = "test_a_server_that_never_answers_in_time_gets_a_refusal_before_the_agent_timeout"
UNREACHABLE = "test_an_unreachable_brabo_gets_a_refusal_before_the_agent_timeout"
PERSONS_WAIT = "test_the_persons_wait_asked_of_the_server_fits_inside_the_agent_timeout"
STUCK = "test_the_watchdog_answers_when_the_hook_is_stuck_where_no_socket_timeout_reaches"
# at most this many hook processes at once: each idles to its deadline, but all start within the 2 s margin
# the hook keeps for process start, which a burst of interpreters starting on a busy machine would eat into
AT_ONCE = 7


def case(test: str, params: dict) -> tuple[str, ...]:
    return (test, *(f"{name}={params[name]}" for name in sorted(params)))


class Runs:
    """The hook processes of the cases this session collected from this module, started together on first use
    (``AT_ONCE`` at a time, each case with a fake server of its own): ``answer(case)`` is that case's
    ``(exit code, stdout, stderr)``, ``server(case)`` its fake server."""

    def __init__(self, cases: list[tuple[str, dict]]):
        self._pool = ThreadPoolExecutor(AT_ONCE)
        self._servers: dict[tuple[str, ...], FakeServer] = {}
        self._answers: dict[tuple[str, ...], Future] = {}
        args: tuple[str, ...]
        for test, params in cases:
            key = case(test, params)
            if key in self._answers:
                continue
            if test == STUCK:
                self._answers[key] = self._pool.submit(run_stuck_hook, params["agent"], params["form"])
                continue
            if test == UNREACHABLE:
                url, args, agent, form = (
                    f"http://127.0.0.1:{free_port()}",
                    (),
                    params["agent"],
                    params["form"],
                )
            else:
                self._servers[key] = fake = FakeServer(params["mode"])
                agent = params.get("agent", "claude-code")
                url, args, form = (
                    fake.url,
                    ("--timeout", "50"),
                    FORMS[agent] if test == SILENT_SERVERS else "fast",
                )
            self._answers[key] = self._pool.submit(run_hook, agent, url, *args, form=form)

    def answer(self, key: tuple[str, ...]):
        return self._answers[key].result()

    def server(self, key: tuple[str, ...]) -> FakeServer:
        return self._servers[key]

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        for fake in self._servers.values():
            fake.close()


@pytest.fixture(scope="module")
def runs(request):
    module = request.module
    cases = [
        (item.originalname, dict(item.callspec.params))
        for item in request.session.items
        if item.module is module and item.originalname in (SILENT_SERVERS, UNREACHABLE, PERSONS_WAIT, STUCK)
    ]
    started = Runs(cases)
    yield started
    started.close()


def answer_of(runs: Runs, request):
    return runs.answer(case(request.node.originalname, dict(request.node.callspec.params)))


@pytest.mark.parametrize("agent", command_hook.AGENTS)
@pytest.mark.parametrize("mode", ["silent", "slow-body", "saturated"])
def test_a_server_that_never_answers_in_time_gets_a_refusal_before_the_agent_timeout(
    agent, mode, runs, request
):
    server = runs.server(case(SILENT_SERVERS, {"agent": agent, "mode": mode}))
    reason = refusal_of(agent, *answer_of(runs, request))
    assert "refused" in reason
    assert f"{server.url}/admin/console/" in reason  # where to approve it, then retry


@pytest.mark.parametrize("form", ["brabo", "fast"])
@pytest.mark.parametrize("agent", command_hook.AGENTS)
def test_an_unreachable_brabo_gets_a_refusal_before_the_agent_timeout(agent, form, runs, request):
    reason = refusal_of(agent, *answer_of(runs, request))
    assert "refused" in reason


@pytest.mark.parametrize("mode", ["slow-body"])
def test_the_persons_wait_asked_of_the_server_fits_inside_the_agent_timeout(mode, runs, request):
    """--timeout 50 under an agent that kills at 8 s: the server is asked to wait far less than 8 s."""
    answer_of(runs, request)
    server = runs.server(case(PERSONS_WAIT, {"mode": mode}))
    assert server.requests, "the hook never reached the server"
    target = server.requests[0].split(b" ")[1].decode()
    query = dict(part.split("=", 1) for part in target.split("?", 1)[1].split("&"))
    wait = float(query["timeout"])
    assert 0 < wait <= AGENT_TIMEOUT - command_hook.margin(AGENT_TIMEOUT) - 1
    assert float(query["agent_timeout"]) == AGENT_TIMEOUT  # so the server's own clamp agrees


def test_one_deadline_bounds_a_body_that_trickles_forever():
    """Each read gets bytes well within any per-read timeout; only the request's one deadline ends it."""
    server = FakeServer("slow-body")
    try:
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            _wire.request("http", "127.0.0.1", server.port, "GET", "/", None, {}, 1.5)
        assert time.monotonic() - started < 30  # ended by the deadline, not by the server ever finishing
    finally:
        server.close()


def test_the_command_and_http_forms_share_one_table_of_agent_timeouts():
    assert command_hook.AGENT_TIMEOUT == agent_hooks.HOOK_TIMEOUT
    for seconds in (3, 6, 8, 60, 600):
        assert command_hook.margin(seconds) == agent_hooks.margin(seconds)
        assert 0 <= agent_hooks.server_wait(50, seconds) < seconds - agent_hooks.margin(seconds)


def test_a_hook_whose_agent_timeout_leaves_no_time_still_refuses():
    """An agent timeout shorter than the margin: nothing can be asked in time, and the answer is a refusal."""
    code, out, err = run_hook("claude-code", f"http://127.0.0.1:{free_port()}", agent_timeout=2)
    assert "refused" in refusal_of("claude-code", code, out, err)


@pytest.mark.parametrize(
    "agent,form", [(a, "fast") for a in command_hook.AGENTS] + [("claude-code", "brabo")]
)
def test_the_watchdog_answers_when_the_hook_is_stuck_where_no_socket_timeout_reaches(
    agent, form, runs, request
):
    """stdin never closed: the read blocks with no timeout at all; only the watchdog can answer in time."""
    reason = refusal_of(agent, *answer_of(runs, request))
    assert "did not answer within" in reason and "retry the same tool call" in reason


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_real_brabo_with_hooks_waiting_beyond_its_sync_slots_still_decides_the_next_in_time(team, tmp_path):
    """Brabo served for real with two sync slots and two hooks waiting for a person: under the ASGI server
    a waiting hook holds no slot, so the server itself answers the next hook of each agent — a
    refusal naming the person's approval it needs — before that agent's timeout. (Under gunicorn's threads
    the two waits took both threads, and only the hook's own deadline answered.)"""
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL (DATABASE_URL): the served process has its own connections")
    from .served import Server, base_env, database_url_for_tests

    env = base_env(DATABASE_URL=database_url_for_tests(), BRABO_WEB_WORKERS="1", BRABO_WEB_THREADS="2")
    server = Server(tmp_path, env=env)
    waiters: list[threading.Thread] = []
    try:

        def hold() -> None:  # a hook waiting up to 60 s for a person, on one of the server's two threads
            body = {**INPUTS["claude-code"], "tool_input": {"command": "make deploy"}}
            try:
                _wire.request(
                    "http",
                    "127.0.0.1",
                    server.port,
                    "POST",
                    "/api/hooks/claude-code/?timeout=60&agent_timeout=600",
                    json.dumps(body).encode(),
                    {
                        "Authorization": f"Bearer {team.agent_key}",
                        "Content-Type": "application/json",
                        "X-Brabo-Project-Root": "/tmp",
                    },
                    90,
                )
            except OSError:
                pass

        from actions.models import ProposedAction

        for _ in range(2):
            waiters.append(threading.Thread(target=hold, daemon=True))
            waiters[-1].start()
        deadline = time.monotonic() + 60
        while ProposedAction.objects.filter(status="pending").count() < 1 and time.monotonic() < deadline:
            time.sleep(0.1)  # the waiting hooks reached the server (re-attached to one pending action)
        assert ProposedAction.objects.filter(status="pending").exists()
        # each agent's hook at once (each waits out the person's wait the server may take, idle)
        with ThreadPoolExecutor(len(command_hook.AGENTS)) as pool:
            answers = {
                agent: pool.submit(run_hook, agent, server.url, "--timeout", "50", key=team.agent_key)
                for agent in command_hook.AGENTS
            }
        for agent, answer in answers.items():
            reason = refusal_of(agent, *answer.result())
            # the server's own answer, not the hook's deadline
            assert "needs a person's approval" in reason, f"{agent}: {reason}"
    finally:
        server.stop()
        for w in waiters:
            w.join(5)
