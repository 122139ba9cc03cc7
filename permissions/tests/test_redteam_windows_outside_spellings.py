"""SPEC R6.1-R6.4 (path scope) and §5 (where it runs), red team: a command decided with ``runs_in`` ``agent`` or
``host`` may run on Windows -- PowerShell, cmd, Git Bash -- where a place outside the project folder has spellings
the POSIX shell reader hides or never meets.

Written as an attacker would: each command reads or writes outside the project through one of them, with every
program on the allow list and auto mode on, so only the path scope stands between it and an auto-approval:

- unquoted, the shell reader drops a backslash, so a rooted spelling loses what makes it rooted: ``\\x`` (the root
  of the current drive) is read ``x``, ``\\\\srv\\share\\x`` (a share), ``\\\\?\\C:\\x`` and ``\\\\.\\pipe\\x``
  (devices) lose their leading pair; quoted in PowerShell, ``"\\\\srv\\x"`` is a share too;
- a drive's own current folder (``C:..\\x``, ``D:.\\x``), which no command here sets;
- PowerShell's other providers (``HKLM:\\x``, ``Cert:\\``, ``WSMan:``) and provider-qualified paths
  (``Registry::x``, ``FileSystem::C:\\x``): no file of the project (fail closed: they ask);
- a parameter's value bound with a colon (``-Path:C:\\x``, ``-Lit:..\\..\\x``, ``-Destination:/etc/x``);
- a climb in the middle of a word (``src\\..\\..\\x``, read ``src....x``), in a redirection (``< ..\\..\\x``), and
  one that ends in spaces, which Windows drops (``".. \\x"``).

Off the sandbox each asks (``require_approval``, never deny: R6.3); ordinary PowerShell, cmd and Git Bash commands
with patterns, owners and refs that only look like those spellings keep their answer.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, HOST, ROOT, allow_every_word, term

OUTSIDE = [
    # rooted, unquoted: the reader drops the backslash that roots them
    r"Get-Content \\?\C:\Windows\win.ini",
    r"type \\?\C:\Windows\win.ini",
    r"Get-Content \\.\C:\x",
    r"Get-Content \\?\UNC\srv\share\x",
    r"Get-Content \\.\PhysicalDrive0",
    r"Get-Content \\.\pipe\x",
    r"Get-Content \??\C:\x",
    r"Get-Content \\?\GLOBALROOT\Device\HarddiskVolumeShadowCopy1\x",
    r"Get-Content \\localhost\C$\Users\x\.ssh\id_rsa",
    r"Get-Content \\LOCALHOST\C$\x",
    r"Get-Content \\127.0.0.1\c$\x",
    r"Get-Content \\wsl$\Ubuntu\etc\shadow",
    r"Get-Content \\wsl.localhost\Ubuntu\etc\shadow",
    r"Get-Content \\server\share\x",
    r"Get-Content \x",
    r"type \Windows\win.ini",
    r"more < \Windows\win.ini",
    r"echo x > \x",
    r"dir /s /b \ ",
    r"Get-ChildItem -Recurse \ ",
    r"Get-ChildItem -Path \ -Recurse",
    # rooted, quoted: PowerShell reads two backslashes as a share
    r'Get-Content "\\srv\share\x"',
    r'Get-Content "\\?\C:\x"',
    r'Get-Content "\\wsl$\Ubuntu\etc\shadow"',
    # a drive's own current folder
    r"Get-Content C:..\x",
    r"Get-Content 'C:..\x'",
    r'Get-Content "D:..\x"',
    r"type C:.\x",
    r"Get-Content 'D:x\y'",
    # other providers, provider-qualified paths
    r"Get-Content HKLM:\SOFTWARE\x",
    r"Get-ItemProperty HKLM:\SOFTWARE\x",
    r"Get-ChildItem hklm:\SYSTEM",
    r"Get-ChildItem Cert:\ ",
    r"Get-ChildItem WSMan:",
    r"Get-Content Registry::HKEY_LOCAL_MACHINE\SOFTWARE\x",
    r"Get-Content FileSystem::C:\x",
    r"Get-Content Microsoft.PowerShell.Core\FileSystem::C:\x",
    # a parameter's value bound with a colon
    r"Get-Content -Path:C:\x",
    r"Get-Content -LiteralPath:..\..\x",
    r"Get-Content -Lit:'..\..\x'",
    r"Get-Content -Pa:..\..\x",
    r"Get-Content -Path:../../x",
    r"Get-Content -Path:/etc/passwd",
    r"Get-Content -Path:~\.ssh\id_rsa",
    r"Get-Content -Path:'HKLM:\x'",
    r'Get-Content -Path:"C:\x"',
    r"Get-Content -Path:'\\srv\s\x'",
    r"Copy-Item x -Destination:C:\x",
    r"Copy-Item x -Destination:..\..\x",
    r'Get-Content -Path:"C:..\x"',
    # a climb mid-word or in a redirection
    r"Get-Content src\..\..\x",
    r"Get-Content src\lib\..\..\..\x",
    # a climb ending in spaces, which Windows drops (`.. ` is `..`)
    r'Get-Content ".. \x"',
    r"Get-Content '.. \secrets.txt'",
    r'Set-Content ".. \x" y',
    r"more < ..\..\x",
    r"Get-Content < ..\..\x",
]

ORDINARY = [
    r"Get-Content .\src\app.ts",
    r"Get-Content src\app.ts",
    r"Get-Content src\..\app.ts",
    r"Get-Content src\lib\..\app.ts",
    r"dir /s /b *.py",
    r"Test-Path .\package.json",
    r"Get-Content -Path .\src\*.ts",
    r"Get-ChildItem -Recurse -Filter *.py",
    r"Get-ChildItem -Path:src",
    r"Get-ChildItem -Path:src\lib",
    r"Copy-Item -Path:src\a.ts -Destination:src\b.ts",
    r"Set-Content .\notes.txt x",
    r'Get-Content "my file.txt"',
    r'Get-Content "src\my dir \x"',
    r'Get-Content "src\.. \x"',
    r"Select-String -Pattern '\d+' -Path src\*.cs",
    r"Select-String '\d+' src\a.cs",
    r"Select-String -Path src\*.cs -Pattern 'class \w+Controller'",
    r'findstr "\<foo" x.txt',
    r"grep '\bfoo' src",
    r"git grep '\bx'",
    r"sed 's/\s//' x.txt",
    r"printf 'a\nb' > x.txt",
    r'echo "a \\n" > x.txt',
    r"echo '\n'",
    r'Write-Output "\x"',
    r"find . -name \*.py",
    r"echo \$HOME",
    r"git show HEAD:src/app.ts",
    r"git diff main:src/a.ts",
    r"setfacl -m u:bob:rw x",
    r"chown u:g build",
    r"cargo test tests::foo",
    r"Get-Item Env:PATH",  # (`Get-ChildItem Env:` prints every variable: test_redteam_environment_printed)
    r"Get-ItemProperty HKCU:\Environment",
]


def _answer(command: str, runs_in: str) -> str:
    v = term(command, allow_every_word(command), autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in=runs_in)
    return f"{v.decision}:{v.reason}"


@pytest.mark.parametrize("command", OUTSIDE)
@pytest.mark.parametrize("runs_in", ["agent", "host"])
def test_a_windows_spelling_of_an_outside_place_asks(command, runs_in):
    assert _answer(command, runs_in) == "require_approval:cap_path_scope", command


@pytest.mark.parametrize("command", ORDINARY)
def test_an_ordinary_windows_command_keeps_its_answer(command):
    assert _answer(command, "agent") == "auto_approve:allow_rule", command
