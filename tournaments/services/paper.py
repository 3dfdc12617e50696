"""Paper sheets typed at the desk: a table's results mode, and one row of its sheet.

Most club concours still score on paper: the players write the sheet at the table and a
volunteer types it at the desk. A tournament says who enters the results
(``Tournament.results_mode``); the organiser may switch one table either way at any time
(:func:`set_match_results_mode`), and what was entered stays. A paper table's rows are
saved one by one (:func:`save_sheet_row`), through the deal services: a new row is
recorded, a changed one corrected, both confirmed (the desk typed them from the sheet
the two teams signed).
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max

from tournaments.models import (
    AuditAction,
    DealEntry,
    DealStatus,
    Match,
    ResultsMode,
    Round,
    set_audit,
)
from tournaments.services.deals import Author, Correction, correct_deal, record_deal
from tournaments.services.errors import Refusal, ServiceError


def _lock_match(match: Match) -> Match:
    return Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)


def set_match_results_mode(
    *, match: Match, is_paper: bool, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Match:
    """Switch ``match``'s table to paper sheets typed at the desk, or back to its phones.

    The match then has its own mode, whatever the tournament's becomes. Nothing entered is
    touched: deals recorded on the phones stay (those still waiting are settled at the
    desk), and a table back on its phones keeps the deals the desk typed. The switch is
    kept in the match's audit trail (who, when). Switching to the mode the table already
    has changes nothing and keeps no record. Returns the match as it now is.

    Raises ServiceError ``not_published`` (number: the round) for a closed round; a draft
    may be switched, before its sheets are printed.
    """
    with transaction.atomic():
        match = _lock_match(match)
        if match.round.status == Round.Status.CLOSED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
        if match.is_paper == is_paper:
            return match
        match.results_mode = ResultsMode.PAPER if is_paper else ResultsMode.PHONES
        action = AuditAction.SWITCHED_TO_PAPER if is_paper else AuditAction.SWITCHED_TO_PHONES
        set_audit(match, action=action, now=now, user=user)
        match.full_clean(validate_unique=False, validate_constraints=False)
        match.save(update_fields=["results_mode"])
    return match


def save_sheet_row(
    *,
    match: Match,
    deal_number: int,
    entry: DealEntry,
    version: int | None,
    now: datetime.datetime,
    user: AbstractBaseUser | None,
    reason: str,
) -> Correction:
    """Save row ``deal_number`` of a paper table's sheet, typed at the desk by ``user``.

    A row not recorded yet (``version`` None) is recorded
    (:func:`tournaments.services.deals.record_deal`); a recorded one is corrected
    (:func:`~tournaments.services.deals.correct_deal`) from the ``version`` the desk saw,
    with ``reason`` in the audit trail (the grid gives « Saisie de la feuille »). Either
    way the deal is confirmed: the desk typed it from the sheet both teams signed. The
    match totals, the standings and a later draft draw follow, as those services say.

    Returns a :class:`~tournaments.services.deals.Correction` (``is_changed`` False when
    the row was saved as it was). Raises ServiceError ``not_paper`` (table: the table is
    on its phones), ``stale`` (number: the deal changed or went meanwhile, or a row sent
    as new is recorded already), ``deal_not_next`` (number; next: the deal after the last
    one recorded, 1 for none; a new row past it would leave a gap), scoring.InvalidDeal, and whatever
    :func:`~tournaments.services.deals.record_deal` and
    :func:`~tournaments.services.deals.correct_deal` refuse. Nothing is saved then.
    """
    author = Author(user=user)
    with transaction.atomic():
        match = _lock_match(match)
        if not match.is_paper:
            raise ServiceError(Refusal.NOT_PAPER, table=match.table_number)
        deal = match.deals.filter(deal_number=deal_number).first()
        if (deal is None) != (version is None):
            raise ServiceError(Refusal.STALE, number=deal_number)
        if deal is None:
            last = match.deals.aggregate(last=Max("deal_number"))["last"] or 0
            # A row below the last one fills a gap (a deal deleted); a row past the next
            # one would leave one. A finished match refuses any new row (record_deal).
            if deal_number > last + 1 and not match.is_complete:
                raise ServiceError(Refusal.DEAL_NOT_NEXT, number=deal_number, next=last + 1)
            recorded = record_deal(
                match=match,
                entry=entry,
                now=now,
                author=author,
                deal_number=deal_number,
                status=DealStatus.CONFIRMED,
            )
            return Correction(recorded, is_changed=True)
        assert version is not None  # told apart from a new row above
        return correct_deal(
            deal=deal,
            entry=entry,
            version=version,
            now=now,
            author=author,
            reason=reason,
            status=DealStatus.CONFIRMED,
        )
