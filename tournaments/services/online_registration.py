"""Online registration (« inscriptions en ligne »): open, register, change, cancel, check in.

The organiser opens registration with a number of places, places on a waiting list and a
closing time (:func:`set_registration_settings`). A pair registers from the public page
(:func:`register_pair`): confirmed while a place is left, else on the waiting list while
it has room, else refused. Its private link changes (:func:`change_registration`) or
cancels (:func:`cancel_registration`) it; a confirmed pair that cancels gives its place to
the first pair of the waiting list, in the order they registered. On the day, the
organiser checks a confirmed pair in (:func:`check_in_registration`): the team is
registered as any team is (services/registration.py) and marked present.

A concours à la mêlée registers its players one by one (RULES.md §H): the same flow, with
one name per registration (:func:`register_player`; ``player_2`` stays empty), places
and waiting list counting players; checking one in (:func:`check_in_melee_registration`)
registers a :class:`~tournaments.models.MeleePlayer` as the players page does
(services/melee.py), or links the one of that name registered there already.

Places are counted and given under the tournament's row lock (services/locks.py), so two
pairs registering at once never take more places than there are: on PostgreSQL the second
waits for the first's lock, on SQLite the IMMEDIATE transactions run one after the other.
Every change is kept in the registration's history with its :class:`AuditAction`.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max

from tournaments.models import (
    AuditAction,
    MeleePlayer,
    Registration,
    RegistrationSettings,
    Round,
    Team,
    TeamData,
    Tournament,
    set_audit,
)
from tournaments.selectors import is_melee
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_registration, lock_tournament
from tournaments.services.melee import (
    MeleePlayerData,
    register_melee_players,
    set_melee_player_present,
)
from tournaments.services.registration import check_players, register_team, set_checked_in
from tournaments.text import clean_name

Status = Registration.Status


@dataclass(frozen=True)
class RegistrationData:
    """One pair as the public form (or the organiser's) gives it: names and contact.

    Names are stored cleaned by :func:`tournaments.text.clean_name`; ``phone`` and
    ``email`` may be empty. A mêlée player (RULES.md §H) is ``player_1`` alone, with
    ``player_2`` empty.
    """

    player_1: str
    player_2: str = ""
    club: str = ""
    phone: str = ""
    email: str = ""


@dataclass(frozen=True)
class Cancellation:
    """A registration cancelled, and the pair of the waiting list that took its place
    (None when it had no place, or nobody was waiting)."""

    registration: Registration
    promoted: Registration | None


def _settings(tournament: Tournament) -> RegistrationSettings:
    return RegistrationSettings.objects.get_or_create(tournament=tournament)[0]


def _check_open(settings: RegistrationSettings, now: datetime.datetime) -> None:
    if not settings.is_open:
        raise ServiceError(Refusal.REGISTRATION_NOT_OPEN)
    if settings.closes_at is not None and now >= settings.closes_at:
        raise ServiceError(Refusal.REGISTRATION_CLOSED, closes_at=settings.closes_at.isoformat())


def _check_names(
    tournament: Tournament, data: RegistrationData, exclude: int | None, *, melee: bool
) -> None:
    """Refuse names that do not fit the concours (``melee``: one player, else a pair) or
    that a registration not cancelled (other than ``exclude``) has already."""
    if melee:
        _check_player(tournament, data, exclude)
    else:
        _check_pair(tournament, data, exclude)


def _check_player(tournament: Tournament, data: RegistrationData, exclude: int | None) -> None:
    name = clean_name(data.player_1)
    if clean_name(data.player_2):
        raise ServiceError(Refusal.IS_MELEE)
    if not name:
        raise ServiceError(Refusal.MISSING_NAME)
    others = Registration.objects.filter(tournament=tournament).exclude(status=Status.CANCELLED)
    for pk, player_1, position in others.values_list("pk", "player_1", "position"):
        # Compared in Python: SQLite's iexact ignores the case of ASCII letters only.
        if pk != exclude and player_1.casefold() == name.casefold():
            raise ServiceError(Refusal.PLAYER_REGISTERED_TWICE, name=name, number=position)
    # A player the organiser typed on the players page is registered too.
    for player_name in MeleePlayer.objects.filter(tournament=tournament).values_list(
        "name", flat=True
    ):
        if player_name.casefold() == name.casefold():
            raise ServiceError(Refusal.DUPLICATE_PLAYER_NAME, name=player_name)


def _check_pair(tournament: Tournament, data: RegistrationData, exclude: int | None) -> None:
    if not clean_name(data.player_1) or not clean_name(data.player_2):
        raise ServiceError(Refusal.MISSING_PLAYER)
    key = {clean_name(data.player_1).casefold(), clean_name(data.player_2).casefold()}
    if len(key) == 1:
        # The same person twice, whatever the case (the team form refuses it too).
        raise ServiceError(Refusal.PLAYER_TWICE, player=clean_name(data.player_1))
    others = Registration.objects.filter(tournament=tournament).exclude(status=Status.CANCELLED)
    for pk, player_1, player_2, position in others.values_list(
        "pk", "player_1", "player_2", "position"
    ):
        if pk != exclude and {player_1.casefold(), player_2.casefold()} == key:
            raise ServiceError(Refusal.REGISTERED_TWICE, number=position)
    # One player in two pairs would play in two teams once both are checked in.
    registered: dict[str, int] = {}
    for pk, player_1, player_2, position in others.order_by("position", "pk").values_list(
        "pk", "player_1", "player_2", "position"
    ):
        if pk != exclude:
            registered.setdefault(player_1.casefold(), position)
            registered.setdefault(player_2.casefold(), position)
    for name in (clean_name(data.player_1), clean_name(data.player_2)):
        if name.casefold() in registered:
            number = registered[name.casefold()]
            raise ServiceError(Refusal.PLAYER_REGISTERED_TWICE, name=name, number=number)
    # A team registered at the desk: the team form's rules (services/registration.py).
    teams = Team.objects.filter(tournament=tournament)
    for player_1, player_2, number in teams.values_list("player_1", "player_2", "number"):
        if {clean_name(player_1).casefold(), clean_name(player_2).casefold()} == key:
            raise ServiceError(Refusal.SAME_PAIR, number=number)
    check_players(tournament=tournament, player_1=data.player_1, player_2=data.player_2)


def _fill(registration: Registration, data: RegistrationData) -> None:
    registration.player_1 = clean_name(data.player_1)
    registration.player_2 = clean_name(data.player_2)
    registration.club = clean_name(data.club)
    registration.phone = clean_name(data.phone)
    registration.email = data.email.strip()


def _count(tournament: Tournament, status: str) -> int:
    return Registration.objects.filter(tournament=tournament, status=status).count()


def _promote(
    tournament: Tournament,
    settings: RegistrationSettings,
    now: datetime.datetime,
    user: AbstractBaseUser | None,
) -> list[Registration]:
    """Give every free place to the pairs of the waiting list, first registered first."""
    free = settings.capacity - _count(tournament, Status.CONFIRMED)
    promoted: list[Registration] = []
    if free <= 0:
        return promoted
    waiting = Registration.objects.filter(tournament=tournament, status=Status.WAITING)
    for registration in waiting.order_by("position")[:free]:
        registration.status = Status.CONFIRMED
        set_audit(registration, action=AuditAction.PROMOTED, now=now, user=user)
        registration.save(update_fields=["status"])
        promoted.append(registration)
    return promoted


def set_registration_settings(
    *,
    tournament: Tournament,
    is_open: bool,
    capacity: int,
    waiting_list: int,
    closes_at: datetime.datetime | None,
    now: datetime.datetime,
    user: AbstractBaseUser | None = None,
) -> list[Registration]:
    """Open or close registration, set its places and closing time; return the pairs of
    the waiting list that more places moved up (audited ``promoted``), in order.

    Fewer places than pairs confirmed keep every confirmed pair: no pair loses its place,
    new ones go on the waiting list. ``capacity`` and ``waiting_list`` are 0 to
    MAX_PLACES (the form checks it; the database refuses more).
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        settings = _settings(tournament)
        settings.is_open = is_open
        settings.capacity = capacity
        settings.waiting_list = waiting_list
        settings.closes_at = closes_at
        settings.full_clean()
        settings.save()
        return _promote(tournament, settings, now, user)


def register_pair(
    *, tournament: Tournament, data: RegistrationData, now: datetime.datetime
) -> Registration:
    """Register a pair online at ``now`` and return its registration: confirmed while a
    place is left, else on the waiting list.

    Raises ServiceError ``is_melee`` (a mêlée registers players alone:
    :func:`register_player`), ``registration_not_open``, ``registration_closed`` (``now``
    at or after the closing time; param closes_at), ``registration_started`` (a round is
    published), ``missing_player``,
    ``registered_twice`` (the same two players, in either order and any case, not
    cancelled; param number: their position), ``player_registered_twice`` (one of the
    names, any case, in another pair not cancelled; params name, number: its position),
    ``same_pair`` (the two players are a registered team; param number),
    ``player_in_team`` (in a club's concours, one of the names plays in a registered team:
    :func:`~tournaments.services.registration.check_players`; params player, number), or
    ``registration_full`` (params capacity, waiting_list); nothing is saved then.
    """
    return _register(tournament, data, now, melee=False)


def register_player(
    *, tournament: Tournament, data: RegistrationData, now: datetime.datetime
) -> Registration:
    """Register one player of a concours à la mêlée online at ``now`` (RULES.md §H:
    players register one by one; ``data.player_2`` empty) and return the registration:
    confirmed while a place is left, else on the waiting list; places count players.

    Raises ServiceError ``not_melee`` (a concours in pairs), ``is_melee`` (a second name
    given), ``registration_not_open``, ``registration_closed`` (param closes_at),
    ``registration_started`` (a round is published), ``missing_name``,
    ``player_registered_twice`` (the same name in any case, not cancelled; params name,
    number: its position), ``duplicate_player_name`` (param name: a player of that name,
    any case, is on the players page already) or ``registration_full`` (params capacity,
    waiting_list); nothing is saved then.
    """
    return _register(tournament, data, now, melee=True)


def _register(
    tournament: Tournament, data: RegistrationData, now: datetime.datetime, *, melee: bool
) -> Registration:
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        if is_melee(tournament=tournament) != melee:
            raise ServiceError(Refusal.IS_MELEE if not melee else Refusal.NOT_MELEE)
        settings = _settings(tournament)
        _check_open(settings, now)
        if tournament.rounds.exclude(status=Round.Status.DRAFT).exists():
            # Partie 1 is published: a late entry is the desk's (RULES.md §E), not the web's.
            raise ServiceError(Refusal.REGISTRATION_STARTED)
        _check_names(tournament, data, exclude=None, melee=melee)
        confirmed = _count(tournament, Status.CONFIRMED)
        if confirmed < settings.capacity:
            status = Status.CONFIRMED
        elif _count(tournament, Status.WAITING) < settings.waiting_list:
            status = Status.WAITING
        else:
            raise ServiceError(
                Refusal.REGISTRATION_FULL,
                capacity=settings.capacity,
                waiting_list=settings.waiting_list,
            )
        last = Registration.objects.filter(tournament=tournament).aggregate(n=Max("position"))
        registration = Registration(
            tournament=tournament,
            status=status,
            position=(last["n"] or 0) + 1,
            created_at=now,
        )
        _fill(registration, data)
        registration.full_clean(validate_constraints=False)
        set_audit(registration, action=AuditAction.REGISTERED, now=now)
        registration.save()
    return registration


def change_registration(
    *,
    registration: Registration,
    data: RegistrationData,
    now: datetime.datetime,
    user: AbstractBaseUser | None = None,
) -> Registration:
    """Change a registration's names or contact; return it. ``user`` is the organiser,
    or None for the pair's private link, which changes nothing once registration closes.
    In a mêlée, ``data`` is one player (``player_2`` empty, RULES.md §H).

    Raises ServiceError ``registration_cancelled``, ``registration_checked_in`` (param
    number: the team), ``player_checked_in`` (param number: the mêlée player),
    ``registration_closed`` (private link only), ``missing_player`` or
    ``registered_twice``, ``player_registered_twice`` or ``player_in_team`` (a pair, as
    :func:`register_pair`), ``is_melee``, ``missing_name`` or ``player_registered_twice``
    (a mêlée player); nothing is saved then.
    """
    with transaction.atomic():
        registration = lock_registration(registration)
        _check_changeable(registration)
        if user is None:
            settings = _settings(registration.tournament)
            if settings.closes_at is not None and now >= settings.closes_at:
                raise ServiceError(
                    Refusal.REGISTRATION_CLOSED, closes_at=settings.closes_at.isoformat()
                )
        melee = is_melee(tournament=registration.tournament)
        _check_names(registration.tournament, data, exclude=registration.pk, melee=melee)
        _fill(registration, data)
        registration.full_clean(validate_constraints=False)
        set_audit(registration, action=AuditAction.REGISTRATION_CHANGED, now=now, user=user)
        registration.save()
    return registration


def _check_changeable(registration: Registration) -> None:
    if registration.status == Status.CANCELLED:
        raise ServiceError(Refusal.REGISTRATION_CANCELLED)
    if registration.team_id is not None:
        team_number = Team.objects.values_list("number", flat=True).get(pk=registration.team_id)
        raise ServiceError(Refusal.REGISTRATION_CHECKED_IN, number=team_number)
    if registration.melee_player_id is not None:
        player_number = MeleePlayer.objects.values_list("number", flat=True).get(
            pk=registration.melee_player_id
        )
        raise ServiceError(Refusal.PLAYER_CHECKED_IN, number=player_number)


def cancel_registration(
    *,
    registration: Registration,
    now: datetime.datetime,
    user: AbstractBaseUser | None = None,
) -> Cancellation:
    """Cancel a registration (from its private link, or by the organiser ``user``) and
    return the :class:`Cancellation`: a confirmed pair's place goes to the first pair of
    the waiting list, whose history says ``promoted``.

    Raises ServiceError ``registration_cancelled``, ``registration_checked_in`` (param
    number: the team; withdraw the team instead) or ``player_checked_in`` (param number:
    the mêlée player; withdraw the player instead); nothing is saved then.
    """
    with transaction.atomic():
        registration = lock_registration(registration)
        _check_changeable(registration)
        registration.status = Status.CANCELLED
        set_audit(registration, action=AuditAction.REGISTRATION_CANCELLED, now=now, user=user)
        registration.save(update_fields=["status"])
        settings = _settings(registration.tournament)
        promoted = _promote(registration.tournament, settings, now, user)
    return Cancellation(registration, promoted[0] if promoted else None)


def check_in_registration(
    *,
    registration: Registration,
    now: datetime.datetime,
    user: AbstractBaseUser | None,
    rng: random.Random,
) -> Team:
    """Check a confirmed pair in on the day (« pointer »): register its team, as the
    team list does (services/registration.py: next number, drawn lot, each player linked
    to the registry of the concours' club when it has one: the record of that name, else
    a new one), mark it present, and return the team.

    Raises ServiceError ``registration_waiting``, ``registration_cancelled``,
    ``registration_checked_in`` (param number), or any refusal of
    :func:`~tournaments.services.registration.register_team` (``same_pair`` when the
    team was registered by hand already, ``no_round_left``, ``player_in_team`` when a
    player's record is in another team already); nothing is saved then.
    """
    with transaction.atomic():
        registration = lock_registration(registration)
        _check_changeable(registration)
        if registration.status == Status.WAITING:
            raise ServiceError(Refusal.REGISTRATION_WAITING)
        data = TeamData(
            registration.player_1,
            registration.player_2,
            registration.club,
            # Its players join the club's registry, as a team typed at the desk does.
            links_registry=registration.tournament.club_id is not None,
        )
        team = register_team(tournament=registration.tournament, data=data, rng=rng)
        set_checked_in(team=team, is_checked_in=True)
        registration.team = team
        set_audit(registration, action=AuditAction.CHECKED_IN, now=now, user=user)
        registration.save(update_fields=["team"])
    return team


def check_in_melee_registration(
    *, registration: Registration, now: datetime.datetime, user: AbstractBaseUser | None
) -> MeleePlayer:
    """Check a confirmed mêlée player in on the day (« pointer », RULES.md §H) and return
    the :class:`~tournaments.models.MeleePlayer`, present.

    The player is registered as the players page registers one
    (:func:`~tournaments.services.register_melee_players`: the next free number, lot 0,
    the club by its name); a player of the same name (in any case) registered there
    already, and checked in from no other registration, is linked instead and marked
    present. Raises ServiceError ``not_melee``, ``player_waiting``,
    ``registration_cancelled``, ``player_checked_in`` (param number),
    ``duplicate_player_name`` (param name: the player of that name is another
    registration's) or a refusal of ``register_melee_players``; nothing is saved then.
    """
    with transaction.atomic():
        registration = lock_registration(registration)
        _check_changeable(registration)
        if not is_melee(tournament=registration.tournament):
            raise ServiceError(Refusal.NOT_MELEE)
        if registration.status == Status.WAITING:
            raise ServiceError(Refusal.PLAYER_WAITING)
        player = _melee_player(registration)
        registration.melee_player = player
        set_audit(registration, action=AuditAction.CHECKED_IN, now=now, user=user)
        registration.save(update_fields=["melee_player"])
    return player


def _melee_player(registration: Registration) -> MeleePlayer:
    """Return the mêlée player of ``registration``'s name, present: the one registered
    at the desk, else a new one."""
    name = registration.player_1.casefold()
    players = MeleePlayer.objects.filter(tournament_id=registration.tournament_id)
    for player in players.select_related("registration"):
        if player.name.casefold() == name:
            if hasattr(player, "registration"):
                raise ServiceError(Refusal.DUPLICATE_PLAYER_NAME, name=player.name)
            return set_melee_player_present(player=player, is_present=True)
    data = MeleePlayerData(name=registration.player_1, club=registration.club)
    (player,) = register_melee_players(tournament=registration.tournament, players=[data], rng=None)
    return player
