"""Friction, SPEC §5 (where it runs): git's pretty-format colour and wrap codes are no cmd variables.

Off the sandbox a word holding cmd's `%NAME%` after `=` or `:` is read as a place cmd's expansion decides
(permissions.where.cmd_variable_place: `--file=%APPDATA%\\x`). git's own format codes look alike --
`%C(yellow)%h`, `%Cred%h%Creset`, `%w(72)%s` -- and `git log --pretty=format:'%C(yellow)%h' -5` asked on the
agent in auto mode with "touches a path outside the project folder". A whole code of git's colours (`%Cred`,
`%Cgreen`, `%Cblue`, `%Creset`, `%C(...)`) or its wrap (`%w(...)`) between the signs is read as git's; any other
name keeps cmd's reading.

ORDINARY: every case failed on the base this change started from (9e5dd588) on the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

ORDINARY = [
    "git log --pretty=format:'%C(yellow)%h' -5",
    "git log --pretty=format:'%C(yellow)%h%Creset %s' -5",
    "git log --format='%C(auto)%h %s'",
    "git log --pretty=format:'%Cred%h%Creset -%C(yellow)%d%Creset %s %Cgreen(%cr)' --abbrev-commit",
    "git log --pretty=format:'%Cgreen%h%Creset %s'",
    "git show -s --format='%Cblue%h%Creset %s' HEAD",
    "git log --pretty=format:'%w(72)%s' -3",
    "git log --oneline --format='%C(auto)%h%d'",
]

STILL_A_PLACE = [
    "cat --file=%APPDATA%\\x",
    "cat --file=%TEMP%\\..\\x",
    "git log --output=%APPDATA%\\log.txt",
    "git log --pretty=format:%Cred%h --output=%TEMP%\\x",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_git_format_codes_are_no_place(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", STILL_A_PLACE)
def test_cmd_variables_are_still_places(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason)
