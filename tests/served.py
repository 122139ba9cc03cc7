"""Test support: Brabo served for real — `manage.py serve` (uvicorn, ASGI), a Celery worker, and private Redis and
PostgreSQL instances a test may stop, kill or restart without touching the shared ones.

Ports: an ephemeral one by default; set BRABO_TEST_PORTS=8400-8499 to keep every server in a range.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A port nothing listens on, from BRABO_TEST_PORTS (LOW-HIGH) when set, else an ephemeral one."""
    span = os.environ.get("BRABO_TEST_PORTS", "")
    candidates = range(int(span.split("-")[0]), int(span.split("-")[1]) + 1) if span else [0]
    start = os.getpid() % max(len(candidates), 1)  # parallel test processes start at different ports
    for port in list(candidates[start:]) + list(candidates[:start]):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise RuntimeError(f"no free port in {span}")


def wait_until(condition, *, seconds: float = 60, every: float = 0.1, what: str = "condition"):
    """Poll ``condition`` until it returns a truthy value (returned) or fail after ``seconds`` (a safety net
    for a hung test, not a speed assertion)."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {seconds} s")
        time.sleep(every)


def base_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BRABO_", "DATABASE_URL", "CELERY_"))}
    env.update({k: v for k, v in extra.items() if v is not None})
    return env


_SEED = """
from django.contrib.auth import get_user_model
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
owner = get_user_model().objects.create_user("owner", password="x")
ws = create_workspace(actor=owner, name={workspace!r})
project = create_project(actor=owner, workspace=ws, name="app")
principal = Membership.objects.get(workspace=ws, user=owner)
agent, key = create_agent(actor=owner, project=project, name={agent!r}, principal=principal)
print("KEY=" + key)
"""


def _manage(env: dict[str, str], *argv: str) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


_migrated: list[Path] = []  # this test process's migrated embedded database, made once


def _embedded_database(env: dict[str, str]) -> Path | None:
    """The embedded SQLite file a server with ``env`` would use, or None when ``env`` names another database."""
    if env.get("DATABASE_URL") or not env.get("BRABO_VAR_DIR"):
        return None
    return Path(env["BRABO_VAR_DIR"]) / "db.sqlite3"


def _copy_of_migrated(target: Path) -> None:
    """``target`` becomes a copy of an embedded database migrated once per test process by ``manage.py
    migrate`` of this checkout (in a temporary folder removed at exit): a from-scratch migrate costs seconds,
    a copy nothing, and each test still has its own file. SQLite's backup API copies it consistently."""
    import atexit
    import sqlite3

    if not _migrated:
        folder = Path(tempfile.mkdtemp(prefix="brabo-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        _manage(base_env(BRABO_VAR_DIR=str(folder)), "migrate", "--noinput", "-v0")
        _migrated.append(folder / "db.sqlite3")
    target.parent.mkdir(parents=True, exist_ok=True)
    source, copy = sqlite3.connect(_migrated[0]), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()


def migrate_and_run(env: dict[str, str], script: str) -> str:
    """Migrate the database ``env`` names, then run ``script`` in ``manage.py shell`` there, in a separate
    process (as a served Brabo would see what it writes). Returns what the script printed. A fresh embedded
    database starts as a copy of one migrated once (``_copy_of_migrated``); any other is migrated here."""
    embedded = _embedded_database(env)
    if embedded is not None and not embedded.exists():
        _copy_of_migrated(embedded)
    else:
        _manage(env, "migrate", "--noinput", "-v0")
    return _manage(env, "shell", "-c", script)


_seeded: dict[
    str, tuple[Path, str]
] = {}  # script -> (its var folder, what it printed), made once per process


def seeded_copy(env: dict[str, str], script: str) -> str:
    """What ``migrate_and_run(env, script)`` gives, with ``script`` run once per test process: the first call
    runs it on a fresh migrated embedded database in a folder of its own (with only ``BRABO_VAR_DIR`` set, so
    the script must not depend on the test's other settings); every call, that one included, gets a copy of
    the resulting var folder (database and files) as ``env``'s own, and the output the script printed. Each
    test still has its own database; the script's seconds (Django's start, password hashing) are paid once.
    Any ``env`` that is not a fresh embedded database runs the script itself."""
    import atexit
    import sqlite3

    embedded = _embedded_database(env)
    if embedded is None or embedded.exists():
        return migrate_and_run(env, script)
    if script not in _seeded:
        folder = Path(tempfile.mkdtemp(prefix="brabo-seeded-"))
        atexit.register(shutil.rmtree, folder, True)
        printed = migrate_and_run(base_env(BRABO_VAR_DIR=str(folder)), script)
        _seeded[script] = (folder, printed)
    folder, printed = _seeded[script]
    shutil.copytree(folder, embedded.parent, dirs_exist_ok=True, ignore=shutil.ignore_patterns("db.sqlite3*"))
    source, copy = sqlite3.connect(folder / "db.sqlite3"), sqlite3.connect(embedded)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()
    return printed


def migrate_and_seed(env: dict[str, str], *, workspace: str, agent: str) -> str:
    """Migrate the database ``env`` names and create an owner, a workspace, a project ``app`` and an agent
    through the real services. Returns the agent's key."""
    printed = migrate_and_run(env, _SEED.format(workspace=workspace, agent=agent))
    return printed.split("KEY=")[1].strip()


def database_url_for_tests(application_name: str | None = None) -> str:
    """The URL of pytest-django's test database (what the test itself uses), optionally tagged so
    pg_stat_activity can tell this server's connections apart."""
    from django.db import connection

    parts = urlsplit(os.environ["DATABASE_URL"])
    url = parts._replace(path="/" + connection.settings_dict["NAME"], query="").geturl()
    return url + (f"?application_name={application_name}" if application_name else "")


class Process:
    """A subprocess with its output in a log file."""

    def __init__(self, argv, *, env, log_path: Path, cwd=ROOT):
        self.log_path = log_path
        self._log = open(log_path, "ab")  # noqa: SIM115 — closed in stop()
        self.proc = subprocess.Popen(
            argv, env=env, cwd=cwd, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log_text(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self, sig=signal.SIGTERM, timeout: float = 20) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, sig)  # its own session: the server and its worker processes
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if not self._log.closed:
            self._log.close()


class Server(Process):
    """`manage.py serve --addr 127.0.0.1:PORT` (uvicorn) with the given environment."""

    def __init__(self, tmp: Path, *, env: dict[str, str], name: str = "server"):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        (tmp / "var").mkdir(exist_ok=True)
        env = {"BRABO_VAR_DIR": str(tmp / "var"), "BRABO_WEB_ACCESS_LOG": "false", **env}
        argv = [sys.executable, "manage.py", "serve", "--addr", f"127.0.0.1:{self.port}"]
        super().__init__(argv, env=env, log_path=tmp / f"{name}.log")
        wait_until(self._answers, seconds=90, what=f"the server on {self.url}")

    @classmethod
    def together(cls, tmp: Path, *, env: dict[str, str], names: tuple[str, ...]) -> list[Server]:
        """Servers of the same ``env`` started at once (each waited for until it answers), in ``names``' order;
        if one fails to start, the others are stopped and the failure raised."""
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(len(names)) as pool:
            starting = [pool.submit(cls, tmp, env=env, name=name) for name in names]
        failed = [exc for f in starting if (exc := f.exception()) is not None]
        if failed:
            for f in starting:
                if f.exception() is None:
                    f.result().stop()
            raise failed[0]
        return [f.result() for f in starting]

    def _answers(self) -> bool:
        if self.proc.poll() is not None:
            raise RuntimeError(f"the server exited:\n{self.log_text()[-3000:]}")
        try:
            httpx.get(self.url + "/healthz", timeout=2)  # any answer: it listens
            return True
        except httpx.HTTPError:
            return False

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]


class PrivateRedis:
    """A redis-server of its own on 127.0.0.1, which a test may stop and start again (same port)."""

    def __init__(self, tmp: Path):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.dir = tmp
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ]
            + ["--dir", str(self.dir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self.ping, seconds=30, what="the private redis")

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
        self.proc = None


class PrivatePostgres:
    """A PostgreSQL cluster of its own (initdb in a temp dir, pg_ctl), run as the postgres user when the
    test runs as root (initdb refuses root). Stop and start it at will; data survives a restart."""

    def __init__(self):
        bindir = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
        if bindir:
            self.bin = bindir[-1]
        elif initdb := shutil.which("initdb"):
            self.bin = Path(initdb).parent
        else:
            raise RuntimeError("PostgreSQL server binaries (initdb, pg_ctl) not found")
        self.port = free_port()
        # its own directory under /tmp: pytest's tmp_path is private to root, where postgres cannot enter
        self.root = Path(tempfile.mkdtemp(prefix="brabo-pg-"))
        self.dir = self.root / "pgdata"
        self.sock = self.root / "sock"
        self.sock.mkdir()
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.root, "postgres")
            shutil.chown(self.sock, "postgres")
        self._run(
            [str(self.bin / "initdb"), "-D", str(self.dir), "-U", "postgres", "-A", "trust", "--no-sync"]
        )
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/postgres"
        self.start()

    def _run(self, argv) -> None:
        if self._as_postgres:
            argv = ["runuser", "-u", "postgres", "--"] + argv
        out = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed: {out.stdout[-1500:]} {out.stderr[-1500:]}")

    def start(self) -> None:
        opts = (
            f"-p {self.port} -k {self.sock} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60"
        )
        self._run(
            [
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.dir),
                "-o",
                opts,
                "-l",
                str(self.dir / "log"),
                "-w",
                "start",
            ]
        )

    def stop(self, mode: str = "fast") -> None:
        self._run([str(self.bin / "pg_ctl"), "-D", str(self.dir), "-m", mode, "-w", "stop"])

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        except RuntimeError:
            pass  # already stopped
        shutil.rmtree(self.root, ignore_errors=True)

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + "/" + name


