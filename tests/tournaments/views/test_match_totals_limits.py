"""« Saisir les totaux de la table »: totals that cannot be true (RULES.md §G,
scoring.check_totals_plausibility) are saved only with the organiser's reason, and the
refusal (422, nothing saved) names every limit broken, in French or in English."""

import pytest

from tests.html_reading import table_rows
from tests.tournaments.views.test_match_totals import (
    MATCH_URL,
    URL,
    form_errors,
    make_match,
    saved,
)

#: 13 deals in a 12-deal match, total A off the step of 10, 2705 below 13 × 240.
IMPOSSIBLE_COINCHE = {
    "totals-total_a": "1505",
    "totals-total_b": "1200",
    "totals-deals_played": "13",
}
FRENCH_REFUSAL = (
    "Ces totaux ne peuvent pas être justes : 13 donnes jouées, or une partie en compte 12 ; "
    "le total A (1505) n’est pas un multiple de 10 ; les totaux font 2705, moins que 3120 "
    "(au moins 240 par donne, 13 donnes jouées). Corrigez-les, ou donnez la raison."
)
ENGLISH_REFUSAL = (
    "These totals cannot be true: 13 deals played, but a match has 12; total A (1505) is "
    "not a multiple of 10; the totals add up to 2705, less than 3120 (at least 240 a deal, "
    "13 deals played). Correct them, or give the reason."
)
NOTHING_SAVED = (False, 0, 0, False, "")


@pytest.fixture
def coinche_match(organiser):
    match = make_match("ffb-coinche")
    match.round.tournament.club.organisers.add(organiser)
    return match


def test_impossible_totals_are_refused_in_french_naming_every_limit(desk, coinche_match):
    response = desk.post(URL, IMPOSSIBLE_COINCHE)

    assert (response.status_code, form_errors(response), saved(coinche_match)) == (
        422,
        {"__all__": [FRENCH_REFUSAL]},
        NOTHING_SAVED,
    )
    assert 'name="totals-reason"' in response.content.decode()


def test_impossible_totals_are_refused_in_english_when_it_is_active(desk, coinche_match):
    desk.cookies["django_language"] = "en"

    response = desk.post(URL, IMPOSSIBLE_COINCHE)

    assert (response.status_code, form_errors(response), saved(coinche_match)) == (
        422,
        {"__all__": [ENGLISH_REFUSAL]},
        NOTHING_SAVED,
    )


def test_impossible_totals_are_saved_with_the_reason_and_the_audit_names_the_limits(
    desk, coinche_match
):
    reason = "Feuille signée par les deux équipes"

    response = desk.post(URL, IMPOSSIBLE_COINCHE | {"totals-reason": reason})

    assert (response.status_code, saved(coinche_match)) == (302, (True, 1505, 1200, True, "A"))
    audit = table_rows(desk.get(MATCH_URL), "audit")
    assert audit[1][1:] == [
        "marie",
        "",
        "Totaux saisis Total A : 1505 Total B : 1200 Donnes jouées sur la feuille : 13 "
        "Contrôle de la feuille : 13 donnes jouées, or une partie en compte 12 ; le total A "
        "(1505) n’est pas un multiple de 10 ; les totaux font 2705, moins que 3120 (au moins "
        "240 par donne, 13 donnes jouées)",
        reason,
    ]


def test_a_sheet_that_neither_adds_up_nor_can_be_true_gets_both_messages(desk, organiser):
    match = make_match("belote-sans-annonces")
    match.round.tournament.club.organisers.add(organiser)

    response = desk.post(
        URL, {"totals-total_a": "100", "totals-total_b": "62", "totals-deals_played": "0"}
    )

    assert (response.status_code, form_errors(response), saved(match)) == (
        422,
        {
            "__all__": [
                "Les totaux font 162, la feuille en annonce 0 (162 × 0) : corrigez, ou "
                "indiquez la raison.",
                "Ces totaux ne peuvent pas être justes : 162 points sans aucune donne jouée. "
                "Corrigez-les, ou donnez la raison.",
            ]
        },
        NOTHING_SAVED,
    )


def test_a_sum_above_what_the_format_allows_is_refused_without_the_count(desk, coinche_match):
    response = desk.post(URL, {"totals-total_a": "66250", "totals-total_b": "0"})

    assert (response.status_code, form_errors(response), saved(coinche_match)) == (
        422,
        {
            "__all__": [
                "Ces totaux ne peuvent pas être justes : les totaux font 66250, plus que 66240 "
                "(au plus 5520 par donne, 12 donnes jouées). Corrigez-les, ou donnez la raison."
            ]
        },
        NOTHING_SAVED,
    )


def test_possible_coinche_totals_save_without_a_reason(desk, coinche_match):
    response = desk.post(
        URL, {"totals-total_a": "1800", "totals-total_b": "1210", "totals-deals_played": "12"}
    )

    assert (response.status_code, saved(coinche_match)) == (302, (True, 1800, 1210, True, "A"))
