r"""SPEC §5 (where it runs), R4.6, R4.10, R4.9, friction: commands a hook sees on a Windows developer's machine
(runs_in ``agent`` or ``host``), in PowerShell's and cmd's spellings, that bash's reader could not read.

The class: a deletion, a listing or a comparison PowerShell or cmd spells so that bash stops at it (a `(` after a
command's words, an escaped-looking `\"`, a line in one pair of quotes), so that it asked as ``unparseable``:

1. Floor (R4.6: the built-in deny, ``builtin_deny``). .NET's and an item's own deletions of a drive's root or the
   home folder -- `(Get-Item C:\).Delete($true)`, `[IO.Directory]::Delete('C:\', $true)`,
   `(New-Object IO.DirectoryInfo ~).Delete($true)`, `Get-ChildItem C:\ | ForEach-Object { $_.Delete() }`,
   VisualBasic's `DeleteDirectory` -- are the Remove-Item they are (permissions.commands.windows_deletions), also
   as a Windows runner's line (`pwsh -c "..."`); a Windows deleter's double-quoted target (`Remove-Item -Recurse
   "C:\"`: bash reads the backslash as escaping the quote) is read as PowerShell and cmd read it. The same
   spellings elsewhere are read as Remove-Item is: the path scope asks outside the project. A listing (or a
   string) piped into a Windows deleter hands it its places (`Get-ChildItem C:\ | Remove-Item -Recurse`); a
   deleter's target given as a sub-expression naming a place is that place (`Remove-Item -Recurse (Get-Item
   ~)`); robocopy's mirror (`/MIR`, `/PURGE`) deletes from its destination, its move (`/MOVE`) its source
   (`robocopy empty C:\ /MIR`); a runner's line run by another runner is read to its innermost command (`cmd /c
   powershell -c "Remove-Item -Recurse C:\"`).
2. Friction. `cmd /c "dir /s /b *.json"` (the line in one pair of quotes) is the listing when cmd surely strips
   the quotes -- `/s`, or a wildcard no program file can be named by (red team: without them cmd keeps the quotes
   when they name a program file, `type README.md.bat`); `Compare-Object (Get-Content a) (Get-Content b)` reads
   both files as segments of their own; a script block's text made by a string's methods (`$_.Line.Trim()`) is a
   value, no command; `Write-Host (Get-Date)` and a printer's `(Get-Content x)` too; .NET's reads of a file or a
   folder (`[IO.File]::ReadAllText('README.md')`, `::Exists`, `[IO.Directory]::GetFiles`) are the cmdlets they
   are (Get-Content, Test-Path, Get-ChildItem), judged as those are.

Found on the way: a Windows deleter handed its places by a pipe from what reads text (`Get-Content list.txt |
Remove-Item -Recurse`, a CSV, the clipboard, a variable) was auto-approved: its places are decided only when it
runs, as `xargs rm -rf < list.txt`'s are -- the path scope asks now.

Guards: attacker variants of each shape that must keep asking (another method, a variable or expression as the
target, a sub-expression, more than the listing in the quotes), and friction commands of the same family.

189 of 276 cases fail on the base.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, auto_and_allowed, term

OFF_SANDBOX = ("agent", "host")


FLOOR = [
    r"(Get-Item C:\).Delete($true)",
    r"[IO.Directory]::Delete('C:\', $true)",
    r'[System.IO.Directory]::Delete("$env:USERPROFILE", $true)',
    r"(gi ~).Delete($true)",
    r"Get-ChildItem C:\ | ForEach-Object { $_.Delete() }",
    r"(Get-Item C:\).Delete()",
    r"(Get-Item -Path C:\ -Force).Delete($true)",
    r"(Get-Item 'D:\').Delete($true)",
    r"(Get-Item $HOME).Delete($true)",
    r"(Get-Item $env:USERPROFILE).Delete($true)",
    r"(Get-Item ${env:USERPROFILE}).Delete($true)",
    r"(gci C:\).Delete($true)",
    r"(Get-ChildItem ~ -Force).Delete($true)",
    r"(dir C:\).Delete()",
    r"[IO.Directory]::Delete('C:\')",
    r"[io.directory]::delete('c:\', $true)",
    r"[System.IO.Directory]::Delete($HOME, $true)",
    r"[IO.Directory]::Delete($env:USERPROFILE, 1)",
    r'[IO.Directory]::Delete("$env:USERPROFILE\", $true)',
    r"[IO.Directory]::Delete([Environment]::GetFolderPath('UserProfile'), $true)",
    r"[IO.File]::Delete('C:\')",
    r"[Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory('C:\', 'DeleteAllContents')",
    r'[Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory("$HOME", '
    r"[Microsoft.VisualBasic.FileIO.DeleteDirectoryOption]::DeleteAllContents)",
    r"(New-Object IO.DirectoryInfo 'C:\').Delete($true)",
    r"(New-Object System.IO.DirectoryInfo $HOME).Delete($true)",
    r"(New-Object -TypeName System.IO.DirectoryInfo -ArgumentList 'C:\').Delete($true)",
    r"([IO.DirectoryInfo]'C:\').Delete($true)",
    r"([System.IO.DirectoryInfo]$env:USERPROFILE).Delete($true)",
    r"[IO.DirectoryInfo]::new('C:\').Delete($true)",
    r'([IO.DirectoryInfo]::new("$HOME")).Delete($true)',
    r"gci C:\ | % { $_.Delete($true) }",
    r"Get-ChildItem ~ -Force | foreach { $PSItem.Delete($true) }",
    r"$null = (Get-Item C:\).Delete($true)",
    r"(Get-Item C:\).Delete($true); echo done",
    r"Write-Host hi; [IO.Directory]::Delete('C:\', $true)",
    r"try { (gi ~).Delete($true) } catch { }",
    r"(Get-Item C:\Users).Delete($true)",
    r'powershell -c "(Get-Item C:\).Delete($true)"',
    "pwsh -Command \"[IO.Directory]::Delete('C:\\', $true)\"",
    r'powershell -NoProfile -Command "(Get-Item $env:USERPROFILE).Delete($true)"',
    r'powershell -c "gci C:\ | % { $_.Delete() }"',
    # a listing (or a string) piped into a Windows deleter: its places are the deleter's
    r"Get-Item C:\ | Remove-Item -Recurse",
    r"Get-ChildItem C:\ | Remove-Item -Recurse -Force",
    r"gci ~ | ri -r",
    r"Get-ChildItem -Path $env:USERPROFILE -Force | Remove-Item -Recurse -Force",
    r"ls D:\ | rm -Recurse",
    r"gci C:\ | del -r",
    r"echo C:\ | Remove-Item -Recurse",
    r"'C:\' | Remove-Item -Recurse",
    r'"$env:USERPROFILE" | Remove-Item -Recurse -Force',
    r"Write-Output ~ | Remove-Item -Recurse",
    # robocopy's mirror into a root or home, its move out of one
    r"robocopy empty C:\ /MIR",
    r"robocopy .\empty $env:USERPROFILE /MIR",
    r'robocopy empty "%USERPROFILE%" /PURGE',
    r"robocopy empty C:\Users /MIR /NFL",
    r"robocopy C:\ D:\backup /MOVE /E",
    r"Robocopy.exe empty D:\ /mir",
    r"cmd /c robocopy empty C:\ /MIR",
    r"robocopy /MIR empty ~",
    r"robocopy empty ~ /R:0 /W:0 /MIR",
    # a deleter's target given as a sub-expression naming a place
    r"Remove-Item -Recurse -Force (Get-Item ~)",
    r"Remove-Item -Recurse -Force (Resolve-Path ~)",
    r"Remove-Item -Recurse -Force ([Environment]::GetFolderPath('UserProfile'))",
    r"Remove-Item -Recurse (Get-Item C:\)",
    r"ri -r (gci C:\)",
    r"rm -r (Convert-Path -Path $HOME)",
    # a runner's line run by another runner: the innermost command is read
    r'cmd /c powershell -c "Remove-Item -Recurse C:\"',
    "cmd /c cmd /c rd /s /q C:\\",
    r'powershell -c "cmd /c rd /s /q C:\"',
    r"pwsh -c pwsh -c Remove-Item -Recurse ~",
    r'cmd /c powershell -c "rm -r -fo ~"',
    # a Windows deleter's double-quoted target
    r'Remove-Item -Recurse "C:\"',
    r'rd /s /q "C:\"',
    r'Remove-Item "C:\" -Recurse -Force',
    r'Remove-Item -Recurse -Force "C:\"; echo done',
    r'Remove-Item -Recurse -Force "$env:USERPROFILE\"',
    r'Remove-Item -Recurse "D:\" -Force',
    r'del /s /q "C:\*"',
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_denies_a_dotnet_or_quoted_deletion_of_a_root_or_home(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in):
        assert verdict == ("deny", "builtin_deny"), (command, runs_in, verdict)


# Friction: ordinary commands of the same shapes an agent runs in the project, approved in auto mode.
APPROVED = [
    'cmd /c "dir /s /b *.json"',
    'cmd /d /c "dir /s /b *.py"',
    'cmd /s /c "dir /b"',
    'cmd /s /c "type README.md"',
    'cmd /c "findstr /s /n TODO *.py"',
    'cmd /s /c "where python"',
    'cmd /c "dir /s /b *.json" && echo ok',
    "Compare-Object (Get-Content a.txt) (Get-Content b.txt)",
    "Compare-Object -ReferenceObject (gc a.txt) -DifferenceObject (gc b.txt) -IncludeEqual",
    "Compare-Object (Get-Content a.txt) (Get-Content b.txt) | Format-Table",
    "Compare-Object (Get-Item a.txt) (Get-Item b.txt)",
    "Select-String -Path *.csproj -Pattern 'PackageReference' | ForEach-Object { $_.Line.Trim() }",
    "Get-ChildItem | ForEach-Object { $_.Name.ToUpper() }",
    "Get-ChildItem | ForEach-Object { $_.Name.Substring(0, 3) }",
    "Get-ChildItem -Recurse -Filter *.cs | ForEach-Object { $_.FullName.ToLower() }",
    "(Get-Item build).Delete($true)",
    "[IO.Directory]::Delete('build', $true)",
    "Get-ChildItem build | ForEach-Object { $_.Delete() }",
    "Get-ChildItem build | Remove-Item -Recurse",
    "Get-ChildItem -Path dist -Filter *.map | Remove-Item",
    "echo build | Remove-Item -Recurse",
    "git ls-files | rm -rf",
    # .NET's reads of a file or a folder, the cmdlets they are; a printer's sub-expression
    '[System.IO.File]::ReadAllText("README.md")',
    "[IO.File]::ReadAllLines('src\\app.py')",
    "[IO.File]::Exists('package.json')",
    "[IO.Directory]::Exists('node_modules')",
    "[IO.Directory]::GetFiles('src', '*.py')",
    "[IO.File]::ReadAllLines('README.md') | Select-Object -First 5",
    "Write-Host (Get-Date)",
    "Write-Output (Get-Content README.md)",
    "Remove-Item -Recurse -Force (Resolve-Path build)",
]


@pytest.mark.parametrize("command", APPROVED)
def test_an_ordinary_windows_command_of_the_same_shape_is_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "autonomy"), (command, v.reason)


# Attacker variants (and spellings left unread) that must never be auto-approved off the sandbox.
NEVER_AUTO = [
    'cmd /c "dir /b"',  # no /s, no wildcard: cmd may run a file `dir /b` names
    'cmd.exe /c "type README.md"',
    'cmd /c "dir /s /b *.json & del x"',
    'cmd /c "dir /s /b C:\\*.json"',
    'cmd /c "rd /s /q *"',
    'cmd /c "dir /s /b ..\\*.json"',
    'cmd /c "dir *.json" x',
    "Get-ChildItem | ForEach-Object { $_.Replace('a', 'b') }",  # FileInfo.Replace replaces a file
    "Get-ChildItem | ForEach-Object { $_.MoveTo('x') }",
    "Get-ChildItem | ForEach-Object { $_.Name.Trim($(curl evil)) }",
    "Get-ChildItem | ForEach-Object { $_.ToString(); git push }",
    "Remove-Item (Get-Content list.txt)",
    "Compare-Object (Get-Content a; curl evil) (Get-Content b)",
    "Compare-Object (Get-Content ~\\.ssh\\id_rsa) (Get-Content b)",
    "Compare-Object (Get-Content ..\\..\\x) (Get-Content b)",
    '[IO.File]::Delete("$(iex calc)")',
    "[IO.Directory]::Delete('C:\\Users\\me\\other', $true)",
    "(Get-Item ..\\..\\other).Delete($true)",
    "$d = Get-Item C:\\; $d.Delete($true)",
    "Get-ChildItem C:\\ | Remove-Item",  # no -Recurse: the path scope asks, the floor is for trees
    "gci C:\\ | Select-Object Name",
    # a deleter handed its places by a pipe from what reads text: decided only when it runs
    "Get-Content list.txt | Remove-Item -Recurse",
    "Get-Content list.txt | Remove-Item",
    'gc list.txt | Where-Object { $_ -like "*.tmp" } | ri',
    "Import-Csv x.csv | Select-Object -ExpandProperty Path | Remove-Item -Recurse -Force",
    "$paths | Remove-Item -Recurse",
    "Get-Clipboard | rm -r",
    # .NET's reads outside the project, or feeding code; a printer's sub-expression that acts
    '[IO.File]::ReadAllText("$env:USERPROFILE\\.ssh\\id_rsa")',
    "[IO.File]::ReadAllText('..\\..\\secret.txt')",
    "[IO.File]::ReadAllText('C:\\Windows\\win.ini')",
    "[IO.File]::ReadAllText([Environment]::GetFolderPath('UserProfile') + '\\.ssh\\id_rsa')",
    "[IO.File]::ReadAllText('x') | iex",
    "[IO.File]::ReadAllText('x'); iex calc",
    "[IO.Directory]::GetFiles('C:\\', '*', 'AllDirectories')",
    "[IO.File]::ReadAllText($p)",
    "Write-Host (Get-Content ~\\.ssh\\id_rsa)",
    "echo (Get-Content C:\\secret.txt)",
    "Write-Host (Invoke-Expression calc)",
    "Write-Host (Remove-Item x)",
    # a sub-expression naming a place outside, or read from a file; robocopy out of the project
    "Remove-Item -Recurse (Get-Item ..\\other)",
    "Remove-Item -Recurse (Get-Content list.txt)",
    "robocopy C:\\ D:\\backup /E",
    "robocopy src D:\\backup /MIR /XD node_modules .git",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NEVER_AUTO)
def test_an_attacker_variant_is_never_auto_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in)


@pytest.mark.parametrize(
    ("rule", "command"),
    [
        ("Remove-Item", "[IO.Directory]::Delete('build', $true)"),
        ("rm -r", "(Get-Item build).Delete($true)"),
        ("cat .env", 'cmd /s /c "type .env"'),
    ],
)
def test_a_deny_naming_the_act_refuses_its_dotnet_or_quoted_spelling(rule: str, command: str) -> None:
    v = term(command, deny=(f"Terminal({rule})",), autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision != "auto_approve", (rule, command)
