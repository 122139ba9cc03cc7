"""Friction (R4.8: an allow names the program file as written): a relative path with a separator names the same file
with or without the working folder's `./` -- and, on a Windows developer machine, with `.\\` (Codex and Claude Code
on Windows run `.\\.venv\\Scripts\\python.exe -m pytest`).

An allow of `.venv/bin/python -m pytest` did not cover `./.venv/bin/python -m pytest`, nor `scripts/test.sh`
`./scripts/test.sh`, nor `.venv\\Scripts\\python.exe -m pytest` `.\\.venv\\Scripts\\python.exe -m pytest` (the shell's
reading drops the backslashes, so the two read `.venvScriptspython.exe` and `..venvScriptspython.exe`): each asked.
An allow whose command word is such a path is now also indexed as written from the working folder
(matching._here_named), and one written with `./` without it. A bare name (`x.sh`, `x.exe`) is a program looked up
on PATH (and, for PowerShell, never the folder's own file): `./x.sh` is another program, never covered; a path out
of the folder (`../scripts/test.sh`) or another folder is another file.

COVERED: every case asked on the base this change started from (d2f55ef), in the sandbox and on the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import term

COVERED = [
    ("./scripts/test.sh", "scripts/test.sh"),
    ("./scripts/test.sh --force", "scripts/test.sh"),
    ("./.venv/bin/python -m pytest", ".venv/bin/python -m pytest"),
    ("./.venv/bin/pytest -q", ".venv/bin/pytest"),
    ("./node_modules/.bin/jest", "node_modules/.bin/jest"),
    ("scripts/test.sh", "./scripts/test.sh"),
    (".venv/bin/python -m pytest", "./.venv/bin/python -m pytest"),
    (".\\.venv\\Scripts\\python.exe -m pytest", ".venv\\Scripts\\python.exe -m pytest"),
    (".\\scripts\\build.ps1", "scripts\\build.ps1"),
]

NOT_COVERED = [
    ("./x.sh", "x.sh"),
    ("x.sh", "./x.sh"),
    (".\\x.exe", "x.exe"),
    ("../scripts/test.sh", "scripts/test.sh"),
    ("./evil/test.sh", "scripts/test.sh"),
    ("./scripts/test.sh.bak", "scripts/test.sh"),
    ("/scripts/test.sh", "scripts/test.sh"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command, allow", COVERED)
def test_the_same_program_file_from_the_working_folder_is_covered(
    command: str, allow: str, runs_in: str
) -> None:
    v = term(command, allow=(f"Terminal({allow})",), runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, allow, runs_in, v.reason)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command, allow", NOT_COVERED)
def test_another_program_or_file_is_not(command: str, allow: str, runs_in: str) -> None:
    assert term(command, allow=(f"Terminal({allow})",), runs_in=runs_in).reason != "allow_rule"
