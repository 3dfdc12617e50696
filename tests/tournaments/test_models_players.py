"""The registry's models (tournaments/models/players.py and the team's player links): the
database constraints, on SQLite and PostgreSQL."""

import pytest

from tests.factories import ClubFactory, PlayerFactory, TeamFactory
from tests.tournaments.test_models import assert_refused, assert_saved
from tournaments.models import Player


@pytest.mark.django_db
def test_it_refuses_a_licence_number_twice_in_one_clubs_registry():
    club = ClubFactory()
    PlayerFactory(club=club, licence="0412345")

    assert_refused(Player(club=club, last_name="Roux", first_name="Jean", licence="0412345"))


@pytest.mark.django_db
def test_it_accepts_one_licence_number_in_two_clubs_registries():
    PlayerFactory(licence="0412345")

    assert_saved(Player(club=ClubFactory(), last_name="Roux", licence="0412345"))


@pytest.mark.django_db
def test_it_accepts_many_players_with_no_licence_number_in_one_registry():
    club = ClubFactory()
    PlayerFactory(club=club, licence="")

    assert_saved(Player(club=club, last_name="Roux", licence=""))


@pytest.mark.django_db
def test_it_refuses_a_player_with_no_last_name():
    assert_refused(
        Player(club=ClubFactory(), last_name="", first_name="Jean"),
        check="player_has_a_last_name",
    )


@pytest.mark.django_db
def test_it_refuses_a_team_of_one_registered_player_twice():
    player = PlayerFactory()
    team = TeamFactory.build(
        tournament=TeamFactory().tournament, player_1_record=player, player_2_record=player
    )

    assert_refused(team, check="team_two_different_players")


@pytest.mark.django_db
def test_it_accepts_a_team_with_one_registered_player():
    team = TeamFactory.build(
        tournament=TeamFactory().tournament, player_1_record=PlayerFactory(), number=99
    )

    assert_saved(team)


@pytest.mark.django_db
def test_a_player_prints_first_name_then_last_name():
    assert str(PlayerFactory.build(first_name="Jean-Pierre", last_name="Martin")) == (
        "Jean-Pierre Martin"
    )
