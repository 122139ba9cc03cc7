"""Benchmark: one auto-approved coding-agent tool call through Brabo's hooks (R12.6).

Round trip of a Claude Code ``Bash`` tool call that Brabo's policy auto-approves (``git status`` against a
200-pattern permissions.json), sequential, one at a time as an agent makes them, through:

* a bare authenticated GET, ``GET /api/actions/{id}/`` with the agent's key — the unit the goals are in:
  what any authenticated call to this server costs in this run, on this machine, under its load,
* the bare API call, ``POST /api/actions/`` (the same proposal without a hook),
* Claude Code's HTTP hook, ``POST /api/hooks/claude-code/`` (goal: p50 <= 2x the bare GET's),
* the command hook as ``brabo hook install`` writes it — the fast form, ``python -I -S
  brabo_client/fast_hook.py claude-code``, a new process per call, interpreter start included (goal: p50 <=
  3x the bare GET's),
* the same hook started as ``brabo hook claude-code`` through pip's console-script code (``site`` and all),
  for comparison — beside ``python -I -S -c pass`` and ``python -c pass``, what the interpreter alone costs.

Ratios, not milliseconds: the machine is shared, and a ratio to a call measured in the same run, against
the same server, cancels most of what the load does to both.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brabo_bench CELERY_BROKER_URL=redis://127.0.0.1:6379/13 \
        .venv/bin/python bench/hooks.py [--calls 300] [--processes 100] [--port 8541]

Server: gunicorn (2 sync workers) on the checkout, PostgreSQL, the Redis broker; the gates the hooks
propose are sent to their own queue (``brabo-bench-hooks``), which nothing consumes and which is deleted
at the end — so the figure is the decision path, as an agent waits on it.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api import (
    CAPS_FOR_BENCH,
    ENCRYPTION_KEY,
    _children,
    _cpu_seconds,
    ensure_database,
    percentile,
    setup_world,
)  # noqa: I001

from brabo_client import _wire, hook

QUEUE = "brabo-bench-hooks"
AGENT_ROOT = "/home/bench/app"
HOOK_INPUT = {
    "session_id": "bench",
    "transcript_path": "/home/bench/.claude/t.jsonl",
    "cwd": AGENT_ROOT,
    "permission_mode": "default",
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "git status", "description": "status"},
    "tool_use_id": "toolu_bench",
}


# A Read of a project file (actions/agent_hooks.py READERS): judged as `cat src/app.py`, let through with
# nothing recorded -- the call an agent makes most, since the reading tools reach the hook.
READ_INPUT = {**HOOK_INPUT, "tool_name": "Read", "tool_input": {"file_path": f"{AGENT_ROOT}/src/app.py"}}


def timed(fn, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1e3)
    return out


def _server_pids(server_pid: int, dbname: str) -> list[int]:
    """The gunicorn workers and the PostgreSQL backends serving this bench's database (the machine's
    PostgreSQL is shared: other databases' backends are not this benchmark's cost)."""
    pids = _children(server_pid)
    needle = f" {dbname} ".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if cmd.startswith(b"postgres: ") and needle in cmd:
                pids.append(int(entry.name))
    return pids


def _cpu_by_pid(pids: list[int]) -> dict[int, float]:
    return {pid: _cpu_seconds([pid]) for pid in pids}


def measured(fn, n: int, server_pid: int, dbname: str) -> tuple[list[float], float, float]:
    """Latencies (ms), and the CPU one call costs (ms): on the server side (gunicorn workers + this
    database's PostgreSQL backends, from /proc) and in the client's child processes (the command hook's
    own process). CPU time is what a loaded machine does not inflate the way it inflates latency."""
    import resource

    before = _cpu_by_pid(_server_pids(server_pid, dbname))
    kids0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    values = timed(fn, n)
    after = _cpu_by_pid(_server_pids(server_pid, dbname))
    kids1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    server = sum(max(0.0, cpu - before.get(pid, 0.0)) for pid, cpu in after.items())
    client = (kids1.ru_utime + kids1.ru_stime) - (kids0.ru_utime + kids0.ru_stime)
    return values, server / n * 1e3, client / n * 1e3


def wait_until_serving(ports) -> None:
    """Until each server answers (a loaded machine starts gunicorn slowly)."""
    for port in ports:
        for _ in range(300):
            try:
                _wire.request("http", "127.0.0.1", port, "GET", "/healthz", None, {}, 5)
                break
            except OSError:
                time.sleep(0.2)


def start_servers(args, env: dict) -> tuple[list[subprocess.Popen], Path | None]:
    """gunicorn on this checkout, and with ``--baseline-server`` on the other one (next port, same database)."""

    def serve(checkout: Path, port: int) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "brabo.wsgi", "-b", f"127.0.0.1:{port}",
             "-w", str(args.workers), "--log-level", "warning"],
            cwd=checkout,
            env=env,
        )  # fmt: skip

    servers = [serve(ROOT, args.port)]
    other = Path(args.baseline_server).resolve() if args.baseline_server else None
    if other:  # one after the other: two Django processes booting at once on a loaded machine time out
        wait_until_serving([args.port])
        servers.append(serve(other, args.port + 1))
    return servers, other


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=300, help="HTTP calls per measurement")
    ap.add_argument("--processes", type=int, default=100, help="command-hook processes")
    ap.add_argument("--port", type=int, default=8541)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--baseline-client",
        metavar="DIR",
        help="also time `brabo hook` from another checkout's brabo_client (e.g. one extracted with `git "
        "archive REV brabo_client | tar -x -C DIR`), in the same rounds",
    )
    ap.add_argument(
        "--baseline-server",
        metavar="DIR",
        help="also serve another checkout of Brabo (e.g. `git worktree add --detach DIR main`) on the next "
        "port, same database, and take its bare GET, its HTTP hook and its own command hook (its fast form) "
        "in the same rounds: each checkout's ratios to its own GET, side by side",
    )
    args = ap.parse_args()

    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_bench")
    if not url.startswith(("postgres://", "postgresql://")):
        print("bench/hooks.py measures PostgreSQL: set DATABASE_URL=postgres://...", file=sys.stderr)
        return 2
    broker = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/13")
    ensure_database(url)
    dbname = url.rsplit("/", 1)[1].split("?")[0]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "brabo.settings",
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": broker,
        "BRABO_CELERY_QUEUE": QUEUE,
        "BRABO_VAR_DIR": "/tmp/brabo-bench-hooks-var",
        "BRABO_DEBUG": "false",
        "BRABO_SECRET_KEY": "bench-secret-" + "x" * 40,
        "BRABO_ENCRYPTION_KEYS": ENCRYPTION_KEY,
        "BRABO_LOG_LEVEL": "WARNING",
        **CAPS_FOR_BENCH,  # the proposal caps stay on, far above one agent's sequential calls
    }
    key, _ = setup_world(env, ROOT)
    load_before = f"{os.getloadavg()[0]:.1f}"

    servers, other = start_servers(args, env)
    server = servers[0]
    base = f"http://127.0.0.1:{args.port}"
    auth = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    propose_body = json.dumps({"action_type": "terminal", "payload": {"command": "git status"}}).encode()
    hook_body = json.dumps(HOOK_INPUT).encode()
    read_body = json.dumps(READ_INPUT).encode()
    hook_headers = {**auth, "X-Brabo-Project-Root": AGENT_ROOT}

    def post(path: str, body: bytes, headers: dict) -> dict:
        status, raw = _wire.request("http", "127.0.0.1", args.port, "POST", path, body, headers, 30)
        if status >= 300:
            raise SystemExit(f"{path} answered {status}: {raw[:300]!r}")
        return json.loads(raw)

    def bare():
        assert post("/api/actions/", propose_body, auth)["status"] == "auto_approved"

    def bare_get(port: int = args.port):
        status, raw = _wire.request(
            "http", "127.0.0.1", port, "GET", f"/api/actions/{state['action']}/", None, auth, 30
        )
        if status != 200:
            raise SystemExit(f"GET /api/actions/ answered {status}: {raw[:300]!r}")

    def http_hook(port: int = args.port, body: bytes = hook_body):
        status, raw = _wire.request(
            "http",
            "127.0.0.1",
            port,
            "POST",
            "/api/hooks/claude-code/?timeout=5",
            body,
            hook_headers,
            30,
        )
        answer = json.loads(raw)
        assert status == 200 and answer["hookSpecificOutput"]["permissionDecision"] == "allow", answer

    http_read = partial(http_hook, body=read_body)

    state: dict = {}
    hook_env = {**os.environ, "BRABO_URL": base, "BRABO_AGENT_KEY": key, "BRABO_PROJECT_ROOT": AGENT_ROOT}
    # What `brabo hook install` writes into the agent's settings (run by the agent's shell, as here).
    fast_argv = shlex.split(hook.command("claude-code", ["--timeout", "5"]))
    # What pip's `brabo` console script runs: its own code (python -m would add runpy's imports).
    entry = "import re, sys; from brabo_client.cli import main; sys.exit(main())"
    console_argv = [sys.executable, "-c", entry, "hook", "claude-code", "--timeout", "5"]

    def run_hook(argv: list[str], env: dict = hook_env) -> None:
        out = subprocess.run(argv, input=hook_body, capture_output=True, env=env, cwd=ROOT, check=True)
        assert b'"allow"' in out.stdout, out

    other_env = {**hook_env, "BRABO_URL": f"http://127.0.0.1:{args.port + 1}"}
    other_argv = (
        [
            sys.executable,
            "-I",
            "-S",
            str(other / "brabo_client" / "fast_hook.py"),
            "claude-code",
            "--timeout",
            "5",
        ]
        if other
        else []
    )

    baseline_argv: list[str] = []
    if args.baseline_client:
        where = os.path.abspath(args.baseline_client)
        code = f"import re, sys; sys.path.insert(0, {where!r}); from brabo_client.cli import main; sys.exit(main())"
        baseline_argv = [sys.executable, "-c", code, "hook", "claude-code", "--timeout", "5"]

    def command_hook():
        run_hook(fast_argv)

    def baseline_hook():
        run_hook(baseline_argv)

    def console_hook():
        run_hook(console_argv)

    def interpreter_isolated():
        subprocess.run([sys.executable, "-I", "-S", "-c", "pass"], check=True)

    def interpreter():
        subprocess.run([sys.executable, "-c", "pass"], check=True)

    try:
        wait_until_serving(range(args.port, args.port + len(servers)))
        state["action"] = post("/api/actions/", propose_body, auth)["id"]
        timed(bare, 30)  # warm-up: imports, connections, prepared statements in every worker
        timed(bare_get, 30)
        timed(http_hook, 30)
        timed(http_read, 30)
        timed(command_hook, 5)
        if other:
            timed(lambda: bare_get(args.port + 1), 30)
            timed(lambda: http_hook(args.port + 1), 30)
            timed(lambda: run_hook(other_argv, other_env), 5)
        results = {
            "bare authenticated GET": measured(bare_get, args.calls, server.pid, dbname),
            "bare API call (POST /api/actions/)": measured(bare, args.calls, server.pid, dbname),
            "Claude Code HTTP hook": measured(http_hook, args.calls, server.pid, dbname),
            "HTTP hook, a Read (nothing recorded)": measured(http_read, args.calls, server.pid, dbname),
            "command hook, fast form (installed)": measured(command_hook, args.processes, server.pid, dbname),
            "command hook, brabo console script": measured(console_hook, args.processes, server.pid, dbname),
            **(
                {"command hook, baseline client": measured(baseline_hook, args.processes, server.pid, dbname)}
                if baseline_argv
                else {}
            ),
            "python -I -S -c pass": measured(interpreter_isolated, args.processes, server.pid, dbname),
            "python -c pass (interpreter alone)": measured(interpreter, args.processes, server.pid, dbname),
        }
        # The ratios: the calls taken in turn, round after round, so a load that comes and goes on a
        # shared machine falls on all of them alike (the blocks above measure each one's CPU).
        paired: dict[str, list[float]] = {"get": [], "http": [], "command": [], "console": [], "baseline": []}
        paired["read"] = []
        rounds = [
            ("get", bare_get),
            ("http", http_hook),
            ("read", http_read),
            ("command", command_hook),
            ("console", console_hook),
        ]
        if baseline_argv:
            rounds.append(("baseline", baseline_hook))
        if other:
            paired.update({"other get": [], "other http": [], "other command": []})
            rounds += [
                ("other get", lambda: bare_get(args.port + 1)),
                ("other http", lambda: http_hook(args.port + 1)),
                ("other command", lambda: run_hook(other_argv, other_env)),
            ]
        for _ in range(args.processes):
            for key, fn in rounds:
                paired[key] += timed(fn, 1)
    finally:
        for each in servers:
            each.terminate()
            each.wait(timeout=20)
        try:
            import redis

            redis.Redis.from_url(broker).delete(QUEUE)  # only this bench's queue, never the whole db
        except Exception as exc:
            print(f"(could not delete the bench queue {QUEUE}: {exc})")

    return report(results, paired, workers=args.workers, load_before=load_before, other=other)


def report(results: dict, paired: dict, *, workers: int, load_before: str, other: Path | None) -> int:
    """Print the measured blocks and the ratios taken in turn; 0 (the goals are read, not enforced)."""
    print(
        f"one auto-approved Bash tool call ('git status', 200-pattern permissions.json); gunicorn "
        f"{workers} sync workers, PostgreSQL, Redis broker; sequential calls"
    )
    print(f"load average before/after: {load_before} / {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"{'':40} {'n':>5} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8} {'server CPU ms':>14} {'client CPU ms':>14}"
    )
    for name, (values, server_cpu, client_cpu) in results.items():
        print(
            f"{name:40} {len(values):5d} {percentile(values, 0.5):8.2f} {percentile(values, 0.99):8.2f} "
            f"{statistics.mean(values):8.2f} {server_cpu:14.2f} {client_cpu:14.2f}"
        )
    get = paired["get"]
    print(
        f"taken in turn, {len(get)} rounds: bare GET p50 {percentile(get, 0.5):.2f} ms, "
        f"p99 {percentile(get, 0.99):.2f} ms"
    )
    ratios = {}
    for key, label, goal in (
        ("http", "HTTP hook", 2.0),
        ("read", "HTTP hook, a Read", None),
        ("command", "command hook (fast form)", 3.0),
        ("console", "command hook (console script)", None),
        ("baseline", "command hook (baseline client)", None),
    ):
        values = paired[key]
        if not values:
            continue
        p50 = percentile(values, 0.5) / percentile(get, 0.5)
        p99 = percentile(values, 0.99) / percentile(get, 0.99)
        if goal is not None:
            ratios[label] = (p50, p99, goal)
        wanted = f"(goal: p50 <= {goal:g}x)" if goal is not None else "(for comparison)"
        print(
            f"{label + ' / bare GET:':42} p50 {p50:.2f}x, p99 {p99:.2f}x   {wanted}   "
            f"p50 {percentile(values, 0.5):.2f} ms"
        )
    if other:
        theirs = paired["other get"]
        print(
            f"baseline server {other} (its own client), same rounds: bare GET p50 "
            f"{percentile(theirs, 0.5):.2f} ms, p99 {percentile(theirs, 0.99):.2f} ms"
        )
        for key, label in (("other http", "HTTP hook"), ("other command", "command hook (fast form)")):
            values = paired[key]
            print(
                f"{'  baseline ' + label + ' / its GET:':42} p50 "
                f"{percentile(values, 0.5) / percentile(theirs, 0.5):.2f}x, p99 "
                f"{percentile(values, 0.99) / percentile(theirs, 0.99):.2f}x   p50 {percentile(values, 0.5):.2f} ms"
            )
    met = all(p50 <= goal for p50, _, goal in ratios.values())
    print("goals met" if met else "goals NOT met on this run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
