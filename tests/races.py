"""Races with real threads on PostgreSQL, each thread on its own connection (R8.5, two-person rules and budgets included).

``race(n, fn)`` starts ``n`` threads that wait at one barrier, then call ``fn(i)`` together; it returns what
they returned and fails on any exception. ``postgres_only`` skips a module's races on SQLite, where row locks
and concurrent transactions are not what they prove (import it into the test module: it is autouse).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "row locks and concurrent transactions are proven on PostgreSQL (set DATABASE_URL; CI does)"
        )


def race(n, fn, *, join_timeout: float = 120) -> list:
    barrier = threading.Barrier(n)
    results: list = []
    errors: list = []

    def run(i):
        try:
            barrier.wait()
            results.append(fn(i))
        except Exception as exc:  # collected and asserted on below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=join_timeout)
    assert not errors, errors
    return results
