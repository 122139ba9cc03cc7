"""Benchmark: POST /api/actions/ through gunicorn against PostgreSQL (issue 4).

Prints proposals per second and p50/p99 latency of the whole HTTP call for several rounds (these machines
are noisy: the rounds show the spread, the median is the figure), the CPU one proposal costs in the
gunicorn workers and in PostgreSQL, and the raw engine time (decide() alone, same commands, same rules)
beside it so the overhead of HTTP + auth + database + events is visible.
Goal: >= 300 proposals/s and p99 <= 50 ms on this 2-core machine.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo_bench \
    CELERY_BROKER_URL=redis://127.0.0.1:6379/13 .venv/bin/python bench/api.py [--rounds 3] [--concurrency 4]

The database named in DATABASE_URL is created if missing and migrated. Auto-approved proposals are
enqueued to the broker (no worker consumes them here; the queue is purged at the end), so the figure is
the proposal path, not execution.

Server: gunicorn sync workers (3 on 2 cores measured best here: a worker waiting on PostgreSQL leaves its
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
p = services.create_project(actor=u, workspace=ws, name="bench-app")
p.permissions_path.write_text(json.dumps(rules))
from projects.policy_store import record_accepted
record_accepted(p, json.dumps(rules), by=u, source="bench")
a, key = services.create_agent(actor=u, project=p, name="dev-bench", principal=Membership.objects.get(workspace=ws, user=u))
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


def _cpu_seconds(pids) -> float:
    """utime + stime of these processes, from /proc (Linux); 0 for one that is gone."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _postgres_backends() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "cmdline").read_bytes().startswith(b"postgres: "):
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=3000, help="Python client only: requests per round")
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--worker-class", default="sync", help="gunicorn worker class (sync, gthread)")
    ap.add_argument(
        "--server",
        choices=("gunicorn", "uvicorn"),
        default="gunicorn",
        help="uvicorn: the ASGI server production runs (python -m brabo.web, issue 24) with --workers processes",
    )
    ap.add_argument("--threads", type=int, default=1, help="gthread only")
    ap.add_argument("--seconds", type=int, default=12, help="wrk: length of one round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--python-client", action="store_true", help="use the Python client even when wrk exists")
    ap.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="serve this checkout of Brabo instead of this one (e.g. a `git worktree` of an older commit), "
        "to compare two commits side by side on one machine",
    )
    args = ap.parse_args()

    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_bench")
    if not url.startswith(("postgres://", "postgresql://")):
        print("bench/api.py measures PostgreSQL: set DATABASE_URL=postgres://...", file=sys.stderr)
        return 2
    broker = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/13")
    ensure_database(url)
    var = Path("/tmp/brabo-bench-var")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "brabo.settings",
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": broker,
        "BRABO_VAR_DIR": str(var),
        "BRABO_DEBUG": "false",
        "BRABO_SECRET_KEY": "bench-secret-" + "x" * 40,
        "BRABO_ENCRYPTION_KEYS": ENCRYPTION_KEY,
        "BRABO_LOG_LEVEL": "WARNING",
    }
    key, root = setup_world(env, args.checkout)

    gunicorn = [
        sys.executable,
        "-m",
        "gunicorn",
        "brabo.wsgi",
        "-b",
        f"127.0.0.1:{args.port}",
        "-w",
        str(args.workers),
        "-k",
        args.worker_class,
        "--threads",
        str(args.threads),
        "--log-level",
        "warning",
    ]
    uvicorn = [sys.executable, "-m", "brabo.web"]
    server_env = {
        **env,
        "BRABO_WEB_BIND": f"127.0.0.1:{args.port}",
        "BRABO_WEB_WORKERS": str(args.workers),
        "BRABO_WEB_ACCESS_LOG": "false",
    }
    server = subprocess.Popen(
        uvicorn if args.server == "uvicorn" else gunicorn, cwd=args.checkout, env=server_env
    )
    use_wrk = shutil.which("wrk") is not None and not args.python_client
    rounds: list[dict] = []
    try:
        import httpx

        base = f"http://127.0.0.1:{args.port}"
        for _ in range(100):
            try:
                httpx.get(base + "/api/schema/", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        if use_wrk:
            client = f"wrk, {args.concurrency} connections, {args.seconds} s rounds"
            load_with_wrk(base, key, 2, args.concurrency)  # warm-up: imports, prepared statements
        else:
            client = "Python httpx threads (install wrk for a client that does not compete for the CPU)"
        for _ in range(args.rounds):
            workers = _children(server.pid) + ([server.pid] if args.server == "uvicorn" else [])
            backends = _postgres_backends()
            cpu_before = _cpu_seconds(workers), _cpu_seconds(backends)
            if use_wrk:
                n, errors, wall, p50, p99 = load_with_wrk(base, key, args.seconds, args.concurrency)
            else:
                n, errors, wall, p50, p99 = load_with_python(base, key, args.requests, args.concurrency)
            backends = sorted(set(backends) | set(_postgres_backends()))
            cpu_after = _cpu_seconds(workers), _cpu_seconds(backends)
            rounds.append(
                {
                    "rate": n / wall,
                    "p50": p50,
                    "p99": p99,
                    "errors": errors,
                    "server_cpu_ms": (cpu_after[0] - cpu_before[0]) / max(n, 1) * 1e3,
                    "postgres_cpu_ms": (cpu_after[1] - cpu_before[1]) / max(n, 1) * 1e3,
                }
            )
    finally:
        server.terminate()
        server.wait(timeout=20)
        try:
            import redis

            redis.Redis.from_url(broker).flushdb()
        except Exception as exc:  # the figures stand; say why the queue was left
            print(f"(could not purge the bench broker db: {exc})")

    eng = engine_time(root, 20000)
    eng_p50 = percentile(eng, 0.5) * 1e3
    print(
        f"corpus: {len(COMMANDS)} terminal commands (allowed, compound, denied, capped) against a "
        f"{len(ALLOW) + len(DENY)}-pattern permissions.json; "
        + (
            f"uvicorn {args.workers} workers (ASGI)"
            if args.server == "uvicorn"
            else f"gunicorn {args.workers} {args.worker_class} workers"
        )
        + f", PostgreSQL, Redis broker; client: {client}"
        + ("" if args.checkout == ROOT else f"; serving {args.checkout}")
    )
    for i, r in enumerate(rounds, 1):
        print(
            f"round {i}: {r['rate']:6.1f} proposals/s  p50 {r['p50']:6.2f} ms  p99 {r['p99']:6.2f} ms  "
            f"CPU per proposal: gunicorn {r['server_cpu_ms']:.2f} ms, PostgreSQL {r['postgres_cpu_ms']:.2f} ms"
            + (f"  ({r['errors']} non-2xx or socket errors)" if r["errors"] else "")
        )
    rate = statistics.median(r["rate"] for r in rounds)
    p50 = statistics.median(r["p50"] for r in rounds)
    p99 = statistics.median(r["p99"] for r in rounds)
    errors = sum(r["errors"] for r in rounds)
    met = rate >= 300 and p99 <= 50 and not errors
    print(f"proposals/s:  {rate:8.1f}   (median of {len(rounds)} rounds; goal >= 300)")
    print(f"HTTP p50:     {p50:8.2f} ms")
    print(f"HTTP p99:     {p99:8.2f} ms   (median; goal <= 50 ms)")
    print(f"errors:       {errors:8d}")
    print(f"engine p50:   {eng_p50 * 1e3:8.1f} us   engine p99: {percentile(eng, 0.99) * 1e6:.1f} us")
    print(
        f"overhead:     HTTP p50 is {p50 / eng_p50:,.0f}x the engine's p50 (the engine is {eng_p50 / p50 * 100:.3f}%)"
    )
    print(f"goal:         {'met' if met else 'NOT met'}")
    return 0


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
