"""Check the inputs of one deal against a rule set, in RULES.md §B6 order.

:func:`deal_errors` returns every failure as a :class:`DealError` whose code is the §B6
field name, :func:`validate_deal` the first of them; :func:`scoring.deals.score_deal`
calls it before scoring and raises :class:`InvalidDeal` with it.
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


def deal_errors(deal: Deal, rules: RuleSet) -> list[DealError]:
    """Return every failure of ``deal`` under ``rules``, in RULES.md §B6 order ([] if none).

    Order: trump, number (one error per count that is not an int, in field order),
    tricks, card_points, belote, declarations, contract, coinche; within a code, in the
    order :func:`validate_deal` has always checked them. A check that needs an input
    already refused is left out rather than guessed at: the card points need integer
    counts and tricks within 0–8 (only the ``negative`` check runs without valid
    tricks), the belote limit needs a known trump, and each two-sided check (card points,
    belotes, declarations) needs both sides' counts to be integers. Never raises; the
    ``ruleset`` code is :func:`scoring.rules.get_ruleset`'s.
    """
    errors: list[DealError] = []
    trump = _as_enum(Trump, deal.trump)
    if trump is None:
        errors.append(DealError(ErrorCode.TRUMP, "unknown", (("trump", str(deal.trump)),)))
    elif not rules.allows_trump(trump):
        errors.append(DealError(ErrorCode.TRUMP, "not_allowed", (("trump", trump.value),)))
    counts: dict[str, int] = {}
    for name in _COUNT_FIELDS:
        value = getattr(deal, name)
        if _is_int(value):
            counts[name] = value
        else:
            errors.append(DealError(ErrorCode.NUMBER, "not_integer", (("field", name),)))
    tricks = counts.get("taker_tricks")
    if tricks is not None and not 0 <= tricks <= TRICKS_PER_DEAL:
        errors.append(DealError(ErrorCode.TRICKS, "range", (("tricks", tricks),)))
        tricks = None
    card_points = _both(counts, "taker_card_points", "defence_card_points")
    if card_points is not None:
        errors.extend(_card_points_errors(*card_points, tricks))
    belotes = _both(counts, "taker_belotes", "defence_belotes")
    if belotes is not None:
        errors.extend(_belote_errors(*belotes, trump))
    declarations = _both(counts, "taker_declarations", "defence_declarations")
    if declarations is not None:
        errors.extend(_declarations_errors(*declarations, rules))
    errors.extend(_contract_errors(deal, rules))
    coinche = _coinche_error(deal, rules)
    if coinche is not None:
        errors.append(coinche)
    return errors


def validate_deal(deal: Deal, rules: RuleSet) -> DealError | None:
    """Return the first failure of ``deal`` under ``rules``, in RULES.md §B6 order, or None.

    The first of :func:`deal_errors`. Order: trump, number, tricks, card_points, belote,
    declarations, contract, coinche (``ruleset`` is checked by
    :func:`scoring.rules.get_ruleset`). Never raises.
    """
    errors = deal_errors(deal, rules)
    return errors[0] if errors else None


def _both(counts: dict[str, int], taker: str, defence: str) -> tuple[int, int] | None:
    """Return the taker's and the defence's counts of one kind, or None if either is no int."""
    if taker in counts and defence in counts:
        return counts[taker], counts[defence]
    return None


#: What the card-point messages quote: a deal's card points, and a capot side's (RULES.md §A).
_CAPOT_PARAMS: tuple[tuple[str, int | str], ...] = (("capot_card_points", CAPOT_CARD_POINTS),)
_DEAL_PARAMS: tuple[tuple[str, int | str], ...] = (
    ("deal_card_points", DEAL_CARD_POINTS),
    *_CAPOT_PARAMS,
)


def _card_points_errors(taker: int, defence: int, tricks: int | None) -> list[DealError]:
    """Check the card points against the tricks (RULES.md §A: 162 in all, 252/0 on a capot).

    ``negative`` first, then the one check the tricks call for (none when ``tricks`` is
    None, i.e. refused). The errors carry the numbers their messages quote:
    ``capot_card_points`` (252), and for a wrong total ``total`` and ``deal_card_points``
    (162) too.
    """
    errors = []
    if taker < 0 or defence < 0:
        errors.append(DealError(ErrorCode.CARD_POINTS, "negative"))
    error = None if tricks is None else _card_points_total_error(taker, defence, tricks)
    if error is not None:
        errors.append(error)
    return errors


def _card_points_total_error(taker: int, defence: int, tricks: int) -> DealError | None:
    """Check the card points' total against the tricks (RULES.md §A), or return None."""
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


