"""Rule sets: the six presets of RULES.md §B as frozen data, every version of each.

A :class:`RuleSet` holds every option the engine needs to score a deal and a match.
:data:`PRESETS` holds every version of every preset under ``(id, version)``: a stable id
(``ffb-coinche`` …) and a version bumped whenever a rule of the preset changes meaning.
A tournament stores the id and the version it was created with, so that a finished
concours re-scores to the same numbers years later (:func:`get_ruleset`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import DealError, ErrorCode, InvalidDeal


class Trump(StrEnum):
    """The trump of a deal: a suit, sans atout or tout atout (RULES.md §A)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    NO_TRUMP = "SA"
    ALL_TRUMP = "TA"

    @property
    def is_suit(self) -> bool:
        """Return True for ♠ ♥ ♦ ♣, False for sans atout and tout atout."""
        return self not in (Trump.NO_TRUMP, Trump.ALL_TRUMP)


class CoincheLevel(StrEnum):
    """How far the contract was doubled: none, coinche (contré), surcoinche (surcontré)."""

    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


class Counting(StrEnum):
    """How a deal is counted; one per family of presets (RULES.md §B1–§B5)."""

    FFB_COINCHE = "ffb-coinche"
    POINTS_MADE_AND_BID = "points-made-and-bid"  # contrée "points faits + annoncés", §B2
    POINTS_MADE = "points-made"  # contrée "points faits", §B3
    POINTS_BID = "points-bid"  # contrée "points annoncés", §B4
    CLASSIC = "classic"


#: The contract value of a capot bid, as the CSV files and forms spell it.
CAPOT = "capot"


@dataclass(frozen=True)
class RuleSet:
    """Every option needed to validate and score deals and matches under one preset.

    Attributes:
        id: stable preset id (``ffb-coinche``, …), used by files and the database.
        version: bumped whenever a rule of the preset changes meaning.
        counting: the scoring method of RULES.md §B1–§B5.
        has_declarations: declarations (annonces) count; when False only
            belote-rebelote is scored ("belote only" in the §B table).
        allows_no_trump: sans atout may be played.
        allows_all_trump: tout atout may be played.
        has_contract: deals carry a contract (coinche and contrée); classic belote has none.
        contract_min, contract_max, contract_step: allowed contract values in scored
            points (80–500 by 10 for ffb-coinche, 80–160 by 10 for the contrée presets).
        allows_coinche: coinche and surcoinche may be announced.
        multipliers: scored-points multiplier k per :class:`CoincheLevel` (1, 2, 4).
        rounds_to_ten: card points are rounded to the nearest ten, 5 going up (R(x)).
        has_litige_reserve: a tie in classic belote puts the taker's points in reserve (§B5, §C).
        needs_trick_after_belote_target: the ffb-coinche rule of §C: a team that reaches
            the target score only through its belote, on a deal where it was chuted or
            won no trick, wins only after a later deal in which it takes a trick.
    """

    id: str
    version: int
    counting: Counting
    has_declarations: bool
    allows_no_trump: bool
    allows_all_trump: bool
    has_contract: bool
    contract_min: int = 80
    contract_max: int = 160
    contract_step: int = 10
    allows_coinche: bool = True
    multipliers: tuple[tuple[CoincheLevel, int], ...] = (
        (CoincheLevel.NONE, 1),
        (CoincheLevel.COINCHE, 2),
        (CoincheLevel.SURCOINCHE, 4),
    )
    rounds_to_ten: bool = True
    has_litige_reserve: bool = False
    needs_trick_after_belote_target: bool = False

    def multiplier(self, level: CoincheLevel) -> int:
        """Return k for a coinche level: 1, 2 or 4 scored-points multiplier (RULES.md notation)."""
        return dict(self.multipliers)[level]

    def allows_trump(self, trump: Trump) -> bool:
        """Return whether a deal may be played at ``trump`` (RULES.md §B6 ``trump``)."""
        if trump is Trump.NO_TRUMP:
            return self.allows_no_trump
        if trump is Trump.ALL_TRUMP:
            return self.allows_all_trump
        return True

    def allowed_contracts(self) -> tuple[int | str, ...]:
        """Return every contract a taker may bid, low to high, then ``"capot"``; () in classic."""
        if not self.has_contract:
            return ()
        values = range(self.contract_min, self.contract_max + 1, self.contract_step)
        return (*values, CAPOT)


