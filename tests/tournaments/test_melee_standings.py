"""Individual standings of a mêlée (tournaments/melee_standings.py, RULES.md §H), checked
against the sample mêlée of ../shared/data/melee-18 and by hand. No database."""

import csv
import os
from pathlib import Path

from tournaments.melee_standings import MeleeMatchEntry, individual_standings
from tournaments.standings import ByeCreditRule, ByeEntry, StandingsRules, TeamEntry

SHARED = Path(
    os.environ.get("BELOTE_SHARED_DIR", Path(__file__).resolve().parents[2].parent / "shared")
)
SAMPLE = SHARED / "data" / "melee-18"


def read(name):
    with (SAMPLE / name).open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_the_sample_melee_ranks_exactly_as_expected():
    numbers = [int(row["number"]) for row in read("players.csv")]
    matches = [
        MeleeMatchEntry(
            round_number=int(row["round"]),
            pair_a=(int(row["a_1"]), int(row["a_2"])),
            pair_b=(int(row["b_1"]), int(row["b_2"])),
            total_a=int(row["total_a"]),
            total_b=int(row["total_b"]),
        )
        for row in read("matches.csv")
    ]
    seated = {}
    for match in matches:
        seated.setdefault(match.round_number, set()).update((*match.pair_a, *match.pair_b))
    sit_outs = [
        ByeEntry(round_number, player)
        for round_number, players in sorted(seated.items())
        for player in numbers
        if player not in players
    ]
    rows = individual_standings(
        [TeamEntry(team_id=number, number=number) for number in numbers], matches, sit_outs
    )
    got = [
        [
            row.rank,
            row.number,
            row.points,
            row.matches_won,
            row.matches_drawn,
            row.points_against,
            row.points_difference,
            row.byes,
        ]
        for row in rows
    ]
    expected = [[int(value) for value in row.values()] for row in read("expected_standings.csv")]
    assert got == expected


def test_each_player_is_credited_their_pair_result_and_sit_outs_the_round_mean():
    players = [TeamEntry(team_id=number, number=number) for number in range(1, 6)]
    matches = [MeleeMatchEntry(1, (1, 2), (3, 4), 100, 62)]
    rows = individual_standings(
        players, matches, [ByeEntry(1, 5)], StandingsRules(bye_credit=ByeCreditRule.ROUND_MEAN)
    )
    summary = [
        (row.rank, row.number, row.points, row.matches_won, row.points_against, row.byes)
        for row in rows
    ]
    # The sit-out gets the mean of the four players' totals: (100 + 100 + 62 + 62) / 4 = 81.
    assert summary == [
        (1, 1, 100, 1, 62, 0),
        (2, 2, 100, 1, 62, 0),
        (3, 5, 81, 0, 0, 1),
        (4, 3, 62, 0, 100, 0),
        (5, 4, 62, 0, 100, 0),
    ]


def test_head_to_head_does_not_break_a_tie_between_players():
    # 1 beat 3 in partie 1 and lost to 3 in partie 2: §H leaves head-to-head out.
    players = [
        TeamEntry(team_id=1, number=1, lot=1),
        TeamEntry(team_id=2, number=2, lot=5),
        TeamEntry(team_id=3, number=3, lot=9),
        TeamEntry(team_id=4, number=4, lot=2),
    ]
    matches = [
        MeleeMatchEntry(1, (1, 2), (3, 4), 90, 72),
        MeleeMatchEntry(2, (3, 2), (1, 4), 90, 72),
    ]
    rows = individual_standings(players, matches, [])
    # Player 2 won both (180, 2 wins); 1 and 3 each won one with 162, difference 0: their
    # lot (9 for 3, 1 for 1) decides, not who beat whom; 4 lost both (144).
    assert [(row.number, row.points, row.matches_won, row.head_to_head) for row in rows] == [
        (2, 180, 2, 0),
        (3, 162, 1, 0),
        (1, 162, 1, 0),
        (4, 144, 0, 0),
    ]
