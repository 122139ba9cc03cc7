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

import datetime as dt
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, models, router, transaction
from django.db.models import NOT_PROVIDED, signals
from django.db.models.base import ModelState
from django.db.models.fields import Field
from django.db.models.fields.related_descriptors import (
    ForeignKeyDeferredAttribute,
    ForwardManyToOneDescriptor,
)
from django.db.models.query_utils import DeferredAttribute
from django.utils.asyncio import async_unsafe

M = TypeVar("M", bound=models.Model)


def _qn(connection, name: str | None) -> str:
    if name is None:  # only concrete columns get here; a field without a column is a programming error
        raise ValueError("brabo.sql needs concrete columns; got a field without one")
    return connection.ops.quote_name(name)


class Projection:
    """A model's concrete columns under a table alias: their SELECT list, and a row slice back to an instance.

    ``load`` is what the ORM's model iterator does for a row: the backend's and the fields' converters, then
    ``Model.from_db`` (so ``_state`` is that of a loaded row and ``refresh_from_db``/``save`` behave). For a
    model where ``Model.__init__`` would only store each value in the instance's ``__dict__`` (see
    :func:`_plain_init`) and no ``pre_init``/``post_init`` receiver listens, the instance is built with exactly
    that and no call through ``__init__`` (~12 of ~15 us per row; authentication loads three per call).
    """

    def __init__(self, model: type[models.Model], alias: str):
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self.width = len(self.fields)
        self.pk_index = self.attnames.index(model._meta.pk.attname)
        self._converters: dict[str, list[tuple[int, list, Any]]] = {}
        self._plain: bool | None = None  # _plain_init(model), worked out on first load

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
        model = self.model
        if self._plain is None:
            self._plain = _plain_init(model)
        if self._plain and not (
            signals.pre_init.has_listeners(model) or signals.post_init.has_listeners(model)
        ):
            obj = model.__new__(model)
            state = obj._state = ModelState()  # what from_db leaves: a loaded row, of this database
            state.adding = False
            state.db = connection.alias
            obj.__dict__.update(zip(self.attnames, values))
            return obj
        return model.from_db(connection.alias, self.attnames, values)


def _plain_init(model: type[models.Model]) -> bool:
    """Whether ``model.from_db(db, all its attnames, values)`` amounts to a new instance with a fresh loaded
    ``ModelState`` and each value in its ``__dict__``, save for the ``pre_init``/``post_init`` signals (checked
    on every load: receivers may connect at any time). True when the model keeps Django's ``__init__`` and
    ``from_db`` and every concrete field's attribute is Django's plain deferred attribute (its ``__set__``,
    for a foreign key, only drops a cached object a new instance cannot have); a field with a descriptor of
    its own (a file field's, a custom one) or an overridden ``__init__``/``from_db`` keeps the ORM's path."""
    if model._meta.abstract or model.__init__ is not models.Model.__init__:
        return False
    if getattr(model.from_db, "__func__", None) is not models.Model.from_db.__func__:  # type: ignore[attr-defined]
        return False
    plain = (DeferredAttribute, ForeignKeyDeferredAttribute)
    return all(type(model.__dict__.get(f.attname)) in plain for f in model._meta.concrete_fields)


class _NewPlan:
    """How :func:`new` fills a new instance of a model: each concrete field's name, attribute, the field (its
    default) and, for a foreign key, its target field's attribute and the related model."""

    def __init__(self, model: type[models.Model]):
        self.fields: list[tuple[str, str, Any, tuple[str, Any] | None]] = [
            (f.name, f.attname, f, _target(f) if f.is_relation else None) for f in model._meta.concrete_fields
        ]
        self.names = {n for name, attname, _f, _fk in self.fields for n in (name, attname)}


def _target(field: Any) -> tuple[str, Any]:
    return field.related_fields[0][1].attname, field.remote_field.model._meta.concrete_model


_new_plans: dict[type[models.Model], _NewPlan | None] = {}


def _plain_relation(model: type[models.Model], field: Any) -> bool:
    """A foreign key whose assignment is Django's own descriptor's, to one target column."""
    return (
        type(model.__dict__.get(field.name)) is ForwardManyToOneDescriptor and len(field.related_fields) == 1
    )


