"""Benchmark: what open live-update streams cost a proposal.

Goal (waiting and watching cost next to nothing): 50 open live-update streams change a proposal's web CPU and
PostgreSQL transactions by less than 10 %.

One web process (``python -m brabo.web``, uvicorn, BRABO_WEB_WORKERS=1, production settings) on its own
database; a workspace, a project, an agent key and a member person whose session (made with Django's session
engine) opens the console's live stream (``GET /admin/console/events/stream/``). Rounds alternate 0 and 50
open streams (0, 50, 0, 50, ...: this machine is noisy); each round sends N proposals (POST /api/actions/, a
few at a time) and reads:

* the web process's CPU per proposal (utime + stime from /proc, before and after);
* PostgreSQL transactions per proposal (pg_stat_database xact_commit + xact_rollback of the database,
  polled after pg_stat_clear_snapshot() until stable: the statistics are flushed up to a second late);
* that every stream received every action event of the round (counted frame by frame).

The worker's CPU is also split by thread (/proc/PID/task): the event loop's thread (uvicorn's main thread,
where the live feed hands out frames, the hub reads the announcements and the streams' sockets are written)
and the others (the sync slots that serve the proposals and make the feed's reads). Besides the goal line on
the medians, the report gives the median of the paired ratios (each 50-stream round against the mean of the
0-stream rounds beside it), which a drifting load moves less.

The window of a round runs from just before the first proposal until every stream has its frames (at 0 streams,
the same settle time), so the streams' own work on those events is inside it.

    .venv/bin/python bench/streams.py [--proposals 500] [--pairs 3] [--streams 50] [--concurrency 4]

Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/brabo_streams; the database is
dropped and made again) and Redis (CELERY_BROKER_URL, default redis://127.0.0.1:6379/11, also the live
updates' pub/sub; auto-approved proposals wait there unconsumed and the database number is flushed at the end).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cryptography.fernet import Fernet

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api import _children, _cpu_seconds, _stat_cpu, ensure_database  # noqa: E402

from tests.served import free_port  # noqa: E402

STREAM_PATH = "/admin/console/events/stream/"
FRAME = b"event: action\n"
COMMANDS = ["git status", "make build", "pnpm test", "rm -rf build", "git push origin main", "ls -la"]

SEED = """
import json
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
owner = get_user_model().objects.create_user("bench-owner", password="x")
ws = create_workspace(actor=owner, name="bench")
project = create_project(actor=owner, workspace=ws, name="bench-app")
principal = Membership.objects.get(workspace=ws, user=owner)
_, key = create_agent(actor=owner, project=project, name="proposer", principal=principal)
client = Client()
client.force_login(owner)  # a session row in the database, as the login form makes
cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
print("SEED=" + json.dumps({"key": key, "cookie": cookie}))
"""


async def http(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> int:
    """The status of one request on its own connection (0 on a failure)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
    except (OSError, TimeoutError):
        return 0
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        writer.write(head.encode() + b"\r\n" + body)
        raw = await asyncio.wait_for(reader.read(), 60)
        parts = raw.partition(b"\r\n")[0].split()
        return int(parts[1]) if len(parts) > 1 else 0
    except (OSError, TimeoutError, ValueError):
        return 0
    finally:
        writer.close()


