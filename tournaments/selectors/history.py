"""The audit trail of a match: its deals' history records and the organiser's actions."""

from __future__ import annotations

from tournaments.models import (
    Deal,
    Match,
)


def match_history(*, match: Match) -> list:
    """Return the audit trail of ``match``'s deals, newest first: who, when, what changed."""
    records = list(
        Deal.history.filter(match_id=match.pk)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    previous: dict[int, object] = {}
    for record in reversed(records):
        before = previous.get(record.id)
        record.changes = record.diff_against(before).changes if before is not None else []
        previous[record.id] = record
    return records


def match_unlocks(*, match: Match) -> list:
    """Return the organiser's actions on ``match`` (its history records with a reason:
    unlocked, closed for time, reopened), newest first, with who did it."""
    return list(
        Match.history.filter(id=match.pk)
        .exclude(history_change_reason__isnull=True)
        .exclude(history_change_reason="")
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
