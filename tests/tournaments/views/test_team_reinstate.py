"""« Réintégrer »: the teams page brings back a team withdrawn by mistake (views/teams.py)."""

import pytest

from tests.factories import RoundFactory, TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tournaments.models import Round, Team

TEAMS = "/concours/t/gestion/equipes/"
REINSTATE = "/concours/t/gestion/equipes/4/reintegrer/"


@pytest.fixture
def tournament(club):
    tournament = TournamentFactory(club=club, slug="t")
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    return tournament


def test_a_team_withdrawn_from_the_round_not_drawn_yet_can_be_brought_back(desk, tournament):
    TeamFactory(tournament=tournament, number=4, player_1="Noé", player_2="Zoé",
                withdrawn_from_round=2)  # fmt: skip

    before = table_rows(desk.get(TEAMS), "teams")[1]
    response = desk.post(REINSTATE, follow=True)

    assert before == ["4", "", "Noé / Zoé", "", "Retirée à partir de la partie 2", "Réintégrer"]
    assert [str(m) for m in response.context["messages"]] == [
        "L’équipe 4 est réintégrée : elle sera de nouveau tirée."
    ]
    assert table_rows(response, "teams")[1] == [
        "4", "", "Noé / Zoé", "", "Présente",
        "Marquer absente Modifier Retirer Supprimer",
    ]  # fmt: skip


def test_a_team_that_missed_a_drawn_round_stays_withdrawn(desk, tournament):
    TeamFactory(tournament=tournament, number=4, player_1="Noé", player_2="Zoé",
                withdrawn_from_round=2)  # fmt: skip
    RoundFactory(tournament=tournament, number=2, status=Round.Status.PUBLISHED)

    row = table_rows(desk.get(TEAMS), "teams")[1]
    response = desk.post(REINSTATE, follow=True)

    assert row == ["4", "", "Noé / Zoé", "", "Retirée à partir de la partie 2", ""]
    assert [str(m) for m in response.context["messages"]] == [
        "La partie 2 est déjà tirée sans l’équipe 4 : elle reste retirée."
    ]
    assert Team.objects.get(number=4).withdrawn_from_round == 2
