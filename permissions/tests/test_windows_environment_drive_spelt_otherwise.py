"""SPEC §5 (where it runs: on the developer's machine the hook's command may run in PowerShell), red team: the
environment printed -- PowerShell's env: drive read -- asks off the sandbox however the drive is spelt: after a
parameter's colon (`Get-Item -Path:Env:GITHUB_TOKEN`) and by its provider's qualified name
(`Microsoft.PowerShell.Core\\Environment::GITHUB_TOKEN`). Both were auto-approved on the developer's machine: the
reader's gates looked for `env:` after a blank, quote, parenthesis or `=` only.

Found while removing two top-level names windows.py bound twice (tests/test_no_shadowed_module_names.py): the env:
drive's finder written for this reading had been replaced, for every function, by a later pattern of the same name
(it read `Get-Item Env:PATH | Select-Object Value` as a variable named `PATH | Select-Object Value`); and cmd's
`%NAME%` read as an unknown place kept names of word characters only (`%ProgramFiles(x86)%` stays a variable now).
The variables SHOWN_VARIABLES names (`Env:PATH`) stay ordinary in every spelling.

6 of this file's 13 cases fail on the base (3420516): 6 of the 8 ASKED (`gc -Path:env:\\NPM_TOKEN` and
`-LiteralPath:Env:` asked there already, kept as guards); the 5 ORDINARY pass there and here.
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

ORDINARY = [
    "Get-Item Env:PATH",
    "Get-Item -Path:Env:PATH",
    "Get-Item Env:PATH | Select-Object Value",
    "Get-Date",
    "Get-ChildItem -Path:src",
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
