"""Individual standings of a concours à la mêlée, as pages, commands and exports read
them (RULES.md §H)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournaments.melee_standings import MeleeMatchEntry, individual_standings
from tournaments.models import (
    Match,
    MeleeConcours,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Round,
    SitOut,
    Team,
    Tournament,
)
from tournaments.selectors.rounds import SEATED_PLAYERS, round_matches, tournament_matches
from tournaments.selectors.standings import counted_matches, standings_rules
from tournaments.standings import ByeEntry, StandingRow, TeamEntry


@dataclass(frozen=True)
class PlayerStanding:
    """An individual standings row with its player: ``row.byes`` counts sit-outs, and
    ``row.points`` includes their credits (RULES.md §H)."""

    row: StandingRow
    player: MeleePlayer


def is_melee(*, tournament: Tournament) -> bool:
    """Return True when ``tournament`` is played à la mêlée: chosen so at its creation
    (:class:`~tournaments.models.MeleeConcours`), or it has registered players. One query."""
    return (
        Tournament.objects.filter(pk=tournament.pk)
        .filter(
            Exists(MeleeConcours.objects.filter(tournament=OuterRef("pk")))
            | Exists(MeleePlayer.objects.filter(tournament=OuterRef("pk")))
        )
        .exists()
    )


def melee_players(*, tournament: Tournament) -> QuerySet[MeleePlayer]:
    """Return the players of a mêlée by number, their club joined."""
    return tournament.melee_players.select_related("club").order_by("number")


def present_melee_players(*, tournament: Tournament) -> list[MeleePlayer]:
    """Return the players a partie is drawn from: present and not withdrawn, by number."""
    return list(
        tournament.melee_players.filter(is_checked_in=True, is_withdrawn=False).order_by("number")
    )


@dataclass(frozen=True)
class MeleeHistory:
    """What the parties published so far say about the players (ids), for the next draw.

    ``partnered`` and ``opposed`` list each partnership and opposition once per partie
    (pairs of player ids); ``sit_out_counts`` maps a player to their sit-outs.
    """

    partnered: list[tuple[int, int]]
    opposed: list[tuple[int, int]]
    sit_out_counts: Counter[int]


def melee_history(*, tournament: Tournament) -> MeleeHistory:
    """Return who partnered, opposed and sat out in the published or closed parties of
    ``tournament`` (three queries; a draft is left out)."""
    published = Q(round__tournament=tournament) & ~Q(round__status=Round.Status.DRAFT)
    partnered = list(MeleePair.objects.filter(published).values_list("player_1_id", "player_2_id"))
    tables = Match.objects.filter(published).values_list(
        "team_a__melee_pair__player_1_id",
        "team_a__melee_pair__player_2_id",
        "team_b__melee_pair__player_1_id",
        "team_b__melee_pair__player_2_id",
    )
    opposed = [
        (first, second)
        for a_1, a_2, b_1, b_2 in tables
        if a_1 is not None and b_1 is not None
        for first in (a_1, a_2)
        for second in (b_1, b_2)
    ]
    sit_outs = Counter(SitOut.objects.filter(published).values_list("player_id", flat=True))
    return MeleeHistory(partnered=partnered, opposed=opposed, sit_out_counts=sit_outs)


@dataclass(frozen=True)
class DraftMeleeTable:
    """A table of a mêlée draft as the desk shows it: the players of each pair, and the
    repeats the draw could not avoid (or a swap made), as couples of players."""

    table_number: int
    pair_a: tuple[MeleePlayer, MeleePlayer]
    pair_b: tuple[MeleePlayer, MeleePlayer]
    repeated_partners: tuple[tuple[MeleePlayer, MeleePlayer], ...]
    repeated_opponents: tuple[tuple[MeleePlayer, MeleePlayer], ...]
    #: The repeated partners a swap made, not the draw (a part of ``repeated_partners``).
    swapped_partners: tuple[tuple[MeleePlayer, MeleePlayer], ...] = ()


@dataclass(frozen=True)
class DraftMeleePartie:
    """A mêlée draft: its tables by number and who sits out (players)."""

    tables: list[DraftMeleeTable]
    sit_outs: list[MeleePlayer]


def melee_draft(*, round: Round) -> DraftMeleePartie | None:
    """Return the draft of a mêlée partie with its players (two queries), or None when
    ``round`` has no mêlée draft (a doublettes round, or a published partie)."""
    draft = MeleeDraft.objects.filter(round=round).first()
    if draft is None:
        return None
    players = {
        player.pk: player
        for player in MeleePlayer.objects.filter(tournament_id=round.tournament_id).select_related(
            "club"
        )
    }

    def couple(ids: list[int]) -> tuple[MeleePlayer, MeleePlayer]:
        return (players[ids[0]], players[ids[1]])

    # Written by the first swap (services.swap_melee_players): the draw's own repeats.
    kept = draft.draw.get("drawn_partners")
    drawn = None if kept is None else {frozenset(pair) for pair in kept}
    tables = [
        DraftMeleeTable(
            table_number=table["table_number"],
            pair_a=couple(table["pair_a"]),
            pair_b=couple(table["pair_b"]),
            repeated_partners=tuple(map(couple, table.get("repeated_partners", ()))),
            repeated_opponents=tuple(map(couple, table.get("repeated_opponents", ()))),
            swapped_partners=tuple(
                couple(pair)
                for pair in table.get("repeated_partners", ())
                if drawn is not None and frozenset(pair) not in drawn
            ),
        )
        for table in draft.draw.get("tables", ())
    ]
    return DraftMeleePartie(
        tables=tables, sit_outs=[players[pk] for pk in draft.draw.get("sit_outs", ())]
    )


def draft_seating(*, player: MeleePlayer) -> int | None:
    """Return the number of the draft partie that seats ``player`` at a table, or None
    (no draft, or the player only sits out in it)."""
    draft = (
        MeleeDraft.objects.filter(round__tournament_id=player.tournament_id)
        .select_related("round")
        .first()
    )
    if draft is None:
        return None
    for table in draft.draw.get("tables", ()):
        if player.pk in (*table["pair_a"], *table["pair_b"]):
            return draft.round.number
    return None


def round_sit_outs(*, round: Round) -> QuerySet[SitOut]:
    """Return the players who sat out a published or closed partie, by number."""
    return SitOut.objects.filter(round=round).select_related("player").order_by("player__number")


def round_seated_matches(*, round: Round) -> QuerySet[Match]:
    """Return the matches of ``round`` by table as :func:`round_matches` does, with the
    players of each mêlée pair joined (:data:`SEATED_PLAYERS`): still one query."""
    return round_matches(round=round).select_related(*SEATED_PLAYERS)


def tournament_seated_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return every match of ``tournament`` by round and table as
    :func:`tournament_matches` does, with the players of each mêlée pair joined
    (:data:`SEATED_PLAYERS`): still one query."""
    return tournament_matches(tournament=tournament).select_related(*SEATED_PLAYERS)


