"""Test support: the database flush that ends every ``transaction=True`` test (and every live-server test),
by DELETE instead of TRUNCATE on PostgreSQL.

Django empties the tables with one ``TRUNCATE`` of all of them: on PostgreSQL that gives every table and index
a new file, 0.5 to 1.5 s for this schema on a busy machine, paid at the end of each such test (hundreds of
them). Their few rows go in milliseconds with ``DELETE``. The tables end as empty either way; sequences are
not reset either way (the tests' flush never asks it). Django creates its foreign keys on PostgreSQL
DEFERRABLE INITIALLY DEFERRED, so table-by-table deletes inside the flush's one transaction, with every
constraint deferred to its commit, succeed in any order: used only while every foreign key in the database
is deferrable, and never for a flush asking a sequence reset or a cascade (Django's TRUNCATE then).
"""

from __future__ import annotations

from django.db.backends.postgresql.operations import DatabaseOperations

_truncate = DatabaseOperations.sql_flush


def _all_foreign_keys_deferrable(ops: DatabaseOperations) -> bool:
    with ops.connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND NOT condeferrable")
        return cursor.fetchone()[0] == 0


def _sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
    if not tables or reset_sequences or allow_cascade or not _all_foreign_keys_deferrable(self):
        return _truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
    return [f"{style.SQL_KEYWORD('SET CONSTRAINTS ALL DEFERRED')};"] + [
        f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};" for table in tables
    ]


def install() -> None:
    """From here on, this process's flushes of PostgreSQL test databases delete instead of truncating."""
    DatabaseOperations.sql_flush = _sql_flush  # type: ignore[method-assign]
