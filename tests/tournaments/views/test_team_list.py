"""The organiser's teams page: the teams table (tournaments.tables.TeamTable), its
actions and its queries."""

import re

import pytest

from tests.factories import TeamFactory, TournamentFactory
from tests.html_reading import table_rows

TEAMS = "/concours/t/gestion/equipes/"


@pytest.fixture
def tournament(club):
    return TournamentFactory(club=club, slug="t")


def test_the_teams_page_lists_every_team_with_its_state_and_actions(desk, tournament, club):
    TeamFactory(tournament=tournament, number=1, player_1="Anne", player_2="Marc", club=club)
    TeamFactory(tournament=tournament, number=2, player_1="Luc", player_2="Léa", is_checked_in=True)
    TeamFactory(tournament=tournament, number=3, player_1="Eva", player_2="Ida", first_round=2)
    TeamFactory(
        tournament=tournament, number=4, player_1="Noé", player_2="Zoé", withdrawn_from_round=2
    )

    response = desk.get(TEAMS)

    assert table_rows(response, "teams") == [
        ["N°", "Joueurs", "Club", "État", "Actions"],
        ["1", "Anne / Marc", "Amicale de Cahors", "Pas pointée",
         "Marquer présente Modifier Retirer Supprimer"],
        ["2", "Luc / Léa", "", "Présente", "Marquer absente Modifier Retirer Supprimer"],
        ["3", "Eva / Ida", "", "Pas pointée · joue à partir de la partie 2",
         "Marquer présente Modifier Retirer Supprimer"],
        ["4", "Noé / Zoé", "", "Retirée à partir de la partie 2", ""],
    ]  # fmt: skip


def test_each_action_of_a_team_posts_to_its_own_address(desk, tournament):
    TeamFactory(tournament=tournament, number=7, is_checked_in=True)

    response = desk.get(TEAMS)

    page = response.content.decode()
    assert re.findall(
        r'<form method="post" action="(/concours/t/gestion/equipes/7/[^"]*)"', page
    ) == [
        "/concours/t/gestion/equipes/7/pointer/",
        "/concours/t/gestion/equipes/7/retirer/",
        "/concours/t/gestion/equipes/7/supprimer/",
    ]
    assert re.findall(r'name="present" value="(\d)"', page) == ["0"]
    assert page.count('href="/concours/t/gestion/equipes/7/"') == 1
    assert page.count('<td class="row-actions">') == 1


def test_without_teams_the_table_says_none_is_registered(desk, tournament):
    response = desk.get(TEAMS)

    assert table_rows(response, "teams") == [
        ["N°", "Joueurs", "Club", "État", "Actions"],
        ["Aucune équipe inscrite pour l’instant."],
    ]
    assert '<td colspan="5">' in response.content.decode()


@pytest.mark.parametrize("teams", [1, 3])
def test_the_teams_page_runs_the_same_queries_for_1_and_3_teams(
    desk, tournament, club, django_assert_num_queries, teams
):
    for number in range(1, teams + 1):
        TeamFactory(tournament=tournament, number=number, club=club)

    # The session, the user, the tournament, whether the user organises it, the teams with
    # their clubs, the next round to draw (which withdrawn teams can come back).
    with django_assert_num_queries(6):
        response = desk.get(TEAMS)

    assert len(table_rows(response, "teams")) == teams + 1


def registration_inputs(response) -> list[str]:
    """Return the registration form's inputs (the first form of the page), as written."""
    form = re.search(
        r'<form method="post" class="form team-form".*?</form>', response.content.decode(), re.S
    )
    return re.findall(r"<input (?!type=\"hidden\")[^>]*>", form.group(0))


def test_after_registering_a_team_the_cursor_is_back_in_the_first_field(desk, tournament):
    response = desk.post(TEAMS, {"player_1": "Anne", "player_2": "Marc"}, follow=True)

    assert response.redirect_chain == [(TEAMS, 302)]
    assert registration_inputs(response) == [
        '<input type="number" name="number" min="1" max="9999" inputmode="numeric" autofocus id="id_number">',
        '<input type="text" name="player_1" maxlength="100" autocomplete="off" data-player-lookup="" hx-get="/concours/t/gestion/equipes/joueurs/?field=player_1" hx-trigger="input changed delay:250ms" hx-target="#player_1-suggestions" required id="id_player_1">',
        '<input type="text" name="player_1_licence" maxlength="30" id="id_player_1_licence">',
        '<input type="text" name="player_2" maxlength="100" autocomplete="off" data-player-lookup="" hx-get="/concours/t/gestion/equipes/joueurs/?field=player_2" hx-trigger="input changed delay:250ms" hx-target="#player_2-suggestions" required id="id_player_2">',
        '<input type="text" name="player_2_licence" maxlength="30" id="id_player_2_licence">',
        '<input type="text" name="club" maxlength="150" id="id_club">',
    ]  # fmt: skip


def test_a_refused_registration_puts_the_cursor_in_the_first_field_to_fix(desk, tournament):
    response = desk.post(TEAMS, {"number": "3", "player_1": "Anne", "player_2": ""})

    assert registration_inputs(response) == [
        '<input type="number" name="number" value="3" min="1" max="9999" inputmode="numeric" id="id_number">',
        '<input type="text" name="player_1" value="Anne" maxlength="100" autocomplete="off" data-player-lookup="" hx-get="/concours/t/gestion/equipes/joueurs/?field=player_1" hx-trigger="input changed delay:250ms" hx-target="#player_1-suggestions" required id="id_player_1">',
        '<input type="text" name="player_1_licence" maxlength="30" id="id_player_1_licence">',
        '<input type="text" name="player_2" maxlength="100" autocomplete="off" data-player-lookup="" hx-get="/concours/t/gestion/equipes/joueurs/?field=player_2" hx-trigger="input changed delay:250ms" hx-target="#player_2-suggestions" autofocus required aria-invalid="true" aria-describedby="id_player_2_error" id="id_player_2">',
        '<input type="text" name="player_2_licence" maxlength="30" id="id_player_2_licence">',
        '<input type="text" name="club" maxlength="150" id="id_club">',
    ]  # fmt: skip
