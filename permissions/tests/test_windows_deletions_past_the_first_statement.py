r"""SPEC §5 (where it runs: a coding agent's hook on a Windows developer's machine, runs_in ``agent`` or ``host``),
R4.6 (the floor reads where a deletion lands, not how it is written), R4.10: PowerShell's and cmd's deletions and
moves of the home folder, a drive's root or a system folder that the floor did not see because of how they were
written, which asked where `Remove-Item -Recurse -Force ~` typed directly is denied.

The class:

1. A Windows runner's line past its first statement (permissions.floor.windows_inner): `pwsh -c "echo hi;
   Remove-Item -Recurse -Force ~"`, `powershell -Command "Write-Host x; rm -r -fo C:\"`, cmd's `cmd /c "echo a & rd
   /s /q C:\"` -- every statement is read, with what the earlier ones do to the later: a move of the location
   (`cd ~; ri -r -fo .`, `Set-Location C:\; Remove-Item -Recurse *`, cmd's `cd /d C:\ & rd /s /q .`, `cd\`), a
   variable given a place (`$d = 'C:\'`, `$d = Get-Item ~`, named in any case), a listing or a variable piped
   into a deleter, a .NET deletion or move, a script block's statement, a runner inside the line, cmd's `@`,
   `call` and `if exist X ...` before the command; and Invoke-Expression (`iex 'rm -r -fo ~'`), a runner of its
   own string.
2. Member calls and variables written directly: ForEach-Object calling each piped item's MoveTo (`gci ~ | %
   MoveTo('C:\x')`, `% { $_.MoveTo(...) }`, `-MemberName MoveTo`: permissions.commands.windows_deletions,
   permissions.floor.each_deletes), a variable's item piped into a deleter (`$d = '~'; $d | Remove-Item -Recurse`,
   `$d = (Get-Item ~); $d | ri -r`), a variable named in another case than it was given (`$d = 'C:\'; Remove-Item
   $D -Recurse`: PowerShell's names ignore case; permissions.floor.windows_listed and windows_deleted spell it
   in its usual cases).
3. PowerShell's Move-Item (`mi`, `move`) and cmd's `move` of the home folder or a drive's root, as `mv ~ /tmp/x`
   is (permissions.floor.WINDOWS_DELETERS' "move").

Ruling where SPEC is silent (the safest reading): a line that deletes several trees is read as one Remove-Item
-Recurse of all of them (each is a tree the line deletes); a popped or unknown location is any folder the line
stood in before; PowerShell 7's `cd` alone is the home folder. `$d = (Get-Item build); $d | Remove-Item -Recurse`
inside the project is the `Remove-Item -Recurse build` it is (approved in auto mode, as `(gi build).Delete($true)`
already was) where it asked as unparseable.

Left for files this session could not edit (asked, never auto-approved, but not the floor's): `$d = Get-Item ~; $d |
Remove-Item -Recurse` without parentheses and a variable named in a case none of its usual spellings give
(`$TargetDir` for `$targetdir`) -- permissions.where's `_ps_assigned` (a listing's place as the value, names kept in
lower case); `$d = C:\; Remove-Item $d -Recurse` (bash reads one segment where PowerShell reads two: permissions.decide
or permissions.where would read PowerShell's split); `try { rd /s /q C:\ } catch {}` (a script block's statement is
not read by the floor: permissions.decide's _statement_read).

175 of this file's 235 cases fail on 617442c (the guards that pass there: the ordinary lines, the ordinary
commands but the held build folder, and two runner lines whose first statement's reading already took every word:
`echo x; gci ~ | % Delete` and `Remove-Item -Recurse .\build; cd ~; Remove-Item -Recurse .`).
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_rule_refuses, auto_and_allowed, term

OFF_SANDBOX = ("agent", "host")

FLOOR = [
    # 1. a runner's line past its first statement
    r'pwsh -c "echo hi; Remove-Item -Recurse -Force ~"',
    r'powershell -Command "Write-Host x; rm -r -fo C:\"',
    r'pwsh -NoProfile -c "cd ~; ri -r -fo ."',
    r'powershell.exe -NoProfile -ExecutionPolicy Bypass -Command "Write-Output start; Remove-Item -Recurse -Force $HOME"',
    r"pwsh -c 'Write-Host a; Remove-Item -Recurse -Force $env:USERPROFILE'",
    r"pwsh -c 'echo a; ri -rec -fo \\?\C:\'",
    r"pwsh -c 'echo a; del -r -fo ~'",
    r"pwsh -c 'echo a; erase -Recurse -Force C:\'",
    r"pwsh -c 'echo a; rmdir -r ~'",
    r"pwsh -c 'echo a; rd -Recurse C:\'",
    r"pwsh -c 'echo a && rm -r -fo ~'",
    r"pwsh -c 'Get-Date || Remove-Item -Recurse ~'",
    r"pwsh -c 'Set-Location C:\; Remove-Item -Recurse *'",
    r"pwsh -c 'sl ~; ri -r -fo *'",
    r"pwsh -c 'Push-Location $HOME; Remove-Item -Recurse -Force .'",
    r"pwsh -c 'cd C:\Windows; cd ..; ri -r -fo .'",
    r"pwsh -c 'cd; Remove-Item -Recurse -Force .'",
    r"pwsh -c 'cd ~; cd .\Documents; popd; ri -r -fo .'",
    r"""pwsh -c '$d = "C:\"; Remove-Item $D -Recurse'""",
    r"pwsh -c '$d=$HOME; Remove-Item -Recurse -Force $d'",
    r"pwsh -c '$d = Get-Item ~; $d | Remove-Item -Recurse'",
    r"pwsh -c '$t = C:\; ri -r $T'",
    r"pwsh -c 'gci ~ | Remove-Item -Recurse'",
    r"pwsh -c 'echo x; gci C:\ -Recurse | ri'",
    r"pwsh -c 'echo x; gci ~ | % Delete'",
    r"pwsh -c 'echo x; (gi ~).Delete($true)'",
    r"""pwsh -c "echo x; (gi ~).MoveTo('D:\x')" """,
    r"pwsh -c 'echo x; mv ~ D:\x'",
    r"pwsh -c 'echo x; Move-Item ~ D:\x'",
    r"pwsh -c 'if (Test-Path ~) { Remove-Item -Recurse -Force ~ }'",
    r"pwsh -c 'try { Remove-Item -Recurse -Force C:\ } catch { }'",
    r"pwsh -c 'echo x; $(Remove-Item -Recurse ~)'",
    r"pwsh -c 'echo x; cmd /c rd /s /q C:\'",
    r'cmd /c "echo a & rd /s /q C:\"',
    r'cmd.exe /s /c "echo a && del /s /q %USERPROFILE%"',
    r'cmd /c "cd /d C:\ & rd /s /q ."',
    r'cmd /c "cd /d %USERPROFILE% && rmdir /s /q ."',
    r'cmd /c "cd\ & rd /s /q ."',
    r'cmd /c "pushd C:\ && del /s /q *"',
    r'cmd /d /c "ver || erase /s /q C:\*"',
    r'cmd /k "echo a & rd /s /q %USERPROFILE%"',
    r'cmd /c "echo a & powershell -c Remove-Item -Recurse -Force ~"',
    r'cmd //c "echo a & rd /s /q C:\"',
    r'powershell -c "& {Remove-Item -Recurse ~}"',
    r'cmd /c "(echo a) & rd /s /q C:\"',
    "pwsh -c 'Write-Host a\nRemove-Item -Recurse -Force ~'",
    r"""pwsh -c '$d = "C:\"; cd $d; ri -r -fo .'""",
    r"""pwsh -c '$D = "C:\"; Set-Location -Path $d; ri -r -fo .'""",
    r"cmd /c 'pushd \\server\share & rd /s /q .'",
    r"pwsh -c 'echo a; cd \\server\share; ri -r -fo .'",
    r'cmd /c "echo a & rm -rf ~"',
    r'pwsh -c "Remove-Item -Recurse .\build; cd ~; Remove-Item -Recurse ."',
    r"pwsh -c 'echo a; Remove-Item -Recurse -Force -Path ~,C:\tmp'",
    r"pwsh -c 'echo a; Get-ChildItem -Path ~ -Recurse -Force | Remove-Item -Force'",
    r'cmd /c "echo a & call rd /s /q C:\"',
    r'cmd /c "@rd /s /q C:\"',
    r'cmd /c "echo a & @rd /s /q C:\"',
    r'cmd /c "if exist C:\ rd /s /q C:\"',
    r'cmd /c "if not exist x.txt rmdir /s /q %USERPROFILE%"',
    r'cmd /c "echo a & (rd /s /q C:\)"',
    r'pwsh -c "echo a; & rm -r -fo ~"',
    r'pwsh -c "echo a; . { rm -r -fo ~ }"',
    # ... and Invoke-Expression, a runner of its own string
    r"""pwsh -c "echo a; iex 'rm -r -fo ~'" """,
    r"iex 'rm -r -fo ~'",
    r'Invoke-Expression "Remove-Item -Recurse -Force ~"',
    r"Invoke-Expression -Command 'rd -r C:\'",
    r"iex 'echo a; cd ~; ri -r -fo .'",
    # 2. member calls and variables written directly
    r"gci ~ | % MoveTo('C:\x')",
    r"gci ~ | ForEach-Object MoveTo('C:\x')",
    r"Get-ChildItem $HOME | % { $_.MoveTo('D:\old') }",
    r"gi C:\ | % { $PSItem.MoveTo('D:\x') }",
    r"gci ~ | ForEach-Object -MemberName MoveTo -ArgumentList C:\x",
    r"gci ~ -Force | % MoveTo D:\x",
    r"$d = '~'; $d | Remove-Item -Recurse",
    r"$d = 'C:\'; $D | Remove-Item -Recurse",
    r"$d = (Get-Item ~); $d | Remove-Item -Recurse",
    r"$d = (Get-Item ~); $D | ri -r -fo",
    r"$d = (gi C:\); $d | rm -r",
    r"$d = 'C:\'; Remove-Item $D -Recurse",
    r"$Dir = 'C:\'; Remove-Item $dir -Recurse",
    r"$dir = 'C:\'; Remove-Item -Recurse -Path $DIR",
    r"$h = $HOME; rd $H -Recurse",
    # 3. Move-Item and cmd's move
    r"Move-Item ~ C:\x",
    r"move-item ~ x",
    r"Move-Item -Path C:\ -Destination D:\x",
    r"Move-Item -Destination D:\x -Path $HOME",
    r"mi -Dest D:\x -LiteralPath $env:USERPROFILE",
    r"move %USERPROFILE% D:\x",
    r"move /y C:\ D:\x",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", FLOOR)
def test_a_root_or_home_deleted_or_moved_this_way_is_the_floor_s(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in):
        assert verdict == ("deny", "builtin_deny"), (command, runs_in, verdict)


# R4.10: a deny of the cmdlet refuses its move spelt by the item's method
@pytest.mark.parametrize(
    ("rule", "command"),
    [
        ("Move-Item", r"(gi src).MoveTo('dst')"),
        ("mv", r"(gi src).MoveTo('dst')"),
    ],
)
def test_a_deny_of_the_cmdlet_refuses_its_spelling(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent")


# Attacker variants the floor does not read yet (see the docstring): never auto-approved off the sandbox
NEVER_AUTO = [
    r"$d = Get-Item ~; $d | Remove-Item -Recurse",
    r"$d = C:\; Remove-Item $d -Recurse",
    r"$TargetDir = 'C:\'; Remove-Item $targetdir -Recurse",
    r"try { rd /s /q C:\ } catch {}",
    r"pwsh -c 'cd $env:TEMP; Remove-Item -Recurse .'",
    r"gci .\build | % MoveTo('C:\x')",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NEVER_AUTO)
def test_an_attacker_variant_is_never_auto_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)


# Friction: ordinary lines keep their answers -- a runner's line that deletes inside the project or nothing is
# not the floor's (it asks, as a line of another shell does), and ordinary commands stay approved.
NOT_THE_FLOOR = [
    r'pwsh -c "Get-ChildItem; Write-Host done"',
    r'pwsh -c "cd .\build; Remove-Item -Recurse .\out"',
    r'pwsh -c "Remove-Item -Recurse .\build; Write-Host done"',
    r'cmd /c "cd build && del /s /q *.obj"',
    r"pwsh -c 'gci .\logs -Filter *.log | Remove-Item'",
    r"pwsh -c '$d = \"build\"; Remove-Item $d -Recurse'",
    r"""pwsh -c '$d = "build"; Remove-Item $d -Recurse'""",
    r"pwsh -c 'Write-Host \"a;b\"; Remove-Item .\x.txt'",
    r"gci .\build | % MoveTo('.\out')",
    r"pwsh -c 'cd .\build; Remove-Item -Recurse *'",
    r"pwsh -c 'cd .\src; cd ..; Remove-Item -Recurse .\out; popd'",
    r"cmd /c 'pushd build && rd /s /q obj & popd'",
    "Move-Item .\\x.txt C:\\",
    r'cmd /c "if exist build rd /s /q build"',
    r'cmd /c "@echo off & rd /s /q build"',
    r"iex 'Get-ChildItem'",
    r"iex 'Remove-Item -Recurse .\build'",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NOT_THE_FLOOR)
def test_an_ordinary_line_is_not_the_floor_s(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision != "deny", (command, runs_in, reason)


APPROVED = [
    "cmd /c dir",
    r"Remove-Item .\build -Recurse",
    r"Remove-Item -Recurse -Force .\build",
    r"Move-Item .\a .\b",
    r"mi .\a .\b",
    r"move .\a .\b",
    r"Move-Item *.log .\logs",
    r"$d = (Get-Item build); $d | Remove-Item -Recurse",
    "Get-ChildItem | ForEach-Object Name",
]


@pytest.mark.parametrize("command", APPROVED)
def test_an_ordinary_command_is_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "autonomy"), (command, v.reason)
