"""Read and check a played mêlée's files (RULES.md §H): ``players.csv``, then each
partie's tables as ``deals.csv`` (every deal) or ``matches.csv`` (each table's totals),
with player numbers in place of team numbers.

``players.csv``: ``number, name, club``. ``matches.csv``: ``round, table, a_1, a_2, b_1,
b_2, total_a, total_b`` (pair A's two players, pair B's, both totals in scored points),
optionally the sheet's counts as in §G, checked by the engine where given.
``deals.csv``: as in §F with ``a_1, a_2, b_1, b_2`` in place of ``team_a, team_b``; its
``taker_team`` names the taking pair by ``A`` or ``B``, or by the number of one of its
players (§H is silent here: both are read). A player with no seat in a round sat out. Nothing here writes: the first bad cell raises
:class:`~tournaments.importing.reading.TournamentImportError` with the file, the line,
the column and a code (in matches.csv, every bad row: one error holds them all).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import scoring
from scoring.rows import DEAL_COLUMNS, deal_from_row
from tournaments.importing.match_totals import (
    MATCH_FILE_COUNTS,
    count_cell,
    raise_problems,
    row_totals_problem,
    total_cell,
)
from tournaments.importing.problems import ImportProblem
from tournaments.importing.reading import (
    MAX_CLUB_LENGTH,
    MAX_DEAL_NUMBER,
    MAX_ROUNDS,
    MAX_TABLE,
    MAX_TEAM_NUMBER,
    CellError,
    TournamentImportError,
    name_cell,
    read_rows,
    whole_number,
)
from tournaments.models import DealEntry, MeleePlayer, TeamSide
from tournaments.services import MeleePlayerData

PLAYER_COLUMNS = ("number", "name")
MELEE_MATCH_COLUMNS = ("round", "table", "a_1", "a_2", "b_1", "b_2", "total_a", "total_b")
SEATS = ("a_1", "a_2", "b_1", "b_2")
MELEE_DEAL_COLUMNS = ("round", "table", *SEATS, "deal", "taker_team", "passed", *DEAL_COLUMNS)
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


@dataclass
class MeleeDealRows:
    """One table of a mêlée's deals.csv: both pairs' player numbers, its first line, and
    its deals as ``(line, deal number, entry)`` in the file's order."""

    pair_a: tuple[int, int]
    pair_b: tuple[int, int]
    line: int
    deals: list[tuple[int, int, DealEntry]] = field(default_factory=list)

    def line_of(self, deal_number: int) -> int:
        """Return the line of deal ``deal_number``; raise KeyError when it has none."""
        for line, number, _ in self.deals:
            if number == deal_number:
                return line
        raise KeyError(deal_number)


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
    path: Path,
    players: dict[int, MeleePlayerData],
    rules: scoring.RuleSet,
    match_format: scoring.MatchFormat,
) -> dict[tuple[int, int], MeleeTotalsRow]:
    """Check a mêlée's matches.csv, each row's totals through the engine (under ``rules``
    and ``match_format``, :func:`~tournaments.importing.match_totals.row_totals_problem`);
    return its rows by (round, table).

    Rounds must run from 1 with no gap. Raises TournamentImportError with every bad row,
    by line (each its first bad column): a player not in players.csv (``unknown_player``),
    seated twice in a round (``player_twice``), a table twice, totals the engine refuses;
    once every row is good, ``no_matches`` or ``empty_round``.
    """
    matches: dict[tuple[int, int], MeleeTotalsRow] = {}
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # round -> player -> line
    bad: list[ImportProblem] = []
    for line, row in read_rows(path, MELEE_MATCH_COLUMNS):
        try:
            round_number = whole_number(row, "round", MAX_ROUNDS, "too_many_rounds")
            table = whole_number(row, "table", MAX_TABLE)
            earlier = matches.get((round_number, table))
            if earlier is not None:
                raise CellError("table", "duplicate_table", table=table, line=earlier.line)
            seats = _read_seats(row, players, seated[round_number], line)
            totals = scoring.MatchTotals(
                total_a=total_cell(row, "total_a"),
                total_b=total_cell(row, "total_b"),
                **{
                    column: count_cell(row, column, limit)
                    for column, limit in MATCH_FILE_COUNTS.items()
                },
            )
        except CellError as cell:
            bad.append(ImportProblem(path.name, line, cell.column, cell.code, cell.params))
            continue
        problem = row_totals_problem(path, line, totals, rules, match_format)
        if problem is not None:
            bad.append(problem)  # its table kept all the same: a later row may repeat it
        matches[round_number, table] = MeleeTotalsRow(
            (seats[0], seats[1]), (seats[2], seats[3]), line, totals
        )
    raise_problems(bad)
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


