"""Benchmark: `policy eval` answering 10,000 NDJSON requests in one process (SPEC R12.2).

    /work/main/.venv/bin/python bench/eval_stream.py [--requests N]

Runs permissions.cli.run_eval -- the code behind `manage.py policy eval` -- in a fresh subprocess fed
through a pipe, with the 200-pattern file given once as --permissions-style defaults (as a long stream
would), and reports wall time including interpreter start-up. A second run repeats the rule set on every
line. The target is under 2 s for 10,000 requests.
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=10_000)
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


if __name__ == "__main__":
    main()
