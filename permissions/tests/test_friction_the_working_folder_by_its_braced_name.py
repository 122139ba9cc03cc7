"""Friction (SPEC §5, R6.2): `"${PWD}/src"` is `"$PWD/src"`. The scope read `$PWD` followed by a plain relative
path as where the command is (`cat "$PWD/README.md"`, `cd src && ls "$PWD/.."`), but the braced spelling every
style guide recommends -- `ls "${PWD}/src"`, `--prefix=${PWD}/out` -- was read as a variable the command may have
given a value (the name `PWD` on its own), so the location was unknown and the command asked, in the sandbox and
on the developer's machine alike. Now `${PWD}` is read as `$PWD` exactly: the braces alone, nothing inside them.

Never loosened: a climb out of the project (`${PWD}/..`), a command that sets PWD (`PWD=/etc`, PowerShell's
`${PWD} = 'C:\\'`), an expansion with an operator (`${PWD%/*}` is the folder above, `${PWD:-/etc}`,
`${PWD:=/}`, `${PWD/app/other}`), another name (`${pwd}`, `${PWDX}`), more text glued after the braces
(`${PWD}x/..`), another variable after it, and the floor, deny and ask rules.

39 of its 112 cases failed on bbdaffb9 (every ORDINARY case under the allow list, in both places, and in auto
mode on the developer's machine); the guards held there and hold.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, ROOT, term

PLACES = ("sandbox", "agent")
TEAM = tuple(
    f"Terminal({c})" for c in ("ls", "cat", "grep", "head", "wc", "cd", "npm run", "rm", "git status")
)

ORDINARY = [
    'ls "${PWD}/src"',
    "ls ${PWD}/src",
    'ls "${PWD}"',
    'ls "${PWD}/"',
    'cat "${PWD}/README.md"',
    'cat "${PWD}/src/../README.md"',
    'cd src && ls "${PWD}/.."',
    'cd src && cat "${PWD}/../package.json"',
    'cd packages/ui && cat "${PWD}/../../package.json"',
    'grep -rn TODO "${PWD}/src" | head',
    'wc -l "${PWD}"/src/*.py',
    "npm run build -- --outDir=${PWD}/dist",
    'head -20 "${PWD}/CHANGELOG.md" && git status',
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_the_braced_working_folder_is_where_the_command_is(command: str, runs_in: str) -> None:
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_and_in_auto_mode(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


STILL_ASKED = [
    'ls "${PWD}/.."',
    'cat "${PWD}/../other-app/.env"',
    'cat "${PWD}/../../../etc/passwd"',
    'cd src && ls "${PWD}/../.."',
    'PWD=/etc; cat "${PWD}/passwd"',
    'PWD=/etc cat "${PWD}/passwd"',
    'export PWD=/; ls "${PWD}"',
    'read -r PWD < x.txt; ls "${PWD}"',
    'ls "${PWD%/*}"',
    'ls "${PWD%/*}/other-app"',
    'ls "${PWD:-/etc}/x/../.."',
    'cat "${PWD:=/etc}/../passwd"',
    'ls "${PWD/app/other}"',
    'ls "${PWD#/}/.."',
    'ls "${pwd}/src"',
    'ls "${PWDX}/src"',
    'ls "${PWD}x/../.."',
    'ls "${PWD}/$X"',
    'cat "${PWD}/$(echo ../../etc/passwd)"',
    'ls "${PWD}${HOME}"',
    'ls "${HOME}/src"',
    'cd /etc && cat "${PWD}/passwd"',
    'cd .. && ls "${PWD}"',
    "npm run build -- --outDir=${PWD}/../dist",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", STILL_ASKED)
def test_what_may_lie_elsewhere_still_asks(command: str, runs_in: str) -> None:
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)


POWERSHELL_SET = [
    "${PWD} = 'C:\\Windows'; Get-ChildItem \"${PWD}\\System32\"",
    "${PWD}='C:\\'; ls \"${PWD}/x\"",
]


@pytest.mark.parametrize("command", POWERSHELL_SET)
def test_a_powershell_assignment_to_the_braced_name_still_asks(command: str) -> None:
    v = term(command, allow=TEAM + ("Terminal(Get-ChildItem)",), cwd=ROOT, runs_in="agent")
    assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize(
    "command",
    ['rm -rf "${PWD}"', 'rm -rf "${PWD}/"', 'cd src && rm -rf "${PWD}/.."', 'rm -rf "${PWD}/../.."'],
)
def test_the_floor_and_the_deletion_rules_still_read_it(command: str, runs_in: str) -> None:
    v = term(command, allow=TEAM, cwd=ROOT, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize("runs_in", PLACES)
def test_deny_and_ask_rules_still_match(runs_in: str) -> None:
    v = term('cat "${PWD}/README.md"', allow=TEAM, deny=("Terminal(cat)",), cwd=ROOT, runs_in=runs_in)
    assert v.decision == "deny"
    v = term('ls "${PWD}/src"', allow=TEAM, ask=("Terminal(ls)",), cwd=ROOT, runs_in=runs_in)
    assert v.decision == "require_approval"
