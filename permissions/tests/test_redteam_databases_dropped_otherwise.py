"""§5 step 6 (the databases' family: the configured database may be anyone's), red team: more ways to drop or
empty a database than the framework consoles -- the servers' own clients (`dropdb`, `mysqladmin drop`,
`pg_restore --clean`), migration tools run backwards (a down migration drops what its up made: `alembic
downgrade base`, `flask db downgrade`, `knex migrate:rollback --all`, `goose reset`, `sqitch revert`), dbt's
`--full-refresh` (incremental models and seeds rebuilt: their history gone), and the key-value stores' deletes
and writes (etcd, Consul, InfluxDB, memcached). Applying migrations forward and reading stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "dropdb app",
        "dropdb -h db.example -U admin --if-exists app",
        "mysqladmin -f drop app",
        "mysqladmin -u root -p drop app",
        "mariadb-admin drop app",
        "pg_restore --clean -d app dump.sql",
        "pg_restore -c -d app dump.sql",
        "pg_restore -cd app dump.sql",
        "pg_restore --if-exists --clean --dbname=app dump.sql",
        "alembic downgrade base",
        "alembic downgrade -1",
        "alembic -c alembic.ini downgrade base",
        "flask db downgrade base",
        "npx knex migrate:rollback --all",
        "knex migrate:down",
        "goose reset",
        "goose postgres $DATABASE_URL down",
        "goose down-to 0",
        "sqitch revert -y",
        "dbt run --full-refresh",
        "dbt build -f --select orders",
        "dbt seed --full-refresh",
        "etcdctl del --prefix ''",
        "etcdctl put /config/x y",
        "consul kv delete -recurse",
        "consul kv put config/x y",
        "influx delete --bucket b --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z",
        "influx bucket delete -n b",
        "memcflush --servers=localhost",
    ],
)
def test_a_database_dropped_or_emptied_is_never_auto_approved(command):
    never_auto_where(command, ("host", "agent"))


@pytest.mark.parametrize(
    "command",
    ["alembic upgrade head", "alembic current", "alembic history", "flask db upgrade", "npx knex migrate:latest",
     "goose up", "goose status", "sqitch deploy", "sqitch status", "dbt run", "dbt test", "dbt build --select x",
     "pg_restore -l dump.sql", "etcdctl get config/x", "consul kv get config/x", "mysqladmin status"],
)  # fmt: skip
def test_forward_migrations_and_reads_stay_auto_approved(command):
    stays_auto_where(command)
