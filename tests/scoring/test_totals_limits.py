"""scoring/totals_limits.py: totals that cannot be true (RULES.md §G, §B, §C)."""

import csv
import dataclasses
import os
from pathlib import Path

import pytest

from scoring import (
    BrokenLimit,
    CoincheLevel,
    Deal,
    FormatKind,
    MatchFormat,
    TotalsLimit,
    Trump,
    check_totals_plausibility,
    deal_score_range,
    get_ruleset,
    most_deals_played,
    score_deal,
    score_step,
)

SHARED = Path(
    os.environ.get("BELOTE_SHARED_DIR", Path(__file__).resolve().parents[2].parent / "shared")
)
TWELVE_DEALS = MatchFormat(FormatKind.DEALS, 12)
TO_2000 = MatchFormat(FormatKind.TARGET, 2000)
COINCHE = get_ruleset("ffb-coinche")
CLASSIC = get_ruleset("belote-classique")


@pytest.mark.parametrize(
    ("ruleset_id", "expected"),
    [
        ("ffb-coinche", (240, 5520)),
        ("ffb-contree", (240, 2080)),
        ("contree-points-faits", (160, 2080)),
        ("contree-points-annonces", (80, 1000)),
        ("belote-classique", (162, 822)),
        ("belote-sans-annonces", (162, 272)),
    ],
)
def test_it_gives_each_presets_least_and_most_a_deal(ruleset_id, expected):
    rules = get_ruleset(ruleset_id)

    score_range = deal_score_range(rules)

    assert score_range == expected


def _sum(deal, rules):
    score = score_deal(deal, rules)
    return score.taker_score + score.defence_score + score.reserve


#: A deal reaching each preset's least and one reaching its most: the limits are real.
WITNESSES = [
    # A made 80, uncoinched, its card points rounded to 80 + 80 (§B1.4).
    ("ffb-coinche", Deal(Trump.SPADES, 80, 84, 78, 5), 240),
    # A 500 surcoinched and made capot at tout atout: 4 × (250 + 550 + 80 + 500) (§B1.5).
    (
        "ffb-coinche",
        Deal(Trump.ALL_TRUMP, 500, 252, 0, 8, CoincheLevel.SURCOINCHE, 4, 0, 550, 0),
        5520,
    ),
    ("ffb-contree", Deal(Trump.SPADES, 80, 84, 78, 5), 240),
    (
        "ffb-contree",
        Deal(Trump.ALL_TRUMP, "capot", 252, 0, 8, CoincheLevel.SURCOINCHE, 2, 2),
        2080,
    ),
    ("contree-points-faits", Deal(Trump.SPADES, 80, 84, 78, 5), 160),
    (
        "contree-points-faits",
        Deal(Trump.ALL_TRUMP, "capot", 252, 0, 8, CoincheLevel.SURCOINCHE, 4, 0),
        2080,
    ),
    ("contree-points-annonces", Deal(Trump.SPADES, 80, 90, 72, 5), 80),
    (
        "contree-points-annonces",
        Deal(Trump.SPADES, "capot", 252, 0, 8, CoincheLevel.SURCOINCHE),
        1000,
    ),
    ("belote-classique", Deal(Trump.HEARTS, None, 100, 62, 5), 162),
    (
        "belote-classique",
        Deal(Trump.HEARTS, None, 252, 0, 8, taker_declarations=550, defence_belotes=1),
        822,
    ),
    # A litige (81-81): its reserve counts in the deal's sum (§B5.5, §G).
    ("belote-sans-annonces", Deal(Trump.HEARTS, None, 81, 81, 4), 162),
    ("belote-sans-annonces", Deal(Trump.HEARTS, None, 252, 0, 8, taker_belotes=1), 272),
]


@pytest.mark.parametrize(("ruleset_id", "deal", "expected"), WITNESSES)
def test_a_scored_deal_reaches_each_limit(ruleset_id, deal, expected):
    rules = get_ruleset(ruleset_id)

    total = _sum(deal, rules)

    assert total == expected


def test_points_faits_scored_as_they_are_still_scores_at_least_160_a_deal():
    rules = dataclasses.replace(get_ruleset("ffb-contree"), rounds_to_ten=False)

    score_range = deal_score_range(rules)

    assert score_range == (240, 2080)


def test_a_preset_without_coinche_multiplies_by_one():
    rules = dataclasses.replace(get_ruleset("contree-points-faits"), allows_coinche=False)

    score_range = deal_score_range(rules)

    assert score_range == (160, 500 + 80)


def test_a_fixed_number_of_deals_is_the_most_played():
    assert most_deals_played(TWELVE_DEALS) == 12


def test_a_match_to_a_target_has_no_most_deals():
    assert most_deals_played(TO_2000) is None


@pytest.mark.parametrize(
    ("ruleset_id", "expected"),
    [
        ("ffb-coinche", 10),
        ("ffb-contree", 10),
        ("contree-points-faits", 10),
        ("contree-points-annonces", 10),
        ("belote-classique", 1),
        ("belote-sans-annonces", 1),
    ],
)
def test_it_gives_each_presets_score_step(ruleset_id, expected):
    assert score_step(get_ruleset(ruleset_id)) == expected


