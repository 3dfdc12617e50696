"""Clubs and their organisers: create and rename a club, add and remove a co-organiser.

An organiser may change only the clubs she organises (the views look them up so). A
co-organiser's account is made here with an unusable password: the laptop sends no
e-mail, so the organiser hands over a one-time link (:func:`set_password_path`) where the
new organiser chooses a password (django.contrib.auth's ``password_reset_confirm``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tournaments.models import Club, Tournament
from tournaments.services.cache import results_changed
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_club
from tournaments.text import clean_name


@dataclass(frozen=True)
class OrganiserAdded:
    """What :func:`add_organiser` did: ``user`` organises the club now; ``is_new_account``
    is True when the account was made for it (its password still to set), False when an
    existing account was added (its password unchanged, no link)."""

    user: User
    is_new_account: bool


def _check_club_name(name: str, exclude_pk: int | None = None) -> str:
    """Return ``name`` cleaned; raise ``club_name_missing`` when it is empty, ``club_exists``
    when another club has it, whatever the case ("club a" is "Club A")."""
    name = clean_name(name)
    if not name:
        raise ServiceError(Refusal.CLUB_NAME_MISSING)
    # Compared here, not by the database: SQLite's case-insensitive match folds only
    # ASCII letters, so « DÉMONSTRATION » would pass for a new name.
    others = Club.objects.exclude(pk=exclude_pk) if exclude_pk is not None else Club.objects
    key = name.casefold()
    for taken in others.values_list("name", flat=True):
        if taken.casefold() == key:
            raise ServiceError(Refusal.CLUB_EXISTS, name=taken)
    return name


def create_club(*, name: str, organiser: User) -> Club:
    """Create the club ``name`` (cleaned by :func:`tournaments.text.clean_name`) with
    ``organiser`` as its first organiser, and return it; its slug is made from the name.

    Raises ServiceError ``club_name_missing`` or ``club_exists`` (naming the club that has
    the name, compared without case).
    """
    with transaction.atomic():
        club = Club(name=_check_club_name(name))
        club.full_clean(exclude=["slug"], validate_unique=False, validate_constraints=False)
        try:
            # Another organiser may have created it meanwhile (PostgreSQL runs the two
            # checks at once; the unique name then refuses the second one).
            with transaction.atomic():
                club.save()
        except IntegrityError:
            raise ServiceError(Refusal.CLUB_EXISTS, name=club.name) from None
        club.organisers.add(organiser)
    return club


def rename_club(*, club: Club, name: str) -> Club:
    """Rename ``club`` to ``name`` (cleaned) and return it; its slug, so its address, stays.

    Every concours the club organises or one of its teams plays in gets a new results
    version (services/cache.py): their public pages show the club's name. Raises
    ServiceError ``club_name_missing`` or ``club_exists``, like :func:`create_club`.
    """
    with transaction.atomic():
        # The tournaments before the club (services/locks.py).
        shown_in = Tournament.objects.filter(Q(club=club) | Q(teams__club=club))
        for tournament in sorted(set(shown_in.values_list("pk", flat=True))):
            results_changed(tournament)
        club = lock_club(club)
        club.name = _check_club_name(name, exclude_pk=club.pk)
        club.full_clean(exclude=["slug"], validate_unique=False, validate_constraints=False)
        club.save(update_fields=["name"])
    return club


def add_organiser(*, club: Club, username: str, full_name: str) -> OrganiserAdded:
    """Make the account ``username`` an organiser of ``club``.

    A new username gets a new account (``full_name`` as its first name, an unusable
    password until its owner opens :func:`set_password_path`). An existing account is
    added as it is: its name and password do not change, and no link is made for it (a
    link would let whoever holds it take the account). Raises ServiceError
    ``already_organiser`` when the account organises the club already, ``username_missing``
    for an empty username.
    """
    username = username.strip()
    if not username:
        raise ServiceError(Refusal.USERNAME_MISSING)
    with transaction.atomic():
        club = lock_club(club)
        users = get_user_model().objects
        # Usernames differ by more than case: « Organisateur » is the account
        # « organisateur », not a second one.
        user = users.filter(username__iexact=username).first()
        is_new = user is None
        if user is None:
            user = users.create_user(username=username, first_name=clean_name(full_name))
        elif club.organisers.filter(pk=user.pk).exists():
            raise ServiceError(Refusal.ALREADY_ORGANISER, username=username)
        club.organisers.add(user)
    return OrganiserAdded(user=user, is_new_account=is_new)


def remove_organiser(*, club: Club, user: User) -> None:
    """Stop ``user`` organising ``club``; the account stays (it may organise other clubs).

    Raises ServiceError ``not_organiser`` when the account does not organise the club,
    ``last_organiser`` when it is the club's only organiser (the club would have nobody
    to run it).
    """
    with transaction.atomic():
        club = lock_club(club)
        organisers = club.organisers.all()
        if not organisers.filter(pk=user.pk).exists():
            raise ServiceError(Refusal.NOT_ORGANISER, username=user.get_username())
        if organisers.count() == 1:
            raise ServiceError(Refusal.LAST_ORGANISER, username=user.get_username())
        club.organisers.remove(user)


def set_password_path(user: User) -> str:
    """Return the path of the one-time page where ``user`` chooses a password.

    It is django.contrib.auth's ``password_reset_confirm`` with a
    :class:`~django.contrib.auth.tokens.PasswordResetTokenGenerator` token: the token is
    made from the password and the last login, so it stops working once used (or after
    settings.PASSWORD_RESET_TIMEOUT).
    """
    uidb64 = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("password_reset_confirm", kwargs={"uidb64": uidb64, "token": token})


def new_password_link(*, club: Club, user: User) -> str:
    """Return a new one-time set-password path (:func:`set_password_path`) for ``user``,
    an organiser of ``club`` who has not chosen a password yet (the first link was lost).
    Nothing is written.

    Raises ServiceError ``not_organiser`` when the account does not organise the club,
    ``password_already_set`` when it has a password (its owner logs in with it).
    """
    if not club.organisers.filter(pk=user.pk).exists():
        raise ServiceError(Refusal.NOT_ORGANISER, username=user.get_username())
    if user.has_usable_password():
        raise ServiceError(Refusal.PASSWORD_ALREADY_SET, username=user.get_username())
    return set_password_path(user)
