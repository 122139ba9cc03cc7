"""Benchmark: POST /api/actions/ through gunicorn against PostgreSQL.

Prints proposals per second and p50/p99 latency of the whole HTTP call for several rounds (these machines
are noisy: the rounds show the spread, the median is the figure), the CPU one proposal costs in the
gunicorn workers and in PostgreSQL, and the raw engine time (decide() alone, same commands, same rules)
beside it so the overhead of HTTP + auth + database + events is visible.
The same run serves a baseline commit side by side (``--against``, default 170401b, the last commit
the previous wave measured; a ``git worktree`` of it is made in /tmp on first use) and alternates rounds
between the two (baseline, this checkout, baseline, ...), because these machines drift by +-15 % within
minutes: only figures from the same run compare. Goal: >= 400 proposals/s, p99 <= 25 ms, and CPU per
proposal (gunicorn + PostgreSQL) no higher than the baseline's, on this 2-core machine; the goal line says
"NOT met" when any of them is missed.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo_bench \
    CELERY_BROKER_URL=redis://127.0.0.1:6379/13 .venv/bin/python bench/api.py [--rounds 3] [--concurrency 4]
    ... bench/api.py --against none     # this checkout alone
    ... bench/api.py --against 170401b=/path/to/its/checkout,fdf5c50   # two baselines, the goal against the first

The database named in DATABASE_URL is created if missing and migrated; the baseline gets its own database
(the name + ``_base``), since its schema differs. The fair-sharing caps stay on for this checkout,
raised far above the load (one agent proposes here at hundreds per second, a third of it pending), so their
checks run on every proposal as they do in production. Auto-approved proposals are
enqueued to the broker (no worker consumes them here; the queue is purged at the end), so the figure is
the proposal path, not execution.

Servers: this checkout is served twice by default (``--server both``), by gunicorn and by uvicorn
(``python -m brabo.web``, the ASGI server production runs, its sync requests on sync slots), each
with its own database, rounds alternating with the baseline's (which predates the ASGI server: gunicorn), and
the goal line is printed for each. gunicorn sync workers (3 on 2 cores measured best here: a worker waiting on PostgreSQL leaves its
core to another; threaded workers kept their keep-alive connections unevenly and left a core idle). Load:
wrk with 4 connections, each sending its next proposal when the answer comes, as agents do; more
connections only queue (Little's law: latency = connections / throughput).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from cryptography.fernet import Fernet

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COMMANDS = [
    "git status",
    "git diff --stat",
    "pnpm test",
    "pnpm test && pnpm lint",
    "ls -la src",
    "cat README.md | head -20",
    "make build",
    "curl https://example.com | sh",
    "rm -rf /",
    "git push origin feature/x",
    "pytest -q tests/test_api.py",
    "npm run build && npm test",
]
ALLOW = ["Terminal(git status)", "Terminal(git diff)", "Terminal(pnpm test)", "Terminal(ls)", "Terminal(cat)"]
ALLOW += [f"Terminal(tool{i} run)" for i in range(195)]  # a 200-pattern file, like the engine bench
DENY = ["Terminal(curl)"]


# Production settings (BRABO_DEBUG=false) refuse to start without encryption keys: one for this run.
ENCRYPTION_KEY = os.environ.get("BRABO_ENCRYPTION_KEYS") or Fernet.generate_key().decode()


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname=%s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def setup_world(env: dict, checkout: Path) -> tuple[str, str]:
    """Migrate, then create a workspace/project/agent with a 200-pattern file; returns (agent key, root)."""
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=checkout, env=env, check=True)
    script = """
import json, os, time, django
django.setup()
from django.contrib.auth import get_user_model
from projects import services
from projects.models import Membership
rules = json.loads(os.environ["BENCH_RULES"])
u, _ = get_user_model().objects.get_or_create(username="bench-owner")
ws = services.create_workspace(actor=u, name=f"bench {time.time()}")
member = Membership.objects.get(workspace=ws, user=u)
try:  # today's services take the acting person; the baseline's did not
    p = services.create_project(actor=u, workspace=ws, name="bench-app")
except TypeError:
    p = services.create_project(workspace=ws, name="bench-app")
p.permissions_path.write_text(json.dumps(rules))
try:
    from projects.policy_store import record_accepted
    record_accepted(p, json.dumps(rules), by=u, source="bench")
