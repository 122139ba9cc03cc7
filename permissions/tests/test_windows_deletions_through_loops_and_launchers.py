r"""SPEC §5 (where it runs: a coding agent's hook on a Windows developer's machine, runs_in ``agent`` or ``host``),
R4.6 (the floor reads where a deletion lands, not how it is written): the home folder, a drive's root or a share's
root deleted by PowerShell or cmd through a loop or a launcher, which asked where `Remove-Item -Recurse -Force ~`
typed directly is the floor's deny.

The class:

1. A loop over literal places runs its body once for each (permissions.commands.windows_deletions.loops_unrolled,
   read where bash's reader stopped at PowerShell's `(` and in every line a Windows runner runs): PowerShell's
   `foreach ($d in 'C:\', $HOME) { ... $d ... }`, `@('C:\') | ForEach-Object { ... $_ ... }` (`%`, `foreach`,
   `-Process`, `$PSItem`), cmd's `for %i in (C:\ %USERPROFILE%) do rd /s /q %i` (`for /d`, `for /r X`, `%%i`,
   `@`); and, written directly where bash reads it, ForEach-Object's script block handing the piped item to a
   deleter of trees (`'C:\' | % { ri $_ -r -fo }`: permissions.floor.each_deletes).
2. What starts a program or runs a script block (permissions.floor.windows_inner): Start-Process (`saps`,
   `start`, cmd's `start`) with its program and -ArgumentList, Invoke-Command (`icm`), Start-Job (`sajb`),
   Start-ThreadJob, a script block run by `.` or `&`.
3. forfiles' `/c` command, `@path` (`@file`, `@fname`, `@relpath`) spelt as every item of its `/p` folder.

Ruling where SPEC is silent (the safest reading): Invoke-Command's block given `-ComputerName` deletes a tree on
that machine, read as this one's (more is safe); forfiles' `@path` is every item of the folder (`C:\*`), with
`/s` or not. A loop over literal places inside the project is the statements it runs (`foreach ($d in 'build',
'dist') { Remove-Item -Recurse $d }`, `for %i in (*.log) do del %i` approved in auto mode where they asked as
unparseable: each is exactly those statements).

Left as bash reads it (asked, never auto-approved, not the floor's): a word bash reads another way than
PowerShell or cmd (`Start-Process C:\Windows\System32\cmd.exe ...` unquoted: bash drops the backslashes; `"\\server"`
inside bash's double quotes is `\server`), cmd's `for /f` (a file's or a command's lines) and `%~dpi` (the item's
folder), a loop whose variable is used by a member (`$d.FullName`) or inside a longer string. Written directly
(not in a runner's line), ForEach-Object's `-InputObject` and a loop over a variable's array (`$dirs = 'C:\',
$HOME; foreach ($d in $dirs) ...`) -- permissions.where would read them as it reads a pipe -- and `&{ri -r -fo ~}`
(bash's one word `&{ri`), `. { cd ~; ri -r -fo . }` (bash's two commands: permissions.where's moves of the
location would read `. { cd ~` as a `cd`).

202 of this file's 316 cases fail on 617442c (two of them `cmd /c` and `pwsh -c` thousands deep: a recursion
error there). The guards that pass there: the ordinary lines, what is never auto-approved, two script blocks bash
already read as a group (`& { ri -r -fo ~ }`, `. { echo a; Remove-Item -Recurse -Force C:\ }`), and
`Start-Process -FilePath pwsh -ArgumentList @('-c', 'rm -r -fo ~')`, whose words bash's broken reading already
handed the floor.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, auto_and_allowed, term

OFF_SANDBOX = ("agent", "host")

FLOOR = [
    r'''pwsh -c "ForEach ($d in @('C:\')) { Remove-Item -Recurse -Force $d }"''',
    r"""foreach ($p in 'C:\', $HOME) { rm -r -fo $p }""",
    r"""@('C:\') | ForEach-Object { Remove-Item $_ -Recurse }""",
    r"""'C:\' | % { ri $_ -r -fo }""",
    r"""FOREACH ($X in 'D:\') { Remove-Item -Recurse $x }""",
    r'foreach ($d in "C:\") { Remove-Item -Recurse -Force "$d" }',
    r"foreach ($d in $env:USERPROFILE) { rd -r $d }",
    r"""foreach($d in ('C:\','D:\')){Remove-Item -Recurse $d}""",
    r"""echo start; foreach ($d in 'C:\') { ri -r -fo $d }""",
    r"""@('~') | % -Process { Remove-Item -Recurse $PSItem }""",
    r"$HOME | ForEach-Object { Remove-Item $PSItem.FullName -Recurse }",
    r"""'C:\', $HOME | % { rd /s /q $_ }""",
    r"echo C:\ | % { ri $_ -r }",
    r"""'C:\' | foreach { Remove-Item -Recurse -Force $_ }""",
    r'''powershell -Command "'C:\' | % { ri $_ -r -fo }"''',
    r'''pwsh -c "foreach ($p in 'C:\', $HOME) { rm -r -fo $p }"''',
    r'''pwsh -NoProfile -c "echo a; foreach ($p in @('C:\')) { Remove-Item -Recurse $p }"''',
    r"""foreach ($s in '\\server\share') { Remove-Item -Recurse $s }""",
    r"for /d %i in (C:\*) do rd /s /q %i",
    r"for %i in (C:\ %USERPROFILE%) do rd /s /q %i",
    r'for %%i in (C:\) do rd /s /q "%%i"',
    r"FOR /D %G IN (C:\*) DO RD /S /Q %G",
    r"for /r C:\ %i in (.) do rd /s /q %i",
    r'for %i in ("%USERPROFILE%") do rmdir /s /q "%i"',
    r"@for %i in (C:\) do @rd /s /q %i",
    r"echo a & for %i in (C:\) do rd /s /q %i",
    r"for %i in (C:\,D:\) do rd /s /q %i",
    r"for /d %i in (%USERPROFILE%\..\*) do rd /s /q %i",
    r'cmd /c "for /d %i in (C:\*) do rd /s /q %i"',
    r'cmd /c "for %i in (%USERPROFILE%) do rd /s /q %i"',
    r"for %i in (C:\) do del /s /q %i",
    r"""Start-Process cmd -ArgumentList '/c rd /s /q C:\'""",
    r"""Start-Process pwsh -ArgumentList '-c','Remove-Item -Recurse ~'""",
    r"""saps powershell '-c rm -r -fo ~'""",
    r"""Start-Process -FilePath cmd.exe -ArgumentList '/c rd /s /q %USERPROFILE%' -Wait""",
    r"""start-process -Verb RunAs -FilePath pwsh -Args '-c','rm -r -fo C:\'""",
    r'START-PROCESS -NoNewWindow cmd "/c rmdir /s /q C:\"',
    r"""Start-Process -ArgumentList '/c rd /s /q C:\' -FilePath cmd""",
    "start cmd /c rd /s /q C:\\",
    r'start "" /b cmd /c "rd /s /q %USERPROFILE%"',
    "START /WAIT cmd /c rd /s /q C:\\",
    r"Invoke-Command { Remove-Item -Recurse C:\ }",
    r"icm -ScriptBlock { ri -r -fo ~ }",
    r"Invoke-Command -ComputerName localhost -ScriptBlock { Remove-Item -Recurse -Force $HOME }",
    r"Start-Job { Remove-Item -Recurse -Force ~ }",
    r"sajb -ScriptBlock { rd -r C:\ }",
    r"Start-ThreadJob { rm -r -fo $env:USERPROFILE }",
    r"& { ri -r -fo ~ }",
    r". { Remove-Item -Recurse $HOME }",
    r". {Remove-Item -Recurse -Force ~}",
    r". { echo a; Remove-Item -Recurse -Force C:\ }",
    r'''pwsh -c "Start-Process cmd -ArgumentList '/c rd /s /q C:\'"''',
    r'cmd /c "start cmd /c rd /s /q C:\"',
    r'pwsh -c "Invoke-Command { Remove-Item -Recurse ~ }"',
    r"""Start-Process pwsh -ArgumentList '-c','Invoke-Command { ri -r -fo C:\ }'""",
    r'forfiles /p C:\ /c "cmd /c rd /s /q @path"',
    r'forfiles /P %USERPROFILE% /C "cmd /c rd /s /q @path"',
    r'forfiles /s /p C:\ /m * /c "cmd /c del /s /q @file"',
    r'FORFILES -p C:\ -c "cmd /c rd /s /q @path"',
    r'forfiles /p C:\Users /c "cmd /c rd /s /q @path"',
    r'forfiles /p C:\ /c "powershell -c Remove-Item -Recurse -Force @path"',
    r'forfiles.exe /p C:\ /c "cmd /c rmdir /s /q @PATH"',
    r"""Start-Process 'C:\Windows\System32\cmd.exe' '/c rd /s /q C:\'""",
    r"""pwsh -c '@("\\server\share") | % { Remove-Item -Recurse $_ }' """,
    r"""pwsh -c 'Start-Process cmd -ArgumentList "/c rd /s /q C:\"' """,
    # ... more spellings: parameters around the place, a .NET deletion in the body, a listing piped in, cmd's
    # `for /r` and forfiles' `/s` deleting every file below the root, launchers' parameters in any order
    r"for /r C:\ %i in (*) do del /q %i",
    r'forfiles /s /p C:\ /c "cmd /c del /f /q @path"',
    r"foreach ($d in 'C:\') { Remove-Item -LiteralPath $d -Recurse -Force }",
    r"foreach ($d in '~') { [IO.Directory]::Delete($d, $true) }",
    r"foreach ($d in 'C:\') { cmd /c rd /s /q $d }",
    r"foreach ($d in 'C:\') { Remove-Item -Recurse $d -ErrorAction SilentlyContinue }",
    r"'C:\' | ForEach-Object -Process { Remove-Item -Recurse $_ }",
    r"Get-Item C:\ | % { ri -r -fo $_ }",
    r"gci ~ | % { Remove-Item $_.FullName -Recurse -Force }",
    r'for /d %%d in ("%USERPROFILE%\*") do rd /s /q "%%d"',
    r'Start-Process -FilePath "cmd" -ArgumentList "/c", "rd /s /q C:\"',
    r'Start-Process powershell.exe -ArgumentList "-NoProfile -Command Remove-Item -Recurse -Force $env:USERPROFILE"',
    r"saps -FilePath cmd -ArgumentList '/c','rd','/s','/q','C:\'",
    r"Start-Process -FilePath 'cmd' -ArgumentList '/c rd /s /q C:\' -Verb RunAs -WindowStyle Hidden",
    r"Start-Process cmd '/c rd /s /q C:\' -NoNewWindow -Wait",
    r"icm { Remove-Item -Recurse -Force -Path C:\ }",
    r"Invoke-Command -ScriptBlock { Remove-Item -Recurse $env:USERPROFILE } -AsJob",
    r"Start-Job -ScriptBlock { cd C:\; Remove-Item -Recurse * }",
    r'forfiles /p "%USERPROFILE%" /c "cmd /c if @isdir==TRUE rd /s /q @path"',
    r"foreach ($d in 'C:\Users\me\..\..') { Remove-Item -Recurse $d }",
    r"for %i in (C:\Windows\..) do rd /s /q %i",
    # ... a loop's item in a runner's line: a listing's or a variable's places, ForEach-Object's -InputObject,
    # the item's full name, cmd's `if exist` before the deleter
    r"pwsh -c 'Get-ChildItem C:\ -Directory | ForEach-Object { Remove-Item $_.FullName -Recurse -Force }'",
    r"pwsh -c 'foreach ($x in gci ~) { ri -r -fo $x }'",
    r'''pwsh -c "Get-ChildItem ~ | ForEach-Object { Remove-Item $_.FullName -Recurse }"''',
    r'''pwsh -c "foreach ($x in Get-ChildItem C:\) { Remove-Item -Recurse $x }"''',
    r'''pwsh -c "$dirs = 'C:\', $HOME; foreach ($d in $dirs) { rm -r -fo $d }"''',
    r'''pwsh -c "ForEach-Object -InputObject 'C:\' -Process { Remove-Item -Recurse $_ }"''',
    r"pwsh -c '% -InputObject $HOME { ri -r -fo $_ }'",
    r"for /d %i in (C:\*) do @if exist %i rd /s /q %i",
    r"for %i in (C:\) do if not exist %i\x.txt rd /s /q %i",
    r'cmd /c "for /d %i in (C:\*) do @if exist %i rd /s /q %i"',
    r"Get-ChildItem C:\ -Directory | ForEach-Object { Remove-Item $_.FullName -Recurse -Force }",
    r"'C:\' | ForEach-Object -Begin {} -Process { ri -r $_ }",
    r"Start-Process -FilePath pwsh -ArgumentList @('-c', 'rm -r -fo ~')",
    "cmd /c start /b cmd /c rd /s /q C:\\",
    r"foreach ($x in gci ~) { ri -r -fo $x }",
]

