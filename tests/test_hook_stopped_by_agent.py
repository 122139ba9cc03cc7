"""R12.6 — an agent that stops waiting for its hook does not leave it waiting on Brabo.

Gemini CLI 0.61 (hookRunner.ts) ends a hook past its timeout with SIGTERM to the process it started -- the
``bash -c`` running the installed line, never the hook under it -- and then waits for the hook's output to
close. The hook used to keep waiting on Brabo until its own deadline (told 600 s: ten minutes), and the agent
with it. Now the hook answers its refusal and exits as soon as its parent process ends or it is sent SIGTERM
itself (hook.stop_events). Each case is the real installed line or hook process against a Brabo that accepts the
connection and never answers, told an agent timeout of 600 s; the test waits for the hook's output to close
(an event), with a generous safety net that only a hook still waiting on Brabo reaches.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import threading

import pytest

from brabo_client import hook as command_hook

from .test_hook_deadline import INPUTS, REPO

TOLD = "600"  # the hook's own deadline is ~590 s away: only the stop can end it within the safety net
SAFETY_NET = 120  # seconds; not a speed assertion


class Silent:
    """Accepts connections and never answers; ``connected`` is set at the first one (the hook is waiting)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.connected = threading.Event()
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)
            self.connected.set()

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def silent():
    server = Silent()
    yield server
    server.close()


def _env(url: str) -> dict:
    return {**os.environ, "BRABO_URL": url, "BRABO_AGENT_KEY": "brabo_agent_x", "BRABO_PROJECT_ROOT": "/tmp"}


def _start(argv: list[str], url: str, agent: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(url),
        cwd=REPO,
        start_new_session=True,
    )
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(INPUTS[agent]).encode())
    proc.stdin.close()
    proc.stdin = None  # written and closed: communicate() has nothing more to send
    return proc


def _finish(proc: subprocess.Popen) -> tuple[str, str]:
    """The output once it closes (the hook has exited); the whole group is ended whatever happens."""
    try:
        out, err = proc.communicate(timeout=SAFETY_NET)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(
            "the hook kept waiting on Brabo after the agent stopped waiting for it"
        ) from None
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return out.decode(), err.decode()


def _refusal(agent: str, out: str, err: str) -> str:
    """The refusal's reason as the agent would read it (fails unless it is a deny in the agent's format)."""
    answer = json.loads(out)
    if agent == "gemini-cli":
        assert answer["decision"] == "deny"
        return answer["reason"]
    decision = answer["hookSpecificOutput"]
    assert decision["permissionDecision"] == "deny"
    return decision["permissionDecisionReason"]


@pytest.mark.parametrize("agent", command_hook.AGENTS)
@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL", "SIGHUP"])
def test_the_installed_line_ends_when_its_shell_is_ended(agent, how, silent):
    """As Gemini CLI stops it: ``bash -c <installed line>``, the shell signalled, the hook under it not."""
    line = command_hook.installed_command(agent, ["--agent-timeout", TOLD])
    proc = _start(["bash", "-c", line], silent.url, agent)
    assert silent.connected.wait(SAFETY_NET), "the hook never reached Brabo"
    proc.send_signal(getattr(signal, how))  # the shell only, as child.kill("SIGTERM") does
    out, err = _finish(proc)
    assert "stopped waiting" in _refusal(agent, out, err), (out, err)


@pytest.mark.parametrize("agent", command_hook.AGENTS)
def test_the_hook_sent_sigterm_itself_refuses_at_once(agent, silent):
    """The hook process started without a shell (``exec``, or an agent that signals the whole group)."""
    proc = _start(shlex.split(command_hook.command(agent, ["--agent-timeout", TOLD])), silent.url, agent)
    assert silent.connected.wait(SAFETY_NET), "the hook never reached Brabo"
    proc.send_signal(signal.SIGTERM)
    out, err = _finish(proc)
    assert "stopped waiting" in _refusal(agent, out, err), (out, err)
    if agent == "codex":
        assert proc.returncode == 2 and "stopped waiting" in err  # Codex's block


def test_a_hook_whose_parent_lives_waits_for_brabo(silent):
    """Nothing stops the hook while its parent lives and no signal comes: it is still waiting on Brabo when
    the test ends it (the stop is the agent's, not a timer's)."""
    line = command_hook.installed_command("gemini-cli", ["--agent-timeout", TOLD])
    proc = _start(["bash", "-c", line], silent.url, "gemini-cli")
    try:
        assert silent.connected.wait(SAFETY_NET), "the hook never reached Brabo"
        assert proc.poll() is None
        assert proc.stdout is not None
        os.set_blocking(proc.stdout.fileno(), False)
        assert proc.stdout.read() is None  # no answer written yet: it waits on Brabo
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