class RedisProxy:
    """A TCP relay to the real Redis on 127.0.0.1 that can stop answering (``silent``: what the client sends
    is kept, not forwarded) or stop reading altogether (``deaf``: the client's sends fill the socket buffers)."""

    def __init__(self, upstream: str):
        host, port = upstream.split("//", 1)[1].split("/", 1)[0].split(":")
        self.upstream = (host, int(port))
        self.db = upstream.rsplit("/", 1)[1] if upstream.count("/") >= 3 else "0"
        self.silent = threading.Event()
        self.deaf = threading.Event()
        self.kept: list[bytes] = []
        self.accepted = 0
        self._sockets: list[socket.socket] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._sockets.append(self._listener)
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self._listener.getsockname()[1]}/{self.db}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            self.accepted += 1
            upstream = socket.create_connection(self.upstream)
            self._sockets += [client, upstream]
            threading.Thread(target=self._pump_in, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump_out, args=(upstream, client), daemon=True).start()

    def _pump_in(self, client: socket.socket, upstream: socket.socket) -> None:
        while True:
            if self.deaf.is_set():
                time.sleep(0.01)
                continue
            try:
                data = client.recv(65536)
            except OSError:
                return
            if not data:
                return
            if self.silent.is_set():
                self.kept.append(data)
            else:
                upstream.sendall(data)

    def _pump_out(self, upstream: socket.socket, client: socket.socket) -> None:
        while True:
            try:
                data = upstream.recv(65536)
                if not data:
                    return
                client.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        for sock in self._sockets:
            try:
                sock.close()
            except OSError:
                pass
