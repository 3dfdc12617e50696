"""Parties of a mêlée run at the desk: draw, swap two players, publish (RULES.md §H).

As for doublettes (services/draws.py), a partie is drawn as a draft round, checked and
changed by the organiser, then published. The draft of a mêlée is a
:class:`~tournaments.models.MeleeDraft` (player ids as :mod:`tournaments.melee` gives
them): publishing turns it, in one transaction under the tournament lock, into a
:class:`~tournaments.models.Team` and a :class:`~tournaments.models.MeleePair` for each
pair, a :class:`~tournaments.models.Match` for each table and a
:class:`~tournaments.models.SitOut` for each player sitting out. From then on the round
desk, the sheets, the phones and the confirmation work on the pair teams as on any team;
closing and reopening the partie are those of services/draws.py, and so is discarding a
draft (its MeleeDraft goes with the round).

Partie 1 is drawn at random from a seed stored on the round (``Round.seed``), over the
player numbers, so that a seed gives the same tables for the same numbers; later parties
by individual standing, with no repeated partner and as few repeated opponents as the
players present allow (:func:`tournaments.melee.draw_partie_by_standings`).
"""

from __future__ import annotations

import datetime
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, Q

from tournaments import melee
from tournaments.models import (
    Match,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Round,
    SitOut,
    Team,
    Tournament,
)
from tournaments.selectors import melee_history, melee_standings, present_melee_players
from tournaments.services.cache import results_changed
from tournaments.services.draws import SEED_BITS, lock_draft, publish_round
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_tournament

_REFUSALS = {
    melee.MeleeDrawErrorCode.SAME_PLAYER: Refusal.SAME_PLAYER,
    melee.MeleeDrawErrorCode.UNKNOWN_PLAYER: Refusal.UNKNOWN_PLAYER,
    melee.MeleeDrawErrorCode.TOO_FEW_PLAYERS: Refusal.TOO_FEW_PLAYERS,
}


