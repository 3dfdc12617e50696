"""Reads of the tournaments app (STYLE.md §3): named for what they return, tuned here.

Pages, tables, exports and commands read only from these functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from tournaments.models import Bye, Deal, Match, Ranking, Round, Team, Tournament
from tournaments.standings import (
    DEFAULT_ORDER,
    ByeCreditRule,
    ByeEntry,
    MatchEntry,
    RankingKey,
    StandingRow,
    StandingsRules,
    TeamEntry,
    compute_standings,
)

#: Scored points of one deal's cards, used for a bye's "half of a nominal match".
NOMINAL_DEAL_POINTS = 162


@dataclass(frozen=True)
class Standing:
    """A standings row with its team, for pages and exports."""

    row: StandingRow
    team: Team


def counted_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return the tournament's matches that count in the standings: complete ones."""
    return Match.objects.filter(round__tournament=tournament).filter(
        Q(is_finished=True) | Q(closed_at__isnull=False)
    )


def standings_rules(*, tournament: Tournament) -> StandingsRules:
    """Return the standings settings of ``tournament`` (RULES.md §E)."""
    if tournament.ranking == Ranking.WINS_THEN_POINTS:
        order = (RankingKey.MATCHES_WON, RankingKey.POINTS, *DEFAULT_ORDER[2:])
    else:
        order = DEFAULT_ORDER
    if tournament.match_format == "target":
        nominal = tournament.match_format_value
    else:
        nominal = tournament.match_format_value * NOMINAL_DEAL_POINTS
    return StandingsRules(
        order=order,
        bye_credit=ByeCreditRule(tournament.bye_credit),
        bye_credit_value=tournament.bye_credit_value,
        nominal_match_total=nominal,
        bye_counts_as_win=tournament.bye_counts_as_win,
    )


def tournament_standings(*, tournament: Tournament) -> list[Standing]:
    """Return the ranked standings of ``tournament``, one per team, in three queries."""
    teams = list(
        Team.objects.filter(tournament=tournament).select_related("club").order_by("number")
    )
    matches = counted_matches(tournament=tournament).values_list(
        "round__number", "team_a_id", "team_b_id", "total_a", "total_b"
    )
    byes = Bye.objects.filter(round__tournament=tournament).values_list("round__number", "team_id")
    rows = compute_standings(
        [TeamEntry(team.pk, team.number, lot=team.lot) for team in teams],
        [MatchEntry(*values) for values in matches],
        [ByeEntry(*values) for values in byes],
        standings_rules(tournament=tournament),
    )
    by_id = {team.pk: team for team in teams}
    return [Standing(row, by_id[row.team_id]) for row in rows]


def tournament_rounds(*, tournament: Tournament) -> QuerySet[Round]:
    """Return the rounds of ``tournament`` in order (the tournament joined, for their URLs)."""
    return (
        Round.objects.filter(tournament=tournament).select_related("tournament").order_by("number")
    )


def round_matches(*, round: Round) -> QuerySet[Match]:
    """Return the matches of ``round`` by table, with both teams joined."""
    return (
        Match.objects.filter(round=round)
        .select_related("team_a", "team_b")
        .order_by("table_number")
    )


def round_byes(*, round: Round) -> QuerySet[Bye]:
    """Return the byes of ``round`` with their teams."""
    return Bye.objects.filter(round=round).select_related("team").order_by("team__number")


def tournament_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return every match of ``tournament`` by round and table, with teams and round."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "table_number")
    )


def match_deals(*, match: Match) -> QuerySet[Deal]:
    """Return the deals of ``match`` in order."""
    return Deal.objects.filter(match=match).order_by("deal_number")
