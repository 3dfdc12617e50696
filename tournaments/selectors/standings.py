"""Standings of a tournament, as pages, draws and exports read them (RULES.md §E)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet

import scoring
from tournaments.models import (
    Bye,
    Match,
    Ranking,
    Round,
    Team,
    Tournament,
)
from tournaments.selectors.results import UNCONFIRMED
from tournaments.standings import (
    MATCH_FIGURES_FIELDS,
    ByeCreditRule,
    ByeEntry,
    MatchEntry,
    MatchPoints,
    RankingKey,
    StandingRow,
    StandingsRules,
    TeamEntry,
    compute_standings,
)


@dataclass
class TeamFigures:
    """What players look for beside the ranking: best match total, belotes, capots,
    and coinches made (coinched or surcoinched deals the team defended and won)."""

    best_match_score: int = 0
    belotes: int = 0
    capots: int = 0
    coinches_made: int = 0


@dataclass(frozen=True)
class Standing:
    """A standings row with its team and figures, for pages, draws and exports."""

    row: StandingRow
    team: Team
    figures: TeamFigures = field(default_factory=TeamFigures)


def has_results(standings: Sequence[Standing] | Sequence[StandingLine]) -> bool:
    """Return True once a result counts in ``standings``: a team played a counted match
    or had a bye (RULES.md §E). Before that every team has 0 and the order is only the
    tie-breaks' (the random lot), so no rank is shown."""
    return any(standing.row.matches_played or standing.row.byes for standing in standings)


def counted_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return the tournament's matches that count in the standings: complete ones of
    published or closed rounds whose deals are all confirmed (RULES.md §E: a match
    with a deal pending or disputed, :data:`UNCONFIRMED`, counts for nobody yet)."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(is_finished=True) | Q(stopped_for_time_at__isnull=False))
        .exclude(deals__status__in=UNCONFIRMED)
    )


def standings_rules(*, tournament: Tournament) -> StandingsRules:
    """Return the standings settings of ``tournament`` (RULES.md §E).

    Ranking by match points orders by them, then by total scored points, then the
    tie-breaks; the match points of the other rankings are zeros (not shown)."""
    first: tuple[RankingKey, ...]
    match_points = MatchPoints()
    if tournament.ranking == Ranking.WINS_THEN_POINTS:
        first = (RankingKey.MATCHES_WON, RankingKey.POINTS)
    elif tournament.ranking == Ranking.MATCH_POINTS:
        first = (RankingKey.MATCH_POINTS, RankingKey.POINTS)
        match_points = MatchPoints(
            win=tournament.match_points_win,
            draw=tournament.match_points_draw,
            loss=tournament.match_points_loss,
            bye=tournament.match_points_bye,
        )
    else:
        first = (RankingKey.POINTS,)
    tie_breaks = [RankingKey(key) for key in tournament.tie_break_keys]
    order = (*first, *(key for key in tie_breaks if key not in first), RankingKey.LOT)
    return StandingsRules(
        order=order,
        bye_credit=ByeCreditRule(tournament.bye_credit),
        bye_credit_value=tournament.bye_credit_value,
        nominal_match_total=scoring.nominal_match_total(tournament.engine_match_format),
        bye_counts_as_win=tournament.bye_counts_as_win,
        match_points=match_points,
    )


def _team_figures(matches: list[tuple]) -> dict[int, TeamFigures]:
    """Return each team's figures from its counted ``matches``: id, round number, teams,
    totals, then the match's figures (:data:`MATCH_FIGURES_FIELDS`, stored on the match
    whenever its deals are scored, services.scores.replay_match).

    No query: the figures used to be added up over the matches' deals (2,700 for 150
    teams), about a quarter of the standings' time (BENCHMARKS.md).
    """
    figures: dict[int, TeamFigures] = defaultdict(TeamFigures)
    best: dict[int, int] = {}
    for (
        _,
        _,
        team_a,
        team_b,
        total_a,
        total_b,
        belotes_a,
        belotes_b,
        capots_a,
        capots_b,
        made_a,
        made_b,
    ) in matches:
        for team, total, belotes, capots, made in (
            (team_a, total_a, belotes_a, capots_a, made_a),
            (team_b, total_b, belotes_b, capots_b, made_b),
        ):
            team_figures = figures[team]
            best[team] = max(best.get(team, total), total)
            team_figures.belotes += belotes
            team_figures.capots += capots
            team_figures.coinches_made += made
    for team, total in best.items():
        figures[team].best_match_score = total
    return figures


