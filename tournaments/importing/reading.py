"""Read and check ``teams.csv`` and ``deals.csv`` of a played concours (RULES.md §F layout).

Nothing here writes: every cell is checked, and every deal goes through the engine
(``scoring.validate_deal``), before :mod:`tournaments.importing.creation` saves anything.
The files are read by :mod:`tournaments.importing.text`, as the team file is. The first
bad cell raises :class:`TournamentImportError` with the file, the line, the column and
an error code.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.db import models

import scoring
from scoring.rows import DEAL_COLUMNS, deal_from_row
from tournaments.importing.problems import ImportProblem
from tournaments.importing.text import (
    NotAWholeNumber,
    NumberAboveLimit,
    UnreadableRecord,
    decode_text,
    pair_key,
    parse_whole_number,
    read_records,
)
from tournaments.models import (
    MAX_TEAM_NAME_LENGTH,
    Club,
    DealEntry,
    Team,
    TeamData,
    TeamSide,
    Tournament,
)
from tournaments.text import clean_name

TEAM_COLUMNS = ("number", "player_1", "player_2")
DEAL_FILE_COLUMNS = (
    "round",
    "table",
    "team_a",
    "team_b",
    "deal",
    "taker_team",
    "passed",
    *DEAL_COLUMNS,
)


#: Upper bounds of the numbers in the files: realistic for a concours, and well inside the
#: database columns (PositiveSmallIntegerField stops at 32767).
MAX_TEAM_NUMBER = 9999
MAX_TABLE = 999
MAX_DEAL_NUMBER = 99
#: Tournament.number_of_rounds is 1 to 20 (CheckConstraint ``tournament_rounds_range``).
MAX_ROUNDS = 20
#: Largest target score of a ``target:T`` match format.
MAX_TARGET = 9999
#: A concours needs two teams to play one match.
MIN_TEAMS = 2


def _max_length(model: type[models.Model], field_name: str) -> int:
    """Return the longest text, in characters, that ``model``'s field ``field_name`` stores."""
    model_field = model._meta.get_field(field_name)
    # Only called below, for text columns: each has a max_length.
    assert isinstance(model_field, models.CharField) and model_field.max_length is not None
    return model_field.max_length


#: Longest names, in characters, as the database stores them.
MAX_PLAYER_LENGTH = _max_length(Team, "player_1")
MAX_CLUB_LENGTH = _max_length(Club, "name")
MAX_TOURNAMENT_NAME_LENGTH = _max_length(Tournament, "name")


class TournamentImportError(Exception):
    """Raised with the :class:`ImportProblem` of a played concours, or with several (a
    matches.csv reports every bad row, RULES.md §G); nothing has been saved.

    Attributes:
        problem: the first problem, in the file's order.
        problems: every problem found, ``problem`` first, by line.
    """

    def __init__(self, problem: ImportProblem, *more: ImportProblem) -> None:
        super().__init__(
            "; ".join(
                f"{each.file}:{each.line}: {each.column}: {each.code}" for each in (problem, *more)
            )
        )
        self.problem = problem
        self.problems = (problem, *more)


class CellError(Exception):
    """A bad cell of the line being read: its column, the code and the message params."""

    def __init__(self, column: str, code: str, **params: str | int) -> None:
        super().__init__(code)
        self.column = column
        self.code = code
        self.params = params


