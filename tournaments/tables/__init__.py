"""The site's tables (STYLE.md §5): presentation only; the data comes from selectors.

- :mod:`~tournaments.tables.standings`, the public standings, sortable, written in Python;
- :mod:`~tournaments.tables.organiser`, the organiser's teams and round desk, django-tables2's.
"""

from tournaments.tables.organiser import ProgressTable, TeamTable, progress_table, team_table
from tournaments.tables.standings import (
    MELEE_STANDINGS_COLUMNS,
    SORTS,
    STANDINGS_COLUMNS,
    StandingsColumn,
    StandingsHeading,
    StandingsTable,
    standings_rows,
    standings_table,
)

__all__ = [
    "MELEE_STANDINGS_COLUMNS",
    "SORTS",
    "STANDINGS_COLUMNS",
    "ProgressTable",
    "StandingsColumn",
    "StandingsHeading",
    "StandingsTable",
    "TeamTable",
    "progress_table",
    "standings_rows",
    "standings_table",
    "team_table",
]
