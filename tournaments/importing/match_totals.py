"""Read and check ``matches.csv``: each table's two totals instead of its deals (RULES.md §G).

A concours folder may hold ``matches.csv`` in place of ``deals.csv``: one row per match
with its round, table, teams (A and B) and both totals (scored points), and optionally
the sheet's counts (deals played, capots, belotes, declaration points). Where the counts
are given the engine checks the totals against them (:func:`scoring.check_match_totals`),
and a row that fails is refused; so is a row whose totals cannot be true
(:func:`scoring.check_totals_plausibility`: more deals than the format has, a score off
the preset's step, a sum outside what its deals can score). Nothing here writes. The file is read as ``deals.csv``
is (:func:`tournaments.importing.reading.read_rows`), and every bad row is reported: one
:class:`TournamentImportError` holds each with the file, the line, the column (the first
bad one of the row) and a code.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import scoring
from tournaments.importing.problems import ImportProblem
from tournaments.importing.reading import (
    MAX_ROUNDS,
    MAX_TABLE,
    MAX_TEAM_NUMBER,
    CellError,
    TournamentImportError,
    read_rows,
    whole_number,
)
from tournaments.importing.text import NotAWholeNumber, NumberAboveLimit, parse_whole_number
from tournaments.models import TeamData
from tournaments.services import Refusal, implausible_params

MATCH_FILE_COLUMNS = ("round", "table", "team_a", "team_b", "total_a", "total_b")
#: The sheet's counts, optional columns (RULES.md §G: P, K, B and N), and the largest
#: value each cell may hold before the engine checks it.
MATCH_FILE_COUNTS = {
    "deals_played": scoring.MAX_DEALS_PLAYED,
    "capots": scoring.MAX_DEALS_PLAYED,
    "belotes": scoring.MAX_DEALS_PLAYED,
    "declarations": scoring.MAX_MATCH_TOTAL,
}


@dataclass(frozen=True)
class TotalsRow:
    """One row of matches.csv: its two team numbers, its line, and the sheet's totals."""

    team_a: int
    team_b: int
    line: int
    totals: scoring.MatchTotals


def count_cell(row: dict[str, str], column: str, limit: int) -> int | None:
    """Return the cell as a whole number from 0 to ``limit``, or None when it is blank
    (an optional count the sheet does not give).

    Raises CellError ``count``, or ``too_large`` (params: limit) above the limit.
    """
    text = row.get(column, "")
    if not text.strip():
        return None
    try:
        return parse_whole_number(text, limit, allows_zero=True)
    except NotAWholeNumber:
        raise CellError(column, "count") from None
    except NumberAboveLimit:
        raise CellError(column, "too_large", limit=limit) from None


def total_cell(row: dict[str, str], column: str) -> int:
    """Return a total, which the file must give: a whole number from 0."""
    total = count_cell(row, column, scoring.MAX_MATCH_TOTAL)
    if total is None:
        raise CellError(column, "count")
    return total


def row_totals_problem(
    path: Path,
    line: int,
    totals: scoring.MatchTotals,
    rules: scoring.RuleSet,
    match_format: scoring.MatchFormat,
) -> ImportProblem | None:
    """Check one row's totals through the engine (RULES.md §G): the sheet's fields and
    sum (:func:`scoring.check_match_totals`), then the limits no true sheet breaks
    (:func:`scoring.check_totals_plausibility`). A file has no reason to give, so either
    refuses the row. Never raises.

    Returns None for a row that can be true, else its problem on line ``line``: the
    engine's field code (column ``total_a`` for the sum), or ``totals_implausible``
    (params: :func:`tournaments.services.implausible_params`, naming each limit broken) in
    column ``deals_played`` when the sheet counts more deals than the format has
    (« 13 donnes jouées, or une partie en compte 12 »), else in column ``total_a``.
    """
    error = scoring.check_match_totals(totals, rules)
    if error is not None:
        column = "total_a" if error.code is scoring.TotalsField.SUM else str(error.code)
        return ImportProblem(
            path.name,
            line,
            column,
            error.code.value,
            dict(error.params),
            error=error,
            totals=totals,
        )
    problems = scoring.check_totals_plausibility(
        rules, totals.deals_played, totals.total_a, totals.total_b, match_format=match_format
    )
    if not problems:
        return None
    too_many_deals = problems[0].limit is scoring.TotalsLimit.MOST_DEALS
    return ImportProblem(
        path.name,
        line,
        "deals_played" if too_many_deals else "total_a",
        Refusal.TOTALS_IMPLAUSIBLE.value,
        implausible_params(problems),
    )


