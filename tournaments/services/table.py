"""Entry at the table: deals from the players' phones, confirmation, locks.

Each team has one link for the concours (services/links.py); at a match it writes as a
:class:`~tournaments.models.Seat` (its link, the match, its side there). In ``confirm``
mode a deal recorded through one team's link waits until the other team confirms it, on
its own phone or by typing its own code on the first phone (the code is printed on its
team card, never shown on the other phone); a disputed deal is flagged to the organiser.
In ``trust`` mode entries count at once. Only confirmed deals count; a confirmed match is
locked for the table.

A table writes only while its round is published. The organiser unlocks a match only
then too: in a closed round every deal stays confirmed (services/draws.py states the
rules). Each service locks the tournament, the round, then the match
(services/locks.py), so a table's write and the closing of its round never interleave;
a code typed locks the typing team's link last, and counts a wrong one under that lock.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from tournaments.models import (
    ENTRY_FIELDS,
    AuditAction,
    ConfirmationMode,
    Deal,
    DealEntry,
    DealStatus,
    Match,
    Round,
    Seat,
    TeamLink,
    TeamSide,
    set_audit,
)
from tournaments.selectors.deals import read_match_deals
from tournaments.services.cache import match_results_changed
from tournaments.services.deals import Author, Correction, correct_deal, record_deal_at
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.links import MAX_PIN_FAILURES
from tournaments.services.locks import lock_match, lock_seat_match, lock_team_link


def _writable(seat: Seat, *, shared: bool = True) -> Match:
    """Lock and return the seat's match if its team may still write to it.

    ``shared``: its tournament and round are locked FOR SHARE (services/locks.py), so the
    caller writes neither row (a deal entered, confirmed or disputed changes its match's
    results count: services/cache.py); a correction, which may change the tournament's
    results version and draw a later draft again, takes them FOR UPDATE.

    Raises ServiceError ``link_revoked``, ``not_published`` (number: the round),
    ``totals_at_desk`` or ``stopped_for_time`` (table: the desk keeps its result) and
    ``match_locked``: the refusals of a closed table.
    """
    # Only the seat's match's id is read: the match is read again under its lock.
    # The link's revocation is read in the match's locking statement (lock_seat_match).
    match, is_active = lock_seat_match(seat.match, link_id=seat.link.pk, shared=shared)
    if not is_active:
        raise ServiceError(Refusal.LINK_REVOKED)
    team_id = match.team_a_id if seat.side == TeamSide.A else match.team_b_id
    if team_id != seat.link.team_id:  # a seat is only ever made for the link's own team
        raise ServiceError(Refusal.LINK_REVOKED)
    if match.round.status != Round.Status.PUBLISHED:
        raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
    # The desk keeps the result of a table recorded by its totals, or stopped for time
    # (its deals still waiting are settled there): the phones only show it.
    if match.is_totals_only:
        raise ServiceError(Refusal.TOTALS_AT_DESK, table=match.table_number)
    if match.stopped_for_time_at is not None:
        raise ServiceError(Refusal.STOPPED_FOR_TIME, table=match.table_number)
    if match.locked_at is not None:
        raise ServiceError(Refusal.MATCH_LOCKED)
    return match


def _status_for(match: Match) -> str:
    if match.round.tournament.confirmation_mode == ConfirmationMode.TRUST:
        return DealStatus.CONFIRMED
    return DealStatus.PENDING


@dataclass(frozen=True)
class TableWrite:
    """What a table's write left, as its transaction wrote it: ``match``, the row it
    locked (totals, reserve, end, lock as written), and ``deals``, every deal of that
    match in number order (scores and statuses as written). The phone's board after the
    write is drawn from them (views/table/board.py), with neither read again. ``deal`` is
    the deal recorded (:func:`enter_deal`), ``count`` how many deals were confirmed
    (:func:`confirm_deals_at_table`)."""

    match: Match
    deals: Sequence[Deal]
    deal: Deal | None = None
    count: int = 0


def submit_deal(*, seat: Seat, entry: DealEntry, deal_number: int, now: datetime.datetime) -> Deal:
    """Record a deal from a team's phone at its seat; return it (:func:`enter_deal`)."""
    deal = enter_deal(seat=seat, entry=entry, deal_number=deal_number, now=now).deal
    assert deal is not None  # enter_deal always records one, or raises
    return deal


