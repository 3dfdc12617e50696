"""describe_deal: a recorded deal said in words, from the stored engine breakdown."""

import datetime

import pytest
from django.utils import translation

import scoring
from tests.factories import MatchFactory
from tournaments.models import DealEntry
from tournaments.presentation.breakdown import describe_deal
from tournaments.services import record_deal
from tournaments.views.table.board import deal_words

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)


def recorded(match, taker, **inputs):
    deal = scoring.Deal(**inputs) if inputs else None
    return record_deal(match=match, entry=DealEntry(taker, deal), now=NOW)


#: 110 ♣ coinched by team A, 5 tricks, 85 card points and a belote: chuté.
COINCHED_CHUTE = {
    "trump": "C",
    "contract": 110,
    "coinche": "coinche",
    "taker_card_points": 85,
    "defence_card_points": 77,
    "taker_tricks": 5,
    "taker_belotes": 1,
}


@pytest.fixture
def match(db):
    return MatchFactory()


def test_it_says_a_coinched_chute_in_french(match):
    deal = recorded(match, "A", **COINCHED_CHUTE)

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=False)

    assert text == (
        "Contrat chuté, coinché (×2) : le preneur marque 20 (belote) ; "
        "la défense marque 160 × 2 (la donne) + 110 × 2 (contrat)."
    )


def test_it_says_a_coinched_chute_in_english_words_only(match):
    deal = recorded(match, "A", **COINCHED_CHUTE)

    with translation.override("en"):
        text = describe_deal(deal, is_classic=False)

    assert text == (
        "Chute, coinched (×2): the taker scores 20 (belote); "
        "the defence scores 160 × 2 (the deal) + 110 × 2 (contract)."
    )


def test_it_says_the_rounding_of_a_made_contract(match):
    deal = recorded(
        match,
        "B",
        trump="H",
        contract=80,
        taker_card_points=85,
        defence_card_points=77,
        taker_tricks=5,
    )

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=False)

    assert text == (
        "Contrat réussi : le preneur marque 90 (points de cartes) arrondi de 85 + 80 (contrat) ; "
        "la défense marque 80 (points de cartes) arrondi de 77."
    )


def test_it_says_a_capot_in_english(match):
    deal = recorded(
        match,
        "A",
        trump="S",
        contract=110,
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
    )

    with translation.override("en"):
        text = describe_deal(deal, is_classic=False)

    assert text == (
        "Contract made, capot by the taker: the taker scores 250 (card points) rounded from 252"
        " + 110 (contract); the defence scores 0."
    )


def test_it_says_a_classic_litige_and_its_reserve(db):
    match = MatchFactory(round__tournament__rules_preset="belote-classique")
    deal = recorded(
        match,
        "A",
        trump="H",
        contract=None,
        taker_card_points=81,
        defence_card_points=81,
        taker_tricks=4,
    )

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=True)

    assert text == (
        "Litige : le preneur marque 0 ; la défense marque 81 (points de cartes). "
        "81 points sont mis en réserve pour le gagnant de la donne suivante."
    )


def test_it_says_a_passed_deal(match):
    deal = recorded(match, "A")

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=False)

    assert text == "Tout le monde a passé : pas de points."


def test_it_says_what_the_points_made_hold_when_belote_and_declarations_count(match):
    deal = recorded(
        match,
        "A",
        trump="H",
        contract=80,
        taker_card_points=104,
        defence_card_points=58,
        taker_tricks=5,
        taker_belotes=1,
        taker_declarations=20,
        defence_belotes=0,
    )

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=False)

    assert text == (
        "Contrat réussi : le preneur marque 140 (cartes 104 + belote 20 + annonces 20) "
        "arrondi de 144 + 80 (contrat) ; la défense marque 60 (points de cartes) arrondi de 58."
    )


