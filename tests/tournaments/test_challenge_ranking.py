"""A season challenge's ranking read from its concours (tournaments/selectors/challenges.py,
RULES.md §I): people from the registry, or by name; computed on every read, so a concours
added later or corrected counts at once. The data is tests/challenge_data.py's."""

import pytest

from tests.challenge_data import concours, finished_match, two_concours
from tests.factories import ChallengeFactory, ClubFactory, RoundFactory, TeamFactory
from tournaments import services
from tournaments.models import Match, Round
from tournaments.selectors import (
    challenge_ranking,
    challenges_of_club,
    concours_to_add,
    finished_concours,
)

#: W 100, D 50, L 0, Y 20, the scored points, 30/20/10 for the first three places.
FORMULA = {
    "points_win": 100,
    "points_draw": 50,
    "points_loss": 0,
    "points_bye": 20,
    "rank_points": "30, 20, 10",
    "minimum": 2,
}


def people(ranking) -> list[tuple]:
    return [
        (
            row.rank,
            row.name,
            row.challenge_points,
            row.parties_won,
            row.scored_points,
            row.concours_played,
            tuple(score.challenge_points for score in row.concours),
        )
        for row in ranking.people
    ]


@pytest.fixture
def season(db):
    club, first, second, records = two_concours()
    challenge = ChallengeFactory(club=club, name="Challenge d'automne", slug="automne", **FORMULA)
    services.add_concours(challenge=challenge, tournament=first)
    services.add_concours(challenge=challenge, tournament=second)
    return challenge, first, second


def test_the_ranking_of_two_concours_worked_by_hand(season):
    # Anne: A 100 + 900 + 30 = 1030, B 50 + 600 + 30 = 680. Bruno: A 1030, B (bye)
    # 20 + 500 + 10 = 530. Denis and Eve: A 0 + 700 + 20 = 720, B 50 + 600 + 20 = 670,
    # equal in everything, so by name. Chloé: A (bye) 530, B 680. Jean: two byes, 530 each.
    challenge, _first, _second = season

    ranking = challenge_ranking(challenge=challenge)

    assert people(ranking) == [
        (1, "Anne Roux", 1710, 1, 1500, 2, (1030, 680)),
        (2, "Bruno Vidal", 1560, 1, 1400, 2, (1030, 530)),
        (3, "denis lac", 1390, 0, 1300, 2, (720, 670)),
        (4, "Eve Mas", 1390, 0, 1300, 2, (720, 670)),
        (5, "Chloé Noël", 1210, 0, 1100, 2, (530, 680)),
        (6, "Jean Dupont", 1060, 0, 1000, 2, (530, 530)),
    ]
    assert [(row.rank, row.name, row.challenge_points) for row in ranking.pairs] == [
        (1, "denis lac / Eve Mas", 1390)
    ]
    assert [tournament.slug for tournament in ranking.concours] == ["a", "b"]


def test_with_one_concours_and_a_minimum_of_two_nobody_is_ranked(db):
    club, first, _second, _records = two_concours()
    challenge = ChallengeFactory(club=club, slug="court", **FORMULA)
    services.add_concours(challenge=challenge, tournament=first)

    ranking = challenge_ranking(challenge=challenge)

    assert [(row.rank, row.name, row.challenge_points) for row in ranking.people] == [
        (None, "Anne Roux", 1030),
        (None, "Bruno Vidal", 1030),
        (None, "Denis Lac", 720),
        (None, "Eve Mas", 720),
        (None, "Chloé Noël", 530),
        (None, "Jean Dupont", 530),
    ]


def test_the_default_formula_ranks_by_scored_points(db):
    club, first, second, _records = two_concours()
    challenge = ChallengeFactory(club=club, slug="defaut")
    services.add_concours(challenge=challenge, tournament=first)
    services.add_concours(challenge=challenge, tournament=second)

    ranking = challenge_ranking(challenge=challenge)

    assert [(row.rank, row.name, row.challenge_points) for row in ranking.people] == [
        (1, "Anne Roux", 1500),
        (2, "Bruno Vidal", 1400),
        (3, "denis lac", 1300),
        (4, "Eve Mas", 1300),
        (5, "Chloé Noël", 1100),
        (6, "Jean Dupont", 1000),
    ]


def test_a_concours_added_later_counts_and_a_corrected_one_updates_the_ranking(season):
    challenge, first, _second = season
    club = challenge.club
    third = concours(club, "c", 31)
    pair = TeamFactory(tournament=third, number=1, player_1="Jean Dupont", player_2="Eve Mas")
    other = TeamFactory(tournament=third, number=2, player_1="Zoé Arn", player_2="Yves Bo")
    played = RoundFactory(tournament=third, number=1, status=Round.Status.CLOSED)
    finished_match(played, 1, pair, other, 1000, 100)
    # Concours A corrected: Denis and Eve won it 950-900.
    Match.objects.filter(round__tournament=first).update(total_b=950, result="B")

    services.add_concours(challenge=challenge, tournament=third)
    ranking = challenge_ranking(challenge=challenge)

    # Eve: A 100 + 950 + 30 = 1080, B 670, C 100 + 1000 + 30 = 1130 → 2880.
    # Jean: 530, 530, 1130 → 2190. Denis: A 1080, B 670 → 1750. Anne: A 0 + 900 + 20 = 920,
    # B 680 → 1600. Bruno: 920 + 530 = 1450. Zoé, Yves: one concours (0 + 100 + 20), unranked.
    assert [(row.rank, row.name, row.challenge_points) for row in ranking.people] == [
        (1, "Eve Mas", 2880),
        (2, "Jean Dupont", 2190),
        (3, "denis lac", 1750),
        (4, "Anne Roux", 1600),
        (5, "Bruno Vidal", 1450),
        (6, "Chloé Noël", 1210),
        (None, "Yves Bo", 120),
        (None, "Zoé Arn", 120),
    ]
    # Denis and Eve are no pair any more; Zoé and Yves are one, unranked (one concours).
    assert [(row.rank, row.name, row.challenge_points) for row in ranking.pairs] == [
        (None, "Yves Bo / Zoé Arn", 120)
    ]


def test_finished_concours_are_those_with_every_round_closed(db):
    club, first, second, _records = two_concours()
    unfinished = concours(club, "en-cours", 20)
    RoundFactory(tournament=unfinished, number=1, status=Round.Status.PUBLISHED)
    never_drawn = concours(club, "vide", 21)
    elsewhere = concours(ClubFactory(name="Autre club"), "ailleurs", 22)
    RoundFactory(tournament=elsewhere, number=1, status=Round.Status.CLOSED)
    challenge = ChallengeFactory(club=club, slug="x")
    services.add_concours(challenge=challenge, tournament=first)

    assert (
        [t.slug for t in finished_concours(club=club)],
        [t.slug for t in concours_to_add(challenge=challenge)],
        never_drawn.rounds.count(),
    ) == (["b", "a"], ["b"], 0)


def test_challenges_of_club_lists_its_challenges_by_name_with_their_concours_count(season):
    challenge, _first, _second = season
    ChallengeFactory(club=challenge.club, name="Challenge d'été", slug="ete")
    ChallengeFactory(name="Challenge d'ailleurs", slug="ailleurs")

    found = challenges_of_club(club=challenge.club)

    assert [(c.name, c.concours_count, c.get_absolute_url()) for c in found] == [
        ("Challenge d'automne", 2, "/challenges/automne/"),
        ("Challenge d'été", 0, "/challenges/ete/"),
    ]
