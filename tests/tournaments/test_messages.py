"""forms/messages.py: every refusal worded in French and English, lists agreeing with their
count; the engine's errors quote the engine's numbers."""

import re
from pathlib import Path

import pytest
from django.utils import translation

import scoring
from tournaments.forms.messages import (
    SERVICE_MESSAGES,
    deal_error_message,
    service_error_message,
    totals_error_message,
    totals_sum_detail,
)
from tournaments.services import Refusal


@pytest.mark.parametrize(
    ("code", "params", "message"),
    [
        (
            "matches_open",
            {"tables": (3,)},
            "Une table n’a pas fini (table 3) : terminez-la ou arrêtez-la au temps.",
        ),
        (
            "matches_open",
            {"tables": (2, 3)},
            "Des tables n’ont pas fini (tables 2, 3) : terminez-les ou arrêtez-les au temps.",
        ),
        (
            "deals_unconfirmed",
            {"tables": (1,)},
            "Des donnes ne sont pas encore confirmées (table 1) : les adversaires les "
            "confirment, ou vous les validez ou corrigez sur la page de la table. Seules les "
            "donnes confirmées comptent.",
        ),
        (
            "deals_unconfirmed",
            {"tables": (1, 4)},
            "Des donnes ne sont pas encore confirmées (tables 1, 4) : les adversaires les "
            "confirment, ou vous les validez ou corrigez sur la page de chaque table. Seules "
            "les donnes confirmées comptent.",
        ),
        (
            "changed",
            {"numbers": (2, 5)},
            "Les adversaires ont modifié les donnes 2, 5 entre-temps : vérifiez-les telles "
            "qu’elles sont maintenant, puis confirmez à nouveau.",
        ),
        ("deal_exists", {"number": 4}, "La donne 4 est déjà enregistrée."),
    ],
)
def test_a_refusal_agrees_with_the_number_of_tables_or_deals(code, params, message):
    with translation.override("fr"):
        assert service_error_message(code, params) == message


def test_the_singular_refusal_reads_in_english_too():
    with translation.override("en"):
        assert service_error_message("matches_open", {"tables": (7,)}) == (
            "A match is not finished (table 7): finish it or close it for time."
        )


class Placeholders(dict):
    """A mapping that answers any key a message asks for, and remembers which it asked."""

    def __missing__(self, key):
        self.setdefault("_asked", set()).add(key)
        return 2 if key == "count" else f"<{key}>"


def asked(message) -> tuple[set[str], str]:
    values = Placeholders()
    text = message % values
    return values.get("_asked", set()), text


@pytest.mark.parametrize("refusal", list(Refusal), ids=str)
def test_every_refusal_has_a_french_and_an_english_message_with_the_same_placeholders(
    refusal,
):
    message = SERVICE_MESSAGES[refusal]

    with translation.override("en"):
        english_keys, english = asked(message)
    with translation.override("fr"):
        french_keys, french = asked(message)

    assert (bool(english), bool(french), english != french) == (True, True, True)
    assert french_keys == english_keys


def test_every_refusal_the_code_names_is_a_member():
    named = set()
    for path in (Path(__file__).resolve().parents[2] / "tournaments").rglob("*.py"):
        named |= set(re.findall(r"Refusal\.([A-Z_]+)", path.read_text(encoding="utf-8")))

    assert named - {member.name for member in Refusal} == set()


def engine_error(**inputs):
    """Return the engine's first error for a coinche deal of these inputs (RULES.md §B6)."""
    deal = scoring.Deal(trump="H", contract=80, **inputs)
    return scoring.validate_deal(deal, scoring.get_ruleset("ffb-coinche"))


CARD_POINT_ERRORS = [
    (
        {"taker_card_points": 100, "defence_card_points": 61, "taker_tricks": 5},
        "Les points des deux équipes doivent faire 162 (ici 161), ou 252 sur un capot.",
        "The two sides' card points must add up to 162 (here 161), or 252 on a capot.",
    ),
    (
        {"taker_card_points": 162, "defence_card_points": 0, "taker_tricks": 8},
        "Avec les 8 plis (capot), le preneur a 252 points et la défense 0.",
        "With all 8 tricks (capot) the taker has 252 card points and the defence 0.",
    ),
    (
        {"taker_card_points": 0, "defence_card_points": 162, "taker_tricks": 0},
        "Sans aucun pli, le preneur a 0 point et la défense 252 (capot).",
        "With no trick the taker has 0 card points and the defence 252 (capot).",
    ),
    (
        {"taker_card_points": 252, "defence_card_points": 0, "taker_tricks": 7},
        "252 points, c’est un capot : cette équipe doit avoir fait les 8 plis.",
        "252 card points means a capot: that side must have won all 8 tricks.",
    ),
]


