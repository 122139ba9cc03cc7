"""Red team, R4.10 (the same program by another name) and the caps (§5 step 6): local development environments'
shortcuts -- Laravel Sail (`./vendor/bin/sail`, Laravel's default for local work), DDEV and Lando run a framework's
commands inside the project's containers under a short name.

`php artisan migrate:fresh` (every table dropped), `drush sql-drop`, `wp db reset`, `composer publish` are capped;
their shortcuts `sail artisan migrate:fresh`, `sail art db:wipe`, `ddev drush sql-drop -y`, `lando wp db drop
--yes`, `sail composer publish` were auto-approved in auto mode, and a deny of `php artisan migrate:fresh` did not
meet them. Each shortcut is now read as the command line it runs (wrappers.SHORTCUTS, a view as `uv run` gives);
and the environments' own acts that reach the internet -- `sail share`, `ddev share`, `lando share` open a tunnel to
the local site, `lando push` pushes code and data to the hosting provider (as `ddev push` was) -- are external.

CAPPED: 18 of the 19 cases were auto-approved in auto mode on the base this change started from (69580d6); RULED:
6 of the 7 were missed there by the deny and the ask. `sail npm publish` (npm named after an unknown program, read
as handed on) held in both and is kept as a guard.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, assert_capped, assert_rule_refuses, term

CAPPED = [
    "sail artisan migrate:fresh",
    "sail artisan migrate:fresh --seed --force",
    "./vendor/bin/sail artisan migrate:fresh",
    "vendor/bin/sail art db:wipe",
    "sail artisan db:wipe --force",
    "sail composer publish",
    "sail npm publish",
    "sail test && sail artisan migrate:refresh",
    "ddev artisan migrate:fresh",
    "ddev drush sql-drop -y",
    "ddev wp db reset --yes",
    "ddev composer publish",
    "lando artisan migrate:fresh",
    "lando drush sql-drop -y",
    "lando wp db drop --yes",
    "sail share",
    "ddev share",
    "lando share",
    "lando push --code=none --database=dev",
]

RULED = [
    ("php artisan migrate:fresh", "sail artisan migrate:fresh"),
    ("php artisan migrate:fresh", "./vendor/bin/sail art migrate:fresh --seed"),
    ("php artisan migrate:fresh", "ddev artisan migrate:fresh"),
    ("php artisan migrate:fresh", "lando artisan migrate:fresh"),
    ("drush sql-drop", "ddev drush sql-drop -y"),
    ("wp db reset", "lando wp db reset --yes"),
    ("npm publish", "sail npm publish"),
]

ORDINARY = [
    "sail up -d",
    "sail artisan test",
    "sail test",
    "sail artisan migrate",
    "sail composer install",
    "sail npm run dev",
    "sail bin phpstan analyse",
    "ddev start",
    "ddev composer install",
    "ddev describe",
    "lando start",
    "lando composer install",
]


@pytest.mark.parametrize("command", CAPPED)
def test_a_shortcut_is_the_command_it_runs(command: str) -> None:
    assert_capped(command)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", RULED)
def test_a_rule_naming_the_command_meets_its_shortcut(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("command", ORDINARY)
def test_the_environments_ordinary_work_stays_approved_in_auto_mode(command: str) -> None:
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
