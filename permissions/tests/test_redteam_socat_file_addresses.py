"""R4.10, R6.2, red team: the files socat's addresses name.

`socat -u FILE:.env STDOUT` prints `.env` -- auto-approved under a deny of `cat .env` -- and on the developer's
machine `socat - FILE:/etc/passwd` read a file outside the project and `socat -u - FILE:/etc/x` wrote one, both
auto-approved behind an allow of every word: `FILE:` (OPEN's other name) was not among the address types read,
and the path scope read no address at all. permissions.commands.settings_writers.socat_files gives the files an
address names (a typeless address with a `/` is a path: GOPEN), matching.content_reads reads those socat passes
on as `cat` of them, and the scope checks every one. 19 of its 24 cases fail on 20df7cd (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses, auto_and_allowed

PLACES = ("sandbox", "agent")

PRINTED = [
    "socat -u FILE:.env STDOUT",
    "socat FILE:.env STDOUT",
    "socat - FILE:.env",
    "socat OPEN:.env -",
    "socat -u GOPEN:.env STDIO",
    "socat - ./.env",
    "socat -u file:.env,rdonly -",
]

OUTSIDE = [
    "socat - FILE:/etc/passwd",
    "socat -u FILE:/etc/passwd -",
    "socat -u - FILE:/etc/x",
    "socat -u - CREATE:/tmp/x",
    "socat - GOPEN:../../x",
    "socat - /etc/shadow",
]

ORDINARY = ["socat - TCP:localhost:5432", "socat -u FILE:README.md STDOUT"]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", PRINTED)
def test_a_file_socat_passes_on_meets_a_rule_printing_it(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", OUTSIDE)
def test_a_file_outside_the_project_is_never_auto_approved_on_the_laptop(command: str) -> None:
    for decision, reason in auto_and_allowed(command, "agent"):
        assert decision != "auto_approve", (command, reason)


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_socat_stays_approved(command: str, runs_in: str) -> None:
    assert_rule_does_not_catch("cat .env", command, runs_in)
    assert auto_and_allowed(command, runs_in)[0] == ("auto_approve", "autonomy")
