"""The held-out samples of ../shared/data (RULES.md §F, §G, §H), imported as import_concours
does, and the CSV the tests compare them with: the mêlée sample of
tests/tournaments/conftest.py's ``melee_sample``, and the importing tests' samples."""

import csv
import datetime
import io
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import transaction

from tournaments.importing import import_played_tournament
from tournaments.models import Tournament

#: The held-out mêlée: 18 players, 4 parties (RULES.md §H).
MELEE_SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "melee-18"
MELEE_NAME = "Mêlée du jeudi"
#: When the samples are imported.
IMPORTED = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def read_csv_rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def command_csv(*args: str) -> list[list[str]]:
    """Return ``manage.py ARGS --format csv`` as rows."""
    out = io.StringIO()
    call_command(*args, "--format", "csv", stdout=out)
    return list(csv.reader(io.StringIO(out.getvalue())))


def import_sample(directory: Path = MELEE_SAMPLE, name: str = MELEE_NAME) -> Tournament:
    """Import the sample in ``directory`` as ``name`` (belote-sans-annonces, lots drawn from
    seed 7, at :data:`IMPORTED`)."""
    return import_played_tournament(
        directory=directory,
        name=name,
        rules_preset="belote-sans-annonces",
        now=IMPORTED,
        rng=random.Random(7),
    )


def imported_for_a_class(
    django_db_blocker: Any, directory: Path = MELEE_SAMPLE, name: str = MELEE_NAME
) -> Iterator[Tournament]:
    """Yield the sample of :func:`import_sample`, imported once for the tests of a class that
    only read it, in a transaction rolled back after the class's last test: the body of a
    class-scoped fixture (``yield from``) that asks for ``django_db_setup``."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield import_sample(directory, name)
        transaction.set_rollback(True)