def test_a_contree_counting_unrounded_card_points_has_a_step_of_one():
    rules = dataclasses.replace(get_ruleset("contree-points-faits"), rounds_to_ten=False)

    assert score_step(rules) == 1


def test_totals_within_every_limit_break_none():
    problems = check_totals_plausibility(COINCHE, 12, 3110, 1870, match_format=TWELVE_DEALS)

    assert problems == []


def test_it_names_every_limit_broken_with_its_numbers():
    problems = check_totals_plausibility(COINCHE, 13, 35, 0, match_format=TWELVE_DEALS)

    assert problems == [
        BrokenLimit(TotalsLimit.MOST_DEALS, (("deals_played", 13), ("most_deals", 12))),
        BrokenLimit(TotalsLimit.SCORE_STEP, (("score_step", 10), ("score_a", 35))),
        BrokenLimit(
            TotalsLimit.LEAST_TOTAL,
            (("total", 35), ("deals_played", 13), ("least", 240), ("lowest", 3120)),
        ),
    ]


def test_it_names_both_totals_off_the_step():
    problems = check_totals_plausibility(COINCHE, 12, 1501, 1502, match_format=TWELVE_DEALS)

    assert problems == [
        BrokenLimit(
            TotalsLimit.SCORE_STEP, (("score_step", 10), ("score_a", 1501), ("score_b", 1502))
        )
    ]


def test_a_sum_above_the_most_is_broken():
    problems = check_totals_plausibility(CLASSIC, 2, 1000, 645, match_format=TWELVE_DEALS)

    assert problems == [
        BrokenLimit(
            TotalsLimit.MOST_TOTAL,
            (("total", 1645), ("deals_played", 2), ("most", 822), ("highest", 1644)),
        )
    ]


def test_the_most_a_sheet_can_reach_is_not_broken():
    problems = check_totals_plausibility(CLASSIC, 2, 1000, 644, match_format=TWELVE_DEALS)

    assert problems == []


def test_the_least_a_sheet_can_reach_is_not_broken():
    problems = check_totals_plausibility(CLASSIC, 12, 1000, 944, match_format=TWELVE_DEALS)

    assert problems == []


def test_points_with_no_deal_played_are_broken_alone():
    problems = check_totals_plausibility(CLASSIC, 0, 100, 62, match_format=TWELVE_DEALS)

    assert problems == [BrokenLimit(TotalsLimit.NO_DEAL, (("total", 162),))]


def test_no_points_with_no_deal_played_is_possible():
    problems = check_totals_plausibility(CLASSIC, 0, 0, 0, match_format=TWELVE_DEALS)

    assert problems == []


def test_to_a_target_any_count_of_deals_is_possible():
    problems = check_totals_plausibility(COINCHE, 30, 2010, 5190, match_format=TO_2000)

    assert problems == []


def test_without_the_count_a_fixed_number_of_deals_still_bounds_the_sum():
    problems = check_totals_plausibility(COINCHE, None, 66_250, 0, match_format=TWELVE_DEALS)

    assert problems == [
        BrokenLimit(
            TotalsLimit.MOST_TOTAL,
            (("total", 66_250), ("deals_played", 12), ("most", 5520), ("highest", 66_240)),
        )
    ]


def test_without_the_count_the_least_is_not_checked():
    problems = check_totals_plausibility(COINCHE, None, 10, 0, match_format=TWELVE_DEALS)

    assert problems == []


def test_without_the_count_to_a_target_only_the_step_is_checked():
    problems = check_totals_plausibility(COINCHE, None, 99_995, 0, match_format=TO_2000)

    assert problems == [
        BrokenLimit(TotalsLimit.SCORE_STEP, (("score_step", 10), ("score_a", 99_995)))
    ]


def _rows(folder, name):
    with (SHARED / "data" / folder / name).open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


@pytest.mark.parametrize(
    "row",
    _rows("concours-belote-19-totals", "matches.csv"),
    ids=lambda row: f"{row['round']}-{row['table']}",
)
def test_every_table_of_the_totals_sample_is_plausible(row):
    rules = get_ruleset("belote-sans-annonces")

    problems = check_totals_plausibility(
        rules,
        int(row["deals_played"]),
        int(row["total_a"]),
        int(row["total_b"]),
        match_format=TWELVE_DEALS,
    )

    assert problems == []


@pytest.mark.parametrize(
    "row",
    _rows("concours-coinche-16", "expected_matches.csv"),
    ids=lambda row: f"{row['round']}-{row['table']}",
)
def test_every_match_of_the_coinche_sample_is_plausible(row):
    problems = check_totals_plausibility(
        COINCHE, 12, int(row["total_a"]), int(row["total_b"]), match_format=TWELVE_DEALS
    )

    assert problems == []