@dataclass(frozen=True, slots=True)
class TeamLine:
    """What the public standings show of a team, read as values, not as a model: its
    number, name ("" when it has none), players and club name (None when it has none)."""

    number: int
    name: str
    player_1: str
    player_2: str
    club_name: str | None

    @property
    def players(self) -> str:
        """Return both player names as :attr:`Team.players` writes them."""
        return f"{self.player_1} / {self.player_2}"


@dataclass(frozen=True, slots=True)
class StandingLine:
    """A standings row with what the public page shows of its team, and its figures."""

    row: StandingRow
    team: TeamLine
    figures: TeamFigures


def tournament_standings(*, tournament: Tournament) -> list[Standing]:
    """Return the ranked standings of ``tournament``, one per team, in three queries.

    Withdrawn teams rank after the active ones (RULES.md §E); only complete matches count.
    """
    teams = list(
        Team.objects.filter(tournament=tournament).select_related("club").order_by("number")
    )
    entries = [
        TeamEntry(team.pk, team.number, is_withdrawn=team.is_withdrawn, lot=team.lot)
        for team in teams
    ]
    by_id = {team.pk: team for team in teams}
    return [
        Standing(row, by_id[row.team_id], figures)
        for row, figures in _ranked_rows(tournament, entries)
    ]


def standings_lines(*, tournament: Tournament) -> list[StandingLine]:
    """Return the ranked standings of ``tournament`` as :func:`tournament_standings`
    does (the same rows, queries and order), each team read as a :class:`TeamLine`.

    The public page's standings read these: every phone of the hall asks for them after
    each result, and making 150 teams and their clubs into models took about 2 ms of
    the page's 20 or so, their values 0.7 (BENCHMARKS.md). Draws, exports and the
    projector read the models.
    """
    teams = list(
        Team.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list(
            "pk",
            "number",
            "withdrawn_from_round",
            "lot",
            "name",
            "player_1",
            "player_2",
            "club__name",
        )
    )
    entries = [
        TeamEntry(pk, number, is_withdrawn=withdrawn is not None, lot=lot)
        for pk, number, withdrawn, lot, *_ in teams
    ]
    by_id = {values[0]: TeamLine(values[1], *values[4:]) for values in teams}
    return [
        StandingLine(row, by_id[row.team_id], figures)
        for row, figures in _ranked_rows(tournament, entries)
    ]


def _ranked_rows(
    tournament: Tournament, teams: list[TeamEntry]
) -> list[tuple[StandingRow, TeamFigures]]:
    """Return the ranked rows of ``teams`` (RULES.md §E) with each team's figures, in
    two queries (counted matches with their figures, byes)."""
    matches = list(
        counted_matches(tournament=tournament).values_list(
            "pk",
            "round__number",
            "team_a_id",
            "team_b_id",
            "total_a",
            "total_b",
            *MATCH_FIGURES_FIELDS,
        )
    )
    byes = list(
        Bye.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "team_id")
    )
    if not teams:
        # A mêlée's matches are between the pairs of each partie, no registered team:
        # its standings are individual (selectors.melee_standings, RULES.md §H).
        return []
    rows = compute_standings(
        teams,
        [MatchEntry(*values[1:6]) for values in matches],
        [ByeEntry(*values) for values in byes],
        standings_rules(tournament=tournament),
    )
    figures = _team_figures(matches)
    return [(row, figures[row.team_id]) for row in rows]
