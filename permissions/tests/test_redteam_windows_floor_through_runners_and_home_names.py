"""Red team, R4.6 (the floor) and SPEC §5 (off the sandbox the command may be PowerShell's or cmd's): a deletion of
the home folder or a drive's root spelt the Windows way, or run through what runs a command line on Windows.

On a Windows developer's machine (an agent's hook) `Remove-Item -Recurse -Force ~` and `rd /s /q C:\\` were
denied, but the same deletions were only asked (`unparseable` or the path scope) when the home folder was named as
PowerShell and cmd name it -- `$env:USERPROFILE`, `${env:USERPROFILE}`, `%USERPROFILE%`, `$env:HOMEDRIVE$env:HOMEPATH`
-- or when the deleter was run by PowerShell's dot operator (`. Remove-Item -Recurse C:\\`), by `cmd /c` or by
`powershell -Command` / `pwsh -c` (with their own options first: `-ExecutionPolicy Bypass`, `-NoProfile`). The
floor's Windows reading now names those homes `~` (where._as_posix) and reads the command those runners run
(floor.windows_inner; PowerShell's `rm` as Remove-Item and as rm both).

DENIED: every case was asked, not denied, on the agent on the base this change started from (69580d6).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

DENIED = [
    "Remove-Item -Recurse -Force $env:USERPROFILE",
    "ri -r -fo ${env:USERPROFILE}",
    "rd /s /q %USERPROFILE%",
    "Remove-Item -Recurse $env:HOMEDRIVE$env:HOMEPATH",
    "Remove-Item -Recurse -Force $env:USERPROFILE\\",
    "Remove-Item -Recurse -Force $env:USERPROFILE\\..",
    ". Remove-Item -Recurse C:\\",
    ". rd /s /q C:\\",
    ". rm -r -fo C:\\",
    "cmd /c del /s /q C:\\",
    'cmd /c "rd /s /q C:\\ "',
    "cmd.exe /c rd /s /q %USERPROFILE%",
    'cmd /c "rm -rf ~"',
    "pwsh -Command Remove-Item -Recurse -Force ~",
    'pwsh -c "rm -r -fo ~"',
    'pwsh -c "rm -rf ~"',
    'powershell -NoProfile -c "Remove-Item -Recurse -Force ~"',
    'powershell -ExecutionPolicy Bypass -NoProfile -Command "Remove-Item -Recurse -Force ~"',
    'powershell -ep bypass -w hidden -c "rd -r C:\\ "',
    "pwsh -NoLogo -NonInteractive -Command Remove-Item -Recurse -Force $env:USERPROFILE",
]

# what the same runners run that deletes nothing of the floor's keeps its verdict
NOT_DENIED = [
    "cmd /c dir",
    "cmd /c rd /s /q build",
    'pwsh -c "rm -r build"',
    "pwsh -File x.ps1",
    ". .\\venv\\Scripts\\Activate.ps1",
    "Remove-Item -Recurse -Force $env:TEMP\\x",
]


@pytest.mark.parametrize("command", DENIED)
def test_the_floor_reads_windows_homes_and_runners(command: str) -> None:
    assert auto_and_allowed(command, "agent") == [("deny", "builtin_deny")] * 2, command


@pytest.mark.parametrize("command", NOT_DENIED)
def test_what_deletes_nothing_of_the_floors_is_not_denied(command: str) -> None:
    assert all(decision != "deny" for decision, _ in auto_and_allowed(command, "agent")), command
