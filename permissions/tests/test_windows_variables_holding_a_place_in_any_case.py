"""R4.6 (the floor judges where a deletion lands), SPEC §5 (off the sandbox the shell may be PowerShell's): a
PowerShell variable given a place -- a literal (`$d = 'C:\\'`, `$h = $HOME`) or the item a listing of one place
gives (`$d = Get-Item ~`, `$h = Resolve-Path ~`) -- holds it under every spelling the command uses: PowerShell's
names ignore case, so `Remove-Item $D -Recurse` after `$d = 'C:\\'` deletes the drive's root. These asked; the floor
denies them now (permissions.where._ps_assigned). A variable naming a folder in the project keeps its answer.
9 of 11 cases fail on 617442c.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

FLOOR = [
    "$d = Get-Item ~; $d | Remove-Item -Recurse",
    "$d = gi ~; $d | ri -r -fo",
    "$d = 'C:\\'; Remove-Item $D -Recurse -Force",
    "$D = 'C:\\'; Remove-Item $d -Recurse -Force",
    "$TargetDir = $HOME; Remove-Item $targetdir -Recurse -Force",
    "$TARGET = '~'; rm -r -fo $target",
    "$h = Resolve-Path ~; Remove-Item $H -Recurse -Force",
    "$x = Get-Item $HOME; Remove-Item $X -Recurse",
    "$d = 'C:\\'; rd /s /q $D",
]

KEPT = [
    "$d = 'build'; Remove-Item $D -Recurse",
    "$d = Get-Item .\\dist; $d | Remove-Item -Recurse",
]


@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_denies_a_place_a_variable_holds_in_any_case(command: str) -> None:
    assert auto_and_allowed(command, "agent") == [("deny", "builtin_deny")] * 2, command


@pytest.mark.parametrize("command", KEPT)
def test_a_variable_naming_a_project_folder_is_no_floor(command: str) -> None:
    assert all(d != "deny" for d, _ in auto_and_allowed(command, "agent")), command
