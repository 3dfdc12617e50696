"""Write a history record with an INSERT compiled once, not at every save.

Every table write saves a Deal and/or a Match, and django-simple-history writes each save's
record with ``history_instance.save()``: Django then builds an ``InsertQuery`` and compiles
it (``Model.save`` → ``_save_table`` → ``SQLInsertCompiler.as_sql``) at every record, most
of the 0.2–0.4 ms of CPU a record costs (bench/writes.py). The statement is the same for
every record of a historical model on one connection: only its values change. So
:func:`save_history_instance` compiles it once per thread, database alias and historical
model, with Django's own compiler, and then executes it with the record's values, which
it prepares as the compiler does (``pre_save`` then ``get_db_prep_save`` of each field, in
the statement's order).

It does what ``Model.save`` does around the INSERT, in Django 5.2's order: the check of
unsaved related objects, the router, ``pre_save``, the INSERT under
``mark_for_rollback_on_error``, the returned primary key (``RETURNING`` where
``connection.features.can_return_columns_from_insert``, PostgreSQL and SQLite ≥ 3.35,
else the cursor's ``lastrowid``, as ``SQLInsertCompiler.execute_sql``), ``_state``, and
``post_save``. A record the statement cannot write exactly as ``save()`` would (a primary
key already set, a value that is an SQL expression, a model with parents, a field with its
own placeholder or a database default) goes through Django's own path. This uses Django internals
(``InsertQuery``, ``SQLInsertCompiler``, ``Model._prepare_related_fields_for_save``): a
Django upgrade needs a look (tests/tournaments/test_history_insert.py compares the rows and
the statements with the library's path, and checks the versions).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models, router, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models.signals import post_save, pre_save
from django.db.models.sql import InsertQuery

from tournaments.models.prepared_values import PreparedValues


@dataclass(frozen=True)
class _CompiledInsert:
    """One historical model's INSERT on one connection.

    ``sql`` has one ``%s`` per field of ``fields`` (the model's local concrete fields but its
    auto primary key, in Django's order), followed by ``returning_params`` (``()`` on
    PostgreSQL and SQLite). ``returning_fields`` are set from the row the statement returns
    (``RETURNING``) or, when ``returns_columns`` is false, from ``lastrowid`` (only an
    ``AutoField`` then). ``converters`` are the compiler's ``{position: (converters,
    column)}`` for the returned values. ``prepared`` remembers the fields' plain values
    prepared (models/prepared_values.py). ``attnames`` are the fields' attnames;
    ``has_plain_values`` says no field's ``pre_save`` changes its value at an insert (no
    ``auto_now``, no ``pre_save`` of its own), so the values can be given without an
    instance (:func:`insert_history_values`).
    """

    connection: Any
    sql: str
    fields: tuple[models.Field, ...]
    returning_fields: tuple[models.Field, ...]
    returning_params: tuple[Any, ...]
    returns_columns: bool
    converters: dict[int, tuple[list[Any], Any]]
    prepared: PreparedValues
    attnames: frozenset[str]
    has_plain_values: bool


# Per thread, as Django's connections are: {(alias, historical model, returns columns):
# statement, or None when the model's records take Django's path}.
_compiled = threading.local()


def save_history_instance(history_instance: models.Model, *, using: str | None = None) -> None:
    """Save the new, unsaved ``history_instance`` as ``history_instance.save(using=using)`` would.

    ``history_instance`` is a historical model's instance built by
    ``HistoricalRecords.create_historical_record`` (its primary key unset); ``using`` the
    database alias, or ``None`` for the router's. Afterwards its primary key is the
    inserted row's and ``_state`` says saved on ``using``, as after ``save()``. Raises what
    ``save()`` raises: ``ValueError`` for an unsaved related object, the database's
    ``IntegrityError``/``DataError`` (the atomic block is then marked for rollback).
    """
    # Django internals (Model.save's first step and _save_table's test), not in the stubs.
    check_related = history_instance._prepare_related_fields_for_save  # type: ignore[attr-defined]
    check_related(operation_name="save")
    cls = type(history_instance)
    using = using or router.db_for_write(cls, instance=history_instance)
    connection = connections[using]
    statement = _statement(cls, using, connection)
    if statement is None or history_instance._is_pk_set():  # type: ignore[attr-defined]
        history_instance.save(using=using)
        return
    pre_save.send(sender=cls, instance=history_instance, raw=False, using=using, update_fields=None)
    values = _prepared_values(statement, history_instance)
    with transaction.mark_for_rollback_on_error(using=using):
        if values is None:  # a value is an SQL expression: the compiler's path, as save()'s
            rows = cls._base_manager._insert(  # type: ignore[attr-defined]
                [history_instance],
                fields=list(statement.fields),
                returning_fields=list(statement.returning_fields),
                using=using,
            )
        else:
            rows = [_execute(statement, values)]
    if rows:
        for value, field in zip(rows[0], statement.returning_fields, strict=False):
            setattr(history_instance, field.attname, value)
    history_instance._state.db = using
    history_instance._state.adding = False
    post_save.send(
        sender=cls,
        instance=history_instance,
        created=True,
        update_fields=None,
        raw=False,
        using=using,
    )


def insert_history_values(
    cls: type[models.Model], values: dict[str, Any], *, using: str | None = None
) -> bool:
    """Insert the record ``cls(**values).save(using=using)`` would insert, without building
    that instance: ``values`` maps attnames to values, each field not given taking its
    default (``get_default``, as ``Model.__init__`` gives it). Return False, inserting
    nothing, when the record is one only an instance can write as ``save()`` does: then
    :func:`save_history_instance` is the way.

    That is: a model whose records take Django's path (:func:`_compile`), a router (it
    may route by the instance), a ``pre_save``/``post_save`` receiver of ``cls`` (it is
    given the instance), a field whose ``pre_save`` is not its plain value (``auto_now``),
    a related object or a primary key among ``values``, or a value that is an SQL
    expression. Otherwise the row, its statement and its signals (none connected) are
    those of ``save()``. Raises what ``save()`` raises (IntegrityError, DataError: the
    atomic block is then marked for rollback).
    """
    if router.routers or pre_save.has_listeners(cls) or post_save.has_listeners(cls):
        return False
    using = using or DEFAULT_DB_ALIAS
    connection = connections[using]
    statement = _statement(cls, using, connection)
    if statement is None or not statement.has_plain_values:
        return False
    if not statement.attnames.issuperset(values):  # a related object, the primary key…
        return False
    row = [
        values[field.attname] if field.attname in values else field.get_default()
        for field in statement.fields
    ]
    if any(hasattr(value, "resolve_expression") for value in row):
        return False
    with transaction.mark_for_rollback_on_error(using=using):
        _execute(statement, statement.prepared.prepare_all(row))
    return True


def _prepared_values(
    statement: _CompiledInsert, history_instance: models.Model
) -> list[Any] | None:
    """Return ``history_instance``'s values for ``statement``, prepared as
    ``SQLInsertCompiler.prepare_value(field, pre_save_val(field, obj))`` prepares them
    (``get_db_prep_save``, its plain values remembered: ``statement.prepared``), or
    ``None`` when one is an expression (its SQL is its own, not a ``%s``)."""
    values = [field.pre_save(history_instance, True) for field in statement.fields]
    if any(hasattr(value, "resolve_expression") for value in values):
        return None
    return statement.prepared.prepare_all(values)


def _execute(statement: _CompiledInsert, values: list[Any]) -> list[Any] | tuple[Any, ...]:
    """Run ``statement`` with ``values`` (prepared, in ``statement.fields``' order); return
    the returned values, converted, in ``statement.returning_fields``' order."""
    connection = statement.connection
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, (*values, *statement.returning_params))
        if statement.returns_columns:
            row = connection.ops.fetch_returned_insert_columns(cursor, statement.returning_params)
        else:
            (field,) = statement.returning_fields
            row = (connection.ops.last_insert_id(cursor, field.model._meta.db_table, field.column),)
    if not statement.converters:
        return row
    row = list(row)
    for position, (converters, column) in statement.converters.items():
        for converter in converters:
            row[position] = converter(row[position], column, connection)
    return row