def _new_plan(model: type[models.Model]) -> _NewPlan | None:
    if model not in _new_plans:
        plain = _plain_init(model) and all(
            not getattr(f, "generated", False) and (not f.is_relation or _plain_relation(model, f))
            for f in model._meta.concrete_fields
        )
        _new_plans[model] = _NewPlan(model) if plain else None
    return _new_plans[model]


def new(model: type[M], **values: Any) -> M:
    """``model(**values)`` for a row about to be inserted: the same ``__dict__``, ``_state`` (its database as
    the related rows' assignment sets it, which also sets an unsaved related row's) and related-object cache,
    without Django's keyword ``__init__`` (~40 -> ~17 us for an action: the proposal path builds two).
    Values are by field name (a related row or None) or attribute (a key); the missing ones are their
    defaults. Anything :func:`_plain_init` does not vouch for, a ``pre_init``/``post_init`` receiver, a
    database router, another keyword, a related row of the wrong type or database, goes through
    ``model(**values)`` itself (which raises what it raises)."""
    plan = _new_plan(model)
    if (
        plan is None
        or not values.keys() <= plan.names
        or signals.pre_init.has_listeners(model)
        or signals.post_init.has_listeners(model)
        or router.routers
    ):
        return model(**values)
    db = None
    related = []
    for name, attname, field, fk in plan.fields:
        if fk is not None and name in values:
            if attname in values:
                return model(**values)
            value = values[name]
            if value is not None:
                if not isinstance(value, fk[1]):
                    return model(**values)
                if db is None:
                    db = value._state.db or DEFAULT_DB_ALIAS
                elif value._state.db not in (None, db):
                    return model(**values)  # Django refuses a relation across databases
            related.append((field, value))
    obj = model.__new__(model)
    state = obj._state = ModelState()
    state.db = db
    data = obj.__dict__
    for name, attname, field, fk in plan.fields:
        if fk is not None and name in values:
            value = values[name]
            data[attname] = None if value is None else getattr(value, fk[0])
        elif attname in values:
            data[attname] = values[attname]
        else:
            data[attname] = field.get_default()
    for field, value in related:
        if value is not None and value._state.db is None:
            value._state.db = db  # as the descriptor's assignment does
        state.fields_cache[field.cache_name] = value
    return obj


@async_unsafe
def fetch_one(connection, sql: str, params) -> tuple | None:
    """``cursor.execute(sql, params)`` and its first row, for the statements every agent call runs.

    On PostgreSQL, with nothing watching statements (no ``execute_wrappers``, no query log: DEBUG or the tests'
    ``CaptureQueriesContext`` take Django's cursor as before), the statement runs on a psycopg cursor kept with
    the connection instead of a new one per call: a new cursor builds a loader per result column before it
    reads a row (~40 columns, ~50 us for authentication's row), a kept one has them from its last run. Every
    step Django's cursor takes is taken: the health check, ``ensure_connection``, the thread-sharing and
    broken-transaction checks, and database errors raised as Django's (an ``IntegrityError`` is
    ``django.db.IntegrityError``). A kept cursor goes with its connection (a closed one, or one the pool
    replaced, gets a new cursor) and with Django's time zone for it."""
    if connection.vendor != "postgresql" or connection.execute_wrappers or connection.queries_logged:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        cursor = _kept_cursor(connection)
        cursor.execute(sql, params)
        return cursor.fetchone()


def _kept_cursor(connection):
    raw = connection.connection
    # create_cursor gives the cursor this zone's loader when the connection's differs: a kept one follows it
    timezone = connection.timezone
    kept = getattr(raw, "_brabo_kept_cursor", None)
    if kept is None or kept[0] is not timezone or kept[1].closed:
        kept = (timezone, connection.create_cursor())
        raw._brabo_kept_cursor = kept  # psycopg's Connection takes attributes; it and its cursor go together
    return kept[1]


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
        # per field: its attribute and the shortcut for its commonest values (None: always Django's way)
        self.prep = [(f, f.attname, _shortcut(f, connection)) for f in self.fields]


