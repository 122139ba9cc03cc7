"""Red team, SPEC §5 and R4.10: on a Windows developer's machine a deny or ask of `Terminal(cat .env)` (or of any
`cat` of a place) is met by PowerShell's and cmd's readers of the file -- `Get-Content .env`, `gc .env`, `type .env`,
`Get-Content -Tail 5 .env` -- and by a Windows spelling of the place: `.\\.env`, `src\\..\\.env`, `.ENV` (Windows'
file systems fold case), also after the POSIX name PowerShell answers to (`cat .\\.env`: PowerShell reads `.env`,
bash `..env`).

permissions.commands.windows read PowerShell's and cmd's deleters, copiers, movers and web requests as the POSIX
program a rule names, not its file readers: under a deny of `cat .env` the agent's `Get-Content .env` was
auto-approved in auto mode. Get-Content (gc, cat, type) and cmd's `type` are now read as `cat`
(windows_names.PARAMETERS["get-content"]), a POSIX name's words holding a `\\` are read as PowerShell's, and the
paths of such a reading are compared written plainly and in the rule's case (decide._windows_places).

DENIED: every case failed on the base this change started from (d6f5d88) on the agent, as deny and as ask.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env", "Get-Content .env"),
    ("cat .env", "get-content .env"),
    ("cat .env", "gc .env"),
    ("cat .env", "type .env"),
    ("cat .env", "gc -Raw .env"),
    ("cat .env", "Get-Content -Tail 5 .env"),
    ("cat .env", "Get-Content -TotalCount 3 -Path .env"),
    ("cat .env", "Get-Content -Path .\\.env"),
    ("cat .env", "Get-Content -LiteralPath .env"),
    ("cat .env", "cat .\\.env"),
    ("cat .env", "cat src\\..\\.env"),
    ("cat .env", "gc .ENV"),
    ("cat .env", "cat .\\.ENV"),
    ("cat secrets.txt", "Get-Content ./secrets.txt"),
    ("cat secrets.txt", "type SECRETS.TXT"),
    ("cat secrets.txt", "gc .\\Secrets.txt"),
    ("rm -r data", "rm -r .\\data"),
    ("rm -r data", "Remove-Item -Recurse .\\Data"),
]

NOT_CAUGHT = [
    ("cat .env", "Get-Content .env.example"),
    ("cat .env", "gc README.md"),
    ("cat .env", "type README.md"),
    ("cat .env", "cat .\\README.md"),
    ("cat .env", "Get-ChildItem .env"),
    ("rm -r data", "rm -rf .\\build"),
]


@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_windows_readers_of_a_place_a_rule_names(rule: str, command: str, rank: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_file_stays_outside_the_rule(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
