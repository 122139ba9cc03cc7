"""Hand-built statements for the proposal hot path, typed by the models' own fields.

Every agent proposal runs the same statements: authentication's lookup of the agent with its project,
container, principal and autonomy rows, and the insert of the action with its event. Through the ORM,
building and compiling those queries cost several times running them (``bench/README.md``: about 2.7 ms
of CPU for the four-table lookup against 0.2 ms for the statement). The helpers here build the SQL
text once from the models' metadata and pass every value through the conversions the ORM itself applies
(``get_db_converters`` on the way in, ``pre_save`` and ``get_db_prep_save`` on the way out), so the rows
read and written are the ones the ORM would read and write; ``tests/test_sql.py`` compares them
field by field on both databases.

Use them only where a benchmark shows the ORM's own cost matters; everywhere else the ORM is clearer.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import connections, models, transaction
from django.db.models import NOT_PROVIDED

M = TypeVar("M", bound=models.Model)


def _qn(connection, name: str | None) -> str:
    if name is None:  # only concrete columns get here; a field without a column is a programming error
        raise ValueError("brabo.sql needs concrete columns; got a field without one")
    return connection.ops.quote_name(name)


class Projection:
    """A model's concrete columns under a table alias: their SELECT list, and a row slice back to an instance.

    ``load`` is what the ORM's model iterator does for a row: the backend's and the fields' converters, then
    ``Model.from_db`` (so ``_state`` is that of a loaded row and ``refresh_from_db``/``save`` behave).
    """

    def __init__(self, model: type[models.Model], alias: str):
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self.width = len(self.fields)
        self.pk_index = self.attnames.index(model._meta.pk.attname)
        self._converters: dict[str, list[tuple[int, list, Any]]] = {}

    def select_list(self, connection) -> str:
        return ", ".join(f"{_qn(connection, self.alias)}.{_qn(connection, f.column)}" for f in self.fields)

    def _converters_for(self, connection) -> list[tuple[int, list, Any]]:
        cached = self._converters.get(connection.alias)
        if cached is None:
            cached = []
            for i, field in enumerate(self.fields):
                col = field.get_col(self.alias)
                convs = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
                if convs:
                    cached.append((i, convs, col))
            self._converters[connection.alias] = cached
        return cached

    def load(self, row, start: int, connection) -> models.Model | None:
        """The instance in ``row[start:start + width]``; None when its primary key is NULL (an outer join)."""
        values = list(row[start : start + self.width])
        if values[self.pk_index] is None:
            return None
        for i, convs, col in self._converters_for(connection):
            value = values[i]
            for convert in convs:
                value = convert(value, col, connection)
            values[i] = value
        return self.model.from_db(connection.alias, self.attnames, values)


class _InsertPlan:
    """The INSERT statement of one model, built once per database connection alias."""

    def __init__(self, model: type[models.Model], connection):
        meta = model._meta
        for field in meta.concrete_fields:
            if getattr(field, "db_default", NOT_PROVIDED) is not NOT_PROVIDED or field.generated:
                raise TypeError(
                    f"brabo.sql.insert does not handle {meta.label}.{field.name}: its value comes from the "
                    "database (db_default or a generated column); use the ORM for this model"
                )
        pk = meta.pk
        self.auto_pk = getattr(pk, "db_returning", False)
        self.fields = [f for f in meta.concrete_fields if not (self.auto_pk and f is pk)]
        columns = ", ".join(_qn(connection, f.column) for f in self.fields)
        placeholders = ", ".join(["%s"] * len(self.fields))
        self.pk_column = _qn(connection, pk.column)
        self.insert_sql = f"INSERT INTO {_qn(connection, meta.db_table)} ({columns}) VALUES ({placeholders})"
        self.returning = self.auto_pk and connection.features.can_return_columns_from_insert
        self.sql = self.insert_sql + (f" RETURNING {self.pk_column}" if self.returning else "")


_plans: dict[tuple[type[models.Model], str], _InsertPlan] = {}


def _plan(model: type[models.Model], connection) -> _InsertPlan:
    plan = _plans.get((model, connection.alias))
    if plan is None:
        plan = _plans[(model, connection.alias)] = _InsertPlan(model, connection)
    return plan


def _params(instance: models.Model, plan: _InsertPlan, connection) -> list:
    return [f.get_db_prep_save(f.pre_save(instance, add=True), connection=connection) for f in plan.fields]


def _saved(instance: models.Model, connection, pk=None) -> None:
    if pk is not None:
        setattr(instance, type(instance)._meta.pk.attname, pk)
    instance._state.adding = False
    instance._state.db = connection.alias


def insert(instance: M, *, using: str = "default") -> M:
    """INSERT one new row with exactly the values ``instance.save()`` would write, then mark it saved.

    For models whose ``save()`` adds nothing on creation and that nothing listens to (no signals are sent).
    Runs in the caller's transaction; fills an auto-increment primary key.
    """
    connection = connections[using]
    model = type(instance)
    plan = _plan(model, connection)
    pk = None
    with connection.cursor() as cursor:
        cursor.execute(plan.sql, _params(instance, plan, connection))
        if plan.auto_pk:
            if plan.returning:
                pk = cursor.fetchone()[0]
            else:
                pk = connection.ops.last_insert_id(
                    cursor, model._meta.db_table, model._meta.pk.column or "id"
                )
    _saved(instance, connection, pk)
    return instance


def insert_together(*instances: models.Model, using: str = "default") -> None:
    """INSERT new rows (same rules as ``insert``) so that they are all written or none is; fills their
    auto-increment primary keys.

    On PostgreSQL they go as one statement of data-modifying CTEs, atomic by itself: outside a transaction
    it costs one round trip instead of BEGIN, one INSERT per row and COMMIT. A row may reference another by
    a primary key set before the call (a UUID), since foreign keys are checked at the statement's end, not
    by an auto-increment key (it is not known yet). Elsewhere the rows are inserted one by one in
    ``atomic()``.
    """
    connection = connections[using]
    if connection.vendor != "postgresql":
        with transaction.atomic(using=using):
            for instance in instances:
                insert(instance, using=using)
        return
    if connection.in_atomic_block:
        # Inside the caller's transaction a failed statement would abort all of it: keep a savepoint, as
        # atomic() would, so a refusal (e.g. a unique constraint) leaves the caller's transaction usable.
        with transaction.atomic(using=using):
            _insert_as_one_statement(instances, connection)
    else:
        _insert_as_one_statement(instances, connection)


def _insert_as_one_statement(instances, connection) -> None:
    parts, params, returned = [], [], []
    for i, instance in enumerate(instances):
        plan = _plan(type(instance), connection)
        parts.append(f"i{i} AS ({plan.insert_sql} RETURNING {plan.pk_column})")
        params += _params(instance, plan, connection)
        returned.append(f"(SELECT {plan.pk_column} FROM i{i})")
    with connection.cursor() as cursor:
        cursor.execute(f"WITH {', '.join(parts)} SELECT {', '.join(returned)}", params)
        pks = cursor.fetchone()
    for instance, pk in zip(instances, pks):
        _saved(instance, connection, pk)
