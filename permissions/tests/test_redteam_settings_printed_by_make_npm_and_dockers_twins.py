"""R4.10, red team: a place printed by a tool that reads it as its own settings, and by docker's twins.

Under a deny of `cat .env`, each of these printed `.env` and was auto-approved: make printing its database (`make
-pf .env`, `make --print-data-base --file=.env`: every variable with its value -- verified, `DB_PASSWORD =
hunter2`) and BSD make a variable (`bmake -f .env -V DB_PASSWORD`); npm printing another file as its settings
(`npm config list --userconfig .env`); and docker's twins doing what `docker compose config` and `docker run
--env-file .env alpine env` are refused for (`podman compose --env-file .env config`, `nerdctl compose config`,
`podman run --env-file .env alpine env`). permissions.commands.file_printers reads them (_make_printed, the npm
rows of _WITH, the twins' rows). 32 of its 40 cases fail on 20df7cd (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

PLACES = ("sandbox", "agent")

PRINTED = [
    "make -pf .env",
    "make -f .env -p",
    "make --print-data-base -f .env",
    "make -f .env -pn",
    "make -qp -f .env",
    "make --file=.env -p",
    "make --makefile .env -p",
    "gmake -pf .env",
    "bmake -f .env -V DB_PASSWORD",
    "npm config list --userconfig .env",
    "npm config ls --userconfig=.env",
    "npm config get DB_PASSWORD --userconfig .env",
    "podman compose --env-file .env config",
    "nerdctl compose -f c.yml --env-file .env config",
    "podman-compose config",
    "podman run --env-file .env alpine env",
    "docker container run --env-file .env alpine env",
]

ORDINARY = [
    "make -f .env",
    "make -p",
    "make -pf Makefile",
    "make -f build.mk all",
    "npm config list",
    "podman compose up",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", PRINTED)
def test_a_tool_printing_the_place_as_its_settings_meets_the_rule(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", ORDINARY)
def test_its_other_uses_are_not_the_place(command: str) -> None:
    assert_rule_does_not_catch("cat .env", command, "sandbox")
