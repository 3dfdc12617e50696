"""Field values prepared for the database, remembered for the values that come back.

Before the compiled saves (models/compiled_saves.py) and history inserts
(models/history_insert.py) run their SQL, each value goes through its field's
``get_db_prep_save``, as Django's compiler sends it: for a deal's 35 columns, then its
history record's 41, that was most of the CPU left in those saves, about 5 µs a column
(bench/writes.py), for values that are nearly always the same few: 0, None, ``""``,
``"A"``, 1.

:class:`PreparedValues` remembers, for one statement on one connection, what each
column's field made of a value whose type is exactly ``None``, ``bool``, ``int`` or
``str`` (no subclass: an enum member, a lazy text, an expression take Django's path each
time): ``get_db_prep_save`` of such a value depends on nothing but the field, the value
and the connection's backend (a datetime, whose result depends on the connection's time
zone, is never remembered). Only a result that is itself ``None``, an ``int`` or a ``str``
(or their subclasses, immutable, such as psycopg's ``Int4``) is kept, so that sharing it
between two statements' parameters changes nothing. At most :data:`MAX_REMEMBERED`
values a statement: past that, it starts again from none (a running total takes many
values; 0 comes back at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import models

#: The types of the values remembered: exactly these (``type(value) in``), no subclass.
_PLAIN_TYPES = frozenset({type(None), bool, int, str})

#: How many values one statement remembers before it forgets them all.
MAX_REMEMBERED = 512

_UNKNOWN = object()


class PreparedValues:
    """``fields[i].get_db_prep_save(value, connection)``, remembered per column ``i`` for
    plain values (see the module's docstring).

    ``fields`` are a statement's fields, in its order; ``connection`` the connection it
    runs on. One instance per compiled statement, as thread-local as the statement.
    """

    def __init__(self, fields: tuple[models.Field, ...], connection: Any) -> None:
        self._fields = fields
        self._connection = connection
        self._known: dict[tuple[int, type, Any], Any] = {}

    def prepare(self, position: int, value: Any) -> Any:
        """Return ``self.fields[position].get_db_prep_save(value, connection)``."""
        kind = type(value)
        if kind not in _PLAIN_TYPES:
            return self._fields[position].get_db_prep_save(value, connection=self._connection)
        key = (position, kind, value)
        try:
            return self._known[key]
        except KeyError:
            pass
        prepared = self._fields[position].get_db_prep_save(value, connection=self._connection)
        if prepared is None or isinstance(prepared, int | str):
            if len(self._known) >= MAX_REMEMBERED:
                self._known.clear()
            self._known[key] = prepared
        return prepared

    def prepare_all(self, values: Sequence[Any]) -> list[Any]:
        """Return ``[self.prepare(i, value) for i, value in enumerate(values)]``: a value
        per column, in the statement's order (one call for a row: 35 columns a deal)."""
        known, prepared = self._known, []
        for position, value in enumerate(values):
            kind = type(value)
            found = (
                known.get((position, kind, value), _UNKNOWN) if kind in _PLAIN_TYPES else _UNKNOWN
            )
            prepared.append(self.prepare(position, value) if found is _UNKNOWN else found)
        return prepared