def _read_seats(
    row: dict[str, str], players: dict[int, MeleePlayerData], seated: dict[int, int], line: int
) -> tuple[int, int, int, int]:
    """Return the four players of a line (a_1, a_2, b_1, b_2), noting them in ``seated``
    (player → the line of the table that seats them this round).

    Raises CellError ``unknown_player`` or ``player_twice`` (seated at another table of
    the round, or twice at this one).
    """
    seats = tuple(whole_number(row, column, MAX_TEAM_NUMBER) for column in SEATS)
    for index, (column, player) in enumerate(zip(SEATS, seats, strict=True)):
        if player not in players:
            raise CellError(column, "unknown_player", number=player)
        first = seated.setdefault(player, line)
        if first != line or player in seats[:index]:
            raise CellError(column, "player_twice", number=player, line=first)
    return seats[0], seats[1], seats[2], seats[3]


def read_melee_deals(
    path: Path, players: dict[int, MeleePlayerData], rules: scoring.RuleSet
) -> dict[tuple[int, int], MeleeDealRows]:
    """Check a mêlée's deals.csv, each deal through the engine (RULES.md §B6); return
    its deals by (round, table).

    Raises TournamentImportError for the first bad line: a player not in players.csv,
    seated twice in a round, a table whose players change from one line to the next
    (``table_conflict``), a taker who is not at the table, a deal twice, a deal the
    engine refuses; ``no_deals``, or ``missing_round`` for a gap in the rounds.
    """
    matches: dict[tuple[int, int], MeleeDealRows] = {}
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # round -> player -> first line
    for line, row in read_rows(path, MELEE_DEAL_COLUMNS):
        try:
            round_number = whole_number(row, "round", MAX_ROUNDS, "too_many_rounds")
            table = whole_number(row, "table", MAX_TABLE)
            match = matches.get((round_number, table))
            if match is None:
                seats = _read_seats(row, players, seated[round_number], line)
                match = MeleeDealRows((seats[0], seats[1]), (seats[2], seats[3]), line)
                matches[round_number, table] = match
            else:
                given = tuple(whole_number(row, column, MAX_TEAM_NUMBER) for column in SEATS)
                if given != (*match.pair_a, *match.pair_b):
                    raise CellError("table", "table_conflict", table=table)
            deal_number = whole_number(row, "deal", MAX_DEAL_NUMBER)
            taker = _taker(row["taker_team"], match)
            passed = row["passed"].strip().lower()
            if passed not in ("yes", "no", "oui", "non"):
                raise CellError("passed", "passed")
            if any(number == deal_number for _, number, _ in match.deals):
                raise CellError("deal", "duplicate_deal", number=deal_number)
            deal = None
            if passed in ("no", "non"):
                deal = deal_from_row(row)
                error = scoring.validate_deal(deal, rules)
                if error is not None:
                    raise TournamentImportError(
                        ImportProblem(
                            path.name,
                            line,
                            error.field,
                            error.code.value,
                            dict(error.params),
                            error,
                        )
                    )
        except CellError as cell:
            raise TournamentImportError(
                ImportProblem(path.name, line, cell.column, cell.code, cell.params)
            ) from None
        match.deals.append((line, deal_number, DealEntry(taker, deal)))
    if not matches:
        raise TournamentImportError(ImportProblem(path.name, 0, "", "no_deals"))
    rounds = {number for number, _ in matches}
    for number in range(1, max(rounds)):
        if number not in rounds:
            later = min(m.line for (r, _), m in matches.items() if r > number)
            raise TournamentImportError(
                ImportProblem(path.name, later, "round", "missing_round", {"number": number})
            )
    return matches


def _taker(text: str, match: MeleeDealRows) -> TeamSide:
    """Return the taking pair of a deal: ``A``/``B``, or the number of one of its players.

    Raises CellError ``melee_taker`` for anything else.
    """
    cleaned = text.strip().upper()
    if cleaned in ("A", "B"):
        return TeamSide(cleaned)
    if cleaned.isascii() and cleaned.isdigit():
        if int(cleaned) in match.pair_a:
            return TeamSide.A
        if int(cleaned) in match.pair_b:
            return TeamSide.B
    raise CellError("taker_team", "melee_taker")
