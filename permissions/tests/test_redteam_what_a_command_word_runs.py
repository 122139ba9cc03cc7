"""Red team, what a command word runs (R4.8, R4.9): aliases, declarations and builtins that assign a
program-valued variable (also by name, or passed on by a wrapper), builtins that change what a later command
word runs, and look-alike names. None of them is auto-approved; a deny rule for the program reached denies.

Three settings are tried for "never auto-approved": the container floor, auto mode (autonomy "*"), and a
project whose allow list holds a prefix rule for every program involved.
"""

from __future__ import annotations

import pytest

from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term
from permissions.tests.redteam import _denied, _never_auto

# -- leftover 1: aliases -------------------------------------------------------------------------------
ALIAS_CHAINS = [
    # An alias whose value ends in a blank makes bash expand the next word as an alias too, and the words
    # after it are the arguments of the value's program: `env curl x` runs curl.
    "alias x='env '; x curl evil",
    "alias x='nice -n 5 '; x curl evil",
    "alias x='command '; x curl evil",
    "shopt -s expand_aliases; alias x='exec '; x curl evil",
    "alias x='sh -c '; x 'curl evil'",
]


@pytest.mark.parametrize("command", ALIAS_CHAINS)
def test_an_alias_ending_in_a_blank_does_not_hide_the_command_it_runs(command):  # R4.9
    _denied(command)


ALIAS_CALLS = [
    "alias ls=ls; ls",  # the call runs the alias's value, whatever an allow for `ls` says
]


@pytest.mark.parametrize("command", ALIAS_CALLS)
def test_a_call_of_an_alias_defined_in_the_command_is_never_auto_approved(command):  # R4.9
    _never_auto(command)
    v = term(command, allow=("Terminal(ls)", "Terminal(alias)", "Terminal(grep)", "Terminal(true)"))
    assert v.decision != "auto_approve", (command, v.reason)


def test_an_exact_allow_for_the_name_does_not_cover_a_call_of_a_function_defined_in_the_command():
    # R4.9: the call runs the body, not the words the allow was written for.
    v = term("f() { ls; }; f", allow=("Terminal(f)", "Terminal(ls)"), project=CONTAINER_RUNNING)
    assert v.decision == "require_approval", v.reason


# -- leftover 2: declarations that assign a program-valued variable -------------------------------------
DECLARATIONS = [
    "export GIT_PAGER='curl x'; git log",
    "export -- PAGER='curl x'",
    "readonly EDITOR=curl",
    "local VISUAL='curl x'",
    "typeset -x GIT_SSH_COMMAND='curl x'",
    "declare -x LESSOPEN='|curl x %s'; less f",
]


@pytest.mark.parametrize("command", DECLARATIONS)
def test_a_declaration_builtin_assigning_a_command_variable_is_read(command):  # R4.9
    _denied(command)


LOADS_CODE = [
    "export LD_PRELOAD=/tmp/x.so; ls",
    "declare -x BASH_ENV=/tmp/x; bash a.sh",
    "export PATH=.:$PATH; ls",
    "PATH=/tmp; ls",
    "PATH=. ls",
    "CDPATH=/ cd etc && cat passwd",
    "export CDPATH=/; cd etc; cat passwd",
    "readonly PATH=/tmp/bin; git status",
    "LD_LIBRARY_PATH=/tmp ls",
    "GIT_DIR=/tmp/x git log",
    "GIT_CONFIG_GLOBAL=/tmp/x git log",
    "npm_config_script_shell=/tmp/x npm run build",
    "NPM_CONFIG_NODE_OPTIONS='--require /tmp/x' npm test",
]


@pytest.mark.parametrize("command", LOADS_CODE)
def test_settings_that_change_what_runs_are_never_auto_approved(command):  # R4.9
    _never_auto(command)


# -- more: builtins that change what a command word runs; look-alike names ------------------------------
CHANGES_THE_COMMAND_WORD = [
    "hash -p /usr/bin/curl ls; ls x",
    "hash -rp /tmp/x ls",
    "enable -f ./x.so ls; ls",
    "enable -n echo; echo x",
    "ｃｕｒｌ x",  # full-width letters
    "\u0441url x",  # Cyrillic es
]


@pytest.mark.parametrize("command", CHANGES_THE_COMMAND_WORD)
def test_what_a_command_word_runs_must_be_what_it_says(command):  # R4.9
    _never_auto(command)


def test_listing_hashed_programs_and_builtins_changes_nothing():  # R4.9
    for command in ("hash", "enable -a", "echo héllo"):
        assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


# -- leftover 2: builtins that assign a variable by name (read, mapfile, printf -v, getopts, declare -n) ----
ASSIGNS_BY_NAME = [
    "declare -n r=PATH; r=.; ls",
    "printf -v PATH /tmp; ls",
    "read PATH <<< /tmp; ls",
    "read -r PATH < f; git status",
    "mapfile -t PATH < f; ls",
    "declare -n r=GIT_PAGER; r='curl x'; export GIT_PAGER; git log",
    "read GIT_PAGER <<< 'curl x'; export GIT_PAGER; git log",
    "printf -v GIT_PAGER 'curl x'; export GIT_PAGER; git log",
    "read -r LD_PRELOAD < f; export LD_PRELOAD; ls",
    "getopts x PATH; ls",
    "export $(cat env); ls",
    'declare "$x"; ls',
    "x=PATH; export $x=/tmp; ls",
    "IFS=: read -r PAGER rest <<< 'curl x:y'; export PAGER; man ls",
]


@pytest.mark.parametrize("command", ASSIGNS_BY_NAME)
def test_a_variable_that_chooses_what_runs_set_by_name_is_never_auto_approved(command):  # R4.9
    _never_auto(command)


@pytest.mark.parametrize(
    "command",
    [
        "export FOO=$(pwd); ls",
        'read -p "$P" name; echo $name',
        "printf -v out '%s' x; echo $out",
        "read -r line < f",
    ],
)
def test_ordinary_assignments_by_name_are_not_opaque(command):  # R4.9
    from permissions.commands import opaque_reason
    from permissions.commands.views import views

    for seg in parse_command(command).segments:
        assert opaque_reason(views(seg.words), seg.dynamic) is None, seg.words


@pytest.mark.parametrize(
    "command",
    ["nice GIT_PAGER=curl tig", "linux64 PAGER=curl", "setarch x86_64 PAGER=curl"],
)
def test_an_assignment_a_wrapper_passes_on_is_read(command):
    # A wrapper passes its assignments to the program it runs: a command-valued one is a segment.
    v = term(command, deny=("Terminal(curl)",), project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert v.decision != "auto_approve", v
    if "curl" in command:
        assert v.decision == "deny", v
