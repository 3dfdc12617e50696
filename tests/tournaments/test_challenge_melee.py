"""A finished mêlée in a season challenge (RULES.md §H, §I): each of its players brings
their individual result (parties won, drawn, lost, sit-outs as byes, scored points, final
rank) and counts by name within the club, as a team's player with no record does. Checked
with a doublettes concours by hand and the held-out sample ``melee-18``."""

import datetime
import random

import pytest

from tests.challenge_data import finished_match
from tests.factories import (
    ChallengeFactory,
    ClubFactory,
    PlayerFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tests.tournaments.test_importing_melee import NOW, SAMPLE
from tournaments import services
from tournaments.challenges import ConcoursResult
from tournaments.importing import import_played_tournament
from tournaments.models import Round
from tournaments.selectors import challenge_ranking
from tournaments.selectors.challenges import challenge_results

CLUB = "Amicale de Sète"


@pytest.fixture
def season(db):
    """A challenge of W 100, D 50, L 0, Y 20, scored points and 30/20/10 for the first
    three places, over:

    - a doublettes concours (one round): team 1 « H. Thomas » (the registry record
      Hélène Thomas) + Bruno Vidal beat team 2 « michel david » + Zoé Lac 900–700;
    - the mêlée sample, whose players 16 and 17 are Hélène Thomas and Michel David.
    """
    club = ClubFactory(name=CLUB)
    helene = PlayerFactory(club=club, first_name="Hélène", last_name="Thomas")
    doublettes = TournamentFactory(
        club=club, slug="doublettes", date=datetime.date(2026, 10, 3), number_of_rounds=1
    )
    one = TeamFactory(
        tournament=doublettes,
        number=1,
        player_1="H. Thomas",
        player_1_record=helene,
        player_2="Bruno Vidal",
    )
    two = TeamFactory(tournament=doublettes, number=2, player_1="michel david", player_2="Zoé Lac")
    played = RoundFactory(tournament=doublettes, number=1, status=Round.Status.CLOSED)
    finished_match(played, 1, one, two, 900, 700)
    melee = import_played_tournament(
        directory=SAMPLE,
        name="Mêlée du jeudi",
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(7),
        club=CLUB,
    )
    challenge = ChallengeFactory(
        club=club,
        name="Challenge d'automne",
        slug="automne",
        points_win=100,
        points_draw=50,
        points_loss=0,
        points_bye=20,
        rank_points="30, 20, 10",
    )
    services.add_concours(challenge=challenge, tournament=doublettes)
    services.add_concours(challenge=challenge, tournament=melee)
    return challenge, helene


def test_each_melee_player_brings_their_individual_result_as_one_person_by_name(season):
    challenge, helene = season

    results = [result for result in challenge_results(challenge=challenge) if result.concours]

    assert len(results) == 18
    assert results[:3] == [
        # Player 16: 3 won, 1 lost, 4856 points, 1st; her name is her record's.
        ConcoursResult(f"player:{helene.pk}", "Hélène Thomas", 1, 3, 0, 1, 0, 4856, 1),
        # Player 17: 3 won, 1 sit-out (its credit in the 4784 points), 2nd.
        ConcoursResult("name:michel david", "Michel David", 1, 3, 0, 0, 1, 4784, 2),
        ConcoursResult("name:yvette david", "Yvette David", 1, 4, 0, 0, 0, 4630, 3),
    ]
    # Player 3, last: four parties lost.
    assert results[-1] == ConcoursResult(
        "name:chantal vincent", "Chantal Vincent", 1, 0, 0, 4, 0, 3030, 18
    )


def test_the_challenge_ranks_the_melee_players_with_the_doublettes_players(season):
    # Hélène: doublettes 100 + 900 + 30 = 1030, mêlée 300 + 4856 + 30 = 5186.
    # Michel David: doublettes 0 + 700 + 20 = 720, mêlée 300 + 20 + 4784 + 20 = 5124.
    # Yvette David: 400 + 4630 + 10 = 5040. Jean Leroy (12): 300 + 4489 = 4789.
    # Geneviève Martin (4): 200 + 4561 = 4761. Bruno Vidal: 1030; Zoé Lac: 720.
    challenge, _helene = season

    ranking = challenge_ranking(challenge=challenge)

    rows = [
        (row.rank, row.name, row.challenge_points, row.parties_won, row.concours_played)
        for row in ranking.people
    ]
    assert rows[:5] == [
        (1, "Hélène Thomas", 6216, 4, 2),
        (2, "Michel David", 5844, 3, 2),
        (3, "Yvette David", 5040, 4, 1),
        (4, "Jean Leroy", 4789, 3, 1),
        (5, "Geneviève Martin", 4761, 2, 1),
    ]
    assert rows[-2:] == [(19, "Bruno Vidal", 1030, 1, 1), (20, "Zoé Lac", 720, 0, 1)]
    # Partners change every partie: no mêlée player is in a pair, so no pair at all.
    assert ranking.pairs == []
