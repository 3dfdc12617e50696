"""Team links: one secret link (QR code) and 4-digit code per team for the whole concours.

A team's link opens its page at every partie (services.table writes through it). The
codes of the active links of a concours are distinct, so the two teams of a match never
share one: each service that gives a code locks the tournament first (services/locks.py)
and the database refuses a duplicate (``team_link_codes_distinct``). Revoking or renewing
a link is the organiser's, kept in the link's history.
"""

from __future__ import annotations

import datetime
import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from tournaments.models import AuditAction, Team, TeamLink, Tournament, set_audit
from tournaments.services.locks import lock_team_link, lock_tournament

#: Wrong codes a link may type before confirming by code is blocked (10 000 codes exist).
MAX_PIN_FAILURES = 5


def _taken_codes(tournament: Tournament) -> set[str]:
    return set(
        TeamLink.objects.filter(tournament=tournament, revoked_at__isnull=True).values_list(
            "pin", flat=True
        )
    )


def _new_pin(taken: set[str]) -> str:
    """Return a random 4-digit code not in ``taken`` (and add it there)."""
    while True:
        pin = f"{secrets.randbelow(10_000):04d}"
        if pin not in taken:
            taken.add(pin)
            return pin


def ensure_team_links(*, tournament: Tournament, now: datetime.datetime) -> None:
    """Give every team of ``tournament`` an active link (a team that has one keeps it),
    the pairs of a mêlée's parties too (``Team.every_team``).

    Called when a draw is published and before the team cards are printed; a team
    registered late gets its link then. Locks the tournament (call it first, or after
    locking nothing but the tournament and its rounds).
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        have = set(
            TeamLink.objects.filter(tournament=tournament, revoked_at__isnull=True).values_list(
                "team_id", flat=True
            )
        )
        missing = Team.every_team.filter(tournament=tournament).exclude(pk__in=have)
        if not missing.exists():
            return
        taken = _taken_codes(tournament)
        TeamLink.objects.bulk_create(
            TeamLink(tournament=tournament, team=team, pin=_new_pin(taken), created_at=now)
            for team in missing.order_by("number")
        )


def regenerate_link(
    *, link: TeamLink, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> TeamLink:
    """Revoke ``link`` and give its team a new one (new token, new code, no wrong code).

    If the team already has another active link (a double click, or an old revoked link
    renewed again), that one is returned and nothing changes: a team has one active link.
    The new link's history says who renewed it.
    """
    with transaction.atomic():
        lock_tournament(Tournament(pk=link.tournament_id))
        link = lock_team_link(link)
        if link.revoked_at is None:
            link.revoked_at = now
            set_audit(link, action=AuditAction.LINK_REVOKED, now=now, user=user)
            link.save(update_fields=["revoked_at"])
        active = (
            TeamLink.objects.select_for_update()
            .filter(team_id=link.team_id, revoked_at__isnull=True)
            .first()
        )
        if active is not None:
            return active
        renewed = TeamLink(
            tournament_id=link.tournament_id,
            team_id=link.team_id,
            pin=_new_pin(_taken_codes(Tournament(pk=link.tournament_id))),
            created_at=now,
        )
        set_audit(renewed, action=AuditAction.LINK_RENEWED, now=now, user=user)
        renewed.save()
        return renewed


def revoke_link(
    *, link: TeamLink, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> TeamLink:
    """Revoke ``link``: it opens nothing any more (403) until the organiser renews it.

    Revoking a revoked link changes nothing (no new history record).
    """
    with transaction.atomic():
        row = lock_team_link(link)
        if row.revoked_at is None:
            row.revoked_at = now
            set_audit(row, action=AuditAction.LINK_REVOKED, now=now, user=user)
            row.save(update_fields=["revoked_at"])
    return row
