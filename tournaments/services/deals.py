"""Deal services: record a deal through the engine and keep the match totals (RULES.md §C).

What the table wrote travels as one :class:`tournaments.models.DealEntry`; who wrote it as
one :class:`Author`. A deal the engine rejects raises the engine's
:class:`scoring.InvalidDeal`, whose code names the field (RULES.md §B6).

In a closed round a finished match is never lost (services/draws.py states the rules):
a correction replaces a deal and is refused when it would leave a complete match
incomplete; a deal is never added nor deleted there (correct it, e.g. to « passe », or
reopen the round). Each service locks the tournament, the round, then the match
(services/locks.py) before it reads the round's status.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from simple_history.utils import bulk_create_with_history

import scoring
from scoring.matches import MatchDeal, MatchFinished, MatchState, advance_match
from tournaments.models import (
    ENTRY_FIELDS,
    AuditAction,
    Deal,
    DealEntry,
    DealStatus,
    Match,
    Round,
    TeamSide,
    set_audit,
)
from tournaments.selectors.deals import read_match_deals
from tournaments.services.cache import results_changed
from tournaments.services.draws import redraw_later_draft
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_match
from tournaments.services.scores import SCORE_FIELDS, replay_match, unscored_values


@dataclass(frozen=True)
class Author:
    """Who writes a deal: an organiser's account, or the team whose table link was used.

    ``side`` is ``"A"`` or ``"B"`` for a table link, ``""`` for an organiser; ``user`` the
    organiser (or None, e.g. for a command-line import). The audit trail keeps both.
    """

    user: AbstractBaseUser | None = None
    side: str = ""

    @property
    def is_table(self) -> bool:
        """Return True when a team's table link wrote, not an organiser."""
        return bool(self.side)


#: An import or a script: nobody in particular.
NOBODY = Author()


#: The fields of a new deal its ``full_clean`` leaves out: its match, the row the caller
#: locked (no query to check that it exists), and the scores, at their defaults until the
#: replay computes them (services/scores.py SCORE_FIELDS; their ranges are the database's
#: checks): cleaning them was a quarter of the clean's CPU (49 µs of it for a new deal).
_UNCHECKED = ["match", *SCORE_FIELDS]


def _check_entry(entry: DealEntry, rules: scoring.RuleSet) -> None:
    """Raise ServiceError ``taker`` or scoring.InvalidDeal (RULES.md §B6) for a bad entry."""
    if entry.taker not in (TeamSide.A, TeamSide.B):
        raise ServiceError(Refusal.TAKER)
    if entry.deal is not None:
        error = scoring.validate_deal(entry.deal, rules)
        if error is not None:
            raise scoring.InvalidDeal(error)


def record_deal(
    *,
    match: Match,
    entry: DealEntry,
    now: datetime.datetime,
    author: Author = NOBODY,
    deal_number: int | None = None,
    status: str = DealStatus.CONFIRMED,
) -> Deal:
    """Validate ``entry`` with the engine, store its inputs and scores, update the match.

    ``deal_number`` defaults to the next number. ``author`` is the organiser or the team
    whose table link recorded it; ``status`` is pending until the opponents confirm. Runs
    in one transaction with the match row locked, so two phones saving at once never lose
    a deal.

    Raises scoring.InvalidDeal when the engine rejects the inputs (RULES.md §B6), and
    ServiceError ``not_published`` (the round is a draft or closed), ``match_finished``
    (the match has ended), ``deal_exists`` (that deal number is already recorded) or
    ``taker`` (not A or B). Nothing is saved then.
    """
    with transaction.atomic():
        return record_deal_at(
            match=lock_match(match),
            entry=entry,
            now=now,
            author=author,
            deal_number=deal_number,
            status=status,
        )


