"""presentation/totals.py: what a totals-only match's paper sheet counted, in words."""

import pytest
from django.utils import translation

import scoring
from tests.factories import MatchFactory
from tournaments.presentation.totals import broken_limits_text, sheet_counts_text
from tournaments.services import implausible_params


@pytest.mark.parametrize(
    ("counts", "french", "english"),
    [
        (
            {"sheet_deals_played": 12, "sheet_capots": 1, "sheet_belotes": 5},
            "12 donnes jouées, 1 capot, 5 belotes",
            "12 deals played, 1 capot, 5 belotes",
        ),
        (
            {
                "sheet_deals_played": 1,
                "sheet_capots": 2,
                "sheet_belotes": 1,
                "sheet_declarations": 40,
            },
            "1 donne jouée, 2 capots, 1 belote, 40 points d’annonces",
            "1 deal played, 2 capots, 1 belote, 40 declaration points",
        ),
        ({"sheet_deals_played": 12}, "12 donnes jouées", "12 deals played"),
        ({}, "", ""),
    ],
    ids=["classic", "every-count", "deals-only", "no-count"],
)
def test_it_says_the_counts_the_sheet_gave_in_french_and_english(counts, french, english):
    match = MatchFactory.build(is_totals_only=True, **counts)

    with translation.override("fr"):
        in_french = sheet_counts_text(match)
    with translation.override("en"):
        in_english = sheet_counts_text(match)

    assert (in_french, in_english) == (french, english)


def test_a_match_recorded_by_its_deals_has_no_sheet_counts():
    match = MatchFactory.build(is_totals_only=False, deals_played=12)

    assert sheet_counts_text(match) == ""


@pytest.mark.parametrize(
    ("problem", "french", "english"),
    [
        (
            ("belote-classique", 1, 900, 0, scoring.MatchFormat(scoring.FormatKind.DEALS, 12)),
            "les totaux font 900, plus que 822 (au plus 822 par donne, 1 donne jouée)",
            "the totals add up to 900, more than 822 (at most 822 a deal, 1 deal played)",
        ),
        (
            ("belote-classique", 1, 100, 0, scoring.MatchFormat(scoring.FormatKind.DEALS, 12)),
            "les totaux font 100, moins que 162 (au moins 162 par donne, 1 donne jouée)",
            "the totals add up to 100, less than 162 (at least 162 a deal, 1 deal played)",
        ),
        (
            ("ffb-coinche", 2, 600, 605, scoring.MatchFormat(scoring.FormatKind.DEALS, 1)),
            "2 donnes jouées, or une partie en compte 1 ; le total B (605) n’est pas un "
            "multiple de 10",
            "2 deals played, but a match has 1; total B (605) is not a multiple of 10",
        ),
    ],
)
def test_it_says_each_broken_limit_with_its_numbers_in_both_languages(problem, french, english):
    ruleset_id, deals, score_a, score_b, match_format = problem
    problems = scoring.check_totals_plausibility(
        scoring.get_ruleset(ruleset_id), deals, score_a, score_b, match_format=match_format
    )
    params = implausible_params(problems)

    with translation.override("fr"):
        in_french = broken_limits_text(params)
    with translation.override("en"):
        in_english = broken_limits_text(params)

    assert (in_french, in_english) == (french, english)
