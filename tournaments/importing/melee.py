"""Read and check a played mêlée's files (RULES.md §H): ``players.csv``, then each
partie's tables as ``matches.csv`` (each table's totals) with player numbers in place of
team numbers.

``players.csv``: ``number, name, club``. ``matches.csv``: ``round, table, a_1, a_2, b_1,
b_2, total_a, total_b`` (pair A's two players, pair B's, both totals in scored points),
optionally the sheet's counts as in §G, checked by the engine where given. A player with
no seat in a round sat out. Nothing here writes: the first bad cell raises
:class:`~tournaments.importing.reading.TournamentImportError` with the file, the line,
the column and a code.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import scoring
from tournaments.importing.match_totals import MATCH_FILE_COUNTS, count_cell, total_cell
from tournaments.importing.problems import ImportProblem
from tournaments.importing.reading import (
    MAX_CLUB_LENGTH,
    MAX_ROUNDS,
    MAX_TABLE,
    MAX_TEAM_NUMBER,
    CellError,
    TournamentImportError,
    name_cell,
    read_rows,
    whole_number,
)
from tournaments.models import MeleePlayer
from tournaments.services import MeleePlayerData

PLAYER_COLUMNS = ("number", "name")
MELEE_MATCH_COLUMNS = ("round", "table", "a_1", "a_2", "b_1", "b_2", "total_a", "total_b")
SEATS = ("a_1", "a_2", "b_1", "b_2")
#: A mêlée needs four players to make one table.
MIN_PLAYERS = 4
MAX_NAME_LENGTH = MeleePlayer._meta.get_field("name").max_length or 100


@dataclass(frozen=True)
class MeleeTotalsRow:
    """One row of a mêlée's matches.csv: pair A's and pair B's player numbers, its line,
    and the sheet's totals."""

    pair_a: tuple[int, int]
    pair_b: tuple[int, int]
    line: int
    totals: scoring.MatchTotals


def read_players(path: Path) -> dict[int, MeleePlayerData]:
    """Check players.csv; return each player, cleaned, by number.

    Raises TournamentImportError for the first bad line (a number or a name missing, a
    number twice), or ``no_players`` with fewer than four players.
    """
    players: dict[int, MeleePlayerData] = {}
    for line, row in read_rows(path, PLAYER_COLUMNS):
        try:
            number = whole_number(row, "number", MAX_TEAM_NUMBER)
            if number in players:
                raise CellError("number", "duplicate_player_number", number=number)
            name = name_cell(row["name"], "name", MAX_NAME_LENGTH)
            if not name:
                raise CellError("name", "missing_name")
            club = name_cell(row.get("club", ""), "club", MAX_CLUB_LENGTH)
        except CellError as error:
            raise TournamentImportError(
                ImportProblem(path.name, line, error.column, error.code, error.params)
            ) from None
        players[number] = MeleePlayerData(name=name, club=club, number=number)
    if len(players) < MIN_PLAYERS:
        raise TournamentImportError(
            ImportProblem(
                path.name, 0, "", "no_players", {"count": len(players), "minimum": MIN_PLAYERS}
            )
        )
    return players


def read_melee_matches(
    path: Path, players: dict[int, MeleePlayerData], rules: scoring.RuleSet
) -> dict[tuple[int, int], MeleeTotalsRow]:
    """Check a mêlée's matches.csv, each row's totals through the engine; return its rows
    by (round, table).

    Rounds must run from 1 with no gap. Raises TournamentImportError for the first bad
    line: a player not in players.csv (``unknown_player``), seated twice in a round
    (``player_twice``), a table twice, totals the engine refuses; or ``no_matches``.
    """
    matches: dict[tuple[int, int], MeleeTotalsRow] = {}
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # round -> player -> line
    for line, row in read_rows(path, MELEE_MATCH_COLUMNS):
        try:
            round_number = whole_number(row, "round", MAX_ROUNDS, "too_many_rounds")
            table = whole_number(row, "table", MAX_TABLE)
            earlier = matches.get((round_number, table))
            if earlier is not None:
                raise CellError("table", "duplicate_table", table=table, line=earlier.line)
            seats = [whole_number(row, column, MAX_TEAM_NUMBER) for column in SEATS]
            at_table: set[int] = set()
            for column, player in zip(SEATS, seats, strict=True):
                if player not in players:
                    raise CellError(column, "unknown_player", number=player)
                first = seated[round_number].setdefault(player, line)
                if first != line or player in at_table:
                    raise CellError(column, "player_twice", number=player, line=first)
                at_table.add(player)
            totals = scoring.MatchTotals(
                total_a=total_cell(row, "total_a"),
                total_b=total_cell(row, "total_b"),
                **{
                    column: count_cell(row, column, limit)
                    for column, limit in MATCH_FILE_COUNTS.items()
                },
            )
        except CellError as cell:
            raise TournamentImportError(
                ImportProblem(path.name, line, cell.column, cell.code, cell.params)
            ) from None
        error = scoring.check_match_totals(totals, rules)
        if error is not None:
            column = "total_a" if error.code is scoring.TotalsField.SUM else str(error.code)
            raise TournamentImportError(
                ImportProblem(
                    path.name,
                    line,
                    column,
                    error.code.value,
                    dict(error.params),
                    error=error,
                    totals=totals,
                )
            )
        matches[round_number, table] = MeleeTotalsRow(
            (seats[0], seats[1]), (seats[2], seats[3]), line, totals
        )
    if not matches:
        raise TournamentImportError(ImportProblem(path.name, 0, "", "no_matches"))
    rounds = {number for number, _ in matches}
    for number in range(1, max(rounds)):
        if number not in rounds:
            later = min(m.line for (r, _), m in matches.items() if r > number)
            raise TournamentImportError(
                ImportProblem(path.name, later, "round", "empty_round", {"number": number})
            )
    return matches
