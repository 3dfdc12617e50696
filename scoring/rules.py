"""Rule sets: the six presets of RULES.md §B as frozen data.

A :class:`RuleSet` holds every option the engine needs to score a deal and a match.
Presets are module constants keyed by their stable id (``ffb-coinche`` …); a
tournament stores the id and the version so that a finished concours re-scores to
the same numbers years later.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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
    POINTS_FAITS_ET_ANNONCES = "points-faits-et-annonces"
    POINTS_FAITS = "points-faits"
    POINTS_ANNONCES = "points-annonces"
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
    counting=Counting.POINTS_FAITS_ET_ANNONCES,
    has_declarations=False,
    allows_no_trump=True,
    allows_all_trump=True,
    has_contract=True,
)
CONTREE_POINTS_FAITS = RuleSet(
    id="contree-points-faits",
    version=1,
    counting=Counting.POINTS_FAITS,
    has_declarations=False,
    allows_no_trump=True,
    allows_all_trump=True,
    has_contract=True,
)
CONTREE_POINTS_ANNONCES = RuleSet(
    id="contree-points-annonces",
    version=1,
    counting=Counting.POINTS_ANNONCES,
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

#: Every preset of RULES.md §B by its stable id, in the order of the §B table.
PRESETS: dict[str, RuleSet] = {
    rules.id: rules
    for rules in (
        FFB_COINCHE,
        FFB_CONTREE,
        CONTREE_POINTS_FAITS,
        CONTREE_POINTS_ANNONCES,
        BELOTE_CLASSIQUE,
        BELOTE_SANS_ANNONCES,
    )
}