NOT_THE_FLOOR = [
    r"foreach ($d in 'C:\') { Remove-Item '$d' -Recurse }",  # (PowerShell's `'$d'`: a folder named `$d`)
    r"pwsh -c 'gci .\build | % { Remove-Item $_.FullName -Recurse }'",
    r"pwsh -c 'foreach ($x in gci .\dist) { Remove-Item -Recurse $x }'",
    r"""pwsh -c 'foreach ($x in "a","b") { Write-Host $x }'""",
    r"for /d %i in (build\*) do if exist %i\obj rd /s /q %i\obj",
    r"for %i in (a) do if exist %i (echo y) else (echo n)",
    r"for /r %i in (*.pyc) do del %i",
    r'forfiles /s /p .\logs /m *.log /c "cmd /c del @path"',
    r"foreach ($f in Get-ChildItem .\dist) { Remove-Item $f -Recurse }",
    r"""Start-Process npm -ArgumentList 'test'""",
    r"for %i in (*.log) do del %i",
    r"""foreach ($d in 'build', 'dist') { Remove-Item -Recurse -Force $d }""",
    r"""@('build') | % { Remove-Item -Recurse $_ }""",
    r"""'build' | ForEach-Object { Remove-Item -Recurse -Force $_ }""",
    r"gci .\logs | % { Remove-Item $_ -Recurse }",
    r"""Start-Process pwsh -ArgumentList '-c','Remove-Item -Recurse .\build'""",
    r"Invoke-Command { Remove-Item -Recurse .\build }",
    r"for /d %i in (build\*) do rd /s /q %i",
    r"for %i in (a.txt b.txt) do type %i",
    r'forfiles /p .\logs /m *.log /d -30 /c "cmd /c del @path"',
    r"start notepad README.md",
    r"Start-Process code .",
    r"""Start-Process -FilePath python -ArgumentList 'manage.py','runserver'""",
    r"for %i in (a b) do echo %i%PATH%",
    r"""foreach ($d in 'C:\') { Write-Host "dir: $d" }""",
    r"""foreach ($d in 'C:\') { Get-ChildItem $d }""",
    r"""'C:\' | % { ri $_ }""",
    r"""foreach ($d in 'C:\') { Remove-Item $d.FullName -Recurse }""",
    r"for %i in (C:\) do rd /s /q %~dpi",
    r"foreach ($x in 1, 2) { Write-Host $x }",
    r"""'a','b' | % { Write-Output $_ }""",
    r". { Get-ChildItem }",
    r"Invoke-Command -ScriptBlock { Get-Process }",
    r'cmd /c "for %i in (*.tmp) do del %i"',
    r'''pwsh -c "foreach ($f in 'a.txt','b.txt') { Remove-Item $f }"''',
    r"Start-Job { npm test }",
    r'forfiles /m *.txt /c "cmd /c echo @file"',
    r"for /l %i in (1,1,3) do echo %i",
    r"for /f %i in (list.txt) do rd /s /q %i",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", FLOOR)
def test_a_root_or_home_deleted_through_a_loop_or_a_launcher_is_the_floor_s(
    command: str, runs_in: str
) -> None:
    for verdict in auto_and_allowed(command, runs_in):
        assert verdict == ("deny", "builtin_deny"), (command, runs_in, verdict)


# Friction: ordinary lines keep their answers -- none of them is denied.
@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NOT_THE_FLOOR)
def test_an_ordinary_loop_or_launcher_is_not_the_floor_s(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision != "deny", (command, runs_in, reason)


# ... and what they do outside the project, or what stays unread, is never auto-approved off the sandbox.
NEVER_AUTO = [
    # (left as bash reads them: ForEach-Object given -InputObject, and a variable's array, written directly)
    r"ForEach-Object -InputObject 'C:\' -Process { Remove-Item -Recurse $_ }",
    r"$dirs = 'C:\', $HOME; foreach ($d in $dirs) { rm -r -fo $d }",
    # (left as they were: bash reads `&{ri` as one word, and `. { cd ~` and `ri -r -fo . }` as two commands)
    r"&{ri -r -fo ~}",
    r". { cd ~; ri -r -fo . }",
    r"foreach ($d in 'C:\') { Get-ChildItem $d }",
    r"'C:\' | % { ri $_ }",
    r"foreach ($d in 'C:\') { Remove-Item $d.FullName -Recurse }",
    r'foreach ($d in "C:\") { Write-Host "dir: $d" }',
    r"for %i in (C:\) do rd /s /q %~dpi",
    r"for /f %i in (list.txt) do rd /s /q %i",
    r"Start-Process npm -ArgumentList 'test'",
    r"Invoke-Command -ComputerName srv -ScriptBlock { Get-Process }",
    r"Start-Process C:\Windows\System32\cmd.exe '/c rd /s /q C:\'",
    r'''pwsh -c "@('\\server\share') | % { Remove-Item -Recurse $_ }"''',
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NEVER_AUTO)
def test_outside_or_unread_is_never_auto_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)


# A loop over literal places inside the project is the statements it runs: approved in auto mode as they are.
APPROVED = [
    r"for %i in (*.log) do del %i",
    r"foreach ($d in 'build', 'dist') { Remove-Item -Recurse -Force $d }",
    r"@('build') | % { Remove-Item -Recurse $_ }",
    r"for %i in (a.txt b.txt) do type %i",
]


@pytest.mark.parametrize("command", APPROVED)
def test_a_loop_inside_the_project_is_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "autonomy"), (command, v.reason)


# SPEC §5 (a decision never raises): runners and launchers thousands deep are read up to a bound, never past
# Python's recursion limit, and never auto-approved.
DEEP = [
    "cmd /c " * 3000 + "rd /s /q C:\\",
    "start " * 3000 + "rd /s /q C:\\",
    "saps " * 3000,
    "pwsh -c " * 3000 + "ri -r ~; x",
]


@pytest.mark.parametrize("command", DEEP)
def test_runners_thousands_deep_are_read_without_an_error(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision != "auto_approve", v.reason
