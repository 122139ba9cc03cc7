"""Commands run from strings or other files (R4.9): a string a builtin runs later (``trap``, ``source`` of the
input) is read as segments, and code read from the input is never auto-approved."""

from __future__ import annotations

import pytest

from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

DENY_CURL = ("Terminal(curl)",)


# -- class 5: commands run from strings or other files ------------------------------------------------------
STRING_SCRIPTS = [
    "trap 'curl x' EXIT",
    'trap -- "curl x" ERR',
    "trap 'curl x' 0",
    "mapfile -C 'curl x' -c 1 arr < f",
    "mapfile -C'curl x' arr < f",
    "readarray -tC 'curl x' a < f",
    "watch 'curl x'",  # also class 6
]


@pytest.mark.parametrize("command", STRING_SCRIPTS)
def test_a_string_a_builtin_runs_later_is_read_as_segments(command):  # R4.9, code run from strings
    assert any(s.words[:1] == ("curl",) for s in parse_command(command).segments)
    assert term(command, deny=DENY_CURL, autonomy=AUTO_MODE).decision == "deny"
    assert term(command, deny=DENY_CURL, project=CONTAINER_RUNNING).decision == "deny"


FROM_INPUT = [
    "source /dev/stdin <<< 'curl x'",
    ". /dev/stdin < f",
    "source /dev/fd/0",
    ". /proc/self/fd/3",
    "bash /dev/stdin <<< 'curl x'",
    "sh /dev/fd/3",
    "zsh /proc/self/fd/0",
    "make -f - all",
    "make --file=- all",
    "make -f/dev/stdin",
    "gmake --makefile /dev/stdin",
    "xargs -I% sh -c %",
    "ls | xargs -I{} bash -c 'cat {}'",
    "find . -exec sh -c 'echo {}' \\;",
    "python3 /dev/stdin <<< 'print(1)'",
    "tmux send-keys -t x 'curl x' Enter",
]


@pytest.mark.parametrize("command", FROM_INPUT)
def test_code_read_from_the_input_is_never_auto_approved(command):  # R4.9, code run from strings
    for v in (term(command, autonomy=AUTO_MODE), term(command, project=CONTAINER_RUNNING)):
        assert v.decision == "require_approval", command


def test_an_inner_scripts_input_reading_shell_is_not_forgotten():  # R4.9, code run from strings
    v = term("bash -c 'curl x | sh'", autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable")
