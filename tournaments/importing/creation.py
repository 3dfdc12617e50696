"""Create a played concours from its files: the tournament, its teams, rounds, matches,
byes and deals, in one transaction.

The files are read and checked first (:mod:`tournaments.importing.reading`); deals then
go through :func:`tournaments.services.record_deal`, like the web form.
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path

from django.db import transaction

import scoring
from scoring.matches import MatchFormat
from scoring.rows import deal_from_row
from tournaments.importing.reading import (
    MAX_CLUB_LENGTH,
    MAX_DEAL_NUMBER,
    MAX_TARGET,
    MAX_TOURNAMENT_NAME_LENGTH,
    ConcoursImportError,
    ImportProblem,
    MatchRows,
    check_option,
    read_deals,
    read_teams,
)
from tournaments.models import Bye, Club, DealEntry, Match, Round, Team, Tournament
from tournaments.services import ServiceError, record_deal
from tournaments.services.registration import LOT_RANGE
from tournaments.services.setup import unique_slug


def import_concours(
    *,
    directory: Path,
    name: str,
    rules_preset: str,
    now: datetime.datetime,
    rng: random.Random,
    match_format: MatchFormat | None = None,
    date: datetime.date | None = None,
    club: str | None = None,
) -> Tournament:
    """Create a tournament from ``directory``/teams.csv and deals.csv and score every deal.

    Rounds are created closed, matches with their deals recorded through the engine; a
    registered team with no table in a round gets that round's bye (RULES.md §E, §F).
    ``match_format`` defaults to 12 deals. ``rng`` draws each team's lot (last tie-break).
    ``club`` names the organising club, found or created in the same transaction.

    Every file is checked before anything is written. Raises ConcoursImportError with the
    first problem found; nothing is saved then, not even the club.
    """
    name = check_option(name, "name", MAX_TOURNAMENT_NAME_LENGTH, "name", "name_too_long")
    try:
        rules = scoring.get_ruleset(rules_preset)
    except scoring.InvalidDeal:
        raise ConcoursImportError(
            ImportProblem("", 0, "ruleset", "ruleset", (("ruleset", rules_preset),))
        ) from None
    match_format = match_format or MatchFormat(scoring.FormatKind.DEALS, 12)
    format_limit = MatchFormat(
        match_format.kind,
        MAX_DEAL_NUMBER if match_format.kind is scoring.FormatKind.DEALS else MAX_TARGET,
    )
    if match_format.value > format_limit.value:
        raise ConcoursImportError(
            ImportProblem("", 0, "format", "format_limit", (("format", str(format_limit)),))
        )
    if club is not None:
        club = check_option(club, "club", MAX_CLUB_LENGTH, "club_name", "club_too_long")
    teams = read_teams(directory / "teams.csv")
    matches = read_deals(directory / "deals.csv", teams, rules)
    with transaction.atomic():
        if Tournament.objects.filter(name=name).exists():
            raise ConcoursImportError(ImportProblem("", 0, "name", "tournament_exists"))
        tournament = Tournament.objects.create(
            club=Club.objects.get_or_create(name=club)[0] if club is not None else None,
            name=name,
            slug=unique_slug(name),
            date=date or now.date(),
            rules_preset=rules.id,
            rules_version=rules.version,
            match_format=match_format.kind.value,
            match_format_value=match_format.value,
            number_of_rounds=max(key[0] for key in matches),
        )
        team_rows = _create_teams(tournament, teams, rng)
        _create_rounds(tournament, team_rows, matches, now)
    return tournament


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
    matches: dict[tuple[int, int], MatchRows],
    now: datetime.datetime,
) -> None:
    for round_number in range(1, tournament.number_of_rounds + 1):
        # Published while its deals are recorded, closed once they all are.
        round_ = Round.objects.create(
            tournament=tournament, number=round_number, status=Round.Status.PUBLISHED
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
        round_.status = Round.Status.CLOSED
        round_.published_at = round_.closed_at = now
        round_.save(update_fields=["status", "published_at", "closed_at"])


def _record(match: Match, line: int, number: int, row: dict[str, str], now) -> None:
    # The engine already accepted the deal (_read_deal); the match may still be over.
    deal = None if row["is_passed"] == "yes" else deal_from_row(row)
    try:
        record_deal(match=match, entry=DealEntry(row["taker"], deal), deal_number=number, now=now)
    except ServiceError as refusal:
        raise ConcoursImportError(ImportProblem("deals.csv", line, "deal", refusal.code)) from None
