"""R4.6, R4.9, red team: a SQL client's file of statements that is its input, and fzf's variables.

`psql -f - <<< '\\! rm -rf /'` (and `-f /dev/stdin`, `--file=-`, `-f-`, mysql's `--file=/dev/stdin`) was
auto-approved: a `-f` file counted as "no statements from the input" even when the file is the input, so the
`\\!` shell escape fed on it was never read (interpreters._sql_no_input now reads a stream there as the input).
`FZF_DEFAULT_COMMAND='rm -rf /' fzf` and `FZF_DEFAULT_OPTS='--bind start:execute(rm -rf /)' fzf` (exported too) were
auto-approved in auto mode: fzf runs the one through a shell and binds the other's `execute(...)`; both are among
environment.COMMAND_VARS now, their value read as a command line. 18 of its 20 cases fail on 20df7cd (the
session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

PLACES = ("sandbox", "agent")

FLOOR = [
    "psql -f - <<< '\\! rm -rf /'",
    "psql -f /dev/stdin <<< '\\! rm -rf /'",
    "psql --file=- <<< '\\! rm -rf /'",
    "psql -f- <<< '\\! rm -rf /'",
    "mysql --file=/dev/stdin <<< 'system rm -rf /'",
    "FZF_DEFAULT_COMMAND='rm -rf /' fzf",
    "FZF_DEFAULT_OPTS='--bind start:execute(rm -rf /)' fzf",
    "export FZF_DEFAULT_OPTS='--bind start:execute(rm -rf /)'; fzf",
    "export FZF_DEFAULT_COMMAND='rm -rf ~'; fzf",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", FLOOR)
def test_the_command_they_run_is_never_auto_approved(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision != "auto_approve", (command, runs_in, reason)


@pytest.mark.parametrize("command", ["psql -f schema.sql", "psql -l"])
def test_a_file_of_statements_stays_as_before(command: str) -> None:
    assert auto_and_allowed(command, "sandbox")[0] == ("auto_approve", "autonomy")
