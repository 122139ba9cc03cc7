"""The pool's check before lending a connection (brabo.db_pool): no round trip for a healthy idle
connection, and a connection PostgreSQL closed while it sat in the pool is still replaced, not an error."""

from __future__ import annotations

import os
from typing import Any

import psycopg
import pytest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="set DATABASE_URL=postgres://... (the pool is PostgreSQL's)",
    ),
]


def _observer():
    from django.db import connection

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    return psycopg.connect(**params, autocommit=True)


def _backend_pid() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid() /* brabo-pool-marker */")
        return cursor.fetchone()[0]


MARKER = "SELECT pg_backend_pid() /* brabo-pool-marker */"


def test_a_healthy_pooled_connection_is_lent_without_a_round_trip():
    from django.db import connection as default

    connection: Any = default  # the PostgreSQL backend's wrapper (``pool`` is not on the base class)
    if connection.pool is None:
        pytest.skip("BRABO_DB_POOL is off")
    connection.ensure_connection()  # the pool is made, and its check installed, with a first connection
    connection.close()
    pool = connection.pool
    idle = [pool.getconn() for _ in range(max(pool.get_stats().get("pool_available", 0), 1))]
    for conn in idle:
        conn.execute(MARKER)
        pool.putconn(conn)
    lent = [pool.getconn() for _ in idle]  # each passes the pool's check on the way out
    try:
        with _observer() as observer:
            rows = observer.execute(
                "SELECT query FROM pg_stat_activity WHERE pid = ANY(%s)",
                [[conn.info.backend_pid for conn in lent]],
            ).fetchall()
    finally:
        for conn in lent:
            pool.putconn(conn)
    # Django's default check (an empty query) would be each backend's last statement
    assert rows and all(query == MARKER for (query,) in rows), rows


def test_a_connection_postgresql_closed_in_the_pool_is_replaced_without_an_error():
    from django.db import connection as default

    connection: Any = default  # the PostgreSQL backend's wrapper (``pool`` is not on the base class)
    if connection.pool is None:
        pytest.skip("BRABO_DB_POOL is off")
    pool = connection.pool
    pids = set()
    # every connection the pool holds is terminated while idle in it
    connection.close()
    with _observer() as observer:
        held = [pool.getconn() for _ in range(min(pool.max_size, 3))]
        pids = {conn.info.backend_pid for conn in held}
        for conn in held:
            pool.putconn(conn)
        for pid in pids:
            observer.execute("SELECT pg_terminate_backend(%s)", [pid])
        for _ in range(500):  # until PostgreSQL says they are gone (an event, not a duration)
            alive = observer.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [list(pids)]
            ).fetchone()[0]
            if not alive:
                break
            observer.execute("SELECT pg_sleep(0.01)")
        assert not alive
    assert _backend_pid() not in pids  # a fresh connection, and no error
