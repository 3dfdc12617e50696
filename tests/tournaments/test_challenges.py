"""Season challenges, the pure ranking (tournaments/challenges.py, RULES.md §I): challenge
points, best N with ties between concours, the minimum M, the ranking's order, pairs.
No database; every number is worked out by hand in the test."""

import pytest

from tournaments.challenges import (
    ChallengeFormula,
    ChallengeRow,
    ConcoursResult,
    ConcoursScore,
    rank_pairs,
    rank_people,
)


def result(person, concours, *, won=0, drawn=0, lost=0, byes=0, scored=0, rank=1, partner=None):
    return ConcoursResult(
        person=person,
        name=person.capitalize(),
        concours=concours,
        won=won,
        drawn=drawn,
        lost=lost,
        byes=byes,
        scored_points=scored,
        rank=rank,
        partner=partner,
    )


def summary(rows: list[ChallengeRow]) -> list[tuple]:
    """(rank, name, challenge points, parties won, scored points, concours played, the
    counted concours) of each row."""
    return [
        (
            row.rank,
            row.name,
            row.challenge_points,
            row.parties_won,
            row.scored_points,
            row.concours_played,
            tuple(score.result.concours for score in row.concours if score.is_counted),
        )
        for row in rows
    ]


FORMULA = ChallengeFormula(
    win=10, draw=5, loss=2, bye=4, rank_points=(20, 10, 5), best_of=2, minimum=2
)


def test_the_default_formula_counts_scored_points_only_over_every_concours():
    results = [
        result("anne", 0, won=3, lost=1, scored=800, rank=1),
        result("anne", 1, won=0, lost=4, scored=500, rank=9),
        result("bruno", 0, won=2, drawn=1, lost=1, scored=1250, rank=2),
    ]

    rows = rank_people(results)

    assert summary(rows) == [
        (1, "Anne", 1300, 3, 1300, 2, (0, 1)),
        (2, "Bruno", 1250, 2, 1250, 1, (0,)),
    ]


def test_each_concours_gives_w_d_l_y_scored_points_and_rank_points():
    # c0: 3×10 + 0×5 + 1×2 + 0×4 + 800 + 20 (1st) = 852
    # c1: 2×10 + 1×5 + 1×2 + 0×4 + 700 + 10 (2nd) = 737
    # c2: 1×10 + 0×5 + 2×2 + 1×4 + 650 + 0 (4th, past the list) = 668
    results = [
        result("anne", 0, won=3, lost=1, scored=800, rank=1),
        result("anne", 1, won=2, drawn=1, lost=1, scored=700, rank=2),
        result("anne", 2, won=1, lost=2, byes=1, scored=650, rank=4),
    ]

    (row,) = rank_people(results, FORMULA)

    assert row.concours == (
        ConcoursScore(results[0], 852, True),
        ConcoursScore(results[1], 737, True),
        ConcoursScore(results[2], 668, False),
    )
    assert summary([row]) == [(1, "Anne", 852 + 737, 5, 1500, 3, (0, 1))]


def test_best_n_and_minimum_m_rank_bruno_before_anne_and_list_chloe_unranked():
    # Anne: best two of 852, 737, 668 → 1589. Bruno: 852 + (10 + 3×2 + 760 + 5) = 1633.
    # Chloé played one concours (4×10 + 900 + 20 = 960), fewer than M = 2: unranked.
    results = [
        result("anne", 0, won=3, lost=1, scored=800, rank=1),
        result("anne", 1, won=2, drawn=1, lost=1, scored=700, rank=2),
        result("anne", 2, won=1, lost=2, byes=1, scored=650, rank=4),
        result("bruno", 0, won=3, lost=1, scored=800, rank=1),
        result("bruno", 1, won=1, lost=3, scored=760, rank=3),
        result("chloe", 2, won=4, scored=900, rank=1),
    ]

    rows = rank_people(results, FORMULA)

    assert summary(rows) == [
        (1, "Bruno", 1633, 4, 1560, 2, (0, 1)),
        (2, "Anne", 1589, 5, 1500, 3, (0, 1)),
        (None, "Chloe", 960, 4, 900, 1, (2,)),
    ]
    assert [row.is_ranked for row in rows] == [True, True, False]


def test_between_two_concours_worth_the_same_the_one_with_more_parties_won_counts():
    # W = 10, scored points: c0 10 + 90 = 100, c1 20 + 80 = 100, c2 0 + 120 = 120.
    # Best 2: c2, then c1 (2 parties won against 1): 220 points, 2 won, 200 scored.
    formula = ChallengeFormula(win=10, best_of=2)
    results = [
        result("anne", 0, won=1, scored=90),
        result("anne", 1, won=2, scored=80),
        result("anne", 2, won=0, scored=120),
    ]

    assert summary(rank_people(results, formula)) == [(1, "Anne", 220, 2, 200, 3, (1, 2))]