def enter_deal(
    *, seat: Seat, entry: DealEntry, deal_number: int, now: datetime.datetime
) -> TableWrite:
    """Record a deal from a team's phone at its seat (see services.record_deal); return
    the :class:`TableWrite` (the deal, the match and its deals as written).

    ``deal_number`` is the number the phone expected: a double tap, or the other phone
    sending the same deal, is refused with ``deal_exists`` instead of counted twice (also
    when that deal ended the match). Another deal under a number already recorded (the
    other phone was quicker, or a phone sends a deal it kept while offline) is refused
    with ``deal_conflict``: never merged, never counted as a next deal. A phone records
    only the next deal: any other number not recorded yet is refused with
    ``deal_not_next`` (number, next), so that a hand-made request leaves no gap.
    Raises ServiceError ``link_revoked``, ``not_published``, ``match_locked`` and the
    refusals of record_deal, or scoring.InvalidDeal.
    """
    try:
        with transaction.atomic():
            match = _writable(seat)
            # Every deal of the match, read once under the lock: the number check, then
            # the replay (record_deal_at), then the board.
            recorded = read_match_deals(match=match)
            expected = (recorded[-1].deal_number if recorded else 0) + 1
            # A number past the last one is not recorded; one below it may be (a double
            # tap) or not (a gap the desk left).
            is_recorded = any(deal.deal_number == deal_number for deal in recorded)
            if deal_number != expected and not is_recorded and not match.is_complete:
                raise ServiceError(Refusal.DEAL_NOT_NEXT, number=deal_number, next=expected)
            row = record_deal_at(
                match=match,
                entry=entry,
                now=now,
                author=Author(side=seat.side),
                deal_number=deal_number,
                status=_status_for(match),
                is_number_free=not is_recorded,
                recorded=recorded,
            )
            deals = sorted([*recorded, row], key=lambda deal: deal.deal_number)
            _lock_if_confirmed(match, now, deals)
    except ServiceError as refusal:
        raise _as_repeat(seat, deal_number, entry, refusal) from None
    return TableWrite(match=match, deals=deals, deal=row)


#: The refusals a deal already recorded under the phone's number may come with: the
#: number is taken, or that deal ended (or locked) the match.
_TAKEN = (
    Refusal.DEAL_EXISTS,
    Refusal.MATCH_FINISHED,
    Refusal.MATCH_LOCKED,
    Refusal.STOPPED_FOR_TIME,
)


def _as_repeat(
    seat: Seat, deal_number: int, entry: DealEntry, refusal: ServiceError
) -> ServiceError:
    """Return ``deal_exists`` when deal ``deal_number`` is recorded with these very inputs,
    ``deal_conflict`` when with others, else ``refusal`` as it is."""
    if refusal.code not in _TAKEN:
        return refusal
    recorded = Deal.objects.filter(match_id=seat.match_id, deal_number=deal_number).first()
    if recorded is None:
        return refusal
    sent = Deal()
    sent.set_entry(entry)
    if all(getattr(sent, name) == getattr(recorded, name) for name in ENTRY_FIELDS):
        return ServiceError(Refusal.DEAL_EXISTS, number=deal_number)
    return ServiceError(Refusal.DEAL_CONFLICT, number=deal_number)


def edit_deal_at_table(
    *, seat: Seat, deal: Deal, entry: DealEntry, version: int, now: datetime.datetime
) -> Correction:
    """Change a deal this seat's team recorded to ``entry``, while it is not confirmed yet.

    It goes back to waiting for the opponents. Returns the :class:`Correction`. Raises
    ServiceError ``not_yours``,
    ``already_confirmed``, ``stale`` (changed meanwhile) and the refusals above.
    """
    with transaction.atomic():
        match = _writable(seat, shared=False)  # correct_deal writes the tournament's version
        row = Deal.objects.select_for_update().get(pk=deal.pk, match=match)
        if row.entered_by_side != seat.side:
            raise ServiceError(Refusal.NOT_YOURS, number=row.deal_number)
        if row.status == DealStatus.CONFIRMED:
            raise ServiceError(Refusal.ALREADY_CONFIRMED, number=row.deal_number)
        return correct_deal(
            deal=row,
            entry=entry,
            version=version,
            now=now,
            author=Author(side=seat.side),
            status=_status_for(match),
        )


#: The states a deal confirmed by its number can be in.
DISPUTABLE = [DealStatus.PENDING, DealStatus.DISPUTED]


def confirm_deals(
    *,
    seat: Seat,
    now: datetime.datetime,
    deal_number: int | None = None,
    seen_versions: Mapping[int, int] | None = None,
) -> int:
    """Confirm the other team's pending deals; return how many (:func:`confirm_deals_at_table`)."""
    written = confirm_deals_at_table(
        seat=seat, now=now, deal_number=deal_number, seen_versions=seen_versions
    )
    return written.count


