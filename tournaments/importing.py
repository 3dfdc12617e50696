"""Import a played concours from ``teams.csv`` and ``deals.csv`` (RULES.md §F layout).

The import is atomic: the first bad row stops it with the file, the line, the field
and an error code, and nothing is saved. Deals go through
:func:`tournaments.services.record_deal`, like the web form.
"""

from __future__ import annotations

import csv
import datetime
import io
import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

import scoring
from scoring.matches import MatchFormat
from scoring.rows import DEAL_COLUMNS, deal_from_row
from tournaments.models import Bye, Club, Match, Round, Team, Tournament
from tournaments.services import ServiceError, record_deal
from tournaments.services.registration import LOT_RANGE
from tournaments.services.setup import unique_slug

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


@dataclass(frozen=True)
class ImportProblem:
    """Where and why an import stopped: file name, line (1 = header), field, code.

    Codes are the §B6 codes of RULES.md for deal inputs, and for the files:
    ``file`` (unreadable), ``columns`` (missing columns), ``number`` (not a whole
    number ≥ 1), ``duplicate_number``, ``missing_player``, ``unknown_team``,
    ``same_team``, ``table_conflict``, ``team_twice``, ``duplicate_deal``, ``taker_team``,
    ``passed``, ``match_finished``, ``tournament_exists``, ``name``. For a deal the engine
    rejects, ``error`` holds the engine's :class:`scoring.DealError`.
    """

    file: str
    line: int
    field: str
    code: str
    params: tuple[tuple[str, str | int], ...] = ()
    error: scoring.DealError | None = None


class ConcoursImportError(Exception):
    """Raised with the first :class:`ImportProblem`; nothing has been saved."""

    def __init__(self, problem: ImportProblem) -> None:
        super().__init__(f"{problem.file}:{problem.line}: {problem.field}: {problem.code}")
        self.problem = problem


def decode_text(data: bytes) -> str:
    """Decode a file as French spreadsheets write it: UTF-8 (with or without BOM), else
    Windows-1252."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_csv(path: Path, required: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield ``(line number, row)`` from a CSV separated by ``,`` or ``;``.

    Header names are stripped and lower-cased. Raises ConcoursImportError ``file`` when
    the file cannot be read and ``columns`` when a required column is missing.
    """
    try:
        text = decode_text(path.read_bytes())
    except OSError:
        raise ConcoursImportError(ImportProblem(path.name, 0, "", "file")) from None
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header = [name.strip().lower() for name in next(reader, [])]
    missing = [name for name in required if name not in header]
    if missing:
        raise ConcoursImportError(
            ImportProblem(path.name, 1, missing[0], "columns", (("columns", ", ".join(missing)),))
        )
    for values in reader:
        if not any(value.strip() for value in values):
            continue
        padded = values + [""] * (len(header) - len(values))
        yield reader.line_num, dict(zip(header, padded, strict=False))


def _whole_number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and int(text) >= 1 else None


@dataclass
class _MatchRows:
    team_a: int
    team_b: int
    line: int
    deals: list[tuple[int, int, dict[str, str]]] = field(default_factory=list)


def import_concours(
    *,
    directory: Path,
    name: str,
    rules_preset: str,
    now: datetime.datetime,
    rng: random.Random,
    match_format: MatchFormat | None = None,
    date: datetime.date | None = None,
    club: Club | None = None,
) -> Tournament:
    """Create a tournament from ``directory``/teams.csv and deals.csv and score every deal.

    Rounds are created closed, matches with their deals recorded through the engine; a
    registered team with no table in a round gets that round's bye (RULES.md §E, §F).
    ``match_format`` defaults to 12 deals. ``rng`` draws each team's lot (last tie-break).

    Raises ConcoursImportError with the first problem found; nothing is saved then.
    """
    name = name.strip()
    if not name:
        raise ConcoursImportError(ImportProblem("", 0, "name", "name"))
    try:
        rules = scoring.get_ruleset(rules_preset)
    except scoring.InvalidDeal:
        raise ConcoursImportError(
            ImportProblem("", 0, "ruleset", "ruleset", (("ruleset", rules_preset),))
        ) from None
    match_format = match_format or MatchFormat(scoring.FormatKind.DEALS, 12)
    teams = _read_teams(directory / "teams.csv")
    matches = _read_deals(directory / "deals.csv", teams)
    with transaction.atomic():
        if Tournament.objects.filter(name=name).exists():
            raise ConcoursImportError(ImportProblem("", 0, "name", "tournament_exists"))
        tournament = Tournament.objects.create(
            club=club,
            name=name,
            slug=unique_slug(name),
            date=date or now.date(),
            rules_preset=rules.id,
            rules_version=rules.version,
            match_format=match_format.kind.value,
            match_format_value=match_format.value,
            number_of_rounds=max((key[0] for key in matches), default=1),
        )
        team_rows = _create_teams(tournament, teams, rng)
        _create_rounds(tournament, team_rows, matches, now)
    return tournament


