"""Table links: one secret link (QR code) and PIN per team and match (see services.table)."""

from __future__ import annotations

import datetime
import secrets

from django.db import transaction

from tournaments.models import Round, TableLink, TeamSide

#: Wrong PINs a link may type before PIN confirmation is blocked (10 000 PINs exist).
MAX_PIN_FAILURES = 5


def _new_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


def ensure_table_links(*, round: Round, now: datetime.datetime) -> None:
    """Give every match of ``round`` an active link per team (kept if it has one)."""
    with transaction.atomic():
        have = set(
            TableLink.objects.filter(match__round=round, revoked_at__isnull=True).values_list(
                "match_id", "side"
            )
        )
        TableLink.objects.bulk_create(
            TableLink(match=match, side=side, pin=_new_pin(), created_at=now)
            for match in round.matches.all()
            for side in (TeamSide.A, TeamSide.B)
            if (match.pk, side) not in have
        )


def regenerate_link(*, link: TableLink, now: datetime.datetime) -> TableLink:
    """Revoke ``link`` and give its team a new one (new token, new PIN).

    If the team already has another active link (a double click, or an old revoked link
    renewed again), that one is returned and nothing changes: a team has one active link.
    """
    with transaction.atomic():
        link = TableLink.objects.select_for_update().get(pk=link.pk)
        if link.revoked_at is None:
            link.revoked_at = now
            link.save(update_fields=["revoked_at"])
        active = (
            TableLink.objects.select_for_update()
            .filter(match_id=link.match_id, side=link.side, revoked_at__isnull=True)
            .first()
        )
        if active is not None:
            return active
        return TableLink.objects.create(
            match_id=link.match_id, side=link.side, pin=_new_pin(), created_at=now
        )


def revoke_link(*, link: TableLink, now: datetime.datetime) -> TableLink:
    """Revoke ``link``: it opens nothing any more (403)."""
    TableLink.objects.filter(pk=link.pk, revoked_at__isnull=True).update(revoked_at=now)
    link.refresh_from_db()
    return link
