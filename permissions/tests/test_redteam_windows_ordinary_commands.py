r"""SPEC §5 (where it runs), R6.2, friction and red team: ordinary commands an agent runs on a Windows developer's
machine (runs_in ``agent`` or ``host``: PowerShell -- the Gemini CLI's ``powershell.exe -NoProfile -Command`` --
or cmd), read as those shells read them, and the attacks the same readings must not open.

- A cmd switch after the cmd command that takes it is a switch, not the root of the file system: `dir /s /b
  *.py`, `findstr /s /i todo *.js`, `msbuild /p:Configuration=Release`. Only the switches each takes that name
  no place: `findstr /g:` `/d:` (files, folders), `dir /tmp`, dir's bare `/c` `/d` (Git Bash's own `dir`
  reads them as drive roots), and every deleter's switches (`del /s /q C:\`, `rd /s /q \`) stay as they were.
- PowerShell's values that name no location: the pipeline item leading a script block's statement or given
  to a printer (`ForEach-Object { $_.Name }`, `Where-Object { $_.Length -gt 1MB }`), an environment variable
  read whole by a printer or as its own statement (`echo $env:PATH`, `$env:PATH`) or set to plain text
  (`$env:FOO='bar'`), a switch's truth value (`-CaseSensitive:$false`). Used as a location (`Get-Content
  $env:USERPROFILE\.ssh\id_rsa`, `Get-Content $_`) they are still where an expansion decides, and asked.
- Closed on the way: cmd expands `%NAME%` before the command runs, so `type %USERPROFILE%\.ssh\id_rsa` is a
  location decided by an expansion, as `$HOME/...` is; and a bare `Set-Location` (PowerShell 6 and later)
  goes to the user's home, as a bare `cd` does, so `Set-Location; Get-Content .ssh\id_rsa` reads outside; and
  a target glued to its parameter (`Set-Location -Path:..; Get-Content secret.txt`) was never read.
"""

from __future__ import annotations

import pytest

from .helpers import ROOT, term
from .redteam import never_auto_where

OFF_SANDBOX = ("agent", "host")

# The allow list a Windows team writes (bench/windows_commands.py holds the whole of it).
WINDOWS_TEAM = tuple(
    f"Terminal({p})"
    for p in (
        "Get-ChildItem",
        "Get-Content",
        "Select-String",
        "Select-Object",
        "Measure-Object",
        "Where-Object",
        "ForEach-Object",
        "Write-Output",
        "Write-Host",
        "dir",
        "DIR",
        "type",
        "findstr",
        "FINDSTR",
        "findstr.exe",
        "where",
        "echo",
        "msbuild",
        "$env:PATH",
        "$env:FOO='bar'",
    )
)

