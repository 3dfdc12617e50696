"""Helpers shared by the commands that name a tournament."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from typing import TypeVar

from django.core.management.base import CommandError, OutputWrapper
from django.utils.translation import gettext

from tournaments.models import Tournament
from tournaments.presentation.columns import Column

Row = TypeVar("Row")


def tournament_named(name: str) -> Tournament:
    """Return the tournament called ``name``; raise CommandError when there is none."""
    try:
        return Tournament.objects.get(name=name)
    except Tournament.DoesNotExist:
        raise CommandError(gettext("No tournament is named “%(name)s”.") % {"name": name}) from None


def write_rows(
    stdout: OutputWrapper, columns: Sequence[Column[Row]], rows: Iterable[Row], output_format: str
) -> None:
    """Write ``rows`` under the keys of ``columns``, each cell the column's value (its
    stored code), as CSV (comma, header row) or as aligned text (``output_format`` "csv"
    or "text")."""
    header = [column.key for column in columns]
    values = [[column.value(row) for column in columns] for row in rows]
    if output_format == "csv":
        writer = csv.writer(stdout, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(values)
        return
    lines: list[Sequence[object]] = [header, *values]
    widths = [max(len(str(v)) for v in column) for column in zip(*lines, strict=True)]
    for line in lines:
        stdout.write("  ".join(str(v).rjust(w) for v, w in zip(line, widths, strict=True)))
