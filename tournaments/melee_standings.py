"""Individual standings of a concours à la mêlée (RULES.md §H): plain data in, rows out.

Pure code (no Django), built on ``standings.py``: each player is credited their pair's
match result (scored points, points against, won, drawn or lost) and their sit-out
credits, computed like a bye's (§E) from the pairs' match totals of that partie, and
ranks by §E's order with head-to-head left out (§H: it does not apply when partners
change every partie). Points are scored points. Only complete, confirmed matches are
passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tournaments.standings import (
    ByeEntry,
    MatchEntry,
    RankingKey,
    StandingRow,
    StandingsRules,
    TeamEntry,
    bye_credits,
    compute_standings,
)


@dataclass(frozen=True)
class MeleeMatchEntry:
    """A counted match of a mêlée partie: pair A (two player ids) against pair B, and
    both pairs' totals in scored points."""

    round_number: int
    pair_a: tuple[int, int]
    pair_b: tuple[int, int]
    total_a: int
    total_b: int


def individual_standings(
    players: Sequence[TeamEntry],
    matches: Sequence[MeleeMatchEntry],
    sit_outs: Sequence[ByeEntry],
    rules: StandingsRules | None = None,
) -> list[StandingRow]:
    """Rank every player of a mêlée (RULES.md §H) and return one row per player, rank 1
    first.

    ``players`` are given as :class:`~tournaments.standings.TeamEntry` (``team_id`` is
    the player's id, ``number`` their number, ``lot`` their recorded random draw);
    ``sit_outs`` as :class:`~tournaments.standings.ByeEntry`, one per player sitting out
    a partie. Rows are :class:`~tournaments.standings.StandingRow`, ``byes`` counting
    sit-outs; ``rules`` (default: :class:`~tournaments.standings.StandingsRules`'s) is
    used with its ``order`` less the head-to-head key.

    Raises:
        KeyError: a match or sit-out names a player not in ``players``.
    """
    rules = rules or StandingsRules()
    order = tuple(key for key in rules.order if key is not RankingKey.HEAD_TO_HEAD)
    return compute_standings(players, _entries(matches), sit_outs, replace(rules, order=order))


def sit_out_credits(
    matches: Sequence[MeleeMatchEntry],
    sit_outs: Sequence[ByeEntry],
    rules: StandingsRules | None = None,
) -> dict[int, int]:
    """Return the scored points a sit-out is worth in each partie that has one, by
    partie number, as :func:`individual_standings` credits them (RULES.md §H: like a
    bye, §E, from the pairs' match totals of that partie; 0 under the round mean while no
    match of the partie counts yet)."""
    return bye_credits(_entries(matches), sit_outs, rules or StandingsRules())


def _entries(matches: Sequence[MeleeMatchEntry]) -> list[MatchEntry]:
    """Return the matches as the team standings take them, two per mêlée match."""
    entries = []
    for match in matches:
        # Each player of pair A meets one player of pair B: every player is credited
        # the match once, and a round's mean match total is unchanged (§E's bye credit).
        for player_a, player_b in zip(match.pair_a, match.pair_b, strict=True):
            entries.append(
                MatchEntry(match.round_number, player_a, player_b, match.total_a, match.total_b)
            )
    return entries
