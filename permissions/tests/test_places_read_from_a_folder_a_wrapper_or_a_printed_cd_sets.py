"""R4.6, R4.10, red team: where a command runs when a wrapper's option, a `cd` to a printed folder or find's
`-execdir` sets it.

1. **A deny meets the place read from there.** Under a deny of `cat .env`, `env -C src cat ../.env`, `env
   --chdir=src cat ../.env` and `cd "$(dirname src/x)" && cat ../.env` were auto-approved in the sandbox's auto
   mode: the wrapper's folder (where.wrapper_chdirs, as the floor read it) and the folder a `cd` to a command
   substitution goes to when a literal reading knows what it prints (where._printed_targets) are folders the
   segment may run in; so are a find's start folders for what its `-execdir` and `-okdir` run (`find src -name x
   -execdir cat ../.env \\;`: where.execdir_folders, the folder of what it finds right inside them).
2. **The floor.** `cd "$(echo /)" && rm -rf *`, `cd $(dirname /tmp) && rm -rf *` and `cd "$(echo ~)" && rm -rf *`
   asked where the floor denies.

37 of its 43 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_floor_denies, assert_rule_refuses, auto_and_allowed

DENIED = [
    "env -C src cat ../.env",
    "env --chdir=src cat ../.env",
    "env --chdir src cat ../.env",
    "env -Csrc cat ../.env",
    "env -C /srv/ws/app-1a2b3c4d/src head ../.env",
    "env -i -C src cat ../.env",
    'cd "$(dirname src/x)" && cat ../.env',
    "cd $(dirname $PWD) && cat app-1a2b3c4d/.env",
    'cd "$(git rev-parse --show-toplevel)/src" && cat ../.env',
    'cd "$(echo src)" && cat ../.env',
    "cd `echo src` && grep KEY ../.env",
    'cd "$(printf src)"; cat ../.env',
    "find src -name x -execdir cat ../.env \\;",
    "find src -maxdepth 1 -name app.py -execdir cat ../.env \\;",
    "find src -name x -okdir head ../.env \\;",
    "find ./src -type f -execdir grep KEY ../.env {} +",
]

FLOOR = [
    'cd "$(echo /)" && rm -rf *',
    "cd $(dirname /tmp) && rm -rf *",
    'cd "$(echo ~)" && rm -rf *',
    "cd `echo /` && rm -rf *",
    'cd "$(printf /)" && rm -rf ./*',
    'cd "$(dirname "$HOME")/.." && rm -rf *',
]

KEPT = [
    "env -C src cat README.md",
    'cd "$(dirname src/x)" && cat app.py',
    "cd $(echo src) && ls",
    'cd "$(git rev-parse --show-toplevel)" && git status',
    "find src -name '*.py' -execdir wc -l {} +",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", DENIED)
def test_a_deny_meets_the_place_read_from_the_folder_set(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_follows_a_cd_to_a_printed_folder(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize("command", KEPT)
def test_other_places_keep_their_answers(command: str) -> None:
    assert auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",))[0] == (
        "auto_approve",
        "autonomy",
    )
