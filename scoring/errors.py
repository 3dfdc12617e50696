"""Errors of the scoring engine: the §B6 codes of RULES.md, in checking order."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class ErrorCode(StrEnum):
    """Why a deal (or a declaration) is rejected; the value is the §B6 field name.

    Members are listed in the order RULES.md §B6 checks them.
    """

    RULESET = "ruleset"
    TRUMP = "trump"
    NUMBER = "number"
    TRICKS = "tricks"
    CARD_POINTS = "card_points"
    BELOTE = "belote"
    DECLARATIONS = "declarations"
    CONTRACT = "contract"
    COINCHE = "coinche"


_FIELDS = {
    ErrorCode.RULESET: "ruleset",
    ErrorCode.TRUMP: "trump",
    ErrorCode.TRICKS: "taker_tricks",
    ErrorCode.CARD_POINTS: "taker_card_points",
    ErrorCode.BELOTE: "taker_belotes",
    ErrorCode.DECLARATIONS: "taker_declarations",
    ErrorCode.CONTRACT: "contract",
    ErrorCode.COINCHE: "coinche",
}


@dataclass(frozen=True)
class DealError:
    """The first failure found in a deal.

    Attributes:
        code: the §B6 code, which is also the name of the field the error concerns.
        reason: a short machine-readable detail (``"total"``, ``"capot"``, ``"step"`` …)
            that the forms turn into a precise message.
        params: values the message may quote, as ``(name, value)`` pairs; the engine's
            own numbers among them, so that no message writes a rule's number itself
            (card points: ``deal_card_points`` 162, ``capot_card_points`` 252).
    """

    code: ErrorCode
    reason: str = ""
    params: tuple[tuple[str, int | str], ...] = field(default=())

    @property
    def field(self) -> str:
        """Return the name of the :class:`scoring.Deal` field the error concerns.

        For ``number`` that is the field holding the non-integer; for checks on both
        sides (card points, belotes, declarations) it is the taker's field.
        """
        if self.code is ErrorCode.NUMBER:
            return str(dict(self.params)["field"])
        return _FIELDS[self.code]


class InvalidDeal(ValueError):
    """Raised by ``score_deal`` and ``get_ruleset`` when the input breaks RULES.md §B6."""

    def __init__(self, error: DealError) -> None:
        super().__init__(f"{error.code}: {error.reason}" if error.reason else str(error.code))
        self.error = error


class InvalidDeclaration(ValueError):
    """Raised for a declaration token that cannot exist (RULES.md §F, code ``declarations``)."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(f"{token!r}: {reason}")
        self.token = token
        self.reason = reason
        self.error = DealError(ErrorCode.DECLARATIONS, reason, (("token", token),))
