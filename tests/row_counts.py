"""Test support: every row of some apps' tables, counted per table in one query (a refused or foreign request
must leave them as they were). A count query per table, taken around each of thousands of requests, was most
of the API walks' time."""

from __future__ import annotations


def row_counts(app_labels: tuple[str, ...]) -> dict[str, int]:
    """Table → its row count, for every model table of ``app_labels``."""
    from django.apps import apps
    from django.db import connection

    tables = sorted({m._meta.db_table for m in apps.get_models() if m._meta.app_label in app_labels})
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {quote(t)})" for t in tables))
        return dict(zip(tables, cursor.fetchone(), strict=True))
