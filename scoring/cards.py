"""Card values and deal totals (RULES.md §A).

Card points are the points printed on the cards won in tricks; they are kept apart
from scored points (what a side writes on the score sheet) everywhere in the engine.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.rules import Trump

#: Ranks in the notation of the golden files: 7 8 9 T(en) J Q K A.
RANKS = ("7", "8", "9", "T", "J", "Q", "K", "A")
#: Suits as the golden files spell them: pique, cœur, carreau, trèfle.
SUITS = ("S", "H", "D", "C")

TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NO_TRUMP_VALUES = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
ALL_TRUMP_VALUES = {"J": 13, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 2, "8": 0, "7": 0}

#: The last trick's bonus, counted inside card points.
DIX_DE_DER = 10
#: Card points of a whole deal: 152 in the cards plus the dix de der.
DEAL_CARD_POINTS = 162
#: Card points of the side that wins all 8 tricks: the last trick is worth 100.
CAPOT_CARD_POINTS = 252
TRICKS_PER_DEAL = 8
#: Scored points of one belote-rebelote (king and queen of trump in one hand).
BELOTE_POINTS = 20


def card_value(card: str, trump: Trump) -> int:
    """Return the card points of ``card`` (rank then suit, e.g. ``"JH"``) when ``trump`` is played.

    Raises ValueError for a card that is not one of the 32 (RULES.md §A).
    """
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    rank, suit = card[0], card[1]
    if trump is Trump.NO_TRUMP:
        return NO_TRUMP_VALUES[rank]
    if trump is Trump.ALL_TRUMP:
        return ALL_TRUMP_VALUES[rank]
    return TRUMP_VALUES[rank] if suit == trump.value else PLAIN_VALUES[rank]


def count_card_points(cards: Iterable[str], trump: Trump, *, has_last_trick: bool) -> int:
    """Return the card points of the cards a side won, plus the dix de der if it won the last trick.

    The 32 cards are worth 152 at every trump; with the dix de der a deal holds 162.
    """
    return sum(card_value(card, trump) for card in cards) + (DIX_DE_DER if has_last_trick else 0)


def card_points_fixed_by_tricks(taker_tricks: int | None) -> tuple[int, int] | None:
    """Return the taker's and the defence's card points when the tricks alone fix them.

    A capot fixes both (RULES.md §A): all 8 tricks to the taker give (252, 0), no trick
    (0, 252). Any other count of tricks, or None (not known yet), gives None: the card
    points must then be counted.
    """
    if taker_tricks == TRICKS_PER_DEAL:
        return CAPOT_CARD_POINTS, 0
    if taker_tricks == 0:
        return 0, CAPOT_CARD_POINTS
    return None


def defence_card_points(taker_card_points: int, *, taker_tricks: int | None = None) -> int:
    """Return the defence's card points from the taker's (RULES.md §A).

    A capot fixes them (:func:`card_points_fixed_by_tricks`: 0 when the taker won all 8
    tricks, 252 when it won none), whatever the taker's are. Otherwise, or while
    ``taker_tricks`` is not known (None), the defence has the rest of the deal's 162: 162 −
    ``taker_card_points``, never below 0, so that a taker's 200 stays a wrong total of 200
    rather than a negative count. The result is what the table would write; checking it
    is :func:`scoring.validate_deal`'s job.
    """
    fixed = card_points_fixed_by_tricks(taker_tricks)
    if fixed is not None:
        return fixed[1]
    return max(0, DEAL_CARD_POINTS - taker_card_points)
