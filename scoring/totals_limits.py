"""Limits no true paper sheet breaks: what a match's two totals can be (RULES.md §G, §B, §C).

A match recorded by its two totals (scored points) has no deal the engine could check,
but its totals still cannot be anything: each deal played gives the two teams together at
least :func:`deal_score_range`'s least and at most its most, a fixed number of deals
(:func:`most_deals_played`) cannot be exceeded, and under the coinche and contrée presets
every score is a multiple of ten (:func:`score_step`). :func:`check_totals_plausibility`
lists every limit a sheet breaks, each as a :class:`BrokenLimit` carrying its numbers so
that a message can say which one.

The limits are those of the deals the engine accepts (:func:`scoring.validate_deal`): the
least and the most are reached by real deals (the tests score one of each), so a total
outside them cannot come from any sequence of valid deals. Passed deals score nothing
and are not counted (RULES.md §C); a litige reserve returned at the end of a match is
inside the totals (§G), so a deal's sum counts its reserve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from scoring.cards import BELOTE_POINTS, CAPOT_CARD_POINTS, DEAL_CARD_POINTS
from scoring.deals import CAPOT_BASE, CONTREE_CAPOT_BID, DEAL_BASE, round_to_ten
from scoring.matches import FormatKind, MatchFormat
from scoring.rules import CoincheLevel, Counting, RuleSet
from scoring.validation import MAX_DECLARATIONS

#: The most belotes of one deal: four at tout atout (a king and queen of every suit, all
#: trumps), else one (the trump suit's); none at sans atout (RULES.md §A, §B6 ``belote``).
MOST_BELOTES_ALL_TRUMP = 4
MOST_BELOTES_SUIT = 1
#: The step of the scores of a preset that rounds card points or never counts them, and
#: whose contracts go by tens (RULES.md §B1–§B4); classic belote scores card points as
#: they are (§B5).
ROUNDED_SCORE_STEP = 10


class TotalsLimit(StrEnum):
    """A limit of a match's totals, in the order :func:`check_totals_plausibility` checks.

    The comment beside each member names the params of its :class:`BrokenLimit`.
    """

    MOST_DEALS = "most_deals"  # deals_played, most_deals: the format's fixed count
    SCORE_STEP = "score_step"  # score_step; score_a and/or score_b: each total off the step
    NO_DEAL = "no_deal"  # total: points scored with no deal played
    LEAST_TOTAL = "least_total"  # total, deals_played, least (a deal), lowest (all deals)
    MOST_TOTAL = "most_total"  # total, deals_played, most (a deal), highest (all deals)


@dataclass(frozen=True)
class BrokenLimit:
    """One limit a sheet breaks: ``limit`` says which, ``params`` the numbers its message
    quotes (scored points, or counts of deals), as ``(name, value)`` pairs.

    A name means the same number in every limit of one sheet (``total`` is always the sum
    of the two totals, ``deals_played`` the deals the limit counted), so the params of
    all the limits a sheet breaks can be put together.
    """

    limit: TotalsLimit
    params: tuple[tuple[str, int], ...] = field(default=())


def _most_belotes(rules: RuleSet) -> int:
    return MOST_BELOTES_ALL_TRUMP if rules.allows_all_trump else MOST_BELOTES_SUIT


def _most_multiplier(rules: RuleSet) -> int:
    if not rules.allows_coinche:
        return rules.multiplier(CoincheLevel.NONE)
    return max(multiplier for _level, multiplier in rules.multipliers)


def _least_card_points(rules: RuleSet) -> int:
    """Return the least the two sides' card points score together in a deal: 162, or, when
    each side is rounded apart, 160 (84 and 78 round to 80 and 80; R(x) ≥ x − 4)."""
    if not rules.rounds_to_ten:
        return DEAL_CARD_POINTS
    return min(
        round_to_ten(points) + round_to_ten(DEAL_CARD_POINTS - points)
        for points in range(DEAL_CARD_POINTS + 1)
    )


def deal_score_range(rules: RuleSet) -> tuple[int, int]:
    """Return ``(least, most)``: the scored points the two teams together can score in one
    deal played (not passed) under ``rules``, litige reserve included (RULES.md §B, §G).

    Derived from RULES.md §B and the engine (scoring/deals.py), over every deal
    :func:`scoring.validate_deal` accepts: at most 550 declaration points, one side only
    (§D, ``MAX_DECLARATIONS``), at most one belote (four at tout atout), k at most 4, the
    contracts of the rule set. Per preset:

    - ``ffb-coinche`` (§B1) 240 / 5520. Least: a made, uncoinched 80 whose card points
      round to 80 + 80 (84/78, §B1.4), or a chuted 80 (160 + 80, §B1.6). Most: a 500
      surcoinched and made capot at tout atout with 550 declarations and four belotes,
      4 × (250 + 550 + 4 × 20 + 500) (§B1.5; a capot bid is worth only 250).
    - ``ffb-contree`` (§B2) 240 / 2080. Least as above (R(cT) + R(cD) + C, or 160 + C).
      Most: a surcoinched capot bid, 500 × 4, plus four belotes at tout atout.
    - ``contree-points-faits`` (§B3) 160 / 2080: no contract value; most as §B2.
    - ``contree-points-annonces`` (§B4) 80 / 1000: least a made 80 (taker 80, defence 0);
      most a surcoinched capot bid, 250 × 4 (belote never scored).
    - ``belote-classique`` (§B5) 162 / 822: every deal is 162 + 90 a capot + 20 a belote +
      the declarations (§G), at most 252 + 20 + 550 (a suit trump, one belote).
    - ``belote-sans-annonces`` (§B5) 162 / 272: no declarations.

    These are the values computed before, each re-derived and reached by a scored deal
    (tests/scoring/test_totals_limits.py).
    """
    belotes = BELOTE_POINTS * _most_belotes(rules)
    multiplier = _most_multiplier(rules)
    declarations = MAX_DECLARATIONS if rules.has_declarations else 0
    if rules.counting is Counting.CLASSIC:
        return DEAL_CARD_POINTS, CAPOT_CARD_POINTS + belotes + declarations
    if rules.counting is Counting.POINTS_BID:
        least = min(rules.contract_min, DEAL_BASE)
        return least, multiplier * max(CAPOT_BASE, rules.contract_max)
    least_deal = min(_least_card_points(rules), DEAL_BASE)
    if rules.counting is Counting.POINTS_MADE:
        return least_deal, multiplier * CONTREE_CAPOT_BID + belotes
    least = least_deal + rules.contract_min
    if rules.counting is Counting.POINTS_MADE_AND_BID:
        most_bid = max(CONTREE_CAPOT_BID, CAPOT_BASE + rules.contract_max)
        return least, multiplier * most_bid + belotes
    contract_value = max(CAPOT_BASE, rules.contract_max)
    return least, multiplier * (CAPOT_BASE + declarations + belotes + contract_value)


def most_deals_played(match_format: MatchFormat) -> int | None:
    """Return the fixed number of deals of ``match_format`` (e.g. 12), or None for a match
    played to a target score, which has no such count (RULES.md §C; passed deals are not
    counted)."""
    if match_format.kind is FormatKind.DEALS:
        return match_format.value
    return None


def score_step(rules: RuleSet) -> int:
    """Return what every score of ``rules`` is a multiple of, in scored points: 10 for the
    coinche and contrée presets (card points rounded to ten, or never counted, plus
    contracts by tens, belotes of 20 and declarations by tens: RULES.md §B1–§B4), else 1
    (classic belote scores card points as they are, §B5)."""
    if rules.counting is Counting.CLASSIC:
        return 1
    if rules.rounds_to_ten or rules.counting is Counting.POINTS_BID:
        return ROUNDED_SCORE_STEP
    return 1


def check_totals_plausibility(
    rules: RuleSet,
    deals_played: int | None,
    score_a: int,
    score_b: int,
    *,
    match_format: MatchFormat,
) -> list[BrokenLimit]:
    """Return every limit the totals of one match break, in :class:`TotalsLimit` order, or
    [] when they can be true (RULES.md §G, §B, §C).

    ``score_a`` and ``score_b`` are the two totals (scored points, whole numbers ≥ 0, as
    :func:`scoring.check_match_totals` checks them); ``deals_played`` the deals the sheet
    counts (passed ones not), or None when it does not say. Checked: deals played above
    the fixed count of ``match_format`` (``most_deals``); a total not a multiple of
    :func:`score_step` (``score_step``); points with no deal played (``no_deal``); the sum
    of the totals below deals × the least of :func:`deal_score_range` (``least_total``)
    or above deals × its most (``most_total``). Without ``deals_played`` only the step
    and, for a fixed number of deals, the most that count allows are checked. Never
    raises.
    """
    problems: list[BrokenLimit] = []
    fixed_deals = most_deals_played(match_format)
    if deals_played is not None and fixed_deals is not None and deals_played > fixed_deals:
        problems.append(
            BrokenLimit(
                TotalsLimit.MOST_DEALS,
                (("deals_played", deals_played), ("most_deals", fixed_deals)),
            )
        )
    step = score_step(rules)
    off_step = tuple(
        (name, score)
        for name, score in (("score_a", score_a), ("score_b", score_b))
        if score % step
    )
    if off_step:
        problems.append(BrokenLimit(TotalsLimit.SCORE_STEP, (("score_step", step), *off_step)))
    total = score_a + score_b
    if deals_played == 0:
        if total:
            problems.append(BrokenLimit(TotalsLimit.NO_DEAL, (("total", total),)))
        return problems
    least, most = deal_score_range(rules)
    counted = fixed_deals if deals_played is None else deals_played
    if counted is None:
        return problems
    if deals_played is not None and total < deals_played * least:
        problems.append(
            BrokenLimit(
                TotalsLimit.LEAST_TOTAL,
                (
                    ("total", total),
                    ("deals_played", deals_played),
                    ("least", least),
                    ("lowest", deals_played * least),
                ),
            )
        )
    if total > counted * most:
        problems.append(
            BrokenLimit(
                TotalsLimit.MOST_TOTAL,
                (
                    ("total", total),
                    ("deals_played", counted),
                    ("most", most),
                    ("highest", counted * most),
                ),
            )
        )
    return problems
