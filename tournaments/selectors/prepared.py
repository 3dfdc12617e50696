"""Queries compiled once per thread: for the look-ups of every table write.

Django compiles a queryset's SQL each time it runs it; for a look-up that joins several
tables with every column (the seat of a table write: seven tables, 98 columns), compiling
cost more CPU than running it (bench/writes.py). :class:`Prepared` compiles such a
queryset once per thread and database, with stand-in values for its parameters, then runs
its SQL with the real values and builds the model and its ``select_related`` objects as
Django's ``ModelIterable`` does, with the same converters (and its annotations, each an
attribute of the model). A ``select_for_update``
queryset compiles to its ``FOR UPDATE`` SQL once too (the row locks of every table
write, services/locks.py), and is refused outside a transaction as Django refuses it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet

# Not in django-stubs: the function ModelIterable builds its select_related objects with.
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: list[str]  # the parameter each SQL placeholder takes, in order
    compiler: Any
    converters: dict[int, Any]
    init_list: list[str]
    fields: slice
    populators: list[Any]
    annotations: dict[str, int]  # each annotation's column in a row
    is_for_update: bool  # a FOR UPDATE query: run inside a transaction only


class Prepared(Generic[M]):
    """A queryset ``build(**values)``, compiled once per thread with ``stand_ins``.

    ``build`` must give the same SQL for any values (no value may change its shape), each
    value used as a plain SQL parameter; ``stand_ins`` gives each parameter a value of its
    type, all different, that Django compiles as a parameter (for an integer column,
    within its range: Django compiles a value out of range as an empty result, without
    SQL). :meth:`first` returns what ``build(**values).first()`` would without an ORDER
    BY, or None; :meth:`all` what ``list(build(**values))`` would; :meth:`exists` whether
    it finds a row (a lock taken: no model built).
    """

    def __init__(self, build: Callable[..., QuerySet[M]], stand_ins: dict[str, int | str]) -> None:
        self._build = build
        self._stand_ins = stand_ins
        self._local = threading.local()

    def first(self, using: str = "default", **values: int | str) -> M | None:
        compiled = self._compiled(using)
        row = self._fetch(compiled, using, values)
        if row is None:
            return None
        return self._built(compiled, using, [row])[0]

    def all(self, using: str = "default", **values: int | str) -> list[M]:
        """Return what ``list(build(**values))`` would: every row, in the queryset's
        order, each a model built as Django builds it (same converters and
        ``select_related`` objects)."""
        compiled = self._compiled(using)
        return self._built(compiled, using, self._fetch(compiled, using, values, many=True))

    @staticmethod
    def _built(compiled: _Compiled, using: str, rows: list[Any]) -> list[M]:
        """Return the models of ``rows``, as Django's ModelIterable builds them (each
        annotation an attribute of its model)."""
        if compiled.converters:
            rows = list(compiled.compiler.apply_converters(rows, compiled.converters))
        model = compiled.compiler.query.model
        objs = []
        for row in rows:
            obj = model.from_db(using, compiled.init_list, row[compiled.fields])
            for populator in compiled.populators:
                populator.populate(row, obj)
            for name, column in compiled.annotations.items():
                setattr(obj, name, row[column])
            objs.append(obj)
        return objs

    def exists(self, using: str = "default", **values: int | str) -> bool:
        """Return True when the query finds a row: its SQL run, no model built (for a
        ``select_for_update``, its rows are locked then)."""
        return self._fetch(self._compiled(using), using, values) is not None

    @staticmethod
    def _fetch(
        compiled: _Compiled, using: str, values: dict[str, int | str], *, many: bool = False
    ) -> Any:
        """Run the SQL with ``values``: its first row (None if none), or every row if
        ``many``."""
        connection = connections[using]
        # What the compiler checks at each run of a queryset (compiled here only once).
        if compiled.is_for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, [values[name] for name in compiled.names])
            return cursor.fetchall() if many else cursor.fetchone()

    def _compiled(self, using: str) -> _Compiled:
        cache: dict[str, _Compiled] = self._local.__dict__.setdefault("by_alias", {})
        if using not in cache:
            stand_ins = self._stand_ins
            queryset = self._build(**stand_ins)
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            by_value = {value: name for name, value in stand_ins.items()}
            select, klass_info = compiler.select, compiler.klass_info
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            cache[using] = _Compiled(
                sql=sql,
                names=[by_value[param] for param in params],
                compiler=compiler,
                converters=compiler.get_converters([s[0] for s in select[: compiler.col_count]]),
                init_list=[f[0].target.attname for f in select[start:end]],
                fields=slice(start, end),
                populators=get_related_populators(klass_info, select, using),
                annotations=dict(compiler.annotation_col_map),
                is_for_update=bool(queryset.query.select_for_update)
                and connections[using].features.has_select_for_update,
            )
        return cache[using]
