"""Writes compiled once per thread: the INSERT and the UPDATE of the idempotency record of
every table write (services/idempotency.py).

Django compiles a model's INSERT (``create``) and a queryset's UPDATE (``update``) at each
run, and ``create`` builds a model instance and sends its signals besides; for the record
of a table write, that was most of ``run_once``'s own CPU (bench/writes.py). As
selectors/prepared.py does for reads, :class:`PreparedInsert` and :class:`PreparedUpdate`
have Django's own compilers write the statement once per thread and database, then run its
SQL with the real values, each prepared as Django prepares it for a save (the field's
``get_db_prep_save``: a datetime made naive in the database's time zone on SQLite and kept
aware for PostgreSQL, a dict as JSONField stores it, bytes as the driver's binary), so that
the row written is the ORM's, column for column (tests/tournaments/test_idempotency.py).

What the ORM does besides is not done: no model instance, no ``pre_save``/``post_save``
signal (the models written here have no receiver, which the tests check); and for an
INSERT, no ``pre_save`` of the fields (so no ``auto_now``), no ``db_default``, no parent
model: refused.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, transaction
from django.db.models import DateField, Field, Model, QuerySet, sql

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class _Statement:
    sql: str
    fields: list[Field]  # the fields each value placeholder takes, in order
    names: list[str]  # then the look-up parameters of a WHERE clause, in order


def _check_plain(field: Field) -> None:
    """Refuse a field whose value Django changes or computes at a save (see above)."""
    if isinstance(field, DateField) and (field.auto_now or field.auto_now_add):
        raise ImproperlyConfigured(f"{field} is auto_now: not for a prepared write.")
    # Field.has_db_default: not in django-stubs.
    if field.has_db_default():  # type: ignore[attr-defined]
        raise ImproperlyConfigured(f"{field} has a db_default: not for a prepared write.")


class _PerThread:
    """A statement compiled by ``compile(using)`` once per thread and database alias."""

    def __init__(self) -> None:
        self._local = threading.local()

    def _statement(self, using: str) -> _Statement:
        cache: dict[str, _Statement] = self._local.__dict__.setdefault("by_alias", {})
        if using not in cache:
            cache[using] = self._compile(using)
        return cache[using]

    def _compile(self, using: str) -> _Statement:
        raise NotImplementedError


class PreparedInsert(_PerThread, Generic[M]):
    """The INSERT of one row of ``model`` as ``model.objects.create(**values)`` writes it:
    every local concrete field but an auto-created primary key, a field not given taking
    its default (``get_default``, as Model.__init__ gives it).

    ``unique`` names the fields of one of the model's unique constraints: a row with the
    same values in them is then left as it is and nothing is inserted (``ON CONFLICT (…)
    DO NOTHING``, SQLite and PostgreSQL), instead of an IntegrityError.
    """

    def __init__(self, model: type[M], *, unique: tuple[str, ...] = ()) -> None:
        super().__init__()
        self._model = model
        self._unique = unique

    def execute(self, using: str = "default", **values: Any) -> int:
        """Insert the row; return the number of rows inserted: 1, or 0 when ``unique`` is
        set and a row has the same values there (on PostgreSQL, once the transaction that
        wrote it committed; had it rolled back, the row is inserted).

        Raises TypeError for a name that is no field of the row, IntegrityError (or
        DataError) where the ORM's INSERT would (a constraint broken, a value too long).
        """
        statement = self._statement(using)
        connection = connections[using]
        unknown = values.keys() - {field.name for field in statement.fields}
        if unknown:
            raise TypeError(f"Not a field of the row: {', '.join(sorted(unknown))}")
        params = [
            field.get_db_prep_save(
                values[field.name] if field.name in values else field.get_default(), connection
            )
            for field in statement.fields
        ]
        # What Model.save_base wraps its INSERT in (a model without parents).
        with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
            cursor.execute(statement.sql, params)
            return cursor.rowcount

    def _compile(self, using: str) -> _Statement:
        opts = self._model._meta
        if opts.parents:
            raise ImproperlyConfigured(f"{self._model} has parents: not for a prepared insert.")
        # The fields Model._save_table inserts for a new row.
        fields = [
            field
            for field in opts.local_concrete_fields
            if not field.generated and field is not opts.auto_field
        ]
        for field in fields:
            _check_plain(field)
        query = sql.InsertQuery(self._model)
        query.insert_values(fields, [self._model()])  # its values: only to compile
        ((statement, _values),) = query.get_compiler(using=using).as_sql()
        if self._unique:
            quote = connections[using].ops.quote_name
            by_name = {field.name: field for field in fields}
            columns = ", ".join(quote(by_name[name].column) for name in self._unique)
            statement = f"{statement} ON CONFLICT ({columns}) DO NOTHING"
        return _Statement(sql=statement, fields=fields, names=[])


class PreparedUpdate(_PerThread, Generic[M]):
    """``build(**keys).update(**values)``, compiled once per thread with ``stand_ins``.

    ``build`` and ``stand_ins`` are as :class:`~tournaments.selectors.prepared.Prepared`
    takes them: one SQL for any keys, each key a plain SQL parameter, each stand-in a
    value of its type, all different. ``fields`` names the fields set, each given a value
    of its type that is not None in ``field_stand_ins`` (None compiles to ``= NULL``,
    without a parameter); only fields of the model's own table.
    """

    def __init__(
        self,
        build: Callable[..., QuerySet[M]],
        stand_ins: dict[str, int | str],
        field_stand_ins: dict[str, Any],
    ) -> None:
        super().__init__()
        self._build = build
        self._stand_ins = stand_ins
        self._field_stand_ins = field_stand_ins

    def execute(self, using: str = "default", **values: Any) -> int:
        """Update the rows of ``build(**keys)``, setting each field given; ``values`` holds
        both, each field of ``fields`` and each key. Return the number of rows updated.

        Raises KeyError for a field or key not given, ValueError for a field set to None.
        """
        statement = self._statement(using)
        connection = connections[using]
        params: list[Any] = []
        for field in statement.fields:
            value = values[field.name]
            if value is None:
                raise ValueError(f"{field.name} = None: not in the compiled SQL.")
            params.append(field.get_db_prep_save(value, connection))
        params += [values[name] for name in statement.names]
        # What QuerySet.update wraps its UPDATE in.
        with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
            cursor.execute(statement.sql, params)
            return cursor.rowcount

    def _compile(self, using: str) -> _Statement:
        # What QuerySet.update does, with no annotation to inline in an ORDER BY.
        queryset = self._build(**self._stand_ins)
        query = cast(sql.UpdateQuery, queryset.query.chain(sql.UpdateQuery))
        query.add_update_values(self._field_stand_ins)
        query.clear_select_clause()
        if query.related_updates or query.annotations:
            raise ImproperlyConfigured("A prepared update sets its own table only.")
        fields = [field for field, _model, _value in query.values]
        statement, params = query.get_compiler(using=using).as_sql()
        by_value = {value: name for name, value in self._stand_ins.items()}
        keys = params[len(fields) :]
        return _Statement(sql=statement, fields=fields, names=[by_value[param] for param in keys])
