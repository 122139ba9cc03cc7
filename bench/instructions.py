"""Count the CPU instructions one proposal costs in the serving process, under valgrind's callgrind.

Wall-clock and CPU-time figures move by +-15 % with the load of a shared machine; an instruction count does
not (it repeats to a few in ten thousand), so a change of 1 % is seen in one run. ``POST /api/actions/``
goes through Django's WSGI handler in this process, as a gunicorn sync worker runs it (the same settings as
``bench/api.py``'s servers: production settings, the caps on and far above the load, PostgreSQL, Redis),
for ``--n`` proposals of the bench corpus after a warm-up; only those proposals are counted (callgrind
collects inside ``itertools.starmap``'s step, which drives them and nothing else). PostgreSQL's and Redis'
own instructions are not counted, nor gunicorn's HTTP parsing (the same library on every checkout).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo_bench CELERY_BROKER_URL=redis://127.0.0.1:6379/13 \
      .venv/bin/python bench/instructions.py [--n 200] [--checkout PATH] [--functions 40]

It prints the instructions per proposal and, with ``--functions``, the C functions by inclusive cost per
proposal (callgrind sees the interpreter's C functions, not Python's: use it to compare checkouts and to
measure a change, cProfile's call counts to say where in Python).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import api as bench_api  # noqa: E402
from _wsgi_driver import bench_env, proposer  # noqa: E402

MARK = "starmap_next"  # the only C function counted (with what it calls): the loop below


def inner(checkout: Path, key: str, n: int, warm: int) -> int:
    """Runs under valgrind: warm up, then ``n`` proposals inside ``itertools.starmap``."""
    sys.path[:] = [str(checkout)] + [entry for entry in sys.path if entry != str(ROOT)]
    os.chdir(checkout)
    from brabo import wsgi

    call = proposer(wsgi.application, key)

    rng = random.Random(7)
    bodies = [
        json.dumps(
            {"action_type": "terminal", "payload": {"command": rng.choice(bench_api.COMMANDS)}}
        ).encode()
        for _ in range(warm + n)
    ]
    codes = [call(body) for body in bodies[:warm]]  # imports, prepared statements, caches
    if set(codes) - {201}:
        sys.exit(f"the warm-up answered {sorted(set(codes))}, not only 201")
    before = resource.getrusage(resource.RUSAGE_SELF)
    codes = list(itertools.starmap(call, ((body,) for body in bodies[warm:])))
    if set(codes) - {201}:
        sys.exit(f"proposals answered {sorted(set(codes))}, not only 201")
    after = resource.getrusage(resource.RUSAGE_SELF)
    if n:  # CPU time: what the proposals cost without a counter (meaningful only when run plainly)
        user, system = (
            (after.ru_utime - before.ru_utime) / n * 1e3,
            (after.ru_stime - before.ru_stime) / n * 1e3,
        )
        print(f"user {user:.3f} ms + system {system:.3f} ms per proposal", file=sys.stderr)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--warm", type=int, default=300)
    ap.add_argument("--checkout", type=Path, default=ROOT)
    ap.add_argument(
        "--functions", type=int, default=0, help="also print this many C functions by inclusive cost"
    )
    ap.add_argument(
        "--keep", type=Path, help="keep callgrind's output here (for callgrind_annotate, kcachegrind)"
    )
    ap.add_argument(
        "--syscalls",
        action="store_true",
        help="instead: count the system calls per proposal (strace -c, a run of --n beside a run of none)",
    )
    ap.add_argument(
        "--gunicorn",
        action="store_true",
        help="count in a gunicorn sync worker (one) under callgrind, requests sent over HTTP one at a time, "
        "as bench/api.py serves it: the server's own request handling counted too",
    )
    ap.add_argument(
        "--uvicorn",
        action="store_true",
        help="count in one uvicorn worker (python -m brabo.web) under callgrind, proposals sent over one "
        "keep-alive connection as wrk does: the whole process between two dumps (loop, parser, ASGI bridge, slot)",
    )
    ap.add_argument("--port", type=int, default=8795)
    ap.add_argument("--inner", nargs=2, metavar=("KEY", "CHECKOUT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        return inner(Path(args.inner[1]), args.inner[0], args.n, args.warm)

    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        print("instructions.py measures the served path: set DATABASE_URL=postgres://...", file=sys.stderr)
        return 2
    bench_api.ensure_database(url)
    env = bench_env()
    checkout = args.checkout.resolve()
    key, _root = bench_api.setup_world(env, checkout)
    if args.syscalls:
        _syscalls(env, key, checkout, args)
        return 0
    if args.uvicorn:
        total = _uvicorn(env, key, checkout, args)
        print(
            f"{checkout}: {total / args.n / 1e6:.3f} M instructions per proposal in a uvicorn worker ({args.n})"
        )
        return 0
    if args.gunicorn:
        total = _gunicorn(env, key, checkout, args)
        print(
            f"{checkout}: {total / args.n / 1e6:.3f} M instructions per proposal in a gunicorn worker ({args.n})"
        )
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(args.keep or Path(tmp) / "callgrind.out")
        argv = [
            "valgrind",
            "--tool=callgrind",
            f"--toggle-collect={MARK}",
            f"--callgrind-out-file={out}",
            sys.executable,
            str(Path(__file__).resolve()),
            "--n",
            str(args.n),
            "--warm",
            str(args.warm),
            "--inner",
            key,
            str(checkout),
        ]
        run = subprocess.run(argv, env=env, capture_output=True, text=True)
        if run.returncode:
            sys.exit(f"the counted run failed:\n{run.stderr[-3000:]}")
        total = _total(out)
        print(f"{checkout}: {total / args.n / 1e6:.3f} M instructions per proposal ({args.n} proposals)")
        if args.functions:
            _functions(out, args.n, args.functions)
    import redis

    redis.Redis.from_url(env["CELERY_BROKER_URL"]).flushdb()
    return 0


def _syscalls(env: dict, key: str, checkout: Path, args) -> None:
    """strace's count of each system call over the warm-up alone and over the warm-up and ``--n``
    proposals: the difference, per proposal, is what the proposals made (user CPU is not all: the kernel's
    work for them is counted in the served process's CPU too)."""
    counts = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (0, args.n):
            out = Path(tmp) / f"strace-{n}"
            argv = ["strace", "-f", "-c", "-o", str(out), sys.executable, str(Path(__file__).resolve())]
            argv += ["--n", str(n), "--warm", str(args.warm), "--inner", key, str(checkout)]
            run = subprocess.run(argv, env=env, capture_output=True, text=True)
            if run.returncode:
                sys.exit(f"the counted run failed:\n{run.stderr[-3000:]}")
            seen = {}
            for line in out.read_text().splitlines():
                parts = line.split()
                if len(parts) >= 5 and parts[0][0].isdigit() and parts[-1] != "total":
                    seen[parts[-1]] = int(parts[3])
            counts.append(seen)
    diff = {name: counts[1].get(name, 0) - counts[0].get(name, 0) for name in set(counts[0]) | set(counts[1])}
    total = sum(diff.values()) / args.n
    print(f"{checkout}: {total:.1f} system calls per proposal ({args.n} proposals)")
    for name, count in sorted(diff.items(), key=lambda item: -item[1]):
        if count / args.n >= 0.05:
            print(f"{count / args.n:8.2f}  {name}")


GUNICORN_CONF = """
import itertools, os

_warm, _seen = int(os.environ["INSTRUCTIONS_WARM"]), [0]


def post_worker_init(worker):
    handle = worker.handle

    def counted(*args):
        _seen[0] += 1
        if _seen[0] <= _warm:
            return handle(*args)
        for _ in itertools.starmap(handle, (args,)):  # callgrind collects inside starmap's step
            pass

    worker.handle = counted
"""


def _gunicorn(env: dict, key: str, checkout: Path, args) -> int:
    """One gunicorn sync worker under callgrind, sent proposals over HTTP one at a time: after ``--warm``
    of them, each connection's handling (the request read and parsed, the application, the answer written,
    the socket closed) is counted, for ``--n`` proposals; the worker then leaves (``max_requests``) and
    writes its counts."""
    import http.client
    import time

    tmp = Path(tempfile.mkdtemp(prefix="instructions-"))
    (tmp / "conf.py").write_text(GUNICORN_CONF)
    argv = ["valgrind", "--tool=callgrind", f"--toggle-collect={MARK}", f"--callgrind-out-file={tmp}/cg.%p"]
    argv += [sys.executable, "-m", "gunicorn", "brabo.wsgi", "-c", str(tmp / "conf.py"), "-b"]
    argv += [f"127.0.0.1:{args.port}", "-w", "1", "-k", "sync", "--log-level", "warning", "--timeout", "600"]
    argv += ["--max-requests", str(args.warm + args.n + 1)]
    server = subprocess.Popen(argv, cwd=checkout, env={**env, "INSTRUCTIONS_WARM": str(args.warm + 1)})
    rng = random.Random(7)

    def propose() -> None:
        body = json.dumps({"action_type": "terminal", "payload": {"command": rng.choice(bench_api.COMMANDS)}})
        conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=300)
        headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        conn.request("POST", "/api/actions/", body, headers)
        answer = conn.getresponse()
        answer.read()
        conn.close()
        if answer.status != 201:
            raise SystemExit(f"a proposal answered {answer.status}")

    try:
        for _ in range(600):  # the first proposal, once the worker listens (counted as warm-up)
            try:
                propose()
                break
            except OSError:
                time.sleep(1)
        worker = bench_api._children(server.pid)[0]
        for _ in range(args.warm + args.n):
            propose()
        out = tmp / f"cg.{worker}"
        for _ in range(300):  # written when the worker has left
            if out.exists() and bench_api._children(server.pid) != [worker]:
                time.sleep(2)
                break
            time.sleep(1)
        if args.keep:
            shutil.copy(out, args.keep)
        return _total(out)
    finally:
        server.terminate()
        server.wait(timeout=120)
        shutil.rmtree(tmp, ignore_errors=True)