class Stream:
    """One open live stream, read continuously; ``frames`` counts the action events it received."""

    def __init__(self, port: int, cookie: str, keep: bool = False):
        self.port, self.cookie = port, cookie
        self.frames = 0
        self.raw: bytearray | None = bytearray() if keep else None  # the first stream's text, for its ids
        self.opened = asyncio.get_running_loop().create_future()
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(
                f"GET {STREAM_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {self.cookie}\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split()[1])
            if status != 200:
                self.opened.set_exception(RuntimeError(f"the stream answered {status}: {head[:300]!r}"))
                return
            carry = b""
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                data = carry + chunk
                if self.raw is not None:
                    self.raw += chunk
                self.frames += data.count(FRAME)
                carry = data[-(len(FRAME) - 1) :]
                if not self.opened.done() and b"retry:" in data:
                    self.opened.set_result(None)
        finally:
            writer.close()

    def close(self) -> None:
        self.task.cancel()


class Web:
    def __init__(self, db_url: str, broker: str, tmp: Path):
        self.db_url, self.port = db_url, free_port()
        (tmp / "var").mkdir(parents=True, exist_ok=True)
        self.env = {
            **{
                k: v for k, v in os.environ.items() if not k.startswith(("BRABO_", "DATABASE_URL", "CELERY_"))
            },
            "DJANGO_SETTINGS_MODULE": "brabo.settings",
            "DATABASE_URL": db_url,
            "CELERY_BROKER_URL": broker,
            "BRABO_REDIS_URL": broker,
            "BRABO_VAR_DIR": str(tmp / "var"),
            "BRABO_DEBUG": "false",
            "BRABO_SECRET_KEY": "bench-secret-" + "x" * 40,
            "BRABO_ENCRYPTION_KEYS": Fernet.generate_key().decode(),
            "BRABO_LOG_LEVEL": "WARNING",
            "BRABO_WEB_WORKERS": "1",
            "BRABO_WEB_BIND": f"127.0.0.1:{self.port}",
            "BRABO_WEB_ACCESS_LOG": "false",
            # the caps are part of the product; this bench measures the process, not the caps
            "BRABO_CAP_PENDING_PER_AGENT": "0",
            "BRABO_CAP_PENDING_PER_WORKSPACE": "0",
            "BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT": "0",
            "BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE": "0",
            "BRABO_SSE_MAX_STREAMS": "1000",  # one person holds all the streams
            "BRABO_SSE_MAX_SECONDS": "3600",  # none ends (and reconnects) during the run
            "PYTHONPATH": str(ROOT),
        }
        python = str(ROOT / ".venv" / "bin" / "python")
        out = None
        for argv in (["migrate", "--noinput", "-v0"], ["shell", "-c", SEED]):
            out = subprocess.run(
                [python, "manage.py", *argv], cwd=ROOT, env=self.env, capture_output=True, text=True
            )
            if out.returncode:
                sys.exit(f"setup failed:\n{out.stderr[-2000:]}")
        assert out is not None
        self.seed = json.loads(out.stdout.split("SEED=")[1])
        self.log = open(tmp / "server.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [python, "-m", "brabo.web"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def pids(self) -> list[int]:
        """uvicorn's supervisor and its worker (the one that serves)."""
        return [self.proc.pid, *_children(self.proc.pid)]

    async def up(self) -> None:
        for _ in range(300):
            if await http(self.port, "GET", "/healthz", {}) == 200:
                return
            if self.proc.poll() is not None:
                sys.exit("the server exited (see its server.log)")
            await asyncio.sleep(0.1)
        sys.exit("the server did not answer")

    def stop(self) -> None:
        import signal

        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()


class Stats:
    """The database's transaction count, read from another database (the "postgres" one) so the reads are not
    counted; its action events, each read on a short connection (closing flushes its statistics at once)."""

    def __init__(self, db_url: str):
        import psycopg

        self.db_url = db_url
        self.name = db_url.rsplit("/", 1)[1].split("?")[0]
        self.conn = psycopg.connect(db_url.rsplit("/", 1)[0] + "/postgres", autocommit=True)

    def _xacts_now(self) -> int:
        self.conn.execute("SELECT pg_stat_clear_snapshot()")
        row = self.conn.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s", (self.name,)
        ).fetchone()
        assert row is not None
        return int(row[0])

    def xacts(self) -> int:
        """Once stable: two reads 0.6 s apart agree (a backend flushes its counts up to a second late)."""
        last = self._xacts_now()
        for _ in range(30):
            time.sleep(0.6)
            now = self._xacts_now()
            if now == last:
                return now
            last = now
        return last

    def _one(self, sql: str, *params) -> int:
        import psycopg

        with psycopg.connect(self.db_url, autocommit=True) as conn:  # one transaction, flushed at close
            row = conn.execute(sql, params).fetchone()
        return int(row[0]) if row else 0

    def last_event(self) -> int:
        return self._one("SELECT coalesce(max(id), 0) FROM actions_sessionevent")

    def missed(self, after: int, raw: bytearray | None) -> str:
        """Which action events a stream's text lacks, and whether each is older than one it received (an
        event committed after a later one: a reader moving its cursor by id passes it by)."""
        import re

        import psycopg

        got = {int(m) for m in re.findall(rb"id: (\d+)\nevent: action\n", bytes(raw or b""))}
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT id FROM actions_sessionevent WHERE id > %s AND action_id IS NOT NULL", (after,)
            ).fetchall()
        lost = sorted({r[0] for r in rows} - got)
        older = sum(1 for i in lost if got and i < max(got))
        return f"missing ids {lost[:10]}, {older} of them older than a received one"

    def action_events_after(self, after: int) -> int:
        return self._one(
            "SELECT count(*) FROM actions_sessionevent WHERE id > %s AND action_id IS NOT NULL", after
        )


