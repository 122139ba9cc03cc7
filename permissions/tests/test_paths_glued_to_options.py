"""Paths glued to options are locations for the path scope (R6.2): ``-f/etc/x``, ``-t/tmp``,
``--file=/etc/x``; separators and paths inside the project stay allowed."""

from __future__ import annotations

import pytest

from permissions.tests.helpers import HOST, term

# -- class 10: paths glued to options -----------------------------------------------------------------------
GLUED = [
    "cat -f/etc/x",
    "tar -C/opt -xf x.tar",
    "make -C/etc",
    "cp -t/etc x",
    "grep -f/etc/shadow x",
    "gcc -I../../../../../x x.c",
    "ls -d~/x",
    "sort -o/etc/x f",
    "cp --target-directory=/etc x",
    "grep --file=/etc/x y",
    "tar --directory=~/x -xf y",
    "dd if=x of=/tmp/disk.img",  # (of=/dev/sda is the floor's: test_redteam_disk_devices_overwritten)
]


@pytest.mark.parametrize("command", GLUED)
def test_a_path_glued_to_an_option_is_a_location(command):  # R6.2, paths glued to options
    verb = command.split()[0]
    v = term(command, allow=(f"Terminal({verb})",), project=HOST)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), command


@pytest.mark.parametrize(
    "command",
    ["cut -d/ -f2 f", "awk -F/ '{print $1}' f", "sort -t/ -k2 f", "gcc -Iinclude x.c", "cp -t./out x"],
)
def test_separators_and_paths_inside_stay_allowed(command):  # R6.2, paths glued to options
    verb = command.split()[0]
    assert term(command, allow=(f"Terminal({verb})",), project=HOST).decision == "auto_approve", command