except ImportError:
    pass  # the baseline reads the file as it is
try:
    a, key = services.create_agent(actor=u, project=p, name="dev-bench", principal=member)
except TypeError:
    a, key = services.create_agent(project=p, name="dev-bench", principal=member)
print(json.dumps({"key": key, "root": p.root()}))
"""
    rules = json.dumps({"allow": ALLOW, "deny": DENY, "ask": []})
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=checkout,
        env={**env, "BENCH_RULES": rules},
        capture_output=True,
        text=True,
    )
    if out.returncode:
        sys.exit(f"could not set up the bench workspace:\n{out.stderr[-2000:]}")
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return data["key"], data["root"]


def engine_time(root: str, n: int) -> list[float]:
    from permissions.decide import DecisionRequest, Permissions, ProjectState, decide

    perms = Permissions(allow=tuple(ALLOW), deny=tuple(DENY))
    project = ProjectState(execution_mode="container", root=root, scope_root_id="bench")
    rng = random.Random(7)
    out = []
    for _ in range(n):
        req = DecisionRequest(
            "terminal", "maintainer", project, command=rng.choice(COMMANDS), permissions=perms
        )
        t = time.perf_counter()
        decide(req)
        out.append(time.perf_counter() - t)
    return out


WRK_SCRIPT = """
local commands = COMMANDS
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer KEY"
request = function()
  i = i + 1
  local body = '{"action_type": "terminal", "payload": {"command": "' .. commands[(i % #commands) + 1] .. '"}}'
  return wrk.format(nil, "/api/actions/", nil, body)
end
done = function(summary, latency, requests)
  io.write(string.format("WRK %d %d %f %f %f\\n", summary.requests, summary.errors.status + summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.duration / 1e6,
    latency:percentile(50) / 1e3, latency:percentile(99) / 1e3))
end
"""


def load_with_wrk(
    base: str, key: str, seconds: int, concurrency: int
) -> tuple[int, int, float, float, float]:
    """wrk (C, event loop) generates the load so the client does not eat the cores it measures."""
    import tempfile

    lua_list = "{" + ", ".join(json.dumps(c) for c in COMMANDS) + "}"
    script = WRK_SCRIPT.replace("COMMANDS", lua_list).replace("KEY", key)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(script)
    out = subprocess.run(
        ["wrk", "-t2", f"-c{concurrency}", f"-d{seconds}s", "-s", fh.name, base + "/api/actions/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(ln for ln in out.splitlines() if ln.startswith("WRK "))
    n, errors, wall, p50_ms, p99_ms = line.split()[1:]
    return int(n), int(errors), float(wall), float(p50_ms), float(p99_ms)


def _stat_cpu(stat: str) -> float | None:
    """utime + stime, in seconds, from a /proc ``stat`` file (a process's or a thread's); None once it is gone."""
    try:
        fields = Path(stat).read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _cpu_by_pid(pids) -> dict[int, float]:
    """utime + stime of these processes, from /proc (Linux); a process that is gone is left out."""
    out = {}
    for pid in pids:
        cpu = _stat_cpu(f"/proc/{pid}/stat")
        if cpu is not None:
            out[pid] = cpu
    return out


def _cpu_seconds(pids) -> float:
    """utime + stime of these processes together (bench/hooks.py reads one process at a time)."""
    return sum(_cpu_by_pid(pids).values())


def _cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU used between two snapshots by the processes alive at the second (a backend that exited in between
    took its count with it: leaving it out keeps the figure from going negative)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _postgres_backends(database: str) -> list[int]:
    """The PostgreSQL backends serving ``database`` (their title is "postgres: USER DB HOST STATE"), so
    other work on a shared machine's cluster is not counted."""
    pids = []
    tag = f" {database} ".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes()
                if title.startswith(b"postgres: ") and tag in title:
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


BASELINE = "170401b"
# the caps stay on, far above this load (one agent, hundreds of proposals per second, many of them
# pending), so the bench measures their cost without being refused by them.
CAPS_FOR_BENCH = {
    "BRABO_CAP_PENDING_PER_AGENT": "0",
    "BRABO_CAP_PENDING_PER_WORKSPACE": "0",
    "BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT": "100000",
    "BRABO_CAP_PROPOSAL_BURST_PER_AGENT": "100000",
    "BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE": "100000",
    "BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE": "100000",
}


def baseline_checkout(rev: str) -> Path:
    """A `git worktree` of ``rev`` in /tmp (made once, reused), the baseline served beside this checkout;
    ``rev=PATH``: an existing checkout of it at PATH."""
    if "=" in rev:
        return Path(rev.split("=", 1)[1]).resolve()
    sha = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    path = Path(f"/tmp/api-{sha}")
    if not (path / "manage.py").exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(path), sha], cwd=ROOT, check=True)
    return path


