"""A paper table's sheet at the desk: the deals typed so far, and a row scored as typed."""

from __future__ import annotations

from dataclasses import dataclass

import scoring
from scoring.matches import MatchDeal, MatchFinished, MatchState, advance_match
from tournaments.models import Deal, DealEntry, Match


@dataclass(frozen=True)
class RowScores:
    """A row of the sheet as the engine scores it: each team's scored points for the deal
    (a litige reserve paid out included, RULES.md §C) and the running totals after it."""

    score_a: int
    score_b: int
    total_a: int
    total_b: int


def preview_row_scores(*, match: Match, deal_number: int, entry: DealEntry) -> RowScores | None:
    """Return how row ``deal_number`` of ``match`` scores with ``entry`` after the deals
    recorded before it, as the engine plays them (RULES.md §B, §C); nothing is saved.

    Returns None when the match ended before this row (it would be refused). ``entry``
    must be one the engine accepts (``scoring.validate_deal``); ``match`` has its round
    and tournament joined. One query.
    """
    tournament = match.round.tournament
    rules, match_format = tournament.rules, tournament.engine_match_format
    earlier = Deal.objects.filter(match=match, deal_number__lt=deal_number).order_by("deal_number")
    state = MatchState()
    try:
        for deal in earlier:
            step = advance_match(
                state,
                MatchDeal(scoring.TeamSide(deal.taker), deal.to_engine()),
                rules,
                match_format,
            )
            state = step.state
        taker = scoring.TeamSide(entry.taker)
        after = advance_match(state, MatchDeal(taker, entry.deal), rules, match_format).state
    except MatchFinished:
        return None
    return RowScores(
        score_a=after.total_a - state.total_a,
        score_b=after.total_b - state.total_b,
        total_a=after.total_a,
        total_b=after.total_b,
    )


def match_deal(*, match: Match, deal_number: int) -> Deal | None:
    """Return deal ``deal_number`` of ``match``, or None while it is not recorded."""
    return Deal.objects.filter(match=match, deal_number=deal_number).first()


def later_deals(*, match: Match, deal_number: int) -> list[Deal]:
    """Return the deals of ``match`` after ``deal_number``, in order (their running totals
    follow a change of that deal)."""
    return list(
        Deal.objects.filter(match=match, deal_number__gt=deal_number).order_by("deal_number")
    )