def test_between_two_concours_worth_the_same_the_one_with_more_scored_points_counts():
    # Rank points only: c0 and c1 are both 2nd (10), one party won each; c1 scored more.
    formula = ChallengeFormula(counts_scored_points=False, rank_points=(20, 10), best_of=1)
    results = [
        result("anne", 0, won=1, scored=400, rank=2),
        result("anne", 1, won=1, scored=450, rank=2),
    ]

    assert summary(rank_people(results, formula)) == [(1, "Anne", 10, 1, 450, 2, (1,))]


def test_between_two_concours_equal_in_everything_the_earlier_counts():
    formula = ChallengeFormula(win=10, best_of=2)
    results = [
        result("anne", 2, won=0, scored=120),
        result("anne", 1, won=1, scored=90),
        result("anne", 0, won=1, scored=90),
    ]

    assert summary(rank_people(results, formula)) == [(1, "Anne", 220, 1, 210, 3, (0, 2))]


def test_equal_challenge_points_go_to_parties_won_then_scored_points_then_concours_played():
    # W = 100, scored points: every one of them has 1000 challenge points.
    formula = ChallengeFormula(win=100)
    results = [
        result("anne", 0, won=2, scored=800),  # 1000, 2 won
        result("bruno", 0, won=3, scored=700),  # 1000, 3 won
        result("chloe", 0, won=2, scored=500),  # 700 …
        result("chloe", 1, won=0, scored=300),  # … + 300 = 1000, 2 won, 800 scored, 2 played
        result("david", 0, won=1, scored=900),  # 1000, 1 won
    ]

    rows = rank_people(results, formula)

    assert summary(rows) == [
        (1, "Bruno", 1000, 3, 700, 1, (0,)),
        (2, "Chloe", 1000, 2, 800, 2, (0, 1)),
        (3, "Anne", 1000, 2, 800, 1, (0,)),
        (4, "David", 1000, 1, 900, 1, (0,)),
    ]


def test_people_equal_in_everything_else_rank_by_name_accents_and_case_aside():
    results = [
        ConcoursResult("p1", "eric", 0, 1, 0, 0, 0, 500, 1),
        ConcoursResult("p2", "Émile", 0, 1, 0, 0, 0, 500, 1),
        ConcoursResult("p3", "Denis", 0, 1, 0, 0, 0, 500, 1),
    ]

    assert [(row.rank, row.name) for row in rank_people(results)] == [
        (1, "Denis"),
        (2, "Émile"),
        (3, "eric"),
    ]


def test_the_unranked_are_ordered_as_the_ranked_ones_after_them():
    formula = ChallengeFormula(minimum=2)
    results = [
        result("anne", 0, scored=100),
        result("anne", 1, scored=100),
        result("bruno", 0, scored=900),
        result("chloe", 1, scored=950),
    ]

    assert [(row.rank, row.name) for row in rank_people(results, formula)] == [
        (1, "Anne"),
        (None, "Chloe"),
        (None, "Bruno"),
    ]


def test_a_partner_change_keeps_one_person_and_leaves_the_pair_ranking():
    # Anne played c0 with Bruno, c1 with Chloé: one person, both concours count for her;
    # David and Eve always played together: the only pair of the pair ranking.
    results = [
        result("anne", 0, won=2, scored=600, partner="bruno"),
        result("bruno", 0, won=2, scored=600, partner="anne"),
        result("anne", 1, won=1, scored=500, partner="chloe"),
        result("chloe", 1, won=1, scored=500, partner="anne"),
        result("david", 0, won=1, scored=550, rank=2, partner="eve"),
        result("eve", 0, won=1, scored=550, rank=2, partner="david"),
        result("david", 1, won=3, scored=450, rank=2, partner="eve"),
        result("eve", 1, won=3, scored=450, rank=2, partner="david"),
    ]

    people = rank_people(results)
    pairs = rank_pairs(results)

    assert summary(people) == [
        (1, "Anne", 1100, 3, 1100, 2, (0, 1)),
        (2, "David", 1000, 4, 1000, 2, (0, 1)),
        (3, "Eve", 1000, 4, 1000, 2, (0, 1)),
        (4, "Bruno", 600, 2, 600, 1, (0,)),
        (5, "Chloe", 500, 1, 500, 1, (1,)),
    ]
    assert [(row.rank, row.person, row.name, row.challenge_points) for row in pairs] == [
        (1, "david + eve", "David / Eve", 1000)
    ]


def test_one_person_twice_in_one_concours_counts_once_with_the_better_rank():
    results = [
        result("anne", 0, scored=300, rank=5),
        result("anne", 0, scored=700, rank=2),
    ]

    assert summary(rank_people(results)) == [(1, "Anne", 700, 0, 700, 1, (0,))]


@pytest.mark.parametrize(
    "options",
    [{"win": -1}, {"bye": -2}, {"rank_points": (10, -5)}, {"best_of": 0}, {"minimum": 0}],
)
def test_a_formula_with_a_negative_value_or_no_concours_is_refused(options):
    with pytest.raises(ValueError):
        ChallengeFormula(**options)