def confirm_deals_at_table(
    *,
    seat: Seat,
    now: datetime.datetime,
    deal_number: int | None = None,
    seen_versions: Mapping[int, int] | None = None,
) -> TableWrite:
    """Confirm the other team's pending deals (one, or all when ``deal_number`` is None).

    A disputed deal is confirmed only by its number (the disputing team changed its mind):
    « Tout confirmer » leaves it to the organiser, who was told of the dispute. Returns the
    :class:`TableWrite`: how many were confirmed, the match and its deals as written; the
    match locks once finished and all confirmed.
    ``seen_versions`` maps each deal number to the version the confirming phone showed:
    a deal corrected since is not confirmed blind (ServiceError ``changed``).
    A ``deal_number`` that no deal of the match has confirms nothing and writes nothing
    (count 0, the number not in ``deals``: the phone's view answers 404 for it).
    Raises ServiceError ``own_entry`` when the deal was recorded by this same seat's
    team (a team cannot confirm its own sheet), and the refusals of a closed table.
    """
    with transaction.atomic():
        match = _writable(seat)
        waiting = [DealStatus.PENDING] if deal_number is None else DISPUTABLE
        # Every deal of the match in one query: those waiting, then the lock, the board.
        deals = read_match_deals(match=match)
        if deal_number is not None and all(row.deal_number != deal_number for row in deals):
            return TableWrite(match=match, deals=deals)
        waiting_rows = [
            row for row in deals if row.status in waiting and deal_number in (None, row.deal_number)
        ]
        if deal_number is not None and any(r.entered_by_side == seat.side for r in waiting_rows):
            raise ServiceError(Refusal.OWN_ENTRY, number=deal_number)
        rows = [r for r in waiting_rows if r.entered_by_side != seat.side]
        if seen_versions is not None:
            changed = [r.deal_number for r in rows if seen_versions.get(r.deal_number) != r.version]
            if changed:
                raise ServiceError(Refusal.CHANGED, numbers=tuple(changed))
        count = 0
        for row in rows:
            row.status = DealStatus.CONFIRMED
            row.dispute_note = ""
            row.updated_at = now
            set_audit(row, action=AuditAction.CONFIRMED_AT_TABLE, now=now, side=seat.side)
            row.save(update_fields=["status", "dispute_note", "updated_at"])
            count += 1
        _lock_if_confirmed(match, now, deals, is_changed=bool(count))
    return TableWrite(match=match, deals=deals, count=count)


def confirm_with_pin(*, seat: Seat, pin: str, now: datetime.datetime) -> int:
    """Confirm this team's pending deals with the opponents' code typed on this phone.

    The opponents type their own code (printed on their team card): it confirms their
    side of this match, as if they had tapped on their phone. Returns how many were
    confirmed. The wrong-code count of this seat's link is read and written under its row
    lock, in one transaction, so a burst of guesses stops at :data:`MAX_PIN_FAILURES`; a
    right code sets it back to 0. Raises ServiceError ``wrong_pin`` (the failure counted)
    or ``pin_blocked`` after too many wrong codes (the organiser renews the link).
    """
    with transaction.atomic():
        match = _writable(seat)
        link = lock_team_link(seat.link)
        if link.pin_failures >= MAX_PIN_FAILURES:
            raise ServiceError(Refusal.PIN_BLOCKED)
        other_side = TeamSide.B if seat.side == TeamSide.A else TeamSide.A
        other_team = match.team_b_id if seat.side == TeamSide.A else match.team_a_id
        other = TeamLink.objects.filter(team_id=other_team, revoked_at__isnull=True).first()
        if other is not None and secrets.compare_digest(other.pin, pin.strip()):
            if link.pin_failures:
                link.pin_failures = 0
                link.save(update_fields=["pin_failures"])
            return confirm_deals(seat=Seat(other, match, other_side), now=now)
        link.pin_failures += 1
        link.save(update_fields=["pin_failures"])
    # Raised once the count is committed: refusing does not roll it back.
    raise ServiceError(Refusal.WRONG_PIN)


def dispute_deal(*, seat: Seat, deal_number: int, note: str, now: datetime.datetime) -> Deal:
    """Flag the other team's deal as disputed: the organiser sees it and decides.

    Disputing it again with the same note changes nothing (no new audit entry).

    Raises ServiceError ``own_entry``, ``already_confirmed``, ``dispute_reason`` (the
    note is blank: the organiser must read why) or the table refusals.
    """
    with transaction.atomic():
        match = _writable(seat)
        row = Deal.objects.select_for_update().get(match=match, deal_number=deal_number)
        if row.entered_by_side == seat.side:
            raise ServiceError(Refusal.OWN_ENTRY, number=deal_number)
        if row.status == DealStatus.CONFIRMED:
            raise ServiceError(Refusal.ALREADY_CONFIRMED, number=deal_number)
        note = note.strip()[:300]
        if not note:
            raise ServiceError(Refusal.DISPUTE_REASON, number=deal_number)
        if row.status == DealStatus.DISPUTED and row.dispute_note == note:
            return row  # Disputed again for the same reason: nothing new for the trail.
        row.status = DealStatus.DISPUTED
        row.dispute_note = note
        row.updated_at = now
        set_audit(row, action=AuditAction.DISPUTED, now=now, side=seat.side)
        row.save(update_fields=["status", "dispute_note", "updated_at"])
        match_results_changed(match)
    return row