FFB_COINCHE = RuleSet(
    id="ffb-coinche",
    version=1,
    counting=Counting.FFB_COINCHE,
    has_declarations=True,
    allows_no_trump=True,
    allows_all_trump=True,
    has_contract=True,
    contract_max=500,
    needs_trick_after_belote_target=True,
)
FFB_CONTREE = RuleSet(
    id="ffb-contree",
    version=1,
    counting=Counting.POINTS_MADE_AND_BID,
    has_declarations=False,
    allows_no_trump=True,
    allows_all_trump=True,
    has_contract=True,
)
CONTREE_POINTS_FAITS = RuleSet(
    id="contree-points-faits",
    version=1,
    counting=Counting.POINTS_MADE,
    has_declarations=False,
    allows_no_trump=True,
    allows_all_trump=True,
    has_contract=True,
)
CONTREE_POINTS_ANNONCES = RuleSet(
    id="contree-points-annonces",
    version=1,
    counting=Counting.POINTS_BID,
    has_declarations=False,
    allows_no_trump=True,
    allows_all_trump=True,
    has_contract=True,
    rounds_to_ten=False,
)
BELOTE_CLASSIQUE = RuleSet(
    id="belote-classique",
    version=1,
    counting=Counting.CLASSIC,
    has_declarations=True,
    allows_no_trump=False,
    allows_all_trump=False,
    has_contract=False,
    allows_coinche=False,
    rounds_to_ten=False,
    has_litige_reserve=True,
)
BELOTE_SANS_ANNONCES = RuleSet(
    id="belote-sans-annonces",
    version=1,
    counting=Counting.CLASSIC,
    has_declarations=False,
    allows_no_trump=False,
    allows_all_trump=False,
    has_contract=False,
    allows_coinche=False,
    rounds_to_ten=False,
    has_litige_reserve=True,
)

#: Every version of every preset of RULES.md §B, under ``(id, version)``. A preset whose
#: rules change gets a new version here, beside the old one, which stays as it was.
PRESETS: dict[tuple[str, int], RuleSet] = {
    (rules.id, rules.version): rules
    for rules in (
        FFB_COINCHE,
        FFB_CONTREE,
        CONTREE_POINTS_FAITS,
        CONTREE_POINTS_ANNONCES,
        BELOTE_CLASSIQUE,
        BELOTE_SANS_ANNONCES,
    )
}
#: The stable ids of the presets, in the order of the RULES.md §B table.
PRESET_IDS: tuple[str, ...] = tuple(dict.fromkeys(ruleset_id for ruleset_id, _ in PRESETS))


def _unknown(ruleset_id: object, reason: str, version: object = None) -> InvalidDeal:
    params: tuple[tuple[str, int | str], ...] = (("ruleset", str(ruleset_id)),)
    if version is not None:
        params += (("version", str(version)),)
    return InvalidDeal(DealError(ErrorCode.RULESET, reason, params))


def latest_version(ruleset_id: str) -> int:
    """Return the newest version of the preset ``ruleset_id``: what a new tournament gets.

    Raises InvalidDeal with code ``ruleset`` (reason ``unknown``) for an unknown id
    (RULES.md §B6).
    """
    versions = [version for key, version in PRESETS if key == ruleset_id]
    if not versions:
        raise _unknown(ruleset_id, "unknown")
    return max(versions)


def get_ruleset(ruleset_id: str, version: int | None = None) -> RuleSet:
    """Return version ``version`` of the preset ``ruleset_id``, by default its latest (RULES.md §B).

    A tournament passes the version it stored; the command line passes none. Raises
    InvalidDeal with code ``ruleset``: reason ``unknown`` for an unknown id,
    ``unknown_version`` for a version the preset does not have (RULES.md §B6).
    """
    latest = latest_version(ruleset_id)  # an unknown id is refused as such, whatever the version
    try:
        return PRESETS[(ruleset_id, latest if version is None else version)]
    except (KeyError, TypeError):
        raise _unknown(ruleset_id, "unknown_version", version) from None


def _contract_presets() -> list[RuleSet]:
    return [rules for rules in PRESETS.values() if rules.has_contract]


#: The lowest and the highest contract value any preset allows, in scored points (RULES.md
#: §B): the range the database accepts for a stored contract.
LOWEST_CONTRACT = min(rules.contract_min for rules in _contract_presets())
HIGHEST_CONTRACT = max(rules.contract_max for rules in _contract_presets())
