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
