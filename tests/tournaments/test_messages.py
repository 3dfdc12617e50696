"""forms/messages.py: every refusal worded in French and English, lists agreeing with their
count; the engine's errors quote the engine's numbers."""

import re
from pathlib import Path

import pytest
from django.utils import translation

import scoring
from tournaments.forms.messages import SERVICE_MESSAGES, deal_error_message, service_error_message
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
