"""One row of a paper sheet typed at the desk (forms/paper.py): keys in, the engine's deal out."""

import pytest
from django.utils import translation

import scoring
from tests.factories import DealFactory
from tournaments.forms.paper import (
    TRICKS_NOT_COUNTED,
    SheetRowForm,
    declaration_codes,
    declaration_tokens,
    sheet_row_initial,
)
from tournaments.models import DealEntry

COINCHE = scoring.get_ruleset("ffb-coinche")
CLASSIC = scoring.get_ruleset("belote-classique")


def row(data: dict, rules=COINCHE, deal=None) -> SheetRowForm:
    form = SheetRowForm(data, rules=rules, team_numbers=(7, 12), deal=deal)
    form.is_valid()
    return form


def test_it_reads_a_plain_deal_and_gives_the_defence_the_rest_of_the_deal():
    form = row({"taker": "a", "contract": "90", "trump": "c", "taker_card_points": "102"})

    assert form.cleaned_data["entry"] == DealEntry(
        "A",
        scoring.Deal(
            trump="H",
            contract=90,
            taker_card_points=102,
            defence_card_points=60,
            taker_tricks=TRICKS_NOT_COUNTED,
        ),
        ("", ""),
    )


def test_it_reads_p_in_the_taker_column_as_a_pass():
    form = row({"taker": "P", "contract": "", "trump": ""})

    assert (form.errors, form.cleaned_data["entry"]) == ({}, DealEntry("A", None))


def test_it_reads_a_capot_bid_made_and_coinched_with_a_belote_for_the_defence():
    form = row(
        {
            "taker": "B",
            "contract": "c",
            "trump": "P",
            "taker_card_points": "C",
            "coinche": "2",
            "belote": "a",
        }
    )

    assert form.cleaned_data["entry"] == DealEntry(
        "B",
        scoring.Deal(
            trump="S",
            contract="capot",
            coinche="surcoinche",
            taker_card_points=252,
            defence_card_points=0,
            taker_tricks=8,
            taker_belotes=0,
            defence_belotes=1,
        ),
        ("", ""),
    )


def test_it_reads_d_as_a_capot_by_the_defence():
    form = row({"taker": "A", "contract": "80", "trump": "K", "taker_card_points": "d"})

    assert form.cleaned_data["entry"].deal == scoring.Deal(
        trump="D", contract=80, taker_card_points=0, defence_card_points=252, taker_tricks=0
    )


def test_it_values_declaration_codes_at_the_trump_and_keeps_their_kinds():
    form = row(
        {
            "taker": "B",
            "contract": "100",
            "trump": "S",
            "taker_card_points": "90",
            "declarations_b": "a 2",
        }
    )

    # At sans atout a carré of aces is worth 200 (RULES.md §D), plus a tierce.
    assert form.cleaned_data["entry"] == DealEntry(
        "B",
        scoring.Deal(
            trump="SA",
            contract=100,
            taker_card_points=90,
            defence_card_points=72,
            taker_tricks=TRICKS_NOT_COUNTED,
            taker_declarations=220,
        ),
        ("carre:A;tierce", ""),
    )


