"""Benchmark: how many waiting agents one web process holds, this checkout against another (by
default today's main, in a `git worktree`), served the way each serves in production, in the same run.

For each server (ONE web process, its Celery worker, PostgreSQL, a private Redis each) it prints:

* capacity — the number of concurrent waits (`GET /api/actions/{id}/wait/?timeout=...`, held open) at which an
  ordinary proposal's p50 first rises past 2x its idle value (or fails); levels go up to --max-waits. Each
  level is paired: the idle p50 is measured just before its waits are opened (this machine is shared);
* RSS per thousand waits — the web process's resident memory at the highest level held, less idle;
* wake-up latency p50/p99 at 10, 500 and 2,000 waits — from the decision (a deny by a person, which wakes a
  waiter exactly as an approval does) to the waiting agent's answer: "single" is one action with one waiter
  decided while the others stay held (20 samples), "all" is the decision of the action every held waiter
  waits on (each waiter's answer is a sample).

The two servers are measured level by level in turn (old, new, old, new...) so drift on this shared machine
hits both alike. Loads stay on loopback, and every phase is bounded in count and time.

    .venv/bin/python bench/waits.py [--old /tmp/waits-main] [--max-waits 2000]

Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432; a database per server is
created: <name>_old, <name>_new) and redis-server on PATH. Make the old checkout with
`git worktree add /tmp/waits-main main` (its .venv may be a link to this one's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.served import PrivateRedis, free_port  # noqa: E402

LEVELS = [16, 32, 64, 128, 256, 512, 1000, 2000, 3000, 4000]
LATENCY_AT = (10, 500, 2000)
# each held wait's own timeout: beyond a level's measurement, short enough that a server whose threads are all
# held (the old one, past its capacity) frees itself soon after the bench gives up on it
WAIT_SECONDS = 120

SEED = """
import json
from django.contrib.auth import get_user_model
from projects.keys import create_personal_token
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
owner = get_user_model().objects.create_user("bench-owner", password="x")
ws = create_workspace(actor=owner, name="bench")
project = create_project(actor=owner, workspace=ws, name="bench-app")
principal = Membership.objects.get(workspace=ws, user=owner)
_, key = create_agent(actor=owner, project=project, name="waiter", principal=principal)
_, key2 = create_agent(actor=owner, project=project, name="proposer", principal=principal)
_, token = create_personal_token(actor=owner, name="bench")
print("SEED=" + json.dumps({"waiter": key, "proposer": key2, "token": token}))
"""


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else float("nan")


# -- a minimal HTTP/1.1 client on asyncio (thousands of open waits cost the client almost nothing) ----------


async def http(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"", timeout=60.0):
    """(status, body) of one request on its own connection; (0, b"") on a timeout or a refused connection."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    except (OSError, TimeoutError):
        return 0, b""
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        writer.write(head.encode() + b"\r\n" + body)
        raw = await asyncio.wait_for(reader.read(), timeout)
        status_line, _, rest = raw.partition(b"\r\n")
        parts = status_line.split()
        status = int(parts[1]) if len(parts) > 1 else 0
        return status, rest.partition(b"\r\n\r\n")[2]
    except (OSError, TimeoutError, ValueError):
        return 0, b""
    finally:
        writer.close()


