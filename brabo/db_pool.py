"""The database pool's check before it lends a connection (a round trip per request).

With ``CONN_HEALTH_CHECKS``, Django gives psycopg's pool ``ConnectionPool.check_connection``: an empty query,
one round trip to PostgreSQL (and its CPU on both sides) every time a request borrows a connection, so that a
connection PostgreSQL closed while it sat in the pool (a restart, an idle timeout, ``pg_terminate_backend``)
is replaced instead of failing the request. A closed connection says so on its socket: PostgreSQL sends its
FATAL message and closes it, so the socket of an idle connection is readable. :func:`check` looks at the
socket without waiting (one ``poll``) and runs the round trip only when something is there to read or the
connection is not idle; a connection with nothing to read was not closed by the server. (A host that vanished
without closing anything is caught by neither check, nor faster by the empty query, which would wait for the
network's timeout.)

Installed on each process's pool when its first connection is made (``brabo.apps``).
"""

from __future__ import annotations

import select

from django.db.backends.signals import connection_created


def check(conn) -> None:
    """psycopg_pool's ``check`` contract: return if the connection is fine, raise otherwise."""
    from psycopg import pq
    from psycopg_pool import ConnectionPool

    pgconn = conn.pgconn
    if pgconn.status == pq.ConnStatus.OK and pgconn.transaction_status == pq.TransactionStatus.IDLE:
        poller = select.poll()
        poller.register(pgconn.socket, select.POLLIN | select.POLLERR | select.POLLHUP)
        if not poller.poll(0):
            return  # nothing to read: the server has not closed it
    ConnectionPool.check_connection(conn)  # the round trip: raises for a dead connection


def _use_cheap_check(sender, connection, **kwargs) -> None:
    if connection.vendor != "postgresql" or not connection.settings_dict.get("CONN_HEALTH_CHECKS"):
        return
    pool = connection.pool
    if pool is not None and getattr(pool, "_check", None) is not check:
        pool._check = check  # psycopg_pool keeps the check it was given here (pinned in requirements.txt)


def install() -> None:
    connection_created.connect(_use_cheap_check, dispatch_uid="brabo-db-pool-check")
