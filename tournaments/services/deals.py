"""Deal services: record a deal through the engine and keep the match totals (RULES.md §C).

A deal the engine rejects raises the engine's :class:`scoring.InvalidDeal`, whose code
names the field (RULES.md §B6).
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max

import scoring
from scoring.matches import MatchDeal, MatchFinished, MatchState, advance_match
from tournaments.models import Deal, Match, Round
from tournaments.services.errors import ServiceError


def breakdown_to_json(score: scoring.DealScore) -> dict:
    """Return the engine's breakdown of a deal as JSON-ready data, stored on the deal."""
    return {
        "outcome": score.outcome.value,
        "multiplier": score.multiplier,
        "taker_capot": score.taker_capot,
        "defence_capot": score.defence_capot,
        "reserve": score.reserve,
        "lines": [
            {
                "side": line.side.value,
                "kind": line.kind.value,
                "points": line.points,
                "amount": line.amount,
                "multiplier": line.multiplier,
                "rule": line.rule,
            }
            for line in score.lines
        ],
    }


def record_deal(
    *,
    match: Match,
    taker: str,
    deal: scoring.Deal | None,
    now: datetime.datetime,
    deal_number: int | None = None,
    entered_by: AbstractBaseUser | None = None,
) -> Deal:
    """Validate ``deal`` with the engine, store its inputs and scores, update the match.

    ``taker`` is ``"A"`` or ``"B"``; ``deal`` None records a passed deal (passe).
    ``deal_number`` defaults to the next number. Runs in one transaction with the match
    row locked, so two phones saving at once never lose a deal.

    Raises scoring.InvalidDeal when the engine rejects the inputs (RULES.md §B6), and
    ServiceError ``not_published`` (the round is a draft or closed), ``match_finished``
    (the match has ended), ``deal_exists`` (that deal number is already recorded) or
    ``taker`` (not A or B). Nothing is saved then.
    """
    if taker not in (scoring.Team.A, scoring.Team.B):
        raise ServiceError("taker")
    with transaction.atomic():
        match = (
            Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)
        )
        rules = match.round.tournament.rules
        if deal is not None:
            error = scoring.validate_deal(deal, rules)
            if error is not None:
                raise scoring.InvalidDeal(error)
        if match.round.status != Round.Status.PUBLISHED:
            raise ServiceError("not_published", number=match.round.number)
        if match.is_complete:
            raise ServiceError("match_finished")
        if deal_number is None:
            deal_number = (match.deals.aggregate(last=Max("deal_number"))["last"] or 0) + 1
        elif match.deals.filter(deal_number=deal_number).exists():
            raise ServiceError("deal_exists", number=deal_number)
        row = _deal_row(match, deal_number, taker, deal, now, rules.version)
        if entered_by is not None:
            row._history_user = entered_by  # django-simple-history's audit trail
        row.full_clean(validate_unique=False, validate_constraints=False)
        try:
            with transaction.atomic():
                row.save()
        except IntegrityError:
            raise ServiceError("deal_exists", number=deal_number) from None
        _rescore_match(match, rules, now)
    row.refresh_from_db()
    return row


def _deal_row(
    match: Match,
    number: int,
    taker: str,
    deal: scoring.Deal | None,
    now: datetime.datetime,
    rules_version: int,
) -> Deal:
    row = Deal(
        match=match,
        deal_number=number,
        taker=taker,
        is_passed=deal is None,
        rules_version=rules_version,
        created_at=now,
        updated_at=now,
    )
    if deal is not None:
        row.trump = str(deal.trump)
        row.is_capot_bid = deal.contract == scoring.CAPOT
        row.contract_value = None if row.is_capot_bid else deal.contract
        row.coinche_level = str(deal.coinche)
        row.taker_card_points = deal.taker_card_points
        row.defence_card_points = deal.defence_card_points
        row.taker_tricks = deal.taker_tricks
        row.taker_belotes = deal.taker_belotes
        row.defence_belotes = deal.defence_belotes
        row.taker_declarations = deal.taker_declarations
        row.defence_declarations = deal.defence_declarations
    return row


def _rescore_match(match: Match, rules: scoring.RuleSet, now: datetime.datetime) -> None:
    """Replay the match's deals in order through the engine and store every score.

    The match row must be locked by the caller. Raises ServiceError ``match_finished``
    if a deal comes after the end of the match.
    """
    deals = list(match.deals.order_by("deal_number"))
    state = MatchState()
    match_format = match.round.tournament.engine_match_format
    for row in deals:
        previous = state
        try:
            step = advance_match(
                state, MatchDeal(scoring.Team(row.taker), row.to_engine()), rules, match_format
            )
        except MatchFinished:
            raise ServiceError("match_finished") from None
        state = step.state
        score = step.score
        row.score_a = state.total_a - previous.total_a
        row.score_b = state.total_b - previous.total_b
        row.total_a, row.total_b = state.total_a, state.total_b
        if score is None:
            row.outcome, row.taker_score, row.defence_score, row.reserve = "", 0, 0, 0
            row.breakdown = {}
        else:
            row.outcome = score.outcome.value
            row.taker_score, row.defence_score = score.taker_score, score.defence_score
            row.reserve = score.reserve
            row.breakdown = breakdown_to_json(score)
    Deal.objects.bulk_update(
        deals,
        [
            "score_a",
            "score_b",
            "total_a",
            "total_b",
            "outcome",
            "taker_score",
            "defence_score",
            "reserve",
            "breakdown",
        ],
    )
    match.total_a, match.total_b = state.total_a, state.total_b
    match.reserve = state.reserve
    match.deals_played = state.deals_played
    match.is_finished = state.is_finished
    match.result = state.result.value if state.result else ""
    match.version += 1
    match.save(
        update_fields=[
            "total_a",
            "total_b",
            "reserve",
            "deals_played",
            "is_finished",
            "result",
            "version",
        ]
    )
