"""Benchmark: the command hook's own process, against what the interpreter alone costs (R12.6).

``bench/hooks.py`` measures the hook against a real Brabo, where the server's time and the machine's load move
every figure. This one takes the server away: a stand-in on loopback (a thread of this process) answers each
hook at once with an ``allow``, so what is left is the process an agent starts per tool call — interpreter
start, the hook's imports, reading and resolving the input, the request, the answer. Rounds alternate:

* ``python -I -S -c pass`` — the floor: the interpreter, as the fast form starts it, doing nothing,
* this checkout's fast form (``python -I -S brabo_client/fast_hook.py claude-code``, as installed),
* with ``--against DIR``, another checkout's fast form (e.g. a ``git worktree`` of main), same rounds.

Wall time (p50, mean) and CPU time (user + system, from ``getrusage``) per process; with ``--callgrind``
also the instructions each executes (``valgrind --tool=callgrind``, one run each: the count does not move
with the machine's load, so it compares two checkouts on a shared machine).

    .venv/bin/python bench/hook_process.py [--rounds 200] [--against /tmp/main] [--callgrind]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANSWER = json.dumps(
    {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}
).encode()
HOOK_INPUT = json.dumps(
    {
        "session_id": "bench",
        "transcript_path": "/home/bench/.claude/t.jsonl",
        "cwd": "/home/bench/app",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "git status", "description": "status"},
        "tool_use_id": "toolu_bench",
    }
).encode()


def stand_in() -> int:
    """A loopback server that reads one request (headers and Content-Length) and answers ``ANSWER``."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    response = (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(ANSWER), ANSWER)
    )

    def serve() -> None:
        while True:
            conn, _ = server.accept()
            with conn:
                data = b""
                while b"\r\n\r\n" not in data and (chunk := conn.recv(65536)):
                    data += chunk
                head, _, body = data.partition(b"\r\n\r\n")
                length = next(
                    (
                        int(line.split(b":")[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length:")
                    ),
                    0,
                )
                while len(body) < length and (chunk := conn.recv(65536)):
                    body += chunk
                conn.sendall(response)

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def callgrind(argv: list[str], env: dict) -> int | None:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        input=HOOK_INPUT,
        capture_output=True,
        env=env,
    )
    for line in out.stderr.decode().splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1].strip())
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument(
        "--against", metavar="DIR", help="another checkout whose fast form runs in the same rounds"
    )
    ap.add_argument("--callgrind", action="store_true", help="also count instructions (valgrind)")
    args = ap.parse_args()

    port = stand_in()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "BRABO_URL": f"http://127.0.0.1:{port}"}
    env |= {"BRABO_AGENT_KEY": "brabo_agent_bench", "BRABO_PROJECT_ROOT": "/home/bench/app"}
    fast = ["-I", "-S"]
    variants = {"python -I -S -c pass": [sys.executable, *fast, "-c", "pass"]}
    hook_args = ["claude-code", "--timeout", "5"]
    variants["fast form, this checkout"] = [
        sys.executable,
        *fast,
        str(ROOT / "brabo_client/fast_hook.py"),
        *hook_args,
    ]
    if args.against:
        other = Path(args.against).resolve() / "brabo_client" / "fast_hook.py"
        variants[f"fast form, {args.against}"] = [sys.executable, *fast, str(other), *hook_args]

    def run(argv: list[str]) -> None:
        out = subprocess.run(argv, input=HOOK_INPUT, capture_output=True, env=env)
        if argv[-1] != "pass" and b'"allow"' not in out.stdout:
            raise SystemExit(f"{argv}: {out.stdout[:300]!r} {out.stderr[:300]!r}")

    for argv in variants.values():  # warm-up: bytecode caches, page cache
        run(argv)
    wall: dict[str, list[float]] = {name: [] for name in variants}
    cpu: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.rounds):
        for name, argv in variants.items():
            c0, t0 = children_cpu(), time.perf_counter()
            run(argv)
            wall[name].append((time.perf_counter() - t0) * 1e3)
            cpu[name].append((children_cpu() - c0) * 1e3)

    counts = {}
    if args.callgrind and shutil.which("valgrind"):
        counts = {name: callgrind(argv, env) for name, argv in variants.items()}
    print(f"{args.rounds} rounds, a stand-in server answering at once; load average {os.getloadavg()[0]:.1f}")
    print(f"{'':40} {'wall p50':>9} {'wall mean':>10} {'CPU mean':>9} {'instructions':>13}")
    for name in variants:
        count = counts.get(name)
        print(
            f"{name:40} {statistics.median(wall[name]):7.2f}ms {statistics.mean(wall[name]):8.2f}ms "
            f"{statistics.mean(cpu[name]):7.2f}ms {f'{count / 1e6:.2f}M' if count else '':>13}"
        )
    base = statistics.median(wall["python -I -S -c pass"])
    for name in list(variants)[1:]:
        print(f"{name}: +{statistics.median(wall[name]) - base:.2f} ms wall p50 over the bare interpreter")
    return 0


if __name__ == "__main__":
    sys.exit(main())
