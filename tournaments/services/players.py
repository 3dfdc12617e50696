"""The registry of players a club keeps: register, edit and merge its records.

Every write holds the club's lock (:func:`tournaments.services.locks.lock_club`) and is
audited on the record's history (who, when, :class:`AuditAction`). A licence number is
unique within a club's registry. Merging two records of one person moves every link to
the record kept (the teams of both, so its page counts both histories) and deletes the
other; it is refused for one record into itself, two clubs' records, or two records that
played together or in two teams of one concours (two people, then).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from tournaments.models import AuditAction, Club, Player, set_audit
from tournaments.selectors.players import player_merge_blockers
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_club
from tournaments.text import clean_licence, clean_name


@dataclass(frozen=True)
class PlayerData:
    """A player's record as a form, a team form or an import gives it (cleaned on save)."""

    last_name: str
    first_name: str = ""
    licence: str = ""
    home_club: str = ""


def _cleaned(data: PlayerData) -> PlayerData:
    return PlayerData(
        last_name=clean_name(data.last_name),
        first_name=clean_name(data.first_name),
        licence=clean_licence(data.licence),
        home_club=clean_name(data.home_club),
    )


def _check(club: Club, data: PlayerData, exclude: Player | None = None) -> None:
    if not data.last_name:
        raise ServiceError(Refusal.PLAYER_LAST_NAME)
    if data.licence:
        holder = Player.objects.filter(club=club, licence=data.licence)
        if exclude is not None:
            holder = holder.exclude(pk=exclude.pk)
        found = holder.first()
        if found is not None:
            raise ServiceError(Refusal.LICENCE_TAKEN, licence=data.licence, player=str(found))


def add_player(
    *, club: Club, data: PlayerData, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Player:
    """Create a record in ``club``'s registry; the club's lock must be held (inside
    :func:`create_player` or a team registration). Raises like :func:`create_player`."""
    data = _cleaned(data)
    _check(club, data)
    player = Player(club=club, **data.__dict__)
    player.full_clean(validate_unique=False, validate_constraints=False)
    set_audit(player, action=AuditAction.PLAYER_CREATED, now=now, user=user)
    player.save()
    return player


def create_player(
    *, club: Club, data: PlayerData, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Player:
    """Register a player in ``club``'s registry and return the record.

    Names and the licence number are cleaned (:func:`tournaments.text.clean_name`,
    :func:`tournaments.text.clean_licence`). Raises ServiceError ``player_last_name``
    for a blank last name, ``licence_taken`` (licence, player) when another record of
    the club has that licence number; nothing is saved then.
    """
    with transaction.atomic():
        club = lock_club(club)
        return add_player(club=club, data=data, now=now, user=user)


def update_player(
    *,
    player: Player,
    data: PlayerData,
    now: datetime.datetime,
    user: AbstractBaseUser | None = None,
) -> Player:
    """Change a record's names, licence number or home club; raises like
    :func:`create_player` (the record's own licence number is not a duplicate)."""
    with transaction.atomic():
        lock_club(player.club)
        player = Player.objects.select_for_update().get(pk=player.pk)
        data = _cleaned(data)
        _check(player.club, data, exclude=player)
        for name, value in data.__dict__.items():
            setattr(player, name, value)
        player.full_clean(validate_unique=False, validate_constraints=False)
        set_audit(player, action=AuditAction.PLAYER_EDITED, now=now, user=user)
        player.save()
    return player


@dataclass(frozen=True)
class Merge:
    """A merge done: the record kept (as saved), and how many links moved to it
    (``links``: team places, and any other record pointing at the merged player)."""

    kept: Player
    links: int


def merge_players(
    *,
    merged: Player,
    kept: Player,
    now: datetime.datetime,
    user: AbstractBaseUser | None = None,
    reason: str = "",
) -> Merge:
    """Merge ``merged`` into ``kept`` (two records of one person) and return the merge.

    Every link to ``merged`` moves to ``kept``: the teams it played in (so ``kept``'s
    page counts both histories), and any other model's foreign key to Player. ``kept``
    keeps its own names and licence number and takes ``merged``'s where its own are
    empty. ``merged`` is deleted; both records' histories say who merged, when, and
    ``reason`` (what the organiser typed, or "").

    Raises ServiceError ``merge_into_itself``, ``merge_other_club`` (two registries),
    ``player_gone`` (a record merged or deleted meanwhile), ``merge_partners``
    (tournament, number: they played in one team) or ``merge_same_tournament``
    (tournament, numbers: they played one concours in two teams); nothing is saved then.
    """
    if merged.pk == kept.pk:
        raise ServiceError(Refusal.MERGE_INTO_ITSELF)
    if merged.club_id != kept.club_id:
        raise ServiceError(Refusal.MERGE_OTHER_CLUB)
    with transaction.atomic():
        lock_club(kept.club)
        locked = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[merged.pk, kept.pk])
        }
        if len(locked) != 2:
            raise ServiceError(Refusal.PLAYER_GONE)
        merged, kept = locked[merged.pk], locked[kept.pk]
        blocker = player_merge_blockers(merged=merged, kept=kept)
        if blocker is not None and not blocker[2]:
            raise ServiceError(Refusal.MERGE_PARTNERS, tournament=blocker[0], number=blocker[1])
        if blocker is not None:
            raise ServiceError(
                Refusal.MERGE_SAME_TOURNAMENT,
                tournament=blocker[0],
                numbers=(blocker[1], blocker[2]),
            )
        links = _move_links(merged, kept)
        for name in ("first_name", "licence", "home_club"):
            if not getattr(kept, name):
                setattr(kept, name, getattr(merged, name))
        set_audit(merged, action=AuditAction.PLAYER_MERGED, now=now, user=user, reason=reason)
        merged.delete()
        set_audit(kept, action=AuditAction.PLAYER_MERGED, now=now, user=user, reason=reason)
        kept.save()
    return Merge(kept=kept, links=links)


def _move_links(merged: Player, kept: Player) -> int:
    """Point every foreign key to ``merged`` at ``kept``; return how many rows moved.

    Read from the model's relations, so a model added later (a season challenge's entry)
    follows the merge too. Histories hold no foreign key to Player (only its id).
    """
    moved = 0
    for relation in Player._meta.related_objects:
        if relation.many_to_many or relation.field.model is Player:
            continue
        model = relation.related_model
        assert not isinstance(model, str)  # resolved once the apps are loaded
        name = relation.field.name
        moved += model._base_manager.filter(**{name: merged}).update(**{name: kept})
    return moved
