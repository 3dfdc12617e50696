"""Rounds and their draws: the matches, the byes, the pairing reasons, the tables' progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from django.db.models import Count, Q, QuerySet

from tournaments.models import (
    Bye,
    DealStatus,
    Match,
    Round,
    Team,
    Tournament,
)
from tournaments.selectors.results import ConfirmedTotals, with_confirmed_totals

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class DealCounts(ConfirmedTotals):
    """The deal counts :func:`round_progress` adds to each match, by status, beside its
    confirmed totals (:class:`~tournaments.selectors.results.ConfirmedTotals`)."""

    deals_entered: int
    deals_confirmed: int
    deals_pending: int
    deals_disputed: int


#: A match of :func:`round_progress`, with its :class:`DealCounts` as attributes.
MatchProgress: TypeAlias = "WithAnnotations[Match, DealCounts]"


def tournament_rounds(*, tournament: Tournament) -> QuerySet[Round]:
    """Return the rounds of ``tournament`` in order (the tournament joined, for their URLs)."""
    return (
        Round.objects.filter(tournament=tournament).select_related("tournament").order_by("number")
    )


def public_rounds(*, tournament: Tournament) -> QuerySet[Round]:
    """Return the published and closed rounds of ``tournament`` in order."""
    return tournament_rounds(tournament=tournament).exclude(status=Round.Status.DRAFT)


def draft_round(*, tournament: Tournament) -> Round | None:
    """Return the round of ``tournament`` whose draw is still a draft, or None."""
    return tournament.rounds.filter(status=Round.Status.DRAFT).first()


def published_round(*, tournament: Tournament) -> Round | None:
    """Return the round of ``tournament`` being played (published, not closed), or None."""
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).first()


def next_round(*, round: Round) -> Round | None:
    """Return the round drawn after ``round`` (a draft, published or closed), or None."""
    return Round.objects.filter(tournament_id=round.tournament_id, number=round.number + 1).first()


def is_in_draw(*, team: Team, round: Round) -> bool:
    """Return True when ``team`` has a table or the bye in the draw of ``round``."""
    return (
        Match.objects.filter(round=round).filter(Q(team_a=team) | Q(team_b=team)).exists()
        or Bye.objects.filter(round=round, team=team).exists()
    )


@dataclass(frozen=True)
class PairingLine:
    """A match of a round as the desk shows it, with why it was paired that way.

    ``skipped`` and ``avoided`` are team numbers (RULES.md §E, tournaments.pairing).
    """

    match: Match
    reason: str
    skipped: tuple[int, ...]
    avoided: tuple[int, ...]


def round_pairings(*, round: Round) -> list[PairingLine]:
    """Return the matches of ``round`` with their pairing reasons, team ids as numbers."""
    matches = list(round_matches(round=round))
    numbers = dict(
        Team.objects.filter(tournament_id=round.tournament_id).values_list("pk", "number")
    )
    return [
        PairingLine(
            match=match,
            reason=match.pairing_reason,
            skipped=tuple(numbers[t] for t in match.pairing_detail.get("skipped", ())),
            avoided=tuple(numbers[t] for t in match.pairing_detail.get("avoided", ())),
        )
        for match in matches
    ]


#: The players of both pairs of a match, joined to it: a mêlée's sheets and exports print
#: them at their seats (RULES.md §H). A doublettes match has no pair: the joins find none.
SEATED_PLAYERS = (
    "team_a__melee_pair__player_1",
    "team_a__melee_pair__player_2",
    "team_b__melee_pair__player_1",
    "team_b__melee_pair__player_2",
)


def round_progress(*, round: Round) -> QuerySet[MatchProgress]:
    """Return the matches of ``round`` with their deal counts by status, for the desk.

    ``deals_entered`` counts every recorded deal, passes included, so that it is the sum
    of ``deals_confirmed``, ``deals_pending`` and ``deals_disputed``; the match's
    confirmed totals come with them (:func:`~tournaments.selectors.results.with_confirmed_totals`).
    One query, with the round and tournament joined for each match's URL, and a mêlée
    pair's players (:data:`~tournaments.selectors.melee.SEATED_PLAYERS`, RULES.md §H).
    """
    return (
        with_confirmed_totals(round_matches(round=round))
        .select_related("round__tournament", *SEATED_PLAYERS)
        .annotate(
            deals_entered=Count("deals"),
            deals_confirmed=Count("deals", filter=Q(deals__status=DealStatus.CONFIRMED)),
            deals_pending=Count("deals", filter=Q(deals__status=DealStatus.PENDING)),
            deals_disputed=Count("deals", filter=Q(deals__status=DealStatus.DISPUTED)),
        )
    )


def round_matches(*, round: Round) -> QuerySet[Match]:
    """Return the matches of ``round`` by table, with both teams, the round and its
    tournament joined (``Match.is_paper`` reads the tournament's results mode)."""
    return (
        Match.objects.filter(round=round)
        .select_related("team_a", "team_b", "round__tournament")
        .order_by("table_number")
    )


def round_byes(*, round: Round) -> QuerySet[Bye]:
    """Return the byes of ``round`` with their teams."""
    return Bye.objects.filter(round=round).select_related("team").order_by("team__number")


def tournament_played_byes(*, tournament: Tournament) -> QuerySet[Bye]:
    """Return the byes of the published and closed rounds of ``tournament`` (a draft's
    are left out: it may be drawn again), by round and team number, with their teams
    and rounds."""
    return (
        Bye.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "team")
        .order_by("round__number", "team__number")
    )


def tournament_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return every match of ``tournament`` by round and table, with teams and round."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "table_number")
    )
