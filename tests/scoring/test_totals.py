"""scoring/totals.py: a match recorded by its totals, checked by the sheet's counts (RULES.md §G)."""

import csv
import os
from pathlib import Path

import pytest

from scoring import get_ruleset
from scoring.totals import (
    MAX_DEALS_PLAYED,
    MAX_MATCH_TOTAL,
    InvalidTotals,
    MatchTotals,
    TotalsError,
    TotalsField,
    check_match_totals,
    expected_totals_sum,
    is_checkable,
)

SHARED = Path(
    os.environ.get("BELOTE_SHARED_DIR", Path(__file__).resolve().parents[2].parent / "shared")
)
CLASSIC = get_ruleset("belote-classique")
WITHOUT_DECLARATIONS = get_ruleset("belote-sans-annonces")
COINCHE = get_ruleset("ffb-coinche")


def sample_rows() -> list[dict[str, str]]:
    path = SHARED / "data" / "concours-belote-19-totals" / "matches.csv"
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


@pytest.mark.parametrize("row", sample_rows(), ids=lambda row: f"{row['round']}-{row['table']}")
def test_every_table_of_the_totals_sample_adds_up(row):
    totals = MatchTotals(
        total_a=int(row["total_a"]),
        total_b=int(row["total_b"]),
        deals_played=int(row["deals_played"]),
        capots=int(row["capots"]),
        belotes=int(row["belotes"]),
        declarations=int(row["declarations"]),
    )

    error = check_match_totals(totals, WITHOUT_DECLARATIONS)

    assert error is None


def test_the_sample_has_tables():
    assert len(sample_rows()) == 36


@pytest.mark.parametrize(
    ("totals", "rules", "expected"),
    [
        # 12 deals, no capot, 5 belotes: 1944 + 100.
        (MatchTotals(969, 1075, 12, 0, 5, 0), WITHOUT_DECLARATIONS, 2044),
        # A capot is 252 instead of 162; the declarations count under belote-classique.
        (MatchTotals(0, 0, 12, 1, 2, 150), CLASSIC, 1944 + 90 + 40 + 150),
        # Counts left out count as nothing.
        (MatchTotals(0, 0, 10), CLASSIC, 1620),
        # No counts: nothing to check against.
        (MatchTotals(1000, 944), CLASSIC, None),
        # Contract values and rounding: coinche totals cannot be checked.
        (MatchTotals(1000, 944, 12, 0, 0, 0), COINCHE, None),
    ],
    ids=["classic", "capot-and-declarations", "deals-only", "no-counts", "coinche"],
)
def test_it_says_what_the_two_totals_must_add_up_to(totals, rules, expected):
    assert expected_totals_sum(totals, rules) == expected


def test_only_the_classic_presets_can_check_their_totals():
    checkable = {
        ruleset_id: is_checkable(get_ruleset(ruleset_id))
        for ruleset_id in (
            "ffb-coinche",
            "ffb-contree",
            "contree-points-faits",
            "contree-points-annonces",
            "belote-classique",
            "belote-sans-annonces",
        )
    }

    assert checkable == {
        "ffb-coinche": False,
        "ffb-contree": False,
        "contree-points-faits": False,
        "contree-points-annonces": False,
        "belote-classique": True,
        "belote-sans-annonces": True,
    }


@pytest.mark.parametrize(
    ("totals", "rules"),
    [
        (MatchTotals(969, 1075, 12, 0, 5, 0), WITHOUT_DECLARATIONS),
        (MatchTotals(1000, 944), CLASSIC),
        (MatchTotals(0, 0), CLASSIC),
        (MatchTotals(1200, 834, 12, 1, 0, 0), CLASSIC),
        (MatchTotals(1500, 1200, 12, None, 1, None), COINCHE),
        (MatchTotals(MAX_MATCH_TOTAL, 0), CLASSIC),
    ],
    ids=["sample", "no-counts", "zero", "capot", "coinche-unchecked", "highest-total"],
)
def test_it_accepts_totals_that_add_up_or_cannot_be_checked(totals, rules):
    assert check_match_totals(totals, rules) is None