def _belote_errors(taker: int, defence: int, trump: Trump | None) -> list[DealError]:
    """Check the belotes (RULES.md §B6): ``negative``, then ``too_many`` for a known trump."""
    errors = []
    if taker < 0 or defence < 0:
        errors.append(DealError(ErrorCode.BELOTE, "negative"))
    if trump is None:
        return errors
    if trump is Trump.NO_TRUMP:
        limit = 0
    elif trump is Trump.ALL_TRUMP:
        limit = 4
    else:
        limit = 1
    if taker + defence > limit:
        errors.append(DealError(ErrorCode.BELOTE, "too_many", (("limit", limit),)))
    return errors


def _declarations_errors(taker: int, defence: int, rules: RuleSet) -> list[DealError]:
    """Check the declaration points (RULES.md §B6, §D): every one of ``negative``,
    ``step`` (not a multiple of 10), ``too_high`` (:data:`MAX_DECLARATIONS`),
    ``both_sides`` and ``not_allowed`` that fails, in that order."""
    errors = []
    if taker < 0 or defence < 0:
        errors.append(DealError(ErrorCode.DECLARATIONS, "negative"))
    if taker % 10 or defence % 10:
        errors.append(DealError(ErrorCode.DECLARATIONS, "step"))
    if max(taker, defence) > MAX_DECLARATIONS:
        errors.append(DealError(ErrorCode.DECLARATIONS, "too_high", (("limit", MAX_DECLARATIONS),)))
    if taker and defence:
        errors.append(DealError(ErrorCode.DECLARATIONS, "both_sides"))
    if (taker or defence) and not rules.has_declarations:
        errors.append(DealError(ErrorCode.DECLARATIONS, "not_allowed"))
    return errors


def _contract_errors(deal: Deal, rules: RuleSet) -> list[DealError]:
    """Check the contract (RULES.md §B6): a number outside the bounds can also be off
    the step, and both are reported (``below_minimum`` or ``above_maximum``, then
    ``step``); the other failures come alone."""
    contract = deal.contract
    if not rules.has_contract:
        if contract is not None:
            return [DealError(ErrorCode.CONTRACT, "not_allowed")]
        return []
    if contract == CAPOT:
        return []
    if contract is None:
        return [DealError(ErrorCode.CONTRACT, "missing")]
    if not _is_int(contract):
        return [DealError(ErrorCode.CONTRACT, "not_integer", (("contract", str(contract)),))]
    errors = []
    if contract < rules.contract_min:
        errors.append(
            DealError(ErrorCode.CONTRACT, "below_minimum", (("minimum", rules.contract_min),))
        )
    elif contract > rules.contract_max:
        errors.append(
            DealError(ErrorCode.CONTRACT, "above_maximum", (("maximum", rules.contract_max),))
        )
    if (contract - rules.contract_min) % rules.contract_step:
        errors.append(DealError(ErrorCode.CONTRACT, "step", (("step", rules.contract_step),)))
    return errors


def _coinche_error(deal: Deal, rules: RuleSet) -> DealError | None:
    level = _as_enum(CoincheLevel, deal.coinche)
    if level is None:
        return DealError(ErrorCode.COINCHE, "unknown", (("coinche", str(deal.coinche)),))
    if level is not CoincheLevel.NONE and not rules.allows_coinche:
        return DealError(ErrorCode.COINCHE, "not_allowed")
    return None