def match_melee_pairs(*, match: Match) -> dict[int, MeleePair]:
    """Return the mêlée pairs of ``match`` by team id, their players joined, in one
    query: empty for a doublettes match (RULES.md §H)."""
    pairs = MeleePair.objects.filter(team_id__in=(match.team_a_id, match.team_b_id))
    return {pair.team_id: pair for pair in pairs.select_related("player_1", "player_2")}


def tournament_sit_outs(*, tournament: Tournament) -> QuerySet[SitOut]:
    """Return who sat out each published or closed partie of ``tournament`` (a draft's
    are left out: it may be drawn again), by partie and player number, with the round
    and the player and its club joined (RULES.md §H)."""
    return (
        SitOut.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "player__club")
        .order_by("round__number", "player__number")
    )


def latest_played_round_number(*, tournament: Tournament) -> int | None:
    """Return the number of the latest round (partie) published or closed, or None."""
    latest = tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    return None if latest is None else latest.number


def melee_pair_teams(*, tournament: Tournament) -> list[Team]:
    """Return the pairs (Team rows, RULES.md §H) of the latest partie of a mêlée that is
    published or closed, by number: each plays that partie with its own team link."""
    latest = tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    if latest is None:
        return []
    return list(
        Team.every_team.filter(tournament=tournament, melee_pair__round=latest)
        .select_related("club")
        .order_by("number")
    )


def melee_standings(*, tournament: Tournament) -> list[PlayerStanding]:
    """Return the ranked individual standings of a mêlée, one per player, in three queries.

    Each player is credited their pair's result in every counted match (complete and
    confirmed, as :func:`~tournaments.selectors.counted_matches` says) and their
    sit-out credits; withdrawn players rank last (RULES.md §H).
    """
    players = list(tournament.melee_players.select_related("club").order_by("number"))
    matches = counted_matches(tournament=tournament).values_list(
        "round__number",
        "team_a__melee_pair__player_1_id",
        "team_a__melee_pair__player_2_id",
        "team_b__melee_pair__player_1_id",
        "team_b__melee_pair__player_2_id",
        "total_a",
        "total_b",
    )
    sit_outs = (
        SitOut.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "player_id")
    )
    rows = individual_standings(
        [
            TeamEntry(player.pk, player.number, is_withdrawn=player.is_withdrawn, lot=player.lot)
            for player in players
        ],
        [
            MeleeMatchEntry(round_number, (a_1, a_2), (b_1, b_2), total_a, total_b)
            for round_number, a_1, a_2, b_1, b_2, total_a, total_b in matches
        ],
        [ByeEntry(*values) for values in sit_outs],
        standings_rules(tournament=tournament),
    )
    by_id = {player.pk: player for player in players}
    return [PlayerStanding(row=row, player=by_id[row.team_id]) for row in rows]
