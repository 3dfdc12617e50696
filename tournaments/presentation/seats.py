"""The seats of a mêlée table, as its sheets, the draw and the exports print them
(RULES.md §H).

A belote table has four seats, Nord, Est, Sud, Ouest, partners facing each other: pair A
sits North–South (its player 1 North, its player 2 South), pair B East–West (its
player 1 East, its player 2 West). A seat is printed « Nord : 3 Josette Vincent », a
pair « Nord : 3 Josette Vincent · Sud : 9 Paul Roux ».

Presentation only: :func:`match_seating` reads the pairs the selectors joined
(:func:`tournaments.selectors.round_seated_matches`), and never queries on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Match, MatchResult, MeleePair, MeleePlayer, Team, TeamSide
from tournaments.presentation.columns import (
    COUNTED_MATCHES,
    CellValue,
    Column,
    DealRow,
    counted_result_words,
)
from tournaments.selectors import ConfirmedMatch


class Seat(StrEnum):
    """A seat at a belote table, in the order play goes round it."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


#: Each seat's name, as sheets print it (« Nord »).
SEAT_NAMES = {
    Seat.NORTH: _("North"),
    Seat.EAST: _("East"),
    Seat.SOUTH: _("South"),
    Seat.WEST: _("West"),
}


@dataclass(frozen=True)
class SeatedPlayer:
    """A mêlée player at their seat: the seat, the player's number and name."""

    seat: Seat
    number: int
    name: str

    @property
    def seat_name(self) -> str:
        """Return the seat's name in the active language (« Nord »)."""
        return str(SEAT_NAMES[self.seat])

    @property
    def text(self) -> str:
        """Return the seat and its player in one line (« Nord : 3 Josette Vincent »)."""
        return gettext("%(seat)s: %(number)s %(name)s") % {
            "seat": self.seat_name,
            "number": self.number,
            "name": self.name,
        }


@dataclass(frozen=True)
class Seating:
    """The four players of a mêlée table at their seats (RULES.md §H): pair A North and
    South, pair B East and West."""

    north: SeatedPlayer
    south: SeatedPlayer
    east: SeatedPlayer
    west: SeatedPlayer

    @classmethod
    def of(
        cls, pair_a: tuple[MeleePlayer, MeleePlayer], pair_b: tuple[MeleePlayer, MeleePlayer]
    ) -> Seating:
        """Return the seating of a table of ``pair_a`` and ``pair_b`` (player 1, player 2)."""
        return cls(
            north=SeatedPlayer(Seat.NORTH, pair_a[0].number, pair_a[0].name),
            south=SeatedPlayer(Seat.SOUTH, pair_a[1].number, pair_a[1].name),
            east=SeatedPlayer(Seat.EAST, pair_b[0].number, pair_b[0].name),
            west=SeatedPlayer(Seat.WEST, pair_b[1].number, pair_b[1].name),
        )

    @property
    def players(self) -> tuple[SeatedPlayer, SeatedPlayer, SeatedPlayer, SeatedPlayer]:
        """Return the four seats as RULES.md §H lists the players: a_1, a_2, b_1, b_2."""
        return (self.north, self.south, self.east, self.west)

    def at(self, seat: Seat) -> SeatedPlayer:
        """Return the player at ``seat``."""
        return {
            Seat.NORTH: self.north,
            Seat.SOUTH: self.south,
            Seat.EAST: self.east,
            Seat.WEST: self.west,
        }[seat]

    def side(self, side: str) -> tuple[SeatedPlayer, SeatedPlayer]:
        """Return the seats of pair ``side`` (« A »: North, South; « B »: East, West)."""
        return (self.north, self.south) if side == TeamSide.A else (self.east, self.west)

    def side_text(self, side: str) -> str:
        """Return pair ``side`` at its seats in one line
        (« Nord : 3 Josette Vincent · Sud : 9 Paul Roux »)."""
        return " · ".join(player.text for player in self.side(side))


def _pair(team: Team) -> MeleePair | None:
    try:
        return team.melee_pair
    except ObjectDoesNotExist:  # a registered team, not a mêlée pair
        return None


def pair_players(team: Team) -> str | None:
    """Return a mêlée pair by its players' numbers and names, « 5 Louis Chevalier / 10
    René Blanc » (a pair's own number would read as a player's, RULES.md §H), or None
    for a registered team. Reads the pair and players joined to ``team``
    (:data:`tournaments.selectors.melee.SEATED_PLAYERS`); elsewhere it would query."""
    pair = _pair(team)
    if pair is None:
        return None
    return " / ".join(f"{player.number} {player.name}" for player in (pair.player_1, pair.player_2))


def side_names(match: Match) -> tuple[str, str]:
    """Return the names of ``match``'s sides as the desk's forms offer them: each team
    « 3 – Dupont / Martin », or a mêlée pair « Paire A : 5 Louis Chevalier / 10 René
    Blanc » (RULES.md §H; :func:`pair_players`, its players joined, else it queries)."""
    pair_a, pair_b = pair_players(match.team_a), pair_players(match.team_b)
    if pair_a is None or pair_b is None:
        return (str(match.team_a), str(match.team_b))
    return (
        gettext("Pair A: %(players)s") % {"players": pair_a},
        gettext("Pair B: %(players)s") % {"players": pair_b},
    )


def pairs_seating(pair_a: MeleePair | None, pair_b: MeleePair | None) -> Seating | None:
    """Return the seating of a table of two mêlée pairs, or None unless both are pairs."""
    if pair_a is None or pair_b is None:
        return None
    return Seating.of((pair_a.player_1, pair_a.player_2), (pair_b.player_1, pair_b.player_2))