async def propose(web: Web, n: int, concurrency: int, round_no: int) -> None:
    headers = {"Authorization": f"Bearer {web.seed['key']}"}
    queue = list(range(n))
    failed: list[int] = []

    async def worker() -> None:
        while queue:
            i = queue.pop()
            command = f"{COMMANDS[i % len(COMMANDS)]} # r{round_no}-{i}"
            body = json.dumps({"action_type": "terminal", "payload": {"command": command}}).encode()
            status = await http(web.port, "POST", "/api/actions/", headers, body)
            if status != 201:
                failed.append(status)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    if failed:
        raise RuntimeError(f"{len(failed)} proposals failed (statuses {sorted(set(failed))})")


async def settle(streams: list[Stream], expected: int, quiet: float = 3.0) -> bool:
    """Until every stream has ``expected`` frames (True), or none received a frame for ``quiet`` seconds
    (False: some event never reached a stream); at 0 streams, the same short pause."""
    total, since = -1, time.monotonic()
    while streams and not all(s.frames >= expected for s in streams):
        now_total = sum(s.frames for s in streams)
        if now_total != total:
            total, since = now_total, time.monotonic()
        elif time.monotonic() - since > quiet:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # the last frames' tail of work (and the same pause at 0)
    return all(s.frames >= expected for s in streams)


def _thread_cpu(pid: int) -> dict[int, float]:
    """utime + stime of each thread of ``pid``, in seconds."""
    found: dict[int, float] = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        cpu = _stat_cpu(f"/proc/{pid}/task/{tid}/stat")
        if cpu is not None:  # None: the thread ended meanwhile
            found[int(tid)] = cpu
    return found


def _loop_and_others(pid: int, before: dict[int, float], after: dict[int, float]) -> tuple[float, float]:
    """CPU seconds of the main (event loop) thread and of the others between two snapshots."""
    loop = after.get(pid, 0.0) - before.get(pid, 0.0)
    others = sum(cpu - before.get(tid, 0.0) for tid, cpu in after.items() if tid != pid)
    return loop, others


async def one_round(web: Web, stats: Stats, n_streams: int, args, round_no: int) -> dict:
    streams = [Stream(web.port, web.seed["cookie"], keep=i == 0) for i in range(n_streams)]
    await asyncio.gather(*(s.opened for s in streams))
    await asyncio.sleep(1.0)  # the streams settle into their wait
    loop = asyncio.get_running_loop()
    first = stats.last_event()
    x0 = await loop.run_in_executor(None, stats.xacts)
    worker = web.pids()[-1]
    c0, t0 = _cpu_seconds(web.pids()), _thread_cpu(worker)
    await propose(web, args.proposals, args.concurrency, round_no)
    expected = stats.action_events_after(first)
    received = await settle(streams, expected)
    c1, t1 = _cpu_seconds(web.pids()), _thread_cpu(worker)
    loop_s, others_s = _loop_and_others(worker, t0, t1)
    x1 = await loop.run_in_executor(None, stats.xacts)
    frames = [s.frames for s in streams]
    missing = "" if received else stats.missed(first, streams[0].raw)
    for s in streams:
        s.close()
    await asyncio.sleep(0.5)
    own = 1  # the bench's one read of the events between x0 and x1
    row = {
        "streams": n_streams,
        "cpu_ms": (c1 - c0) / args.proposals * 1e3,
        "loop_ms": loop_s / args.proposals * 1e3,
        "others_ms": others_s / args.proposals * 1e3,
        "xacts": (x1 - x0 - own) / args.proposals,
        "expected": expected,
        "frames_min": min(frames) if frames else 0,
        "frames_max": max(frames) if frames else 0,
        "received": received,
    }
    print(
        f"round {round_no}: {n_streams:3d} streams: CPU {row['cpu_ms']:.2f} ms/proposal (loop thread "
        f"{row['loop_ms']:.2f}, others {row['others_ms']:.2f}), "
        f"{row['xacts']:.2f} transactions/proposal; {expected} action events, each stream received "
        f"{row['frames_min']}..{row['frames_max']}"
        + ("" if received else f"  <- NOT all received; {missing}"),
        flush=True,
    )
    return row


