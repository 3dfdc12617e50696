"""Forms of the organiser's desk (tournaments/forms/setup.py): every typed name is cleaned
by tournaments.text.clean_name before it is stored or used to find a club; the presets'
summaries and labels quote the engine's numbers."""

import dataclasses

import pytest
from django.utils import translation

import scoring
from tests.factories import ClubFactory
from tournaments.forms.setup import PRESET_SUMMARIES, TeamForm, TournamentForm
from tournaments.models import RULES_PRESET_LABELS, Club

TOURNAMENT_SETTINGS = {
    "date": "2026-12-20",
    "rules_preset": "belote-classique",
    "match_format": "target",
    "match_format_value": "1001",
    "number_of_rounds": "4",
    "bye_credit": "fixed",
    "bye_credit_value": "500",
    "ranking": "wins-then-points",
    "tie_break_1": "points_difference",
}


def test_the_team_form_drops_control_and_invisible_characters_from_every_name():
    form = TeamForm(
        data={
            "number": "7",
            "player_1": "Esc\x1b[31mRed\x01 \u200bBell\x07Ring",
            "player_2": " Tab\tName\u200b\u00a0d’Aubigné ",
            "club": "\ufeffClub\x7f « Les As »\r\n",
        }
    )

    assert form.is_valid()
    assert form.cleaned_data == {
        "number": 7,
        "player_1": "Esc[31mRed BellRing",
        "player_2": "Tab Name d’Aubigné",
        "club": "Club « Les As »",
        "player_1_licence": "",
        "player_2_licence": "",
        "player_1_record": None,
        "player_2_record": None,
    }


@pytest.mark.parametrize("record", ["abc", "0", "99999999999"])
def test_the_team_form_refuses_a_registry_record_id_that_cannot_exist(record):
    form = TeamForm(data={"player_1": "Anne", "player_2": "Marc", "player_1_record": record})

    assert (form.is_valid(), list(form.errors)) == (False, ["player_1_record"])


def test_a_team_form_club_of_invisible_characters_is_no_club():
    form = TeamForm(data={"player_1": "Anne", "player_2": "Bruno", "club": "\x7f\u200b\t"})

    assert form.is_valid()
    assert form.cleaned_data["club"] == ""


def test_a_player_name_with_nothing_visible_is_required():
    form = TeamForm(data={"player_1": "\u200b\x07\x7f", "player_2": "\t\u00a0\u202e"})

    with translation.override("fr"):
        assert form.errors == {
            "player_1": ["Ce champ est obligatoire."],
            "player_2": ["Ce champ est obligatoire."],
        }


def test_a_nul_character_is_still_refused():
    form = TeamForm(data={"player_1": "Anne\x00", "player_2": "Bruno"})

    with translation.override("fr"):
        assert form.errors == {"player_1": ["Le caractère nul n’est pas autorisé."]}


@pytest.mark.django_db
def test_the_tournament_form_cleans_the_name_and_the_venue():
    club = ClubFactory()
    data = TOURNAMENT_SETTINGS | {
        "club": club.pk,
        "name": "\u202eConcours\tde\u00a0Noël\x7f",
        "venue": "Salle\u200b des\x1b fêtes\r\n",
    }
    form = TournamentForm(data=data, clubs=Club.objects.all())

    assert form.is_valid()
    assert (form.cleaned_data["name"], form.cleaned_data["venue"]) == (
        "Concours de Noël",
        "Salle des fêtes",
    )


@pytest.mark.django_db
def test_a_tournament_name_with_nothing_visible_is_required_and_an_empty_venue_is_allowed():
    club = ClubFactory()
    data = TOURNAMENT_SETTINGS | {"club": club.pk, "name": "\u200b\x07", "venue": "\x7f\t"}
    form = TournamentForm(data=data, clubs=Club.objects.all())

    with translation.override("fr"):
        assert form.errors == {"name": ["Ce champ est obligatoire."]}
    assert form.cleaned_data["venue"] == ""


def summaries_and_labels(language):
    """Return the summaries of the first five presets and the label of ffb-coinche, as shown."""
    with translation.override(language):
        summaries = [str(PRESET_SUMMARIES[ruleset_id]) for ruleset_id in scoring.PRESET_IDS[:5]]
        return [*summaries, str(RULES_PRESET_LABELS["ffb-coinche"])]


def test_the_preset_summaries_and_labels_read_the_same_in_french_and_english():
    texts = (summaries_and_labels("fr"), summaries_and_labels("en"))

    assert texts == (
        [
            "Belote coinchée FFB : contrats de 80 à 500 ou capot, annonces, coinche ×2 et "
            "surcoinche ×4, points arrondis à la dizaine ; le preneur doit atteindre son "
            "contrat et faire plus que la défense.",
            "Contrée, points faits + annoncés : contrats de 80 à 160 ou capot, belote seule "
            "(elle va à l’équipe qui gagne la donne), le contrat s’ajoute aux points faits.",
            "Contrée, points faits : contrats de 80 à 160 ou capot ; chaque équipe marque ses "
            "points faits arrondis, le contrat ne s’ajoute pas.",
            "Contrée, points annoncés : le preneur marque son contrat ; sur une chute la défense "
            "marque 160 (le contrat × 2 ou × 4 s’il est contré).",
            "Belote classique : pas d’enchères chiffrées, annonces (tierce, cinquante, cent, "
            "carrés), le litige est mis en réserve ; ni coinche, ni sans atout, ni tout atout.",
            "Coinche FFB (annonces, 80 à 500 ou capot)",
        ],
        [
            "FFB belote coinchée: contracts from 80 to 500 or capot, declarations, coinche ×2 "
            "and surcoinche ×4, points rounded to the ten; the taker must reach the contract "
            "and score more than the defence.",
            "Contrée, points made + bid: contracts from 80 to 160 or capot, belote only (it goes "
            "to the side that wins the deal), the contract is added to the points made.",
            "Contrée, points made: contracts from 80 to 160 or capot; each side scores its "
            "points made, rounded, and the contract is not added.",
            "Contrée, points bid: the taker scores the contract; on a chute the defence scores "
            "160 (the contract × 2 or × 4 when coinched).",
            "Classic belote: no numbered bids, declarations (tierce, cinquante, cent, carrés), a "
            "tie (litige) goes in reserve; no coinche, no sans atout or tout atout.",
            "FFB coinche (declarations, 80 to 500 or capot)",
        ],
    )


def test_a_preset_summary_and_label_quote_the_latest_version_of_the_preset(monkeypatch):
    latest = dataclasses.replace(scoring.get_ruleset("ffb-coinche"), version=2, contract_max=300)
    monkeypatch.setitem(scoring.PRESETS, ("ffb-coinche", 2), latest)

    with translation.override("en"):
        texts = (str(PRESET_SUMMARIES["ffb-coinche"]), str(RULES_PRESET_LABELS["ffb-coinche"]))

    assert texts == (
        "FFB belote coinchée: contracts from 80 to 300 or capot, declarations, coinche ×2 and "
        "surcoinche ×4, points rounded to the ten; the taker must reach the contract and score "
        "more than the defence.",
        "FFB coinche (declarations, 80 to 300 or capot)",
    )
