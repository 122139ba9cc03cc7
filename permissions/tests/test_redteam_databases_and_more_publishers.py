"""§5 step 6 [beyond]: database tools whose verbs change whatever database the configuration names, and
publishers reached by names the caps did not read (R4.10: launchers, a package's own name, a composer script).

Reading chosen for databases: applying a project's pending migrations is daily work against a local dev
database (``prisma migrate dev``, ``knex migrate:latest``, ``rails db:migrate``, ``alembic upgrade head``,
``drizzle-kit migrate``, ``mix ecto.migrate``) and stays uncapped. Capped: a schema pushed with no migration
history (``prisma db push``, ``drizzle-kit push``, ``typeorm schema:sync``), migrations applied as a deploy
(``prisma migrate deploy``, ``prisma migrate resolve``), SQL sent as is (``prisma db execute``), and a
database dropped, reset or emptied (``prisma migrate reset``, ``rails db:drop``, ``mix ecto.reset``,
``sequelize db:drop``, ``typeorm schema:drop``, ``flyway clean``): the configured URL may be anyone's.

Written as an attacker would: each is run behind an allow of its verbs, in auto mode, on the container floor
and with terminal autonomy, and through the launchers R4.10 names. None may be auto-approved.
"""

from __future__ import annotations

import pytest

from permissions.commands.tasks import task_name_publishes
from permissions.decide import AutonomyRow

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, allow_every_word, term

TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


def _verdicts(command: str):
    allow = allow_every_word(command)
    yield term(command, allow=allow, project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT)
    yield term(command, allow=allow, project=CONTAINER_RUNNING, cwd=ROOT)
    yield term(command, allow=allow, project=HOST, autonomy=TERMINAL_AUTO, cwd=ROOT)


DATABASES = [
    "prisma db push",
    "prisma db push --accept-data-loss",
    "prisma db push --schema prisma/schema.prisma",
    "prisma db execute --file drop.sql",
    "prisma migrate deploy",
    "prisma migrate reset --force",
    "prisma migrate resolve --applied 2024_init",
    "npx prisma db push",
    "npx prisma@5 migrate deploy",
    "pnpm dlx prisma migrate reset -f",
    "bunx prisma db push",
    "pnpm exec prisma db push",
    "yarn prisma migrate deploy",
    "DATABASE_URL=postgres://prod/db npx prisma migrate deploy",
    "drizzle-kit push",
    "drizzle-kit push --force",
    "npx drizzle-kit push",
    "drizzle-kit push:pg",
    "rails db:drop",
    "bin/rails db:reset",
    "bundle exec rails db:schema:load",
    "rake db:drop",
    "bundle exec rake db:purge",
    "rails db:seed:replant",
    "mix ecto.drop",
    "mix ecto.reset",
    "sequelize db:drop",
    "npx sequelize-cli db:drop",
    "typeorm schema:drop",
    "typeorm schema:sync",
    "npx typeorm schema:drop -d src/data-source.ts",
    "flyway clean",
    "liquibase drop-all",
    "dbmate drop",
    "atlas schema apply -u $DATABASE_URL --to file://schema.hcl",
    "atlas schema clean -u $DATABASE_URL",
    "dotnet ef database drop -f",
    "dotnet-ef database drop --force",
    "turso db destroy prod --yes",
    "turso db shell prod 'DROP TABLE users'",
    "pscale deploy-request deploy app 12",
    "planetscale branch delete app main",
    "neonctl branches delete main",
    "neon databases delete app",
]
PUBLISHERS = [
    "conan upload pkg/1.0 -r remote",
    "conan upload '*' -r conancenter --confirm",
    "composer deploy",
    "composer deploy:prod",
    "composer -d app deploy",
    "composer --working-dir=app publish-assets",
    "eas submit",
    "eas submit -p ios --latest",
    "eas update --branch production",
    "eas build --platform all",
    "eas deploy --prod",
    "npx eas-cli submit",
    "npx eas-cli@latest update --auto",
    "expo publish",
    "expo publish:rollback",
    "npx expo-cli publish",
    "npx @railway/cli up",
    "npx @railway/cli@3 up --detach",
    "deno run -A npm:@railway/cli up",
    "ng deploy",
    "npx @angular/cli deploy",
    "npx -p @angular/cli ng deploy --base-href=/x/",
    "shopify app deploy",
    "shopify theme push --live",
    "npx @shopify/cli app deploy",
    "sentry-cli releases new 1.0",
    "sentry-cli sourcemaps upload dist",
    "npx @sentry/cli releases finalize 1.0",
]
ALL = DATABASES + PUBLISHERS


@pytest.mark.parametrize("command", ALL)
def test_s5_caps_these_are_never_auto_approved(command):
    for v in _verdicts(command):
        assert v.decision == "require_approval", (command, v.reason, v.message)
        assert v.reason == "cap_external_effect", (command, v.reason)


@pytest.mark.parametrize("name", ["db:push", "schema-push", "prisma:push", "drizzle:push"])
def test_s5_caps_a_task_named_for_a_database_push_is_read_as_the_push(name):
    assert task_name_publishes(name) is True


@pytest.mark.parametrize(
    "command",
    [
        "prisma generate",
        "prisma migrate dev",
        "prisma migrate dev --name init",
        "prisma migrate status",
        "prisma migrate diff --from-empty --to-schema-datamodel prisma/schema.prisma",
        "prisma db pull",
        "prisma db seed",
        "prisma format",
        "prisma validate",
        "prisma studio",
        "npx prisma generate",
        "drizzle-kit generate",
        "drizzle-kit migrate",
        "drizzle-kit check",
        "drizzle-kit studio",
        "knex migrate:latest",
        "knex migrate:make add_users",
        "sequelize db:migrate",
        "rails db:migrate",
        "rails db:rollback",
        "bin/rails db:seed",
        "rake db:migrate",
        "alembic upgrade head",
        "alembic revision --autogenerate -m x",
        "mix ecto.migrate",
        "typeorm migration:run -d src/data-source.ts",
        "flyway info",
        "conan install . --build=missing",
        "conan create .",
        "composer install",
        "composer require monolog/monolog",
        "composer run test",
        "composer dump-autoload",
        "eas build:list",
        "eas whoami",
        "expo start",
        "expo export",
        "expo prebuild",
        "npx expo install expo-camera",
        "npx @railway/cli status",
        "dotnet ef database update",
        "dotnet ef migrations add Init",
        "turso db list",
        "turso auth login",
        "pscale branch list app",
        "neonctl branches list",
        "neonctl connection-string",
        "ng build",
        "ng serve",
        "npx @angular/cli new app",
        "shopify app dev",
        "shopify theme dev",
        "sentry-cli releases list",
        "sentry-cli --version",
    ],
)
def test_s5_caps_their_local_siblings_stay_uncapped(command):
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.reason != "cap_external_effect", (command, v.message)
