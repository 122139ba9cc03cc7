"""A database migration run against another machine's server or against production (SPEC §5 step 6, effects by
family; red team, session 19). Migrating the local development database is the everyday loop (``rails
db:migrate``, ``alembic upgrade head``, ``dbmate up``, ``knex migrate:latest``) and stays ordinary; the same tools
pointed elsewhere change a shared database's schema and data, which is the external effect §5 step 6 caps:

- a target that names a server other than this machine's loopback: golang-migrate's ``-database URL``,
  Flyway's ``-url=jdbc:...``, Liquibase's ``--url``, Hasura's ``--endpoint``, dbmate's ``--url``/``-u``, goose's
  connection string, sqitch's ``db:pg://host/db`` target, sequelize's and TypeORM's ``--url`` -- or the same
  given by a variable before the command (``DATABASE_URL=postgres://h/db dbmate up``, ``GOOSE_DBSTRING``,
  ``FLYWAY_URL``, ``LIQUIBASE_COMMAND_URL``, ``HASURA_GRAPHQL_ENDPOINT``);
- an environment that is production or staging, chosen by an option (knex's and sequelize's ``--env``,
  alembic's ``-n``, Django's ``--settings=...prod...``), a variable before the command (``RAILS_ENV``,
  ``RACK_ENV``, ``MIX_ENV``, ``NODE_ENV``, ``DJANGO_SETTINGS_MODULE``), or rake's and rails' ``VAR=value``
  arguments (``rails db:migrate RAILS_ENV=production``).

Also (session 20): Laravel's ``--force`` (its console refuses to migrate in production without it: the flag is
the production run's own spelling), Symfony's ``--env=prod`` and ``APP_ENV``, Diesel, SQLx, SeaORM, Atlas,
``dotnet ef``'s ``--connection`` (an ADO.NET connection string's ``Server=``), Phinx's and Hanami's environments,
Skeema (``skeema push`` with no environment pushes to ``production``, its default), Flask-Migrate, Sequel's
``-m`` with an URL, yoyo, db-migrate, node-pg-migrate, graphile-migrate, MikroORM, Prisma's migrate and seed
given a server, the Flyway and Liquibase Maven/Gradle plugins' ``-Dflyway.url=``; assignments read through the
launcher they lead (``RAILS_ENV=production bundle exec rake db:migrate``, ``NODE_ENV=production npx knex
migrate:latest``), and an environment ``export``ed (or assigned) by an earlier segment of the same command
(``export RAILS_ENV=production; rails db:migrate``, :func:`migrates_after`). The same export before a build or
an asset step stays ordinary: only a migration after it is read with it.

Also (session 35): a target chosen by its name (dbt's ``--target prod`` and ``DBT_TARGET``, sqitch's target
name, Django's ``--database prod``, Flyway's ``-environment``, dbmate's ``-e PROD_DATABASE_URL``), alembic's
``-x env=prod`` (the pairs its env.py reads), and a configuration or environment file named for production by
one part of its name (``--knexfile knexfile.prod.js``, ``-c alembic.prod.ini``, ``--env-file .env.production``:
:func:`_production_file`).

A file-backed database (``sqlite3://``, ``file:``) and a server on a socket path are this machine. Only the
commands that change the database count (``up``, ``migrate``, ``db:*``, ``ecto.migrate``, ``upgrade`` ...);
creating a migration file, a status or a listing stays ordinary wherever it points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from permissions.commands.db_sends import DB_CLIENTS
from permissions.commands.listeners import _named_value
from permissions.commands.script_binds import bound_to_loopback
from permissions.commands.syntax import option_values
from permissions.commands.views import is_assignment, views_of
from permissions.commands.wrappers import SECRET_RUNNERS

if TYPE_CHECKING:
    from permissions.shell_syntax import Segment

__all__ = ["MIGRATION_VERBS", "abbreviates", "assigned_migration", "migrates_after", "migrates_elsewhere"]


class Tool(NamedTuple):
    """``acts``: words (or prefixes ending in ``:``/``.``) that change the database; ``targets``: options
    naming its server; ``envs``: options naming an environment; ``positional_target``: the server is the
    operand after the driver (goose); ``variables``: the ones it reads its target or environment from;
    ``forced``: options only a production run needs (Laravel's ``--force``); ``abbreviating``: its console
    takes each ``:``-separated part of a command abbreviated (``d:m:m``); ``url_operands``: an operand that is an
    URL is its target (Sequel); ``positional_env``: the operand after the act names the environment, and none
    means production (Skeema's default); ``files``: options naming a configuration or environment file (its
    name may name production: ``--knexfile knexfile.prod.js``); ``pairs``: options whose value is a
    ``key=value`` its configuration reads (alembic's ``-x env=prod``); ``operand_env``: an operand after the act
    names the target (sqitch's ``deploy prod``)."""

    acts: tuple[str, ...]
    targets: tuple[str, ...] = ()
    envs: tuple[str, ...] = ()
    variables: tuple[str, ...] = ()
    positional_target: bool = False
    forced: tuple[str, ...] = ()
    abbreviating: bool = False
    url_operands: bool = False
    positional_env: bool = False
    files: tuple[str, ...] = ()
    pairs: tuple[str, ...] = ()
    operand_env: bool = False


_RAILS = Tool(("db:",), variables=("RAILS_ENV", "RACK_ENV", "DATABASE_URL"))
_SEQUELIZE = Tool(
    ("db:migrate", "db:seed", "db:drop", "db:create"),
    ("--url",),
    ("--env",),
    ("NODE_ENV",),
    files=("--config", "--options-path"),
)
_KNEX = Tool(
    ("migrate:latest", "migrate:up", "migrate:down", "migrate:rollback", "migrate:unlock", "seed:run"),
    envs=("--env",),
    variables=("NODE_ENV",),
    files=("--knexfile",),
)
_TYPEORM = Tool(
    ("migration:run", "migration:revert", "schema:sync", "schema:drop", "query"),
    ("--url",),
    (),
    ("NODE_ENV",),
    files=("-d", "--dataSource", "--data-source"),
)
_DJANGO = Tool(
    ("migrate", "flush", "loaddata"),
    envs=("--settings", "--database"),
    variables=("DJANGO_SETTINGS_MODULE", "DATABASE_URL"),
)
_EF = Tool(("update", "drop"), ("--connection",), (), ("ASPNETCORE_ENVIRONMENT", "DOTNET_ENVIRONMENT"))
_PLUGINS = Tool(
    ("flyway:migrate", "flyway:clean", "flyway:baseline", "flyway:repair", "flyway:undo")
    + ("liquibase:update", "liquibase:rollback", "liquibase:dropall", "flywaymigrate", "flywayclean")
    + ("flywaybaseline", "flywayrepair", "flywayundo"),
    ("-Dflyway.url", "-Pflyway.url", "-Dliquibase.url", "-Pliquibase.url", "-Dliquibase.command.url"),
)
TOOLS: dict[str, Tool] = {
    "migrate": Tool(
        ("up", "down", "goto", "force", "drop"), ("-database", "--database"), (), ("DATABASE_URL",)
    ),
    "flyway": Tool(
        ("migrate", "clean", "baseline", "repair", "undo"),
        ("-url", "--url"),
        ("-environment", "--environment"),
        ("FLYWAY_URL", "FLYWAY_ENVIRONMENT"),
        files=("-configFiles", "--configFiles"),
    ),
    "liquibase": Tool(
        ("update", "rollback", "drop", "dropall", "changelog-sync", "changelogsync", "tag", "execute-sql")
        + ("executesql", "updatecount", "updatetotag", "rollbackcount", "rollbacktodate", "rollbacktotag"),
        ("--url",),
        (),
        ("LIQUIBASE_COMMAND_URL",),
        files=("--defaults-file", "--defaultsFile"),
    ),
    "hasura": Tool(
        ("apply", "deploy"), ("--endpoint",), (), ("HASURA_GRAPHQL_ENDPOINT",), files=("--envfile",)
    ),
    "dbmate": Tool(
        ("up", "migrate", "rollback", "down", "drop", "create", "load"),
        ("--url", "-u"),
        ("-e", "--env"),  # the name of the variable holding the URL (`-e PROD_DATABASE_URL`)
        ("DATABASE_URL",),
        files=("--env-file",),
    ),
    "goose": Tool(
        ("up", "up-by-one", "up-to", "down", "down-to", "redo", "reset"),
        variables=("GOOSE_DBSTRING",),
        positional_target=True,
        files=("-env", "--env"),
    ),
    "sqitch": Tool(
        ("deploy", "revert", "rebase", "checkout"), ("--target", "-t"), ("--target", "-t"), operand_env=True
    ),
    # dbt's target names a profile's output: the warehouse it builds into (`--target prod`)
    "dbt": Tool(
        ("run", "build", "seed", "snapshot", "run-operation", "retry", "clone"),
        envs=("--target", "-t"),
        variables=("DBT_TARGET",),
        files=("--profiles-dir",),
    ),
    "knex": _KNEX,
    "sequelize": _SEQUELIZE,
    "sequelize-cli": _SEQUELIZE,
    "typeorm": _TYPEORM,
    "typeorm-ts-node-commonjs": _TYPEORM,
    "typeorm-ts-node-esm": _TYPEORM,
    "rails": _RAILS,
    "bin/rails": _RAILS,
    "./bin/rails": _RAILS,
    "rake": _RAILS,
    "bin/rake": _RAILS,
    "mix": Tool(
        (
            "ecto.migrate",
            "ecto.rollback",
            "ecto.reset",
            "ecto.drop",
            "ecto.create",
            "ecto.setup",
            "ecto.load",
        ),
        variables=("MIX_ENV", "DATABASE_URL"),
    ),
    "alembic": Tool(
        ("upgrade", "downgrade", "stamp"),
        envs=("-n", "--name"),
        variables=("DATABASE_URL",),
        files=("-c", "--config"),
        pairs=("-x",),
    ),
    # Django's manage.py, read after the interpreter (`python manage.py migrate`)
    "manage.py": _DJANGO,
    "django-admin": _DJANGO,
    "django-admin.py": _DJANGO,
    # Laravel's and Symfony's consoles, read after `php` (`php artisan migrate --force`)
    "artisan": Tool(
        ("migrate", "db:seed", "db:wipe", "schema:dump"),
        envs=("--env",),
        variables=("APP_ENV", "DB_HOST", "DB_URL", "DATABASE_URL"),
        forced=("--force",),
        abbreviating=True,
    ),
    "console": Tool(
        ("doctrine:migrations:migrate", "doctrine:migrations:execute", "doctrine:migrations:rollup")
        + ("doctrine:schema:update", "doctrine:schema:create", "doctrine:fixtures:load"),
        envs=("--env", "-e"),
        variables=("APP_ENV", "DATABASE_URL"),
        abbreviating=True,
    ),
    "diesel": Tool(("run", "redo", "revert", "reset", "setup"), ("--database-url",), (), ("DATABASE_URL",)),
    "sqlx": Tool(
        ("run", "revert", "drop", "reset", "setup", "create"), ("--database-url", "-D"), (), ("DATABASE_URL",)
    ),
    "sea-orm-cli": Tool(
        ("up", "down", "fresh", "refresh", "reset"), ("--database-url", "-u"), (), ("DATABASE_URL",)
    ),
    "atlas": Tool(("apply", "down", "clean"), ("--url", "-u"), ("--env",), ("DATABASE_URL",)),
    "dotnet-ef": _EF,
    "skeema": Tool(("push",), positional_env=True),
    "phinx": Tool(
        ("migrate", "rollback", "seed:run"), envs=("-e", "--environment"), files=("-c", "--configuration")
    ),
    "hanami": Tool(
        ("migrate", "prepare", "drop", "create", "rollback", "seed", "reset"),
        envs=("--env", "-e"),
        variables=("HANAMI_ENV", "DATABASE_URL"),
    ),
    "flask": Tool(("upgrade", "downgrade", "stamp"), variables=("FLASK_ENV", "APP_ENV", "DATABASE_URL")),
    "sequel": Tool((), variables=("DATABASE_URL",), url_operands=True),  # `sequel -m DIR URL`
    "yoyo": Tool(("apply", "rollback", "reapply", "develop"), ("--database", "-d"), (), ("DATABASE_URL",)),
    "db-migrate": Tool(
        ("up", "down", "reset", "sync"), envs=("-e", "--env"), variables=("DATABASE_URL", "NODE_ENV")
    ),
    "node-pg-migrate": Tool(("up", "down", "redo"), variables=("DATABASE_URL",)),
    "graphile-migrate": Tool(("migrate", "reset", "commit", "watch"), variables=("DATABASE_URL",)),
    "mikro-orm": Tool(
        ("migration:up", "migration:down", "migration:fresh", "schema:update", "schema:drop", "schema:fresh"),
        variables=("MIKRO_ORM_CLIENT_URL", "DATABASE_URL", "NODE_ENV"),
        files=("--config",),
    ),
    "prisma": Tool(
        ("dev", "deploy", "reset", "resolve", "push", "seed", "execute"),
        ("--url",),
        (),
        ("DATABASE_URL",),
        files=("--schema",),
    ),
    "drizzle-kit": Tool(("migrate", "push", "drop"), ("--url",), (), ("DATABASE_URL",)),
    # the Flyway and Liquibase build plugins: `mvn flyway:migrate -Dflyway.url=jdbc:...`
    "mvn": _PLUGINS,
    "mvnw": _PLUGINS,
    "mvnd": _PLUGINS,
    "gradle": _PLUGINS,
    "gradlew": _PLUGINS,
}
# Secret managers and environment loaders that run a command with a chosen environment's secrets or file
# (permissions.commands.wrappers' secret runners, and the loaders its option tables read): what they chose is
# among their own words (`aws-vault exec prod --`, `doppler run --config prd --`, `dotenvx run -f
# .env.production --`, `env-cmd -e production`).
INJECTOR_VERBS = frozenset(verb for verb, _ in SECRET_RUNNERS) | frozenset(
    {"dotenv", "env-cmd", "godotenv", "summon", "envchain"}
)


MIGRATION_VERBS: frozenset[str] = (
    frozenset(TOOLS) | frozenset({"python", "python3", "php", "dotnet"}) | INJECTOR_VERBS
)
_ENVIRONMENTS = frozenset(v for tool in TOOLS.values() for v in tool.variables)
# Per tool, what _acts compares a word with: its acts exactly, and the prefixes that name one (`up-by-one`
# after `up`, any `db:` command after `db:`).
_MATCHING: dict[Tool, tuple[frozenset[str], tuple[str, ...]]] = {
    tool: (
        frozenset(tool.acts),
        tuple(act + "-" for act in tool.acts) + tuple(act for act in tool.acts if act[-1] in ":."),
    )
    for tool in TOOLS.values()
}
_LOCAL_SCHEMES = ("sqlite", "sqlite3", "file", "duckdb")


def _production(value: str) -> bool:
    low = value.lower()
    return "prod" in low or "stag" in low or low == "live"


def _host_of(url: str) -> str:
    """The host an URL, a JDBC URL, a DSN (``tcp(h:3306)``) or a libpq conninfo names ('' for none)."""
    if "=" in url and "://" not in url:
        # libpq's `host=h user=u`, ADO.NET's `Server=tcp:h,1433;Database=app` (`Data Source`, `Address`)
        for part in url.replace(";", "\n").splitlines() if ";" in url else url.split():
            key, _, value = part.partition("=")
            if key.strip().lower() in _HOST_KEYS:
                value = value.strip().removeprefix("tcp:")
                if value in (".", "(local)") or value.startswith("(localdb)"):
                    return "localhost"  # SQL Server's own names for this machine
                return value.split(",")[0].split("\\")[0]  # `h,1433`, `h\\SQLEXPRESS`
        return ""
    rest = url.partition("://")[2]
    rest = rest.split("/", 1)[0].split("?", 1)[0].rpartition("@")[2]
    if rest.startswith("tcp("):
        rest = rest[4:].rstrip(")")
    if rest.startswith("["):
        return rest.partition("]")[0] + "]"
    return rest.partition(":")[0]


_HOST_KEYS = frozenset({"host", "hostaddr", "server", "data source", "address", "addr", "network address"})


def _elsewhere(value: str) -> bool:
    """A migration target on another machine: not a file-backed database, a socket path or loopback."""
    scheme = value.partition("://")[0].lower().removeprefix("jdbc:").removeprefix("db:")
    if scheme.startswith(_LOCAL_SCHEMES) or value.startswith(("file:", "sqlite")):
        return False
    host = _host_of(value)
    if not host or host.startswith("/") or host.startswith("$"):
        return host.startswith("$")  # an expansion: where, no rule reads
    return not bound_to_loopback(host)


def _acts(tool: Tool, args: tuple[str, ...]) -> bool:
    if not tool.acts:  # Sequel: `-m DIR` applies the migrations in DIR
        return any(w.startswith("-m") for w in args)
    exact, prefixes = _MATCHING[tool]
    for w in args:
        if w[:1] == "-":
            continue
        low = w.lower()
        if low in exact or low.startswith(prefixes):
            return not low.endswith((":status", ":version", ":dump"))
        if tool.abbreviating and any(low.startswith(act + ":") or abbreviates(low, act) for act in tool.acts):
            return not low.endswith((":status", ":install", ":list"))
    return False


def abbreviates(word: str, name: str) -> bool:
    """Symfony's console (Laravel's too): ``word`` names ``name`` when each of its `:` parts starts the same
    part of it (``d:m:m``)."""
    parts = word.lower().split(":")
    full = name.split(":")
    return len(parts) == len(full) and all(p and f.startswith(p) for p, f in zip(parts, full, strict=True))


def _targets_elsewhere(tool: Tool, args: tuple[str, ...]) -> bool:
    if tool.forced and any(w.partition("=")[0] in tool.forced for w in args):
        return True  # `php artisan migrate --force`: what only a production run needs
    if tool.positional_env:
        operands = [w for w in args if w[:1] != "-"]
        return len(operands) < 2 or _production(operands[1])  # `skeema push`: production, its default
    if tool.url_operands and any("://" in w and _elsewhere(w) for w in args if w[:1] != "-"):
        return True
    if any(_elsewhere(v) for v in _named_value(args, tool.targets) or ()):
        return True
    if any(_production(v) for v in option_values(args, frozenset(tool.envs))):
        return True
    if any(_production_file(v) for v in option_values(args, frozenset(tool.files))):
        return True
    if any(_pair_elsewhere(v) for v in option_values(args, frozenset(tool.pairs))):
        return True  # alembic's `-x env=prod`, `-x sqlalchemy.url=postgres://h/db`
    if tool.operand_env and _operand_production(tool, args):
        return True
    if tool.positional_target:
        operands = [w for w in args if w[:1] != "-"]
        if len(operands) >= 2 and operands[0] not in ("sqlite3", "sqlite") and _elsewhere(operands[1]):
            return True
    if tool.targets and any(w[:1] != "-" and w.startswith("db:") and _elsewhere(w) for w in args):
        return True  # sqitch's target `db:pg://host/db`
    return any(_assigned_elsewhere(w, tool) for w in args if "=" in w and w[:1] != "-")


_PRODUCTION_PARTS = frozenset({"prod", "production", "prd", "staging", "stage", "stg", "live"})
_NAME_PARTS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z0-9]+(?![a-z])")


def _production_file(path: str) -> bool:
    """A configuration or environment file named for production: one part of its path, split at what is not
    a letter or a digit and at a capital (``knexfile.prod.js``, ``prodDataSource.ts``, ``config/production/``)
    -- never a longer word that starts the same (``products/knexfile.js``)."""
    return any(part.lower() in _PRODUCTION_PARTS for part in _NAME_PARTS.findall(path))


def _pair_elsewhere(pair: str) -> bool:
    """A ``key=value`` an env.py reads: production by its value's name, or a server on another machine."""
    value = pair.partition("=")[2]
    return _elsewhere(value) if "://" in value else _production(value)


def _operand_production(tool: Tool, args: tuple[str, ...]) -> bool:
    """An operand after the act names a production target (``sqitch deploy prod``)."""
    for k, w in enumerate(args):
        if w[:1] != "-" and _acts(tool, (w,)):
            return any(o[:1] != "-" and _production(o) for o in args[k + 1 :])
    return False


def _assigned_elsewhere(word: str, tool: Tool) -> bool:
    name, _, value = word.partition("=")
    if name not in tool.variables:
        return False
    if name.endswith(("_URL", "_DBSTRING", "_ENDPOINT")):
        return _elsewhere(value)
    if name.endswith("_HOST"):  # Laravel's DB_HOST: a host alone
        return bool(value) and not value.startswith("/") and not bound_to_loopback(value)
    return _production(value)


def _tool_of(view: tuple[str, ...]) -> tuple[Tool | None, tuple[str, ...]]:
    verb = view[0]
    if verb in _HOSTS:  # `python manage.py`, `php artisan`, `php bin/console`, `dotnet ef`
        if len(view) > 1:
            hosted = "dotnet-ef" if verb == "dotnet" and view[1] == "ef" else view[1].rsplit("/", 1)[-1]
            if hosted in _HOSTED[verb]:
                return TOOLS[hosted], view[2:]
        return None, ()
    tool = TOOLS.get(verb)
    if tool is None and "/" in verb:
        tool = TOOLS.get(verb.rsplit("/", 1)[-1])  # `vendor/bin/phinx`, `./manage.py`, `./gradlew`
    return tool, view[1:]


_HOSTED = {
    "python": ("manage.py",),
    "python3": ("manage.py",),
    "php": ("artisan", "console", "phinx"),
    "dotnet": ("dotnet-ef",),
}
_HOSTS = frozenset(_HOSTED)
# package managers that run a package's program given by its name (`yarn sequelize`; npm needs `npm exec`)
_RUN_BY_NAME = frozenset({"yarn", "pnpm", "bun"})


def injected_migration(view: tuple[str, ...]) -> bool:
    """A migration run by a secret manager or an environment loader that chose production by one of its own
    words (``aws-vault exec prod -- alembic upgrade head``, ``dotenvx run -f .env.production -- npx prisma
    migrate dev``): the migration gets production's database, as ``DATABASE_URL=...`` before it would give."""
    for inner in views_of(view)[1:]:
        cut = len(view) - len(inner)
        if 0 < cut and view[cut:] == inner and any(_production_file(w) for w in view[1:cut]):
            tool, args = _tool_of(inner)
            if tool is not None and _acts(tool, args):
                return True
    return False


def migrates_elsewhere(view: tuple[str, ...]) -> bool:
    """One view of a segment migrates a database on another machine or in production (see the module's doc),
    or a secret manager that chose production runs one (:func:`injected_migration`)."""
    if view[0] in INJECTOR_VERBS:
        return injected_migration(view)
    tool, args = _tool_of(view)
    return tool is not None and _acts(tool, args) and _targets_elsewhere(tool, args)


def assigned_migration(view: tuple[str, ...]) -> bool:
    """A view led by assignments (``RAILS_ENV=production rails db:migrate``): what they choose, read with the
    migration they lead."""
    k = _env_options_end(view) if view[0] == "env" else 0
    first = k
    while k < len(view) and "=" in view[k] and view[k][:1] != "-":
        k += 1
    if k == len(view) or _ENVIRONMENTS.isdisjoint(w.partition("=")[0] for w in view[first:k]):
        return False
    # what the assignments lead, and what it launches (`RAILS_ENV=production bundle exec rake db:migrate`)
    rest = view[k:]
    # (`NODE_ENV=production yarn sequelize db:migrate`: yarn runs the package's own program of that name)
    for led in (*views_of(rest), rest[1:]) if rest[0] in _RUN_BY_NAME else views_of(rest):
        tool, args = _tool_of(led)
        if tool is not None and _acts(tool, args):
            return any(_assigned_elsewhere(w, tool) for w in view[first:k]) or _targets_elsewhere(tool, args)
    return False


def migrates_after(view: tuple[str, ...], earlier: Sequence[Segment]) -> bool:
    """A migration whose environment or server an earlier segment of the command chose (``export
    RAILS_ENV=production; rails db:migrate``, ``DATABASE_URL=postgres://h/db; alembic upgrade head``): any
    word of theirs assigning a variable the tool reads to production or another machine."""
    tool, args = _tool_of(view)
    if tool is None or not tool.variables or not _acts(tool, args):
        return False
    return any(
        _assigned_elsewhere(w, tool) for seg in earlier for w in seg.words if "=" in w and w[:1] != "-"
    )


def _env_options_end(view: tuple[str, ...]) -> int:
    """Where ``env``'s own options end (``env -i -u X RAILS_ENV=production rails ...``)."""
    k = 1
    while k < len(view) and view[k][:1] == "-" and view[k] != "-":
        k += 2 if view[k] in ("-u", "--unset", "-C", "--chdir") else 1
    return k


# red team, §5 step 6: a data store on another machine handed to any program by a variable -- a database's, a
# cache's, a broker's or a search cluster's URL, DSN or host (`DATABASE_URL=postgres://u:p@prod-db/app npm test`,
# `PGHOST=prod.example.com npm run migrate`): whatever the program does with it, no rule sees -- it reads and
# changes another machine's data with the credentials given. Read as the migrations' variables are (_elsewhere,
# _host_of); a value no rule reads (`$PROD_DATABASE_URL`) fails closed; a compose service named by one label (`db`,
# `postgres`) is this project's own, unless its name says production.
_STORE_SCHEME = re.compile(
    r"(?:jdbc:)?(?:postgres|postgresql|mysql|mariadb|mongodb|mongodb\+srv|redis|rediss|amqp|amqps|clickhouse"
    r"|cockroachdb|sqlserver|mssql|oracle|couchdb|neo4j|neo4j\+s|bolt|cassandra|memcached|nats|kafka"
    r"|elasticsearch|opensearch|libsql|edgedb|redshift|snowflake)://",
    re.IGNORECASE,
).match
_STORE_WORDS = (
    "DATABASE", "DB", "PG", "POSTGRES", "MYSQL", "MARIADB", "SQL", "MONGO", "REDIS", "ELASTIC", "OPENSEARCH",
    "CLICKHOUSE", "CASSANDRA", "COUCH", "AMQP", "RABBIT", "BROKER", "MEMCACHE", "NEO4J", "KAFKA",
)  # fmt: skip
_STORE_ENDINGS = ("URL", "URI", "DSN", "DBSTRING", "CONNECTION_STRING")
_STORE_HOST_ENDINGS = ("HOST", "HOSTS", "HOSTADDR")


def _store_named(name: str) -> bool:
    """A variable named for a data store: one of its `_` parts starts with a store's word (``PGHOST``,
    ``MONGODB_URI``, ``SQLALCHEMY_DATABASE_URI``)."""
    return any(part.startswith(_STORE_WORDS) for part in name.upper().split("_"))


def _one_label(host: str) -> bool:
    """A host named by one label (a compose service: `db`, `postgres`), not production by its name."""
    host = host.partition(":")[0]
    return bool(host) and host.replace("-", "").replace("_", "").isalnum() and not _production(host)


def _store_elsewhere(name: str, value: str) -> bool:
    """The assignment of ``name`` hands a program a data store on another machine (see above)."""
    value = value.strip("'\"")
    if not value:
        return False
    if value[:1] == "$":
        return _store_named(name)  # an expansion: where, no rule reads
    upper = name.upper()
    if "://" in value or ("=" in value and upper.endswith(_STORE_ENDINGS)):
        if not (_STORE_SCHEME(value) or (_store_named(name) and upper.endswith(_STORE_ENDINGS))):
            return False
        return _elsewhere(value) and not _one_label(_host_of(value))
    if upper.endswith(_STORE_HOST_ENDINGS) and _store_named(name):
        hosts = [h for h in value.split(",") if h and not h.startswith("/")]
        return any(not bound_to_loopback(h) and not _one_label(h) for h in hosts)
    return False


def store_in_arguments(view: tuple[str, ...]) -> bool:
    """red team, §5 step 6: a data store on another machine in ``view``'s arguments (`node x.js --db
    mongodb://prod.example.com`, `--dsn=...`, `-Dspring.datasource.url=jdbc:...`), read as the variable form is
    (:func:`_store_elsewhere`) -- not a database client's or a migration's, whose own readings see theirs."""
    if view[0].rpartition("/")[2] in DB_CLIENTS:
        return False
    tool, args = _tool_of(view)
    if tool is not None and _acts(tool, args):
        return False
    for w in view[1:]:
        at = w.find("://")
        if at < 0:
            continue
        value = w[w.rfind("=", 0, at) + 1 :]  # (`--db=URL`)
        if _STORE_SCHEME(value) and _elsewhere(value) and not _one_label(_host_of(value)):
            return True
    return False


def assigned_data_store(view: tuple[str, ...]) -> bool:
    """An assignment in ``view`` (before its command, after `env`, or `export`ed for the segments after it) that
    hands a program a data store on another machine (:func:`_store_elsewhere`) -- not a database client or a
    migration, whose effect their own readings see (`PGHOST=h psql -l` lists: db_sends; this module's)."""
    k = _env_options_end(view) if view[0] == "env" else 0
    while k < len(view) and is_assignment(view[k]):
        k += 1
    if k < len(view) and view[k].rpartition("/")[2] in DB_CLIENTS:
        return False
    tool, args = _tool_of(view[k:]) if k < len(view) else (None, ())
    if tool is not None and _acts(tool, args):
        return False  # (a migration: migrates_elsewhere and assigned_migration read its target)
    for w in view:
        if "=" in w and is_assignment(w):
            name, _, value = w.partition("=")
            if _store_elsewhere(name, value):
                return True
    return False
