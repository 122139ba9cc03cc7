"""SPEC §5 (where it runs: on the developer's machine the hook's command may run in PowerShell), red team: the
environment printed -- PowerShell's env: drive read -- asks off the sandbox however the drive is spelt: after a
parameter's colon (`Get-Item -Path:Env:GITHUB_TOKEN`) and by its provider's qualified name
(`Microsoft.PowerShell.Core\\Environment::GITHUB_TOKEN`). Both were auto-approved on the developer's machine: the
reader's gates looked for `env:` after a blank, quote, parenthesis or `=` only.

And (red team, R3.7) a listing naming no place piped into a deleter (`Get-ChildItem -Recurse | Remove-Item`,
`gci -r | ri`) deletes every file of the folder it runs in, the agents' settings and permissions.json among them, as
`Remove-Item * -Recurse` (which asked) does: it was auto-approved off the sandbox and asks there now
(windows._LISTED_HERE_DELETED). A listing that names a place or a filter keeps its reading.

Found while removing two top-level names windows.py bound twice (tests/test_no_shadowed_module_names.py): the env:
drive's finder written for this reading had been replaced, for every function, by a later pattern of the same name
(it read `Get-Item Env:PATH | Select-Object Value` as a variable named `PATH | Select-Object Value`); and cmd's
`%NAME%` read as an unknown place kept names of word characters only (`%ProgramFiles(x86)%` stays a variable now).
The variables SHOWN_VARIABLES names (`Env:PATH`) stay ordinary in every spelling.

14 of this file's 25 cases fail on the base (3420516): the 8 EMPTIED and 6 of the 8 ASKED (`gc -Path:env:\\NPM_TOKEN`
and `-LiteralPath:Env:` asked there already, kept as guards); the 9 ORDINARY pass there and here.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

ASKED = [
    "Get-Item -Path:Env:GITHUB_TOKEN",
    "Get-ChildItem -Path:env:",
    "Get-Content -LiteralPath:Env:AWS_SECRET_ACCESS_KEY",
    "gc -Path:env:\\NPM_TOKEN",
    "Get-Item Microsoft.PowerShell.Core\\Environment::GITHUB_TOKEN",
    "Get-ChildItem Microsoft.PowerShell.Core\\Environment::",
    "gci Environment::",
    "Get-Item -Path:Microsoft.PowerShell.Core\\Environment::OPENAI_API_KEY",
]

# a listing naming no place piped into a deleter empties the folder it runs in, permissions.json and .claude/ among
# the rest (as `Remove-Item * -Recurse` asks): it was auto-approved on the developer's machine
EMPTIED = [
    "Get-ChildItem -Recurse | Remove-Item",
    "Get-ChildItem -Recurse | Remove-Item -Force",
    "gci -r | ri",
    "Get-ChildItem | Remove-Item -Recurse",
    "gci -Force | ri -r -fo",
    "gci -File | Where-Object { $_.Length -eq 0 } | Remove-Item",
    "cd src; Get-ChildItem -Recurse -Force | Remove-Item -Recurse -Force",
    "dir | del",
]

ORDINARY = [
    "Get-Item Env:PATH",
    "Get-Item -Path:Env:PATH",
    "Get-Item Env:PATH | Select-Object Value",
    "Get-Date",
    "Get-ChildItem -Path:src",
    "Get-ChildItem -Recurse -Filter *.pyc | Remove-Item",
    "Get-ChildItem -Recurse *.log | Remove-Item",
    "gci build | Remove-Item -Recurse",
    "gci -r | Select-Object Name",
]


@pytest.mark.parametrize("command", ASKED)
def test_the_environment_drive_read_asks_off_the_sandbox(command: str) -> None:
    for runs_in in ("agent", "host"):
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, runs_in, v.reason)
        assert "environment" in (v.message or ""), v.message


@pytest.mark.parametrize("command", ORDINARY)
def test_shown_variables_and_other_items_stay_ordinary(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (command, v.reason)


@pytest.mark.parametrize("command", EMPTIED)
def test_a_listing_of_no_place_piped_into_a_deleter_asks_off_the_sandbox(command: str) -> None:
    for runs_in in ("agent", "host"):
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert v.decision == "require_approval", (command, runs_in, v.reason)
