"""The complexity gate of ``make lint``: no function above ruff's C901 limit unless the baseline lists it.

The limit is ``[tool.ruff.lint.mccabe] max-complexity`` in pyproject.toml (15). The functions that were above
it when the gate came in are listed, each with its complexity, in ``scripts/complexity_baseline.txt``. The gate
fails when a function not on the list goes over the limit, when a listed one grows, and when a listed one
shrank or went away (so the list only shrinks: ``--shrink`` rewrites it after a split). A function is named by
file and name; two of one name in one file (methods of two classes) are matched by their figures.

    python scripts/complexity_gate.py            # check (make lint)
    python scripts/complexity_gate.py --shrink   # after splitting a listed function: lower or drop its line
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "complexity_baseline.txt"
_MESSAGE = re.compile(r"^`(?P<name>[^`]+)` is too complex \((?P<n>\d+) > \d+\)$")

Figures = dict[str, list[int]]  # "path::function" -> complexities, highest first


def measure(root: Path = ROOT) -> Figures:
    """Every function over the limit under ``root``, as ruff's C901 sees it with the project's settings."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",  # the gate reads the tree; it leaves nothing in it
            "--select",
            "C901",
            "--output-format",
            "json",
            "--exit-zero",
            ".",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: defaultdict[str, list[int]] = defaultdict(list)
    for item in json.loads(out):
        match = _MESSAGE.match(item["message"])
        if match is None:  # pragma: no cover - ruff changed its wording; fail loudly rather than pass
            raise SystemExit(f"complexity gate: cannot read ruff's message {item['message']!r}")
        path = Path(item["filename"]).resolve().relative_to(root.resolve()).as_posix()
        found[f"{path}::{match['name']}"].append(int(match["n"]))
    return {key: sorted(figures, reverse=True) for key, figures in found.items()}


def read_baseline(path: Path = BASELINE) -> Figures:
    listed: defaultdict[str, list[int]] = defaultdict(list)
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            key, figure = line.rsplit(maxsplit=1)
            listed[key].append(int(figure))
        except ValueError:
            raise SystemExit(f"{path}:{number}: expected 'path::function complexity', got {line!r}") from None
    return {key: sorted(figures, reverse=True) for key, figures in listed.items()}


def judge(found: Figures, listed: Figures) -> tuple[list[str], list[str]]:
    """(over: functions above the limit the list does not allow, stale: list lines above what is there now)."""
    over, stale = [], []
    for key in sorted(set(found) | set(listed)):
        now, allowed = found.get(key, []), listed.get(key, [])
        for i, figure in enumerate(now):
            if i >= len(allowed):
                over.append(f"{key} has complexity {figure}, over the limit: split it")
            elif figure > allowed[i]:
                over.append(f"{key} grew from {allowed[i]} to {figure}: split it rather than add to it")
            elif figure < allowed[i]:
                stale.append(f"{key} is down from {allowed[i]} to {figure}")
        stale.extend(f"{key} ({figure}) is within the limit now or gone" for figure in allowed[len(now) :])
    return over, stale


def write_baseline(found: Figures, path: Path = BASELINE) -> None:
    head = [line for line in path.read_text().splitlines() if line.startswith("#")]
    body = [f"{key} {figure}" for key in sorted(found) for figure in found[key]]
    path.write_text("\n".join(head + body) + "\n")


def main(argv: list[str]) -> int:
    found, listed = measure(), read_baseline()
    over, stale = judge(found, listed)
    if over:
        print("complexity gate: over ruff's C901 limit (pyproject.toml, [tool.ruff.lint.mccabe]):")
        print("\n".join(f"  {line}" for line in over))
        return 1
    if stale and "--shrink" in argv:
        write_baseline(found)
        print(f"complexity gate: {BASELINE.relative_to(ROOT)} shrunk ({len(stale)} lines)")
        return 0
    if stale:
        print(
            f"complexity gate: {BASELINE.relative_to(ROOT)} lists more than there is — well done; shrink it:"
        )
        print("\n".join(f"  {line}" for line in stale))
        print("  run: .venv/bin/python scripts/complexity_gate.py --shrink")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