class Served:
    """One checkout served by its own `manage.py serve` (its Celery worker included), one web process."""

    def __init__(self, name: str, checkout: Path, db_url: str, tmp: Path):
        self.name, self.checkout = name, checkout
        self.redis = PrivateRedis(tmp)
        self.port = free_port()
        (tmp / "var").mkdir(parents=True, exist_ok=True)
        self.env = {
            **{
                k: v for k, v in os.environ.items() if not k.startswith(("BRABO_", "DATABASE_URL", "CELERY_"))
            },
            "DATABASE_URL": db_url,
            "CELERY_BROKER_URL": self.redis.url,
            "BRABO_VAR_DIR": str(tmp / "var"),
            "BRABO_WEB_WORKERS": "1",
            "BRABO_WEB_ACCESS_LOG": "false",
            "BRABO_LOG_LEVEL": "WARNING",
            # the caps are part of the product, but this bench measures the process, not the caps
            "BRABO_MAX_WAITS_PER_AGENT": "100000",
            "BRABO_MAX_WAITS_PER_WORKSPACE": "100000",
            # (and the proposal caps: 2,000 waits are 2,000 pending actions opened in seconds; 0 = no cap)
            "BRABO_CAP_PENDING_PER_AGENT": "0",
            "BRABO_CAP_PENDING_PER_WORKSPACE": "0",
            "BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT": "0",
            "BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE": "0",
            "PYTHONPATH": str(checkout),
        }
        python = str(checkout / ".venv" / "bin" / "python")
        for argv in (["migrate", "--noinput", "-v0"], ["shell", "-c", SEED]):
            out = subprocess.run(
                [python, "manage.py", *argv], cwd=checkout, env=self.env, capture_output=True, text=True
            )
            if out.returncode:
                sys.exit(f"{name}: setup failed:\n{out.stderr[-2000:]}")
        self.seed = json.loads(out.stdout.split("SEED=")[1])
        self.log = open(tmp / "server.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [python, "manage.py", "serve", "--addr", f"127.0.0.1:{self.port}"],
            cwd=checkout,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.held: list[asyncio.Task] = []
        self.failed_at: int | None = None
        self.capacity = 0
        self.idle_p50 = 0.0
        self.idle_samples: list[float] = []
        self.idle_rss = 0
        self.rss_per_k: float | None = None
        self.latency: dict[int, dict[str, tuple[float, float]]] = {}
        self.hold_action: str | None = None

    def web_pids(self) -> list[int]:
        """The process(es) serving HTTP: the serve process and its children, less the Celery worker's."""
        out = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,args="], capture_output=True, text=True).stdout
        rows = [line.split(None, 2) for line in out.splitlines() if line.strip()]
        tree, frontier = {self.proc.pid}, {self.proc.pid}
        while frontier:
            frontier = {int(p) for p, pp, _ in rows if int(pp) in frontier} - tree
            tree |= frontier
        return [int(p) for p, _, args in rows if int(p) in tree and "celery" not in args]

    def rss(self) -> int:
        total = 0
        for pid in self.web_pids():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
            except OSError:
                pass
        return total

    def agent(self, key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.seed[key]}"}

    async def up(self) -> None:
        for _ in range(600):
            status, _ = await http(self.port, "GET", "/healthz", {}, timeout=2)
            if status == 200:
                return
            if self.proc.poll() is not None:
                sys.exit(f"{self.name}: the server exited (see its server.log)")
            await asyncio.sleep(0.1)
        sys.exit(f"{self.name}: the server did not answer")

    async def pending(self, command: str, who: str = "proposer") -> str:
        body = json.dumps({"action_type": "terminal", "payload": {"command": command}}).encode()
        status, raw = await http(self.port, "POST", "/api/actions/", self.agent(who), body, timeout=60)
        if status != 201:
            raise RuntimeError(f"{self.name}: a proposal answered {status}: {raw[:300]!r}")
        return json.loads(raw)["id"]

    async def proposal_p50(self, n: int = 30) -> tuple[float, int]:
        """p50 (ms) of ``n`` sequential ordinary proposals (pending: the proposal path, no execution), and
        how many failed (timeout 10 s)."""
        times, failed = [], 0
        body = json.dumps({"action_type": "terminal", "payload": {"command": "make deploy"}}).encode()
        for _ in range(n):
            t0 = time.perf_counter()
            status, _ = await http(
                self.port, "POST", "/api/actions/", self.agent("proposer"), body, timeout=10
            )
            if status == 201:
                times.append((time.perf_counter() - t0) * 1e3)
            else:
                failed += 1
                if failed >= 3:
                    break
        return (statistics.median(times) if times else float("inf")), failed

    def _wait(self, action_id: str, timeout: float = WAIT_SECONDS) -> asyncio.Task:
        path = f"/api/actions/{action_id}/wait/?timeout={timeout}"
        return asyncio.ensure_future(http(self.port, "GET", path, self.agent("waiter"), timeout=timeout + 60))

    async def hold(self, level: int) -> None:
        if self.hold_action is None:
            self.hold_action = await self.pending("make hold", who="waiter")
        while len(self.held) < level:
            self.held.append(self._wait(self.hold_action))
            if len(self.held) % 200 == 0:
                await asyncio.sleep(0.05)  # let the server accept as they come
        await asyncio.sleep(1.0 + level / 1000)  # settle: the last ones reach their wait

    async def deny(self, action_id: str) -> None:
        body = json.dumps({"reason": "bench"}).encode()
        headers = {"Authorization": f"Token {self.seed['token']}"}
        status, raw = await http(
            self.port, "POST", f"/api/actions/{action_id}/deny/", headers, body, timeout=60
        )
        if status != 200:
            raise RuntimeError(f"{self.name}: deny answered {status}: {raw[:200]!r}")

    async def single_wakeups(self, n: int = 20) -> tuple[float, float]:
        samples = []
        for i in range(n):
            action_id = await self.pending(f"make single-{i}", who="waiter")
            waiter = self._wait(action_id, timeout=60)
            await asyncio.sleep(0.2)  # it reaches its wait
            t0 = time.perf_counter()
            asyncio.ensure_future(self.deny(action_id))
            status, _ = await waiter
            if status == 200:
                samples.append((time.perf_counter() - t0) * 1e3)
        return percentile(samples, 0.5), percentile(samples, 0.99)

    async def wake_all(self) -> tuple[float, float]:
        """Decide the held action: every held waiter's time to its answer (ms)."""
        assert self.hold_action is not None
        held, self.held = self.held, []
        done_at: list[float] = []
        t0 = time.perf_counter()

        async def one(task):
            status, _ = await task
            if status == 200:
                done_at.append((time.perf_counter() - t0) * 1e3)

        await asyncio.gather(self.deny(self.hold_action), *(one(t) for t in held))
        self.hold_action = None
        return percentile(done_at, 0.5), percentile(done_at, 0.99)

    def abandon(self) -> None:
        for task in self.held:
            task.cancel()
        self.held, self.hold_action = [], None

    async def release(self) -> None:
        if self.hold_action is not None:
            await self.wake_all()

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
        self.redis.stop()
        self.log.close()


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


async def run(servers: list[Served], max_waits: int) -> None:
    for s in servers:
        await s.up()
        await s.proposal_p50(10)  # warm-up
    for s in servers:
        # the idle figure: the median of three measurements, taken in turn
        s.idle_samples = []
    for _ in range(3):
        for s in servers:
            s.idle_samples.append((await s.proposal_p50())[0])
    for s in servers:
        s.idle_p50 = statistics.median(s.idle_samples)
        s.idle_rss = s.rss()
        print(
            f"{s.name}: idle proposal p50 {s.idle_p50:.1f} ms, web RSS {s.idle_rss / 2**20:.0f} MiB",
            flush=True,
        )
    levels = sorted({lv for lv in LEVELS if lv <= max_waits} | {lv for lv in LATENCY_AT if lv <= max_waits})
    for level in levels:
        for s in servers:  # in turn, level by level
            if s.failed_at is not None:
                continue
            # Paired: the idle p50 is measured right before the waits are opened, so the load other users of
            # this shared machine put on it at that moment weighs on both sides of the comparison.
            idle, _ = await s.proposal_p50()
            await s.hold(level)
            p50, failed = await s.proposal_p50()
            for _ in range(2):  # a noisy sample gets up to two more looks
                if not failed and p50 <= 2 * idle:
                    break
                await asyncio.sleep(3)
                p50, failed = await s.proposal_p50()
            rss = s.rss()
            ok = failed == 0 and p50 <= 2 * idle
            print(
                f"{s.name}: {level:5d} waits held: proposal p50 {p50:8.1f} ms ({failed} failed), idle just "
                f"before {idle:.1f} ms, web RSS {rss / 2**20:.0f} MiB{'' if ok else '  <- past 2x idle'}",
                flush=True,
            )
            if not ok:
                s.failed_at = level
                s.abandon()  # its decision could queue behind the held waits: drop them instead
                continue
            s.capacity = level
            s.rss_per_k = (rss - s.idle_rss) / level * 1000
            single = await s.single_wakeups() if level in LATENCY_AT else None
            everyone = await s.wake_all()  # and the next level starts from no wait held
            if single is not None:
                s.latency[level] = {"single": single, "all": everyone}
                print(
                    f"{s.name}: wake-up at {level} waits: single p50 {single[0]:.0f} ms p99 {single[1]:.0f} ms; "
                    f"all {level} p50 {everyone[0]:.0f} ms p99 {everyone[1]:.0f} ms",
                    flush=True,
                )
    for s in servers:
        await s.release()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, default=Path("/tmp/waits-main"), help="the checkout to compare with")
    ap.add_argument("--max-waits", type=int, default=2000)
    ap.add_argument("--tmp", type=Path, default=Path("/tmp/brabo-bench-waits"))
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of sockets, here and in the servers
    if hard < 2 * args.max_waits + 1000:
        print(
            f"note: the open-files limit is {hard}; levels past it will fail for that reason", file=sys.stderr
        )
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_bench_waits")
    servers = []
    try:
        for name, checkout in (("old", args.old.resolve()), ("new", ROOT)):
            if not (checkout / "manage.py").exists():
                sys.exit(f"{checkout} is not a Brabo checkout (git worktree add {checkout} main)")
            url = f"{base}_{name}"
            ensure_database(url)
            tmp = args.tmp / name
            tmp.mkdir(parents=True, exist_ok=True)
            servers.append(Served(name, checkout, url, tmp))
        started = time.monotonic()
        asyncio.run(asyncio.wait_for(run(servers, args.max_waits), timeout=3600))
        print(
            f"\n== summary ({time.monotonic() - started:.0f} s; one web process each; goal: 2,000 waits) =="
        )
        for s in servers:
            commit = subprocess.run(
                ["git", "-C", str(s.checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
            ).stdout.strip()
            beyond = f" (p50 past 2x idle at {s.failed_at})" if s.failed_at else " (never past 2x idle)"
            rss = f"{s.rss_per_k / 2**20:.1f} MiB" if s.rss_per_k is not None else "n/a"
            print(f"{s.name} {commit}: capacity {s.capacity} waits{beyond}; RSS per 1,000 waits {rss}")
            for level, lat in sorted(s.latency.items()):
                print(
                    f"    at {level}: single wake-up p50 {lat['single'][0]:.0f} / p99 {lat['single'][1]:.0f} ms; "
                    f"all {level} p50 {lat['all'][0]:.0f} / p99 {lat['all'][1]:.0f} ms"
                )
        new = servers[-1]
        print(
            f"goal (2,000 waits before the proposal p50 doubles): {'met' if new.capacity >= 2000 else 'NOT met'}"
        )
    finally:
        for s in servers:
            s.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