def _uvicorn(env: dict, key: str, checkout: Path, args) -> int:
    """One uvicorn worker (``python -m brabo.web``, one process, no access log, as bench/api.py serves it)
    under callgrind, sent proposals over one keep-alive connection, one at a time: after ``--warm`` of them
    the counters are zeroed (``callgrind_control``), ``--n`` are sent and the counters dumped, so everything
    the process did in between is counted: the loop, the HTTP parser, the ASGI bridge, the slot's thread,
    and uvicorn's own tick (10 a second; a few thousand instructions each, slowed in time by valgrind)."""
    import http.client
    import time

    tmp = Path(tempfile.mkdtemp(prefix="instructions-"))
    argv = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={tmp}/cg",
        sys.executable,
        "-m",
        "brabo.web",
    ]
    served = {
        "BRABO_WEB_BIND": f"127.0.0.1:{args.port}",
        "BRABO_WEB_WORKERS": "1",
        "BRABO_WEB_ACCESS_LOG": "false",
    }
    server = subprocess.Popen(argv, cwd=checkout, env={**env, **served})
    rng = random.Random(7)
    conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=300)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    def propose() -> None:
        body = json.dumps({"action_type": "terminal", "payload": {"command": rng.choice(bench_api.COMMANDS)}})
        conn.request("POST", "/api/actions/", body, headers)
        answer = conn.getresponse()
        answer.read()
        if answer.status != 201:
            raise SystemExit(f"a proposal answered {answer.status}")

    def control(option: str) -> None:
        subprocess.run(["callgrind_control", option, str(server.pid)], check=True, capture_output=True)

    try:
        for _ in range(3600):  # the first proposal, once the worker listens (slow under valgrind)
            try:
                propose()
                break
            except OSError:
                conn.close()
                time.sleep(1)
        for _ in range(args.warm):
            propose()
        control("--zero")
        started = time.monotonic()
        for _ in range(args.n):
            propose()
        control("--dump")
        busy = time.monotonic() - started
        control("--zero")
        time.sleep(busy)
        control("--dump")
        idle = _total(tmp / "cg.2")
        print(f"idle for as long ({busy:.0f} s): {idle / args.n / 1e6:.3f} M per proposal's share")
        out = tmp / "cg.1"
        if args.keep:
            shutil.copy(out, args.keep)
        return _total(out)
    finally:
        conn.close()
        server.terminate()
        server.wait(timeout=120)
        shutil.rmtree(tmp, ignore_errors=True)


def _total(out: Path) -> int:
    for line in out.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"no totals in {out}")


def _functions(out: Path, n: int, limit: int) -> None:
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shown = 0
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].replace(",", "").isdigit() and ":" in line:
            count = int(parts[0].replace(",", ""))
            print(f"{count / n / 1e3:10.1f} k  {' '.join(parts[1:])[:150]}")
            shown += 1
            if shown >= limit:
                break


if __name__ == "__main__":
    sys.exit(main())