def read_rows(path: Path, required: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield ``(line, row)`` for each non-blank record of a CSV file, read by
    :mod:`tournaments.importing.text` (its encodings and delimiters).

    The header is the first non-blank record; its names are stripped and lower-cased,
    and a row maps them to its cells ("" for a missing cell). Raises
    TournamentImportError ``file`` when the file cannot be read, ``columns`` when a
    required column is missing and ``csv`` for a line the csv module refuses (a cell over
    its 131072-character limit).
    """
    try:
        text = decode_text(path.read_bytes())
    except OSError:
        raise TournamentImportError(ImportProblem(path.name, 0, "", "file")) from None
    records = read_records(text)
    try:
        header_line, cells = next(records, (1, []))
        header = [name.strip().lower() for name in cells]
        missing = [name for name in required if name not in header]
        if missing:
            raise TournamentImportError(
                ImportProblem(
                    path.name, header_line, missing[0], "columns", {"columns": ", ".join(missing)}
                )
            )
        for line, values in records:
            padded = values + [""] * (len(header) - len(values))
            yield line, dict(zip(header, padded, strict=False))
    except UnreadableRecord as unreadable:
        raise TournamentImportError(ImportProblem(path.name, unreadable.line, "", "csv")) from None


def whole_number(row: dict[str, str], column: str, limit: int, code: str = "too_large") -> int:
    """Return the cell as a whole number from 1 to ``limit``
    (:func:`tournaments.importing.text.parse_whole_number`).

    Raises CellError ``number``, or ``code`` (params: limit) above the limit.
    """
    try:
        return parse_whole_number(row[column], limit)
    except NotAWholeNumber:
        raise CellError(column, "number") from None
    except NumberAboveLimit:
        raise CellError(column, code, limit=limit) from None


def name_cell(text: str, column: str, limit: int) -> str:
    """Return a name cleaned by :func:`tournaments.text.clean_name`, as the forms clean
    it: spaces collapsed and trimmed, control and invisible characters dropped; empty
    when nothing is left.

    Raises CellError ``nul`` for a NUL character (a sign of a binary or broken file)
    and ``too_long`` (params: limit) past ``limit`` characters, the database's maximum.
    """
    if "\x00" in text:
        raise CellError(column, "nul")
    name = clean_name(text)
    if len(name) > limit:
        raise CellError(column, "too_long", limit=limit)
    return name


@dataclass
class MatchRows:
    """One match of deals.csv: its two team numbers, its first line, and its deals as
    ``(line, deal number, entry)``, in the file's order."""

    team_a: int
    team_b: int
    line: int
    deals: list[tuple[int, int, DealEntry]] = field(default_factory=list)

    def line_of(self, deal_number: int) -> int:
        """Return the line of deal ``deal_number``; raise KeyError when it has none."""
        for line, number, _ in self.deals:
            if number == deal_number:
                return line
        raise KeyError(deal_number)


def check_option(text: str, option: str, limit: int, blank: str, too_long: str) -> str:
    """Return the tournament or club name cleaned as a file's names are; raise
    TournamentImportError ``blank`` when nothing is left, ``too_long`` past ``limit``."""
    try:
        cleaned = name_cell(text, option, limit)
    except CellError as error:
        code = too_long if error.code == "too_long" else error.code
        raise TournamentImportError(ImportProblem("", 0, option, code, error.params)) from None
    if not cleaned:
        raise TournamentImportError(ImportProblem("", 0, option, blank))
    return cleaned


def read_teams(path: Path) -> dict[int, TeamData]:
    """Check teams.csv; return each team, cleaned, by team number (its optional ``club``
    and ``name`` columns too: the team's club and its name).

    Raises TournamentImportError for the first bad line, as the registration service
    would refuse it (a missing player, a number or a pair twice), or ``no_teams``.
    """
    teams: dict[int, TeamData] = {}
    pairs: dict[frozenset[str], int] = {}  # pair -> its first line
    for line, row in read_rows(path, TEAM_COLUMNS):
        try:
            number = whole_number(row, "number", MAX_TEAM_NUMBER)
            if number in teams:
                raise CellError("number", "duplicate_number", number=number)
            player_1 = name_cell(row["player_1"], "player_1", MAX_PLAYER_LENGTH)
            player_2 = name_cell(row["player_2"], "player_2", MAX_PLAYER_LENGTH)
            for column, player in (("player_1", player_1), ("player_2", player_2)):
                if not player:
                    raise CellError(column, "missing_player")
            club = name_cell(row.get("club", ""), "club", MAX_CLUB_LENGTH)
            name = name_cell(row.get("name", ""), "name", MAX_TEAM_NAME_LENGTH)
            first_line = pairs.setdefault(pair_key(player_1, player_2), line)
            if first_line != line:
                raise CellError("", "same_pair", line=first_line)
        except CellError as error:
            raise TournamentImportError(
                ImportProblem(path.name, line, error.column, error.code, error.params)
            ) from None
        teams[number] = TeamData(player_1, player_2, club=club, number=number, name=name)
    if len(teams) < MIN_TEAMS:
        raise TournamentImportError(
            ImportProblem(path.name, 0, "", "no_teams", {"count": len(teams), "minimum": MIN_TEAMS})
        )
    return teams


def read_deals(
    path: Path, teams: dict[int, TeamData], rules: scoring.RuleSet
) -> dict[tuple[int, int], MatchRows]:
    """Check deals.csv, each deal through the engine; return its deals by (round, table).

    Rounds must run from 1 with no gap: an empty round would put every team on a bye.
    """
    matches: dict[tuple[int, int], MatchRows] = {}
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # round -> team -> table
    first_lines: dict[int, int] = {}  # round -> its first line
    for line, row in read_rows(path, DEAL_FILE_COLUMNS):
        try:
            round_number = _read_deal(row, teams, rules, matches, seated, line)
        except CellError as error:
            raise TournamentImportError(
                ImportProblem(path.name, line, error.column, error.code, error.params)
            ) from None
        except scoring.InvalidDeal as invalid:
            deal_error = invalid.error
            raise TournamentImportError(
                ImportProblem(
                    path.name,
                    line,
                    deal_error.field,
                    deal_error.code.value,
                    dict(deal_error.params),
                    deal_error,
                )
            ) from None
        first_lines.setdefault(round_number, line)
    if not matches:
        raise TournamentImportError(ImportProblem(path.name, 0, "", "no_deals"))
    for number in range(1, max(first_lines)):
        if number not in first_lines:
            later = min(line for round_, line in first_lines.items() if round_ > number)
            raise TournamentImportError(
                ImportProblem(path.name, later, "round", "missing_round", {"number": number})
            )
    return matches


def _read_deal(
    row: dict[str, str],
    teams: dict[int, TeamData],
    rules: scoring.RuleSet,
    matches: dict[tuple[int, int], MatchRows],
    seated: dict[int, dict[int, int]],
    line: int,
) -> int:
    """Check one line of deals.csv, add its deal to ``matches`` and return its round.

    Raises CellError for the file's own columns and scoring.InvalidDeal (RULES.md §B6)
    for the deal inputs.
    """
    round_number = whole_number(row, "round", MAX_ROUNDS, "too_many_rounds")
    table = whole_number(row, "table", MAX_TABLE)
    team_a = whole_number(row, "team_a", MAX_TEAM_NUMBER)
    team_b = whole_number(row, "team_b", MAX_TEAM_NUMBER)
    deal_number = whole_number(row, "deal", MAX_DEAL_NUMBER)
    taker_team = whole_number(row, "taker_team", MAX_TEAM_NUMBER)
    for column, team in (("team_a", team_a), ("team_b", team_b)):
        if team not in teams:
            raise CellError(column, "unknown_team", number=team)
    if team_a == team_b:
        raise CellError("team_b", "same_team")
    match = matches.setdefault((round_number, table), MatchRows(team_a, team_b, line))
    if (match.team_a, match.team_b) != (team_a, team_b):
        raise CellError("table", "table_conflict", table=table)
    for column, team in (("team_a", team_a), ("team_b", team_b)):
        if seated[round_number].setdefault(team, table) != table:
            raise CellError(column, "team_twice", number=team)
    if taker_team not in (team_a, team_b):
        raise CellError("taker_team", "taker_team")
    passed = row["passed"].strip().lower()
    if passed not in ("yes", "no", "oui", "non"):
        raise CellError("passed", "passed")
    if any(number == deal_number for _, number, _ in match.deals):
        raise CellError("deal", "duplicate_deal", number=deal_number)
    deal = None
    if passed in ("no", "non"):
        deal = deal_from_row(row)
        # Checked now, before anything is written (RULES.md §B6).
        error = scoring.validate_deal(deal, rules)
        if error is not None:
            raise scoring.InvalidDeal(error)
    taker = TeamSide.A if taker_team == team_a else TeamSide.B
    match.deals.append((line, deal_number, DealEntry(taker, deal)))
    return round_number
