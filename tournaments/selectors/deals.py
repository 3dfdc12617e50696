"""Deals of a match, a round or a tournament, in order."""

from __future__ import annotations

from django.db.models import Max, QuerySet

from tournaments.models import (
    Deal,
    DealEntry,
    Match,
    Round,
    Tournament,
)
from tournaments.selectors.prepared import Prepared


def next_deal_number(*, match: Match) -> int:
    """Return the number the next deal of ``match`` will get."""
    last = Deal.objects.filter(match=match).aggregate(last=Max("deal_number"))["last"]
    return (last or 0) + 1


def is_recorded_as(*, match: Match, deal_number: int, entry: DealEntry, side: str) -> bool:
    """Return True when deal ``deal_number`` of ``match`` is recorded with ``entry``, by
    the team ``side`` (``"A"``/``"B"``; ``""`` for the desk): the same deal sent again, as
    a double tap or a phone that lost the answer sends it. One query."""
    deal = Deal.objects.filter(match=match, deal_number=deal_number).first()
    return deal is not None and deal.entered_by_side == side and deal.entry == entry


def match_deals(*, match: Match) -> QuerySet[Deal]:
    """Return the deals of ``match`` in order."""
    return Deal.objects.filter(match=match).order_by("deal_number")


def _deals_of_match(*, match_id: int) -> QuerySet[Deal]:
    return Deal.objects.filter(match=match_id).order_by("deal_number")


#: The deals of a match, compiled once per thread: read under the match's lock at every
#: table write (services/table.py); compiling cost more than running it (bench/writes.py).
_DEALS_OF_MATCH = Prepared(_deals_of_match, {"match_id": 32_000})


def read_match_deals(*, match: Match) -> list[Deal]:
    """Return the deals of ``match`` in order, as ``list(match.deals.order_by("deal_number"))``
    does: each has ``match`` itself as its match (no query to read it again). One query,
    compiled once per thread (selectors/prepared.py)."""
    deals = _DEALS_OF_MATCH.all(match_id=match.pk)
    for deal in deals:
        deal.match = match
    return deals


def round_deals(*, round: Round) -> QuerySet[Deal]:
    """Return every deal of ``round`` in one query, by table, then deal number."""
    return Deal.objects.filter(match__round=round).order_by("match__table_number", "deal_number")


def tournament_deals(*, tournament: Tournament) -> QuerySet[Deal]:
    """Return every deal of the published and closed rounds of ``tournament`` in one
    query, by round, table, then deal number; a draft round's deals are left out."""
    return (
        Deal.objects.filter(match__round__tournament=tournament)
        .exclude(match__round__status=Round.Status.DRAFT)
        .order_by("match__round__number", "match__table_number", "deal_number")
    )
