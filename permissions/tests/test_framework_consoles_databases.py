"""External effects by family (SPEC §5 step 6, the databases' reading): a framework's own console that drops,
empties or rebuilds the configured database is capped, as `rails db:drop` and `prisma migrate reset` are --
Django's `flush` and django-extensions' `reset_db`, Laravel's `migrate:fresh|reset|refresh` and `db:wipe`,
Symfony/Doctrine's drops, schema updates without a migration and fixture loads (they purge first). Laravel's
and Symfony's consoles take each `:` part abbreviated (`migrate:f`, `d:d:d`). However the console is reached:
through its interpreter (with options), by path, through `uv run` / `poetry run`. Applying migrations and every
other command stay plain.
"""

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

CAPPED = [
    "python manage.py flush",
    "python manage.py flush --no-input",
    "python3 manage.py flush --database default",
    "python -W ignore manage.py flush",
    "./manage.py flush",
    "src/manage.py flush --noinput",
    "python manage.py reset_db --noinput",
    "django-admin flush --settings=app.settings",
    "uv run python manage.py flush",
    "uv run manage.py flush",
    "poetry run python manage.py flush",
    "pipenv run python manage.py reset_db",
    "env DJANGO_SETTINGS_MODULE=x python manage.py flush",
    "php artisan migrate:fresh",
    "php artisan migrate:fresh --seed --force",
    "php artisan migrate:reset",
    "php artisan migrate:refresh --step=5",
    "php artisan db:wipe --force",
    "php artisan migrate:f",
    "php artisan mig:fr",
    "php artisan MIGRATE:FRESH",
    "./artisan migrate:fresh",
    "php artisan --env=production migrate:fresh",
    "php bin/console doctrine:database:drop --force",
    "php bin/console doctrine:schema:drop --force --full-database",
    "php bin/console doctrine:schema:update --force",
    "php bin/console doctrine:fixtures:load -n",
    "bin/console d:d:d --force",
    "bin/console d:s:d --force",
    "bin/console --env=prod doctrine:database:drop --force",
]


@pytest.mark.parametrize("command", CAPPED)
def test_a_console_that_drops_or_empties_the_database_is_capped(command):
    allow = (
        "Terminal(python)",
        "Terminal(python3)",
        "Terminal(php)",
        "Terminal(./manage.py)",
        "Terminal(bin/console)",
    )
    for v in (
        term(command, autonomy=AUTO_MODE),
        term(command, project=CONTAINER_RUNNING),
        # (R4.8: `Terminal(*)` does not cover what `uv run` or `env` runs; the command's own pattern does)
        term(command, allow=allow + ("Terminal(*)", f"Terminal({command})")),
    ):
        assert v.decision == "require_approval", (command, v.reason)
        assert v.reason == "cap_external_effect", (command, v.reason)


PLAIN = [
    "python manage.py migrate",
    "python manage.py makemigrations",
    "python manage.py test",
    "python manage.py sqlflush",  # prints the SQL, runs nothing
    "python manage.py flushx",
    "python manage.py check --deploy",
    "php artisan migrate",
    "php artisan migrate:status",
    "php artisan migrate:rollback",
    "php artisan test",
    "php artisan route:list",
    "bin/console doctrine:migrations:migrate -n",
    "bin/console cache:clear",
    "bin/console doctrine:database:create",
    "python script.py flush",  # not a framework console
    "php other.php migrate:fresh",
]


@pytest.mark.parametrize("command", PLAIN)
def test_migrations_and_other_commands_stay_plain(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
