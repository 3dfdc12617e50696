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
from tournaments.models import Deal, DealStatus, Match, Round
from tournaments.services.draws import draw_round
from tournaments.services.errors import ServiceError
from tournaments.services.scores import replay_match


def record_deal(
    *,
    match: Match,
    taker: str,
    deal: scoring.Deal | None,
    now: datetime.datetime,
    deal_number: int | None = None,
    entered_by: AbstractBaseUser | None = None,
    entered_by_side: str = "",
    status: str = DealStatus.CONFIRMED,
    declarations_text: tuple[str, str] = ("", ""),
) -> Deal:
    """Validate ``deal`` with the engine, store its inputs and scores, update the match.

    ``taker`` is ``"A"`` or ``"B"``; ``deal`` None records a passed deal (passe).
    ``deal_number`` defaults to the next number. ``entered_by`` is the organiser, or
    ``entered_by_side`` the team whose table link recorded it; ``status`` is pending
    until the opponents confirm. ``declarations_text`` keeps the declarations as
    announced (``"tierce:KH;carre:J"``) for the audit. Runs in one transaction with the
    match row locked, so two phones saving at once never lose a deal.

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
        row = Deal(
            match=match,
            deal_number=deal_number,
            rules_version=rules.version,
            status=status,
            entered_by_side=entered_by_side,
            created_at=now,
            updated_at=now,
        )
        _set_inputs(row, taker, deal, declarations_text)
        _audit(row, entered_by, entered_by_side, "", now)
        row.full_clean(validate_unique=False, validate_constraints=False)
        try:
            with transaction.atomic():
                row.save()
        except IntegrityError:
            raise ServiceError("deal_exists", number=deal_number) from None
        replay_match(match, rules, now)
    row.refresh_from_db()
    return row


def _set_inputs(
    row: Deal, taker: str, deal: scoring.Deal | None, declarations_text: tuple[str, str]
) -> None:
    """Copy the inputs of a deal onto ``row`` (a passed deal clears them)."""
    row.taker = taker
    row.is_passed = deal is None
    row.taker_declarations_text, row.defence_declarations_text = declarations_text
    if deal is None:
        deal = scoring.Deal(
            trump="", contract=None, taker_card_points=0, defence_card_points=0, taker_tricks=0
        )
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


INPUT_FIELDS = (
    "taker",
    "is_passed",
    "trump",
    "is_capot_bid",
    "contract_value",
    "coinche_level",
    "taker_card_points",
    "defence_card_points",
    "taker_tricks",
    "taker_belotes",
    "defence_belotes",
    "taker_declarations",
    "defence_declarations",
    "taker_declarations_text",
    "defence_declarations_text",
)


def _audit(
    row: Deal, user: AbstractBaseUser | None, side: str, reason: str, now: datetime.datetime
) -> None:
    """Tell django-simple-history who made this change, when, and why."""
    row._history_date = now
    if user is not None:
        row._history_user = user
    parts = [f"table link {side}"] if side else []
    if reason:
        parts.append(reason)
    row._change_reason = " – ".join(parts)


def _lock_match(match: Match) -> Match:
    return Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)


def correct_deal(
    *,
    deal: Deal,
    taker: str,
    inputs: scoring.Deal | None,
    version: int,
    now: datetime.datetime,
    reason: str = "",
    entered_by: AbstractBaseUser | None = None,
    entered_by_side: str = "",
    status: str = DealStatus.CONFIRMED,
    declarations_text: tuple[str, str] = ("", ""),
) -> Deal:
    """Change the inputs of a recorded deal and re-score everything that depends on it.

    ``version`` is the version the editor saw: if the deal changed since, nothing is
    saved (optimistic locking). A save with no change creates no new version. An
    organiser's correction needs a ``reason``; it is kept in the audit trail with who
    and when. The match totals are replayed, the standings follow, and a draft draw of
    a later round is drawn again from the corrected standings.

    Raises scoring.InvalidDeal, and ServiceError ``stale`` (changed meanwhile),
    ``reason_required`` (an organiser without a reason) or ``taker``.
    """
    if taker not in (scoring.Team.A, scoring.Team.B):
        raise ServiceError("taker")
    if entered_by_side == "" and not reason.strip():
        raise ServiceError("reason_required")
    with transaction.atomic():
        match = _lock_match(deal.match)
        rules = match.round.tournament.rules
        if inputs is not None:
            error = scoring.validate_deal(inputs, rules)
            if error is not None:
                raise scoring.InvalidDeal(error)
        row = Deal.objects.select_for_update().get(pk=deal.pk)
        if row.version != version:
            raise ServiceError("stale", number=row.deal_number)
        before = [getattr(row, name) for name in INPUT_FIELDS]
        _set_inputs(row, taker, inputs, declarations_text)
        if [getattr(row, name) for name in INPUT_FIELDS] == before and row.status == status:
            return row
        row.status = status
        row.dispute_note = ""
        row.version += 1
        row.updated_at = now
        row.entered_by_side = entered_by_side or row.entered_by_side
        _audit(row, entered_by, entered_by_side, reason.strip(), now)
        row.full_clean(validate_unique=False, validate_constraints=False)
        row.save()
        replay_match(match, rules, now)
        _redraw_later_draft(match)
    row.refresh_from_db()
    return row


def delete_deal(
    *, deal: Deal, reason: str, now: datetime.datetime, entered_by: AbstractBaseUser | None
) -> None:
    """Delete a deal (an organiser's correction, with a reason) and re-score the match.

    Raises ServiceError ``reason_required``.
    """
    if not reason.strip():
        raise ServiceError("reason_required")
    with transaction.atomic():
        match = _lock_match(deal.match)
        row = Deal.objects.select_for_update().get(pk=deal.pk)
        _audit(row, entered_by, "", reason.strip(), now)
        row.delete()
        replay_match(match, match.round.tournament.rules, now)
        _redraw_later_draft(match)


def _redraw_later_draft(match: Match) -> None:
    """Draw again a draft round that came after ``match``'s round: it used old standings."""
    tournament = match.round.tournament
    draft = tournament.rounds.filter(
        status=Round.Status.DRAFT, number__gt=match.round.number
    ).first()
    if draft is None or draft.number == 1:
        return
    draft.delete()
    draw_round(tournament=tournament)
