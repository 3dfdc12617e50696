"""presentation/totals.py: what a totals-only match's paper sheet counted, in words."""

import pytest
from django.utils import translation

from tests.factories import MatchFactory
from tournaments.presentation.totals import sheet_counts_text


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
