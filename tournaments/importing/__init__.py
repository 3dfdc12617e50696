"""Import a played concours from ``teams.csv`` and ``deals.csv`` (RULES.md §F layout).

The import is atomic: the first bad row stops it with the file, the line, the field
and an error code, and nothing is saved. :mod:`.reading` reads and checks the files
(the engine checks every deal); :mod:`.creation` then writes the tournament, its deals
going through :func:`tournaments.services.record_deal`, like the web form.
"""

from tournaments.importing.creation import import_concours
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
    ConcoursImportError,
    ImportProblem,
    decode_text,
    read_csv,
)

__all__ = [
    "DEAL_FILE_COLUMNS",
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
    "ConcoursImportError",
    "ImportProblem",
    "decode_text",
    "import_concours",
    "read_csv",
]
