"""Helpers shared by the commands that name a tournament."""

import csv

from django.core.management.base import CommandError
from django.utils.translation import gettext

from tournaments.models import Tournament


def tournament_named(name: str) -> Tournament:
    """Return the tournament called ``name``; raise CommandError when there is none."""
    try:
        return Tournament.objects.get(name=name)
    except Tournament.DoesNotExist:
        raise CommandError(gettext("No tournament is named “%(name)s”.") % {"name": name}) from None


def write_rows(stdout, columns: tuple[str, ...], rows: list[tuple], output_format: str) -> None:
    """Write ``rows`` under ``columns`` as CSV (comma, header row) or as aligned text."""
    if output_format == "csv":
        writer = csv.writer(stdout, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        return
    widths = [max(len(str(v)) for v in column) for column in zip(columns, *rows, strict=True)]
    for values in (columns, *rows):
        stdout.write("  ".join(str(v).rjust(w) for v, w in zip(values, widths, strict=True)))
