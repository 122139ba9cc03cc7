"""Profile the proposal path in one process: ``POST /api/actions/`` through Django's WSGI handler, as
a gunicorn sync worker or a sync slot of the ASGI server runs it, against PostgreSQL and the Redis broker.

It sets up the same world as ``bench/api.py`` (a 200-pattern permissions.json, one agent), warms up, then runs
``--n`` proposals under ``cProfile`` timed by ``time.process_time`` (CPU, not wall time: a shared machine's
load does not move it much) and prints the functions by cumulative and by own CPU, plus the CPU per proposal
with and without the profiler's overhead. Only what runs in this process is counted: PostgreSQL's and Redis'
own CPU are not (``bench/api.py`` measures PostgreSQL's).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo_bench CELERY_BROKER_URL=redis://127.0.0.1:6379/13 \
      .venv/bin/python bench/profile_proposal.py [--n 2000] [--sort cumulative|tottime] [--limit 60]
    ... bench/profile_proposal.py --server asgi   # through brabo.asgi's application (the uvicorn path)
    ... bench/profile_proposal.py --waits 1000    # tracemalloc: what 1,000 held waits allocate, by line
    py-spy record -f raw -o stacks.txt -- .venv/bin/python bench/profile_proposal.py --plain --n 6000
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import api as bench_api  # noqa: E402
from _wsgi_driver import bench_env, proposer  # noqa: E402


def count_statements(call, bodies) -> int:
    """What one proposal sends to PostgreSQL (every statement psycopg executes, pool checks included) and to
    Redis (every command, the broker's included), averaged over ``bodies``."""
    from collections import Counter

    import psycopg
    import redis.connection

    seen: Counter[str] = Counter()
    execute, send = psycopg.Cursor.execute, redis.connection.AbstractConnection.send_command

    def logged_execute(self, query, *args, **kwargs):
        text = query if isinstance(query, str) else getattr(query, "as_string", lambda _c: str(query))(None)
        seen["sql  " + " ".join(str(text).split())[:150]] += 1
        return execute(self, query, *args, **kwargs)

    def logged_send(self, *args, **kwargs):
        seen["redis " + " ".join(str(a) for a in args[:2])[:150]] += 1
        return send(self, *args, **kwargs)

    psycopg.Cursor.execute = logged_execute  # type: ignore[method-assign]
    redis.connection.AbstractConnection.send_command = logged_send  # type: ignore[method-assign]
    try:
        for body in bodies:
            call(body)
    finally:
        psycopg.Cursor.execute = execute  # type: ignore[method-assign]
        redis.connection.AbstractConnection.send_command = send  # type: ignore[method-assign]
    for text, n in seen.most_common():
        print(f"{n / len(bodies):6.2f}  {text}")
    return 0


def _scope(method: str, path: str, query: bytes, key: str, body: bytes) -> dict:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "scheme": "http",
        "http_version": "1.1",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 50000),
        "headers": [
            (b"host", b"127.0.0.1:8000"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"authorization", f"Bearer {key}".encode()),
        ],
    }


