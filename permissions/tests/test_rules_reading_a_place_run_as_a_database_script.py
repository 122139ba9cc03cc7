"""R4.10, red team: a place a rule prints, run as a script by a database client or fed to an interpreter.

Under a deny of `cat .env`, `psql -f .env`, `cqlsh -f .env` (auto mode) and `psql < .env`, `mysql < .env`,
`redis-cli < .env`, `python3 < .env`, `tclsh .env` (behind an allow of every word) were auto-approved: each runs the file and
an error quotes the line it stops at (`LINE 1: DB_PASSWORD=hunter2`, `ERR unknown command 'DB_PASSWORD=...'`) --
as `python3 .env` does, which asks. The clients' script options and `.read`/`source` words
(matching.SCRIPT_FILE_OPTIONS) and what such a program is fed on its input (matching.FED_SCRIPTS) are read as a
`cat` of the file that may print it: it asks. 38 of its 48 cases fail on 20df7cd (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, auto_and_allowed

PLACES = ("sandbox", "agent")

RUN = [
    "psql -f .env",
    "psql --file=.env",
    "psql -d app -f .env",
    "psql postgres://localhost/app -f .env",
    "psql < .env",
    "mysql < .env",
    "mariadb < .env",
    'mysql -e "source .env"',
    'sqlite3 x.db ".read .env"',
    "sqlite3 -init .env x.db",
    "redis-cli < .env",
    "cqlsh -f .env",
    "duckdb < .env",
    "clickhouse-client --queries-file .env",
    "python3 < .env",
    "node < .env",
    "ruby < .env",
    "tclsh .env",
    "tclsh < .env",
]

ORDINARY = [
    "psql -f schema.sql",
    "mysql < dump.sql",
    'psql -c "select 1"',
    "redis-cli ping",
    "python3 < script.py",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", RUN)
def test_a_place_run_as_a_script_asks_under_a_rule_printing_it(command: str, runs_in: str) -> None:
    assert (
        auto_and_allowed(command, runs_in, deny=("Terminal(cat .env)",))
        == [("require_approval", "ask_rule")] * 2
    )


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", ORDINARY)
def test_other_scripts_are_not_the_place(command: str, runs_in: str) -> None:
    assert_rule_does_not_catch("cat .env", command, runs_in)
