"""Red team, R4.6 (the floor judges where a deletion lands, not how it is spelled) and SPEC §5 (where it runs):
a home folder -- the current user's, another user's, or the folder holding them -- named in the spellings the
floor did not read as one.

- Off the sandbox a command may run in PowerShell or cmd, which read no backslash as an escape: unquoted,
  `rd /s /q C:\\Users\\me` deletes the home there, while the shell reader reads `C:Usersme`.
- Windows and macOS (both case-insensitive by default) find `C:\\USERS\\me` and `/users/me` as the home.
- `~/../other` and `$HOME/../other` are another user's home (every home counts: which user runs the command is
  not known), as `/home/other` is.
- macOS's root user's home `/var/root` and FreeBSD's folder of homes `/usr/home` are homes, as `/root` and `/home`.
- cmd's `%NAME%` and PowerShell's `$env:NAME` are variables, as `$NAME` is: `%APPDATA%\\..\\..` is the home.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

DENIED = [("deny", "builtin_deny")] * 2

BACKSLASHES_EATEN = [
    r"rd /s /q C:\Users\me",
    r"rd /s /q C:\Users\me\\",
    r"rmdir /s /q C:\Users\me",
    r"del /s /q C:\Users\me",
    r"rm -rf C:\Users\me",
    r"Remove-Item -Recurse -Force C:\Users\me",
    r"Remove-Item -Recurse -Force C:\Users\me\.",
    r"ri -r -fo C:\Users\other",
    r"Remove-Item -Path C:\Users\me -Recurse -Force",
    r"rd /s /q C:\Users\me\..\other",
    r"rd /s /q C:\Users\Public",
    r"rd /s /q D:\Users\me",
    r"rd /s /q C:\Users\me/",
    r"rd /s /q C:\Users/me",
    r"Remove-Item -Recurse -Force \Users\me",
    r"rd /s /q %SystemDrive%\Users\me",
    r"Remove-Item -Recurse -Force $env:SystemDrive\Users\me",
    r"cd C:\Users\me && rd /s /q .",
    r"cd C:\Users\me; Remove-Item -Recurse -Force *",
    r"Set-Location C:\Users\me; Remove-Item -Recurse -Force .",
    r"Get-ChildItem C:\Users\me | Remove-Item -Recurse -Force",
    r"npm test; rd /s /q C:\Users\me",
    r"rd /s /q build\out C:\Users\me",
]

CASE_FOLDED = [
    "rm -rf /users/me",
    "rm -rf /USERS/me",
    "rm -rf /VAR/ROOT",
    "rm -rf /Private/Var/Root",
    "rm -rf /usr/HOME/me",
    "rm -rf /users",
    "rm -rf /Home/me",
    "rm -rf /HOME",
    "rm -rf /users/me/*",
    "rm -rf c:/users/me",
    "rm -rf C:/USERS/other",
    r"rd /s /q c:\users\ME",
    r"rd /s /q C:\USERS",
    "rm -rf /c/users/me",
    "rm -rf /mnt/c/USERS/me",
    "rm -rf /volumes/Main/Users/me",
    "rm -rf /VOLUMES/Main",
]

ANOTHER_HOME = [
    "rm -rf ~/../other",
    "rm -rf $HOME/../other",
    "rm -rf ${HOME}/../other",
    "rm -rf ~/../other/*",
    "rm -rf ~/../*",
    "cd ~/.. && rm -rf other",
    "cd $HOME/../other && rm -rf .",
    r"rd /s /q %USERPROFILE%\..\other",
    r"Remove-Item -Recurse -Force $HOME\..\other",
    r"Remove-Item -Recurse -Force $env:USERPROFILE\..\other",
    "rd /s /q %USERPROFILE%/../other",
]

# Homes deeper than the root's children: macOS's root user's (`/var/root`, `/private/var/root`) and FreeBSD's
# folder of homes (`/usr/home`, which `/home` links to).
DEEPER_HOMES = [
    "rm -rf /var/root",
    "rm -rf /private/var/root",
    "rm -rf /private/var/root/*",
    "rm -rf /usr/home",
    "rm -rf /usr/home/me",
    "rm -rf /usr/home/*",
    "rm -rf /usr/home/me/*",
    "cd /usr/home && rm -rf me",
    "cd /var && rm -rf root",
]

# cmd's `%NAME%` and PowerShell's `$env:NAME` are variables whose value is not known, as `$TMPDIR` is: climbing
# out of one may land anywhere (`%APPDATA%\..\..` is the home), and `$TMPDIR/..` is the floor's already.
WINDOWS_VARIABLES_CLIMBED = [
    r"rd /s /q %LOCALAPPDATA%\..\..",
    r"rd /s /q %APPDATA%\..\..",
    r"rd /s /q %TEMP%\..",
    r"rd /s /q $env:TEMP\..",
    r"Remove-Item -Recurse -Force ${env:TEMP}\..",
    r"Remove-Item -Recurse -Force $ENV:AppData\..\..",
    r"rd /s /q %FOO%\..\..",
    "rd /s /q %TEMP%/..",
    # the home's path without its drive, on the drive the command runs on
    "rd /s /q %HOMEPATH%",
    "Remove-Item -Recurse -Force $env:HOMEPATH",
    r"Remove-Item -Recurse -Force ${env:HomePath}\*",
]


@pytest.mark.parametrize(
    "command", BACKSLASHES_EATEN + CASE_FOLDED + ANOTHER_HOME + WINDOWS_VARIABLES_CLIMBED
)
def test_the_floor_denies_a_home_off_the_sandbox(command: str) -> None:
    assert auto_and_allowed(command, "agent") == DENIED, command


@pytest.mark.parametrize("command", ANOTHER_HOME[:7] + DEEPER_HOMES)
def test_another_users_home_is_denied_in_the_sandbox_too(command: str) -> None:
    assert auto_and_allowed(command, "sandbox") == DENIED, command


# Friction: deletions of ordinary folders spelt with backslashes, deeper than a home, or named like one
# elsewhere are not the floor's.
NOT_THE_FLOOR = [
    r"rd /s /q build\out",
    r"Remove-Item -Recurse -Force node_modules\.cache",
    r"del /q dist\*.js",
    r"rd /s /q C:\Users\me\src\proj\build",
    r"Remove-Item -Recurse -Force C:\Users\me\AppData\Local\Temp\proj-build",
    r"rmdir /s /q .\coverage",
    "rm -rf ~/proj/build",
    "rm -rf ~/../other/proj/build",
    "rm -rf src/users/me",
    "rm -rf ./Users/me",
    "rm -rf /srv/ws/app-1a2b3c4d/users",
    r"rd /s /q %TEMP%\build",
    r"Remove-Item -Recurse -Force $env:TEMP\proj-build",
    r"Remove-Item -Recurse -Force $env:TEMP\proj-*",
    r"rd /s /q %TEMP%",
    "rm -rf /usr/home/me/proj/build",
    "rm -rf /var/root/proj/build",
    "rm -rf /var/lib/app/cache",
    "rm -rf /usr/local/lib/node_modules/x",
    "rm -rf /private/var/folders/x/T/proj",
]


@pytest.mark.parametrize("command", NOT_THE_FLOOR)
@pytest.mark.parametrize("runs_in", ["agent", "sandbox"])
def test_an_ordinary_deletion_is_not_the_floors(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert (decision, reason) != ("deny", "builtin_deny"), (command, runs_in)


@pytest.mark.parametrize("command", ["rm -rf /users/me", "rm -rf /HOME/me", "rm -rf src/USERS"])
def test_case_is_read_as_written_in_the_sandbox(command: str) -> None:
    """Brabo's sandbox is Linux, whose names are case-sensitive: `/users` there is no home folder."""
    for verdict in auto_and_allowed(command, "sandbox"):
        assert verdict != ("deny", "builtin_deny"), command
