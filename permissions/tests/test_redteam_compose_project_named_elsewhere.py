"""SPEC §5 (the path scope holds off the sandbox in every mode), red team on a developer's laptop: another Compose
project's volumes removed, its name given by another segment of the command.

`COMPOSE_PROJECT_NAME=other docker compose down -v` and `compose -p other down -v` asked (a name, not the working
folder, picks the project, which may be another's: its database volume goes with it); the same name exported
first did not: `export COMPOSE_PROJECT_NAME=other; docker compose down -v` auto-approved in auto mode (the thirteenth
session's note). Any segment that names the variable -- `export`, `declare -x`, a plain assignment under `set -a`
or exported after, PowerShell's `$env:` in any case -- now makes a `down -v` / `rm -v` of the command ask as
the prefixed spelling does. The working folder's own project keeps its answer, and so does a command that names
the variable but removes no volumes.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import a_machine_change_on_the_laptop, never_auto_where, stays_auto_where

NAMED_ELSEWHERE = [
    "export COMPOSE_PROJECT_NAME=other; docker compose down -v",
    "export COMPOSE_PROJECT_NAME=other && docker compose down -v",
    "export COMPOSE_PROJECT_NAME=other\ndocker compose down --volumes",
    "declare -x COMPOSE_PROJECT_NAME=other; docker compose down -v",
    "typeset -x COMPOSE_PROJECT_NAME=other; docker compose down -v",
    "COMPOSE_PROJECT_NAME=other; export COMPOSE_PROJECT_NAME; docker compose down -v",
    "set -a; COMPOSE_PROJECT_NAME=other; docker compose down -v",
    "export COMPOSE_PROJECT_NAME=other; docker-compose down -v",
    "export COMPOSE_PROJECT_NAME=other; podman compose down -v",
    "export COMPOSE_PROJECT_NAME=other; docker --context default compose rm -fv",
    "export COMPOSE_PROJECT_NAME=other; cd infra && docker compose down -v --remove-orphans",
    "export COMPOSE_PROJECT_NAME=$(date +%s); docker compose down -v",
    "$env:COMPOSE_PROJECT_NAME='other'; docker compose down -v",
    "$env:compose_project_name = 'other'; docker compose down --volumes",
]


@pytest.mark.parametrize("command", NAMED_ELSEWHERE)
def test_a_project_named_by_another_segment_is_not_the_working_folder_s(command):
    never_auto_where(command, ("agent",))
    v = a_machine_change_on_the_laptop(command)
    assert "Compose project" in v.message, (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "docker compose down -v",
        "export COMPOSE_PROJECT_NAME=app; docker compose up -d",
        "export COMPOSE_PROJECT_NAME=other; docker compose down",
        "export COMPOSE_PROJECT_NAME=other; docker compose ps",
        "docker compose down -v && docker compose up -d",
    ],
)
def test_the_working_folder_s_project_and_commands_that_keep_volumes_stay_auto(command):
    stays_auto_where(command, ("agent",))
