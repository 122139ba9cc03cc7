"""Benchmark: `policy eval` answering 10,000 NDJSON requests in one process (SPEC R12.2).

    /work/main/.venv/bin/python bench/eval_stream.py [--requests N]

Runs permissions.cli.run_eval -- the code behind `manage.py policy eval` -- in a fresh subprocess fed
through a pipe, with the 200-pattern file given once as --permissions-style defaults (as a long stream
would), and reports wall time including interpreter start-up. A second run repeats the rule set on every
line. The target is under 2 s for 10,000 requests.

A third run (no stalls in long-running processes: no stalls) streams the adversarial corpora -- every list of commands in
permissions/tests and the hostile inputs of bench/decide.py -- followed by ordinary commands up to
--stall-requests (20,000), through the same run_eval, timing each line from when run_eval takes it to when
it takes the next (reading, deciding, answering). It prints the worst line of the ordinary part and of the
adversarial part (thread CPU time, which the other work on a shared machine does not inflate, and wall
time), p99.9, and the slowest run of the cyclic collector. Goal: every ordinary decision under 20 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from corpus import ROOT, make_corpus, make_permissions

RUNNER = """
import sys
from permissions.cli import parse_project, run_eval
from permissions.files import load_permissions
perms = load_permissions(sys.argv[1]) if sys.argv[1] != "-" else None
project = parse_project({"execution_mode": "container", "container_running": True, "root": sys.argv[2]})
run_eval(sys.stdin, sys.stdout, perms, project)
"""


def run(lines: list[str], perms_path: str) -> tuple[float, int, int]:
    data = "".join(line + "\n" for line in lines).encode()
    t = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, perms_path, ROOT],
        input=data,
        capture_output=True,
        cwd=REPO,
        check=True,
    )
    elapsed = time.perf_counter() - t
    out = proc.stdout.decode().splitlines()
    errors = sum(1 for line in out if '"error"' in line[:10])
    return elapsed, len(out), errors


STALL_RUNNER = """
import gc, importlib, json, pkgutil, sys, time
sys.path.insert(0, sys.argv[3])
from permissions.cli import parse_project, run_eval
from permissions.files import load_permissions
import permissions.tests as tests
from corpus import make_corpus
from decide import hostile_cases

adversarial = []
for m in pkgutil.iter_modules(tests.__path__):
    if m.name.startswith("test_"):
        mod = importlib.import_module("permissions.tests." + m.name)
        for v in vars(mod).values():
            if isinstance(v, (list, tuple)) and v and all(isinstance(x, str) for x in v):
                adversarial.extend(v)
adversarial.extend(hostile_cases().values())
ordinary, _ = make_corpus()
total = int(sys.argv[4])
commands = adversarial + [ordinary[k % len(ordinary)] for k in range(max(0, total - len(adversarial)))]
lines = [json.dumps({"action_type": "terminal", "role": "developer", "command": c}) + "\\n" for c in commands]
perms = load_permissions(sys.argv[1])
project = parse_project({"execution_mode": "container", "container_running": True, "root": sys.argv[2]})
cpu, wall = [], []
runs = []

def timed():
    tc, tw = time.thread_time, time.perf_counter
    for line in lines:
        c0, w0 = tc(), tw()
        yield line
        cpu.append(tc() - c0)
        wall.append(tw() - w0)

def on_gc(phase, info, t=[0.0]):
    if not cpu and phase == "start":
        t[0] = -1.0  # before the first line was answered (run_eval's set-up): not a stall
    elif phase == "start":
        t[0] = time.thread_time()
    elif t[0] >= 0:
        runs.append((time.thread_time() - t[0], info["generation"], len(cpu)))

class Sink:
    def write(self, text):
        return len(text)
    def flush(self):
        pass

gc.callbacks.append(on_gc)
run_eval(timed(), Sink(), perms, project)
n_adv = len(adversarial)
def worst(lo, hi):
    k = max(range(lo, hi), key=lambda i: cpu[i])
    kw = max(range(lo, hi), key=lambda i: wall[i])
    part = sorted(cpu[lo:hi])
    return {"cpu_ms": cpu[k] * 1e3, "at": k, "command": commands[k][:60], "wall_ms": wall[kw] * 1e3,
            "wall_at": kw, "p999_cpu_ms": part[min(len(part) - 1, int(0.999 * len(part)))] * 1e3}
gc_worst = max(runs) if runs else (0.0, -1, -1)
print(json.dumps({"adversarial": n_adv, "total": len(commands), "ordinary": worst(n_adv, len(commands)),
                  "adversarial_worst": worst(0, n_adv),
                  "gc_worst": {"cpu_ms": gc_worst[0] * 1e3, "generation": gc_worst[1], "at": gc_worst[2]}}))
"""


def stall(perms_path: str, total: int) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", STALL_RUNNER, perms_path, ROOT, HERE, str(total)],
        capture_output=True,
        cwd=REPO,
        check=True,
    )
    return json.loads(proc.stdout.decode().strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=10_000)
    ap.add_argument("--stall-requests", type=int, default=20_000, help="length of the no-stall stream")
    args = ap.parse_args()
    commands, _ = make_corpus()
    raw = make_permissions()
    roles = ["developer", "maintainer", "owner"]
    base = [
        {"action_type": "terminal", "role": roles[k % 3], "command": commands[k % len(commands)]}
        for k in range(args.requests)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        perms_path = os.path.join(tmp, "permissions.json")
        with open(perms_path, "w") as fh:
            json.dump(raw, fh)
        elapsed, answered, errors = run([json.dumps(r) for r in base], perms_path)
        print(
            f"policy eval, {args.requests} requests, rules from --permissions: {elapsed:.2f} s wall "
            f"({answered} answers, {errors} errors, {args.requests / elapsed:,.0f} requests/s incl. start-up)"
        )
        inline = [json.dumps({**r, "permissions": raw}) for r in base]
        elapsed, answered, errors = run(inline, "-")
        print(
            f"policy eval, {args.requests} requests, 200 rules repeated on every line: {elapsed:.2f} s wall "
            f"({answered} answers, {errors} errors)"
        )
        got = stall(perms_path, args.stall_requests)
        o, a, g = got["ordinary"], got["adversarial_worst"], got["gc_worst"]
        print(
            f"no-stall stream, {got['adversarial']} adversarial then ordinary up to {got['total']} lines:\n"
            f"  worst ordinary decision: {o['cpu_ms']:.1f} ms CPU (line {o['at']}: {o['command']!r}), "
            f"worst wall {o['wall_ms']:.1f} ms (line {o['wall_at']}), p99.9 {o['p999_cpu_ms']:.2f} ms CPU"
            f"   goal < 20 ms\n"
            f"  worst adversarial line: {a['cpu_ms']:.1f} ms CPU (line {a['at']}: {a['command']!r})\n"
            f"  slowest collector run: {g['cpu_ms']:.1f} ms CPU (generation {g['generation']}, line {g['at']})"
        )


if __name__ == "__main__":
    main()
