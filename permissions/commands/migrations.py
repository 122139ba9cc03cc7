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

A file-backed database (``sqlite3://``, ``file:``) and a server on a socket path are this machine. Only the
commands that change the database count (``up``, ``migrate``, ``db:*``, ``ecto.migrate``, ``upgrade`` ...);
creating a migration file, a status or a listing stays ordinary wherever it points. Left: an environment
``export``ed by an earlier segment (``export RAILS_ENV=production; rails db:migrate``) is not read -- the same
export before a build or an asset step is ordinary.
"""

from __future__ import annotations

from typing import NamedTuple

from permissions.commands.listeners import _named_value
from permissions.commands.script_binds import bound_to_loopback

__all__ = ["MIGRATION_VERBS", "assigned_migration", "migrates_elsewhere"]


class Tool(NamedTuple):
    """``acts``: words (or prefixes ending in ``:``/``.``) that change the database; ``targets``: options
    naming its server; ``envs``: options naming an environment; ``positional_target``: the server is the
    operand after the driver (goose); ``variables``: the ones it reads its target or environment from."""

    acts: tuple[str, ...]
    targets: tuple[str, ...] = ()
    envs: tuple[str, ...] = ()
    variables: tuple[str, ...] = ()
    positional_target: bool = False


_RAILS = Tool(("db:",), variables=("RAILS_ENV", "RACK_ENV", "DATABASE_URL"))
_SEQUELIZE = Tool(("db:migrate", "db:seed", "db:drop", "db:create"), ("--url",), ("--env",), ("NODE_ENV",))
_KNEX = Tool(
    ("migrate:latest", "migrate:up", "migrate:down", "migrate:rollback", "migrate:unlock", "seed:run"),
    envs=("--env",),
    variables=("NODE_ENV",),
)
_TYPEORM = Tool(
    ("migration:run", "migration:revert", "schema:sync", "schema:drop", "query"),
    ("--url",),
    (),
    ("NODE_ENV",),
)
TOOLS: dict[str, Tool] = {
    "migrate": Tool(
        ("up", "down", "goto", "force", "drop"), ("-database", "--database"), (), ("DATABASE_URL",)
    ),
    "flyway": Tool(
        ("migrate", "clean", "baseline", "repair", "undo"), ("-url", "--url"), (), ("FLYWAY_URL",)
    ),
    "liquibase": Tool(
        ("update", "rollback", "drop", "dropall", "changelog-sync", "changelogsync", "tag", "execute-sql")
        + ("executesql", "updatecount", "updatetotag", "rollbackcount", "rollbacktodate", "rollbacktotag"),
        ("--url",),
        (),
        ("LIQUIBASE_COMMAND_URL",),
    ),
    "hasura": Tool(("apply", "deploy"), ("--endpoint",), (), ("HASURA_GRAPHQL_ENDPOINT",)),
    "dbmate": Tool(
        ("up", "migrate", "rollback", "down", "drop", "create", "load"),
        ("--url", "-u"),
        (),
        ("DATABASE_URL",),
    ),
    "goose": Tool(
        ("up", "up-by-one", "up-to", "down", "down-to", "redo", "reset"),
        variables=("GOOSE_DBSTRING",),
        positional_target=True,
    ),
    "sqitch": Tool(("deploy", "revert", "rebase", "checkout"), ("--target", "-t")),
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
    "alembic": Tool(("upgrade", "downgrade", "stamp"), envs=("-n", "--name"), variables=("DATABASE_URL",)),
    # Django's manage.py, read after the interpreter (`python manage.py migrate`)
    "manage.py": Tool(
        ("migrate", "flush", "loaddata"),
        envs=("--settings",),
        variables=("DJANGO_SETTINGS_MODULE", "DATABASE_URL"),
    ),
}
MIGRATION_VERBS: frozenset[str] = frozenset(TOOLS) | frozenset({"python", "python3"})
_ENVIRONMENTS = frozenset(v for tool in TOOLS.values() for v in tool.variables)
_LOCAL_SCHEMES = ("sqlite", "sqlite3", "file", "duckdb")


def _production(value: str) -> bool:
    low = value.lower()
    return "prod" in low or "stag" in low or low == "live"


def _host_of(url: str) -> str:
    """The host an URL, a JDBC URL, a DSN (``tcp(h:3306)``) or a libpq conninfo names ('' for none)."""
    if "host=" in url and "://" not in url:
        for part in url.split():
            key, _, value = part.partition("=")
            if key in ("host", "hostaddr"):
                return value.split(",")[0]
        return ""
    rest = url.partition("://")[2]
    rest = rest.split("/", 1)[0].split("?", 1)[0].rpartition("@")[2]
    if rest.startswith("tcp("):
        rest = rest[4:].rstrip(")")
    if rest.startswith("["):
        return rest.partition("]")[0] + "]"
    return rest.partition(":")[0]


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
    for w in args:
        if w[:1] == "-":
            continue
        low = w.lower()
        for act in tool.acts:
            if low == act or low.startswith(act + "-") or (act[-1] in ":." and low.startswith(act)):
                return not low.endswith((":status", ":version", ":dump"))
    return False


def _targets_elsewhere(tool: Tool, args: tuple[str, ...]) -> bool:
    if any(_elsewhere(v) for v in _named_value(args, tool.targets) or ()):
        return True
    if any(_production(v) for v in _named_value(args, tool.envs) or ()):
        return True
    if tool.positional_target:
        operands = [w for w in args if w[:1] != "-"]
        if len(operands) >= 2 and operands[0] not in ("sqlite3", "sqlite") and _elsewhere(operands[1]):
            return True
    if tool.targets and any(w[:1] != "-" and w.startswith("db:") and _elsewhere(w) for w in args):
        return True  # sqitch's target `db:pg://host/db`
    return any(_assigned_elsewhere(w, tool) for w in args if "=" in w and w[:1] != "-")


def _assigned_elsewhere(word: str, tool: Tool) -> bool:
    name, _, value = word.partition("=")
    if name not in tool.variables:
        return False
    if name.endswith(("_URL", "_DBSTRING", "_ENDPOINT")):
        return _elsewhere(value)
    return _production(value)


def _tool_of(view: tuple[str, ...]) -> tuple[Tool | None, tuple[str, ...]]:
    verb = view[0]
    if verb in ("python", "python3"):
        if len(view) > 1 and view[1].endswith("manage.py"):
            return TOOLS["manage.py"], view[2:]
        return None, ()
    return TOOLS.get(verb), view[1:]


def migrates_elsewhere(view: tuple[str, ...]) -> bool:
    """One view of a segment migrates a database on another machine or in production (see the module's doc)."""
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
    tool, args = _tool_of(view[k:])
    if tool is None or not _acts(tool, args):
        return False
    return any(_assigned_elsewhere(w, tool) for w in view[first:k]) or _targets_elsewhere(tool, args)


def _env_options_end(view: tuple[str, ...]) -> int:
    """Where ``env``'s own options end (``env -i -u X RAILS_ENV=production rails ...``)."""
    k = 1
    while k < len(view) and view[k][:1] == "-" and view[k] != "-":
        k += 2 if view[k] in ("-u", "--unset", "-C", "--chdir") else 1
    return k
