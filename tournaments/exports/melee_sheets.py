"""The draw of a mêlée partie as its wall sheet prints it (RULES.md §H): each table's
four players at their seats, who sits out, and every player by number with their table
and seat (tournaments/exports/pdf.py, ``draw_sheet_html``).

A published or closed partie is read from its matches (their pairs joined by
:func:`tournaments.selectors.round_seated_matches`) and its sit-outs; a draft from its
:class:`~tournaments.models.MeleeDraft`, whose pairs have no number yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments import selectors
from tournaments.models import Match, MeleePlayer, Round, TeamSide
from tournaments.presentation.seats import Seating, match_seating
from tournaments.text import printable


@dataclass(frozen=True)
class MeleeDrawTable:
    """A table of a mêlée draw: its number, each pair's number (None in a draft, whose
    pairs are not numbered yet) and each pair's two seats, one line each
    (« Nord : 3 Josette Vincent », « Sud : 9 Paul Roux »)."""

    table_number: int
    team_a: int | None
    team_b: int | None
    pair_a: tuple[str, str]
    pair_b: tuple[str, str]


@dataclass(frozen=True)
class SitOutLine:
    """A player who sits out the partie: number and name."""

    number: int
    name: str


@dataclass(frozen=True)
class PlayerDrawLine:
    """A player of the draw, by number: their table and seat's name, or None and "" for
    a player who sits out."""

    number: int
    table_number: int | None
    seat: str


@dataclass(frozen=True)
class MeleeDraw:
    """A mêlée partie's draw: the tables by number, the sit-outs and every player by
    number (seated or sitting out)."""

    tables: list[MeleeDrawTable]
    sit_outs: list[SitOutLine]
    by_player: list[PlayerDrawLine]


def _seats(seating: Seating, side: str) -> tuple[str, str]:
    first, second = seating.side(side)
    return (printable(first.text), printable(second.text))


def _table(
    table_number: int, seating: Seating, teams: tuple[int | None, int | None]
) -> MeleeDrawTable:
    return MeleeDrawTable(
        table_number=table_number,
        team_a=teams[0],
        team_b=teams[1],
        pair_a=_seats(seating, TeamSide.A),
        pair_b=_seats(seating, TeamSide.B),
    )


def _draw(
    seated: Sequence[tuple[int, Seating]], sitting_out: Sequence[MeleePlayer]
) -> list[PlayerDrawLine]:
    lines = [
        PlayerDrawLine(player.number, table_number, player.seat_name)
        for table_number, seating in seated
        for player in seating.players
    ]
    lines += [PlayerDrawLine(player.number, None, "") for player in sitting_out]
    return sorted(lines, key=lambda line: line.number)


def melee_draw(*, round: Round, matches: Sequence[Match]) -> MeleeDraw | None:
    """Return the draw of mêlée partie ``round``, or None for a doublettes round.

    ``matches`` are the round's matches as :func:`tournaments.selectors.round_seated_matches`
    gives them. A published or closed partie's tables are its matches; a draft's, its
    draft draw (one more query, two for a mêlée's). Sit-outs are by number.
    """
    seatings = [(match, match_seating(match)) for match in matches]
    if matches and all(seating is not None for _match, seating in seatings):
        seated = [(match.table_number, seating) for match, seating in seatings if seating]
        tables = [
            _table(match.table_number, seating, (match.team_a.number, match.team_b.number))
            for match, seating in seatings
            if seating is not None
        ]
        sitting_out = [sit_out.player for sit_out in selectors.round_sit_outs(round=round)]
    elif not matches and round.status == Round.Status.DRAFT:
        draft = selectors.melee_draft(round=round)
        if draft is None:
            return None
        seated = [
            (table.table_number, Seating.of(table.pair_a, table.pair_b)) for table in draft.tables
        ]
        tables = [_table(number, seating, (None, None)) for number, seating in seated]
        sitting_out = sorted(draft.sit_outs, key=lambda player: player.number)
    else:
        return None
    return MeleeDraw(
        tables=tables,
        sit_outs=[SitOutLine(player.number, printable(player.name)) for player in sitting_out],
        by_player=_draw(seated, sitting_out),
    )
