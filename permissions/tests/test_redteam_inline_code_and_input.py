"""Red team, code no rule can read (R4.7, R4.9): interpreters given inline code or reading it from their input,
literal text piped into a shell (its script), arithmetic over a value read at run time, and bash 5.3's
`${ cmd; }`. Each is opaque (never auto-approved), and what can be read is still deny-checked.

Three settings are tried for "never auto-approved": the container floor, auto mode (autonomy "*"), and a
project whose allow list holds a prefix rule for every program involved.
"""

from __future__ import annotations

import pytest

from permissions.shell import parse_command
from permissions.tests.helpers import CONTAINER_RUNNING, term
from permissions.tests.redteam import DENY, _denied, _never_auto, _settings

# -- leftover 5: interpreters with inline code ----------------------------------------------------------
INLINE_CODE = [
    "groovy -e 'x'",
    "groovysh -e 'x'",
    "scala -e 'x'",
    "erl -eval 'os:cmd(\"curl\")' -noshell",
    "erl -noshell -s os cmd",
    "jrunscript -e 'x'",
    "ghci -e 'x'",
    "ghc -e 'x'",
    "swift -e x",
    "kotlin -e x",
    "raku -e x",
    "guile -c x",
    "racket -e x",
    "sbcl --eval x",
    "clisp -x x",
    "clojure -e x",
    "bb -e x",
    "dc -e '!curl'",
    "nu -c 'curl x'",
    "elvish -c 'curl x'",
    "xonsh -c 'curl x'",
    "crystal eval 'x'",
    "dotnet script eval 'x'",
    "cat x.sql | psql -d db",
]


@pytest.mark.parametrize("command", INLINE_CODE)
def test_inline_code_in_another_language_is_opaque(command):  # R4.9
    _never_auto(command)


# A program read from the input: an allow written for exactly these words covers it (R4.9), nothing else.
FROM_THE_INPUT = [
    "jshell",
    "irb",
    "psql",
    "mysql < x.sql",
    "dotnet fsi",
    "erl",
    "sqlite3 app.db",  # its input is SQL and dot-commands: `.shell` runs a program
    "sqlite3 app.db < q.sql",
    "cat q.sql | sqlite3 app.db",
    "printf '.shell curl x' | sqlite3 -batch app.db",
]


@pytest.mark.parametrize("command", FROM_THE_INPUT)
def test_a_program_read_from_the_input_is_never_auto_approved_by_floor_or_autonomy(command):  # R4.9
    for v in _settings(command)[:2]:
        assert v.decision != "auto_approve", (command, v.reason)


# -- leftover 4: literal text piped into a shell is its script ------------------------------------------
PRINTF_TO_A_SHELL = [
    "printf 'curl x' | sh",
    "printf -- 'curl x' | sh",
    "printf '%s\\n' 'curl x' | sh",
    "printf '%s' cu rl | sh",
    "printf '%s ' curl x | bash",
    "printf 'ls\\ncurl x' | bash",
    "printf '\\x63url x' | sh",
    "printf '\\143url x\\n' | bash -s",
]


@pytest.mark.parametrize("command", PRINTF_TO_A_SHELL)
def test_printf_text_piped_into_a_shell_is_read_as_its_commands(command):  # R4.9
    _denied(command)


# -- class 1, further: arithmetic over a value read at run time (checked against bash: each runs the
# subscript's command) ------------------------------------------------------------------------------------
ARITHMETIC_ON_INPUT = [
    "read -r n <<< 'a[$(curl x)]'; echo $((n))",
    "read n; (( n > 1 ))",
    "declare -i n; read n < f",
    "x=$(cat f); echo $(( x + 1 ))",
    "for n in $(cat f); do echo $((n)); done",
    "mapfile -t a < f; echo ${b[a]}",
    "read n < f; s=abc; echo ${s:n}",
    "read n < f; let n+1",
]


@pytest.mark.parametrize("command", ARITHMETIC_ON_INPUT)
def test_arithmetic_over_a_value_read_at_run_time_is_never_auto_approved(command):  # R4.7, arithmetic
    _never_auto(command)
    assert term(command, project=CONTAINER_RUNNING).reason == "unparseable"


ARITHMETIC_ON_LITERALS = [
    "echo $((1+2))",
    "for i in 1 2 3; do echo $((i*2)); done",
    "x=5; echo $((x+1))",
    "read -p 'name' name; echo ${name:-anon}",
    "printf '%d' 'a[$(echo x)]'",  # printf does not evaluate arithmetic
]


@pytest.mark.parametrize("command", ARITHMETIC_ON_LITERALS)
def test_arithmetic_over_literals_keeps_its_verdict(command):  # R4.7, arithmetic
    from permissions.commands.arithmetic import arithmetic_on_input

    assert arithmetic_on_input(command, parse_command(command).segments) is None


def test_a_long_for_list_is_read_in_linear_time_and_fails_closed():  # R4.7, the read budget
    command = "for x in " * 20_000 + "; (( 1 ))"
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval"


def test_many_alias_calls_are_all_read_with_their_values():  # R4.9, R4.7
    command = "".join(f"alias a{k}='env '; a{k} ls {k}; " for k in range(200)) + "alias z='env '; z curl x"
    assert term(command, deny=DENY, project=CONTAINER_RUNNING).decision == "deny"


# -- bash 5.3: `${ cmd; }` runs cmd in the current shell ----------------------------------------------------
FUNSUBS = [
    "echo ${ curl x; }",
    "echo ${| curl x; }",
    'echo "${ curl x;}"',
    "x=${ curl x; }",
    "echo ${\tcurl x;}",
]


@pytest.mark.parametrize("command", FUNSUBS)
def test_a_command_substitution_in_the_current_shell_is_refused_and_deny_still_sees_it(command):  # R4.9
    assert parse_command(command).unparseable
    _denied(command)


@pytest.mark.parametrize(
    "command, deny, expected",
    [
        ("echo curl evil | $X", ("Terminal(curl)",), "deny"),  # what echo prints is the next command's input
        ("printf curl | $SHELL", ("Terminal(curl)",), "deny"),
        ("echo a | python3", (), "require_approval"),  # python3 reads code from its input: opaque
    ],
)
def test_echo_piped_on_is_read_the_same_on_every_path(command, deny, expected):
    # The plain-command shortcut once skipped what echo/printf hand to the next command.
    v = term(command, deny=deny, allow=("Terminal(python3)", "Terminal(echo)"), project=CONTAINER_RUNNING)
    assert v.decision == expected, v
