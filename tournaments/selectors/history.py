"""The audit trail of a match (its deals' history records and the organiser's actions)
and of a round (closed, reopened).

Each record is django-simple-history's, with the audit columns of
tournaments.models.AuditedHistory: who (``history_user``, ``audit_side``), when
(``history_date``), what (``audit_action``) and why (``audit_reason``).
"""

from __future__ import annotations

from typing import Any, TypeAlias

from tournaments.models import AuditAction, Deal, Match, Round

#: A django-simple-history record of a Deal, a Match or a Round: the library builds the
#: historical models at run time and ships no types, so a type checker only sees Any.
HistoryRecord: TypeAlias = Any

#: The actions that confirm a deal: the opponents at the table, or the organiser.
CONFIRMATIONS = (AuditAction.CONFIRMED_AT_TABLE, AuditAction.CONFIRMED_BY_ORGANISER)


def match_history(*, match: Match) -> list[HistoryRecord]:
    """Return the audit trail of ``match``'s deals, newest first: who, when, what changed."""
    records = list(
        Deal.history.filter(match_id=match.pk)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    previous: dict[int, HistoryRecord] = {}
    for record in reversed(records):
        before = previous.get(record.id)
        record.changes = record.diff_against(before).changes if before is not None else []
        previous[record.id] = record
    return records


def match_unlocks(*, match: Match) -> list[HistoryRecord]:
    """Return the organiser's actions on ``match`` (its history records with an action:
    unlocked, stopped for time, reopened, totals recorded or corrected), newest first,
    with who did it."""
    return list(
        Match.history.filter(id=match.pk)
        .exclude(audit_action="")
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )


def round_history(*, round: Round) -> list[HistoryRecord]:
    """Return the organiser's actions on ``round`` (its history records with an action:
    closed, reopened with a reason), newest first, with who did it."""
    return list(
        Round.history.filter(id=round.pk)
        .exclude(audit_action="")
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )


def deal_confirmation(*, deal: Deal) -> HistoryRecord | None:
    """Return the history record of the last confirmation of ``deal``, or None.

    Its ``history_user`` and ``audit_side`` say who confirmed it (the organiser, or the
    opponents' table link ``"A"``/``"B"``), its ``history_date`` when, its
    ``audit_action`` how (one of :data:`CONFIRMATIONS`). A deal that counted at once (an
    organiser's entry, or a tournament that trusts the tables) was never confirmed.
    """
    return (
        Deal.history.filter(id=deal.pk, audit_action__in=CONFIRMATIONS)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
        .first()
    )
