"""Season challenges (RULES.md §I): create one, change its formula, add and remove concours.

Every write holds the club's lock (:func:`tournaments.services.locks.lock_club`), so two
organisers adding concours at once never give two the same place. Only finished concours
(every round closed) of the challenge's own club join it; nothing about a concours is
copied: the ranking is computed on every read (tournaments/selectors/challenges.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.text import slugify

from tournaments.models import Challenge, ChallengeConcours, Club, Tournament
from tournaments.selectors.challenges import is_finished_concours
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_club

#: The formula's fields (model names), as the form gives them.
FORMULA_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "points_bye",
    "counts_scored_points",
    "rank_points",
    "best_of",
    "minimum",
)


def _unique_slug(name: str) -> str:
    base = slugify(name)[:150] or "challenge"
    slug, n = base, 1
    while Challenge.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _check_name(club: Club, name: str, exclude_pk: int | None = None) -> None:
    # Case ignored, in Python: SQLite's LIKE folds ASCII letters only (« Été » / « été »).
    others = Challenge.objects.filter(club=club)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    for other in others.values_list("name", flat=True):
        if other.casefold() == name.casefold():
            raise ServiceError(Refusal.CHALLENGE_EXISTS, name=other)


def create_challenge(*, club: Club, name: str, formula: dict[str, Any]) -> Challenge:
    """Create the challenge ``name`` of ``club`` with ``formula`` (:data:`FORMULA_FIELDS`)
    and no concours yet.

    Raises ServiceError ``challenge_exists`` (name: the existing one's) when the club has
    one of that name, case ignored,
    ValidationError for a formula value out of range (the form refuses those first);
    nothing is saved then.
    """
    with transaction.atomic():
        club = lock_club(club)
        _check_name(club, name)
        challenge = Challenge(club=club, name=name, slug=_unique_slug(name), **formula)
        challenge.full_clean(validate_unique=False, validate_constraints=False)
        challenge.save()
    return challenge


def update_challenge(*, challenge: Challenge, name: str, formula: dict[str, Any]) -> Challenge:
    """Rename ``challenge`` and change its formula; the ranking follows at once.

    Raises like :func:`create_challenge`; nothing is saved then.
    """
    with transaction.atomic():
        lock_club(challenge.club)
        challenge = Challenge.objects.get(pk=challenge.pk)
        _check_name(challenge.club, name, challenge.pk)
        challenge.name = name
        for key, value in formula.items():
            setattr(challenge, key, value)
        challenge.full_clean(validate_unique=False, validate_constraints=False)
        challenge.save()
    return challenge


@dataclass(frozen=True)
class ConcoursAdded:
    """What :func:`add_concours` did: the concours and its place in the challenge."""

    tournament: Tournament
    position: int


def add_concours(*, challenge: Challenge, tournament: Tournament) -> ConcoursAdded:
    """Add ``tournament`` to ``challenge``, after its other concours.

    Raises ServiceError ``concours_other_club`` (tournament: its name) for a concours of
    another club (or of none), ``concours_unfinished`` (tournament) for one with a round
    not drawn or not closed, ``concours_in_challenge`` (tournament) for one already in it;
    nothing is saved then.
    """
    with transaction.atomic():
        lock_club(challenge.club)
        if tournament.club_id != challenge.club_id:
            raise ServiceError(Refusal.CONCOURS_OTHER_CLUB, tournament=tournament.name)
        if not is_finished_concours(tournament):
            raise ServiceError(Refusal.CONCOURS_UNFINISHED, tournament=tournament.name)
        entries = ChallengeConcours.objects.filter(challenge=challenge)
        if entries.filter(tournament=tournament).exists():
            raise ServiceError(Refusal.CONCOURS_IN_CHALLENGE, tournament=tournament.name)
        last = entries.aggregate(last=Max("position"))["last"] or 0
        entry = ChallengeConcours(challenge=challenge, tournament=tournament, position=last + 1)
        entry.full_clean(validate_unique=False, validate_constraints=False)
        entry.save()
    return ConcoursAdded(tournament, entry.position)


def remove_concours(*, challenge: Challenge, tournament: Tournament) -> Tournament:
    """Take ``tournament`` out of ``challenge``; the later concours move up one place.

    Raises ServiceError ``concours_not_in_challenge`` (tournament) when it is not in it.
    """
    with transaction.atomic():
        lock_club(challenge.club)
        entries = ChallengeConcours.objects.filter(challenge=challenge)
        entry = entries.filter(tournament=tournament).first()
        if entry is None:
            raise ServiceError(Refusal.CONCOURS_NOT_IN_CHALLENGE, tournament=tournament.name)
        entry.delete()
        for later in entries.filter(position__gt=entry.position).order_by("position"):
            later.position -= 1
            later.save(update_fields=["position"])
    return tournament
