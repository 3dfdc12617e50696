"""Concours à la mêlée (RULES.md §H): players registered alone, and parties already played.

A mêlée's players are :class:`~tournaments.models.MeleePlayer` rows. Each partie seats
them by fours as two pairs; each pair plays as a :class:`~tournaments.models.Team` with
its :class:`~tournaments.models.MeleePair`, so that the partie is recorded by
:func:`tournaments.services.record_played_round` as any other, match by match. The
players present with no seat sit out (:class:`~tournaments.models.SitOut`).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

import scoring
from tournaments.models import (
    DealEntry,
    MeleeConcours,
    MeleePair,
    MeleePlayer,
    Round,
    SitOut,
    Team,
    Tournament,
)
from tournaments.services.cache import results_changed
from tournaments.services.deals import NOBODY, Author
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_tournament
from tournaments.services.played_rounds import PlayedMatch, record_played_round
from tournaments.services.registration import LOT_RANGE, register_club
from tournaments.text import clean_name


@dataclass(frozen=True)
class MeleePlayerData:
    """One mêlée player as a form or an import gives it; ``number`` None means "next free"."""

    name: str
    club: str = ""
    number: int | None = None


@dataclass(frozen=True)
class PlayedMeleeTable:
    """One table of a mêlée partie already played: its number, pair A and pair B (two
    players each), and its deals as ``(deal number, entry)`` pairs or its sheet's
    ``totals`` (RULES.md §G), as :class:`~tournaments.services.PlayedMatch` takes them."""

    table_number: int
    pair_a: tuple[MeleePlayer, MeleePlayer]
    pair_b: tuple[MeleePlayer, MeleePlayer]
    entries: Sequence[tuple[int, DealEntry]] = ()
    totals: scoring.MatchTotals | None = None


def register_melee_players(
    *, tournament: Tournament, players: Iterable[MeleePlayerData], rng: random.Random | None
) -> list[MeleePlayer]:
    """Register mêlée players in one transaction and return them, present (RULES.md §H).

    Numbers are assigned when missing (the next free one); each player draws a lot with
    ``rng``, the last tie-break of the standings (``None``: lot 0 for all, so the player
    number decides, lowest first, as in an imported mêlée, RULES.md §H). Raises ServiceError ``missing_name`` for a blank
    name, ``duplicate_player_number`` (number) for a number taken,
    ``duplicate_player_name`` (name) for a name registered twice (compared ignoring
    case), ``has_teams`` when the concours has registered teams (doublettes and mêlée do
    not mix); nothing is saved.
    """
    created: list[MeleePlayer] = []
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        results_changed(tournament)
        if tournament.teams.exists():
            raise ServiceError(Refusal.HAS_TEAMS)
        taken = set(tournament.melee_players.values_list("number", flat=True))
        names = {
            name.casefold() for name in tournament.melee_players.values_list("name", flat=True)
        }
        for data in players:
            name = clean_name(data.name)
            if not name:
                raise ServiceError(Refusal.MISSING_NAME)
            if name.casefold() in names:
                raise ServiceError(Refusal.DUPLICATE_PLAYER_NAME, name=name)
            names.add(name.casefold())
            number = data.number if data.number is not None else max(taken, default=0) + 1
            if number in taken:
                raise ServiceError(Refusal.DUPLICATE_PLAYER_NUMBER, number=number)
            taken.add(number)
            player = MeleePlayer(
                tournament=tournament,
                number=number,
                name=name,
                club=register_club(name=data.club) if clean_name(data.club) else None,
                lot=rng.randrange(LOT_RANGE) if rng is not None else 0,
                is_checked_in=True,
            )
            player.full_clean(validate_unique=False, validate_constraints=False)
            player.save()
            created.append(player)
    return created


def mark_melee(*, tournament: Tournament) -> bool:
    """Record that ``tournament`` is run à la mêlée (RULES.md §H); return True when it was
    not yet marked. Raises ServiceError ``has_teams`` when it has registered teams."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        if tournament.teams.exists():
            raise ServiceError(Refusal.HAS_TEAMS)
        _, created = MeleeConcours.objects.get_or_create(tournament=tournament)
        results_changed(tournament)
    return created


