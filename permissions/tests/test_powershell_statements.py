r"""SPEC §5 (where it runs), R6.2, friction and red team: PowerShell's own statements in the commands an agent runs
on a Windows developer's machine (runs_in ``agent`` or ``host``), read as PowerShell reads them -- and as bash
(Git Bash) and cmd read the same text, since the command may run in any of the three.

Readings chosen where SPEC is silent (the safest a careful user would expect):
- ``$env:NAME = 'text'`` (``$env:NAME='text'``) sets a variable of the session's environment, as bash's ``export
  NAME=text`` does: neutral (it needs no allow and never auto-approves a command by itself, as ``true`` or a
  loop's ``do``), off the sandbox only. The value is plain text: no expansion (``$``, a backtick, a
  subexpression), no ``..``, no drive, no rooted path, no list (``;``); anything else is read as before. Which
  names decide what later commands run or switch Brabo's hook off is the table the POSIX reading has
  (permissions.commands.environment.windows_variable): those still ask. bash runs no command of it while the
  command gives ``env`` no value of its own (``env='rm -rf src'; $env:X = 'y'`` runs ``rm -rf src:X = y``): a
  command that names the word ``env`` on its own is read as before.
- A segment led by an environment variable read whole (``$env:PATH -split ';'``) is what the rules say of its
  words, off the sandbox, when nothing else of it is opaque: to PowerShell ``$env:PATH`` is as literal a command
  word as ``git`` (an allow ``$env:PATH`` covers it as ``git`` covers ``git status``), and bash runs no command
  of it (as above). What it sets (``=``, ``+=``), runs (a script block's statements) or writes is read as before.
- ``$env:NAME`` is PowerShell's notation for an item of the drive named ``env``: a command that makes or removes a
  drive (``Remove-PSDrive``, ``New-PSDrive``, ``mount``, ``ndr``, ``rdr``) is read as before.
- ``1..3`` (a range PowerShell hands down a pipeline) and ``.Count`` right after a closing parenthesis (a
  property of what the parenthesised command printed: bash reads ``(x).Count`` as a syntax error and runs
  nothing of its line) are neutral too; the parenthesised command is a segment judged on its own.
- The path scope follows ``Set-Location``, ``sl``, ``chdir``, ``CD``, ``cd..``, ``Push-Location`` and
  ``Pop-Location`` as it follows bash's ``cd``, ``pushd`` and ``popd``: a move narrows where the next command
  runs only in an ``&&`` chain (PowerShell 7; after ``;`` the move may have failed); a target known only when it
  runs (a drive, a provider, a share, a variable, ``-``, a named stack) is somewhere unknown; a move that may
  leave the project with a command after it is outside (``cd.. && type x``, ``Pop-Location; gc x``, ``CD && gc
  x`` -- the home folder, PowerShell 6 and later). A move that is the command's last segment is judged by its
  target word alone, as before (``Push-Location x; npm test; Pop-Location``). A ``Pop-Location`` past what the
  command pushed stays where it is (each command starts in a new PowerShell, whose stack is empty: the reading
  the Windows writers' check already has); one of a named stack (``-StackName``) goes somewhere unknown.
- ``$PWD`` (as written, alone or before ``/``) is the folder the command is in, when the command gives it no value.
- The pipeline item of a script block fed by a listing of the project (``Get-ChildItem -Recurse *.json |
  ForEach-Object { Get-Content $_.FullName }``, through Where-Object filters) is a file listed there: inside when
  the listing names only plain relative names. The item of what a file holds, of a listing elsewhere, or a
  property of it that leads elsewhere (``$_.Target``) is still a location decided when it runs.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, ROOT, term
from .redteam import never_auto_where

OFF_SANDBOX = ("agent", "host")
EVERYWHERE = ("sandbox", "agent", "host")

# The allow list a Windows team writes (bench/windows_commands.py holds the whole of it).
WINDOWS_TEAM = tuple(
    f"Terminal({p})"
    for p in (
        "Get-ChildItem",
        "Get-Content",
        "Get-Item",
        "Select-String",
        "Select-Object",
        "Measure-Object",
        "Where-Object",
        "ForEach-Object",
        "ConvertFrom-Json",
        "Write-Output",
        "Join-Path",
        "$env:PATH",
        "Set-Location",
        "Push-Location",
        "Pop-Location",
        "git ls-files",
        "npm test",
        "npm run",
        "npm ci",
        "npx",
        "npx vitest",  # R4.8: bare `npx` runs any package; a prefix covers only the packages it names
        "pnpm",
        "pytest",
        "python -m pytest",
        "cargo test",
        "dotnet test",
    )
)


def _approved(command: str) -> None:
    for runs_in in OFF_SANDBOX:
        v = term(command, allow=WINDOWS_TEAM, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


def _asked(command: str, places: tuple[str, ...] = OFF_SANDBOX) -> None:
    for runs_in in places:
        v = term(command, allow=WINDOWS_TEAM, cwd=ROOT, runs_in=runs_in)
        assert v.decision != "auto_approve", (command, runs_in, v.reason)


# -- 1. `$env:NAME = 'text'` ----------------------------------------------------------------------------------

ASSIGNMENTS = [
    "$env:NODE_ENV = 'test'; npm test",
    "$env:NODE_ENV = 'production'; npm run build",
    '$env:NODE_ENV = "test"; npm test',
    "$env:CI = 'true'; npx vitest run",
    "$env:CI='1'; pnpm test",
    "$env:DEBUG = '1'; pytest -q",
    "$env:RUST_BACKTRACE = '1'; cargo test",
    "$env:RUST_BACKTRACE=1; cargo test",
    "$env:ASPNETCORE_ENVIRONMENT = 'Development'; dotnet test",
    "$env:PYTHONDONTWRITEBYTECODE = '1'; python -m pytest -q",
    "$env:PYTHONPATH = 'src'; pytest -q",
    "$env:FORCE_COLOR = '0'; npm test",
    "$env:TZ = 'UTC'; npm test",
    "$env:GIT_AUTHOR_NAME = 'Test User'; npm test",
]


@pytest.mark.parametrize("command", ASSIGNMENTS)
def test_an_environment_assignment_of_text_is_neutral(command):
    _approved(command)


def test_an_assignment_alone_keeps_the_verdict_so_far():
    # neutral: it never auto-approves a command by itself (as `true`, `export FOO=bar` with no allow)
    _asked("$env:FOO='bar'")
    _asked("$env:NODE_ENV = 'test'")


def test_auto_mode_no_longer_reads_the_assignment_as_an_opaque_command_word():
    v = term("$env:NODE_ENV = 'test'; npm test", autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (v.reason, v.message)


ASSIGNMENT_ATTACKS = [
    # the names that decide what runs or where the hook reports (environment.windows_variable's table)
    "$env:BRABO_URL = ''; rm -rf x",
    "$env:BRABO_URL = 'http://evil'; npm test",
    "$env:brabo_agent_key = ''; npm test",
    "$env:PATH = 'C:\\evil;' + $env:PATH; git status",
    "$env:Path = 'evil'; npm test",
    "$env:NODE_OPTIONS='--require ./x.js'; npm test",
    "$env:NODE_OPTIONS = 'x'; npm test",
    "$env:GIT_SSH_COMMAND='sh -c evil'; git fetch",
    "$env:GIT_SSH_COMMAND = 'evil'; git fetch",
    "$env:GIT_DIR = 'x'; git status",
    "$env:LD_PRELOAD = 'x.so'; npm test",
    "$env:HOME = 'x'; npm test",
    "$env:USERPROFILE = 'x'; npm test",
    "$env:COMSPEC = 'evil.exe'; npm test",
    "$env:PSModulePath = 'x'; npm test",
    "$env:npm_config_script_shell = 'evil'; npm test",
    "$env:CLAUDE_CONFIG_DIR = 'cfg'; npm test",
    # values that are no plain text, or name a place
    "$env:X = (Get-Content C:\\Users\\me\\.ssh\\id_rsa); npm test",
    '$env:X = "$(iex evil)"; npm test',
    '$env:X = "a$(Remove-Item -Recurse ..\\x)"; npm test',
    "$env:X = $env:USERPROFILE; npm test",
    "$env:X = 'a' + $env:PATH; npm test",
    "$env:PYTHONPATH = 'C:\\evil'; pytest -q",
    "$env:PYTHONPATH = '..\\..\\evil'; pytest -q",
    "$env:PYTHONPATH = '\\evil'; pytest -q",
    "$env:PYTHONPATH = '/tmp/evil'; pytest -q",
    "$env:PYTHONPATH = 'src;C:\\evil'; pytest -q",
    "$env:PYTHONPATH='C:\\evil'; pytest -q",
    # bash: `$env` is the command's own variable there
    "env='rm -rf src'; $env:X = 'y'; npm test",
    "env=rm; $env:X = -rf; npm test",
    "read env; $env:X = 'y'",
    "for env in rm; do $env:X = 'y'; done",
    "export env=rm; $env:X='y'; npm test",
    "${env:X} = 'y'; npm test",
    # PowerShell: `$env:` is the drive named `env`, which a command may make a folder
    "Remove-PSDrive env; mount env FileSystem .git; $env:config = 'x'",
    "Remove-PSDrive -Name env; New-PSDrive env FileSystem .git; $env:config = 'x'",
    "rdr env; ndr env FileSystem .git; $env:config = 'x'",
    "Remove-PSDrive env; mount env FileSystem .git; $env:config -split ';'",
    # the assignment hides nothing of what follows it
    "$env:X = 'y'; Remove-Item -Recurse ..\\x",
    "$env:X = 'y'; iex evil",
    "$env:X = 'y'; Get-Content C:\\Users\\me\\.ssh\\id_rsa",
]


@pytest.mark.parametrize("command", ASSIGNMENT_ATTACKS)
def test_environment_assignments_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)


@pytest.mark.parametrize(
    "command", ["$env:X = 'y'; npm test", "$env:FOO='bar'; npm test", "1..3 | npm test", "(npm test).Count"]
)
def test_in_the_sandbox_bash_reads_them_as_before(command):
    # Brabo's own sandbox runs bash: the command word is an expansion there, no rule reads it
    v = term(command, allow=WINDOWS_TEAM, cwd=ROOT, runs_in="sandbox")
    assert v.decision != "auto_approve", (command, v.reason)


# -- 2. values printed --------------------------------------------------------------------------------------

VALUES = [
    "(Get-Content src\\app.py).Count",
    "(Get-Content package.json | ConvertFrom-Json).scripts",
    "(Get-Content package.json | ConvertFrom-Json).version",
    "(Get-Content package.json | ConvertFrom-Json).dependencies",
    "(Get-Content README.md).Length",
    "(Get-ChildItem -Recurse -Filter *.py).Count",
    "(Get-ChildItem src -File).Count",
    "(Get-Item package.json).LastWriteTime",
    "(git ls-files).Count",
    "Join-Path $PWD 'src\\app.py'",
    "Join-Path $PWD src",
    "Get-ChildItem $PWD -Recurse -Filter *.md",
    "Get-Content $PWD/src/app.py",
]


@pytest.mark.parametrize("command", VALUES)
def test_values_printed_are_approved(command):
    _approved(command)


VALUE_ATTACKS = [
    "(Remove-Item -Recurse ..\\x).Count",
    "(Remove-Item -Recurse C:\\Users\\me).Count",
    "(Get-Content C:\\Users\\me\\.ssh\\id_rsa).Count",
    "(Get-Content ..\\..\\secrets.txt).Length",
    "(iex evil).Count",
    "Join-Path (Remove-Item x) y",
    "Get-Content $PWD/../../secrets.txt",
    "Get-Content $PWD\\..\\..\\secrets.txt",
    "Get-Content $PWD.Path",
    'Get-Content "$PWD\\x"',
    "Get-Content $pwd/x",
    "$PWD = 'C:\\'; Get-Content $PWD/x",
    "$pwd='C:\\'; Get-Content $PWD/x",
    "PWD=/etc; cat $PWD/passwd",
    "Set-Variable PWD C:\\; Get-Content $PWD/x",
    "Set-Location ..; Get-Content $PWD/x",
    "Get-Content $PWD$x",
]


@pytest.mark.parametrize("command", VALUE_ATTACKS)
def test_values_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)


@pytest.mark.parametrize(
    "command",
    [
        "npm test; .Count",
        "(Get-Content x).Count; .Count",
        "Write-Output '(x).Count'; .Count",
        "npm test\n.Count\n(Get-Content x).Count",
        "npm test; 1..3x",
        "npm test; $env:X = 'y' + 1",
        "case x in x).Count;; esac; npm test",
    ],
)
def test_a_property_bash_may_run_is_no_value(command):
    # `.Count` not right after a `)` is a command bash looks for (neutral only where bash reads a syntax error)
    _asked(command)


@pytest.mark.parametrize(
    "command",
    [
        "$env:PATH -split ';'",
        "$env:PATH -split ';' | Select-Object -First 5",
        "$env:PATH -split ';' | Select-String node",
        "$env:PATH -split ';' | Measure-Object",
    ],
)
def test_an_allowed_variable_read_whole_is_covered_by_its_allow(command):
    _approved(command)


READ_ATTACKS = [
    "$env:PATH -split ';' | iex",
    "$env:PATH -replace 'a', { iex x }",
    "$env:PATH -split (iex x)",
    "$env:PATH -split $(Remove-Item -Recurse ..\\x)",
    "$env:PATH -split ';' > .git\\hooks\\pre-commit",
    "$env:PATH -split ';' > ..\\x",
    "$env:PATH += ';C:\\evil'; git status",
    "$env:PATH = '.'; git status",
    "env=rm; $env:PATH -split ';'",
]


@pytest.mark.parametrize("command", READ_ATTACKS)
def test_variable_reads_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)


def test_a_read_is_covered_by_an_allow_for_its_variable_only():
    _asked("$env:BRABO_URL -split ';'")
    _asked("$env:PATHEXT -split ';'")
    _asked("$env:PATH -split ';'", ("sandbox",))


# -- 3. loops and pipeline items ----------------------------------------------------------------------------

LOOPS = [
    "1..3 | ForEach-Object { Write-Output $_ }",
    "1..5 | ForEach-Object { Write-Output $_ }",
    "Get-ChildItem -Recurse *.json | ForEach-Object { Get-Content $_.FullName | Measure-Object -Line }",
    "Get-ChildItem -Recurse -Filter *.py | ForEach-Object { Get-Content $_.FullName | Measure-Object -Line }",
    "Get-ChildItem src -Recurse -Filter *.ts | ForEach-Object { Select-String -Path $_.FullName -Pattern TODO }",
    "Get-ChildItem tests -Filter *.py | ForEach-Object { Get-Content $_.FullName -TotalCount 5 }",
    "Get-ChildItem -Recurse *.json | Where-Object { $_.Length -gt 0 } | ForEach-Object { Get-Content $_.FullName }",
    "Get-ChildItem src\\*.md | ForEach-Object { Get-Content $_ }",
]


@pytest.mark.parametrize("command", LOOPS)
def test_loops_over_a_listing_of_the_project_are_approved(command):
    _approved(command)


LOOP_ATTACKS = [
    "Get-ChildItem C:\\ | ForEach-Object { Get-Content $_.FullName }",
    "Get-ChildItem ..\\.. | ForEach-Object { Get-Content $_.FullName }",
    "Get-ChildItem ~ | ForEach-Object { Get-Content $_.FullName }",
    "Get-ChildItem $env:USERPROFILE | ForEach-Object { Get-Content $_.FullName }",
    "Get-ChildItem Env: | ForEach-Object { Get-Content $_ }",
    "Get-ChildItem HKCU:\\ | ForEach-Object { Get-Content $_.PSPath }",
    "Get-ChildItem -Path \\\\srv\\share | ForEach-Object { Get-Content $_.FullName }",
    "Get-Content files.txt | ForEach-Object { Get-Content $_ }",
    "Get-ChildItem | ForEach-Object { Get-Content $_.Target }",
    "Get-ChildItem | ForEach-Object { Get-Content $_.Directory.Parent }",
    "Get-ChildItem | Select-Object -ExpandProperty Target | ForEach-Object { Get-Content $_ }",
    "Get-ChildItem | ForEach-Object { Get-Content $_.FullName | ForEach-Object { Get-Content $_ } }",
    "1..3 | ForEach-Object { iex $_ }",
    "1..3 | ForEach-Object { Invoke-Expression $_ }",
    "1..3 | ForEach-Object { Get-Content $_ }",
    "foreach ($f in Get-ChildItem ..\\..) { Remove-Item $f }",
    "Get-ChildItem ..\\.. | ForEach-Object { Remove-Item $_.FullName }",
]


@pytest.mark.parametrize("command", LOOP_ATTACKS)
def test_loops_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)


# -- 4. Set-Location, Push-Location, Pop-Location -------------------------------------------------------------

MOVES = [
    "Set-Location frontend && npm test",
    "Set-Location frontend && npm run build && Set-Location ..",
    "Set-Location packages\\ui && npm test && Set-Location ..\\..",
    "Set-Location src && Get-Content ..\\README.md",
    "Set-Location src && Get-ChildItem ..\\tests",
    "Set-Location -LiteralPath src && Get-Content ..\\README.md",
    "Push-Location frontend && npm ci && Pop-Location",
    "Push-Location packages\\ui && npm test && Pop-Location && Get-ChildItem",
    "Push-Location packages\\ui; npm test; Pop-Location",
    "Set-Location src; npm test",
]


@pytest.mark.parametrize("command", MOVES)
def test_moves_inside_the_project_are_followed(command):
    _approved(command)


MOVE_ATTACKS = [
    "Set-Location ..; Remove-Item -Recurse x",
    "Set-Location ..; Get-Content x",
    "Set-Location C:\\; Get-Content x",
    "Set-Location C:\\ && Get-Content x",
    "Set-Location ..\\.. && Get-Content x",
    "Set-Location ..\\..; Get-Content secrets.txt",
    "Set-Location frontend; npm run build; Set-Location ..; Get-Content x",
    "Set-Location nope; Set-Location ..; Get-Content x",
    "Set-Location nope; Set-Location ..\\x",
    "Set-Location -StackName s src && Get-Content ..\\x",
    "Set-Location -Path:src && Get-Content ..\\x",
    "Set-Location -Path:.. ; Get-Content x",
    "Set-Location -LiteralPath .. ; Get-Content x",
    "Set-Location HKCU:\\ && Get-Content x",
    "Set-Location Env: && Get-Content x",
    "Set-Location $env:TEMP && Get-Content x",
    "Set-Location ~ && Get-Content x",
    "Set-Location - && Get-Content x",
    "Set-Location \\\\srv\\share && Get-Content x",
    "sl .. ; gc x",
    "chdir .. && type x",
    "cd.. && Get-Content secrets.txt",
    "cd.. ; type x",
    "CD && type x",
    "Pop-Location -StackName s; Get-Content x",
    "Push-Location -StackName s src && Pop-Location && Get-Content x",
    "Push-Location src && Get-Content ..\\..\\x",
    "Push-Location src && Pop-Location && Pop-Location && Get-Content ..\\x",
    "Push-Location ..; Remove-Item -Recurse x",
    "Set-Location src && Set-Location .. && Set-Location .. && Get-Content x",
]


@pytest.mark.parametrize("command", MOVE_ATTACKS)
def test_moves_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)


@pytest.mark.parametrize(
    "command",
    [
        "cd frontend && npm test && cd ..",
        "cd frontend; npm test; cd ..; cat x",
        "pushd src && npm test && popd",
    ],
)
def test_bash_moves_read_as_before(command):
    # the same text as bash reads it keeps its reading everywhere (cd, pushd, popd as written)
    expected = term(
        command, allow=WINDOWS_TEAM + ("Terminal(cd)", "Terminal(cat)"), cwd=ROOT, runs_in="sandbox"
    )
    for runs_in in OFF_SANDBOX:
        v = term(command, allow=WINDOWS_TEAM + ("Terminal(cd)", "Terminal(cat)"), cwd=ROOT, runs_in=runs_in)
        assert v.decision == expected.decision, (command, runs_in, v.reason, expected.reason)


@pytest.mark.parametrize("long", [False, True])
def test_commands_past_the_segment_memo_read_them_alike(long):
    # past KNOWN_CHARS the segments are read without the per-rule-set memo (permissions.segments.read_segments)
    tail = " -- " + "a" * 2100 if long else ""
    _approved(f"$env:RUST_BACKTRACE=1; npm test{tail}")
    _approved(f"(Get-Content x).Count; npm test{tail}")
    _asked(f"$env:BRABO_URL=''; npm test{tail}")
    _asked(f"npm test; .Count; npm test{tail}")
    _asked(f"env=rm; $env:X = 'y'; npm test{tail}")
