"""Test support: Brabo's HTTP server as a real process against pytest-django's test database, so a test can
kill it and start it again on the same port (a server restart, as a runner on a user's machine sees it)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, seconds: float = 60, what="the condition") -> None:
    """Poll ``check`` until true; a bounded wait for another process, not a timing assertion. ``what`` may
    be a callable, read only on failure (say, the other process's log)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what() if callable(what) else what} did not happen within {seconds} s")


class ServerProcess:
    def __init__(self, log_dir: Path, *, port: int | None = None):
        from django.conf import settings
        from django.db import connection

        self.movable = port is None  # a port chosen here may be chosen again until the server first answers
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        parts = urlsplit(os.environ["DATABASE_URL"])
        self.env = {
            **os.environ,
            "DATABASE_URL": parts._replace(path="/" + connection.settings_dict["NAME"]).geturl(),
            "PROJECT_WORKSPACES_ROOT": str(settings.PROJECT_WORKSPACES_ROOT),
            "BRABO_PROJECTS_BASE": str(settings.BRABO_PROJECTS_BASE),
            "BRABO_VAR_DIR": str(log_dir / "var"),
            "BRABO_DB_CONN_MAX_AGE": "0",
            "BRABO_ENCRYPTION_KEYS": ",".join(settings.ENCRYPTION_KEYS),
        }
        self.log_path = log_dir / f"server-{self.port}.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers. A free port is only free when it was looked at: another
        process on a busy machine may take it before the server binds it, and then a first start moves to another
        (a restart keeps its port: the test is about that port)."""
        for _ in range(3):
            try:
                return self._start()
            except AssertionError as failed:
                if not (self.movable and "port is already in use" in str(failed)):
                    raise
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"
                self.log_path = self.log_path.with_name(f"server-{self.port}.log")
        return self._start()

    def _start(self) -> ServerProcess:
        from django.conf import settings

        log = open(self.log_path, "ab")  # noqa: SIM115 — the child holds it; closed with the process
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"],
            env=self.env,
            cwd=settings.BASE_DIR,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        wait_until(self._answers, 60, f"the server on port {self.port} answering")
        self.movable = False
        return self

    def _answers(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"the server exited:\n{self.log_path.read_text()[-3000:]}")
        try:
            urllib.request.urlopen(self.url + "/api/runner/work/", timeout=2)
        except urllib.error.HTTPError:
            return True  # 401: up, and asking for a runner key
        except OSError:
            return False
        return True

    def kill(self) -> None:
        """A crash, not a shutdown: the runner's open long-poll breaks."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        self.proc = None