def update_melee_player(*, player: MeleePlayer, data: MeleePlayerData) -> MeleePlayer:
    """Change a mêlée player's name, club and number (``data.number`` None keeps it), and
    return the player as saved.

    Raises ServiceError ``missing_name``, ``duplicate_player_name`` (name) or
    ``duplicate_player_number`` (number), as :func:`register_melee_players`; nothing is
    saved then. The pairs already drawn keep the names they were drawn with.
    """
    with transaction.atomic():
        lock_tournament(player.tournament)
        player = MeleePlayer.objects.get(pk=player.pk)
        others = MeleePlayer.objects.filter(tournament_id=player.tournament_id).exclude(
            pk=player.pk
        )
        name = clean_name(data.name)
        if not name:
            raise ServiceError(Refusal.MISSING_NAME)
        if any(
            name.casefold() == other.casefold() for other in others.values_list("name", flat=True)
        ):
            raise ServiceError(Refusal.DUPLICATE_PLAYER_NAME, name=name)
        number = player.number if data.number is None else data.number
        if others.filter(number=number).exists():
            raise ServiceError(Refusal.DUPLICATE_PLAYER_NUMBER, number=number)
        player.name = name
        player.number = number
        player.club = register_club(name=data.club) if clean_name(data.club) else None
        player.full_clean(validate_unique=False, validate_constraints=False)
        player.save(update_fields=["name", "number", "club"])
        results_changed(player.tournament_id)
    return player


def set_melee_player_present(*, player: MeleePlayer, is_present: bool) -> MeleePlayer:
    """Check a mêlée player in (present) or out, and return the player as saved: only the
    players present and not withdrawn are drawn (RULES.md §H)."""
    with transaction.atomic():
        lock_tournament(player.tournament)
        player = MeleePlayer.objects.get(pk=player.pk)
        player.is_checked_in = is_present
        player.save(update_fields=["is_checked_in"])
        results_changed(player.tournament_id)
    return player


def set_melee_player_withdrawn(*, player: MeleePlayer, is_withdrawn: bool) -> MeleePlayer:
    """Withdraw a mêlée player (or take the withdrawal back), and return the player as
    saved: a withdrawn player is no longer drawn and ranks last (RULES.md §H); the
    parties already played keep them."""
    with transaction.atomic():
        lock_tournament(player.tournament)
        player = MeleePlayer.objects.get(pk=player.pk)
        player.is_withdrawn = is_withdrawn
        player.save(update_fields=["is_withdrawn"])
        results_changed(player.tournament_id)
    return player


def record_played_melee_round(
    *,
    tournament: Tournament,
    tables: Sequence[PlayedMeleeTable],
    now: datetime.datetime,
    author: Author = NOBODY,
) -> Round:
    """Record the next partie of a mêlée as it was played, and return it closed.

    Each pair becomes a Team of the concours (numbered after every earlier pair, named
    after its two players) with its MeleePair; the tables are then recorded by
    :func:`tournaments.services.record_played_round`, which raises what it raises. The
    players present and not withdrawn with no seat sit out (RULES.md §H). One
    transaction: nothing is saved on a refusal. Raises ValueError for a player of
    another concours, or seated twice.
    """
    with transaction.atomic():
        seated = [player for table in tables for player in (*table.pair_a, *table.pair_b)]
        if len({player.pk for player in seated}) != len(seated):
            raise ValueError("a player is seated twice in the partie")
        if any(player.tournament_id != tournament.pk for player in seated):
            raise ValueError("a player is not in this concours")
        last = Team.every_team.filter(tournament=tournament).aggregate(n=Max("number"))["n"]
        number = last or 0
        next_round = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        played, pairs = [], []
        for table in tables:
            teams = []
            for pair in (table.pair_a, table.pair_b):
                number += 1
                team = Team.every_team.create(
                    tournament=tournament,
                    number=number,
                    player_1=pair[0].name,
                    player_2=pair[1].name,
                    first_round=next_round,
                    is_checked_in=True,
                )
                teams.append(team)
                pairs.append((team, pair))
            played.append(
                PlayedMatch(
                    table_number=table.table_number,
                    team_a=teams[0],
                    team_b=teams[1],
                    entries=table.entries,
                    totals=table.totals,
                )
            )
        if not played:
            raise ServiceError(Refusal.NOT_ENOUGH_TEAMS)
        round_ = record_played_round(tournament=tournament, matches=played, now=now, author=author)
        MeleePair.objects.bulk_create(
            MeleePair(team=team, round=round_, player_1=pair[0], player_2=pair[1])
            for team, pair in pairs
        )
        seated_ids = {player.pk for player in seated}
        SitOut.objects.bulk_create(
            SitOut(round=round_, player=player)
            for player in tournament.melee_players.filter(is_checked_in=True, is_withdrawn=False)
            if player.pk not in seated_ids
        )
    return round_
