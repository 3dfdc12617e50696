"""Declarations (annonces) and their resolution before scoring (RULES.md §D).

A declaration is written ``kind:card`` as in the golden files: ``tierce:KH`` (a
sequence, by its top card and suit), ``cinquante:AS``, ``cent:AS``, ``carre:J`` (a
carré, by rank). Values are in scored points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import RANKS, SUITS
from scoring.deals import Side
from scoring.errors import InvalidDeclaration
from scoring.rules import Trump


class DeclarationKind(StrEnum):
    """The four kinds of declaration; sequences by length, then the carré."""

    TIERCE = "tierce"
    CINQUANTE = "cinquante"
    CENT = "cent"
    CARRE = "carre"


#: Cards in a sequence of each kind ("cent" is 5 or more; it is compared as 5).
SEQUENCE_LENGTHS = {
    DeclarationKind.TIERCE: 3,
    DeclarationKind.CINQUANTE: 4,
    DeclarationKind.CENT: 5,
}
SEQUENCE_VALUES = {
    DeclarationKind.TIERCE: 20,
    DeclarationKind.CINQUANTE: 50,
    DeclarationKind.CENT: 100,
}
#: Carré values in scored points with a suit trump or tout atout, and at sans atout.
CARRE_VALUES = {
    "J": 200,
    "9": 150,
    "A": 100,
    "T": 100,
    "K": 100,
    "Q": 100,
    "8": 0,
    "7": 0,
}
NO_TRUMP_CARRE_VALUES = {
    "A": 200,
    "T": 150,
    "K": 100,
    "Q": 100,
    "J": 100,
    "9": 100,
    "8": 0,
    "7": 0,
}
#: Carrés of equal value are ranked by these orders, highest first.
CARRE_ORDER = ("J", "9", "A", "T", "K", "Q", "8", "7")
NO_TRUMP_CARRE_ORDER = ("A", "T", "K", "Q", "J", "9", "8", "7")


@dataclass(frozen=True)
class Declaration:
    """One declaration: a sequence (top rank and suit) or a carré (rank, no suit)."""

    kind: DeclarationKind
    rank: str
    suit: str | None = None

    @property
    def is_carre(self) -> bool:
        """Return True for a carré, False for a sequence."""
        return self.kind is DeclarationKind.CARRE

    def value(self, trump: Trump) -> int:
        """Return the scored points of this declaration when ``trump`` is played (RULES.md §D)."""
        if self.is_carre:
            table = NO_TRUMP_CARRE_VALUES if trump is Trump.NO_TRUMP else CARRE_VALUES
            return table[self.rank]
        return SEQUENCE_VALUES[self.kind]

    def __str__(self) -> str:
        return f"{self.kind}:{self.rank}{self.suit or ''}"


def parse_declaration(token: str) -> Declaration:
    """Parse ``"tierce:KH"`` or ``"carre:J"`` into a :class:`Declaration`.

    Raises InvalidDeclaration (code ``declarations``) for an unknown kind, a bad card,
    or a sequence whose top card is too low for its length (``tierce:8C``).
    """
    kind_text, _, card = token.strip().partition(":")
    try:
        kind = DeclarationKind(kind_text.strip().lower())
    except ValueError:
        raise InvalidDeclaration(token, "unknown_kind") from None
    card = card.strip().upper()
    if kind is DeclarationKind.CARRE:
        if len(card) != 1 or card not in RANKS:
            raise InvalidDeclaration(token, "bad_rank")
        return Declaration(kind, card)
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise InvalidDeclaration(token, "bad_card")
    if RANKS.index(card[0]) < SEQUENCE_LENGTHS[kind] - 1:
        raise InvalidDeclaration(token, "top_card_too_low")
    return Declaration(kind, card[0], card[1])


def parse_declarations(text: str) -> tuple[Declaration, ...]:
    """Parse one side's ``;``-separated list of declaration tokens; empty text gives ``()``.

    Raises InvalidDeclaration for the first token that cannot exist, or that repeats an
    earlier one (reason ``duplicate``: each card is dealt once, so a side cannot hold
    the same carré, or the same sequence of the same suit, twice).
    """
    declarations: list[Declaration] = []
    for token in text.split(";"):
        if not token.strip():
            continue
        declaration = parse_declaration(token)
        if declaration in declarations:
            raise InvalidDeclaration(token, "duplicate")
        declarations.append(declaration)
    return tuple(declarations)


@dataclass(frozen=True)
class DeclarationResult:
    """Declaration points that count for each side after RULES.md §D.

    ``winner`` is the side whose best declaration wins, or None when nobody declared
    anything of value or the best declarations tie (then none counts, §D.3).
    """

    taker_points: int
    defence_points: int
    winner: Side | None
    is_tie: bool = False


def _strength(declaration: Declaration, trump: Trump) -> tuple[int, ...]:
    """Return a sort key: a higher key is a better declaration (RULES.md §D.1)."""
    if declaration.is_carre:
        order = NO_TRUMP_CARRE_ORDER if trump is Trump.NO_TRUMP else CARRE_ORDER
        return (1, declaration.value(trump), -order.index(declaration.rank))
    in_trump_suit = int(trump.is_suit and declaration.suit == trump.value)
    length = SEQUENCE_LENGTHS[declaration.kind]
    return (0, length, RANKS.index(declaration.rank), in_trump_suit)


def resolve_declarations(
    taker: Sequence[Declaration] | Iterable[Declaration],
    defence: Sequence[Declaration] | Iterable[Declaration],
    trump: Trump,
) -> DeclarationResult:
    """Resolve both sides' declarations and return the points that count (RULES.md §D).

    The side with the single best declaration scores all of its declarations and the
    other none; equal best declarations cancel everything. Declarations worth nothing
    (carré of 8 or 7) are not declarations at all.
    """
    taker_list = [d for d in taker if d.value(trump)]
    defence_list = [d for d in defence if d.value(trump)]
    best_taker = max((_strength(d, trump) for d in taker_list), default=None)
    best_defence = max((_strength(d, trump) for d in defence_list), default=None)
    if best_taker is None and best_defence is None:
        return DeclarationResult(0, 0, None)
    if best_taker == best_defence:
        return DeclarationResult(0, 0, None, is_tie=True)
    if best_defence is None or (best_taker is not None and best_taker > best_defence):
        return DeclarationResult(sum(d.value(trump) for d in taker_list), 0, Side.TAKER)
    return DeclarationResult(0, sum(d.value(trump) for d in defence_list), Side.DEFENCE)
