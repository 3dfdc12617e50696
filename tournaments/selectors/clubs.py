"""Clubs as their pages show them: a club's concours, its organisers, an organiser's clubs.

:func:`club_tournaments` is what a club's public page lists. Season challenges (RULES.md
§I, several concours of one club) choose their concours among these.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import Prefetch, QuerySet

from tournaments.models import Club, Tournament


def club_tournaments(*, club: Club) -> QuerySet[Tournament]:
    """Return the concours ``club`` organises, most recent first, then by name."""
    return Tournament.objects.filter(club=club).order_by("-date", "name")


def club_organisers(*, club: Club) -> QuerySet[User]:
    """Return the accounts that organise ``club``, by username."""
    return get_user_model().objects.filter(organised_clubs=club).order_by("username")


def organiser_clubs(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Club]:
    """Return the clubs ``user`` may run, by name: every club for a superuser, the clubs
    she organises for another account, none for a visitor who is not signed in."""
    if not user.is_authenticated:
        return Club.objects.none()
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    return Club.objects.filter(organisers=user.pk)


def organiser_clubs_with_tournaments(user: AbstractBaseUser | AnonymousUser) -> list[Club]:
    """Return :func:`organiser_clubs` with each club's concours (most recent first) in
    ``club.listed_tournaments``: two queries, whatever the number of clubs."""
    listed = Prefetch(
        "tournaments",
        queryset=Tournament.objects.order_by("-date", "name"),
        to_attr="listed_tournaments",
    )
    return list(organiser_clubs(user).prefetch_related(listed))


def is_club_organiser(user: AbstractBaseUser | AnonymousUser, club: Club) -> bool:
    """Return True when ``user`` may change ``club``: one of its organisers, or a superuser."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return club.organisers.filter(pk=user.pk).exists()
