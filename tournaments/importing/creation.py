"""Create a played concours from its files: the tournament, its teams, rounds, matches,
byes and deals (or each table's totals), in one transaction, through the services the
site uses.

The files are read and checked first (:mod:`tournaments.importing.reading`, and
:mod:`tournaments.importing.match_totals` for a folder that gives each table's totals,
RULES.md §G). Then :func:`tournaments.services.create_tournament` creates the tournament,
:func:`tournaments.services.register_teams` its teams, and
:func:`tournaments.services.record_played_round` each round as the file gives it, every
match's deals recorded at once (:func:`tournaments.services.record_deals`), or its
totals (:func:`tournaments.services.record_match_totals`).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping
from pathlib import Path

from django.db import transaction

import scoring
from scoring.matches import MatchFormat
from tournaments import services
from tournaments.importing.match_totals import TotalsRow, read_match_totals
from tournaments.importing.melee import (
    MeleeDealRows,
    MeleeTotalsRow,
    read_melee_deals,
    read_melee_matches,
    read_players,
)
from tournaments.importing.problems import ImportProblem
from tournaments.importing.reading import (
    MAX_CLUB_LENGTH,
    MAX_DEAL_NUMBER,
    MAX_TARGET,
    MAX_TOURNAMENT_NAME_LENGTH,
    MatchRows,
    TournamentImportError,
    check_option,
    read_deals,
    read_teams,
)
from tournaments.models import Team, TeamData, Tournament

TEAM_FILE = "teams.csv"
#: A mêlée's players, registered alone (RULES.md §H).
PLAYER_FILE = "players.csv"
DEAL_FILE = "deals.csv"
#: Each table's totals instead of its deals (RULES.md §G).
MATCH_FILE = "matches.csv"


def import_played_tournament(
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
    """Create a tournament from ``directory``/teams.csv and deals.csv and score every deal,
    or from teams.csv and matches.csv, each table's totals (RULES.md §G).

    Rounds are created closed, matches with their deals recorded through the engine (or
    their totals, checked by the sheet's counts where the file gives them); a registered
    team with no table in a round gets that round's bye (RULES.md §E, §F, §G).
    ``match_format`` defaults to 12 deals. ``rng`` draws each team's lot (last tie-break),
    in team number order. ``club`` names the organising club, found or created in the
    same transaction. The teams are registered present, from round 1.

    Every file is checked before anything is written. Raises TournamentImportError with
    the first problem found (``both_files`` for a folder with deals.csv and matches.csv,
    ``no_results`` for one with neither); nothing is saved then, not even the club.
    """
    name = check_option(name, "name", MAX_TOURNAMENT_NAME_LENGTH, "name", "name_too_long")
    try:
        rules = scoring.get_ruleset(rules_preset)
    except scoring.InvalidDeal:
        raise TournamentImportError(
            ImportProblem("", 0, "ruleset", "ruleset", {"ruleset": rules_preset})
        ) from None
    match_format = match_format or MatchFormat(scoring.FormatKind.DEALS, 12)
    format_limit = MatchFormat(
        match_format.kind,
        MAX_DEAL_NUMBER if match_format.kind is scoring.FormatKind.DEALS else MAX_TARGET,
    )
    if match_format.value > format_limit.value:
        raise TournamentImportError(
            ImportProblem("", 0, "format", "format_limit", {"format": str(format_limit)})
        )
    if club is not None:
        club = check_option(club, "club", MAX_CLUB_LENGTH, "club_name", "club_too_long")
    if (directory / PLAYER_FILE).is_file():
        if (directory / TEAM_FILE).is_file():
            raise TournamentImportError(ImportProblem("", 0, "", "teams_and_players"))
        return _import_melee(directory, name, rules, match_format, date, club, now, rng)
    teams = read_teams(directory / TEAM_FILE)
    matches = _read_results(directory, teams, rules, match_format)
    with transaction.atomic():
        settings = {
            "name": name,
            "date": date or now.date(),
            "rules_preset": rules.id,
            "rules_version": rules.version,
            "match_format": match_format.kind.value,
            "match_format_value": match_format.value,
            "number_of_rounds": max(round_number for round_number, _ in matches),
        }
        organiser = None if club is None else services.register_club(name=club)
        try:
            tournament = services.create_tournament(club=organiser, settings=settings)
        except services.ServiceError as refusal:
            if refusal.code is not services.Refusal.TOURNAMENT_EXISTS:
                raise
            raise TournamentImportError(ImportProblem("", 0, "name", "tournament_exists")) from None
        registered = services.register_teams(
            tournament=tournament, teams=[teams[number] for number in sorted(teams)], rng=rng
        )
        services.check_in_all(tournament=tournament)
        by_number = {team.number: team for team in registered}
        for round_number in range(1, tournament.number_of_rounds + 1):
            played = {
                table: rows for (number, table), rows in matches.items() if number == round_number
            }
            _record_round(tournament, by_number, played, now)
    return tournament


def _create(
    name: str,
    rules: scoring.RuleSet,
    match_format: MatchFormat,
    date: datetime.date | None,
    club: str | None,
    now: datetime.datetime,
    rounds: int,
) -> Tournament:
    """Create the tournament (and its club) of an import, in the caller's transaction.

    Raises TournamentImportError ``tournament_exists``.
    """
    settings = {
        "name": name,
        "date": date or now.date(),
        "rules_preset": rules.id,
        "rules_version": rules.version,
        "match_format": match_format.kind.value,
        "match_format_value": match_format.value,
        "number_of_rounds": rounds,
    }
    organiser = None if club is None else services.register_club(name=club)
    try:
        return services.create_tournament(club=organiser, settings=settings)
    except services.ServiceError as refusal:
        if refusal.code is not services.Refusal.TOURNAMENT_EXISTS:
            raise
        raise TournamentImportError(ImportProblem("", 0, "name", "tournament_exists")) from None


def _import_melee(
    directory: Path,
    name: str,
    rules: scoring.RuleSet,
    match_format: MatchFormat,
    date: datetime.date | None,
    club: str | None,
    now: datetime.datetime,
    rng: random.Random,
) -> Tournament:
    """Create a played mêlée from players.csv and deals.csv or matches.csv (RULES.md §H).

    The players are registered present with lot 0: in an imported mêlée the recorded
    random draw is the player number, lowest first (§H). Each partie is recorded by
    :func:`tournaments.services.record_played_melee_round`; a player with no seat sat out.
    Raises TournamentImportError ``both_files`` or ``no_results`` (deals.csv and
    matches.csv, or neither), ``match_finished`` on the line of a deal after the end of
    its match, and the readers' problems.
    """
    players = read_players(directory / PLAYER_FILE)
    has_deals = (directory / DEAL_FILE).is_file()
    has_totals = (directory / MATCH_FILE).is_file()
    if has_deals and has_totals:
        raise TournamentImportError(ImportProblem("", 0, "", "both_files"))
    if not has_deals and not has_totals:
        raise TournamentImportError(ImportProblem("", 0, "", "no_results"))
    matches: Mapping[tuple[int, int], MeleeDealRows | MeleeTotalsRow] = (
        read_melee_deals(directory / DEAL_FILE, players, rules)
        if has_deals
        else read_melee_matches(directory / MATCH_FILE, players, rules, match_format)
    )
    with transaction.atomic():
        rounds = max(round_number for round_number, _ in matches)
        tournament = _create(name, rules, match_format, date, club, now, rounds)
        registered = services.register_melee_players(
            tournament=tournament, players=[players[n] for n in sorted(players)], rng=None
        )
        by_number = {player.number: player for player in registered}
        for round_number in range(1, rounds + 1):
            played = {
                table: rows for (number, table), rows in matches.items() if number == round_number
            }
            tables = [
                services.PlayedMeleeTable(
                    table_number=table,
                    pair_a=(by_number[rows.pair_a[0]], by_number[rows.pair_a[1]]),
                    pair_b=(by_number[rows.pair_b[0]], by_number[rows.pair_b[1]]),
                    totals=rows.totals if isinstance(rows, MeleeTotalsRow) else None,
                    entries=(
                        tuple((number, entry) for _, number, entry in rows.deals)
                        if isinstance(rows, MeleeDealRows)
                        else ()
                    ),
                )
                for table, rows in sorted(played.items())
            ]
            try:
                services.record_played_melee_round(tournament=tournament, tables=tables, now=now)
            except services.ServiceError as refusal:
                table, number = refusal.params.get("table"), refusal.params.get("number")
                rows = played.get(table) if isinstance(table, int) else None
                if (
                    refusal.code is not services.Refusal.MATCH_FINISHED
                    or not isinstance(rows, MeleeDealRows)
                    or not isinstance(number, int)
                ):
                    raise
                raise TournamentImportError(
                    ImportProblem(DEAL_FILE, rows.line_of(number), "deal", "match_finished")
                ) from None
    return tournament


def _read_results(
    directory: Path,
    teams: dict[int, TeamData],
    rules: scoring.RuleSet,
    match_format: MatchFormat,
) -> Mapping[tuple[int, int], MatchRows | TotalsRow]:
    """Read the folder's deals.csv, or its matches.csv (RULES.md §G), by (round, table).

    Raises TournamentImportError ``both_files`` or ``no_results`` when the folder holds
    both files or neither, and the reader's problems.
    """
    has_deals = (directory / DEAL_FILE).is_file()
    has_totals = (directory / MATCH_FILE).is_file()
    if has_deals and has_totals:
        raise TournamentImportError(ImportProblem("", 0, "", "both_files"))
    if has_totals:
        return read_match_totals(directory / MATCH_FILE, teams, rules, match_format)
    if not has_deals:
        raise TournamentImportError(ImportProblem("", 0, "", "no_results"))
    return read_deals(directory / DEAL_FILE, teams, rules)


def _played(
    table: int, rows: MatchRows | TotalsRow, teams: dict[int, Team]
) -> services.PlayedMatch:
    """Return a match of the files as record_played_round takes it."""
    if isinstance(rows, TotalsRow):
        return services.PlayedMatch(
            table_number=table,
            team_a=teams[rows.team_a],
            team_b=teams[rows.team_b],
            totals=rows.totals,
        )
    return services.PlayedMatch(
        table_number=table,
        team_a=teams[rows.team_a],
        team_b=teams[rows.team_b],
        entries=tuple((number, entry) for _, number, entry in rows.deals),
    )


def _record_round(
    tournament: Tournament,
    teams: dict[int, Team],
    matches: Mapping[int, MatchRows | TotalsRow],
    now: datetime.datetime,
) -> None:
    """Record the next round: ``matches`` by table, the bye for every team not seated.

    Raises TournamentImportError ``match_finished`` on the line of a deal that comes after
    the end of its match (RULES.md §C).
    """
    played = [_played(table, rows, teams) for table, rows in sorted(matches.items())]
    seated = {number for rows in matches.values() for number in (rows.team_a, rows.team_b)}
    byes = [team for number, team in sorted(teams.items()) if number not in seated]
    try:
        services.record_played_round(tournament=tournament, matches=played, byes=byes, now=now)
    except services.ServiceError as refusal:
        # record_deals names the deal after the end; record_played_round adds its table.
        table, number = refusal.params.get("table"), refusal.params.get("number")
        is_finished = refusal.code is services.Refusal.MATCH_FINISHED
        rows = matches.get(table) if isinstance(table, int) else None
        if not is_finished or not isinstance(rows, MatchRows) or not isinstance(number, int):
            raise
        line = rows.line_of(number)
        raise TournamentImportError(
            ImportProblem(DEAL_FILE, line, "deal", "match_finished")
        ) from None
