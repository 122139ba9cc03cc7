"""Only the hostile inputs of bench/decide.py (R4.7, the read budget): each must decide in <= 50 ms.

    /work/main/.venv/bin/python bench/hostile.py [--runs-in agent]

Prints each input's size, its best time of 3 and the verdict, then the slowest. Exit status 1 when an
input takes longer than 50 ms. ``--runs-in agent``: the hook path (a runner project, the command on the
developer's machine), which reads more of every segment than the sandbox's.
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from corpus import make_permissions
from decide import bench_hostile

from permissions.decide import Permissions

GOAL_MS = 50.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--runs-in", choices=("sandbox", "agent"), default="sandbox", help="where the command runs"
    )
    args = ap.parse_args()
    raw = make_permissions()
    perms = Permissions(tuple(raw["allow"]), tuple(raw["deny"]), tuple(raw["ask"]))
    worst = 0.0
    for name, size, ms, outcome in bench_hostile(perms, args.runs_in):
        worst = max(worst, ms)
        flag = "" if ms <= GOAL_MS else f"   OVER {GOAL_MS:.0f} ms"
        print(f"{name:<42} {size:>9,} chars {ms:8.1f} ms   {outcome}{flag}", flush=True)
    print(f"slowest: {worst:.1f} ms (goal <= {GOAL_MS:.0f} ms each)")
    return 0 if worst <= GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
