"""Soak benchmark: 50 simulated agents for 60 s against the production stack.

`manage.py serve` (gunicorn, gthread, pooled PostgreSQL connections) with its Celery worker and beat, on
PostgreSQL and Redis. Each agent proposes (half the proposals auto-approved and executed by the worker, half
waiting for a person), waits on the outcome (`/wait`), and starts again; two approver threads approve what is
pending; two console threads poll the queue, the event log and the approval stats. Prints throughput,
p50/p99 per kind of call, errors (goal 0), and the server's open PostgreSQL connections and RSS before, during
and after the load (goal: flat).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo_soak \
    CELERY_BROKER_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/soak.py [--agents 50] [--seconds 60]

The database named in DATABASE_URL is created if missing and migrated; the broker's Redis db is flushed at
the end.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api import ENCRYPTION_KEY, ensure_database, percentile  # noqa: E402

TAG = "brabo-soak"

SEED = """
import json, os, time, django
django.setup()
from django.contrib.auth import get_user_model
from projects import services
from projects.models import AutonomyRule, Membership, PersonalToken
n = int(os.environ["SOAK_AGENTS"])
u, _ = get_user_model().objects.get_or_create(username="soak-owner")
ws = services.create_workspace(actor=u, name=f"soak {time.time()}")
p = services.create_project(actor=u, workspace=ws, name="soak-app")
principal = Membership.objects.get(workspace=ws, user=u)
keys = []
for i in range(n):
    a, key = services.create_agent(actor=u, project=p, name=f"dev-soak-{i}", principal=principal)
    AutonomyRule.objects.create(agent=a, action_type="propose_execution_plan", mode="auto_approve")
    keys.append(key)