def _statement(cls: type[models.Model], using: str, connection: Any) -> _CompiledInsert | None:
    """Return ``cls``'s compiled INSERT on ``connection`` (alias ``using``), compiling it at
    the thread's first record; ``None`` when its records take Django's path."""
    returns_columns = bool(connection.features.can_return_columns_from_insert)
    key = (using, cls, returns_columns)
    statements = getattr(_compiled, "statements", None)
    if statements is None:
        statements = _compiled.statements = {}
    if key in statements and (statements[key] is None or statements[key].connection is connection):
        return statements[key]
    statement = statements[key] = _compile(cls, using, connection, returns_columns)
    return statement


def _compile(
    cls: type[models.Model], using: str, connection: Any, returns_columns: bool
) -> _CompiledInsert | None:
    """Compile ``cls``'s one-row INSERT as ``Model._save_table`` would have it compiled, or
    return ``None`` where the statement would differ from record to record or ``save()``
    does more than one INSERT (see the module's docstring)."""
    meta = cls._meta
    if (
        meta.parents
        or meta.proxy
        or meta.auto_created
        or meta.order_with_respect_to
        or meta.auto_field is None
        or meta.pk is not meta.auto_field
        or meta.pk.has_default()
        or meta.pk.has_db_default()  # type: ignore[attr-defined]  # Django 5.0+, not in the stubs
        # Oracle Spatial's hook; the base one returns the params as they are.
        or type(connection.ops).modify_insert_params
        is not BaseDatabaseOperations.modify_insert_params
    ):
        return None
    fields = [f for f in meta.local_concrete_fields if not f.generated and f is not meta.auto_field]
    returning_fields = list(meta.db_returning_fields)
    # A field's own placeholder, or a database default (an expression in the blank
    # instance below, ``DEFAULT`` or its SQL in the statement), would not be a ``%s``.
    for field in fields:
        has_db_default = field.has_db_default()  # type: ignore[attr-defined]
        if has_db_default or hasattr(field, "get_placeholder"):
            return None
    if returns_columns:
        # A backend may return columns with no RETURNING clause of its own (Refs #19096):
        # the compiler then adds no returning params, which this module would.
        returning_sql, _returning_params = connection.ops.return_insert_columns(returning_fields)
        if not returning_sql:
            return None
    elif returning_fields != [meta.auto_field]:
        return None  # only an AutoField can be read back with lastrowid
    # Compile with a blank instance's values, raw (no pre_save): only the SQL is kept, and
    # for values that are not expressions it does not depend on them.
    query = InsertQuery(cls)
    query.insert_values(fields, [cls()], raw=True)
    compiler = query.get_compiler(using=using)
    compiler.returning_fields = returning_fields
    ((sql, _params),) = compiler.as_sql()
    columns = [f.get_col(meta.db_table) for f in returning_fields]
    return _CompiledInsert(
        attnames=frozenset(field.attname for field in fields),
        has_plain_values=all(map(_has_plain_pre_save, fields)),
        connection=connection,
        sql=sql,
        fields=tuple(fields),
        prepared=PreparedValues(tuple(fields), connection),
        returning_fields=tuple(returning_fields),
        returning_params=tuple(compiler.returning_params) if returns_columns else (),
        returns_columns=returns_columns,
        converters=compiler.get_converters(columns),
    )


#: The ``pre_save`` methods that give a field's attribute as it is, but for ``auto_now``.
_PLAIN_PRE_SAVES = (models.Field.pre_save, models.DateField.pre_save, models.DateTimeField.pre_save)


def _has_plain_pre_save(field: models.Field) -> bool:
    """Whether ``field.pre_save(instance, add=True)`` returns its attribute as it is."""
    is_auto = getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
    return not is_auto and type(field).pre_save in _PLAIN_PRE_SAVES