@pytest.mark.parametrize(("inputs", "french", "english"), CARD_POINT_ERRORS)
def test_a_card_point_error_quotes_the_engines_numbers_in_french_and_english(
    inputs, french, english
):
    error = engine_error(**inputs)

    with translation.override("fr"):
        in_french = deal_error_message(error)
    with translation.override("en"):
        in_english = deal_error_message(error)

    assert (in_french, in_english) == (french, english)


def test_an_unknown_version_of_a_preset_is_said_in_french_and_english():
    with pytest.raises(scoring.InvalidDeal) as raised:
        scoring.get_ruleset("ffb-coinche", 9)

    with translation.override("fr"):
        in_french = deal_error_message(raised.value.error)
    with translation.override("en"):
        in_english = deal_error_message(raised.value.error)

    assert (in_french, in_english) == (
        "La règle « ffb-coinche » n’a pas de version 9.",
        "The rule preset “ffb-coinche” has no version 9.",
    )


@pytest.mark.parametrize(
    ("totals", "detail"),
    [
        (scoring.MatchTotals(969, 1075, 12, 0, 5, 0), "162 × 12 + 20 × 5"),
        (scoring.MatchTotals(0, 0, 12, 1, 2, 150), "162 × 12 + 90 × 1 + 20 × 2 + 150"),
        (scoring.MatchTotals(0, 0, 10), "162 × 10"),
        (scoring.MatchTotals(0, 0), "162 × 0"),
    ],
    ids=["belotes", "every-count", "deals-only", "no-counts"],
)
def test_the_sum_of_a_sheets_counts_is_written_out(totals, detail):
    assert totals_sum_detail(totals) == detail


TOTALS_ERRORS = [
    (
        scoring.MatchTotals(-1, 0),
        "Un total est un nombre entier de 0 à 99999.",
        "A total is a whole number from 0 to 99999.",
    ),
    (
        scoring.MatchTotals(0, 0, 100),
        "Le nombre de donnes jouées est un nombre entier de 0 à 99.",
        "The deals played are a whole number from 0 to 99.",
    ),
    (
        scoring.MatchTotals(0, 0, capots=1),
        "Indiquez le nombre de donnes jouées : c’est avec lui que les autres comptes "
        "vérifient les totaux.",
        "Give the number of deals played: the other counts check the totals with it.",
    ),
    (
        scoring.MatchTotals(0, 0, 12, -1),
        "Le nombre de capots ne peut pas être négatif.",
        "Capots cannot be negative.",
    ),
    (
        scoring.MatchTotals(0, 0, 12, 0, -1),
        "Le nombre de belotes ne peut pas être négatif.",
        "Belotes cannot be negative.",
    ),
    (
        scoring.MatchTotals(0, 0, 12, 0, 0, -10),
        "Les annonces ne peuvent pas être négatives.",
        "Declarations cannot be negative.",
    ),
    (
        scoring.MatchTotals(0, 0, 2, 3),
        "Il ne peut pas y avoir plus de capots que de donnes jouées (2).",
        "There cannot be more capots than deals played (2).",
    ),
    (
        scoring.MatchTotals(0, 0, 2, 0, 3),
        "Une belote par donne au plus à la belote classique : 2 donnes jouées.",
        "At most one belote a deal in classic belote: 2 deals played.",
    ),
    (
        scoring.MatchTotals(0, 0, 12, 0, 0, 100_000),
        "Les annonces font au plus 99999 points.",
        "The declarations are at most 99999 points.",
    ),
    (
        scoring.MatchTotals(0, 0, 12, 0, 0, 25),
        "Les annonces valent un multiple de 10.",
        "Declarations are worth a multiple of 10.",
    ),
    (
        scoring.MatchTotals(969, 1074, 12, 0, 5, 0),
        "Les totaux font 2043, la feuille en annonce 2044 (162 × 12 + 20 × 5).",
        "The totals add up to 2043, the sheet's counts to 2044 (162 × 12 + 20 × 5).",
    ),
]


@pytest.mark.parametrize(("totals", "french", "english"), TOTALS_ERRORS)
def test_every_problem_of_a_totals_sheet_is_said_in_french_and_english(totals, french, english):
    error = scoring.check_match_totals(totals, scoring.get_ruleset("belote-classique"))

    with translation.override("fr"):
        in_french = totals_error_message(error, totals)
    with translation.override("en"):
        in_english = totals_error_message(error, totals)

    assert (in_french, in_english) == (french, english)


def test_declarations_under_belote_sans_annonces_are_said_in_french():
    totals = scoring.MatchTotals(0, 0, 12, 0, 0, 20)
    error = scoring.check_match_totals(totals, scoring.get_ruleset("belote-sans-annonces"))

    with translation.override("fr"):
        message = totals_error_message(error, totals)

    assert message == "Les annonces ne comptent pas avec cette règle (belote-rebelote seulement)."
