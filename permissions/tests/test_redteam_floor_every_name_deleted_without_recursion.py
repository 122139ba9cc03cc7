"""R4.6 [beyond], red team: the floor judges where a deletion lands, whatever the recursion flag. `rm -f ~/*` deletes
every file of the home folder (its folders fail alone), as `find ~ -maxdepth 1 -delete` does -- which the floor
denied while the `rm` was auto-approved on the container floor and in auto mode. A deleter run without recursion on a
pattern over every name of the root or a home (`*`, `.*`, `?*`, `.[!.]*`, `.??*`, `[a-z]*`) is the floor's now, as
is a one-file deleter or overwriter on one (`unlink`, `shred`, `shred -u`), such a pattern handed on by xargs or
given by a variable (`echo ~/* | xargs rm -f`, `for f in ~/*; do rm -f "$f"; done`), and a one-file deleter fd runs
on each file it finds below the root or a home (`fd . ~ -x rm`, as `find ~ -exec rm {} +` is read).

A pattern naming some files only (`~/*.log`, `/tmp/*`, a project's `*.pyc`) stays what it was: R4.6 is a floor, not a
safety list.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, assert_floor_denies, term

EVERY_NAME_OF_THE_ROOT_OR_HOME = [
    "rm -f ~/*",
    "rm ~/*",
    "rm -f ~/.*",
    "rm -f ~/.[!.]*",
    "rm -f ~/.??*",
    "rm -f ~/?*",
    "rm -f ~/[a-z]*",
    "rm -f ~/* ~/.*",
    "rm -f ~/**",
    "rm /*",
    "rm -f /*",
    "rm -f /.*",
    "rm -- $HOME/*",
    "rm -f $HOME/*",
    'rm -f "$HOME"/*',
    "rm -f ${HOME}/*",
    "rm -fv ~/*",
    "rm -i -f ~/*",
    "rm -d ~/*",
    "rm -f /root/*",
    "rm -f /home/me/*",
    "rm -f /Users/me/*",
    "rm -f /home/*/*",
    "sudo rm -f ~/*",
    "env rm -f /*",
    "/bin/rm -f ~/*",
    "command rm ~/*",
    "cd ~ && rm -f *",
    "cd / && rm -f *",
    "cd; rm -f .*",
    "h=~; rm -f $h/*",
    "srm -f ~/*",
    "unlink ~/*",
    "unlink /*",
    "shred ~/*",
    "shred -u ~/*",
    "shred -u -z -n 3 /*",
    "shred --remove ~/.*",
    "sudo shred -u /root/*",
    "cd ~ && shred -u *",
    "gunlink ~/*",
    # handed on by xargs, or given by a variable (each a word the floor resolves)
    "echo ~/* | xargs rm -f",
    "printf '%s\\0' ~/* | xargs -0 rm -f",
    "echo /* | xargs rm",
    "x=~/*; rm -f $x",
    'for f in ~/*; do rm -f "$f"; done',
    "for f in /*; do unlink $f; done",
    "ls -A ~ | xargs -I{} rm -f ~/{}",
    "ls / | xargs -I % rm /%",
    # a deleter of one file run on each file fd finds below the root or a home (as find's -exec is read)
    "fd . ~ -x rm",
    "fd . ~ --exec rm -f",
    "fd -H . ~ -X rm",
    "fd -H . ~ --exec rm {}",
    "fd -t f . / -x shred -u",
    "fd . $HOME -x unlink",
    "fd -d 1 . ~ -X rm -f",
]


@pytest.mark.parametrize("command", EVERY_NAME_OF_THE_ROOT_OR_HOME)
def test_every_name_of_the_root_or_home_deleted_without_recursion_is_the_floor(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize(
    "command",
    [
        "rm -f *.pyc",
        "rm -f build/*",
        "rm -f ./*.log",
        "rm -f dist/*",
        "rm -f src/*.orig",
        "rm x",
        "rm -f /tmp/*",
        "rm -f /tmp/build-*",
        "unlink stale.lock",
        "shred -u secret.txt",
        "shred -u tmp/*",
        'for f in *.pyc; do rm -f "$f"; done',
        "rm -f *",
        "rm -f .*",
        "ls *.log | xargs -I{} rm -f {}",
        "ls | xargs -I{} rm -f build/{}",
        "echo build/* | xargs rm -f",
        "fd -e pyc . src -x rm",
        "fd -e orig . -X rm -f",
    ],
)
def test_ordinary_deletions_of_some_files_stay_what_they_were(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, cwd="/srv/ws/app-1a2b3c4d")
    assert v.reason != "builtin_deny", command


@pytest.mark.parametrize("command", ["rm -f ~/*.log", "rm -f ~/x*", "rm ~/notes.txt", "unlink ~/.lock"])
def test_some_files_of_the_home_are_not_the_floors(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE)
    assert v.reason != "builtin_deny", command


# Off the sandbox (SPEC §5: the machine may be Windows): every name of a drive's root deleted without recursion by
# cmd's and PowerShell's deleters, as `rm -f /*` is; and a folder a program is told to clear named by cmd's variable
# for the home folder (`%USERPROFILE%`, as `rm -rf %USERPROFILE%` is read).
EVERY_NAME_OF_A_DRIVE = [
    "del /q C:\\*",
    "erase /q D:\\*",
    "del /f /q C:\\*",
    "Remove-Item -Force C:\\*",
    "Remove-Item C:\\*",
    "ri -fo D:\\*",
    "rm -f C:\\*",
    "cargo clean --target-dir %USERPROFILE%",
    "pytest --basetemp=%USERPROFILE%",
]


@pytest.mark.parametrize("command", EVERY_NAME_OF_A_DRIVE)
def test_every_name_of_a_drive_deleted_without_recursion_is_the_floor_off_the_sandbox(command: str) -> None:
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in="agent"),
        term(command, allow=allow_every_word(command), runs_in="agent"),
    ):
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.reason)


@pytest.mark.parametrize(
    "command",
    ["del x.txt", "del /q build\\*", "del /q *.log", "Remove-Item C:\\Users\\me\\*.log", "del /q ~*"],
)
def test_some_files_on_windows_are_not_the_floors(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.reason != "builtin_deny", command