def test_it_names_each_column_in_error_in_french():
    form = row(
        {
            "taker": "Z",
            "contract": "90",
            "trump": "Y",
            "taker_card_points": "",
            "belote": "C",
            "declarations_a": "7",
        }
    )

    assert form.named_errors() == [
        ("taker", "Preneur : Tapez A ou B pour l’équipe du preneur, P pour une passe."),
        (
            "trump",
            "Atout : Tapez l’atout : P ♠, C ♥, K ♦, T ♣, S sans atout, X tout atout.",
        ),
        (
            "taker_card_points",
            "Points du preneur : Tapez les points du preneur (C : capot du preneur, D : capot "
            "de la défense).",
        ),
        ("belote", "Belote : Tapez A ou B pour l’équipe qui a la belote (AB : une chacune)."),
        (
            "declarations_a",
            "Annonces, équipe 7 : Tapez un code par annonce : 2 tierce, 5 cinquante, 1 cent ; "
            "un carré par sa hauteur : V valets, 9 neufs, A as, X dix, R rois, D dames.",
        ),
    ]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"contract": "95"},
            [("contract", "Contrat : Le contrat monte de 10 en 10.")],
        ),
        (
            {"contract": "9O"},
            [("contract", "Contrat : Le contrat est un nombre ou « capot ».")],
        ),
        (
            {"contract": "99999999999999"},
            [
                ("contract", "Contrat : Le contrat est d’au plus 500."),
                ("contract", "Contrat : Le contrat monte de 10 en 10."),
            ],
        ),
        (
            {"taker_card_points": "1O2"},
            [("taker_card_points", "Points du preneur : Saisissez un nombre entier.")],
        ),
        (
            {"taker_card_points": "200"},
            [
                (
                    "taker_card_points",
                    "Points du preneur : Les points des deux équipes doivent faire 162 (ici "
                    "200), ou 252 sur un capot.",
                )
            ],
        ),
        (
            {"declarations_a": "2", "declarations_b": "5"},
            [
                (
                    "declarations_b",
                    "Annonces, équipe 12 : Une seule équipe marque ses annonces : celle qui a "
                    "la meilleure.",
                )
            ],
        ),
        (
            {"declarations_a": "vv"},
            [
                (
                    "declarations_a",
                    "Annonces, équipe 7 : Une équipe ne peut pas avoir deux fois le même carré.",
                )
            ],
        ),
    ],
)
def test_it_puts_the_engines_error_beside_its_column(data, expected):
    typed = {"taker": "A", "contract": "90", "trump": "C", "taker_card_points": "102"}

    form = row(typed | data)

    assert (form.named_errors(), "entry" in form.cleaned_data) == (expected, False)


def test_classic_belote_has_no_contract_or_coinche_column():
    form = row({"taker": "A", "trump": "T", "taker_card_points": "90"}, rules=CLASSIC)

    assert (list(form.fields), form.cleaned_data["entry"].deal) == (
        [
            "version",
            "taker",
            "trump",
            "taker_card_points",
            "belote",
            "declarations_a",
            "declarations_b",
        ],
        scoring.Deal(
            trump="C",
            contract=None,
            taker_card_points=90,
            defence_card_points=72,
            taker_tricks=TRICKS_NOT_COUNTED,
        ),
    )


@pytest.mark.django_db
def test_a_corrected_deal_keeps_its_tricks_and_the_phones_declarations_when_unchanged():
    deal = DealFactory(
        taker="B",
        trump="H",
        contract_value=90,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=6,
        taker_declarations=70,
        taker_declarations_text="tierce:KH;cinquante:AS",
        defence_declarations_text="tierce:QS",
    )

    form = row(
        {
            "version": "1",
            "taker": "B",
            "contract": "90",
            "trump": "C",
            "taker_card_points": "110",
            "declarations_b": "25",
        },
        deal=deal,
    )

    assert form.cleaned_data["entry"] == DealEntry(
        "B",
        scoring.Deal(
            trump="H",
            contract=90,
            taker_card_points=110,
            defence_card_points=52,
            taker_tricks=6,
            taker_declarations=70,
        ),
        ("tierce:KH;cinquante:AS", ""),
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("inputs", "expected"),
    [
        (
            {"taker": "A", "is_capot_bid": True, "contract_value": None, "taker_tricks": 8,
             "taker_card_points": 252, "defence_card_points": 0, "coinche_level": "coinche",
             "taker_belotes": 1, "defence_belotes": 0},
            {"taker": "A", "contract": "C", "trump": "C", "coinche": "1",
             "taker_card_points": "C", "belote": "A"},
        ),
        (
            {"taker": "B", "taker_tricks": 0, "taker_card_points": 0, "defence_card_points": 252,
             "defence_declarations": 150, "defence_declarations_text": ""},
            {"taker": "B", "contract": 80, "trump": "C", "coinche": "",
             "taker_card_points": "D", "belote": "", "declarations_a": "15"},
        ),
        (
            {"taker": "A", "taker_declarations": 200, "taker_declarations_text": "carre:J"},
            {"taker": "A", "contract": 80, "trump": "C", "coinche": "",
             "taker_card_points": 100, "belote": "", "declarations_a": "V"},
        ),
    ],
)  # fmt: skip
def test_it_shows_a_recorded_deal_as_the_keys_that_would_type_it(inputs, expected):
    deal = DealFactory(**inputs)

    initial = sheet_row_initial(deal)

    assert initial == {"version": 1, **expected}


