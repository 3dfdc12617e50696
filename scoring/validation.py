"""Check the inputs of one deal against a rule set, in RULES.md §B6 order.

:func:`validate_deal` returns the first failure as a :class:`DealError` whose code is the
§B6 field name; :func:`scoring.deals.score_deal` calls it before scoring and raises
:class:`InvalidDeal` with it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, TypeGuard, TypeVar

from scoring.cards import CAPOT_CARD_POINTS, DEAL_CARD_POINTS, TRICKS_PER_DEAL
from scoring.errors import DealError, ErrorCode
from scoring.rules import CAPOT, CoincheLevel, RuleSet, Trump

if TYPE_CHECKING:
    from scoring.deals import Deal

#: The most declaration points one side can score in a deal (RULES.md §D): one player
#: holds two carrés (jacks and nines at a suit or tout atout, 200 + 150; aces and tens at
#: sans atout, the same), the partner the two best carrés left (100 + 100): 550. Anything
#: above is a typing slip, refused before it can swamp the standings.
MAX_DECLARATIONS = 550


_Enum = TypeVar("_Enum", bound=StrEnum)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _as_enum(enum_type: type[_Enum], value: object) -> _Enum | None:
    """Return the member of ``enum_type`` whose value is ``value`` (or is its text), else None."""
    try:
        return enum_type(value if isinstance(value, str) else "")
    except ValueError:
        return None


_COUNT_FIELDS = (
    "taker_card_points",
    "defence_card_points",
    "taker_tricks",
    "taker_belotes",
    "defence_belotes",
    "taker_declarations",
    "defence_declarations",
)


def validate_deal(deal: Deal, rules: RuleSet) -> DealError | None:
    """Return the first failure of ``deal`` under ``rules``, in RULES.md §B6 order, or None.

    Order: trump, number, tricks, card_points, belote, declarations, contract, coinche
    (``ruleset`` is checked by :func:`scoring.rules.get_ruleset`). Never raises.
    """
    trump = _as_enum(Trump, deal.trump)
    if trump is None:
        return DealError(ErrorCode.TRUMP, "unknown", (("trump", str(deal.trump)),))
    if not rules.allows_trump(trump):
        return DealError(ErrorCode.TRUMP, "not_allowed", (("trump", trump.value),))
    counts: dict[str, int] = {}
    for name in _COUNT_FIELDS:
        value = getattr(deal, name)
        if not _is_int(value):
            return DealError(ErrorCode.NUMBER, "not_integer", (("field", name),))
        counts[name] = value
    tricks = counts["taker_tricks"]
    if not 0 <= tricks <= TRICKS_PER_DEAL:
        return DealError(ErrorCode.TRICKS, "range", (("tricks", tricks),))
    error = _card_points_error(counts["taker_card_points"], counts["defence_card_points"], tricks)
    if error is None:
        error = _belote_error(counts["taker_belotes"], counts["defence_belotes"], trump)
    if error is None:
        error = _declarations_error(
            counts["taker_declarations"], counts["defence_declarations"], rules
        )
    if error is None:
        error = _contract_error(deal, rules)
    if error is None:
        error = _coinche_error(deal, rules)
    return error


#: What the card-point messages quote: a deal's card points, and a capot side's (RULES.md §A).
_CAPOT_PARAMS: tuple[tuple[str, int | str], ...] = (("capot_card_points", CAPOT_CARD_POINTS),)
_DEAL_PARAMS: tuple[tuple[str, int | str], ...] = (
    ("deal_card_points", DEAL_CARD_POINTS),
    *_CAPOT_PARAMS,
)


def _card_points_error(taker: int, defence: int, tricks: int) -> DealError | None:
    """Check the card points against the tricks (RULES.md §A: 162 in all, 252/0 on a capot).

    The errors carry the numbers their messages quote: ``capot_card_points`` (252), and
    for a wrong total ``total`` and ``deal_card_points`` (162) too.
    """
    if taker < 0 or defence < 0:
        return DealError(ErrorCode.CARD_POINTS, "negative")
    if tricks == TRICKS_PER_DEAL:
        if (taker, defence) != (CAPOT_CARD_POINTS, 0):
            return DealError(ErrorCode.CARD_POINTS, "taker_capot", _CAPOT_PARAMS)
    elif tricks == 0:
        if (taker, defence) != (0, CAPOT_CARD_POINTS):
            return DealError(ErrorCode.CARD_POINTS, "defence_capot", _CAPOT_PARAMS)
    elif taker + defence != DEAL_CARD_POINTS:
        if CAPOT_CARD_POINTS in (taker, defence):
            return DealError(ErrorCode.CARD_POINTS, "capot_without_tricks", _CAPOT_PARAMS)
        return DealError(
            ErrorCode.CARD_POINTS, "total", (("total", taker + defence), *_DEAL_PARAMS)
        )
    return None


def _belote_error(taker: int, defence: int, trump: Trump) -> DealError | None:
    if taker < 0 or defence < 0:
        return DealError(ErrorCode.BELOTE, "negative")
    if trump is Trump.NO_TRUMP:
        limit = 0
    elif trump is Trump.ALL_TRUMP:
        limit = 4
    else:
        limit = 1
    if taker + defence > limit:
        return DealError(ErrorCode.BELOTE, "too_many", (("limit", limit),))
    return None


def _declarations_error(taker: int, defence: int, rules: RuleSet) -> DealError | None:
    if taker < 0 or defence < 0:
        return DealError(ErrorCode.DECLARATIONS, "negative")
    if taker % 10 or defence % 10:
        return DealError(ErrorCode.DECLARATIONS, "step")
    if max(taker, defence) > MAX_DECLARATIONS:
        return DealError(ErrorCode.DECLARATIONS, "too_high", (("limit", MAX_DECLARATIONS),))
    if taker and defence:
        return DealError(ErrorCode.DECLARATIONS, "both_sides")
    if (taker or defence) and not rules.has_declarations:
        return DealError(ErrorCode.DECLARATIONS, "not_allowed")
    return None


def _contract_error(deal: Deal, rules: RuleSet) -> DealError | None:
    contract = deal.contract
    if not rules.has_contract:
        if contract is not None:
            return DealError(ErrorCode.CONTRACT, "not_allowed")
        return None
    if contract == CAPOT:
        return None
    if contract is None:
        return DealError(ErrorCode.CONTRACT, "missing")
    if not _is_int(contract):
        return DealError(ErrorCode.CONTRACT, "not_integer", (("contract", str(contract)),))
    if contract < rules.contract_min:
        return DealError(ErrorCode.CONTRACT, "below_minimum", (("minimum", rules.contract_min),))
    if contract > rules.contract_max:
        return DealError(ErrorCode.CONTRACT, "above_maximum", (("maximum", rules.contract_max),))
    if (contract - rules.contract_min) % rules.contract_step:
        return DealError(ErrorCode.CONTRACT, "step", (("step", rules.contract_step),))
    return None


def _coinche_error(deal: Deal, rules: RuleSet) -> DealError | None:
    level = _as_enum(CoincheLevel, deal.coinche)
    if level is None:
        return DealError(ErrorCode.COINCHE, "unknown", (("coinche", str(deal.coinche)),))
    if level is not CoincheLevel.NONE and not rules.allows_coinche:
        return DealError(ErrorCode.COINCHE, "not_allowed")
    return None
