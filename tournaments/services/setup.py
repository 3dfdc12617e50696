"""Tournament set-up: create it, change its settings until round 1 is published (RULES.md §B, §E)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils.text import slugify

import scoring
from tournaments.models import Club, MeleeConcours, Round, Tournament
from tournaments.services.cache import results_changed
from tournaments.services.errors import Refusal, ServiceError

#: Settings that shape scoring, draws or standings: frozen once round 1 is published.
FROZEN_SETTINGS = (
    "rules_preset",
    "match_format",
    "match_format_value",
    "number_of_rounds",
    "bye_credit",
    "bye_credit_value",
    "bye_counts_as_win",
    "ranking",
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
    "match_points_bye",
    "tie_breaks",
    "allows_no_trump_all_trump",
)
#: What the organiser may still change at any time.
FREE_SETTINGS = ("name", "date", "venue", "confirmation_mode", "results_mode")


def is_settings_frozen(tournament: Tournament) -> bool:
    """Return True once a round of ``tournament`` has been published."""
    return tournament.rounds.exclude(status=Round.Status.DRAFT).exists()


def unique_slug(name: str, *, exclude_pk: int | None = None) -> str:
    """Return a URL slug for ``name`` that no other tournament uses."""
    base = slugify(name)[:150] or "concours"
    slug, n = base, 1
    while _other_tournaments(exclude_pk).filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _other_tournaments(exclude_pk: int | None) -> QuerySet[Tournament]:
    tournaments = Tournament.objects.all()
    return tournaments if exclude_pk is None else tournaments.exclude(pk=exclude_pk)


def _check_name(name: str, exclude_pk: int | None = None) -> None:
    if _other_tournaments(exclude_pk).filter(name=name).exists():
        raise ServiceError(Refusal.TOURNAMENT_EXISTS)


def create_tournament(
    *, club: Club | None, settings: dict[str, Any], is_melee: bool = False
) -> Tournament:
    """Create a tournament of ``club`` (None: no organising club) with ``settings`` (model
    field names); ``is_melee`` records that it is run à la mêlée (RULES.md §H,
    :class:`~tournaments.models.MeleeConcours`).

    It stores the latest version of its rule preset, and scores with that version for
    good (RULES.md §B). Raises ServiceError ``tournament_exists`` when the name is taken.
    """
    with transaction.atomic():
        _check_name(settings["name"])
        tournament = Tournament(club=club, slug=unique_slug(settings["name"]), **settings)
        tournament.full_clean(validate_unique=False, validate_constraints=False)
        # After full_clean, which refuses a preset that is not one of the choices.
        tournament.rules_version = scoring.latest_version(tournament.rules_preset)
        tournament.save()
        if is_melee:
            MeleeConcours.objects.create(tournament=tournament)
    return tournament


def update_tournament(*, tournament: Tournament, settings: dict[str, Any]) -> Tournament:
    """Change ``settings``; the frozen ones only while no round is published.

    A new rule preset comes in its latest version (RULES.md §B). Raises ServiceError ``settings_frozen`` (naming the first frozen field changed) or
    ``tournament_exists``.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        changed = [k for k, v in settings.items() if getattr(tournament, k) != v]
        frozen = [k for k in changed if k in FROZEN_SETTINGS]
        if frozen and is_settings_frozen(tournament):
            raise ServiceError(Refusal.SETTINGS_FROZEN, field=frozen[0])
        if "name" in changed:
            _check_name(settings["name"], tournament.pk)
        for key in changed:
            setattr(tournament, key, settings[key])
        tournament.full_clean(validate_unique=False, validate_constraints=False)
        if "rules_preset" in changed:
            tournament.rules_version = scoring.latest_version(tournament.rules_preset)
        tournament.save()
        # The public pages show its name, date and venue, and rank by its settings.
        results_changed(tournament)
    return tournament
