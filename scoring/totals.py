"""A match recorded by its two totals, as a paper sheet gives them (RULES.md §G).

The desk may type only a table's final totals (scored points) instead of its deals, and
optionally the sheet's counts: the deals played (passed ones not counted), the capots,
the belotes announced and, under ``belote-classique``, the declaration points that
counted. Under the classic presets the counts check the totals: every deal shares 162
card points, a capot 90 more (252 instead of 162), a belote 20 and the declarations their
points, and a litige reserve returned at the end of the match stays inside the totals, so

    total A + total B = 162 × deals played + 90 × capots + 20 × belotes + declarations.

The coinche and contrée presets add contract values and round, so their totals cannot be
checked this way. :func:`check_match_totals` returns the first problem as a
:class:`TotalsError` whose code names the field, like :class:`scoring.DealError`;
:class:`InvalidTotals` carries it where a caller refuses the sheet, as
:class:`scoring.InvalidDeal` carries a deal's. Who won follows from the two totals
(:func:`scoring.matches.decide_result`, RULES.md §E).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from scoring.cards import BELOTE_POINTS, CAPOT_CARD_POINTS, DEAL_CARD_POINTS
from scoring.rules import Counting, RuleSet

#: What a capot adds to a deal's card points: the last trick is worth 100, not 10.
CAPOT_EXTRA_POINTS = CAPOT_CARD_POINTS - DEAL_CARD_POINTS
#: The most deals a sheet may count: far above any match (12 deals, or some 20 to a
#: target), and it bounds the numbers the check multiplies.
MAX_DEALS_PLAYED = 99
#: The highest total a team may be given, in scored points: 99 capot deals with every
#: belote and the most declarations a side can count stay below it.
MAX_MATCH_TOTAL = 99_999


class TotalsField(StrEnum):
    """The fields of a totals-only match, in the order :func:`check_match_totals` checks."""

    TOTAL_A = "total_a"
    TOTAL_B = "total_b"
    DEALS_PLAYED = "deals_played"
    CAPOTS = "capots"
    BELOTES = "belotes"
    DECLARATIONS = "declarations"
    SUM = "sum"


@dataclass(frozen=True)
class MatchTotals:
    """A match as its paper sheet gives it (RULES.md §G).

    Attributes:
        total_a, total_b: each team's final total in scored points.
        deals_played: deals counted (passed ones not), or None when the sheet does not say.
        capots, belotes: how many deals were capots, how many belotes were announced (a
            count each), or None.
        declarations: the declaration points that counted (``belote-classique`` only), or
            None.
    """

    total_a: int
    total_b: int
    deals_played: int | None = None
    capots: int | None = None
    belotes: int | None = None
    declarations: int | None = None

    @property
    def has_counts(self) -> bool:
        """Return True when the sheet gives its counts, so the totals can be checked."""
        return self.deals_played is not None


@dataclass(frozen=True)
class TotalsError:
    """The first problem of a totals-only match: ``code`` is the field it concerns,
    ``reason`` a short detail, ``params`` the values its message may quote."""

    code: TotalsField
    reason: str
    params: tuple[tuple[str, int], ...] = field(default=())


class InvalidTotals(ValueError):
    """Raised by the callers of :func:`check_match_totals` that refuse a sheet: ``error``
    is its first :class:`TotalsError`, whose code names the field (RULES.md §G)."""

    def __init__(self, error: TotalsError) -> None:
        super().__init__(f"{error.code}: {error.reason}")
        self.error = error


def is_checkable(rules: RuleSet) -> bool:
    """Return True when the counts of a sheet can check its totals: the classic presets
    (RULES.md §B5, §G); the coinche and contrée presets add contract values."""
    return rules.counting is Counting.CLASSIC


def expected_totals_sum(totals: MatchTotals, rules: RuleSet) -> int | None:
    """Return what total A + total B must be under ``rules`` for the sheet's counts
    (RULES.md §G), or None when the rules or the sheet cannot tell (no counts given, or a
    coinche or contrée preset). Missing capots, belotes or declarations count as 0."""
    if not is_checkable(rules) or totals.deals_played is None:
        return None
    return (
        DEAL_CARD_POINTS * totals.deals_played
        + CAPOT_EXTRA_POINTS * (totals.capots or 0)
        + BELOTE_POINTS * (totals.belotes or 0)
        + (totals.declarations or 0)
    )


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_match_totals(totals: MatchTotals, rules: RuleSet) -> TotalsError | None:
    """Return the first problem of ``totals`` under ``rules``, or None (RULES.md §G).

    In order: each total a whole number from 0 to :data:`MAX_MATCH_TOTAL`; the counts
    whole numbers, deals played at most :data:`MAX_DEALS_PLAYED`, capots at most the
    deals played, belotes at most one a deal (classic belote has no tout atout), the
    counts only with the deals played, declarations at most :data:`MAX_MATCH_TOTAL`
    (they are inside the totals), a multiple of 10 and only where the rules count them; then, under the classic presets, the sum (reason ``mismatch``,
    params ``total`` and ``expected``). Never raises.
    """
    sides = ((TotalsField.TOTAL_A, totals.total_a), (TotalsField.TOTAL_B, totals.total_b))
    for name, total in sides:
        if not _is_count(total) or total > MAX_MATCH_TOTAL:
            return TotalsError(name, "range", (("maximum", MAX_MATCH_TOTAL),))
    deals = totals.deals_played
    counts = (
        (TotalsField.CAPOTS, totals.capots),
        (TotalsField.BELOTES, totals.belotes),
        (TotalsField.DECLARATIONS, totals.declarations),
    )
    if deals is None:
        if any(count is not None for _name, count in counts):
            return TotalsError(TotalsField.DEALS_PLAYED, "missing")
        return None
    if not _is_count(deals) or deals > MAX_DEALS_PLAYED:
        return TotalsError(TotalsField.DEALS_PLAYED, "range", (("maximum", MAX_DEALS_PLAYED),))
    for name, count in counts:
        if count is not None and not _is_count(count):
            return TotalsError(name, "negative")
    if (totals.capots or 0) > deals:
        return TotalsError(TotalsField.CAPOTS, "above_deals", (("deals", deals),))
    if (totals.belotes or 0) > deals:
        return TotalsError(TotalsField.BELOTES, "above_deals", (("deals", deals),))
    declarations = totals.declarations or 0
    if declarations > MAX_MATCH_TOTAL:
        return TotalsError(TotalsField.DECLARATIONS, "range", (("maximum", MAX_MATCH_TOTAL),))
    if declarations and not rules.has_declarations:
        return TotalsError(TotalsField.DECLARATIONS, "not_allowed")
    if declarations % 10:
        return TotalsError(TotalsField.DECLARATIONS, "step")
    expected = expected_totals_sum(totals, rules)
    total = totals.total_a + totals.total_b
    if expected is not None and total != expected:
        return TotalsError(TotalsField.SUM, "mismatch", (("total", total), ("expected", expected)))
    return None
