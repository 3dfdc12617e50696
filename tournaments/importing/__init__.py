"""Import files: a played concours (RULES.md §F layout) and the team file an organiser uploads.

Both read their files through :mod:`.text` (encodings, delimiters, records, whole
numbers) and report :class:`ImportProblem` codes, worded by forms/messages.py.

A played concours is imported atomically: the first bad row stops it with the file, the
line, the column and an error code, and nothing is saved. :mod:`.reading` reads and
checks the files (the engine checks every deal), :mod:`.match_totals` a folder's
``matches.csv`` instead of its ``deals.csv`` (each table's totals, checked by the sheet's
counts, RULES.md §G); :mod:`.creation` then writes the
tournament through the services the site uses (``create_tournament``,
``register_teams``, ``record_played_round``, whose deals go through ``record_deals`` and
totals through ``record_match_totals``).
The team file (:mod:`.teams`) is previewed, then registered by ``register_teams``.
"""

from tournaments.importing.creation import import_played_tournament
from tournaments.importing.match_totals import MATCH_FILE_COLUMNS, MATCH_FILE_COUNTS
from tournaments.importing.problems import ImportProblem
from tournaments.importing.reading import (
    DEAL_FILE_COLUMNS,
    MAX_CLUB_LENGTH,
    MAX_DEAL_NUMBER,
    MAX_PLAYER_LENGTH,
    MAX_ROUNDS,
    MAX_TABLE,
    MAX_TARGET,
    MAX_TEAM_NUMBER,
    MAX_TOURNAMENT_NAME_LENGTH,
    MIN_TEAMS,
    TEAM_COLUMNS,
    TournamentImportError,
    read_rows,
)
from tournaments.importing.text import decode_text

__all__ = [
    "DEAL_FILE_COLUMNS",
    "MATCH_FILE_COLUMNS",
    "MATCH_FILE_COUNTS",
    "MAX_CLUB_LENGTH",
    "MAX_DEAL_NUMBER",
    "MAX_PLAYER_LENGTH",
    "MAX_ROUNDS",
    "MAX_TABLE",
    "MAX_TARGET",
    "MAX_TEAM_NUMBER",
    "MAX_TOURNAMENT_NAME_LENGTH",
    "MIN_TEAMS",
    "TEAM_COLUMNS",
    "ImportProblem",
    "TournamentImportError",
    "decode_text",
    "import_played_tournament",
    "read_rows",
]
