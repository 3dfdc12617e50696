"""Individual standings of a concours à la mêlée, as pages, commands and exports read
them (RULES.md §H)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.melee_standings import MeleeMatchEntry, individual_standings
from tournaments.models import MeleePlayer, Round, SitOut, Tournament
from tournaments.selectors.standings import counted_matches, standings_rules
from tournaments.standings import ByeEntry, StandingRow, TeamEntry


@dataclass(frozen=True)
class PlayerStanding:
    """An individual standings row with its player: ``row.byes`` counts sit-outs, and
    ``row.points`` includes their credits (RULES.md §H)."""

    row: StandingRow
    player: MeleePlayer


def is_melee(*, tournament: Tournament) -> bool:
    """Return True when ``tournament`` is played à la mêlée: it has registered players."""
    return tournament.melee_players.exists()


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