def match_seating(match: Match) -> Seating | None:
    """Return the seating of a mêlée match, or None for a match of registered teams.

    Reads the pairs and players the selectors joined to ``match``
    (:data:`tournaments.selectors.melee.SEATED_PLAYERS`); elsewhere it would query.
    """
    return pairs_seating(_pair(match.team_a), _pair(match.team_b))


def match_seating_of(match: Match, pairs: Mapping[int, MeleePair]) -> Seating | None:
    """Return the seating of ``match`` from ``pairs`` by team id
    (:func:`tournaments.selectors.match_melee_pairs`), or None for registered teams."""
    return pairs_seating(pairs.get(match.team_a_id), pairs.get(match.team_b_id))


# Columns of a mêlée's matches and deals (exports/xlsx.py, exports/csv.py) -------------


@dataclass(frozen=True)
class SeatedMatch:
    """A mêlée match, with its confirmed totals, and its four players at their seats: the
    row of :data:`MELEE_MATCHES`."""

    match: ConfirmedMatch
    seating: Seating


def seated_matches(matches: Iterable[ConfirmedMatch]) -> list[SeatedMatch]:
    """Return the mêlée matches of ``matches`` with their seating (:func:`match_seating`:
    their pairs joined), leaving out any match of registered teams."""
    rows = []
    for match in matches:
        seating = match_seating(match)
        if seating is not None:
            rows.append(SeatedMatch(match, seating))
    return rows


def _of_match(column: Column[ConfirmedMatch]) -> Column[SeatedMatch]:
    """Return ``column`` of :data:`~tournaments.presentation.columns.COUNTED_MATCHES` for a
    :class:`SeatedMatch`: same key, names, value and words."""
    return Column(
        column.key,
        column.name,
        lambda row: column.value(row.match),
        abbreviation=column.abbreviation,
        get_words=lambda row: column.words(row.match),
    )


#: The names of each seat's columns: the player's number, then name (RULES.md §H keys).
_SEAT_COLUMNS = {
    "a_1": (Seat.NORTH, _("North player"), _("North name")),
    "a_2": (Seat.SOUTH, _("South player"), _("South name")),
    "b_1": (Seat.EAST, _("East player"), _("East name")),
    "b_2": (Seat.WEST, _("West player"), _("West name")),
}


def _seated(seating: Seating, key: str) -> SeatedPlayer:
    """Return the player at the seat of column ``key`` (``a_1``: North…)."""
    return seating.at(_SEAT_COLUMNS[key][0])


def _seat_columns(key: str) -> tuple[Column[SeatedMatch], Column[SeatedMatch]]:
    _seat, number_name, name_name = _SEAT_COLUMNS[key]
    return (
        Column(key, number_name, lambda row: _seated(row.seating, key).number),
        Column(f"{key}_name", name_name, lambda row: _seated(row.seating, key).name),
    )


#: The columns of a mêlée's matches, for :class:`SeatedMatch` rows: the columns of
#: :data:`~tournaments.presentation.columns.COUNTED_MATCHES` (confirmed totals, « en cours »
#: while a deal waits), and each seat's player number
#: (``a_1``, ``a_2``, ``b_1``, ``b_2`` as in RULES.md §H: North, South, East, West) and
#: name (``a_1_name``…).
#: A mêlée match's winner in words: its pair by side, « Paire A », never « Équipe A »
#: (a mêlée has no team, RULES.md §H).
_PAIR_RESULTS = {MatchResult.A: _("Pair A"), MatchResult.B: _("Pair B")}


def _pair_result(row: SeatedMatch) -> CellValue:
    """Return the words of a mêlée match's result: « Paire A », « Paire B », « Égalité »,
    « en cours » while a deal is not confirmed, or None while it is not finished."""
    return counted_result_words(row.match, _pair_result_words)


def _pair_result_words(result: str) -> CellValue:
    if result in _PAIR_RESULTS:
        return str(_PAIR_RESULTS[MatchResult(result)])
    return str(MatchResult(result).label)


MELEE_MATCHES: dict[str, Column[SeatedMatch]] = {
    **{key: _of_match(column) for key, column in COUNTED_MATCHES.items()},
    **{column.key: column for key in _SEAT_COLUMNS for column in _seat_columns(key)},
    "result": Column(
        "result",
        COUNTED_MATCHES["result"].name,
        lambda row: COUNTED_MATCHES["result"].value(row.match),
        get_words=_pair_result,
    ),
}


def _deal_seated(row: DealRow, key: str) -> int:
    """Return the number of the player at seat ``key`` of a deal's match (its pairs
    joined: :func:`match_seating`)."""
    seating = match_seating(row.match)
    if seating is None:
        raise ValueError("A mêlée deal column read a match of registered teams.")
    return _seated(seating, key).number


def _deal_seat_column(key: str) -> Column[DealRow]:
    return Column(key, _SEAT_COLUMNS[key][1], lambda row: _deal_seated(row, key))


#: The columns a mêlée's deals have in place of the teams' (RULES.md §H ``deals.csv``),
#: for :class:`~tournaments.presentation.columns.DealRow` rows whose match has its pairs
#: joined: each seat's player number, and the taking pair as ``A`` or ``B``.
MELEE_DEALS: dict[str, Column[DealRow]] = {
    **{key: _deal_seat_column(key) for key in _SEAT_COLUMNS},
    "taker_team": Column("taker_team", _("Taker"), lambda row: str(row.entry.taker)),
}