async def run(web: Web, stats: Stats, args) -> list[dict]:
    await web.up()
    await propose(web, 100, args.concurrency, 0)  # warm-up
    rows: list[dict] = []
    for _pair in range(args.pairs):
        for n in (0, args.streams):
            rows.append(await one_round(web, stats, n, args, len(rows) + 1))
    return rows


def report(rows: list[dict], args) -> None:
    print(
        f"\n== {args.proposals} proposals per round, {args.pairs} rounds per condition, one uvicorn process =="
    )
    med: dict[int, dict[str, float]] = {}
    for n in (0, args.streams):
        mine = [r for r in rows if r["streams"] == n]
        med[n] = {
            k: statistics.median(r[k] for r in mine) for k in ("cpu_ms", "loop_ms", "others_ms", "xacts")
        }
        print(
            f"{n:3d} streams: web CPU {med[n]['cpu_ms']:.2f} ms/proposal (loop thread {med[n]['loop_ms']:.2f}, "
            f"others {med[n]['others_ms']:.2f}), PostgreSQL {med[n]['xacts']:.2f} transactions/proposal (medians)"
        )
    got = all(r["received"] for r in rows if r["streams"])
    print(f"every stream received every action event of its rounds: {'yes' if got else 'NO'}")
    for key, label in (("cpu_ms", "web CPU"), ("xacts", "PostgreSQL transactions")):
        ratio = med[args.streams][key] / med[0][key] if med[0][key] else float("inf")
        ok = ratio < 1.10
        paired = _paired(rows, key)
        print(
            f"{label}: {args.streams}/0 = {ratio:.3f} ({(ratio - 1) * 100:+.1f} %); "
            f"goal < 10 %: {'met' if ok else 'NOT met'}"
            + (f"  (median of the paired ratios {paired:.3f})" if paired else "")
        )


def _paired(rows: list[dict], key: str) -> float | None:
    """The median over the streams' rounds of each one's figure against the mean of the 0-stream rounds
    next to it (before and after)."""
    ratios = []
    for i, row in enumerate(rows):
        if not row["streams"]:
            continue
        beside = [rows[j][key] for j in (i - 1, i + 1) if 0 <= j < len(rows) and not rows[j]["streams"]]
        if beside and sum(beside):
            ratios.append(row[key] / (sum(beside) / len(beside)))
    return statistics.median(ratios) if ratios else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--proposals", type=int, default=500)
    ap.add_argument("--pairs", type=int, default=3, help="rounds per condition (alternating 0, 50, 0, 50...)")
    ap.add_argument("--streams", type=int, default=50)
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    db_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_streams")
    broker = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/11")
    import psycopg

    name = db_url.rsplit("/", 1)[1].split("?")[0]
    with psycopg.connect(db_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    ensure_database(db_url)
    tmp = Path(tempfile.mkdtemp(prefix="brabo-bench-streams-"))
    web = Web(db_url, broker, tmp)
    started = time.monotonic()
    try:
        stats = Stats(db_url)
        rows = asyncio.run(asyncio.wait_for(run(web, stats, args), timeout=900))
        report(rows, args)
        print(f"({time.monotonic() - started:.0f} s)")
    finally:
        web.stop()
        subprocess.run(["redis-cli", "-u", broker, "flushdb"], capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
