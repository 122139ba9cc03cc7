"""Friction, SPEC §5 and R6.2 (the path scope judges places, not values): PowerShell's filter expressions.

`Get-ChildItem -Recurse | Where-Object { -not $_.PSIsContainer }` and `Where-Object { $_.Length -gt 0 -and $_.Name
-like '*.py' }` -- what the agents write on Windows to filter a listing -- asked through the path scope: the
pipeline item was read as a value only when it led the block's statement or was printed, so `$_.PSIsContainer`
after `-not`, and `$_.Name` after `-and`, were read as places decided when the command runs. A statement led by the
item or by `-not` (`!`) is an expression: every item in it is a value (where.ps_value). An item handed to a
command (`Get-Content $_`, `(Get-Content $_)` inside the filter) is still a place.

APPROVED: every case asked on the base this change started from (69580d6), under the Windows team's allow list.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import term

ALLOW = tuple(
    f"Terminal({p})"
    for p in (
        "Get-ChildItem",
        "Where-Object",
        "Measure-Object",
        "Select-Object",
        "Sort-Object",
        "Get-Content",
    )
)

APPROVED = [
    "Get-ChildItem -Recurse | Where-Object { -not $_.PSIsContainer }",
    "Get-ChildItem -Recurse | Where-Object { -not $_.PSIsContainer } | Measure-Object -Property Length -Sum",
    "Get-ChildItem -Recurse | Where-Object { $_.Length -gt 0 -and $_.Name -like '*.py' }",
    "Get-ChildItem -Recurse | Where-Object { $_.Extension -eq '.md' -or $_.Extension -eq '.txt' }",
    "Get-ChildItem | Where-Object { ! $_.PSIsContainer } | Select-Object -First 5",
]

ASKED = [
    "Get-ChildItem | Where-Object { -not (Get-Content $_) }",
    "Get-Content list.txt | Where-Object { -not $_ } | ForEach-Object { Get-Content $_ }",
]


@pytest.mark.parametrize("command", APPROVED)
def test_a_filter_expressions_items_are_values(command: str) -> None:
    v = term(command, allow=ALLOW, runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason)


@pytest.mark.parametrize("command", ASKED)
def test_an_item_handed_to_a_command_is_still_a_place(command: str) -> None:
    assert term(command, allow=ALLOW, runs_in="agent").decision == "require_approval", command