def _read_teams(path: Path) -> dict[int, dict[str, str]]:
    teams: dict[int, dict[str, str]] = {}
    for line, row in read_csv(path, TEAM_COLUMNS):
        number = _whole_number(row["number"])
        if number is None:
            raise ConcoursImportError(ImportProblem(path.name, line, "number", "number"))
        if number in teams:
            raise ConcoursImportError(
                ImportProblem(path.name, line, "number", "duplicate_number", (("number", number),))
            )
        for column in ("player_1", "player_2"):
            if not row[column].strip():
                raise ConcoursImportError(ImportProblem(path.name, line, column, "missing_player"))
        teams[number] = {
            "player_1": row["player_1"].strip(),
            "player_2": row["player_2"].strip(),
            "club": row.get("club", "").strip(),
        }
    return teams


def _read_deals(path: Path, teams: dict[int, dict[str, str]]) -> dict[tuple[int, int], _MatchRows]:
    """Check the structure of deals.csv; return its deals grouped by (round, table)."""
    matches: dict[tuple[int, int], _MatchRows] = {}
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # round -> team -> table

    def fail(line: int, column: str, code: str, **params: str | int) -> ConcoursImportError:
        return ConcoursImportError(
            ImportProblem(path.name, line, column, code, tuple(params.items()))
        )

    for line, row in read_csv(path, DEAL_FILE_COLUMNS):
        numbers = {}
        for column in ("round", "table", "team_a", "team_b", "deal", "taker_team"):
            numbers[column] = _whole_number(row[column])
            if numbers[column] is None:
                raise fail(line, column, "number")
        round_number, table = numbers["round"], numbers["table"]
        team_a, team_b = numbers["team_a"], numbers["team_b"]
        for column in ("team_a", "team_b"):
            if numbers[column] not in teams:
                raise fail(line, column, "unknown_team", number=numbers[column])
        if team_a == team_b:
            raise fail(line, "team_b", "same_team")
        match = matches.setdefault((round_number, table), _MatchRows(team_a, team_b, line))
        if (match.team_a, match.team_b) != (team_a, team_b):
            raise fail(line, "table", "table_conflict", table=table)
        for column, team in (("team_a", team_a), ("team_b", team_b)):
            if seated[round_number].setdefault(team, table) != table:
                raise fail(line, column, "team_twice", number=team)
        taker_team = numbers["taker_team"]
        if taker_team not in (team_a, team_b):
            raise fail(line, "taker_team", "taker_team")
        passed = row["passed"].strip().lower()
        if passed not in ("yes", "no", "oui", "non"):
            raise fail(line, "passed", "passed")
        if any(number == numbers["deal"] for _, number, _ in match.deals):
            raise fail(line, "deal", "duplicate_deal", number=numbers["deal"])
        row["taker"] = "A" if taker_team == team_a else "B"
        row["is_passed"] = "yes" if passed in ("yes", "oui") else "no"
        match.deals.append((line, numbers["deal"], row))
    return matches


def _create_teams(
    tournament: Tournament, teams: dict[int, dict[str, str]], rng: random.Random
) -> dict[int, Team]:
    clubs: dict[str, Club] = {}
    rows = {}
    for number, data in sorted(teams.items()):
        club = None
        if data["club"]:
            club = clubs.get(data["club"])
            if club is None:
                club, _ = Club.objects.get_or_create(name=data["club"])
                clubs[data["club"]] = club
        team = Team(
            tournament=tournament,
            number=number,
            player_1=data["player_1"],
            player_2=data["player_2"],
            club=club,
            lot=rng.randrange(LOT_RANGE),
            is_checked_in=True,
        )
        team.full_clean(validate_unique=False, validate_constraints=False)
        rows[number] = team
    Team.objects.bulk_create(rows.values())
    return {team.number: team for team in Team.objects.filter(tournament=tournament)}


def _create_rounds(
    tournament: Tournament,
    teams: dict[int, Team],
    matches: dict[tuple[int, int], _MatchRows],
    now: datetime.datetime,
) -> None:
    for round_number in range(1, tournament.number_of_rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=round_number, status=Round.Status.CLOSED
        )
        seated = set()
        tables = sorted(key[1] for key in matches if key[0] == round_number)
        for table in tables:
            rows = matches[(round_number, table)]
            match = Match.objects.create(
                round=round_,
                table_number=table,
                team_a=teams[rows.team_a],
                team_b=teams[rows.team_b],
            )
            seated.update((rows.team_a, rows.team_b))
            for line, number, row in sorted(rows.deals, key=lambda item: item[1]):
                _record(match, line, number, row, now)
        Bye.objects.bulk_create(
            Bye(round=round_, team=team) for number, team in teams.items() if number not in seated
        )


def _record(match: Match, line: int, number: int, row: dict[str, str], now) -> None:
    deal = None if row["is_passed"] == "yes" else deal_from_row(row)
    try:
        record_deal(match=match, taker=row["taker"], deal=deal, deal_number=number, now=now)
    except scoring.InvalidDeal as invalid:
        error = invalid.error
        column = error.field
        raise ConcoursImportError(
            ImportProblem("deals.csv", line, column, error.code.value, error.params, error)
        ) from None
    except ServiceError as refusal:
        raise ConcoursImportError(ImportProblem("deals.csv", line, "deal", refusal.code)) from None