@pytest.mark.django_db
def test_it_shows_a_passed_deal_as_p():
    deal = DealFactory(is_passed=True, trump="", contract_value=None)

    assert sheet_row_initial(deal) == {"version": 1, "taker": "P"}


def test_declaration_codes_and_tokens_go_both_ways():
    tokens = declaration_tokens("2 5+1,vj9axrkdq")

    assert (tokens, declaration_codes(";".join(tokens)), declaration_tokens("7")) == (
        [
            "tierce",
            "cinquante",
            "cent",
            "carre:J",
            "carre:J",
            "carre:9",
            "carre:A",
            "carre:T",
            "carre:K",
            "carre:K",
            "carre:Q",
            "carre:Q",
        ],
        "251VV9AXRRDD",
        None,
    )


def test_it_shows_every_engine_error_of_the_row_at_once():
    form = row(
        {
            "taker": "A",
            "contract": "75",
            "trump": "C",
            "taker_card_points": "200",
            "belote": "AB",
            "declarations_a": "2",
            "declarations_b": "5",
        }
    )

    assert (form.named_errors(), "entry" in form.cleaned_data) == (
        [
            ("contract", "Contrat : Le contrat est d’au moins 80."),
            ("contract", "Contrat : Le contrat monte de 10 en 10."),
            (
                "taker_card_points",
                "Points du preneur : Les points des deux équipes doivent faire 162 (ici 200), "
                "ou 252 sur un capot.",
            ),
            ("belote", "Belote : Une seule belote-rebelote avec un atout de couleur."),
            (
                "declarations_b",
                "Annonces, équipe 12 : Une seule équipe marque ses annonces : celle qui a la "
                "meilleure.",
            ),
        ],
        False,
    )


def test_the_keys_errors_come_with_the_engines_for_the_other_columns():
    form = row(
        {
            "taker": "Z",
            "contract": "95",
            "trump": "Y",
            "taker_card_points": "1O2",
            "coinche": "7",
            "belote": "A",
            "declarations_a": "2",
        }
    )

    # The unknown trump leaves the belote and the declarations unchecked (their limit
    # and values depend on it); the other columns are checked all the same.
    assert (form.named_errors(), "entry" in form.cleaned_data) == (
        [
            ("taker", "Preneur : Tapez A ou B pour l’équipe du preneur, P pour une passe."),
            ("contract", "Contrat : Le contrat monte de 10 en 10."),
            ("trump", "Atout : Tapez l’atout : P ♠, C ♥, K ♦, T ♣, S sans atout, X tout atout."),
            ("taker_card_points", "Points du preneur : Saisissez un nombre entier."),
            ("coinche", "Coinche : Choisissez : sans coinche, coinche ou surcoinche."),
        ],
        False,
    )


def test_the_row_errors_are_in_english_when_english_is_active():
    with translation.override("en"):
        form = row({"taker": "", "contract": "75", "trump": "C", "taker_card_points": "200"})

        assert form.named_errors() == [
            ("taker", "Taker: Type A or B for the taker's team, P for a pass."),
            ("contract", "Contract: The contract is at least 80."),
            ("contract", "Contract: The contract goes up by 10."),
            (
                "taker_card_points",
                "Taker's card points: The two sides' card points must add up to 162 (here "
                "200), or 252 on a capot.",
            ),
        ]
