"""Registering mêlée players and recording a played partie (services/melee.py, RULES.md §H):
refusals save nothing; pairs play as teams of the partie; the others sit out."""

import datetime
import random

import pytest

import scoring
from tests.factories import TeamFactory, TournamentFactory
from tournaments import services
from tournaments.models import MeleePair, MeleePlayer, SitOut, Team
from tournaments.services import MeleePlayerData, PlayedMeleeTable, Refusal, ServiceError

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def register(tournament, *names, rng=None):
    return services.register_melee_players(
        tournament=tournament, players=[MeleePlayerData(name=name) for name in names], rng=rng
    )


@pytest.mark.django_db
def test_players_are_numbered_in_order_present_and_cleaned():
    tournament = TournamentFactory()
    players = register(tournament, "  Josette   Vincent ", "Michel Laurent")
    assert [(p.number, p.name, p.is_checked_in, p.lot) for p in players] == [
        (1, "Josette Vincent", True, 0),
        (2, "Michel Laurent", True, 0),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("players", "refusal", "params"),
    [
        ([MeleePlayerData(name="A"), MeleePlayerData(name="  ")], Refusal.MISSING_NAME, {}),
        (
            [MeleePlayerData(name="A", number=3), MeleePlayerData(name="B", number=3)],
            Refusal.DUPLICATE_PLAYER_NUMBER,
            {"number": 3},
        ),
    ],
)
def test_a_bad_player_is_refused_and_nothing_is_saved(players, refusal, params):
    tournament = TournamentFactory()
    with pytest.raises(ServiceError) as error:
        services.register_melee_players(tournament=tournament, players=players, rng=None)
    assert (error.value.code, error.value.params) == (refusal, params)
    assert MeleePlayer.objects.count() == 0


@pytest.mark.django_db
def test_players_cannot_join_a_concours_of_teams():
    team = TeamFactory()
    with pytest.raises(ServiceError) as error:
        register(team.tournament, "A")
    assert error.value.code == Refusal.HAS_TEAMS
    assert MeleePlayer.objects.count() == 0


@pytest.mark.django_db
def test_a_played_partie_seats_pairs_as_teams_and_the_others_sit_out():
    tournament = TournamentFactory(number_of_rounds=2)
    p = register(tournament, *"ABCDEF", rng=random.Random(3))
    table = PlayedMeleeTable(
        table_number=1,
        pair_a=(p[0], p[3]),
        pair_b=(p[1], p[2]),
        totals=scoring.MatchTotals(total_a=1000, total_b=900),
    )
    round_ = services.record_played_melee_round(tournament=tournament, tables=[table], now=NOW)

    pairs = MeleePair.objects.filter(round=round_).select_related("team")
    assert [
        (pair.team.number, pair.team.players, pair.player_1.name, pair.player_2.name)
        for pair in pairs
    ] == [(1, "A / D", "A", "D"), (2, "B / C", "B", "C")]
    match = round_.matches.get()
    assert (match.team_a.players, match.team_b.players, match.total_a, match.total_b) == (
        "A / D",
        "B / C",
        1000,
        900,
    )
    assert [s.player.name for s in SitOut.objects.filter(round=round_)] == ["E", "F"]
    assert Team.objects.filter(tournament=tournament).count() == 0


@pytest.mark.django_db
def test_a_player_seated_twice_is_refused_and_nothing_is_saved():
    tournament = TournamentFactory()
    p = register(tournament, *"ABCD")
    table = PlayedMeleeTable(1, (p[0], p[1]), (p[2], p[0]), totals=scoring.MatchTotals(1, 2))
    with pytest.raises(ValueError, match="seated twice"):
        services.record_played_melee_round(tournament=tournament, tables=[table], now=NOW)
    assert (Team.every_team.count(), tournament.rounds.count()) == (0, 0)