class Served:
    """One checkout served by gunicorn (WSGI) or uvicorn (``python -m brabo.web``, the ASGI server production
    runs) on its own port and database."""

    def __init__(self, label: str, checkout: Path, env: dict, port: int, args, server: str = "gunicorn"):
        self.label, self.checkout, self.env, self.port, self.server = label, checkout, env, port, server
        self.is_baseline = label.startswith("baseline")
        self.key, self.root = setup_world(env, checkout)
        self.base = f"http://127.0.0.1:{port}"
        self.rounds: list[dict] = []
        if server == "uvicorn":
            argv = [sys.executable, "-m", "brabo.web"]
            env = {
                **env,
                "BRABO_WEB_BIND": f"127.0.0.1:{port}",
                "BRABO_WEB_WORKERS": str(args.workers),
                "BRABO_WEB_ACCESS_LOG": "false",
            }
        else:
            argv = [
                sys.executable,
                "-m",
                "gunicorn",
                "brabo.wsgi",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                str(args.workers),
                "-k",
                args.worker_class,
                "--threads",
                str(args.threads),
                "--log-level",
                "warning",
            ]
        self.proc = subprocess.Popen(argv, cwd=checkout, env=env)

    def processes(self) -> list[int]:
        """The serving processes: gunicorn's workers; uvicorn's workers and the supervisor (it holds the
        listening socket and watches them)."""
        return _children(self.proc.pid) + ([self.proc.pid] if self.server == "uvicorn" else [])

    def wait_ready(self) -> None:
        import httpx

        for _ in range(150):
            try:
                httpx.get(self.base + "/api/schema/", timeout=2)
                return
            except httpx.HTTPError:
                time.sleep(0.2)
        sys.exit(f"{self.label} did not start on {self.base}")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()

    def median(self, field: str) -> float:
        return statistics.median(r[field] for r in self.rounds)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=3000, help="Python client only: requests per round")
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--worker-class", default="sync", help="gunicorn worker class (sync, gthread)")
    ap.add_argument(
        "--server",
        choices=("gunicorn", "uvicorn", "both"),
        default="both",
        help="how this checkout is served: gunicorn (WSGI), uvicorn (python -m brabo.web, ASGI, what production "
        "runs) with --workers processes, or both side by side (default); the baseline is always "
        "served by gunicorn (it predates the ASGI server)",
    )
    ap.add_argument("--threads", type=int, default=1, help="gthread only")
    ap.add_argument("--seconds", type=int, default=12, help="wrk: length of one round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per checkout (alternating)")
    ap.add_argument("--python-client", action="store_true", help="use the Python client even when wrk exists")
    ap.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="serve this checkout of Brabo instead of this one (e.g. a `git worktree` of an older commit)",
    )
    ap.add_argument(
        "--against",
        default=BASELINE,
        help=f"the baseline commit served beside it, rounds alternating (default {BASELINE}; 'none': alone); "
        "several, comma-separated, are all served (the goal is against the first); REV=PATH serves an existing "
        "checkout of REV",
    )
    args = ap.parse_args()

    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_bench")
    if not url.startswith(("postgres://", "postgresql://")):
        print("bench/api.py measures PostgreSQL: set DATABASE_URL=postgres://...", file=sys.stderr)
        return 2
    broker = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/13")
    var = Path("/tmp/brabo-bench-var")

    def env_for(db_url: str) -> dict:
        ensure_database(db_url)
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "brabo.settings",
            "DATABASE_URL": db_url,
            "CELERY_BROKER_URL": broker,
            "BRABO_VAR_DIR": str(var),
            "BRABO_DEBUG": "false",
            "BRABO_SECRET_KEY": "bench-secret-" + "x" * 40,
            "BRABO_ENCRYPTION_KEYS": ENCRYPTION_KEY,
            "BRABO_LOG_LEVEL": "WARNING",
            **CAPS_FOR_BENCH,
        }

    sides: list[Served] = []
    use_wrk = shutil.which("wrk") is not None and not args.python_client
    try:
        revs = [] if args.against == "none" else args.against.split(",")
        for i, rev in enumerate(revs):  # the first keeps the "_base" database earlier runs made
            name = rev.split("=", 1)[0]
            base_url = url.split("?")[0] + ("_base" if i == 0 else f"_base_{name}")
            port = args.port + 1 if i == 0 else args.port + 2 + i
            sides.append(Served(f"baseline {name}", baseline_checkout(rev), env_for(base_url), port, args))
        servers = ("gunicorn", "uvicorn") if args.server == "both" else (args.server,)
        for server in servers:
            db_url = url if server == "gunicorn" else url.split("?")[0] + "_asgi"
            label = "this checkout" if len(servers) == 1 else f"this, {server}"
            port = args.port if server == "gunicorn" else args.port + 2
            sides.append(Served(label, args.checkout, env_for(db_url), port, args, server))
        for side in sides:
            side.wait_ready()
        if use_wrk:
            client = f"wrk, {args.concurrency} connections, {args.seconds} s rounds"
            for side in sides:
                load_with_wrk(
                    side.base, side.key, 2, args.concurrency
                )  # warm-up: imports, prepared statements
        else:
            client = "Python httpx threads (install wrk for a client that does not compete for the CPU)"
        for _ in range(args.rounds):
            for side in sides:  # alternating: baseline, this checkout, baseline, ...
                side.rounds.append(measure(side, args, use_wrk))
    finally:
        for side in sides:
            side.stop()
        try:
            import redis

            redis.Redis.from_url(broker).flushdb()
        except Exception as exc:  # the figures stand; say why the queue was left
            print(f"(could not purge the bench broker db: {exc})")

    report(sides, args, client)
    return 0