def read_match_totals(
    path: Path,
    teams: dict[int, TeamData],
    rules: scoring.RuleSet,
    match_format: scoring.MatchFormat,
) -> dict[tuple[int, int], TotalsRow]:
    """Check matches.csv, each row's totals through the engine (:func:`row_totals_problem`,
    under ``rules`` and ``match_format``); return its rows by (round, table).

    Rounds must run from 1 with no gap: an empty round would put every team on a bye. A
    registered team with no table in a round has that round's bye (RULES.md §G).
    Raises TournamentImportError with every bad row, by line (each its first bad column);
    once every row is good, ``no_matches`` for a file without a row or ``empty_round``
    (a bad row's round is not known, so it is not taken for a gap).
    """
    matches: dict[tuple[int, int], TotalsRow] = {}
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # round -> team -> table
    first_lines: dict[int, int] = {}  # round -> its first line
    bad: list[ImportProblem] = []
    for line, row in read_rows(path, MATCH_FILE_COLUMNS):
        try:
            round_number, table, read = _read_match(row, teams, matches, seated, line)
        except CellError as cell:
            bad.append(ImportProblem(path.name, line, cell.column, cell.code, cell.params))
            continue
        problem = row_totals_problem(path, line, read.totals, rules, match_format)
        if problem is not None:
            bad.append(problem)  # its table kept all the same: a later row may repeat it
        matches[round_number, table] = read
        first_lines.setdefault(round_number, line)
    raise_problems(bad)
    if not matches:
        raise TournamentImportError(ImportProblem(path.name, 0, "", "no_matches"))
    for number in range(1, max(first_lines)):
        if number not in first_lines:
            later = min(line for round_, line in first_lines.items() if round_ > number)
            raise TournamentImportError(
                ImportProblem(path.name, later, "round", "empty_round", {"number": number})
            )
    return matches


def raise_problems(problems: list[ImportProblem]) -> None:
    """Raise TournamentImportError with ``problems`` (:class:`ImportProblem`, one a bad
    row) sorted by line, or return when there is none."""
    if problems:
        first, *more = sorted(problems, key=lambda problem: problem.line)
        raise TournamentImportError(first, *more)


def _read_match(
    row: dict[str, str],
    teams: dict[int, TeamData],
    matches: dict[tuple[int, int], TotalsRow],
    seated: dict[int, dict[int, int]],
    line: int,
) -> tuple[int, int, TotalsRow]:
    """Check the file's own columns of one line; return its round, table and row.

    Raises CellError: a number, a team not in teams.csv or at two tables, a table twice.
    """
    round_number = whole_number(row, "round", MAX_ROUNDS, "too_many_rounds")
    table = whole_number(row, "table", MAX_TABLE)
    team_a = whole_number(row, "team_a", MAX_TEAM_NUMBER)
    team_b = whole_number(row, "team_b", MAX_TEAM_NUMBER)
    for column, team in (("team_a", team_a), ("team_b", team_b)):
        if team not in teams:
            raise CellError(column, "unknown_team", number=team)
    if team_a == team_b:
        raise CellError("team_b", "same_team")
    earlier = matches.get((round_number, table))
    if earlier is not None:
        raise CellError("table", "duplicate_table", table=table, line=earlier.line)
    for column, team in (("team_a", team_a), ("team_b", team_b)):
        if seated[round_number].setdefault(team, table) != table:
            raise CellError(column, "team_twice", number=team)
    total_a, total_b = total_cell(row, "total_a"), total_cell(row, "total_b")
    counts = {column: count_cell(row, column, limit) for column, limit in MATCH_FILE_COUNTS.items()}
    totals = scoring.MatchTotals(
        total_a=total_a,
        total_b=total_b,
        deals_played=counts["deals_played"],
        capots=counts["capots"],
        belotes=counts["belotes"],
        declarations=counts["declarations"],
    )
    return round_number, table, TotalsRow(team_a, team_b, line, totals)
