"""Fixtures for the agents end to end: the real CLIs (installed once per machine), Brabo served by
pytest-django's live server with a project and an agent key, and a Brabo that hangs."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import threading

import pytest

from .agents import ROOT, Hook
from .clis import Clis, Unavailable, install

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def agent_clis() -> Clis:
    """The pinned CLIs. In CI a failed install fails the test loudly; elsewhere (no npm, no registry) it
    skips with the reason."""
    try:
        return install()
    except Unavailable as exc:
        if IN_CI:
            pytest.fail(f"CI=true and the agents' CLIs could not be installed: {exc}")
        pytest.skip(f"agents' CLIs unavailable: {exc}")


class Brabo:
    """A live Brabo with team.project's policy set per test and the agent's key."""

    def __init__(self, team, url: str):
        from actions.tests.conftest import Proposer

        self.team = team
        self.url = url
        self.proposer = Proposer(team)

    def policy(self, allow=(), deny=(), ask=()) -> None:
        self.proposer.write_permissions(allow=allow, deny=deny, ask=ask)

    def hook(self, **kw) -> Hook:
        return Hook(url=self.url, key=self.team.agent_key, **kw)

    def actions(self):
        from actions.models import ProposedAction

        return list(ProposedAction.objects.filter(project=self.team.project).order_by("created_at"))


@pytest.fixture
def brabo(team, live_server):
    yield Brabo(team, live_server.url)
    from tests.test_agent_hooks_live import _settle_gates

    _settle_gates()


class HungServer:
    """Accepts connections, reads what comes and never answers (a Brabo that hangs mid-request)."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.accepted = 0
        self._conns: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        self.sock.settimeout(0.2)
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.accepted += 1
            self._conns.append(conn)  # held open, never answered

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for conn in self._conns:
            conn.close()
        self.sock.close()


@pytest.fixture
def hung_brabo():
    server = HungServer()
    yield server
    server.close()


@functools.cache
def hook_knows_agent_timeout() -> bool:
    """Whether ``brabo hook`` takes ``--agent-timeout`` (the agent's configured hook timeout, R12.6)."""
    out = subprocess.run(
        [sys.executable, "-m", "brabo_client", "hook", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return "--agent-timeout" in out.stdout