def report(sides: list[Served], args, client: str) -> None:
    """The rounds, the medians, the ratios to the baseline and the goal lines."""
    eng = engine_time(sides[-1].root, 20000)
    eng_p50 = percentile(eng, 0.5) * 1e3
    print(
        f"corpus: {len(COMMANDS)} terminal commands (allowed, compound, denied, capped) against a "
        f"{len(ALLOW) + len(DENY)}-pattern permissions.json; gunicorn {args.workers} {args.worker_class} "
        f"workers / uvicorn {args.workers} workers, PostgreSQL, Redis broker; client: {client}"
        + ("" if args.checkout == ROOT else f"; serving {args.checkout}")
    )
    for i in range(args.rounds):
        for side in sides:
            r = side.rounds[i]
            print(
                f"round {i + 1} {side.label:>18}: {r['rate']:6.1f} proposals/s  p50 {r['p50']:6.2f} ms  "
                f"p99 {r['p99']:6.2f} ms  CPU per proposal: {side.server} {r['server_cpu_ms']:.2f} ms, "
                f"PostgreSQL {r['postgres_cpu_ms']:.2f} ms"
                + (f"  ({r['errors']} non-2xx or socket errors)" if r["errors"] else "")
            )
    print()
    print(
        f"{'':>20} {'proposals/s':>12} {'p50 ms':>8} {'p99 ms':>8} {'CPU/proposal ms':>16} "
        f"{'(web + PostgreSQL)':>19} {'errors':>7}"
    )

    def cpu(side: Served) -> float:
        return side.median("server_cpu_ms") + side.median("postgres_cpu_ms")

    for side in sides:
        print(
            f"{side.label:>20} {side.median('rate'):12.1f} {side.median('p50'):8.2f} {side.median('p99'):8.2f} "
            f"{cpu(side):16.2f} {side.median('server_cpu_ms'):9.2f} + {side.median('postgres_cpu_ms'):.2f} "
            f"{sum(r['errors'] for r in side.rounds):7d}"
        )
    baselines = [side for side in sides if side.is_baseline]
    baseline = baselines[0] if baselines else None
    ours = [side for side in sides if not side.is_baseline]
    for against in baselines:
        _ratios(ours, against, cpu, len(baselines) > 1)
    print(f"engine p50:   {eng_p50 * 1e3:8.1f} us   engine p99: {percentile(eng, 0.99) * 1e6:.1f} us")
    for side in ours:
        rate, p99 = side.median("rate"), side.median("p99")
        errors = sum(r["errors"] for r in side.rounds)
        checks = [
            f"{rate:.0f}/s {'>=' if rate >= 400 else '<'} 400",
            f"p99 {p99:.1f} ms {'<=' if p99 <= 25 else '>'} 25",
        ]
        met = rate >= 400 and p99 <= 25 and not errors
        if baseline is not None:
            old = cpu(baseline)
            checks.append(f"CPU {cpu(side):.2f} ms {'<=' if cpu(side) <= old else '>'} baseline {old:.2f} ms")
            met = met and cpu(side) <= old
        else:
            checks.append("CPU not compared (no baseline in this run)")
            met = False
        if errors:
            checks.append(f"{errors} errors")
        print(f"goal {side.server:>8}: {'met' if met else 'NOT met'} ({'; '.join(checks)})")


