"""Red team, R4.10 (the same program by another name; a rule's words as meaning, not spelling): a deny or ask rule
naming a project's own command script -- Django's `manage.py`, Laravel's `artisan`, Symfony's `bin/console`, Rails'
`bin/rails`, AdonisJS's `ace`, a script of the project's -- met however the script is started.

Under a deny of `python manage.py flush` (what a team writes to keep an agent off its database), `./manage.py flush
--noinput`, `python3 -u manage.py flush`, `python3 src/manage.py flush`, `uv run manage.py flush`, `django-admin
flush` and `python -m django flush` were only asked by the cap, or auto-approved; a deny of `./manage.py flush` did
not meet `python manage.py flush`, nor `php artisan migrate:fresh` meet `./artisan migrate:fresh` or `php -d
memory_limit=-1 artisan migrate:fresh`. A rule naming a script by its interpreter now also names the script run
itself, and a rule naming the script also names it run by its interpreter (matching._entry_named); the
interpreter's own options are skipped before the script, and the script is known by its name in another folder
(as `/usr/bin/curl` is `curl`, R4.8: deny matches more). Django's manage.py is django-admin with the project's
settings: each names the other.

DENIED: every case failed on the base this change started from (69580d6), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("python manage.py flush", "./manage.py flush --noinput"),
    ("python manage.py flush", "python3 -u manage.py flush"),
    ("python manage.py flush", "python -W ignore manage.py flush --noinput"),
    ("python manage.py flush", "python3 -X dev -B manage.py flush"),
    ("python manage.py flush", "uv run manage.py flush"),
    ("python manage.py flush", "django-admin flush"),
    ("python manage.py flush", "python -m django flush"),
    ("python manage.py flush", "python3 src/manage.py flush"),
    ("python manage.py flush", "poetry run python3 -u backend/manage.py flush --noinput"),
    ("./manage.py flush", "python manage.py flush"),
    ("./manage.py flush", "python3 ./manage.py flush"),
    ("django-admin flush", "python manage.py flush"),
    ("django-admin flush", "./manage.py flush"),
    ("php artisan migrate:fresh", "./artisan migrate:fresh"),
    ("php artisan migrate:fresh", "php -d memory_limit=-1 artisan migrate:fresh"),
    ("php artisan migrate:fresh", "php -n artisan migrate:fresh --seed"),
    ("./artisan migrate:fresh", "php artisan migrate:fresh"),
    ("artisan migrate:fresh", "php artisan migrate:fresh"),
    ("bin/console doctrine:database:drop", "php bin/console doctrine:database:drop --force"),
    ("php bin/console doctrine:database:drop", "bin/console doctrine:database:drop --force"),
    ("node ace migration:fresh", "node --require dotenv/config ace migration:fresh"),
    ("node ace migration:fresh", "./ace migration:fresh"),
    ("ruby bin/rails db:drop", "bin/rails db:drop"),
    ("ruby bin/rails db:drop", "./bin/rails db:drop"),
    ("bin/rails db:drop", "ruby bin/rails db:drop"),
    ("python scripts/deploy.py --prod", "./scripts/deploy.py --prod"),
    ("scripts/deploy.py --prod", "python3 scripts/deploy.py --prod"),
    ("node scripts/release.js", "./scripts/release.js"),
    ("scripts/release.js", "node scripts/release.js --ci"),
]

NOT_CAUGHT = [
    ("python manage.py flush", "python manage.py test"),
    ("python manage.py flush", "./manage.py test"),
    ("python manage.py flush", "python other.py flush"),
    ("python manage.py flush", "django-admin check"),
    ("python manage.py flush", "python -m pytest manage.py flush"),
    ("php artisan migrate:fresh", "php artisan migrate"),
    ("php artisan migrate:fresh", "./artisan migrate:status"),
    ("ruby bin/rails db:drop", "bin/rails db:migrate"),
    ("scripts/release.js", "node scripts/build.js"),
    # an interpreter's own subcommand is no script (`bun install` is not a program named `install`)
    ("bun install lodash", "install -m 755 lodash /usr/local/bin/x"),
    ("deno run x.ts", "run x.ts"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_projects_script_however_it_is_started(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_command_of_the_script_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