def draw_melee_partie(*, tournament: Tournament, seed: int | None = None) -> Round:
    """Draw the next partie of a mêlée as a draft and return its round (RULES.md §H).

    The players present and not withdrawn are drawn. Partie 1 is random from ``seed`` (a
    new random one when None), stored on the round; later parties are drawn by the
    individual standings of the confirmed results, from who partnered, opposed and sat
    out in the parties published so far. The tournament row is locked, so a double click
    draws once.

    Raises ServiceError ``round_open`` (the last partie is not closed),
    ``all_rounds_drawn`` or ``too_few_players`` (fewer than four present).
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        last = tournament.rounds.order_by("-number").first()
        if last is not None and last.status != Round.Status.CLOSED:
            raise ServiceError(Refusal.ROUND_OPEN, number=last.number)
        number = 1 if last is None else last.number + 1
        if number > tournament.number_of_rounds:
            raise ServiceError(Refusal.ALL_ROUNDS_DRAWN, rounds=tournament.number_of_rounds)
        players = present_melee_players(tournament=tournament)
        if len(players) < melee.TABLE_SIZE:
            raise ServiceError(Refusal.TOO_FEW_PLAYERS)
        if number == 1:
            seed = secrets.randbits(SEED_BITS) if seed is None else seed
            by_number = {player.number: player.pk for player in players}
            draw = _renamed(
                melee.draw_random_partie(list(by_number), random.Random(seed)), by_number
            )
        else:
            seed = None
            present = {player.pk for player in players}
            ranked = [
                s.player.pk
                for s in melee_standings(tournament=tournament)
                if s.player.pk in present
            ]
            history = melee_history(tournament=tournament)
            draw = melee.draw_partie_by_standings(
                ranked,
                partnered=history.partnered,
                opposed=history.opposed,
                sit_out_counts=history.sit_out_counts,
            )
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.DRAFT, seed=seed
        )
        MeleeDraft.objects.create(round=round_, draw=_draw_to_json(draw))
        results_changed(tournament)
    return round_


def _renamed(draw: melee.MeleeDraw, ids: Mapping[int, int]) -> melee.MeleeDraw:
    """Return ``draw`` (drawn over player numbers) with each number replaced by ``ids``."""

    def pair(numbers: tuple[int, int]) -> tuple[int, int]:
        return (ids[numbers[0]], ids[numbers[1]])

    return melee.MeleeDraw(
        tables=tuple(
            melee.MeleeTable(
                table_number=table.table_number,
                pair_a=pair(table.pair_a),
                pair_b=pair(table.pair_b),
            )
            for table in draw.tables
        ),
        sit_outs=tuple(ids[number] for number in draw.sit_outs),
    )


def _draw_to_json(draw: melee.MeleeDraw) -> dict[str, Any]:
    """Return ``draw`` as a :class:`~tournaments.models.MeleeDraft` stores it."""
    return {
        "tables": [
            {
                "table_number": table.table_number,
                "pair_a": list(table.pair_a),
                "pair_b": list(table.pair_b),
                "repeated_partners": [list(pair) for pair in table.repeated_partners],
                "repeated_opponents": [list(pair) for pair in table.repeated_opponents],
            }
            for table in draw.tables
        ],
        "sit_outs": list(draw.sit_outs),
    }


def _draw_from_json(data: Mapping[str, Any]) -> melee.MeleeDraw:
    """Return the draw a :class:`~tournaments.models.MeleeDraft` stores (the inverse of
    :func:`_draw_to_json`)."""

    def couples(pairs: list[list[int]]) -> tuple[tuple[int, int], ...]:
        return tuple((first, second) for first, second in pairs)

    return melee.MeleeDraw(
        tables=tuple(
            melee.MeleeTable(
                table_number=table["table_number"],
                pair_a=(table["pair_a"][0], table["pair_a"][1]),
                pair_b=(table["pair_b"][0], table["pair_b"][1]),
                repeated_partners=couples(table.get("repeated_partners", [])),
                repeated_opponents=couples(table.get("repeated_opponents", [])),
            )
            for table in data.get("tables", [])
        ),
        sit_outs=tuple(data.get("sit_outs", [])),
    )


@dataclass(frozen=True)
class MeleeSwap:
    """What a swap in a mêlée draft did (player numbers): ``repeat_tables`` are the
    tables where it seats two players who have already partnered or opposed."""

    round: Round
    first: int
    second: int
    repeat_tables: tuple[int, ...]


def swap_melee_players(*, round: Round, first: int, second: int) -> MeleeSwap:
    """Swap two players of a mêlée draft, given by their numbers (either may be sitting
    out: the other then sits out), and save the draft.

    The first swap also keeps, as ``drawn_partners``, the repeated partnerships the draw
    itself made, so that the desk tells them from the ones a swap made
    (:func:`tournaments.selectors.melee_draft`).

    Raises ServiceError ``not_draft`` (published), ``draft_discarded``, ``same_player``,
    ``unknown_player`` (number: a number not seated nor sitting out) or
    ``absent_player_seated`` (number: the swap would seat at a table a player absent or
    withdrawn since the draw; swapping them onto the sit-out list is accepted); nothing
    is saved then.
    """
    with transaction.atomic():
        round_ = lock_draft(round)
        draft = MeleeDraft.objects.select_for_update().filter(round=round_).first()
        if draft is None:
            raise ServiceError(Refusal.NOT_DRAFT, number=round_.number)
        players = MeleePlayer.objects.filter(tournament_id=round_.tournament_id)
        ids = dict(players.values_list("number", "pk"))
        away = set(
            players.filter(Q(is_checked_in=False) | Q(is_withdrawn=True)).values_list(
                "pk", flat=True
            )
        )
        if first == second:
            raise ServiceError(Refusal.SAME_PLAYER)
        for number in (first, second):
            if number not in ids:
                raise ServiceError(Refusal.UNKNOWN_PLAYER, number=number)
        history = melee_history(tournament=round_.tournament)
        before = _draw_from_json(draft.draw)
        try:
            after = melee.swap_players(
                before,
                ids[first],
                ids[second],
                partnered=history.partnered,
                opposed=history.opposed,
            )
        except melee.MeleeDrawError as error:
            numbers = {pk: number for number, pk in ids.items()}
            raise ServiceError(_REFUSALS[error.code], number=numbers[error.player_ids[0]]) from None
        numbers = {pk: number for number, pk in ids.items()}
        for table in after.tables:
            for pk in table.players:
                if pk in away and pk in (ids[first], ids[second]):
                    raise ServiceError(Refusal.ABSENT_PLAYER_SEATED, number=numbers[pk])
        drawn = draft.draw.get("drawn_partners")
        if drawn is None:  # the first swap keeps the repeats the draw itself made
            drawn = [list(pair) for table in before.tables for pair in table.repeated_partners]
        draft.draw = {**_draw_to_json(after), "drawn_partners": drawn}
        draft.save(update_fields=["draw"])
        results_changed(round_.tournament_id)
    moved = {ids[first], ids[second]}
    repeats = tuple(
        table.table_number
        for table in after.tables
        if (table.repeated_partners or table.repeated_opponents) and moved & set(table.players)
    )
    return MeleeSwap(round=round_, first=first, second=second, repeat_tables=repeats)


def publish_draft(*, round: Round, now: datetime.datetime) -> Round:
    """Publish a draft: a mêlée partie (its pairs, tables and sit-outs saved first) or a
    doublettes round (:func:`~tournaments.services.publish_round`).

    For a mêlée, in one transaction under the tournament lock: each pair becomes a Team
    numbered after every earlier pair, named after its two players, with its MeleePair;
    each table a Match of its two pairs; each player sitting out a SitOut. Raises
    ServiceError ``not_draft``, ``draft_discarded``, ``player_seated_twice`` (number) when
    the draft seats a player twice, ``player_not_present`` (number) when a player seated
    at a table withdrew or left since the draw; nothing is saved then. A player of the
    sit-out list who withdrew or left since the draw is dropped from it: no SitOut, so no
    sit-out credit (RULES.md §E/§H: a withdrawn player is not drawn again).
    """
    with transaction.atomic():
        round_ = lock_draft(round)
        draft = MeleeDraft.objects.filter(round=round_).first()
        if draft is not None:
            _save_partie(round_, _draw_from_json(draft.draw))
            draft.delete()
        return publish_round(round=round_, now=now)


def _save_partie(round_: Round, draw: melee.MeleeDraw) -> None:
    """Save a mêlée draft's pairs, matches and sit-outs (the tournament locked)."""
    players = {
        player.pk: player
        for player in MeleePlayer.objects.filter(tournament_id=round_.tournament_id)
    }
    seated = {p for table in draw.tables for p in table.players}
    seen: set[int] = set()
    for pk in (*(p for table in draw.tables for p in table.players), *draw.sit_outs):
        player = players.get(pk)
        if player is None:
            raise ValueError(f"player {pk} is not in this concours")
        if pk in seen:
            raise ServiceError(Refusal.PLAYER_SEATED_TWICE, number=player.number)
        seen.add(pk)
        if pk in seated and (not player.is_checked_in or player.is_withdrawn):
            raise ServiceError(Refusal.PLAYER_NOT_PRESENT, number=player.number)
    last = Team.every_team.filter(tournament_id=round_.tournament_id).aggregate(n=Max("number"))
    number = last["n"] or 0
    for table in draw.tables:
        teams = []
        for first, second in (table.pair_a, table.pair_b):
            number += 1
            team = Team.every_team.create(
                tournament_id=round_.tournament_id,
                number=number,
                player_1=players[first].name,
                player_2=players[second].name,
                first_round=round_.number,
                is_checked_in=True,
            )
            MeleePair.objects.create(
                team=team, round=round_, player_1=players[first], player_2=players[second]
            )
            teams.append(team)
        Match.objects.create(
            round=round_,
            table_number=table.table_number,
            team_a=teams[0],
            team_b=teams[1],
        )
    SitOut.objects.bulk_create(
        SitOut(round=round_, player=players[pk])
        for pk in draw.sit_outs
        if players[pk].is_checked_in and not players[pk].is_withdrawn
    )
