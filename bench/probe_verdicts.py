"""What each command gets, where it runs: for each command (one a line, from the files named or the input; blank
lines and `#` comments skipped), the decision and reason in auto mode and behind an allow of every word it names
(permissions.tests.helpers.auto_and_allowed), in Brabo's sandbox and on the developer's machine (runs_in agent).

    .venv/bin/python bench/probe_verdicts.py cases.txt
    printf '%s\\n' 'rm -rf /var/root/.*' 'psql -f "$F"' | .venv/bin/python bench/probe_verdicts.py

A red-team session's first look at a class (which spellings the floor, the caps or the readers miss), before its
test; not a benchmark.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from permissions.tests.helpers import auto_and_allowed  # noqa: E402

PLACES = ("sandbox", "agent")
_SHORT = {"deny": "DENY", "require_approval": "ask", "auto_approve": "OK"}


def _lines(paths: list[str]) -> Iterable[str]:
    if not paths:
        yield from sys.stdin
        return
    for path in paths:
        with open(path, encoding="utf-8") as f:
            yield from f


def probe(command: str) -> str:
    """One line: the command, then per place `auto=` and `allow=` as DECISION/reason."""
    cells = []
    for runs_in in PLACES:
        (auto, auto_why), (allowed, allowed_why) = auto_and_allowed(command, runs_in)
        cells.append(
            f"{runs_in}: auto={_SHORT.get(auto, auto)}/{auto_why} "
            f"allow={_SHORT.get(allowed, allowed)}/{allowed_why}"
        )
    return f"{command!r:56} | " + " | ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="*", help="files of commands, one a line (default: the input)")
    args = parser.parse_args()
    for line in _lines(args.files):
        command = line.rstrip("\n")
        if command.strip() and not command.lstrip().startswith("#"):
            print(probe(command))


if __name__ == "__main__":
    main()