# What a shortcut answers for a value it does not vouch for: the field's own conversion runs instead.
_DJANGO = object()
_Shortcut = Callable[[Any], Any]


def _same_if(*types: type) -> _Shortcut:
    def shortcut(value):
        return value if type(value) in types else _DJANGO

    return shortcut


def _aware_datetime(value):
    return value if value is None or (type(value) is dt.datetime and value.tzinfo is not None) else _DJANGO


# Exact field classes (a subclass may convert differently) whose ``get_db_prep_save`` on PostgreSQL returns
# these value types unchanged: ``to_python`` hands a str, bool or UUID back as it is, a native UUID column
# takes the UUID, and PostgreSQL's adapters take a datetime as it is (an aware one: a naive one is made aware
# with a warning, so it goes Django's way).
_UNCHANGED: dict[type[Field], _Shortcut] = {
    models.CharField: _same_if(str, type(None)),
    models.TextField: _same_if(str, type(None)),
    models.BooleanField: _same_if(bool),
    models.UUIDField: _same_if(uuid.UUID, type(None)),
    models.DateTimeField: _aware_datetime,
}
_INTEGERS = (
    models.IntegerField,
    models.PositiveIntegerField,
    models.SmallIntegerField,
    models.PositiveSmallIntegerField,
    models.BigIntegerField,
    models.PositiveBigIntegerField,
    models.AutoField,
    models.BigAutoField,
    models.SmallAutoField,
)


def _value_shortcut(field: Field, connection) -> _Shortcut | None:
    """How ``field.get_db_prep_save`` converts its commonest values on ``connection``, without its layers of
    calls (~1-5 µs a field, 30-odd fields a proposal); None where that is not known exactly."""
    if connection.vendor != "postgresql":
        return None
    kind = type(field)
    if kind in _UNCHANGED:
        return _UNCHANGED[kind]
    if kind in _INTEGERS:
        # psycopg's server-side binding: Django wraps an int in the column's integer type (Int2/Int4/Int8)
        wrap = getattr(connection.ops, "integerfield_type_map", {}).get(field.get_internal_type())
        if wrap is None:
            return None

        def integer(value):
            if value is None:
                return None
            return wrap(value) if type(value) is int else _DJANGO

        return integer
    if kind is models.ForeignKey:
        target = _value_shortcut(field.target_field, connection)  # type: ignore[attr-defined]
        if target is None:
            return None

        def key(value):  # ForeignKey.get_db_prep_save: None, else the target field's conversion
            return None if value is None else target(value)

        return key
    return None


def _shortcut(field: Field, connection) -> _Shortcut | None:
    """The value shortcut, for a field whose ``pre_save`` on creation only reads the attribute."""
    plain = type(field).pre_save is Field.pre_save or (
        type(field) is models.DateTimeField and not field.auto_now and not field.auto_now_add  # type: ignore[attr-defined]
    )
    return _value_shortcut(field, connection) if plain else None


_plans: dict[tuple[type[models.Model], str], _InsertPlan] = {}


def _plan(model: type[models.Model], connection) -> _InsertPlan:
    plan = _plans.get((model, connection.alias))
    if plan is None:
        plan = _plans[(model, connection.alias)] = _InsertPlan(model, connection)
    return plan


def _params(instance: models.Model, plan: _InsertPlan, connection) -> list:
    """Each field's ``get_db_prep_save(pre_save(instance, add=True))``: a shortcut's answer where it vouches
    for the value (``tests/test_sql.py`` holds every shortcut equal to Django's conversion), else Django's."""
    values = instance.__dict__
    params = []
    for field, attname, shortcut in plan.prep:
        if shortcut is not None and attname in values:
            value = shortcut(values[attname])
            if value is not _DJANGO:
                params.append(value)
                continue
        params.append(field.get_db_prep_save(field.pre_save(instance, add=True), connection=connection))
    return params


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
    pks = fetch_one(connection, f"WITH {', '.join(parts)} SELECT {', '.join(returned)}", params)
    if pks is None:  # a statement of data-modifying CTEs and one SELECT always answers one row
        raise AssertionError("the insert returned no row")
    for instance, pk in zip(instances, pks):
        _saved(instance, connection, pk)
