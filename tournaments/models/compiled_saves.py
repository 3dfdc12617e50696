"""Saves compiled once: the INSERT and UPDATE of a model's ``save()``, per thread.

Django compiles the SQL of every ``save()`` anew: for a deal (35 columns) compiling its
INSERT cost more CPU than running it, and the match's UPDATE of its scores about half of
what running it cost (bench/writes.py; every table write saves a deal or a match).
:class:`CompiledSaves` keeps, per thread, database and shape of the save (which fields,
which of them are NULL, which are returned), the SQL Django compiled the first time, then
runs it with the values Django would send: each field's ``pre_save`` (``auto_now``…)
then ``get_db_prep_save`` (its plain values remembered: models/prepared_values.py), the
primary key as its look-up prepares it, and builds what it returns with the same
converters. ``save()`` itself is Django's: its signals
(django-simple-history's records), its checks and its transaction are unchanged.

A save that Django would compile differently, it leaves to Django: a value that is an
expression (``F()``…) or a model instance, a field with its own placeholder, a model
with parents or ``select_on_save``, an update with no field. This leans on Django's
internals (``Model._do_insert``/``_do_update``, ``InsertQuery``, the compilers'
``as_sql``, ``returning_params``): tests/tournaments/test_compiled_saves.py compares the
SQL, the parameters and the rows with Django's own path, so an upgrade shows there.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable
from typing import Any, Self, cast

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model, QuerySet
from django.db.models.sql import InsertQuery, UpdateQuery

from tournaments.models.prepared_values import PreparedValues

_local = threading.local()


def _cache() -> dict[tuple[Any, ...], Any]:
    cache: dict[tuple[Any, ...], Any] = _local.__dict__.setdefault("saves", {})
    return cache


def _is_plain(value: Any) -> bool:
    """Whether Django sends ``value`` as one parameter of a ``%s`` (not an expression nor
    a model instance, which it compiles or converts)."""
    return not hasattr(value, "resolve_expression") and not hasattr(value, "prepare_database_save")


class CompiledSaves(Model):
    """A model whose ``save()`` runs SQL compiled once per thread, database and shape.

    The rows written, the values returned (the new primary key) and the signals sent are
    Django's; only the compiling is skipped after the first save of each shape.
    """

    class Meta:
        abstract = True

    def _do_insert(
        self,
        manager: Any,
        using: str,
        fields: list[Field],
        returning_fields: list[Field] | None,
        raw: bool,
    ) -> list[tuple[Any, ...]]:
        """Insert this row as Django's ``_do_insert`` does; return the rows of the
        ``returning_fields`` (the new primary key), converted as Django converts them."""
        rows = self._compiled_insert(using, fields, returning_fields, raw)
        if rows is None:  # a save Django compiles its own way
            rows = super()._do_insert(  # type: ignore[misc]  # not in django-stubs
                manager, using, fields, returning_fields, raw
            )
        return rows

    def _compiled_insert(
        self, using: str, fields: list[Field], returning_fields: list[Field] | None, raw: bool
    ) -> list[tuple[Any, ...]] | None:
        if not fields or self._meta.parents or any(hasattr(f, "get_placeholder") for f in fields):
            return None
        key = ("insert", type(self), using, raw, *(f.attname for f in fields), "|")
        key += tuple(f.attname for f in returning_fields or ())
        compiled = _cache().get(key)
        connection = connections[using]
        if compiled is None:
            query = InsertQuery(type(self))
            query.insert_values(fields, [self], raw=raw)
            compiler = query.get_compiler(using=using)
            compiler.returning_fields = returning_fields
            statements = compiler.as_sql()  # calls each field's pre_save, as Django does
            (sql, params), is_one = statements[0], len(statements) == 1
            if not is_one or len(params) != len(fields) or not all(map(_is_plain, params)):
                return None
            columns = [f.get_col(self._meta.db_table) for f in returning_fields or ()]
            returning_params = getattr(compiler, "returning_params", ())
            prepared = PreparedValues(tuple(fields), connection)
            converters = compiler.get_converters(columns)
            compiled = (sql, returning_params, compiler, converters, prepared)
            _cache()[key] = compiled
        else:
            values = [getattr(self, f.attname) if raw else f.pre_save(self, True) for f in fields]
            if not all(map(_is_plain, values)):
                return None
            params = compiled[4].prepare_all(values)
        sql, returning_params, compiler, converters, _prepared = compiled
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            if not returning_fields:
                return []
            if connection.features.can_return_columns_from_insert:
                rows = [connection.ops.fetch_returned_insert_columns(cursor, returning_params)]
            else:
                column = returning_fields[0].column
                rows = [(connection.ops.last_insert_id(cursor, self._meta.db_table, column),)]
        if converters:
            rows = list(compiler.apply_converters(rows, converters))
        return rows

    def _do_update(
        self,
        base_qs: QuerySet[Self],
        using: str | None,
        pk_val: Any,
        values: Collection[tuple[Field, type[Model] | None, Any]],
        update_fields: Iterable[str] | None,
        forced_update: bool,
    ) -> bool:
        """Update this row's ``values`` (field, model, value) as Django's ``_do_update``
        does; return whether a row was updated."""
        is_updated = self._compiled_update(base_qs, using or DEFAULT_DB_ALIAS, pk_val, values)
        if is_updated is None:  # a save Django compiles its own way
            is_updated = super()._do_update(
                base_qs, using, pk_val, values, update_fields, forced_update
            )
        return is_updated

    def _compiled_update(
        self,
        base_qs: QuerySet[Self],
        using: str,
        pk_val: Any,
        values: Collection[tuple[Field, type[Model] | None, Any]],
    ) -> bool | None:
        is_django_s = (
            not values
            or self._meta.parents
            or self._meta.select_on_save
            or any(hasattr(field, "get_placeholder") for field, _, _ in values)
            or not all(_is_plain(value) for _, _, value in values)
        )
        if is_django_s:
            return None
        key = ("update", type(self), using, *((f.attname, v is None) for f, _, v in values))
        connection = connections[using]
        compiled = _cache().get(key)
        if compiled is None:
            query = cast(UpdateQuery, base_qs.filter(pk=pk_val).query.chain(UpdateQuery))
            query.add_update_fields(list(values))  # type: ignore[arg-type]  # stubs: Case only
            query.annotations = {}
            sql, params = query.get_compiler(using).as_sql()
            if len(params) != sum(value is not None for _, _, value in values) + 1:
                return None
            fields = tuple(field for field, _, _ in values)
            _cache()[key] = (sql, PreparedValues(fields, connection))
        else:
            sql, prepared = compiled
            pk = self._meta.pk
            params = [
                prepared.prepare(position, value)
                for position, (_, _, value) in enumerate(values)
                if value is not None
            ]
            params.append(pk.get_db_prep_value(pk.get_prep_value(pk_val), connection, True))
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount > 0
