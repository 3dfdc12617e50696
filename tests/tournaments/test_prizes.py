"""The prize list service (tournaments/services/prizes.py)."""

import pytest

from tests.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.services.prizes import prize_lines, set_prize_list


def test_prize_lines_are_the_trimmed_non_blank_lines_without_control_characters():
    text = "  Un\tjambon \r\n\n\t\nDeux bouteilles\x07\n=SOMME(A1)\n   \n"

    assert prize_lines(text) == ["Un jambon", "Deux bouteilles", "=SOMME(A1)"]


def test_an_empty_text_has_no_prize():
    assert prize_lines("") == []


@pytest.mark.django_db
def test_it_stores_one_prize_per_line_in_rank_order():
    tournament = TournamentFactory()

    set_prize_list(tournament=tournament, text="Un jambon\n\n  Une bouteille  \n")

    assert Tournament.objects.get(pk=tournament.pk).prize_list == "Un jambon\nUne bouteille"


@pytest.mark.django_db
def test_an_empty_text_removes_the_list():
    tournament = TournamentFactory(prize_list="Un jambon")

    set_prize_list(tournament=tournament, text="\n  \n")

    assert Tournament.objects.get(pk=tournament.pk).prize_list == ""
