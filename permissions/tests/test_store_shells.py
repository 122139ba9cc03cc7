"""R4.9: the data stores' own shells run code of another language.

psql, mysql and sqlite3 were read so already: a statement given inline, or statements read from the input, are
code no rule reads (and each has a shell escape). The same holds for the other stores' shells an agent reaches
for: a key-value store's command (`redis-cli flushall`, `EVAL` runs Lua), MongoDB's JavaScript (`--eval`),
Cassandra's, ClickHouse's, DuckDB's (with sqlite's `.shell`), mycli's, litecli's, usql's, Snowflake's. None is
approved by a prefix allow of the program, autonomy, auto mode or the container floor; asking their version is
still plain.
"""

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

SHELLS = ("redis-cli", "valkey-cli", "keydb-cli", "mongosh", "mongo", "cqlsh", "clickhouse-client", "duckdb")
PREFIX_ALLOW = tuple(f"Terminal({p})" for p in SHELLS + ("mycli", "litecli", "usql", "snowsql"))

CODE = [
    "redis-cli flushall",
    "redis-cli FLUSHALL",
    "redis-cli -h prod.example -p 6380 -n 2 del session:1",
    "redis-cli -u redis://prod.example:6379 flushdb",
    "redis-cli --no-auth-warning -a secret config set dir /tmp",
    "redis-cli EVAL \"return redis.call('flushall')\" 0",
    "redis-cli -h prod.example",
    "redis-cli --pipe",
    "cat cmds.txt | redis-cli",
    "valkey-cli FLUSHDB",
    "keydb-cli flushall",
    "env redis-cli flushall",
    "timeout 5 redis-cli flushall",
    "mongosh --eval 'db.dropDatabase()'",
    "mongosh mongodb://prod.example/app --eval='db.users.drop()'",
    "mongosh --quiet --eval 'db.x.deleteMany({})' app",
    "mongo app --eval 'db.dropDatabase()'",
    "mongosh mongodb://prod.example/app",
    "cqlsh -e 'DROP KEYSPACE app'",
    "cqlsh --execute='TRUNCATE app.users'",
    "cqlsh prod.example",
    "clickhouse-client --query 'DROP TABLE events'",
    "clickhouse-client -q 'DROP TABLE events'",
    "clickhouse-client -q'DROP TABLE events'",
    "clickhouse-client --query='TRUNCATE TABLE events'",
    "duckdb app.db 'DROP TABLE t'",
    "duckdb app.db -c '.shell curl x'",
    "duckdb -s 'COPY t TO \"/etc/x\"' app.db",
    "duckdb app.db",
    "mycli -e 'DROP DATABASE app'",
    "litecli app.db -e 'DROP TABLE t'",
    "usql pg://prod.example/app -c 'DROP TABLE t'",
    "snowsql -q 'DROP TABLE t'",
    "snowsql --query='DROP TABLE t'",
]


@pytest.mark.parametrize("command", CODE)
def test_a_store_shell_running_its_language_is_opaque(command):
    assert term(command, allow=PREFIX_ALLOW).decision == "require_approval", command
    assert term(command, autonomy=AUTO_MODE).decision == "require_approval", command
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


@pytest.mark.parametrize("command", ["redis-cli", "mongosh", "cqlsh", "duckdb"])
def test_a_bare_store_shell_reads_its_commands_from_the_input(command):
    # (an allow written for exactly the bare program covers it, as for psql: the exact-invocation rule)
    assert term(command, autonomy=AUTO_MODE).decision == "require_approval", command
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


@pytest.mark.parametrize(
    "command", ["redis-cli --version", "redis-cli -v", "mongosh --version", "duckdb --version"]
)
def test_asking_a_store_shell_its_version_stays_plain(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
    assert term(command, allow=PREFIX_ALLOW).decision == "auto_approve", command


def test_only_an_allow_for_the_exact_invocation_covers_it():
    exact = "Terminal(redis-cli ping)"
    assert term("redis-cli ping", allow=(exact,)).decision == "auto_approve"
    assert term("redis-cli ping && redis-cli flushall", allow=(exact,)).decision == "require_approval"


def test_deny_still_meets_a_store_shell():
    v = term("redis-cli flushall", deny=("Terminal(redis-cli flushall)",), autonomy=AUTO_MODE)
    assert v.decision == "deny"
