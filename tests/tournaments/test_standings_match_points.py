"""Ranking by match points (tournaments/standings.py, RULES.md §E last bullet): W to the
winner, D to each side of a draw, L to the loser, Y to a bye; then total scored points,
then the tie-breaks. Pure code, no database; every number is worked out by hand."""

from tournaments.standings import (
    ByeCreditRule,
    ByeEntry,
    MatchEntry,
    MatchPoints,
    RankingKey,
    StandingRow,
    StandingsRules,
    TeamEntry,
    compute_standings,
)

ORDER = (
    RankingKey.MATCH_POINTS,
    RankingKey.POINTS,
    RankingKey.MATCHES_WON,
    RankingKey.POINTS_DIFFERENCE,
    RankingKey.LOT,
)


def rules(win: int, draw: int, loss: int, bye: int, **options) -> StandingsRules:
    return StandingsRules(order=ORDER, match_points=MatchPoints(win, draw, loss, bye), **options)


def team(number: int, lot: int = 0) -> TeamEntry:
    return TeamEntry(team_id=10 * number, number=number, lot=lot)


def match(round_number: int, a: int, b: int, total_a: int, total_b: int) -> MatchEntry:
    return MatchEntry(round_number, 10 * a, 10 * b, total_a, total_b)


def summary(rows: list[StandingRow]) -> list[tuple[int, int, int, int]]:
    """(rank, team number, match points, scored points) of each row."""
    return [(row.rank, row.number, row.match_points, row.points) for row in rows]


def test_match_points_rank_before_scored_points():
    # Team 2 scores most (300 + 150 bye), yet it lost: 2 + 3 = 5 match points.
    teams = [team(1), team(2), team(3)]
    matches = [match(1, 1, 2, 310, 300), match(2, 1, 3, 100, 100)]
    byes = [ByeEntry(1, 30), ByeEntry(2, 20)]

    rows = compute_standings(
        teams,
        matches,
        byes,
        rules(4, 3, 2, 3, bye_credit=ByeCreditRule.FIXED, bye_credit_value=150),
    )

    assert summary(rows) == [(1, 1, 7, 410), (2, 3, 6, 250), (3, 2, 5, 450)]


def test_equal_match_points_go_to_scored_points_then_the_tie_breaks():
    # Teams 1, 3 and 4 have 2 + 1 = 1 + 2 = 3 match points; 1 and 3 have 850 points each,
    # one match won each and +100 each: the lot decides (the higher lot first).
    teams = [team(1, lot=5), team(2), team(3, lot=9), team(4)]
    matches = [
        match(1, 1, 2, 500, 300),
        match(1, 3, 4, 400, 400),
        match(2, 1, 3, 350, 450),
        match(2, 2, 4, 380, 420),
    ]

    rows = compute_standings(teams, matches, [], rules(2, 1, 1, 2))

    assert summary(rows) == [(1, 3, 3, 850), (2, 1, 3, 850), (3, 4, 3, 820), (4, 2, 2, 680)]


def test_a_row_gives_every_count_with_its_match_points():
    teams = [team(1), team(2)]

    rows = compute_standings(teams, [match(1, 1, 2, 200, 100)], [], rules(4, 3, 2, 3))

    assert rows[1] == StandingRow(
        rank=2,
        team_id=20,
        number=2,
        points=100,
        matches_played=1,
        matches_won=0,
        matches_drawn=0,
        matches_lost=1,
        points_against=200,
        points_difference=-100,
        byes=0,
        bye_points=0,
        head_to_head=0,
        lot=0,
        is_withdrawn=False,
        match_points=2,
    )


def test_a_bye_counted_as_a_win_gives_the_bye_value_only():
    # Team 3's bye counts as a match won (bye_counts_as_win) but gives Y = 1, not W + Y.
    teams = [team(1), team(2), team(3)]
    byes = [ByeEntry(1, 30)]

    rows = compute_standings(
        teams,
        [match(1, 1, 2, 200, 100)],
        byes,
        rules(4, 2, 0, 1, bye_credit=ByeCreditRule.ZERO, bye_counts_as_win=True),
    )

    assert [(row.number, row.matches_won, row.match_points) for row in rows] == [
        (1, 1, 4),
        (3, 1, 1),
        (2, 0, 0),
    ]


def test_without_match_points_every_team_has_none():
    rows = compute_standings([team(1), team(2)], [match(1, 1, 2, 90, 72)], [], StandingsRules())

    assert [row.match_points for row in rows] == [0, 0]
