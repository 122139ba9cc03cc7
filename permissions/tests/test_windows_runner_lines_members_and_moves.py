r"""SPEC §5 (where it runs: a coding agent's hook on a Windows developer's machine, runs_in ``agent`` or ``host``),
R4.6 (the floor, ``builtin_deny``), R4.9: PowerShell's deletions and moves of a drive's root or the home folder
reached through a runner's line, a pipeline's member call or a variable, which asked instead of being denied.

The class (permissions.commands.windows_deletions, permissions.commands.windows.powershell_statements):

1. ForEach-Object given the member's name Delete in the line a Windows runner runs -- `pwsh -c "gci ~ | %
   Delete"`, `powershell -Command "Get-ChildItem C:\ | ForEach-Object -MemberName Delete"`, `cmd /c powershell
   -c "..."` -- is the Remove-Item -Recurse of the listing's places, as it is written directly
   (permissions.floor.each_deletes). A listing with no place of its own (`Get-ChildItem -Recurse | % {
   $_.Delete() }`) deletes what the working folder holds: it is read as `Remove-Item -Recurse *` (asked: the
   files that decide what runs later are among them) where it was auto-approved.
2. An item held by a variable and piped into ForEach-Object's Delete by the next statement (`$d = Get-Item ~; $d
   | % Delete`, `$D` for `$d`: PowerShell's names ignore case), as its `$d.Delete($true)` is.
3. An item's move by its own method or by .NET -- `(Get-Item ~).MoveTo('D:\x')`, `(New-Object IO.DirectoryInfo
   ~).MoveTo(...)`, `[IO.DirectoryInfo]::new('C:\').MoveTo(...)`, `[IO.Directory]::Move('C:\', ...)`,
   VisualBasic's `MoveDirectory` -- is the `mv X Y` it does: the floor denies a move of a drive's root or the home
   folder as it denies `mv ~ x`, a deny of Move-Item or mv refuses it, a move of `.git` asks (R3.7).
4. A double-quoted string ending in a backslash (`$p = "C:\"; Remove-Item $p -Recurse -Force`): PowerShell closes
   it where bash reads an escaped quote and the rest of the line inside the string; it is read as the
   single-quoted string of the same text, so the variable's place reaches the floor.

Ruling where SPEC is silent (the safest reading): a listing piped into `% Delete` written directly inside the
project (`gci src | % Delete`) keeps asking as a method no rule reads (session 25's guard), while in a runner's line
a root's or the home's is the floor's; an item moved inside the project by .NET (`(gi src).MoveTo('dst')`,
`[IO.File]::Move('a', 'b')`) is what `mv src dst` is (session 24 read `.Delete()` so) -- older test changed:
test_redteam_windows_calls_dots_and_aliases (`[IO.File]::Move('a', 'b')` left its list of unread calls). A quoted
string holding `$`, or a command holding `$(` or a backtick, is left as bash reads it (bash would run the
substitution the single quotes would hide).

Friction kept (guards): ordinary listings, moves inside the project, `Get-ChildItem "src\"`.

Left for other files (asked, never auto-approved, but not the floor's yet): a runner's line past its first statement
(`pwsh -c "echo hi; Remove-Item -Recurse ~"`: permissions.floor.windows_inner), `gci ~ | % MoveTo C:\x` and a move in
a runner's line (permissions.floor.each_deletes), `$d = Get-Item ~; $d | Remove-Item -Recurse` and `$P = 'C:\';
Remove-Item $p` (permissions.where's values), `$d = C:\; ...`. (Session 27 read the runner's line, MoveTo and
`$P = 'C:\'; Remove-Item $p`: test_windows_deletions_past_the_first_statement.)

59 of this file's 81 cases fail on the base (the guards that pass there: the attacker variants that asked already, and four
ordinary commands).
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_rule_refuses, auto_and_allowed, term

OFF_SANDBOX = ("agent", "host")

FLOOR = [
    # 1. a runner's line: ForEach-Object's member Delete
    r'pwsh -c "gci ~ | % Delete"',
    r'pwsh -Command "gci ~ | ForEach-Object -MemberName Delete"',
    r'powershell -Command "Get-ChildItem C:\ | ForEach-Object Delete"',
    r'powershell -NoProfile -c "Get-ChildItem $HOME -Force | % -m:Delete"',
    r'pwsh.exe -c "ls ~ | foreach Delete $true"',
    r'cmd /c powershell -c "gci ~ -Force | foreach -m:Delete"',
    r'pwsh -c "gci C:\,D:\ | % Delete"',
    # 2. a held item piped into the member Delete
    r"$d = Get-Item ~; $d | % Delete",
    r"$d = gci C:\; $D | ForEach-Object -MemberName Delete",
    r"$x = Get-Item $HOME; $X | % Delete $true",
    # 3. moves of a root or the home folder
    r"(gi ~).MoveTo('C:\x')",
    r"(Get-Item -Path ~ -Force).MoveTo('D:\old')",
    r"(Get-Item $HOME).MoveTo('D:\old')",
    r"[IO.Directory]::Move('C:\', 'D:\x')",
    r"[System.IO.Directory]::Move($HOME, 'D:\x')",
    r"[Microsoft.VisualBasic.FileIO.FileSystem]::MoveDirectory('C:\Users\me', 'D:\x')",
    r"(New-Object IO.DirectoryInfo ~).MoveTo('D:\x')",
    r"([IO.DirectoryInfo]'C:\').MoveTo('D:\x')",
    r"[IO.DirectoryInfo]::new('C:\').MoveTo('D:\x')",
    r"$null = (gi ~).MoveTo('D:\x')",
    r"(Get-Item -LiteralPath $env:USERPROFILE).MoveTo('D:\x')",
    # 4. a string ending in a backslash, held by a variable
    r'$p = "C:\"; Remove-Item $p -Recurse -Force',
    r'$P = "C:\"; Remove-Item $P -Recurse -Force',
    r'$p = "D:\"; rd $p -Recurse',
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", FLOOR)
def test_a_root_or_home_deleted_or_moved_this_way_is_the_floor_s(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in):
        assert verdict == ("deny", "builtin_deny"), (command, runs_in, verdict)


# Attacker variants that must never be auto-approved off the sandbox (asked, by the path scope, R3.7 or as read
# no further).
NEVER_AUTO = [
    "Get-ChildItem -Recurse | % { $_.Delete() }",  # the working folder's every item: `.claude` among them
    "gci -Force | ForEach-Object { $_.Delete() }",
    "$d = gci -Force; $d | % Delete",
    'pwsh -c "gci src | % Delete"',
    "gci src | % Delete",
    "(gi .git).MoveTo('old-git')",
    "(gi .claude).MoveTo('x')",
    "[IO.Directory]::Move('..\\other', 'x')",
    "(gi src).MoveTo('C:\\elsewhere')",
    '$h = "$HOME\\"; Remove-Item $h -Recurse',
    'echo "a\\" ; rm -rf ~ ; echo \\"b"',
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NEVER_AUTO)
def test_an_attacker_variant_is_never_auto_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in, v.reason)


# R4.10: a deny of the cmdlet (or of its POSIX program) refuses the move it is read as
@pytest.mark.parametrize(
    ("rule", "command"),
    [
        ("Move-Item", "(gi src).MoveTo('dst')"),
        ("mv", "[IO.File]::Move('a.txt', 'b.txt')"),
        ("Move-Item", "[IO.Directory]::Move('src', 'dst')"),
    ],
)
def test_a_deny_of_the_move_refuses_its_net_spelling(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent")


# Friction (guards, or newly read): ordinary commands of the same family, approved in auto mode on the developer's
# machine.
APPROVED = [
    "(gi src).MoveTo('dst')",  # newly read: `mv src dst`
    "[IO.File]::Move('a.txt', 'b.txt')",  # newly read
    'Get-ChildItem "src\\"',  # newly read: PowerShell's closed string
    'Get-ChildItem "src\\" | Select-Object Name',  # newly read
    "(gi build).Delete($true)",
    "Get-ChildItem build | Remove-Item -Recurse",
    "Get-ChildItem | ForEach-Object Name",
    "$d = Get-Item build; $d.Delete($true)",
]


@pytest.mark.parametrize("command", APPROVED)
def test_an_ordinary_command_of_the_same_family_is_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "autonomy"), (command, v.reason)
