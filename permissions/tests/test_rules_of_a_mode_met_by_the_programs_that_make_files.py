"""R4.10, red team: a rule of chmod's mode met by the programs that make a file with that mode.

Under a deny of `chmod 777`, `install -m 777 a x`, `install -Dm 0777 a x`, `mkdir -m 777 d`, `mkdir -pm a+rwx d`,
`mkfifo -m 777 p` were auto-approved, in auto mode and behind an allow of their words: the same mode, left on a
file by another program. They meet it now (option_tables_files' INSTALL, MKDIR, MKFIFO, MKNOD, reading the mode as
chmod does; matching._modes_named). Kept: other modes, and those programs without one.
120 of its 127 cases fail on 513a152 (the session's start); the kept ones held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

MET = [
    "install -m 777 a x",
    "install -m 0777 a x",
    "install --mode=777 a x",
    "install --mode 777 a x",
    "install --mo=777 a x",
    "install -Dm 777 a x",
    "install -Dm777 a x",
    "install -m a+rwx a x",
    "install -m u=rwx,g=rwx,o=rwx a x",
    "install -m 4777 a x",
    "install -d -m 777 dir",
    "install a x -m 777",
    "ginstall -m 777 a x",
    "mkdir -m 777 d",
    "mkdir -pm 777 d",
    "mkdir -p -m ugo=rwx d",
    "mkdir --mode=0777 d",
    "mkdir --parents --mode=a+rwx d",
    "mkfifo -m 777 p",
    "mknod -m 777 p p",
]
KEPT = [
    "install -m 755 a x",
    "install -m 0644 a x",
    "install -D a x",
    "mkdir -p d",
    "mkdir -m 700 d",
    "mkfifo p",
    "chmod 755 x",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("rule", ("chmod 777", "chmod a+rwx", "chmod 0777 *"))
@pytest.mark.parametrize("command", MET)
def test_a_rule_of_the_mode_meets_the_file_made_with_it(command: str, rule: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize("command", KEPT)
def test_other_modes_are_not_the_rule_s(command: str) -> None:
    assert_rule_does_not_catch("chmod 777", command, "sandbox")
