"""R4.6 (the floor judges where a deletion lands), SPEC §5: a deletion inside a PowerShell script block -- `try {
rd /s /q C:\\ } catch {}`, `1..2 | % { Remove-Item -Recurse -Force ~ }`, `foreach ($i in 1) { ri -r -fo $HOME }` --
deletes what the same statement typed alone deletes. The rules read a block's statements already; the floor did
not (they asked). A block deleting inside the project keeps its answer. 6 of 9 cases fail on 617442c.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

FLOOR = [
    "try { rd /s /q C:\\ } catch {}",
    "try { Remove-Item -Recurse -Force ~ } catch {}",
    "1..2 | % { Remove-Item -Recurse -Force ~ }",
    "1..2 | ForEach-Object { Remove-Item -Recurse -Force $HOME }",
    "foreach ($i in 1) { ri -r -fo $HOME }",
    "Invoke-Command { Remove-Item -Recurse -Force C:\\ }",
    "if ($true) { Remove-Item -Recurse -Force C:\\ }",
]

KEPT = [
    "try { Remove-Item -Recurse .\\build } catch {}",
    "Get-ChildItem | ForEach-Object { Write-Host $_ }",
]


@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_reads_a_script_blocks_deletion(command: str) -> None:
    assert auto_and_allowed(command, "agent") == [("deny", "builtin_deny")] * 2, command


@pytest.mark.parametrize("command", KEPT)
def test_a_block_deleting_in_the_project_keeps_its_answer(command: str) -> None:
    assert all(d != "deny" for d, _ in auto_and_allowed(command, "agent")), command
