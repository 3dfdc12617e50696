"""The forms refuse a number above its field's bound (tournaments/models/bounds.py) with a
French message beside the field: the settings, the team forms, the hidden numbers of the
deal forms. A deal's inputs are bounded by the engine, whose messages say the rule."""

import pytest
from django.utils import translation

import scoring
from tournaments.forms.corrections import ConfirmDealForm
from tournaments.forms.deal import DealForm
from tournaments.forms.setup import SwapForm, TeamForm, TournamentForm
from tournaments.forms.table import TableDealForm
from tournaments.models import Club

SETTINGS = {
    "name": "Concours du lot",
    "date": "2026-12-20",
    "rules_preset": "ffb-coinche",
    "match_format": "target",
    "match_format_value": "2000",
    "number_of_rounds": "4",
    "bye_credit": "fixed",
    "bye_credit_value": "500",
    "ranking": "points",
    "tie_break_1": "points_difference",
}
DEAL = {
    "deal_number": "1",
    "taker": "A",
    "trump": "H",
    "contract": "80",
    "coinche": "none",
    "taker_tricks": "5",
    "taker_card_points": "100",
    "defence_card_points": "62",
    "taker_belotes": "0",
    "defence_belotes": "0",
    "taker_declarations": "0",
    "defence_declarations": "0",
}
TEAMS = ("Équipe 1", "Équipe 2")
COINCHE = scoring.get_ruleset("ffb-coinche")


def errors_in_french(form) -> dict:
    with translation.override("fr"):
        return {name: list(messages) for name, messages in form.errors.items()}


def settings_form(**changes: str) -> TournamentForm:
    return TournamentForm(data=SETTINGS | changes, clubs=Club.objects.all())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        ({"match_format_value": "9999"}, {}),
        (
            {"match_format_value": "10000"},
            {"match_format_value": ["Saisissez un nombre au plus égal à 9999."]},
        ),
        ({"bye_credit_value": "9999"}, {}),
        (
            {"bye_credit_value": "10000"},
            {"bye_credit_value": ["Saisissez un nombre au plus égal à 9999."]},
        ),
        ({"number_of_rounds": "20"}, {}),
        (
            {"number_of_rounds": "-1"},
            {"number_of_rounds": ["Un concours compte de 1 à 20 parties."]},
        ),
        (
            {"number_of_rounds": "0"},
            {"number_of_rounds": ["Un concours compte de 1 à 20 parties."]},
        ),
        (
            {"number_of_rounds": "21"},
            {"number_of_rounds": ["Un concours compte de 1 à 20 parties."]},
        ),
    ],
    ids=[
        "format-9999",
        "format-10000",
        "bye-9999",
        "bye-10000",
        "rounds-20",
        "rounds-minus-1",
        "rounds-0",
        "rounds-21",
    ],
)
def test_the_settings_form_refuses_a_number_above_its_bound(changes, errors):
    form = settings_form(**changes)

    # The form has no club to choose: only the numbers' errors matter here.
    assert {k: v for k, v in errors_in_french(form).items() if k != "club"} == errors


@pytest.mark.parametrize(
    ("form", "errors"),
    [
        (TeamForm(data={"number": "9999", "player_1": "Anne", "player_2": "Bruno"}), {}),
        (
            TeamForm(data={"number": "10000", "player_1": "Anne", "player_2": "Bruno"}),
            {"number": ["Saisissez un nombre au plus égal à 9999."]},
        ),
        (SwapForm(data={"first": "9999", "second": "1"}), {}),
        (
            SwapForm(data={"first": "10000", "second": "10000"}),
            {
                "first": ["Saisissez un nombre au plus égal à 9999."],
                "second": ["Saisissez un nombre au plus égal à 9999."],
            },
        ),
        (ConfirmDealForm(data={"version": "2000000000"}), {}),
        (
            ConfirmDealForm(data={"version": "2000000001"}),
            {"version": ["Saisissez un nombre au plus égal à 2000000000."]},
        ),
    ],
    ids=["team-9999", "team-10000", "swap-9999", "swap-10000", "version-2e9", "version-above"],
)
def test_the_team_and_version_forms_refuse_a_number_above_its_bound(form, errors):
    assert errors_in_french(form) == errors


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        ({"deal_number": "999"}, {}),
        ({"deal_number": "1000"}, {"deal_number": ["Saisissez un nombre au plus égal à 999."]}),
        (
            {"taker_card_points": "253", "defence_card_points": "0"},
            {
                "taker_card_points": [
                    "Les points des deux équipes doivent faire 162 (ici 253), ou 252 sur un capot."
                ]
            },
        ),
        (
            {"taker_tricks": "9"},
            {"taker_tricks": ["Le preneur a fait entre 0 et 8 plis."]},
        ),
        (
            {"taker_belotes": "5"},
            {"taker_belotes": ["Une seule belote-rebelote avec un atout de couleur."]},
        ),
        (
            {"taker_declarations": "560"},
            {"taker_declarations": ["Les annonces d’une équipe ne dépassent pas 550 points."]},
        ),
    ],
    ids=["deal-999", "deal-1000", "card-points-253", "tricks-9", "belotes-5", "declarations-560"],
)
def test_the_deal_form_refuses_a_number_above_its_bound(changes, errors):
    form = DealForm(data=DEAL | changes, rules=COINCHE, team_names=TEAMS)

    assert errors_in_french(form) == errors


@pytest.mark.parametrize(
    ("data", "is_edit", "errors"),
    [
        ({"deal_number": "999"}, False, {}),
        (
            # Only a hand-made request sends it: worded as a deal that is not the next.
            {"deal_number": "1000"},
            False,
            {
                "deal_number": [
                    "Ce numéro de donne ne peut pas être enregistré : rechargez la page."
                ]
            },
        ),
        ({"version": "2000000000"}, True, {}),
        (
            {"version": "2000000001"},
            True,
            {"version": ["Saisissez un nombre au plus égal à 2000000000."]},
        ),
    ],
    ids=["deal-999", "deal-1000", "version-2e9", "version-above"],
)
def test_the_table_form_refuses_a_hidden_number_above_its_bound(data, is_edit, errors):
    form = TableDealForm(
        data={"is_passed": "on", **data}, rules=COINCHE, team_names=TEAMS, is_edit=is_edit
    )

    assert errors_in_french(form) == errors
