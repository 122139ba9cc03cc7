"""R4.6, R4.7, red team: a package's lifecycle script set from the command line, GHCi's shell escape, sed's `e` glued.

`npm pkg set scripts.postinstall='rm -rf /'`, `npm set-script postinstall 'rm -rf ~'`, `pnpm pkg set
'scripts[prepare]=rm -rf /'` store a command line the next install runs unasked; the floor did not deny them and a
deny of `git push` did not meet `scripts.prepare='git push origin main'` (runners._scripts_set reads it as the script
it is). GHCi's `:!cmd` -- in `-e` and in what it is fed -- runs a shell command (shell_starters). sed's `e` command
glued to its command (`sed 'erm -rf /' f`) was missed by sed's trigger. Kept: a script run only by its name
(`scripts.test=jest`), other package settings.
44 of its 48 cases fail on 513a152 (the session's start); the kept ones held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, assert_rule_refuses, auto_and_allowed

RUN_LATER = [
    "npm pkg set scripts.postinstall='X'",
    "npm pkg set scripts.preinstall='X' name=x",
    "npm set-script postinstall 'X'",
    "npm set-script prepare 'X'",
    "pnpm pkg set 'scripts[prepare]=X'",
    "yarn pkg set scripts.postinstall='X'",
    "ghci -e ':!X'",
    "ghci <<< ':! X'",
    "echo ':!X' | ghci",
    "sed 'eX' f",
    "sed -n '1eX' f",
]
KEPT = [
    "npm pkg set scripts.test=jest",
    "npm pkg set scripts.build='tsc -p .'",
    "npm pkg set name=x version=1.0.0",
    "npm pkg get scripts",
]


@pytest.mark.parametrize("inner", ("rm -rf /", "rm -rf ~"))
@pytest.mark.parametrize("command", RUN_LATER)
def test_the_floor_denies_the_command_stored_or_escaped_to(command: str, inner: str) -> None:
    assert_floor_denies(command.replace("X", inner))


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", RUN_LATER)
def test_a_deny_meets_the_command_stored_or_escaped_to(command: str, runs_in: str) -> None:
    assert_rule_refuses("git push", command.replace("X", "git push origin main"), runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_other_package_settings_stay(command: str) -> None:
    assert auto_and_allowed(command, "sandbox")[0] == ("auto_approve", "autonomy"), command
