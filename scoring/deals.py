"""Score one deal (donne) under a rule set (RULES.md §B).

Shapes: a :class:`Deal` holds the inputs written on a score sheet; :func:`score_deal`
checks them with :func:`scoring.validation.validate_deal` (RULES.md §B6), then returns a
:class:`DealScore` in scored points with a readable breakdown, one :class:`ScoreLine` per
amount added, each naming its RULES.md section.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import (
    BELOTE_POINTS,
    CAPOT_CARD_POINTS,
    DEAL_CARD_POINTS,
    TRICKS_PER_DEAL,
)
from scoring.errors import InvalidDeal
from scoring.rules import CAPOT, CoincheLevel, Counting, RuleSet, Trump
from scoring.validation import validate_deal

#: Flat scored points a coinche or a chute is worth before the contract (RULES.md §B1).
DEAL_BASE = 160
#: Flat scored points of a capot in a coinched deal and value of a capot bid (RULES.md §B1).
CAPOT_BASE = 250
#: Scored points of a capot bid in the contrée presets, before the multiplier (§B2, §B3).
CONTREE_CAPOT_BID = 500
#: Scored points an unbid capot adds in a coinched points-faits deal (§B3).
POINTS_MADE_CAPOT_BONUS = 100


class Side(StrEnum):
    """The two sides of a deal."""

    TAKER = "taker"
    DEFENCE = "defence"


class DealOutcome(StrEnum):
    """Whether the taker made the contract, was chuted (dedans), or the deal is a litige."""

    MADE = "made"
    CHUTE = "chute"
    LITIGE = "litige"


class LineKind(StrEnum):
    """What an amount of a breakdown is."""

    CARD_POINTS = "card_points"  # the side's own card points (rounded where the rules say)
    DEAL_TOTAL = "deal_total"  # card points + belote + declarations, rounded as one (§B1.4)
    DEAL_POINTS = "deal_points"  # the deal's flat value: 160, 162, 250 or 252
    CONTRACT = "contract"  # the contract value
    CAPOT_BID = "capot_bid"  # the value of a capot bid in the contrée presets
    CAPOT_BONUS = "capot_bonus"  # an unbid capot's extra in points faits
    BELOTE = "belote"  # the side's own belote-rebelote
    OPPONENT_BELOTE = "opponent_belote"  # belote prenable, taken from the other side
    DECLARATIONS = "declarations"  # the side's own declarations
    OPPONENT_DECLARATIONS = "opponent_declarations"  # declarations that changed hands


class PartKind(StrEnum):
    """What a part of a line that adds several things is (a §B1.4 deal total)."""

    CARD_POINTS = "card_points"  # the side's card points, dix de der included
    BELOTE = "belote"  # 20 scored points per belote-rebelote the side holds
    DECLARATIONS = "declarations"  # the declaration points that count for the side


@dataclass(frozen=True)
class Deal:
    """The inputs of one deal as the table writes them.

    Card points include the dix de der. Declarations are the points that count after
    resolution (RULES.md §D), so at most one side is non-zero. Fields are checked by
    :func:`scoring.validation.validate_deal`, which accepts any value and reports the
    first §B6 failure: a trump or coinche given as text, a count that is text (as a form
    or a file gave it, code ``number``), a contract that is not an int.

    Attributes:
        trump: a :class:`Trump` (or its text, ``"H"``, ``"SA"`` …).
        contract: the contract value in scored points, ``"capot"``, or None in classic belote.
        coinche: a :class:`CoincheLevel` (or its text).
        taker_card_points, defence_card_points: card points won, 162 in all or 252/0.
        taker_tricks: tricks won by the taker, 0–8.
        taker_belotes, defence_belotes: belote-rebelote held by each side (a count).
        taker_declarations, defence_declarations: declaration points that count.
    """

    trump: Trump | str
    contract: int | str | None
    taker_card_points: int | str
    defence_card_points: int | str
    taker_tricks: int | str
    coinche: CoincheLevel | str = CoincheLevel.NONE
    taker_belotes: int | str = 0
    defence_belotes: int | str = 0
    taker_declarations: int | str = 0
    defence_declarations: int | str = 0


@dataclass(frozen=True)
class LinePart:
    """One part of a line's base points: card points, belote or declarations (scored points
    for the last two; RULES.md §B1.2 adds them as one total)."""

    kind: PartKind
    base_points: int


@dataclass(frozen=True)
class ScoreLine:
    """One amount added to a side's score.

    ``base_points`` is the value before rounding and the multiplier; ``amount`` what is added
    (``round_to_ten(base_points) * multiplier`` where the rules round, else
    ``base_points * multiplier``). The amounts of a side add up to its score. A line that
    adds several things (a §B1.4 deal total: card points + belote + declarations) lists
    them in ``parts``, whose base points add up to the line's; a line of one thing has
    no parts (its ``kind`` says what it is).
    """

    side: Side
    kind: LineKind
    base_points: int
    amount: int
    multiplier: int = 1
    rule: str = ""
    parts: tuple[LinePart, ...] = ()

    @property
    def is_rounded(self) -> bool:
        """Return True when rounding changed the amount."""
        return self.base_points * self.multiplier != self.amount


@dataclass(frozen=True)
class DealScore:
    """The scored points of one deal.

    Attributes:
        taker_score, defence_score: scored points added to each side now.
        reserve: scored points put in reserve by a litige (classic belote, RULES.md §B5),
            paid to the winner of the next deal; 0 otherwise.
        outcome: made, chute (dedans in classic belote) or litige.
        multiplier: k (1, 2 or 4).
        taker_capot / defence_capot: that side won all 8 tricks.
        lines: the breakdown; per side, the amounts add up to its score.
    """

    taker_score: int
    defence_score: int
    reserve: int
    outcome: DealOutcome
    multiplier: int
    taker_capot: bool
    defence_capot: bool
    lines: tuple[ScoreLine, ...]

    @property
    def winner(self) -> Side | None:
        """Return the side that wins the deal (the taker if made), or None on a litige."""
        if self.outcome is DealOutcome.MADE:
            return Side.TAKER
        if self.outcome is DealOutcome.CHUTE:
            return Side.DEFENCE
        return None


def round_to_ten(scored_points: int) -> int:
    """Return ``scored_points`` rounded to the nearest ten, 5 going up: R(85) = 90, R(84) = 80.

    The only rounding in the engine (RULES.md notation R(x)); works on scored points ≥ 0.
    """
    return (scored_points + 5) // 10 * 10


@dataclass(frozen=True)
class _Facts:
    """A validated deal, in the RULES.md notation cT, cD, bT, bD, aT, aD, C and k."""

    taker_card_points: int  # cT
    defence_card_points: int  # cD
    taker_belotes: int  # bT, a count
    defence_belotes: int  # bD
    taker_declarations: int  # aT, before any change of hands
    defence_declarations: int  # aD
    contract: int  # C in scored points; 0 for a capot bid (see is_capot_bid) or classic belote
    is_capot_bid: bool
    multiplier: int  # k
    taker_capot: bool
    defence_capot: bool


def _count(value: int | str) -> int:
    """Return a count that :func:`validate_deal` has checked is an int."""
    assert isinstance(value, int), value  # validate_deal refuses any other (code number)
    return value


def score_deal(deal: Deal, rules: RuleSet) -> DealScore:
    """Score one deal under ``rules`` and return scored points with their breakdown.

    Raises InvalidDeal carrying the first §B6 failure when the deal is not valid.
    Rule sources: RULES.md §B1 (ffb-coinche), §B2–§B4 (contrée), §B5 (classic).
    """
    error = validate_deal(deal, rules)
    if error is not None:
        raise InvalidDeal(error)
    is_capot_bid = deal.contract == CAPOT
    tricks = _count(deal.taker_tricks)
    facts = _Facts(
        taker_card_points=_count(deal.taker_card_points),
        defence_card_points=_count(deal.defence_card_points),
        taker_belotes=_count(deal.taker_belotes),
        defence_belotes=_count(deal.defence_belotes),
        taker_declarations=_count(deal.taker_declarations),
        defence_declarations=_count(deal.defence_declarations),
        # validate_deal has checked the contract: an int, "capot", or None in classic belote.
        contract=deal.contract if isinstance(deal.contract, int) else 0,
        is_capot_bid=is_capot_bid,
        multiplier=rules.multiplier(CoincheLevel(deal.coinche)),
        taker_capot=tricks == TRICKS_PER_DEAL,
        defence_capot=tricks == 0,
    )
    scorer = _SCORERS[rules.counting]
    return scorer(facts, rules)


class _Builder:
    """Collects score lines and sums them per side."""

    def __init__(self, facts: _Facts, rules: RuleSet) -> None:
        self.facts = facts
        self.rules = rules
        self.lines: list[ScoreLine] = []

    def add(
        self,
        side: Side,
        kind: LineKind,
        base_points: int,
        rule: str,
        *,
        multiplier: int = 1,
        rounded: bool = False,
        parts: tuple[LinePart, ...] = (),
    ) -> None:
        if base_points == 0:
            return
        amount = (round_to_ten(base_points) if rounded else base_points) * multiplier
        self.lines.append(ScoreLine(side, kind, base_points, amount, multiplier, rule, parts))

    def result(self, outcome: DealOutcome, *, reserve: int = 0) -> DealScore:
        return DealScore(
            taker_score=sum(line.amount for line in self.lines if line.side is Side.TAKER),
            defence_score=sum(line.amount for line in self.lines if line.side is Side.DEFENCE),
            reserve=reserve,
            outcome=outcome,
            multiplier=self.facts.multiplier,
            taker_capot=self.facts.taker_capot,
            defence_capot=self.facts.defence_capot,
            lines=tuple(self.lines),
        )


def _total_parts(card_points: int, belote: int, declarations: int) -> tuple[LinePart, ...]:
    """Return the parts of a §B1.2 total: the card points always, belote and declarations
    when the side has some."""
    parts = [LinePart(PartKind.CARD_POINTS, card_points)]
    if belote:
        parts.append(LinePart(PartKind.BELOTE, belote))
    if declarations:
        parts.append(LinePart(PartKind.DECLARATIONS, declarations))
    return tuple(parts)


def _score_ffb_coinche(facts: _Facts, rules: RuleSet) -> DealScore:
    """RULES.md §B1, read literally."""
    taker_declarations = facts.taker_declarations
    defence_declarations = facts.defence_declarations
    if facts.taker_capot:  # §B1.1
        taker_declarations, defence_declarations = taker_declarations + defence_declarations, 0
    belote_taker = BELOTE_POINTS * facts.taker_belotes
    belote_defence = BELOTE_POINTS * facts.defence_belotes
    total_taker = facts.taker_card_points + belote_taker + taker_declarations  # §B1.2
    total_defence = facts.defence_card_points + belote_defence + defence_declarations
    contract_value = CAPOT_BASE if facts.is_capot_bid else facts.contract
    if facts.is_capot_bid:  # §B1.3
        is_made = facts.taker_capot and total_taker > total_defence
    else:
        is_made = total_taker >= facts.contract and total_taker > total_defence
    multiplier = facts.multiplier
    out = _Builder(facts, rules)
    taker, defence = Side.TAKER, Side.DEFENCE
    if is_made and multiplier == 1:  # §B1.4: each side rounded separately
        rounded = rules.rounds_to_ten
        out.add(
            taker,
            LineKind.DEAL_TOTAL,
            total_taker,
            "§B1.4",
            rounded=rounded,
            parts=_total_parts(facts.taker_card_points, belote_taker, taker_declarations),
        )
        out.add(taker, LineKind.CONTRACT, contract_value, "§B1.4")
        out.add(
            defence,
            LineKind.DEAL_TOTAL,
            total_defence,
            "§B1.4",
            rounded=rounded,
            parts=_total_parts(facts.defence_card_points, belote_defence, defence_declarations),
        )
        return out.result(DealOutcome.MADE)
    if is_made:  # §B1.5
        base = CAPOT_BASE if facts.taker_capot else DEAL_BASE
        out.add(taker, LineKind.DEAL_POINTS, base, "§B1.5", multiplier=multiplier)
        out.add(
            taker, LineKind.DECLARATIONS, facts.taker_declarations, "§B1.5", multiplier=multiplier
        )
        out.add(taker, LineKind.BELOTE, belote_taker, "§B1.5", multiplier=multiplier)
        out.add(
            taker,
            LineKind.OPPONENT_DECLARATIONS,
            facts.defence_declarations,
            "§B1.5",
            multiplier=multiplier,
        )
        out.add(taker, LineKind.CONTRACT, contract_value, "§B1.5", multiplier=multiplier)
        out.add(defence, LineKind.BELOTE, belote_defence, "§B1.5")
        return out.result(DealOutcome.MADE)
    # §B1.6: chute; the taker keeps its belote, its declarations change hands.
    out.add(taker, LineKind.BELOTE, belote_taker, "§B1.6")
    out.add(defence, LineKind.DEAL_POINTS, DEAL_BASE, "§B1.6", multiplier=multiplier)
    out.add(defence, LineKind.DECLARATIONS, defence_declarations, "§B1.6", multiplier=multiplier)
    out.add(defence, LineKind.BELOTE, belote_defence, "§B1.6", multiplier=multiplier)
    out.add(
        defence, LineKind.OPPONENT_DECLARATIONS, taker_declarations, "§B1.6", multiplier=multiplier
    )
    out.add(defence, LineKind.CONTRACT, contract_value, "§B1.6", multiplier=multiplier)
    return out.result(DealOutcome.CHUTE)


def _score_contree(facts: _Facts, rules: RuleSet) -> DealScore:
    """RULES.md §B2 (points faits + annoncés), §B3 (points faits), §B4 (points annoncés)."""
    belote_taker = BELOTE_POINTS * facts.taker_belotes
    belote_defence = BELOTE_POINTS * facts.defence_belotes
    if facts.is_capot_bid:
        is_made = facts.taker_capot
    else:
        is_made = facts.taker_card_points + belote_taker >= facts.contract
    outcome = DealOutcome.MADE if is_made else DealOutcome.CHUTE
    winner, loser = (Side.TAKER, Side.DEFENCE) if is_made else (Side.DEFENCE, Side.TAKER)
    multiplier = facts.multiplier
    out = _Builder(facts, rules)
    counting = rules.counting
    if counting is Counting.POINTS_BID:
        rule = "§B4"
        if facts.is_capot_bid:
            out.add(winner, LineKind.CAPOT_BID, CAPOT_BASE, rule, multiplier=multiplier)
        elif is_made or multiplier > 1:
            out.add(winner, LineKind.CONTRACT, facts.contract, rule, multiplier=multiplier)
        else:
            out.add(winner, LineKind.DEAL_POINTS, DEAL_BASE, rule)
        return out.result(outcome)
    rule = "§B2" if counting is Counting.POINTS_MADE_AND_BID else "§B3"
    adds_contract = counting is Counting.POINTS_MADE_AND_BID
    if facts.is_capot_bid:
        out.add(winner, LineKind.CAPOT_BID, CONTREE_CAPOT_BID, rule, multiplier=multiplier)
    elif multiplier > 1:
        base = CAPOT_BASE if facts.taker_capot and adds_contract else DEAL_BASE
        out.add(winner, LineKind.DEAL_POINTS, base, rule, multiplier=multiplier)
        if adds_contract:
            out.add(winner, LineKind.CONTRACT, facts.contract, rule, multiplier=multiplier)
        elif facts.taker_capot:
            out.add(winner, LineKind.CAPOT_BONUS, POINTS_MADE_CAPOT_BONUS, rule)
    elif is_made and facts.taker_capot:
        out.add(winner, LineKind.DEAL_POINTS, CAPOT_BASE, rule)
        if adds_contract:
            out.add(winner, LineKind.CONTRACT, facts.contract, rule)
    elif is_made:
        rounded = rules.rounds_to_ten
        out.add(winner, LineKind.CARD_POINTS, facts.taker_card_points, rule, rounded=rounded)
        if adds_contract:
            out.add(winner, LineKind.CONTRACT, facts.contract, rule)
        out.add(loser, LineKind.CARD_POINTS, facts.defence_card_points, rule, rounded=rounded)
    else:
        out.add(winner, LineKind.DEAL_POINTS, DEAL_BASE, rule)
        if adds_contract:
            out.add(winner, LineKind.CONTRACT, facts.contract, rule)
    # Belote is prenable: every belote of the deal goes to its winner, after any multiplier.
    own, taken = (belote_taker, belote_defence) if is_made else (belote_defence, belote_taker)
    out.add(winner, LineKind.BELOTE, own, rule)
    out.add(winner, LineKind.OPPONENT_BELOTE, taken, rule)
    return out.result(outcome)


def _score_classic(facts: _Facts, rules: RuleSet) -> DealScore:
    """RULES.md §B5: classic belote, no rounding, no contract value, litige reserve."""
    taker_declarations = facts.taker_declarations
    defence_declarations = facts.defence_declarations
    if facts.taker_capot:  # §B5.1: the capot side takes the other side's declarations
        taker_declarations, defence_declarations = taker_declarations + defence_declarations, 0
    elif facts.defence_capot:
        taker_declarations, defence_declarations = 0, taker_declarations + defence_declarations
    belote_taker = BELOTE_POINTS * facts.taker_belotes
    belote_defence = BELOTE_POINTS * facts.defence_belotes
    total_taker = facts.taker_card_points + belote_taker + taker_declarations  # §B5.2
    total_defence = facts.defence_card_points + belote_defence + defence_declarations
    out = _Builder(facts, rules)
    taker, defence = Side.TAKER, Side.DEFENCE
    if total_taker > total_defence:  # §B5.3
        out.add(taker, LineKind.CARD_POINTS, facts.taker_card_points, "§B5.3")
        out.add(taker, LineKind.BELOTE, belote_taker, "§B5.3")
        out.add(taker, LineKind.DECLARATIONS, facts.taker_declarations, "§B5.3")
        taken = taker_declarations - facts.taker_declarations
        out.add(taker, LineKind.OPPONENT_DECLARATIONS, taken, "§B5.1")
        out.add(defence, LineKind.CARD_POINTS, facts.defence_card_points, "§B5.3")
        out.add(defence, LineKind.BELOTE, belote_defence, "§B5.3")
        out.add(defence, LineKind.DECLARATIONS, defence_declarations, "§B5.3")
        return out.result(DealOutcome.MADE)
    is_chute = total_taker < total_defence  # dedans, in classic belote's words
    # The taker's belote is scored now whether dedans (§B5.4) or in a litige (§B5.5).
    out.add(taker, LineKind.BELOTE, belote_taker, "§B5.4" if is_chute else "§B5.5")
    if is_chute:  # §B5.4
        all_points = CAPOT_CARD_POINTS if facts.defence_capot else DEAL_CARD_POINTS
        out.add(defence, LineKind.DEAL_POINTS, all_points, "§B5.4")
        out.add(defence, LineKind.DECLARATIONS, facts.defence_declarations, "§B5.4")
        out.add(defence, LineKind.OPPONENT_DECLARATIONS, facts.taker_declarations, "§B5.4")
        out.add(defence, LineKind.BELOTE, belote_defence, "§B5.4")
        return out.result(DealOutcome.CHUTE)
    # §B5.5: litige; the defence scores its total now, the taker's goes in reserve.
    out.add(defence, LineKind.CARD_POINTS, facts.defence_card_points, "§B5.5")
    out.add(defence, LineKind.BELOTE, belote_defence, "§B5.5")
    out.add(defence, LineKind.DECLARATIONS, defence_declarations, "§B5.5")
    return out.result(DealOutcome.LITIGE, reserve=total_taker - belote_taker)


_SCORERS = {
    Counting.FFB_COINCHE: _score_ffb_coinche,
    Counting.POINTS_MADE_AND_BID: _score_contree,
    Counting.POINTS_MADE: _score_contree,
    Counting.POINTS_BID: _score_contree,
    Counting.CLASSIC: _score_classic,
}
