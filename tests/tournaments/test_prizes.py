"""The prize list: the reads (selectors/prizes.py) and the service that stores it."""

import pytest

from tests.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.selectors.prizes import award_prizes, prize_lines
from tournaments.services.prizes import set_prize_list
from tournaments.standings import StandingRow


def row(rank, *, played=1, byes=0, is_withdrawn=False):
    """A standing row of team id ``rank`` that played ``played`` matches and had ``byes``."""
    return StandingRow(
        rank=rank,
        team_id=rank,
        number=rank,
        points=1000 - rank,
        matches_played=played,
        matches_won=0,
        matches_drawn=0,
        matches_lost=played,
        points_against=0,
        points_difference=0,
        byes=byes,
        bye_points=0,
        head_to_head=0,
        lot=0,
        is_withdrawn=is_withdrawn,
    )


def test_prize_lines_are_the_trimmed_non_blank_lines_without_control_characters():
    text = "  Un\tjambon \r\n\n\t\nDeux bouteilles\x07\n=SOMME(A1)\n   \n"

    assert prize_lines(text) == ["Un jambon", "Deux bouteilles", "=SOMME(A1)"]


def test_a_dash_line_is_kept_to_skip_a_rank():
    assert prize_lines("Un jambon\n - \n\nUne bouteille") == ["Un jambon", "-", "Une bouteille"]


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


def test_prizes_go_in_rank_order_to_the_teams_that_played_or_had_a_bye():
    rows = [row(1), row(2, played=0, byes=1), row(3), row(4)]

    awarded = award_prizes(["Un jambon", "Une bouteille", "Un pâté"], rows)

    assert awarded == {1: "Un jambon", 2: "Une bouteille", 3: "Un pâté"}


def test_a_withdrawn_team_and_a_team_that_never_played_get_no_prize_and_use_none_up():
    rows = [row(1), row(2, played=0), row(3), row(4), row(5, is_withdrawn=True)]

    awarded = award_prizes(["Un jambon", "Une bouteille", "Un pâté", "Un stylo"], rows)

    assert awarded == {1: "Un jambon", 3: "Une bouteille", 4: "Un pâté"}


def test_a_dash_line_gives_its_rank_no_prize_and_the_next_line_to_the_next_rank():
    rows = [row(1), row(2), row(3)]

    awarded = award_prizes(["Un jambon", "-", "Un pâté"], rows)

    assert awarded == {1: "Un jambon", 3: "Un pâté"}