_, token = PersonalToken.issue(u, "soak")
print(json.dumps({"project": str(p.id), "keys": keys, "token": token}))
"""


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return out


def _rss_mb(pid: int) -> float:
    total = 0
    for p in _tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def _connections(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", (TAG,)
        ).fetchone()
        return row[0] if row else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", type=int, default=50)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--port", type=int, default=8766)
    ap.add_argument("--web-workers", type=int, default=2)
    ap.add_argument("--web-threads", type=int, default=32)
    args = ap.parse_args()

    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_soak")
    broker = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/12")
    if not url.startswith(("postgres://", "postgresql://")) or not broker.startswith("redis"):
        print(
            "bench/soak.py needs DATABASE_URL=postgres://... and CELERY_BROKER_URL=redis://...",
            file=sys.stderr,
        )
        return 2
    ensure_database(url)
    var = Path("/tmp/brabo-soak-var")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("BRABO_", "CELERY_", "DATABASE_URL"))},
        "DJANGO_SETTINGS_MODULE": "brabo.settings",
        "DATABASE_URL": url + ("&" if "?" in url else "?") + f"application_name={TAG}",
        "CELERY_BROKER_URL": broker,
        "BRABO_CELERY_QUEUE": f"brabo-soak-{uuid.uuid4().hex[:6]}",
        "BRABO_VAR_DIR": str(var),
        "PROJECT_WORKSPACES_ROOT": str(var / "workspaces"),
        "BRABO_DEBUG": "false",
        "BRABO_SECRET_KEY": "soak-secret-" + "x" * 40,
        "BRABO_ENCRYPTION_KEYS": ENCRYPTION_KEY,
        "BRABO_LOG_LEVEL": "WARNING",
        "BRABO_WEB_ACCESS_LOG": "false",
        "BRABO_WEB_WORKERS": str(args.web_workers),
        "BRABO_WEB_THREADS": str(args.web_threads),
        "SOAK_AGENTS": str(args.agents),
    }
    (var / "workspaces").mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    seeded = subprocess.run([sys.executable, "-c", SEED], cwd=ROOT, env=env, capture_output=True, text=True)
    if seeded.returncode:
        sys.exit(f"could not seed the soak workspace:\n{seeded.stderr[-2000:]}")
    world = json.loads(seeded.stdout.strip().splitlines()[-1])

    import httpx

    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--addr", f"127.0.0.1:{args.port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{args.port}"
    latencies: dict[str, list[float]] = collections.defaultdict(list)
    errors: collections.Counter = collections.Counter()
    settled: collections.Counter = collections.Counter()
    lock = threading.Lock()
    stop = threading.Event()

    def timed(client, kind, method, path, **kw):
        t = time.perf_counter()
        try:
            r = client.request(method, path, **kw)
            code = r.status_code
        except httpx.HTTPError as exc:
            r, code = None, type(exc).__name__
        with lock:
            latencies[kind].append(time.perf_counter() - t)
            if not (isinstance(code, int) and code < 400):
                errors[f"{kind} {code}"] += 1
        return r if isinstance(code, int) and code < 400 else None

    def agent(key: str, seed: int):
        rng = random.Random(seed)
        with httpx.Client(base_url=base, timeout=60, headers={"Authorization": f"Bearer {key}"}) as c:
            while not stop.is_set():
                kind = "propose_execution_plan" if rng.random() < 0.5 else "assess_implementability"
                r = timed(
                    c,
                    "propose",
                    "POST",
                    "/api/actions/",
                    json={"action_type": kind, "payload": {"n": rng.random()}},
                    headers={"Idempotency-Key": uuid.uuid4().hex},
                )
                if r is None:
                    stop.wait(0.5)
                    continue
                w = timed(c, "wait", "GET", f"/api/actions/{r.json()['id']}/wait/?timeout=10")
                if w is not None:
                    with lock:
                        settled[w.json()["status"]] += 1

    def approver():
        with httpx.Client(
            base_url=base, timeout=60, headers={"Authorization": f"Token {world['token']}"}
        ) as c:
            while not stop.is_set():
                q = timed(
                    c,
                    "console queue",
                    "GET",
                    f"/api/actions/?project={world['project']}&status=pending&limit=50",
                )
                for row in q.json()["results"] if q is not None else []:
                    timed(c, "approve", "POST", f"/api/actions/{row['id']}/approve/")
                stop.wait(0.2)

    def console():
        pid = world["project"]
        with httpx.Client(
            base_url=base, timeout=60, headers={"Authorization": f"Token {world['token']}"}
        ) as c:
            while not stop.is_set():
                timed(c, "console poll", "GET", f"/api/actions/?project={pid}&limit=20")
                timed(c, "console poll", "GET", f"/api/projects/{pid}/events/?limit=50")
                timed(c, "console poll", "GET", f"/api/projects/{pid}/approval-stats/")
                stop.wait(0.5)

    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        time.sleep(2)
        idle_before = _connections(url), _rss_mb(server.pid)
        load_before = os.getloadavg()[0]
        threads = [threading.Thread(target=agent, args=(k, i)) for i, k in enumerate(world["keys"])]
        threads += [threading.Thread(target=approver) for _ in range(2)]
        threads += [threading.Thread(target=console) for _ in range(2)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        samples = []
        while time.perf_counter() - started < args.seconds:
            time.sleep(5)
            samples.append((time.perf_counter() - started, _connections(url), _rss_mb(server.pid)))
        stop.set()
        for t in threads:
            t.join(timeout=90)
        wall = time.perf_counter() - started
        load_during = os.getloadavg()[0]
        # idle: each process's pool closes one connection per max_idle (10 s) down to its minimum (1)
        processes = len(_tree(server.pid)) - 1  # the serve command itself holds none
        idle_series = []
        for _ in range(30):
            time.sleep(5)
            idle_series.append(_connections(url))
            if idle_series[-1] <= processes:
                break
        idle_after = idle_series[-1], _rss_mb(server.pid)
    finally:
        stop.set()
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
        try:
            import redis

            redis.Redis.from_url(broker).flushdb()
        except Exception as exc:
            print(f"(could not purge the soak broker db: {exc})")

    total = sum(len(v) for v in latencies.values())
    print(
        f"soak: {args.agents} agents + 2 approvers + 2 consoles, {wall:.0f} s, gunicorn {args.web_workers} x "
        f"{args.web_threads} threads + Celery worker (2 processes, beat), PostgreSQL + Redis"
    )
    print(
        f"throughput: {total / wall:.1f} requests/s, {len(latencies['propose']) / wall:.1f} proposals/s; settled: {dict(settled)}"
    )
    print(f"{'call':<16}{'n':>7}{'p50 ms':>10}{'p99 ms':>10}")
    for kind, values in sorted(latencies.items()):
        print(
            f"{kind:<16}{len(values):>7}{percentile(values, 0.5) * 1e3:>10.1f}{percentile(values, 0.99) * 1e3:>10.1f}"
        )
    print(f"errors: {sum(errors.values())} {dict(errors) if errors else ''}")
    print(
        f"machine load average (1 min, {os.cpu_count()} cores): {load_before:.1f} before, {load_during:.1f} at the end"
    )
    print(
        f"PostgreSQL connections of the stack (web + worker): idle before {idle_before[0]}, during {[c for _, c, _ in samples]}, then idle every 5 s {idle_series} ({len(idle_series) * 5} s; {processes} processes)"
    )
    print(
        f"RSS of the stack, MB: idle before {idle_before[1]:.0f}, during {[round(r) for _, _, r in samples]}, idle after {idle_after[1]:.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
