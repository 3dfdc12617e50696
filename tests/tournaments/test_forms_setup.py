"""Forms of the organiser's desk (tournaments/forms/setup.py): every typed name is cleaned
by tournaments.text.clean_name before it is stored or used to find a club."""

import pytest
from django.utils import translation

from tests.factories import ClubFactory
from tournaments.forms.setup import TeamForm, TournamentForm
from tournaments.models import Club

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
    }


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