ORDINARY = [
    # cmd's switches
    "dir /b",
    "dir /s /b *.py",
    "dir /s /b src\\*.ts",
    "dir /a",
    "dir /ad /b",
    "dir /o:d",
    "dir /o:-d /t:w",
    "dir /s *.csproj",
    "DIR /S /B",
    "findstr /s /n TODO *.py",
    "findstr /s /i todo *.js",
    'findstr /n "def " src\\app.py',
    'findstr /s /m /c:"import os" *.py',
    "findstr /i error logs\\test.log",
    "FINDSTR /S /I todo *.js",
    "findstr.exe /s /n TODO *.py",
    "where /q node",
    "msbuild App.sln /p:Configuration=Release",
    "msbuild /t:Build /m /nologo",
    # the pipeline item
    "Get-ChildItem | ForEach-Object { $_.Name }",
    "Get-ChildItem | ForEach-Object { $PSItem.Name }",
    "Get-ChildItem -Recurse *.py | ForEach-Object { $_.FullName }",
    "Get-ChildItem -Recurse -File | Where-Object { $_.Length -gt 1MB }",
    "Get-ChildItem src -Recurse | Where-Object { $_.Extension -eq '.ts' } | Measure-Object",
    "Get-ChildItem tests -Filter *.py | ForEach-Object { Write-Host $_.Name }",
    "Get-ChildItem | Where-Object { $_.PSIsContainer } | Select-Object -First 5",
    # environment variables read and set to text, a switch's truth value
    "echo $env:PATH",
    "Write-Output $env:NODE_ENV",
    "Write-Host $env:USERNAME",
    "$env:PATH",
    "$env:FOO='bar'",
    "Select-String -Path logs\\test.log -Pattern error -CaseSensitive:$false | Select-Object -Last 20",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_windows_commands_are_auto_approved(command):
    for runs_in in OFF_SANDBOX:
        v = term(command, allow=WINDOWS_TEAM, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


# Guards: each was asked before these readings and must stay asked.
STILL_ASKED = [
    # an environment variable or the pipeline item used as a location
    "Get-Content $env:USERPROFILE\\.ssh\\id_rsa",
    'Get-Content "$env:USERPROFILE\\.ssh\\id_rsa"',
    "Get-Content -Path $env:APPDATA\\x -Raw",
    "Remove-Item $env:TEMP\\..\\..\\* -Recurse",
    "echo $env:USERPROFILE\\.ssh",
    "Write-Output $env:X/../../etc/passwd",
    "Select-String -Path $env:USERPROFILE\\*.txt -Pattern key -CaseSensitive:$false",
    # (the item of a listing of the project is a file listed, inside: test_powershell_statements.py; not the
    # item of what a file holds, nor a listing of elsewhere)
    "Get-Content files.txt | ForEach-Object { Get-Content $_ }",
    "Get-ChildItem Env: | ForEach-Object { Get-Content $_.FullName }",
    "Get-ChildItem C:\\Users | ForEach-Object { $_.Name }",
    "Get-ChildItem ..\\.. | ForEach-Object { $_.FullName }",
    "Get-Content ~\\.ssh\\id_rsa | ForEach-Object { $_ }",
    "Write-Output $_",
    "$env:GIT_DIR=..\\..\\other",
    "$env:X=..",
    # places after cmd's switches, and switches that are places
    "dir /s C:\\",
    "dir /s /b C:\\Users",
    "dir /s /b ..\\..\\",
    "dir /tmp",
    "dir /etc",
    "dir /c",
    "dir /d",
    "findstr /s /g:C:\\list.txt x *.py",
    "findstr /d:..\\..\\ x *.py",
    "findstr /s secret C:\\Users\\*.txt",
    "findstr /s /c:key ..\\..\\*.env",
    "msbuild /p:OutDir=..\\..\\out",
    "msbuild /etc",
    "msbuild C:\\other\\x.sln /p:Configuration=Release",
    "where /r C:\\ python",
    "findstr /s password %APPDATA%\\*.json",
    "dir /s /b %USERPROFILE%",
    # deleters keep their reading
    "del /s /q C:\\",
    "rd /s /q \\",
    "rmdir /s /q C:\\Users",
    "del /s /q ..\\..\\*",
]


@pytest.mark.parametrize("command", STILL_ASKED)
def test_places_the_readings_do_not_open(command):
    never_auto_where(command, OFF_SANDBOX)


# Auto-approved before, holes these readings close: a `%NAME%` location, a Set-Location whose target is
# never read (bare: the home; glued: `-Path:..`).
CLOSED = [
    "type %USERPROFILE%\\.ssh\\id_rsa",
    'type "%USERPROFILE%\\.ssh\\id_rsa"',
    "type %USERPROFILE%/.ssh/id_rsa",
    "Get-Content %USERPROFILE%\\.ssh\\id_rsa",
    "type %HOMEDRIVE%%HOMEPATH%\\.ssh\\id_rsa",
    "Get-Content -Path=%APPDATA%\\x",
    "Set-Location; Get-Content .ssh\\id_rsa",
    "sl; cat .ssh/id_rsa",
    "Set-Location -PassThru; Get-Content .ssh\\id_rsa",
    "chdir; type .ssh\\id_rsa",
    "Push-Location; Get-Content .ssh\\id_rsa",
    "Set-Location -Path:..; Get-Content secret.txt",
    "Set-Location -LiteralPath:..\\..; type x",
    "Push-Location -Path:..; cat x",
    "sl -Path:..; cat x",
]


@pytest.mark.parametrize("command", CLOSED)
def test_locations_cmd_and_powershell_decide(command):
    never_auto_where(command, OFF_SANDBOX)


@pytest.mark.parametrize(
    "command", ["echo %PATH%", "Set-Location src; npm test", "Set-Location -Path src; npm test"]
)
def test_what_the_closed_readings_leave_alone(command):
    allow = WINDOWS_TEAM + ("Terminal(Set-Location)", "Terminal(npm test)")
    for runs_in in OFF_SANDBOX:
        v = term(command, allow=allow, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)
