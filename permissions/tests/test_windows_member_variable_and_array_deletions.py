r"""SPEC §5 (where it runs), R4.6 (the floor, ``builtin_deny``), friction: PowerShell's, cmd's and Git Bash's
spellings of a drive root's or the home folder's deletion on a Windows developer's machine (runs_in ``agent`` or
``host``) that asked instead of being denied, and robocopy's ordinary mirror asking inside the project.

The class:

1. ForEach-Object given the member's name Delete -- `Get-ChildItem C:\ | % Delete`, `gci ~ | ForEach-Object
   -MemberName Delete -ArgumentList $true`, `% -m Delete`, `foreach DELETE` -- calls each piped item's Delete():
   the listing's places are deleted as by `Remove-Item -Recurse` (permissions.floor.each_deletes, read by
   permissions.where with the places piped in); so is a script block given as `-Process { $_.Delete() }`. A
   recursive listing (`-Recurse`, `-Depth`, cmd's `/s`) piped into a deleter without `-Recurse` deletes every
   file under its places: a tree too.
2. An item held by a variable and deleted by the next statement -- `$d = Get-Item C:\; $d.Delete($true)`, the
   New-Object, cast and `::new` spellings -- is that Remove-Item (permissions.commands.windows_deletions); a
   place PowerShell assigns a variable (`$h = 'C:\'; Remove-Item -Recurse $h`) is one of its values
   (permissions.where._ps_assigned).
3. Arrays and names of places: `Remove-Item -Path C:\,D:\ -Recurse` (a comma-separated array), cmd's and
   PowerShell's names of the system drive (`%SystemDrive%`, `$env:SystemDrive`, `%HOMEDRIVE%`,
   `%HOMEDRIVE%%HOMEPATH%`), a pattern glued to the home's name (`del /s /q %USERPROFILE%\*`).
4. Git Bash's spellings (its MSYS layer hands a native program `//s` as `/s` and `/c` as drive C:'s root):
   `cmd //c rd //s //q C:\\`, `rd //s //q C:\\`, `robocopy empty C:\ //MIR`, `robocopy empty /c //MIR`.
5. Friction: robocopy's switches of two letters or more (`/MIR`, `/XD`, `/R:3`, `/COPY:DAT`, `//MIR`) and its
   log in the working folder (`/LOG:robo.txt`) are no rooted places: `robocopy src dist /MIR` is approved inside
   the project (permissions.where._CMD_SWITCHES) while the floor still denies `robocopy empty C:\ /MIR`.

Guards: attacker variants that must keep asking (a statement between the variable's assignment and its
Delete(), a log outside the project, `/JOB:`, a one-letter switch Git Bash hands on as a drive, a member
deletion inside the project no rule reads), and ordinary commands of the same family that stay approved.

151 of 222 cases fail on the base.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, auto_and_allowed, term

OFF_SANDBOX = ("agent", "host")


FLOOR = [
    # 1. ForEach-Object's member Delete; a recursive listing piped into a deleter
    r"Get-ChildItem C:\ | % Delete",
    r"gci ~ | ForEach-Object -MemberName Delete",
    r"gci ~ | ForEach-Object Delete",
    r"gci ~ | % -MemberName:Delete",
    r"gci ~ | % -m Delete",
    r"Get-Item ~ | ForEach-Object -MemberName Delete -ArgumentList $true",
    r"Get-ChildItem ~ -Force | % -MemberName Delete -ArgumentList $true",
    r"gci C:\ -Force | % Delete",
    r"gci -Path C:\ | % Delete",
    r"ls ~ | % Delete",
    r"dir C:\ | ForEach-Object Delete",
    r"gci ~ | foreach Delete",
    r"gci ~ | % DELETE",
    r"gci ~ | % 'Delete'",
    r"gci C:\,D:\ | % Delete",
    r"gci $HOME | % Delete",
    r"gci $env:USERPROFILE | % Delete",
    r"gci -r ~ | % Delete",
    r"gi D:\ | % Delete",
    r"gci ~ | % { $_.Delete($true) }",
    r"gci ~ | % -Process { $_.Delete($true) }",
    r"gci ~ | ForEach-Object -Process {$_.Delete()}",
    r"gci C:\ | foreach -pr { $_.Delete($true) }",
    r"Get-ChildItem C:\ -Recurse | Remove-Item",
    r"Get-ChildItem -Path C:\ -Recurse | Remove-Item -Force",
    r"gci ~ -Recurse -Force | ri -Force",
    r"gci -Depth 2 ~ | ri",
    r"dir /s C:\ | del",
    r"gci -r C:\ -File | Remove-Item -Force",
    # 2. a variable's item deleted by the next statement
    r"$d = Get-Item C:\; $d.Delete($true)",
    r"$d = Get-Item ~; $d.Delete()",
    r"$d = gi $HOME; $d.Delete($true)",
    r"$D = Get-Item C:\; $d.Delete($true)",
    r"$d = (Get-Item C:\); $d.Delete($true)",
    r"$d = New-Object IO.DirectoryInfo C:\; $d.Delete($true)",
    r"$d = [IO.DirectoryInfo]::new('C:\'); $d.Delete($true)",
    r"$d = Get-Item 'D:\'; $d.Delete($true)",
    r"$x = gci ~ -Force; $x.Delete()",
    "$d = Get-Item C:\\\n$d.Delete($true)",
    r"$item=Get-Item -Path ~;$item.Delete($true)",
    r"$d = Get-Item src; $d = Get-Item C:\; $d.Delete($true)",
    r"pwsh -c '$d = gi C:\; $d.Delete($true)'",
    r"$h = 'C:\'; Remove-Item -Recurse -Force $h",
    r"$h = $HOME; Remove-Item -Recurse $h",
    r'$h = "D:\\"; rd /s /q $h',
    r"$d = $env:USERPROFILE; Remove-Item -Recurse $d",
    r"$d = '%USERPROFILE%'; rmdir /s /q $d",
    # 3. arrays, the system drive's names, a pattern glued to the home's name
    r"Remove-Item -Path C:\,D:\ -Recurse -Force",
    r"Remove-Item -LiteralPath C:\,src -Recurse",
    r"Remove-Item -Recurse src,C:\ -Force",
    r"ri -r build,~",
    r"Remove-Item -LiteralPath C:\ -Recurse",
    r"rmdir /s /q %USERPROFILE%",
    r"del /f /s /q %USERPROFILE%\*",
    r"rd /s /q %SystemDrive%",
    r'rd /s /q "%SystemDrive%\"',
    r"Remove-Item -Recurse -Force $env:SystemDrive",
    r"Remove-Item -Recurse -Force $env:SystemDrive/",
    r"rd /s /q %HOMEDRIVE%%HOMEPATH%",
    r"rd /s /q %HOMEDRIVE%\\",
    r"Remove-Item -Recurse ${env:SystemDrive}",
    # 4. Git Bash's spellings; robocopy's mirror stays denied
    r"cmd //c rd //s //q C:\\",
    r'cmd //c "rd /s /q C:\\"',
    r"rd //s //q C:\\",
    r"del //s //q C:\\*",
    r"robocopy empty C:\ /MIR",
    r"robocopy empty C:\ //MIR",
    r"robocopy empty C:/ //MIR",
    r"robocopy empty ~ //MIR",
    r"robocopy empty /c //MIR",
    r"robocopy empty /c /MIR",
    r"robocopy /A+:R empty C:\ /MIR",
    r"robocopy empty D:\ /PURGE /XD x /R:0",
    r"robocopy empty %USERPROFILE% /MIR /LOG:x.txt",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", FLOOR)
def test_a_windows_deletion_of_a_root_or_the_home_is_denied_by_the_floor(command: str, runs_in: str) -> None:
    assert auto_and_allowed(command, runs_in) == [("deny", "builtin_deny")] * 2, (command, runs_in)


# Friction: ordinary commands of the same family, approved in auto mode on the developer's machine.
APPROVED = [
    "robocopy src dist /MIR",
    "robocopy src dist /MIR /XD node_modules /XF *.log /LOG:robo.txt",
    "robocopy src dist /MIR /R:3 /W:1 /MT:8 /COPY:DAT /NFL /NDL /NP",
    "robocopy src dist //MIR",
    "robocopy src dist /PURGE /LOG+:robo.log",
    "robocopy src dist /MOVE /NJH /NJS",
    "robocopy src dist *.txt /MIR /UNILOG:u.log",
    "robocopy.exe src dist /MIR",
    "robocopy src dist /MIR /A-:R /IA:A /XO",
    "robocopy src dist /MIR /XD .git node_modules /XF *.tmp *.bak",
    "robocopy src dist /MIR /MAXAGE:7 /FFT /XJ",
    "Remove-Item -Recurse -Force dist,build",
    "ri -r src,build",
    "gci src -Recurse -Filter *.pyc | Remove-Item",
    "gci -r src | ri",
    "Get-ChildItem -Path dist -Recurse | Remove-Item -Force",
    "$d = Get-Item build; $d.Delete($true)",
    "gci build | ForEach-Object -Process { $_.Delete($true) }",
    "Get-ChildItem | ForEach-Object Name",
    "Remove-Item -Recurse -Force build",
    "Get-ChildItem build | Remove-Item -Recurse",
]


@pytest.mark.parametrize("command", APPROVED)
def test_an_ordinary_command_of_the_same_family_is_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "autonomy"), (command, v.reason)


# Attacker variants (and spellings left unread) that must never be auto-approved off the sandbox.
NEVER_AUTO = [
    r"robocopy src /e",  # Git Bash hands robocopy `/e` as drive E:'s root: the destination
    r"robocopy src dist /LOG:..\x.txt",
    r"robocopy src dist /LOG:C:\x.txt",
    r"robocopy src dist /LOG:/etc/x",
    r"robocopy src dist /JOB:x",
    r"robocopy src dist /SAVE:x",
    r"robocopy src C:\dist /E",
    r"robocopy src ..\other /MIR",
    r"robocopy C:\Users\me\.ssh dist /E",
    "robocopy src dist /MIR /XD C:\\",
    r"$d = Get-Item src; cd C:\; $d.Delete($true)",
    r"$d = Get-Item src; $e = Get-Item C:\; $d.Delete($true)",
    r"$d = Get-Item ..\other; $d.Delete($true)",
    r"$d = Get-Item $p; $d.Delete($true)",
    r"$d = Get-Item (Get-Content x.txt); $d.Delete($true)",
    r"gci src | % Delete",
    r"gci ~ | % MoveTo C:\x",
    r"gci ~ | Where-Object Name -like *.tmp | % Delete",
    r'pwsh -c "gci ~ | % Delete"',
    r"Get-ChildItem C:\ | Remove-Item",
    r"del /s /q %USERPROFILE%\Downloads\*.tmp",
    r"Remove-Item -Recurse ..\a,..\b",
    r"gci ..\other -Recurse | Remove-Item",
    r"$d = Get-Item ~; $d | Remove-Item -Recurse",
    r"$d = 'build'; $e = $d; Remove-Item -Recurse $e\..\..",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", NEVER_AUTO)
def test_an_attacker_variant_is_never_auto_approved(command: str, runs_in: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert v.decision != "auto_approve", (command, runs_in)


@pytest.mark.parametrize(
    ("rule", "command"),
    [
        ("Remove-Item", "$d = Get-Item build; $d.Delete($true)"),
        ("rm -r", "$d = Get-Item build; $d.Delete($true)"),
        ("robocopy", "robocopy src dist /MIR"),
    ],
)
def test_a_deny_naming_the_act_refuses_its_other_spelling(rule: str, command: str) -> None:
    v = term(command, deny=(f"Terminal({rule})",), autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "deny", (rule, command, v.reason)
