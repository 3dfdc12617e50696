"""Online registration: what the public page offers, and the registrations of a tournament."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Registration, RegistrationSettings, Round, Tournament

Status = Registration.Status


def registration_settings(*, tournament: Tournament) -> RegistrationSettings:
    """Return the registration settings of ``tournament``: the stored ones, or the
    defaults (closed, not saved) when the organiser never opened registration."""
    found = RegistrationSettings.objects.filter(tournament=tournament).first()
    return found if found is not None else RegistrationSettings(tournament=tournament)


@dataclass(frozen=True)
class RegistrationOffer:
    """Registration as the public page shows it: the places, how many are taken, and
    until when (an aware time, or None for no closing time)."""

    capacity: int
    confirmed: int
    waiting_list: int
    waiting: int
    closes_at: datetime.datetime | None

    @property
    def places_left(self) -> int:
        """Return the places left (0 when full; more confirmed than places gives 0)."""
        return max(0, self.capacity - self.confirmed)

    @property
    def waiting_places_left(self) -> int:
        """Return the places left on the waiting list."""
        return max(0, self.waiting_list - self.waiting)

    @property
    def is_full(self) -> bool:
        """Return True when neither a place nor a place on the waiting list is left."""
        return self.places_left == 0 and self.waiting_places_left == 0


def registration_offer(
    *, tournament: Tournament, now: datetime.datetime
) -> RegistrationOffer | None:
    """Return what registration offers at ``now``, or None when it is not open, has
    closed (``now`` at or after the closing time) or the concours has begun (a round
    published: late entries are the desk's). Three queries when open, one or two otherwise."""
    settings = RegistrationSettings.objects.filter(tournament=tournament, is_open=True).first()
    if settings is None or (settings.closes_at is not None and now >= settings.closes_at):
        return None
    if tournament.rounds.exclude(status=Round.Status.DRAFT).exists():
        return None
    counts = Registration.objects.filter(tournament=tournament).aggregate(
        confirmed=Count("pk", filter=Q(status=Status.CONFIRMED)),
        waiting=Count("pk", filter=Q(status=Status.WAITING)),
    )
    return RegistrationOffer(
        capacity=settings.capacity,
        confirmed=counts["confirmed"],
        waiting_list=settings.waiting_list,
        waiting=counts["waiting"],
        closes_at=settings.closes_at,
    )


@dataclass(frozen=True)
class RegistrationLists:
    """The registrations of a tournament by status, each list in registration order
    (the waiting list's order is the order in which it moves up)."""

    confirmed: list[Registration]
    waiting: list[Registration]
    cancelled: list[Registration]


def tournament_registrations(*, tournament: Tournament) -> RegistrationLists:
    """Return the registrations of ``tournament`` (their team or mêlée player joined), in
    one query."""
    rows = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("team", "melee_player")
        .order_by("position")
    )
    return RegistrationLists(
        confirmed=[row for row in rows if row.status == Status.CONFIRMED],
        waiting=[row for row in rows if row.status == Status.WAITING],
        cancelled=[row for row in rows if row.status == Status.CANCELLED],
    )


def registration_by_token(*, token: str) -> Registration | None:
    """Return the registration whose private link has ``token`` (its tournament, team and
    mêlée player joined), or None."""
    return (
        Registration.objects.select_related("tournament", "team", "melee_player")
        .filter(token=token)
        .first()
    )


def registrations_to_check_in(*, tournament: Tournament) -> list[Registration]:
    """Return the confirmed registrations of ``tournament`` not checked in yet (neither a
    team nor a mêlée player made from them), in registration order: a mêlée's players
    page lists them (RULES.md §H)."""
    return list(
        Registration.objects.filter(
            tournament=tournament,
            status=Status.CONFIRMED,
            team__isnull=True,
            melee_player__isnull=True,
        ).order_by("position")
    )


def waiting_rank(*, registration: Registration) -> int | None:
    """Return the place of ``registration`` on its waiting list (1 for the next pair to
    move up), or None when it is not waiting."""
    if registration.status != Status.WAITING:
        return None
    ahead = Registration.objects.filter(
        tournament_id=registration.tournament_id,
        status=Status.WAITING,
        position__lt=registration.position,
    ).count()
    return ahead + 1
