"""What a database client or loader sends to its server (§5 step 6, R4.10; read by
permissions.commands.uploads, which owns how a segment's input is fed and which hosts are this machine's).

A client running a file (``psql -h h -f .env``, ``mongosh mongodb://h --file .env``, ``sqlcmd -S h -i .env``,
``cqlsh h -f .env``, ``trino --server h --file .env``, ``beeline -u jdbc:hive2://h -f .env``, ``usql pg://h -f
.env``) or fed its input sends the file's content to the server; a loader sends what it reads whenever it runs
(``mongoimport``, ``mongorestore``, ``mysqlimport``, and ``pg_restore`` when it restores into a database, ``-d``,
instead of printing SQL). It is an upload when a server it talks to is not this machine's loopback -- named in its
words (an option, an URL, a libpq conninfo's ``host=``/``hostaddr=``, or a ``service=``, which names a
server a service file holds: unknown, fail closed), or, when no word names one, by the variables the command
sets for it (red team, session 19): ``PGHOST=h psql -f .env``, ``export PGHOST=h; psql -f .env``, libpq's
``PGSERVICE``/``PGSERVICEFILE``/``PGSYSCONFDIR`` (a server from a file: unknown), ``SQLCMDSERVER``,
``CLICKHOUSE_HOST``, ``MYSQL_HOST``, ``CQLSH_HOST``. A variable set from what no rule reads (``source f``,
``export PG${X}=h``, ``read``) counts as naming every one (permissions.commands.uploads.servers_named).
No server named and none set is the local socket or the client's local default, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from permissions.shell_syntax import Segment

__all__ = ["ANY_SERVER", "DB_CLIENTS", "SERVER_VARIABLES", "db_sends", "servers_named"]

# The variables a client reads its server from; a value that is no host (a service's name, a file) is read
# as unknown.
_LIBPQ_HOSTS = ("PGHOST", "PGHOSTADDR")
_LIBPQ_FILES = ("PGSERVICE", "PGSERVICEFILE", "PGSYSCONFDIR")
SERVER_VARIABLES = frozenset(
    {*_LIBPQ_HOSTS, *_LIBPQ_FILES, "SQLCMDSERVER", "CLICKHOUSE_HOST", "MYSQL_HOST", "CQLSH_HOST"}
)
UNKNOWN_VALUE = frozenset(_LIBPQ_FILES)
ANY_SERVER = "*"  # what servers_named answers for a command that may set any variable


class Client(NamedTuple):
    """``files``: options naming a file it runs; ``hosts``: options naming its server; ``variables``: the
    environment's; ``always``: it sends what it reads whenever it runs (a loader); ``values``: its other
    options that take the next word; ``positional_host``: its first operand is the server (cqlsh's host,
    usql's URL)."""

    files: tuple[str, ...]
    hosts: tuple[str, ...]
    variables: tuple[str, ...] = ()
    always: bool = False
    values: tuple[str, ...] = ()
    positional_host: bool = False


_LIBPQ = _LIBPQ_HOSTS + _LIBPQ_FILES
_CQLSH_VALUES = (
    "-u", "--username", "-p", "--password", "-k", "--keyspace", "-e", "--execute", "--cqlversion",
    "--protocol-version", "--encoding", "--cqlshrc", "--connect-timeout", "--request-timeout", "-b", "--browser",
)  # fmt: skip
_USQL_VALUES = ("-c", "--command", "-o", "--out", "-v", "--set", "-P", "--pset", "-F", "-R", "-N", "--cset")
DB_CLIENTS: dict[str, Client] = {
    "psql": Client(("-f", "--file"), ("-h", "--host"), _LIBPQ),
    "mongosh": Client(("-f", "--file"), ("--host",)),
    "mongo": Client(("-f", "--file"), ("--host",)),
    "sqlcmd": Client(("-i", "--input-file"), ("-S", "--server"), ("SQLCMDSERVER",)),
    "clickhouse-client": Client(("--queries-file",), ("-h", "--host"), ("CLICKHOUSE_HOST",)),
    "cqlsh": Client(("-f", "--file"), (), ("CQLSH_HOST",), values=_CQLSH_VALUES, positional_host=True),
    "trino": Client(("-f", "--file"), ("--server",)),
    "presto": Client(("-f", "--file"), ("--server",)),
    "beeline": Client(("-f",), ("-u",)),
    "usql": Client(("-f", "--file"), (), values=_USQL_VALUES, positional_host=True),
    # loaders: what they read (a file, a dump, their input) goes to the server whenever they run
    "mongoimport": Client((), ("-h", "--host", "--uri"), always=True),
    "mongorestore": Client((), ("-h", "--host", "--uri"), always=True),
    "mysqlimport": Client((), ("-h", "--host"), ("MYSQL_HOST",), always=True),
    "pg_restore": Client(("-d", "--dbname"), ("-h", "--host"), _LIBPQ),
}

# Words that name a server inside a connection string (a libpq conninfo); `service=` names one a file holds.
_CONNINFO = ("host=", "hostaddr=", "service=")


def _option(view: tuple[str, ...], k: int, names: tuple[str, ...]) -> tuple[bool, str, int]:
    """Whether ``view[k]`` is one of the options ``names`` that take a value (``-h x``, ``-hx``,
    ``--host=x``, ``--host x``), its value, and how many words it spans."""
    w = view[k]
    nxt = view[k + 1] if k + 1 < len(view) else ""
    if w[:2] == "--":
        name, eq, value = w.partition("=")
        if name in names:
            return (True, value, 1) if eq else (True, nxt, 2)
    elif w[:1] == "-" and w[:2] in names:
        return (True, w[2:], 1) if len(w) > 2 else (True, nxt, 2)
    return False, "", 1


def _servers(view: tuple[str, ...], client: Client) -> list[str]:
    """The servers the words name, each an URL or a host."""
    servers: list[str] = []
    operands = 0
    k = 1
    while k < len(view):
        w = view[k]
        named, value, span = _option(view, k, client.hosts)
        if named:
            servers.append(value)
        elif w[:1] != "-" and client.positional_host and operands == 0 and "=" not in w:
            servers.append(w)
            operands = 1
        else:
            if w[:1] == "-":  # another option: its value (`pg_restore -d postgres://h/db`) is read below
                span = max(_option(view, k, client.files)[2], _option(view, k, client.values)[2])
            else:
                operands += 1
            for word in view[k : k + span]:
                if "://" in word:
                    servers.append(word)
                elif any(c in word for c in _CONNINFO):
                    servers.extend(_conninfo_servers(word))
        k += span
    return servers


def _conninfo_servers(word: str) -> list[str]:
    found: list[str] = []
    for part in word.split():
        key, eq, value = part.partition("=")
        if not eq:
            continue
        if key in ("host", "hostaddr"):
            found.extend(value.split(","))
        elif key == "service":
            found.append("service.unknown.invalid")  # a server a service file holds: no word says which
    return found


def _runs_something(view: tuple[str, ...], client: Client, fed: bool) -> bool:
    """Whether the client sends what it reads: a loader always; a client fed its input or given a file to run
    (or, cqlsh, a COPY ... FROM a local file)."""
    if client.always or fed:
        return True
    for k in range(1, len(view)):
        if _option(view, k, client.files)[0]:
            return True
        w = view[k]
        if view[0] == "cqlsh" and "copy" in w.lower() and " from " in w.lower():
            return True
    return False


def db_sends(
    view: tuple[str, ...],
    fed: bool,
    set_here: frozenset[str],
    local: Callable[[str], bool],
) -> bool:
    """One view of a database client sends what it reads to a server that is not this machine's (see the
    module's doc). ``fed``: its input is fed data; ``set_here``: the server variables the command sets to
    another machine (or ANY_SERVER); ``local``: whether an URL or host is this machine's loopback."""
    client = DB_CLIENTS[view[0]]
    if not _runs_something(view, client, fed):
        return False
    servers = _servers(view, client)
    if servers:
        return any(not local(h if "://" in h else "x://" + h) for h in servers)
    return ANY_SERVER in set_here or not set_here.isdisjoint(client.variables)


def server_set_elsewhere(name: str, value: str, local: Callable[[str], bool]) -> bool:
    """A server variable's value names another machine (a libpq host list: any of them; a socket directory is
    this machine; a service or a file is unknown)."""
    if name in UNKNOWN_VALUE:
        return True
    hosts = [h for h in value.split(",") if h]
    return not hosts or any(h[:1] != "/" and not local("x://" + h) for h in hosts)


# Commands that set variables from what no rule reads: `source f`, `. f`, `read`, `mapfile`, an `export` or
# `declare` of a name built from an expansion.
_SETS_FROM_ELSEWHERE = frozenset({"source", ".", "read"})
_DECLARERS = frozenset({"export", "declare", "typeset", "readonly", "local", "env", "set"})


def servers_named(segments: Sequence[Segment], local: Callable[[str], bool]) -> frozenset[str]:
    """The server variables the command sets to another machine (ANY_SERVER when it may set any: a file
    sourced, a variable read, a name built from an expansion)."""
    found: set[str] = set()
    for seg in segments:
        verb = seg.words[0] if seg.words else ""
        if verb in _SETS_FROM_ELSEWHERE or (verb in _DECLARERS and seg.dynamic):
            return frozenset({ANY_SERVER})
        for w in seg.words:
            name, eq, value = w.partition("=")
            if eq and name in SERVER_VARIABLES and server_set_elsewhere(name, value, local):
                found.add(name)
    return frozenset(found)