def record_deal_at(
    *,
    match: Match,
    entry: DealEntry,
    now: datetime.datetime,
    author: Author = NOBODY,
    deal_number: int | None = None,
    status: str = DealStatus.CONFIRMED,
    is_number_free: bool = False,
    recorded: list[Deal] | None = None,
) -> Deal:
    """Record a deal as :func:`record_deal` does, in ``match`` already locked by the
    caller (services/locks.py ``lock_match``, inside the caller's transaction).

    ``is_number_free`` says the caller has seen that no deal has ``deal_number`` under
    this lock (one query less). ``recorded`` is every deal of the match, in order, as the
    caller read it under this lock: the replay then reads none again, and scores those
    same objects (one query less). Returns the deal with its scores; ``match`` holds the
    new totals. Raises what :func:`record_deal` raises.
    """
    rules = match.round.tournament.rules
    _check_entry(entry, rules)
    if match.round.status != Round.Status.PUBLISHED:
        raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
    if match.is_complete:
        raise ServiceError(Refusal.MATCH_FINISHED)
    if deal_number is None:
        deal_number = (match.deals.aggregate(last=Max("deal_number"))["last"] or 0) + 1
    elif not is_number_free and match.deals.filter(deal_number=deal_number).exists():
        raise ServiceError(Refusal.DEAL_EXISTS, number=deal_number)
    row = Deal(
        match=match,
        deal_number=deal_number,
        rules_version=rules.version,
        status=status,
        entered_by_side=author.side,
        created_at=now,
        updated_at=now,
    )
    row.set_entry(entry)
    # Its history record says what was entered, unscored, as every entered deal's does
    # (record_deals writes them before its replay): it is saved scored, below.
    set_audit(
        row,
        action=AuditAction.ENTERED,
        now=now,
        user=author.user,
        side=author.side,
        history_values=unscored_values(),
    )
    row.full_clean(exclude=_UNCHECKED, validate_unique=False, validate_constraints=False)
    # Scored with every deal of the match (read here unless the caller has them) before
    # its INSERT, which stores its scores: no UPDATE of it (replay_match).
    if recorded is None:
        recorded = read_match_deals(match=match)
    known = sorted([*recorded, row], key=lambda deal: deal.deal_number)
    # The replay counts the change in the match's results version (services/cache.py):
    # nothing written to the tournament's row, which a table's write holds shared.
    return next(deal for deal in replay_match(match, rules, now, known, new=row) if deal is row)


def record_deals(
    *,
    match: Match,
    entries: Sequence[tuple[int, DealEntry]],
    now: datetime.datetime,
    author: Author = NOBODY,
) -> list[Deal]:
    """Record several deals of ``match`` at once, as a score sheet gives them.

    ``entries`` holds ``(deal number, entry)`` pairs, numbers from 1, in any order. Every
    entry is checked by the engine (RULES.md §B6) and the match is played through them
    (RULES.md §C) before anything is saved; the deals are then stored confirmed in one
    insert, with their audit records (``author``, at ``now``), and the match is replayed
    once (:func:`tournaments.services.scores.replay_match`), where :func:`record_deal`
    replays it after each deal. Runs in one transaction with the match row locked, like
    :func:`record_deal`. Returns the new deals in deal number order, with their scores.

    Raises scoring.InvalidDeal for the first entry the engine rejects, and ServiceError
    ``taker`` (not A or B), ``not_published`` (the round is a draft or closed),
    ``deal_exists`` (number: already recorded, or twice in ``entries``) or
    ``match_finished`` (number: the first deal that would come after the end of the
    match). Nothing is saved then. Raises ValueError for a deal number below 1.
    """
    with transaction.atomic():
        match = lock_match(match)
        rules = match.round.tournament.rules
        for number, entry in entries:
            if number < 1:
                raise ValueError(f"deal number {number}: deals are numbered from 1")
            _check_entry(entry, rules)
        if match.round.status != Round.Status.PUBLISHED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
        if not entries:
            return []
        if match.is_complete:
            raise ServiceError(Refusal.MATCH_FINISHED, number=min(number for number, _ in entries))
        recorded = read_match_deals(match=match)
        taken = {row.deal_number for row in recorded}
        for number, _ in entries:
            if number in taken:
                raise ServiceError(Refusal.DEAL_EXISTS, number=number)
            taken.add(number)
        played = [(row.deal_number, row.entry) for row in recorded]
        after_the_end = _first_deal_after_the_end(match, rules, [*played, *entries])
        if after_the_end is not None:
            raise ServiceError(Refusal.MATCH_FINISHED, number=after_the_end)
        rows = []
        for number, entry in sorted(entries, key=lambda item: item[0]):
            row = Deal(
                match=match,
                deal_number=number,
                rules_version=rules.version,
                status=DealStatus.CONFIRMED,
                entered_by_side=author.side,
                created_at=now,
                updated_at=now,
            )
            row.set_entry(entry)
            row.full_clean(exclude=_UNCHECKED, validate_unique=False, validate_constraints=False)
            rows.append(row)
        # A bulk insert sends no pre_create_historical_record, so each deal's history gets
        # here what set_audit would describe for it: entered by ``author``, at ``now``.
        bulk_create_with_history(
            rows,
            Deal,
            default_user=author.user,
            default_date=now,
            custom_historical_attrs={
                "audit_action": AuditAction.ENTERED,
                "audit_side": author.side,
                "audit_reason": "",
            },
        )
        replay_match(match, rules, now)
        results_changed(match.round.tournament_id)
        return list(match.deals.filter(pk__in=[row.pk for row in rows]).order_by("deal_number"))


def _first_deal_after_the_end(
    match: Match, rules: scoring.RuleSet, deals: list[tuple[int, DealEntry]]
) -> int | None:
    """Return the number of the first of ``deals`` that comes after the end of the match,
    played in deal number order (RULES.md §C), or None when the match takes them all."""
    state = MatchState()
    match_format = match.round.tournament.engine_match_format
    for number, entry in sorted(deals, key=lambda item: item[0]):
        try:
            step = advance_match(
                state, MatchDeal(scoring.TeamSide(entry.taker), entry.deal), rules, match_format
            )
        except MatchFinished:
            return number
        state = step.state
    return None


