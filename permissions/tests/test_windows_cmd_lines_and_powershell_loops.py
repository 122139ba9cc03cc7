r"""SPEC §5 (where it runs), R4.7, R4.8, R4.9, R6.2, friction and red team: three shapes an agent's hook sends from
a Windows developer's machine (runs_in ``agent`` or ``host``) that were never read, so every one asked however
ordinary -- each read now as the commands it runs, and every attacker variant of the same shape left as it was.

Readings chosen where SPEC is silent (the safest a careful user would expect):
- ``cmd /c <line>`` (R4.9: a program that runs a command line it is given is a wrapper whose command is a
  segment). The line is read only when it is one of cmd's reading commands (``dir``, ``type``, ``findstr``,
  ``where``, ``tree``, ``ver``, ``echo``) with plain words: names, globs, ``\`` folders and switches
  (``/s``, ``/o:-d``, ``/c:TODO``), after ``cmd`` or ``cmd.exe`` as written with switches of no effect
  (``/d /q /s /a /u``) before ``/c``. The segment is then what the rules say of its words (an allow ``cmd /c
  type`` covers ``cmd /c type package.json``, the path scope checks its words, cmd's switches are no root).
  Anything else stays unread, as before: cmd's ``& | < > ^ % !`` and parentheses, quotes, PowerShell's
  ``$ @ { } ;`` and backtick, ``..``, a drive, a rooted or UNC path, a stream, a switch naming a file
  (``findstr /g:..\x``), ``/k``, ``/v:on``, another program (``del``, ``rd``, ``set``, ``start``,
  ``powershell``, ``cmd``), a ``cmd.exe`` given as a path. R4.8: a deny or ask pattern naming the line as
  written asks (the line is looked through).
- ``(Get-Location)`` (``(gl)``, ``(pwd)``) as an argument (``Join-Path (Get-Location) src``: bash reads a syntax
  error and runs nothing of the line, cmd finds no ``Join-Path``) is ``$PWD``, which the path scope already
  reads as the folder the command is in (and as unknown after a move or an assignment of ``$PWD``). Any other
  sub-expression stays unread.
- ``foreach ($f in <pipeline>) { <statements> }`` (bash: a syntax error) is ``<pipeline> | ForEach-Object {
  <statements> }`` with ``$f`` spelt ``$_``, read as that pipeline is (an allow for ``ForEach-Object`` is needed,
  as for the pipeline: the loop reads no more leniently than its spelling with the cmdlet). Only a loop that
  leads the command (or follows ``;`` or a new line) outside any block, over a pipeline of no variable,
  parenthesis, brace, quote, splat, comment, ``=``, ``&`` or ``;``, with a block of no inner block, ``=``,
  backtick, new line, ``$_``/``$PSItem`` or call operator (``& $f``, ``. $f``).

Kept as ruled before (not changed here): ``$env:FOO='bar'`` alone is neutral and so asks
(test_powershell_statements: as ``true`` alone, R4.4); ``Set-Location x; ...; Set-Location ..`` asks (after ``;`` the
move may have failed and ``..`` is above the project, as bash's ``cd x; ...; cd ..`` asks); ``$PSVersionTable``
is a single command no rule names (R4.4).

Found on the way (section 5): off the sandbox a script block's statements were words of one segment to the rules
(`Get-ChildItem | ForEach-Object { git push }` was covered by an allow for ForEach-Object, past a deny of
`git push` and the external-effect cap), which the loop's reading as a ForEach-Object block would have reached
too. Each statement is now judged as a segment is: deny, ask, the caps, and R4.4's uncovered segment; a statement
led by a value (`$_.Name`, `$_.Length -gt 1MB`) runs no command.

On the base (the session's start) every approved case of sections 1-3 failed (each asked as unparseable) and
every attacker variant there passed (each asked already): they guard the new readings. In section 5, 13 of the
18 attack cases failed on the base (the loops were unparseable there, and the writer and web readings asked).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, decide

from .helpers import AUTO_MODE, HOST, ROOT, perms, term
from .redteam import never_auto_where

OFF_SANDBOX = ("agent", "host")

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
        "Write-Output",
        "Join-Path",
        "Split-Path",
        "Resolve-Path",
        "Test-Path",
        "Get-Location",
        "Set-Location",
        "git ls-files",
        "npm test",
        "dotnet build",
        "cmd /c dir",
        "cmd /c type",
        "cmd /c findstr",
        "cmd /c where",
        "cmd /c tree",
        "cmd /c ver",
        "cmd /c echo",
        "cmd.exe /c dir",
        "cmd /d /c dir",
        "cmd /C DIR",
    )
)


def _approved(command: str, allow: tuple[str, ...] = WINDOWS_TEAM) -> None:
    for runs_in in OFF_SANDBOX:
        v = term(command, allow=allow, cwd=ROOT, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


def _asked(command: str, places: tuple[str, ...] = OFF_SANDBOX, **kw: object) -> None:
    for runs_in in places:
        v = term(command, allow=WINDOWS_TEAM, cwd=ROOT, runs_in=runs_in, **kw)  # type: ignore[arg-type]
        assert v.decision != "auto_approve", (command, runs_in, v.reason)


# -- 1. cmd /c with one plain reading command --------------------------------------------------------------------

CMD_LINES = [
    "cmd /c dir /s /b *.json",
    "cmd /c dir",
    "cmd /c dir /b",
    "cmd /c dir /s /b src\\*.ts",
    "cmd /c dir /a /o:-d",
    "cmd /c dir /ad /b",
    "cmd /c type package.json",
    "cmd /c type src\\app.py",
    "cmd /c type .gitignore",
    "cmd /c findstr /s /n FIXME *.ts",
    "cmd /c findstr /s /i /m todo *.py",
    "cmd /c findstr /n /c:TODO src\\app.py",
    "cmd /c where node",
    "cmd /c where /q git",
    "cmd /c tree /f /a",
    "cmd /c tree src",
    "cmd /c ver",
    "cmd /c echo hello",
    "cmd.exe /c dir /b",
    "cmd /d /c dir /s",
    "cmd /C DIR /S /B",
    "cmd /c dir /s /b *.json && npm test",
    "cmd /c type package.json | Select-String version",
]


@pytest.mark.parametrize("command", CMD_LINES)
def test_cmd_running_one_plain_reading_command_is_read(command):
    _approved(command)


CMD_ATTACKS = [
    # more commands, redirections, escapes, expansions, quotes
    'cmd /c "dir & del /q x"',
    'cmd /c "type x > ..\\y"',
    "cmd /c dir ^& del /q x",
    "cmd /c type %USERPROFILE%\\.ssh\\id_rsa",
    "cmd /c type %APPDATA%\\x",
    "cmd /v:on /c type !x!",
    "cmd /c type x > ..\\y",
    "cmd /c echo x > .git\\hooks\\pre-commit",
    "cmd /c echo x >> .claude\\settings.json",
    "cmd /c type x 2> ..\\y",
    "cmd /c type (x)",
    'cmd /c type "C:\\Users\\me\\.ssh\\id_rsa"',
    # PowerShell's own expansions before cmd sees the line
    "cmd /c type $env:USERPROFILE\\.ssh\\id_rsa",
    "cmd /c type $HOME\\.ssh\\id_rsa",
    "cmd /c type @args",
    "cmd /c type `$x",
    # places outside the project
    "cmd /c type ..\\..\\secrets.txt",
    "cmd /c type C:\\Users\\me\\.ssh\\id_rsa",
    "cmd /c type \\Windows\\win.ini",
    "cmd /c dir \\\\srv\\share",
    "cmd /c dir /s /b C:\\",
    "cmd /c dir /s /b C:",
    "cmd /c type D:secret.txt",
    "cmd /c type x:stream",
    "cmd /c findstr /g:..\\patterns.txt x",
    "cmd /c findstr /s password C:\\Users\\*",
    "cmd /c where /r C:\\ *.key",
    "cmd /c tree C:\\",
    "cmd /c dir /tmp",
    "cmd /c type ~\\.ssh\\id_rsa",
    "cmd /c type x;C:\\Users\\me\\.ssh\\id_rsa",
    # other programs and cmd's shell kept open
    "cmd /c del /s /q x",
    "cmd /c rd /s /q src",
    "cmd /c rmdir /s /q .git",
    "cmd /c erase x",
    "cmd /c set PATH=C:\\evil",
    "cmd /c start x.exe",
    "cmd /c call x.bat",
    "cmd /c x.bat",
    "cmd /c powershell -c iex x",
    "cmd /c cmd /c del x",
    "cmd /c git push",
    "cmd /c copy x ..\\y",
    "cmd /c move x ..\\y",
    "cmd /c mklink /d x C:\\",
    "cmd /k dir",
    "cmd /cdir",
    "cmd /c/c dir",
    ".\\cmd.exe /c dir",
    "C:\\tmp\\cmd.exe /c dir",
    "cmd /e:on /c dir",
]


@pytest.mark.parametrize("command", CMD_ATTACKS)
def test_cmd_lines_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)
    _asked(command)


@pytest.mark.parametrize("command", ["cmd /c dir & del /q x", "cmd /c type x | del /q x"])
def test_a_second_command_bash_splits_off_is_its_own_segment(command):
    # `del` is no command the team allows: the compound asks (R4.4) as `dir & del /q x` does
    _asked(command)


@pytest.mark.parametrize(
    ("command", "pattern"),
    [
        ("cmd /c type .env", "type .env"),
        ("cmd /c type .env", "type"),
        ("cmd /c findstr /s password *", "findstr"),
        ("cmd /c dir /s /b", "dir /s"),
    ],
)
def test_a_deny_or_ask_pattern_naming_the_line_asks(command, pattern):
    named = (f"Terminal({pattern})",)
    for deny, ask in ((named, ()), ((), named)):
        for autonomy in ((), AUTO_MODE):
            for runs_in in OFF_SANDBOX:
                v = term(
                    command,
                    allow=WINDOWS_TEAM,
                    deny=deny,
                    ask=ask,
                    cwd=ROOT,
                    runs_in=runs_in,
                    autonomy=autonomy,
                )
                assert v.decision != "auto_approve", (command, deny, ask, runs_in, v.reason)


@pytest.mark.parametrize("command", ["cmd /c dir /s /b *.json", "cmd /c type package.json"])
def test_in_the_sandbox_cmd_lines_are_read_as_before(command):
    # Brabo's own sandbox runs bash: `/c` is the root's `c` there
    _asked(command, ("sandbox",))


# -- 2. (Get-Location) as an argument -------------------------------------------------------------------------------

SUB_LOCATIONS = [
    "Join-Path (Get-Location) src",
    "Split-Path -Leaf (Get-Location)",
    "Split-Path -Parent (Get-Location) | Write-Output",
    "Join-Path (Get-Location) 'src\\app.py'",
    "Join-Path (gl) tests",
    "Join-Path (pwd) docs",
    "Resolve-Path (Get-Location)",
    "Get-ChildItem (Get-Location) -Recurse -Filter *.md",
    "Test-Path (Get-Location)",
    "Join-Path (get-location) src; npm test",
]


@pytest.mark.parametrize("command", SUB_LOCATIONS)
def test_the_current_folder_as_an_argument_is_read(command):
    _approved(command)


SUB_ATTACKS = [
    "Join-Path (Remove-Item -Recurse x) y",
    "Get-Content (Get-Item ..\\..\\secrets.txt)",
    "Get-Content (Join-Path $HOME .ssh\\id_rsa)",
    "Join-Path (iex evil) x",
    "Join-Path (Invoke-Expression evil) x",
    "Get-Content (Get-Location)\\..\\..\\secrets.txt",
    "Get-ChildItem (Get-Location) ..\\..",
    "Get-ChildItem (Get-Location).Path",
    "Set-Location ..; Get-ChildItem (Get-Location)",
    "Set-Location ..; Get-Content (Join-Path (Get-Location) x)",
    "Set-Location C:\\ && Get-ChildItem (Get-Location)",
    "Remove-Item -Recurse -Force (Get-Location)",
    "Get-ChildItem (Get-Location -PSProvider Registry)",
    "Get-ChildItem (Get-Location -StackName s)",
    "Join-Path (Get-Location) x | iex",
    "Join-Path (Get-Location) x > ..\\out.txt",
    "Copy-Item (Get-Location) ..\\copy -Recurse",
    "case x in (pwd) rm -rf ~;; esac; Join-Path (gl) x",
]


@pytest.mark.parametrize("command", SUB_ATTACKS)
def test_sub_expressions_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)
    _asked(command)


def test_in_the_sandbox_a_sub_expression_is_read_as_before():
    _asked("Join-Path (Get-Location) src", ("sandbox",))


# -- 3. foreach over a pipeline -------------------------------------------------------------------------------------

LOOPS = [
    "foreach ($f in Get-ChildItem *.py) { Get-Content $f -TotalCount 5 }",
    "foreach ($f in Get-ChildItem -Recurse -Filter *.ts) { Write-Output $f.FullName }",
    "foreach ($file in Get-ChildItem src -Recurse -Filter *.cs) { Select-String -Path $file.FullName -Pattern TODO }",
    "foreach ($f in Get-ChildItem tests -Filter test_*.py) { Write-Output $f.Name }",
    "foreach ($F in Get-ChildItem -Recurse *.json) { Get-Content $f | Measure-Object -Line }",
    "foreach ($f in Get-ChildItem -File) { Write-Output $f.Length }",
    "foreach ($d in Get-ChildItem -Directory) { Write-Output $d.Name }",
    "foreach ($f in Get-ChildItem *.md) { Get-Content $f.FullName | Select-Object -First 3 }",
    "foreach($f in Get-ChildItem *.py){Get-Content $f -TotalCount 1}",
    "npm test; foreach ($f in Get-ChildItem *.log) { Get-Content $f -Tail 5 }",
    "foreach ($n in 1..3) { Write-Output $n }",
]


@pytest.mark.parametrize("command", LOOPS)
def test_loops_over_a_listing_of_the_project_are_read(command):
    _approved(command)


def test_the_loop_needs_the_allow_its_pipeline_needs():
    # the loop is read as `... | ForEach-Object { ... }`: without an allow for ForEach-Object it asks, as that does
    team = tuple(p for p in WINDOWS_TEAM if p != "Terminal(ForEach-Object)")
    for runs_in in OFF_SANDBOX:
        v = term(
            "foreach ($f in Get-ChildItem *.py) { Get-Content $f }", allow=team, cwd=ROOT, runs_in=runs_in
        )
        assert v.decision != "auto_approve", (runs_in, v.reason)


LOOP_ATTACKS = [
    # bodies that run, delete or write
    "foreach ($f in Get-ChildItem) { Remove-Item $f }",
    "foreach ($f in Get-ChildItem -Recurse) { Remove-Item -Recurse -Force $f }",
    "foreach ($f in Get-ChildItem) { ri $f }",
    "foreach ($f in Get-ChildItem) { iex $f }",
    "foreach ($f in Get-ChildItem) { Invoke-Expression (Get-Content $f) }",
    "foreach ($f in Get-ChildItem *.ps1) { & $f }",
    "foreach ($f in Get-ChildItem *.ps1) { & $f.FullName }",
    "foreach ($f in Get-ChildItem *.ps1) { . $f }",
    "foreach ($f in Get-ChildItem *.ps1) { . $f.FullName }",
    "foreach ($f in Get-ChildItem) { & { Remove-Item $f } }",
    "foreach ($f in Get-ChildItem) { Invoke-Command -ScriptBlock { Remove-Item $f } }",
    "foreach ($f in Get-ChildItem) { Start-Process $f }",
    "foreach ($f in Get-ChildItem) { cmd /c type $f }",
    "foreach ($f in Get-ChildItem) { Get-Content $f > ..\\out.txt }",
    "foreach ($f in Get-ChildItem) { Copy-Item $f ..\\x }",
    "foreach ($f in Get-ChildItem) { Set-Content $f x }",
    "foreach ($f in Get-ChildItem) { Get-Content $f; iex x }",
    "foreach ($f in Get-ChildItem) { Get-Content $f && git push }",
    # what the loop goes over
    "foreach ($f in Get-ChildItem ..\\..) { Get-Content $f }",
    "foreach ($f in Get-ChildItem C:\\Users\\me) { Get-Content $f }",
    "foreach ($f in Get-ChildItem ~) { Get-Content $f }",
    "foreach ($f in Get-ChildItem Env:) { Get-Content $f }",
    "foreach ($f in Get-ChildItem HKCU:\\) { Get-Content $f }",
    "foreach ($f in Get-ChildItem \\\\srv\\share) { Get-Content $f }",
    "foreach ($f in Get-Content files.txt) { Get-Content $f }",
    "foreach ($f in $list) { Get-Content $f }",
    "foreach ($f in $env:USERPROFILE) { Get-Content $f }",
    "foreach ($f in (Get-ChildItem ..\\..)) { Get-Content $f }",
    "foreach ($f in Get-ChildItem | Remove-Item) { Get-Content $f }",
    "foreach ($f in Get-ChildItem @p) { Get-Content $f }",
    "foreach ($f in Get-ChildItem; iex x) { Get-Content $f }",
    "foreach ($f in 'C:\\Users') { Get-Content $f }",
    # the variable spelt or set otherwise, items that lead elsewhere
    "foreach ($f in Get-ChildItem) { $f = 'C:\\Users\\me\\.ssh\\id_rsa'; Get-Content $f }",
    "foreach ($f in Get-ChildItem) { Get-Content ${f} }",
    "foreach ($f in Get-ChildItem) { Get-Content $f.Target }",
    "foreach ($f in Get-ChildItem) { Get-Content $f.Directory.Parent }",
    "foreach ($f in Get-ChildItem) { Get-Content $_ }",
    "foreach ($_ in Get-ChildItem ..\\..) { Get-Content $_ }",
    "foreach ($PSItem in Get-ChildItem) { Get-Content $PSItem }",
    "foreach ($f in Get-ChildItem) { Get-Content $f:x }",
    "foreach ($f in Get-ChildItem) { Get-ChildItem $f | ForEach-Object { Get-Content $_ } }",
    "foreach ($f in Get-ChildItem) { Get-Content $f # }",
    "Set-Location ..; foreach ($f in Get-ChildItem) { Get-Content $f }",
    "Get-ChildItem | ForEach-Object { foreach ($f in Get-ChildItem ..\\..) { Get-Content $f } }",
]


@pytest.mark.parametrize("command", LOOP_ATTACKS)
def test_loops_that_stay_asked(command):
    never_auto_where(command, OFF_SANDBOX)
    _asked(command)


def test_in_the_sandbox_a_loop_is_read_as_before():
    _asked("foreach ($f in Get-ChildItem *.py) { Get-Content $f }", ("sandbox",))


class _Recorder:
    """A policy hook that answers "allow" and keeps what it was sent."""

    name = "recorder"

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def applies_to(self, action_type: str) -> bool:
        return True

    def tool_approval(self, data, workspace):  # type: ignore[no-untyped-def]
        self.sent.append(data)
        return "allow"


@pytest.mark.parametrize(
    "command", ["Join-Path (Get-Location) src", "foreach ($f in Get-ChildItem *.py) { Get-Content $f }"]
)
def test_the_policy_hooks_are_sent_the_command_as_proposed(command):
    hook = _Recorder()
    decide(
        DecisionRequest(
            "terminal", "developer", HOST, command=command, cwd=ROOT, permissions=perms(WINDOWS_TEAM, (), ()),
            runs_in="agent",
        ),
        (hook,),
    )  # fmt: skip
    assert [d["arguments"]["command"] for d in hook.sent] == [command]


# -- 4. what stays as ruled ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "$env:FOO='bar'",  # neutral alone (test_powershell_statements)
        "Set-Location frontend; npm run build; Set-Location ..",  # after `;` the move may have failed
        "$PSVersionTable.PSVersion",  # a single command no rule names (R4.4)
    ],
)
def test_the_earlier_rulings_hold(command):
    _asked(command)


# -- 5. a script block's statements (found on the way: the loop is read as a ForEach-Object block) ---------------

# On the base, off the sandbox, `Get-ChildItem | ForEach-Object { git push }` was one `ForEach-Object` segment to
# the rules: an allow for ForEach-Object covered it, a deny of `git push` and the external-effect cap never saw
# the push PowerShell runs for each item. Each statement of a script block is now judged as a segment is there.

BLOCK_DENIED = [
    "Get-ChildItem | ForEach-Object { git push }",
    "Get-ChildItem | ForEach-Object { git push origin main }",
    "Get-ChildItem | ForEach-Object { Write-Output $_.Name; git push }",
    "Get-ChildItem | Where-Object { $_.Length -gt 0 } | ForEach-Object { git push --force }",
    "1..3 | ForEach-Object { git push }",
    "Get-ChildItem | ForEach-Object -Process { git push }",
    "foreach ($f in Get-ChildItem) { git push }",
    # PowerShell's call operators and an assignment run the command they lead
    "Get-ChildItem | ForEach-Object { . git push }",
    "Get-ChildItem | ForEach-Object { & git push }",
    "Get-ChildItem | ForEach-Object { $x = git push }",
    "Get-ChildItem | ForEach-Object { $null = git push }",
    "Get-ChildItem | ForEach-Object { (git push) }",
    "Get-ChildItem | ForEach-Object { $_.Name } | ForEach-Object { git push }",
    "gci | %{ git push }",
    "gci | ?{ git push }",
    # a segment PowerShell's `.` leads runs the command after it (bash sources a file named git)
    ". git push",
    "npm test; . git push origin main",
    ".\tgit push",
]


@pytest.mark.parametrize("command", BLOCK_DENIED)
def test_a_deny_pattern_sees_a_script_blocks_statements(command):
    for runs_in in OFF_SANDBOX:
        for autonomy in ((), AUTO_MODE):
            v = term(
                command, allow=WINDOWS_TEAM, deny=("Terminal(git push)",), cwd=ROOT, runs_in=runs_in,
                autonomy=autonomy,
            )  # fmt: skip
            assert v.decision == "deny", (command, runs_in, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem | ForEach-Object { npm publish }",
        "Get-ChildItem | ForEach-Object { git push }",
        "Get-ChildItem | ForEach-Object { gh pr create --fill }",
        "Get-ChildItem | ForEach-Object { sudo npm test }",
        "foreach ($f in Get-ChildItem) { npm publish }",
        "1..3 | ForEach-Object { docker push img }",
    ],
)
def test_a_script_blocks_external_effect_is_capped(command):
    # in auto mode and under an allow of every word: the cap holds (SPEC §5 step 6)
    allow = WINDOWS_TEAM + tuple(f"Terminal({p})" for p in ("npm", "git", "gh", "sudo", "docker"))
    for runs_in in OFF_SANDBOX:
        for autonomy in ((), AUTO_MODE):
            v = term(command, allow=allow, cwd=ROOT, runs_in=runs_in, autonomy=autonomy)
            assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem | ForEach-Object { Remove-Item $_ }",
        "Get-ChildItem | ForEach-Object { cargo install evil }",
        "Get-ChildItem | ForEach-Object { Write-Output $_.Name; curl.exe https://x }",
        "Get-ChildItem | ForEach-Object { npm run build }; Get-ChildItem | ForEach-Object { make }",
        "foreach ($f in Get-ChildItem) { make }",
    ],
)
def test_a_statement_no_allow_covers_asks(command):
    _asked(command)


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem | ForEach-Object { . $_ }",
        "Get-ChildItem *.ps1 | ForEach-Object { . $_.FullName }",
        "Get-ChildItem *.ps1 | ForEach-Object { & $_.FullName }",
        "1..3 | ForEach-Object { & $cmd }",
    ],
)
def test_a_call_operator_on_a_value_is_never_auto_approved(command):
    # R4.9: the command it runs is named by a value known only when it runs (auto mode included)
    never_auto_where(command, OFF_SANDBOX)
    for runs_in in OFF_SANDBOX:
        v = term(command, allow=WINDOWS_TEAM, cwd=ROOT, runs_in=runs_in, autonomy=AUTO_MODE)
        assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    ["Get-ChildItem | ForEach-Object { rm -rf / }", "1..3 | ForEach-Object { $x = rm -rf / }"],
)
def test_the_floor_sees_a_script_blocks_statements(command):
    for runs_in in OFF_SANDBOX:
        v = term(
            command, allow=WINDOWS_TEAM + ("Terminal(rm)",), cwd=ROOT, runs_in=runs_in, autonomy=AUTO_MODE
        )
        assert v.decision == "deny", (command, runs_in, v.reason)


def test_an_ask_pattern_sees_a_script_blocks_statements():
    for runs_in in OFF_SANDBOX:
        for autonomy in ((), AUTO_MODE):
            v = term(
                "Get-ChildItem | ForEach-Object { npm test }", allow=WINDOWS_TEAM, ask=("Terminal(npm test)",),
                cwd=ROOT, runs_in=runs_in, autonomy=autonomy,
            )  # fmt: skip
            assert v.decision == "require_approval" and v.reason == "ask_rule", (runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem | ForEach-Object { $_.Name }",
        "Get-ChildItem -Recurse -File | Where-Object { $_.Length -gt 1MB }",
        "Get-ChildItem src -Recurse | Where-Object { $_.Extension -eq '.ts' } | Measure-Object",
        "Get-ChildItem -Recurse *.json | ForEach-Object { Get-Content $_.FullName | Measure-Object -Line }",
        "Get-ChildItem tests -Filter *.py | ForEach-Object { Write-Output $_.Name }",
        "1..3 | ForEach-Object { Write-Output $_ }",
        "Get-ChildItem | ForEach-Object { npm test }",
    ],
)
def test_script_blocks_of_allowed_statements_stay_approved(command):
    # friction guards (they passed on the base too)
    _approved(command)


def test_in_the_sandbox_a_script_block_is_bash_words_as_before():
    # bash runs a program named ForEach-Object there (no push): the allow covers it, as on the base
    v = term(
        "Get-ChildItem | ForEach-Object { git push }", allow=WINDOWS_TEAM, cwd=ROOT, runs_in="sandbox",
    )  # fmt: skip
    assert v.decision == "auto_approve", (v.reason, v.message)


# -- 6. ForEach-Object given a member's name (found on the way) ----------------------------------------------------

# `Get-ChildItem | ForEach-Object Delete` calls Delete() on every item PowerShell lists: on the base an allow for
# ForEach-Object covered it. A member's name is read as a property only for the properties (and text methods)
# windows._MEMBERS_READ names; any other runs a method no rule reads (R4.9).
MEMBER_CALLS = [
    "Get-ChildItem | ForEach-Object Delete",
    "Get-ChildItem -Recurse | ForEach-Object -MemberName Delete",
    "Get-ChildItem | ForEach-Object -MemberName:Delete",
    "Get-ChildItem | % Delete",
    "Get-ChildItem | % -M Delete",
    "Get-ChildItem | % 'Delete'",
    'Get-ChildItem | % "Del`ete"',
    "Get-ChildItem | ForEach-Object MoveTo ..\\x",
    "Get-ChildItem | ForEach-Object CopyTo C:\\x",
    "Get-ChildItem | ForEach-Object -MemberName Replace -ArgumentList a, b",
    "Get-Process node | ForEach-Object Kill",
    "Get-Service | ForEach-Object Stop",
    "Get-ChildItem | ForEach-Object Encrypt",
]


@pytest.mark.parametrize("command", MEMBER_CALLS)
def test_a_method_called_on_every_item_stays_asked(command):
    never_auto_where(command, OFF_SANDBOX)
    _asked(command)


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem | ForEach-Object Name",
        "Get-ChildItem -Recurse -Filter *.py | ForEach-Object FullName",
        "Get-ChildItem | ForEach-Object -MemberName Length",
        "Get-ChildItem | ForEach-Object { $_.Name }",
    ],
)
def test_a_property_read_on_every_item_stays_approved(command):
    # friction guards (they passed on the base too)
    _approved(command)
