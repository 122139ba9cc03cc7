"""§6 (path scope), red team: `dirname` of the working folder prints the folder above it.

`ls "$(dirname "$PWD")"` lists the folder above the project and was auto-approved behind an allow of `ls` (and
`dirname`), where `ls "$(dirname "$(pwd)")"`, `ls $(pwd)/..` and `ls "$(realpath ..)"` already asked: the
substitution's output was not judged when dirname's operand was `$PWD` rather than pwd's output. Now `dirname`
of `$PWD` or `${PWD}` whose output becomes another command's words is read as the folder above: outside the
project. `dirname` of a path inside (`src/a.py`, `.`) stays inside.

OUTSIDE: every case but the `cd` one and the glob (their own readings held) failed on the base this change
started from (9e5dd588).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import term

ALLOW = tuple(f"Terminal({p})" for p in ("ls", "cat", "dirname", "cd", "find", "du", "tree"))

OUTSIDE = [
    'ls "$(dirname "$PWD")"',
    "ls $(dirname $PWD)",
    'ls "$(dirname "${PWD}")"',
    "ls -la `dirname $PWD`",
    'ls -d "$(dirname "$PWD")"/*',
    'du -sh "$(dirname "$PWD")"',
    'cd "$(dirname "$PWD")" && ls',
    'ls "$(dirname -- "$PWD")"',
]

INSIDE = [
    'ls "$(dirname src/a.py)"',
    'ls "$(dirname .)"',
    "ls",
    'ls "$PWD"',
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", OUTSIDE)
def test_dirname_of_the_working_folder_is_outside(command: str, runs_in: str) -> None:
    v = term(command, allow=ALLOW, runs_in=runs_in)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, runs_in, v.reason)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", INSIDE)
def test_dirname_of_a_place_inside_stays_inside(command: str, runs_in: str) -> None:
    v = term(command, allow=ALLOW, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason)
