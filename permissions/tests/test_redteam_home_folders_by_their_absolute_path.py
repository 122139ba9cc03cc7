"""R4.6, red team: the floor counts `~` and `$HOME`; the same folder spelled as the absolute path it is counts
too. Which user runs the command is not known (root in a container, a developer on a Mac), so every home
folder counts: root's `/root`, a user's `/home/NAME` and `/Users/NAME`, the folder holding all of them
(`/home`, `/Users`), and a pattern over a home folder's children (`/root/*`, `/home/me/.*`, `/home/*`) --
however the deletion reaches it (rm, find, mv, rsync --delete, a `cd` first). A folder inside a home folder
(`/root/.cache/pip`) is not the floor's: R4.6 is a floor, not a safety list."""

from __future__ import annotations

import pytest

from .helpers import assert_floor_denies, term

HOMES = ["/root", "/root/", "/home", "/home/", "/home/alice", "/home/alice/", "/Users/alice", "/Users"]
PATTERNS = [
    "/root/*",
    "/root/.*",
    "/home/*",
    "/home/alice/*",
    "/home/alice/.[!.]*",
    "/Users/alice/*",
    "/home/*/",
]

DENIED = [
    *(f"rm -rf {p}" for p in HOMES + PATTERNS),
    "rm -r -f /root",
    "rm --recursive --force /home/alice",
    "/bin/rm -rf /root",
    "sudo rm -rf /home/alice",
    "rm -rf /home/alice/..//alice",
    "rm -rf /tmp/../root",
    "cd /home/alice && rm -rf *",
    "cd /home/alice && rm -rf .",
    "cd /root && rm -rf ./* .[!.]*",
    "cd /home/alice/project && rm -rf ../*",
    "cd /home && rm -rf alice",
    "pushd /root && rm -rf *",
    "find /home/alice -delete",
    "find /root -mindepth 1 -delete",
    "find /home/alice -exec rm -rf {} +",
    "mv /home/alice /tmp/x",
    "mv /root /tmp/x",
    "rsync -a --delete empty/ /root/",
    "rsync -a --delete empty/ /home/alice",
    "echo /home/alice | xargs rm -rf",
    "timeout 5 rm -rf /root",
    "nice rm -rf /home/*",
]


@pytest.mark.parametrize("command", DENIED)
def test_a_home_folder_by_its_absolute_path_is_the_floors(command):
    assert_floor_denies(command)


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /root/.cache/pip",
        "rm -rf /home/alice/.npm/_cacache",
        "rm -rf /home/alice/project/build",
        "rm -rf /Users/alice/Library/Caches/x",
        "rm -f /home/alice/x.txt",
        "rm -rf /homework",
        "rm -rf /srv/ws/app-1a2b3c4d/home",
        "rm -rf home/alice",
    ],
)
def test_what_lies_inside_a_home_folder_is_not_the_floors(command):
    v = term(command, allow=("Terminal(rm)",))
    assert v.reason != "builtin_deny", command
