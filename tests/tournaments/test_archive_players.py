"""A concours archive keeps its teams' registered players as people: restored, they are
the records of the club's registry they are known by, or new records there."""

import datetime

import pytest

from tests.factories import ClubFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournaments.archive import restore_tournament, tournament_archive
from tournaments.models import Player

NOW = datetime.datetime(2026, 11, 28, 18, 0, tzinfo=datetime.UTC)


@pytest.mark.django_db
def test_restored_here_the_teams_are_linked_to_the_same_records_again():
    club = ClubFactory()
    jean = PlayerFactory(club=club, first_name="Jean", last_name="Roux", licence="L1")
    lea = PlayerFactory(club=club, first_name="Léa", last_name="Petit")
    tournament = TournamentFactory(club=club, name="Concours", slug="c")
    TeamFactory(tournament=tournament, number=1, player_1_record=jean, player_2_record=lea)
    TeamFactory(tournament=tournament, number=2)
    data = tournament_archive(tournament=tournament, now=NOW)
    tournament.delete()

    restored = restore_tournament(data=data, now=NOW)

    assert [
        (t.number, t.player_1_record, t.player_2_record) for t in restored.teams.order_by("number")
    ] == [(1, jean, lea), (2, None, None)]
    assert Player.objects.count() == 2


@pytest.mark.django_db
def test_restored_for_another_club_the_players_join_its_registry():
    club = ClubFactory()
    jean = PlayerFactory(club=club, first_name="Jean", last_name="Roux", licence="L1")
    tournament = TournamentFactory(club=club, name="Concours", slug="c")
    TeamFactory(tournament=tournament, number=1, player_1_record=jean)
    data = tournament_archive(tournament=tournament, now=NOW)
    tournament.delete()
    millau = ClubFactory(name="Millau")

    restored = restore_tournament(data=data, now=NOW, club=millau)

    record = restored.teams.get().player_1_record
    assert (record.club, record.full_name, record.licence, record.pk == jean.pk) == (
        millau,
        "Jean Roux",
        "L1",
        False,
    )
