"""Fuzz the shell reader against bash itself (R4.7, R4.9).

    /work/main/.venv/bin/python bench/fuzz_shell.py [--count 100000] [--batch 5000] [--seed 1] [--show 10]

Generates commands from the grammar in permissions/tests/shell_grammar.py (markers c0, c1, ... as
programs, placed where commands run and where bash reads data), asks a sandboxed bash (bubblewrap: no
network, read-only system; functions are defined, never called) how it reads each one with `declare -f`,
and checks that every marker bash runs as a command is a command word the reader sees -- or that the
reader calls the command unparseable. Prints the tally and each mismatch (goal: 0). Exit status 1 when a
mismatch is found, 2 when the sandbox is not available.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from permissions.tests.shell_grammar import Tally, compare, sample, sandbox_available


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000, help="commands to generate (default 100,000)")
    ap.add_argument("--batch", type=int, default=5_000, help="commands per bash process (default 5,000)")
    ap.add_argument("--seed", type=int, default=1, help="first seed; batch k uses seed + k")
    ap.add_argument("--show", type=int, default=10, help="mismatches to print in full")
    args = ap.parse_args()
    if not sandbox_available():
        print("bubblewrap (bwrap) or bash is not installed: the oracle cannot run")
        return 2
    tally = Tally()
    mismatches = []
    started = time.perf_counter()
    done = 0
    k = 0
    while done < args.count:
        size = min(args.batch, args.count - done)
        mismatches += compare(sample(size, args.seed + k), tally)
        done += size
        k += 1
        print(
            f"  {done:>7,} commands  {time.perf_counter() - started:6.1f} s  mismatches so far {len(mismatches)}",
            flush=True,
        )
    took = time.perf_counter() - started
    print(
        f"checked {tally.checked:,} commands in {took:.1f} s ({tally.checked / took:,.0f}/s): "
        f"agreed {tally.agreed:,}, reader unparseable {tally.unparseable:,}, bash rejected "
        f"{tally.bash_rejected:,}, bash's printout unstable {tally.bash_unstable:,}; mismatches {len(mismatches)}"
    )
    for m in mismatches[: args.show]:
        print("=" * 100)
        print(m)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