def measure_waits(loop, application, key: str, n: int) -> int:
    """Hold ``n`` waits on one pending action in this process and print what they allocated (tracemalloc):
    the total per wait and the lines that allocated most. The connection's end (``http.disconnect``) never
    comes while they wait; they are answered by a denial at the end."""
    import gc
    import tracemalloc

    trace = False

    async def request(method: str, path: str, query: bytes = b"", body: bytes = b"", hang=None) -> list:
        sent: list = []
        first = True

        async def receive():
            nonlocal first
            if first:
                first = False
                return {"type": "http.request", "body": body, "more_body": False}
            await hang.wait() if hang is not None else asyncio.Future()
            return {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        await application(_scope(method, path, query, key, body), receive, send)
        return sent

    async def run() -> None:
        body = json.dumps({"action_type": "terminal", "payload": {"command": "make hold-memory"}}).encode()
        answer = await request("POST", "/api/actions/", body=body)
        created = json.loads(
            b"".join(m.get("body", b"") for m in answer if m["type"] == "http.response.body")
        )
        if created.get("status") != "pending":
            sys.exit(f"the held action is {created.get('status')}, not pending")
        path = f"/api/actions/{created['id']}/wait/"
        hang = asyncio.Event()
        for _ in range(20 if not trace else 0):  # warm-up: the wait path's imports and caches
            warm = asyncio.ensure_future(request("GET", path, b"timeout=0.01", hang=hang))
            await warm
        gc.collect()
        rss_before = _rss()
        if trace:
            tracemalloc.start(12)
            before = tracemalloc.take_snapshot()
        held = [asyncio.ensure_future(request("GET", path, b"timeout=300", hang=hang)) for _ in range(n)]
        from actions import waiting

        for _ in range(6000):  # until every wait is registered with the hub (each first runs the DRF view)
            await asyncio.sleep(0.01)
            if waiting.hub().count() >= n:
                break
        await asyncio.sleep(0.2)
        gc.collect()
        rss = _rss() - rss_before
        print(f"{n} waits held: RSS +{rss / 1024:.0f} KiB, {rss / n / 1024:.1f} KiB per wait", end="")
        if not trace:
            print(" (without tracemalloc)")
        else:
            after = tracemalloc.take_snapshot()
            print(
                f" (with tracemalloc's own {tracemalloc.get_tracemalloc_memory() / n / 1024:.1f} KiB per wait)"
            )
            tracemalloc.stop()
            _report(before, after, n)
        for task in held:
            task.cancel()
        await asyncio.gather(*held, return_exceptions=True)

    start = _rss()
    loop.run_until_complete(run())
    print(f"  released: RSS now +{(_rss() - start) / 1024:.0f} KiB over the start; the same again:")
    loop.run_until_complete(run())  # a second batch reuses what the first left (a high-water mark, not state)
    trace = True
    loop.run_until_complete(run())
    return 0


def _rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _report(before, after, n: int) -> None:
    grown = after.compare_to(before, "traceback")
    total = sum(stat.size_diff for stat in grown)
    print(f"  Python objects alive: {total / 1024:.0f} KiB, {total / n / 1024:.1f} KiB per wait; by line:")
    by_line = after.compare_to(before, "lineno")
    for stat in by_line[:25]:
        if stat.size_diff <= 0:
            break
        frame = stat.traceback[0]
        print(
            f"{stat.size_diff / n:9.0f} B/wait  {stat.count_diff / n:6.1f} obj/wait  {frame.filename}:{frame.lineno}"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--sort", default="cumulative")
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--server", choices=("wsgi", "asgi"), default="wsgi")
    ap.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="profile this checkout of Brabo (e.g. bench/api.py's baseline)",
    )
    ap.add_argument("--dump", type=Path, help="also write the raw profile here (for snakeviz, gprof2dot)")
    ap.add_argument(
        "--plain",
        action="store_true",
        help="no cProfile pass (e.g. under a sampling profiler such as py-spy)",
    )
    ap.add_argument(
        "--statements",
        action="store_true",
        help="instead of profiling: print each statement sent to PostgreSQL and each Redis command, per proposal",
    )
    ap.add_argument(
        "--waits",
        type=int,
        default=0,
        help="instead of profiling: hold this many GET /api/actions/{id}/wait/ through brabo.asgi and print "
        "what they allocate (tracemalloc), per wait and by line",
    )
    args = ap.parse_args()
    if args.waits:
        args.server = "asgi"

    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        print("profile_proposal.py measures PostgreSQL: set DATABASE_URL=postgres://...", file=sys.stderr)
        return 2
    bench_api.ensure_database(url)
    env = bench_env()
    key, _root = bench_api.setup_world(env, args.checkout)
    os.environ.update(env)
    sys.path[:] = [str(args.checkout)] + [entry for entry in sys.path if entry != str(ROOT)]
    os.chdir(args.checkout)

    call: Callable[[bytes], int]
    if args.server == "asgi":
        from brabo import asgi

        loop = asyncio.new_event_loop()
        if args.waits:
            return measure_waits(loop, asgi.application, key, args.waits)

        def call(body: bytes) -> int:
            status = []

            async def receive():
                return {"type": "http.request", "body": body, "more_body": False}

            async def send(message):
                if message["type"] == "http.response.start":
                    status.append(message["status"])

            scope = {
                "type": "http",
                "method": "POST",
                "path": "/api/actions/",
                "raw_path": b"/api/actions/",
                "query_string": b"",
                "root_path": "",
                "scheme": "http",
                "http_version": "1.1",
                "server": ("127.0.0.1", 8000),
                "client": ("127.0.0.1", 50000),
                "headers": [
                    (b"host", b"127.0.0.1:8000"),
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"authorization", f"Bearer {key}".encode()),
                ],
            }
            loop.run_until_complete(asgi.application(scope, receive, send))
            return status[0]

    else:
        from brabo import wsgi

        call = proposer(wsgi.application, key)

    rng = random.Random(7)
    bodies = [
        json.dumps(
            {"action_type": "terminal", "payload": {"command": rng.choice(bench_api.COMMANDS)}}
        ).encode()
        for _ in range(args.n)
    ]
    for body in bodies[:300]:  # warm-up: imports, prepared statements, caches
        code = call(body)
        if code != 201:
            sys.exit(f"the proposal answered {code}")

    if args.statements:
        return count_statements(call, bodies[:100])

    t = time.process_time()
    for body in bodies:
        call(body)
    plain = (time.process_time() - t) / args.n * 1e3

    if args.plain:
        print(f"{args.server}: {args.n} proposals; CPU per proposal in this process {plain:.3f} ms")
        return 0
    profile = cProfile.Profile(time.process_time)
    t = time.process_time()
    profile.enable()
    for body in bodies:
        call(body)
    profile.disable()
    profiled = (time.process_time() - t) / args.n * 1e3
    if args.dump:
        profile.dump_stats(str(args.dump))
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats(args.sort).print_stats(args.limit)
    print(out.getvalue())
    print(
        f"{args.server}: {args.n} proposals; CPU per proposal in this process {plain:.3f} ms "
        f"({profiled:.3f} ms under the profiler)"
    )
    import redis

    redis.Redis.from_url(env["CELERY_BROKER_URL"]).flushdb()
    return 0


if __name__ == "__main__":
    sys.exit(main())
