"""R4.9: an opaque segment (its meaning cannot be read from its words) is never auto-approved by autonomy,
auto mode or the container floor, and only an allow pattern written for exactly its words covers it.
Deny and ask rules are still checked on it."""

from __future__ import annotations

import pytest

from permissions.shell import parse_command
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

NOT_LITERAL = [
    "$X foo",
    "${X:-rm} -rf /tmp/x",
    'A=1 "$cmd" arg',
    "ls && $run",
    "echo $($y)",
]


@pytest.mark.parametrize("command", NOT_LITERAL)
def test_a_command_word_that_is_not_literal_is_opaque(command):
    assert any(s.opaque for s in parse_command(command).segments)


@pytest.mark.parametrize("command", ["ls $X", "FOO=$x ls", "echo ${HOME}/x", "cat ~/notes"])
def test_a_literal_command_word_with_dynamic_arguments_is_not_opaque(command):
    assert not any(s.opaque for s in parse_command(command).segments)


@pytest.mark.parametrize("command", NOT_LITERAL)
def test_the_container_floor_never_approves_an_opaque_segment(command):
    v = term(command, allow=("Terminal(ls)", "Terminal(echo)"), project=CONTAINER_RUNNING)
    assert v.decision == "require_approval"


@pytest.mark.parametrize("command", NOT_LITERAL)
def test_auto_mode_never_approves_an_opaque_segment(command):
    v = term(command, allow=("Terminal(ls)", "Terminal(echo)"), autonomy=AUTO_MODE)
    assert v.decision == "require_approval"
    assert v.reason == "unparseable"
    assert "not literal" in v.message


def test_a_prefix_allow_does_not_cover_an_opaque_segment():
    assert term("$X foo", allow=("Terminal($X)",)).decision == "require_approval"
    assert term("$X foo", allow=("Terminal($X:*)",)).decision == "require_approval"


def test_an_allow_written_for_exactly_that_invocation_covers_it():
    # In auto mode (the variable-dependent word `$X` is a location for path scope otherwise, R6.2).
    v = term("$X foo", allow=("Terminal($X foo)",), autonomy=AUTO_MODE)
    assert v.decision == "auto_approve"
    assert term("$X foo bar", allow=("Terminal($X foo)",), autonomy=AUTO_MODE).decision == "require_approval"


def test_deny_and_ask_are_still_checked_on_an_opaque_segment():
    assert term("$X foo", deny=("Terminal($X)",), autonomy=AUTO_MODE).decision == "deny"
    v = term("$X foo", ask=("Terminal($X)",), project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("require_approval", "ask_rule")
