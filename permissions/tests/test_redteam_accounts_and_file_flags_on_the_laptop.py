"""SPEC §5 (where it runs: "the path scope holds for [host and agent] in every mode (auto mode included)"), R6,
red team on a developer's laptop: who the machine's administrator is, and the protections only an
administrator may change, that permissions.commands.machine did not know, each auto-approved in auto mode and
under a terminal autonomy row when a coding agent's hook ran it -- a user put in the admin group through macOS's
`dseditgroup`, Debian's `adduser USER GROUP`/`addgroup`/`deluser`, shadow's `groupmems`, FreeBSD's `pw`, the
sudoers and account files opened in their editors (`visudo`, `vipw`, `vigr`), a program given capabilities
(`setcap cap_setuid+ep`: root's powers for whoever runs it), and a file's immutable or append-only flag set or
cleared (`chattr +i`/`-i`, `chflags schg`/`nouchg`) -- none naming a path outside the project. (`usermod -aG`,
`gpasswd -a`, `useradd`, `sysadminctl`, `dscl . -append`, `net localgroup administrators x /add` and
`Add-LocalGroupMember` were already outside it.)

Each is now outside the path scope off the sandbox (`cap_path_scope`). Inside Brabo's own sandbox nothing
changes, and the reads (`dseditgroup -o read`, `getcap`, `setcap -v`, `visudo -c`, `lsattr`, other attributes
and flags: `chattr +c`, `chflags hidden`) stay auto-approved everywhere.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import (
    OFF_THE_SANDBOX,
    a_machine_change_on_the_laptop,
    never_auto_where,
    stays_auto_where,
)

from .helpers import AUTO_MODE, term

ACCOUNTS = [
    "dseditgroup -o edit -a x -t user admin",
    "dseditgroup -o edit -a me -t user _developer",
    "dseditgroup -o edit -d me -t user _developer",
    "dseditgroup -o create evil",
    "dseditgroup -o delete staff",
    "dseditgroup -oedit -a x admin",
    "adduser x sudo",
    "adduser me docker",
    "adduser --disabled-password evil",
    "addgroup evil",
    "addgroup me wheel",
    "deluser me sudo",
    "delgroup docker",
    "groupmems -g docker -a me",
    "groupmems --group sudo --add me",
    "pw groupmod wheel -m me",
    "pw useradd evil -G wheel",
    "visudo",
    "visudo -f sudoers.new",
    "vipw",
    "vigr",
    "env adduser x sudo",
    "nohup dseditgroup -o edit -a x -t user admin",
]

PRIVILEGES = [
    "setcap cap_net_raw+ep ./bin/ping",
    "setcap cap_setuid+ep ./python3",
    "setcap cap_net_bind_service=+eip server",
    "setcap -r ./bin/tool",
]

FILE_FLAGS = [
    "chattr +i x",
    "chattr -i config.lock",
    "chattr =ai log",
    "chattr -R +a logs",
    "chattr -R -i src",
    "chattr +ia notes",
    "chflags schg x",
    "chflags uchg x",
    "chflags nouchg x",
    "chflags noschg x",
    "chflags -R noschg,nouchg dir",
    "chflags sappnd log",
    "chflags uappend log",
    "chflags simmutable x",
]

ATTACKS = ACCOUNTS + PRIVILEGES + FILE_FLAGS


@pytest.mark.parametrize("command", ATTACKS)
def test_never_auto_approved_off_the_sandbox(command):
    never_auto_where(command, places=OFF_THE_SANDBOX)


@pytest.mark.parametrize("command", ATTACKS)
def test_outside_the_path_scope_in_auto_mode_on_the_laptop(command):
    v = a_machine_change_on_the_laptop(command)
    assert "administrator" in v.message or "privileges" in v.message, v.message


READS_KEPT = [
    "dseditgroup -o read admin",
    "dseditgroup -o checkmember -m me admin",
    "dseditgroup admin",
    "pw usershow me",
    "pw groupshow wheel",
    "visudo -c",
    "getcap ./bin/ping",
    "setcap -v cap_net_raw+ep ./bin/ping",
    "lsattr x",
    "chattr +c x",
    "chattr -A x",
    "chflags hidden x",
    "chflags nohidden x",
    "chflags nodump build",
    "id",
    "groups",
    "id -Gn",
]


@pytest.mark.parametrize("command", READS_KEPT)
def test_reads_kept(command):
    stays_auto_where(command)


@pytest.mark.parametrize(
    "command", ["adduser x sudo", "setcap cap_net_raw+ep ./bin", "chattr +i x", "visudo"]
)
def test_the_sandbox_keeps_its_answer(command):
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve", command