def test_the_audit_trail_names_declarations_in_words(match):
    from tournaments.presentation.audit import FieldChange, audit_entries
    from tournaments.selectors import match_history

    record_deal(
        match=match,
        entry=DealEntry(
            "A",
            scoring.Deal(
                trump="H",
                contract=80,
                taker_card_points=104,
                defence_card_points=58,
                taker_tricks=5,
                taker_declarations=20,
            ),
            ("tierce:KH", ""),
        ),
        now=NOW,
    )

    with translation.override("fr"):
        entry = audit_entries(deal_records=match_history(match=match), unlock_records=[])[0]

    assert [c for c in entry.changes if c.label.startswith("Annonces du preneur telles")] == [
        FieldChange("Annonces du preneur telles qu’annoncées", None, "Tierce R♥")
    ]


LITIGE_81 = {
    "trump": "H",
    "contract": None,
    "taker_card_points": 81,
    "defence_card_points": 81,
    "taker_tricks": 4,
}


def test_the_winner_of_the_deal_after_a_litige_scores_the_reserve_in_words(db):
    match = MatchFactory(round__tournament__rules_preset="belote-classique")
    recorded(match, "A", **LITIGE_81)
    deal = recorded(
        match,
        "B",
        trump="S",
        contract=None,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=5,
        taker_belotes=1,
    )

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=True)

    assert (deal.score_a, deal.score_b, text) == (
        62,
        100 + 20 + 81,
        "Le preneur gagne la donne : le preneur marque 100 (points de cartes) + 20 (belote) "
        "+ 81 (réserve de litige) ; la défense marque 62 (points de cartes).",
    )


def test_a_defence_that_wins_after_a_litige_scores_the_reserve_in_words(db):
    match = MatchFactory(round__tournament__rules_preset="belote-sans-annonces")
    recorded(match, "A", **LITIGE_81)
    deal = recorded(
        match,
        "A",
        trump="D",
        contract=None,
        taker_card_points=70,
        defence_card_points=92,
        taker_tricks=3,
    )

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=True)

    assert (deal.score_a, deal.score_b, text) == (
        0,
        162 + 81,
        "Preneur dedans : le preneur marque 0 ; "
        "la défense marque 162 (la donne) + 81 (réserve de litige).",
    )


def test_a_litige_that_ends_the_match_gives_each_reserve_back_in_words(db):
    match = MatchFactory(
        round__tournament__rules_preset="belote-classique",
        round__tournament__match_format="deals",
        round__tournament__match_format_value=2,
    )
    recorded(match, "A", **LITIGE_81)
    deal = recorded(
        match,
        "B",
        trump="C",
        contract=None,
        taker_card_points=71,
        defence_card_points=91,
        taker_tricks=4,
        taker_belotes=1,
    )

    with translation.override("fr"):
        text = describe_deal(deal, is_classic=True)

    assert (deal.score_a, deal.score_b, text) == (
        91 + 81,
        20 + 71,
        "Litige : le preneur marque 20 (belote) + 71 (réserve de litige rendue en fin de "
        "partie) ; la défense marque 91 (points de cartes) + 81 (réserve de litige rendue en "
        "fin de partie).",
    )


def test_the_table_boards_kept_words_are_those_of_describe_deal_in_each_language(match):
    deal = recorded(match, "A", **COINCHED_CHUTE)
    passed = recorded(match, "B")
    said = {}
    for language in ("fr", "en", "fr"):
        with translation.override(language):
            for row in (deal, passed):
                for is_classic in (False, True):
                    kept = deal_words(row, is_classic=is_classic)
                    assert kept == describe_deal(row, is_classic=is_classic)
                    said.setdefault((language, row.deal_number, is_classic), kept)

    assert said[("fr", 1, False)] == (
        "Contrat chuté, coinché (×2) : le preneur marque 20 (belote) ; "
        "la défense marque 160 × 2 (la donne) + 110 × 2 (contrat)."
    )
    assert said[("en", 1, False)].startswith("Chute, coinched (×2): the taker scores 20")
    assert said[("fr", 2, False)] != said[("en", 2, False)]
