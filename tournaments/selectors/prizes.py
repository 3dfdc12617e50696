"""The prize list read: the prizes an organiser typed, one per line in rank order, and who wins them.

The standings PDF prints the first prize beside the first team that may win one, the
second beside the next, and so on (see :func:`award_prizes` and tournaments.exports.pdf).
A mêlée's prizes go the same way to its players, in the order of its individual standings
(RULES.md §H): there a row's ``team_id`` is a player's id.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.standings import StandingRow
from tournaments.text import printable

#: A line holding only this gives its rank no prize; the next line goes to the next rank.
NO_PRIZE = "-"


def prize_lines(text: str) -> list[str]:
    """Return the prizes of ``text`` in rank order: one per line, trimmed, without
    control characters (a tab becomes a space). Blank lines are skipped: they give no
    rank an empty prize. A line :data:`NO_PRIZE` is kept: it skips a rank."""
    lines = (printable(line).strip() for line in text.splitlines())
    return [line for line in lines if line]


def is_eligible_for_prize(row: StandingRow) -> bool:
    """Return True when the team of ``row`` may win a prize: it has not withdrawn
    (forfait) and it played at least one counted match or had a bye (RULES.md §E)."""
    return not row.is_withdrawn and (row.matches_played > 0 or row.byes > 0)


def award_prizes(prizes: Sequence[str], rows: Sequence[StandingRow]) -> dict[int, str]:
    """Return the prize of each team id (a player's id for a mêlée's individual rows),
    giving ``prizes`` in order to the ranked ``rows``.

    Only teams for which :func:`is_eligible_for_prize` holds get a prize; the others get none
    and use none up. A :data:`NO_PRIZE` line uses up its rank and gives nothing. Teams
    past the last prize are left out.
    """
    winners = [row for row in rows if is_eligible_for_prize(row)]
    return {
        row.team_id: prize for row, prize in zip(winners, prizes, strict=False) if prize != NO_PRIZE
    }