def _audit(
    row: Deal, author: Author, action: AuditAction, reason: str, now: datetime.datetime
) -> None:
    """Describe this change of ``row`` for its history: who, which side, what and why."""
    set_audit(row, action=action, now=now, user=author.user, side=author.side, reason=reason)


@dataclass(frozen=True)
class Correction:
    """What a correction did: the deal as it now is, whether anything changed, and the
    draft round it drew again from the corrected standings (None when there was none)."""

    deal: Deal
    is_changed: bool
    redrawn_round: int | None = None


def correct_deal(
    *,
    deal: Deal,
    entry: DealEntry,
    version: int,
    now: datetime.datetime,
    author: Author,
    reason: str = "",
    status: str = DealStatus.CONFIRMED,
) -> Correction:
    """Change what was recorded for ``deal`` to ``entry`` and re-score what depends on it.

    ``version`` is the version the editor saw: if the deal changed since, nothing is
    saved (optimistic locking). A save with no change creates no new version. An
    organiser's correction needs a ``reason``; it is kept in the audit trail with who
    and when. The match totals are replayed, the standings follow, and a draft draw of
    a later round is drawn again from the corrected standings.

    In a closed round the corrected deal counts at once (``status`` must be confirmed)
    and the match must stay complete: a correction that would leave a finished match (or
    one stopped for time) unfinished is refused and nothing is saved.

    Returns a :class:`Correction`. Raises scoring.InvalidDeal, and ServiceError ``stale``
    (changed meanwhile), ``reason_required`` (an organiser without a reason), ``taker``,
    ``not_published`` (a deal left waiting in a closed round), ``match_finished`` (a
    later deal would come after the end of the match) or ``closed_round_incomplete``
    (table, number: the round).
    """
    if not author.is_table and not reason.strip():
        raise ServiceError(Refusal.REASON_REQUIRED)
    with transaction.atomic():
        match = lock_match(deal.match)
        rules = match.round.tournament.rules
        _check_entry(entry, rules)
        row = Deal.objects.select_for_update().get(pk=deal.pk)
        if row.version != version:
            raise ServiceError(Refusal.STALE, number=row.deal_number)
        is_closed = match.round.status == Round.Status.CLOSED
        if is_closed and status != DealStatus.CONFIRMED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
        was_complete = match.is_complete
        before = [getattr(row, name) for name in ENTRY_FIELDS]
        row.set_entry(entry)
        if [getattr(row, name) for name in ENTRY_FIELDS] == before and row.status == status:
            return Correction(row, is_changed=False)
        row.status = status
        row.dispute_note = ""
        row.version += 1
        row.updated_at = now
        row.entered_by_side = author.side or row.entered_by_side
        action = AuditAction.CHANGED_AT_TABLE if author.is_table else AuditAction.CORRECTED
        _audit(row, author, action, reason.strip(), now)
        row.full_clean(validate_unique=False, validate_constraints=False)
        row.save()
        replay_match(match, rules, now)
        results_changed(match.round.tournament_id)
        if is_closed and was_complete and not match.is_complete:
            # Raised inside the transaction: the deal and the replay are rolled back.
            raise ServiceError(
                Refusal.CLOSED_ROUND_INCOMPLETE,
                table=match.table_number,
                number=match.round.number,
            )
        redrawn = redraw_later_draft(match=match)
    row.refresh_from_db()
    return Correction(row, is_changed=True, redrawn_round=redrawn)


def delete_deal(*, deal: Deal, reason: str, now: datetime.datetime, author: Author) -> int | None:
    """Delete a deal (an organiser's correction, with a reason) and re-score the match.

    A deal of a closed round is never deleted: its match would no longer be complete. The
    organiser corrects it instead (to « passe », say), or reopens the round first.

    Returns the draft round drawn again from the corrected standings, or None. Raises
    ServiceError ``reason_required`` or ``delete_in_closed_round`` (number: the round,
    deal: the deal number); nothing is deleted then.
    """
    if not reason.strip():
        raise ServiceError(Refusal.REASON_REQUIRED)
    with transaction.atomic():
        match = lock_match(deal.match)
        row = Deal.objects.select_for_update().get(pk=deal.pk)
        if match.round.status == Round.Status.CLOSED:
            raise ServiceError(
                Refusal.DELETE_IN_CLOSED_ROUND, number=match.round.number, deal=row.deal_number
            )
        _audit(row, author, AuditAction.DELETED, reason.strip(), now)
        row.delete()
        replay_match(match, match.round.tournament.rules, now)
        results_changed(match.round.tournament_id)
        return redraw_later_draft(match=match)