@pytest.mark.parametrize(
    ("totals", "rules", "error"),
    [
        (
            MatchTotals(-1, 0),
            CLASSIC,
            TotalsError(TotalsField.TOTAL_A, "range", (("maximum", MAX_MATCH_TOTAL),)),
        ),
        (
            MatchTotals(0, MAX_MATCH_TOTAL + 1),
            CLASSIC,
            TotalsError(TotalsField.TOTAL_B, "range", (("maximum", MAX_MATCH_TOTAL),)),
        ),
        (
            MatchTotals("12", 0),
            CLASSIC,
            TotalsError(TotalsField.TOTAL_A, "range", (("maximum", MAX_MATCH_TOTAL),)),
        ),
        (
            MatchTotals(True, 0),
            CLASSIC,
            TotalsError(TotalsField.TOTAL_A, "range", (("maximum", MAX_MATCH_TOTAL),)),
        ),
        (MatchTotals(0, 0, capots=1), CLASSIC, TotalsError(TotalsField.DEALS_PLAYED, "missing")),
        (
            MatchTotals(0, 0, MAX_DEALS_PLAYED + 1),
            CLASSIC,
            TotalsError(TotalsField.DEALS_PLAYED, "range", (("maximum", MAX_DEALS_PLAYED),)),
        ),
        (
            MatchTotals(0, 0, -1),
            CLASSIC,
            TotalsError(TotalsField.DEALS_PLAYED, "range", (("maximum", MAX_DEALS_PLAYED),)),
        ),
        (MatchTotals(0, 0, 12, -1), CLASSIC, TotalsError(TotalsField.CAPOTS, "negative")),
        (MatchTotals(0, 0, 12, 0, -2), CLASSIC, TotalsError(TotalsField.BELOTES, "negative")),
        (
            MatchTotals(0, 0, 12, 0, 0, -10),
            CLASSIC,
            TotalsError(TotalsField.DECLARATIONS, "negative"),
        ),
        (
            MatchTotals(0, 0, 2, 3),
            CLASSIC,
            TotalsError(TotalsField.CAPOTS, "above_deals", (("deals", 2),)),
        ),
        (
            MatchTotals(0, 0, 2, 0, 3),
            CLASSIC,
            TotalsError(TotalsField.BELOTES, "above_deals", (("deals", 2),)),
        ),
        (
            MatchTotals(0, 0, 12, 0, 0, MAX_MATCH_TOTAL + 1),
            CLASSIC,
            TotalsError(TotalsField.DECLARATIONS, "range", (("maximum", MAX_MATCH_TOTAL),)),
        ),
        (
            MatchTotals(0, 0, 12, 0, 0, 20),
            WITHOUT_DECLARATIONS,
            TotalsError(TotalsField.DECLARATIONS, "not_allowed"),
        ),
        (
            MatchTotals(0, 0, 12, 0, 0, 25),
            CLASSIC,
            TotalsError(TotalsField.DECLARATIONS, "step"),
        ),
        (
            MatchTotals(969, 1074, 12, 0, 5, 0),
            WITHOUT_DECLARATIONS,
            TotalsError(TotalsField.SUM, "mismatch", (("total", 2043), ("expected", 2044))),
        ),
    ],
    ids=[
        "negative-total",
        "total-too-high",
        "total-not-a-number",
        "total-a-bool",
        "counts-without-deals",
        "too-many-deals",
        "negative-deals",
        "negative-capots",
        "negative-belotes",
        "negative-declarations",
        "more-capots-than-deals",
        "more-belotes-than-deals",
        "declarations-too-high",
        "declarations-not-counted",
        "declarations-step",
        "sum-mismatch",
    ],
)
def test_it_reports_the_first_problem_of_a_sheet(totals, rules, error):
    assert check_match_totals(totals, rules) == error


def test_the_sheet_says_whether_it_gives_its_counts():
    assert (MatchTotals(1, 2).has_counts, MatchTotals(1, 2, 12).has_counts) == (False, True)


def test_invalid_totals_carries_the_first_problem_and_says_it():
    error = TotalsError(TotalsField.CAPOTS, "above_deals", (("deals", 2),))

    raised = InvalidTotals(error)

    assert (raised.error, str(raised)) == (error, "capots: above_deals")