def confirm_deal_by_organiser(
    *, deal: Deal, version: int, now: datetime.datetime, user: AbstractBaseUser | None
) -> Deal:
    """Confirm a pending or disputed deal as it stands, for the organiser who settles it.

    Its inputs and scores do not change, so nothing is replayed; the audit trail keeps
    who confirmed it and when, and the match locks once finished and all confirmed.
    ``version`` is the version the organiser saw.

    Raises ServiceError ``stale`` (changed since, e.g. at the table) or
    ``already_confirmed``.
    """
    with transaction.atomic():
        match = lock_match(Match(pk=deal.match_id))
        row = Deal.objects.select_for_update().get(pk=deal.pk)
        if row.version != version:
            raise ServiceError(Refusal.STALE, number=row.deal_number)
        if row.status == DealStatus.CONFIRMED:
            raise ServiceError(Refusal.ALREADY_CONFIRMED, number=row.deal_number)
        row.status = DealStatus.CONFIRMED
        row.dispute_note = ""
        row.updated_at = now
        set_audit(row, action=AuditAction.CONFIRMED_BY_ORGANISER, now=now, user=user)
        row.save(update_fields=["status", "dispute_note", "updated_at"])
        _lock_if_confirmed(match, now, is_changed=True)
    return row


def _lock_if_confirmed(
    match: Match,
    now: datetime.datetime,
    deals: Sequence[Deal] | None = None,
    *,
    is_changed: bool = False,
) -> None:
    """Lock ``match`` once it is complete and all its deals are confirmed. ``match`` is
    the row the caller locked, as it stands now (a replay updates it); ``deals`` its
    deals as the caller holds them under that lock, if it does (no query then).

    ``is_changed``: the caller changed what the public pages show of the match (a deal
    confirmed), which its results count counts (services/cache.py): in the lock's own
    UPDATE when the match locks now (one statement, not two, bench/writes.py), else in
    :func:`~tournaments.services.cache.match_results_changed`'s.
    """
    if not _is_to_lock(match, deals):
        if is_changed:
            match_results_changed(match)
        return
    match.locked_at = now
    fields = ["locked_at"]
    if is_changed:
        match.results_count += 1  # as match_results_changed counts it, in this UPDATE
        fields.append("results_count")
    match.save(update_fields=fields)


def _is_to_lock(match: Match, deals: Sequence[Deal] | None) -> bool:
    """Return True when ``match`` is complete, not locked yet, and all its deals are
    confirmed (``deals`` as :func:`_lock_if_confirmed` takes them)."""
    if not match.is_complete or match.locked_at is not None:
        return False
    if deals is not None:
        return all(deal.status == DealStatus.CONFIRMED for deal in deals)
    return not match.deals.exclude(status=DealStatus.CONFIRMED).exists()


def unlock_match(
    *, match: Match, reason: str, now: datetime.datetime, user: AbstractBaseUser | None
) -> Match:
    """Unlock a confirmed match so the table can change it again; ``reason`` is audited.

    The deals the table entered go back to waiting for the opponents: the team that
    recorded a deal may correct it, and the other confirms it again. Only while the round
    is being played: in a closed round no phone could confirm them any more, and the
    match would drop out of the standings.

    Raises ServiceError ``unlock_in_closed_round`` (number: the round; correct the deals
    on the match page, or reopen the round), ``not_published`` (a draft) or
    ``reason_required``.
    """
    with transaction.atomic():
        match = lock_match(match)
        if match.round.status == Round.Status.CLOSED:
            raise ServiceError(Refusal.UNLOCK_IN_CLOSED_ROUND, number=match.round.number)
        if match.round.status != Round.Status.PUBLISHED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
        if not reason.strip():
            raise ServiceError(Refusal.REASON_REQUIRED)
        # The table may correct its own entries again; the opponents confirm them anew.
        for row in match.deals.filter(status=DealStatus.CONFIRMED).exclude(entered_by_side=""):
            row.status = DealStatus.PENDING
            set_audit(row, action=AuditAction.UNLOCKED, now=now, user=user, reason=reason.strip())
            row.save(update_fields=["status"])
        match.locked_at = None
        set_audit(match, action=AuditAction.UNLOCKED, now=now, user=user, reason=reason.strip())
        match.save(update_fields=["locked_at"])
        match_results_changed(match)
    return match
