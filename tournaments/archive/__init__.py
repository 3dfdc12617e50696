"""Backups an organiser can make and restore, and the automatic copies of the database.

- An *archive* is a whole concours in one JSON document, versioned
  (:mod:`.fields` gives the format): :func:`tournament_archive` writes it (the desk's
  « Télécharger la sauvegarde », ``manage.py archive_tournament``), and
  :func:`restore_tournament` restores it on this site or another one, on SQLite or
  PostgreSQL, in one transaction (the restore page, ``manage.py restore_archive``). A
  file that is not such an archive, or one that does not hold together, is refused with
  an :class:`ArchiveError`, worded by tournaments/forms/archive.py.
- A *database copy* (:mod:`.copies`) is the SQLite file itself, copied by
  ``VACUUM INTO`` into var/backups/ at each round's close and every few minutes while a
  round is played (``manage.py backup_database``, started by ./run).
"""

from tournaments.archive.copies import (
    DatabaseCopyError,
    copy_database,
    copy_database_or_log,
    database_copies,
    is_round_being_played,
)
from tournaments.archive.fields import FORMAT, VERSION
from tournaments.archive.problems import ArchiveError, ArchiveProblem
from tournaments.archive.reading import read_archive
from tournaments.archive.restoring import restore_tournament
from tournaments.archive.writing import tournament_archive

__all__ = [
    "FORMAT",
    "VERSION",
    "ArchiveError",
    "ArchiveProblem",
    "DatabaseCopyError",
    "copy_database",
    "copy_database_or_log",
    "database_copies",
    "is_round_being_played",
    "read_archive",
    "restore_tournament",
    "tournament_archive",
]
