"""Automatic copies of the SQLite database: at each round's close, and every few minutes
while a round is played (``manage.py backup_database``, which ./run starts).

Each copy is a whole SQLite database made by ``VACUUM INTO`` (SQLite 3.27 or later): a
consistent snapshot of what is committed, taken while the site serves. It goes into
``settings.BELOTE_BACKUP_DIR`` (var/backups/) as ``belote-YYYY-MM-DD-HHMMSS.sqlite3``
(local time), written under a ``.partial`` name first, so that a copy cut short is never
taken for a whole one; only the last ``settings.BELOTE_BACKUP_KEEP`` copies are kept.
Restoring one: stop ./run, copy it over var/db.sqlite3, start ./run (README.md). On
PostgreSQL there is nothing to copy: its own tools (pg_dump) do that job.
"""

from __future__ import annotations

import datetime
import logging
import os
import sqlite3
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteDatabaseWrapper
from django.utils import timezone

from tournaments.models import Round

logger = logging.getLogger(__name__)

#: The names of the copies: the prefix, a local time, the suffix.
COPY_PREFIX = "belote-"
COPY_SUFFIX = ".sqlite3"
#: VACUUM INTO came with SQLite 3.27.
VACUUM_INTO_VERSION = (3, 27, 0)
#: How long a copy waits for a writer to finish, in seconds, as the site's connections do.
BUSY_TIMEOUT = 20


class DatabaseCopyError(Exception):
    """The copy could not be made (a SQLite too old for VACUUM INTO, a database in
    memory); the message says why."""


def is_round_being_played() -> bool:
    """Return True while a round of some tournament is published (being played)."""
    return Round.objects.filter(status=Round.Status.PUBLISHED).exists()


def database_copies(directory: Path) -> list[Path]:
    """Return the copies in ``directory``, oldest first (their names sort by time)."""
    return sorted(directory.glob(f"{COPY_PREFIX}*{COPY_SUFFIX}"))


def _new_copy_path(directory: Path, now: datetime.datetime) -> Path:
    stamp = timezone.localtime(now).strftime("%Y-%m-%d-%H%M%S")
    path = directory / f"{COPY_PREFIX}{stamp}{COPY_SUFFIX}"
    count = 1
    while path.exists():
        count += 1
        path = directory / f"{COPY_PREFIX}{stamp}-{count}{COPY_SUFFIX}"
    return path


def copy_database(
    *,
    now: datetime.datetime,
    directory: Path | None = None,
    keep: int | None = None,
    using: str = "default",
) -> Path | None:
    """Copy the SQLite database ``using`` into ``directory`` (default
    ``settings.BELOTE_BACKUP_DIR``) as of ``now``, then delete the oldest copies beyond
    ``keep`` (default ``settings.BELOTE_BACKUP_KEEP``). Return the copy's path, or None
    when the database is not SQLite (PostgreSQL).

    The copy reads what is committed, through a connection of its own: it may run while
    the site serves, and inside a transaction. Raises DatabaseCopyError when SQLite is
    older than 3.27 or the database has no file, and OSError or sqlite3.Error when the
    copy cannot be written.
    """
    connection = connections[using]
    if not isinstance(connection, SQLiteDatabaseWrapper):
        return None
    if sqlite3.sqlite_version_info < VACUUM_INTO_VERSION:
        raise DatabaseCopyError(
            f"SQLite {sqlite3.sqlite_version} cannot copy a database (VACUUM INTO needs 3.27)."
        )
    source = str(connection.settings_dict["NAME"])
    if connection.is_in_memory_db() or not Path(source).is_file():
        raise DatabaseCopyError(f"The database {source} is not a file.")
    directory = Path(directory or settings.BELOTE_BACKUP_DIR)
    keep = settings.BELOTE_BACKUP_KEEP if keep is None else keep
    directory.mkdir(parents=True, exist_ok=True)
    path = _new_copy_path(directory, now)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    database = sqlite3.connect(source, timeout=BUSY_TIMEOUT)
    try:
        database.execute("VACUUM INTO ?", (str(partial),))
    finally:
        database.close()
    os.replace(partial, path)
    for old in database_copies(directory)[:-keep]:
        old.unlink(missing_ok=True)
    return path


def copy_database_or_log(*, now: datetime.datetime) -> Path | None:
    """Copy the database as :func:`copy_database` does; on a failure, log it and return
    None. For a copy that must never undo what came before it (a round's close)."""
    try:
        return copy_database(now=now)
    except (DatabaseCopyError, OSError, sqlite3.Error):
        logger.exception("The copy of the database failed.")
        return None