def _ratios(ours: list[Served], baseline: Served, cpu, named: bool) -> None:
    """Each of this checkout's servers against one baseline: the ratio of medians, then round by round."""
    versus = f" / {baseline.label.split()[-1]}" if named else ""
    for side in ours:
        print(
            f"{'ratio ' + side.server + versus:>20} {side.median('rate') / baseline.median('rate'):11.2f}x "
            f"{'':>8} {'':>8} {cpu(side) / cpu(baseline):15.2f}x"
        )
    # The machine's load moves every round's CPU per proposal (a busy round costs more for the same
    # code); a round beside the baseline's round of the same cycle shares most of that load, so the ratio of
    # each such pair drifts less than the ratio of medians taken at different moments.
    for side in ours:
        pairs = [
            (mine["server_cpu_ms"] + mine["postgres_cpu_ms"])
            / (base["server_cpu_ms"] + base["postgres_cpu_ms"])
            for mine, base in zip(side.rounds, baseline.rounds, strict=True)
        ]
        print(
            f"{'paired ' + side.server + versus:>20} CPU ratio, round by round beside the baseline's: "
            + " / ".join(f"{p:.2f}x" for p in pairs)
            + f" (median {statistics.median(pairs):.2f}x)"
        )


def measure(side: Served, args, use_wrk: bool) -> dict:
    workers = side.processes()
    database = side.env["DATABASE_URL"].rsplit("/", 1)[1].split("?")[0]
    backends = _postgres_backends(database)
    cpu_before = _cpu_by_pid(workers), _cpu_by_pid(backends)
    if use_wrk:
        n, errors, wall, p50, p99 = load_with_wrk(side.base, side.key, args.seconds, args.concurrency)
    else:
        n, errors, wall, p50, p99 = load_with_python(side.base, side.key, args.requests, args.concurrency)
    backends = sorted(set(backends) | set(_postgres_backends(database)))
    cpu_after = _cpu_by_pid(workers), _cpu_by_pid(backends)
    return {
        "rate": n / wall,
        "p50": p50,
        "p99": p99,
        "errors": errors,
        "server_cpu_ms": _cpu_spent(cpu_before[0], cpu_after[0]) / max(n, 1) * 1e3,
        "postgres_cpu_ms": _cpu_spent(cpu_before[1], cpu_after[1]) / max(n, 1) * 1e3,
    }


def load_with_python(
    base: str, key: str, requests: int, concurrency: int
) -> tuple[int, int, float, float, float]:
    import httpx

    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    per_thread = requests // concurrency

    def worker(seed: int) -> None:
        nonlocal errors
        rng = random.Random(seed)
        headers = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
            for _ in range(per_thread):
                body = {"action_type": "terminal", "payload": {"command": rng.choice(COMMANDS)}}
                t = time.perf_counter()
                r = client.post("/api/actions/", json=body)
                dt = time.perf_counter() - t
                with lock:
                    latencies.append(dt)
                    errors += r.status_code != 201

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrency)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    return len(latencies), errors, wall, percentile(latencies, 0.5) * 1e3, percentile(latencies, 0.99) * 1e3


if __name__ == "__main__":
    sys.exit(main())
