"""Benchmark: the decision cost of an ``mcp_call`` against a terminal decision, same run.

    /work/main/.venv/bin/python bench/mcp_decide.py [--rounds N]

Both through ``permissions.decide.decide()`` with one permissions file holding the bench corpus's 200
Terminal patterns plus 40 Mcp(...) patterns (some with argument conditions), rounds interleaved so the
machine's load falls on both alike. Prints p50/p99/mean per decision and the ratio mcp_call / terminal.
The MCP calls mix allowed, denied, capped (a merge into main, a write outside the root) and uncovered calls.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from corpus import ROOT, make_corpus, make_permissions

from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, decide


def mcp_patterns() -> tuple[list[str], list[str], list[str]]:
    allow = [f"Mcp(srv{i}.tool{i})" for i in range(20)] + [
        "Mcp(github)",
        "Mcp(github.merge_pull_request)",  # judged on the base read from the code host (none here: capped)
        "Mcp(desktop-commander)",
        "Mcp(db.query mode=read limit=10 dry=true)",
        "Mcp(fs.write_file)",
    ]
    deny = [f"Mcp(srv{i}.drop mode=all)" for i in range(10)] + ["Mcp(db.query mode=drop)"]
    ask = [f"Mcp(srv{i})" for i in range(20, 25)]
    return allow, deny, ask


CALLS = [
    ("github", "merge_pull_request", {"owner": "acme", "repo": "app", "pullNumber": 7, "base": "main"}),
    ("github", "merge_pull_request", {"pullNumber": 7, "base": "feature/x"}),
    ("github", "get_file_contents", {"owner": "acme", "repo": "app", "path": "README.md"}),
    ("github", "push_files", {"branch": "feature/x", "files": [{"path": "a", "content": "b"}]}),
    ("db", "query", {"mode": "read", "limit": 10, "dry": True, "sql": "select 1"}),
    ("db", "query", {"mode": " DROP ", "sql": "drop table t"}),
    ("fs", "write_file", {"path": ROOT + "/docs/a.md", "content": "x" * 200}),
    ("fs", "write_file", {"path": "/etc/passwd", "content": "x"}),
    ("weather", "forecast", {"city": "Lisbon", "days": 3}),
    ("srv3", "tool3", {"q": "x"}),
    ("desktop-commander", "start_process", {"command": "git status", "timeout_ms": 5000}),
]


def percentile(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def run(reqs: list[DecisionRequest]) -> list[float]:
    out = []
    clock = time.perf_counter_ns
    for r in reqs:
        t = clock()
        decide(r)
        out.append((clock() - t) / 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    base = make_permissions()
    m_allow, m_deny, m_ask = mcp_patterns()
    perms = Permissions(
        tuple(base["allow"] + m_allow), tuple(base["deny"] + m_deny), tuple(base["ask"] + m_ask)
    )
    project = ProjectState(execution_mode="runner", root=ROOT)
    auto = (AutonomyRow("*", "auto_approve"),)
    commands = make_corpus(600)[0]
    terminal = [
        DecisionRequest("terminal", "developer", project, command=c, permissions=perms, runs_in="agent")
        for c in commands
    ]
    mcp = [
        DecisionRequest(
            "mcp_call",
            "developer",
            project,
            permissions=perms,
            autonomy=auto if k % 2 else (),
            payload={"server": s, "tool": t, "arguments": a, "runs_in": "agent", "agent_root": ROOT},
            runs_in="agent",
        )
        for k in range(len(commands) // len(CALLS))
        for s, t, a in CALLS
    ]
    run(terminal[:200] + mcp[:200])  # warm the compiled-permissions cache and the imports
    times: dict[str, list[float]] = {"terminal": [], "mcp_call": []}
    gc.collect()
    for _ in range(args.rounds):
        times["terminal"] += run(terminal)
        times["mcp_call"] += run(mcp)
    print(f"{len(terminal)} terminal commands (bench corpus) and {len(mcp)} mcp_call decisions per round, "
          f"{args.rounds} rounds interleaved; {len(perms.allow) + len(perms.deny) + len(perms.ask)} patterns")  # fmt: skip
    stats = {}
    for name, values in times.items():
        values.sort()
        stats[name] = (percentile(values, 50), percentile(values, 99), sum(values) / len(values))
        p50, p99, mean = stats[name]
        print(f"{name:9} p50 {p50:7.1f} µs   p99 {p99:7.1f} µs   mean {mean:7.1f} µs")
    t, m = stats["terminal"], stats["mcp_call"]
    print(
        f"ratio mcp_call / terminal: p50 {m[0] / t[0]:.2f}×   p99 {m[1] / t[1]:.2f}×   mean {m[2] / t[2]:.2f}×"
    )


if __name__ == "__main__":
    main()
