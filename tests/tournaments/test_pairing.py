"""The draw (tournaments/pairing.py, RULES.md §E): random round 1, then by standings
with no avoidable rematch, byes, table numbers, reasons and draft swaps. No database."""

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import matching as matching_module
from tournaments import pairing as pairing_module
from tournaments.pairing import (
    Draw,
    DrawError,
    DrawErrorCode,
    Pairing,
    PairingReason,
    choose_bye,
    draw_by_standings,
    draw_random_round,
    swap_teams,
)

AVOIDS = PairingReason.AVOIDS_REMATCH
MAKES_ROOM = PairingReason.MAKES_ROOM
REMATCH = PairingReason.REMATCH
SWAPPED = PairingReason.SWAPPED

# Ten teams after four rounds, ranked 1 to 10; each round paired every team once.
LATE_CONCOURS_PLAYED = (
    *((1, 9), (2, 5), (3, 4), (6, 10), (7, 8)),
    *((1, 5), (2, 3), (4, 6), (7, 10), (8, 9)),
    *((1, 2), (3, 6), (4, 5), (7, 9), (8, 10)),
    *((1, 3), (2, 7), (4, 8), (5, 6), (9, 10)),
)


def perfect_matchings(items: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Yield every way to split ``items`` (even length) into pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for index, partner in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *matching]


def draw_key(
    pairs: Sequence[tuple[int, int]], ranked: Sequence[int], met: set[frozenset[int]]
) -> tuple[int, int, int]:
    """The module docstring's criteria, in order: rematches, squared gaps, top first."""
    position = {team: index for index, team in enumerate(ranked)}
    rematches = squared_gaps = top_first = 0
    for first, second in pairs:
        better, worse = sorted((position[first], position[second]))
        rematches += frozenset((first, second)) in met
        squared_gaps += (worse - better) ** 2
        top_first += (worse - better) * (len(ranked) - better)
    return rematches, squared_gaps, top_first


# Round 1 at random


def test_round_one_is_drawn_from_the_random_order_read_two_by_two():
    rng = random.Random(2026)

    draw = draw_random_round([1, 2, 3, 4, 5, 6, 7, 8], rng)

    assert draw == Draw(
        pairings=(Pairing(1, 7, 8), Pairing(2, 4, 1), Pairing(3, 6, 5), Pairing(4, 3, 2)),
        bye=None,
    )


def test_round_one_is_the_same_for_the_same_seed_whatever_the_order_of_the_ids():
    first = draw_random_round([1, 2, 3, 4, 5, 6, 7, 8], random.Random(99))

    second = draw_random_round([8, 7, 6, 5, 4, 3, 2, 1], random.Random(99))

    assert second == first


def test_round_one_differs_between_seeds():
    seeds = [1, 2, 3, 4]

    draws = {draw_random_round(range(1, 9), random.Random(seed)) for seed in seeds}

    assert len(draws) == 4


def test_round_one_gives_the_bye_to_the_last_team_of_the_random_order():
    order = [1, 2, 3, 4, 5]
    random.Random(7).shuffle(order)

    draw = draw_random_round([1, 2, 3, 4, 5], random.Random(7))

    assert (order, draw) == (
        [5, 1, 4, 2, 3],
        Draw(pairings=(Pairing(1, 5, 1), Pairing(2, 4, 2)), bye=3),
    )


@pytest.mark.parametrize(
    ("team_ids", "expected"),
    [
        ([], Draw(pairings=(), bye=None)),
        ([4], Draw(pairings=(), bye=4)),
        ([4, 9], Draw(pairings=(Pairing(1, 4, 9),), bye=None)),
    ],
    ids=["no team", "one team", "two teams"],
)
def test_round_one_handles_zero_one_and_two_teams(team_ids, expected):
    rng = random.Random(5)

    draw = draw_random_round(team_ids, rng)

    assert draw == expected


# Later rounds by standings


def test_ten_teams_with_no_history_play_first_v_second_third_v_fourth():
    ranked = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]

    draw = draw_by_standings(ranked, played=[], bye_counts={})

    assert draw == Draw(
        pairings=(
            Pairing(1, 10, 9),
            Pairing(2, 8, 7),
            Pairing(3, 6, 5),
            Pairing(4, 4, 3),
            Pairing(5, 2, 1),
        ),
        bye=None,
    )


def test_four_teams_meet_each_other_once_over_three_rounds():
    ranked = [1, 2, 3, 4]

    round_1 = draw_by_standings(ranked, played=[], bye_counts={})
    round_2 = draw_by_standings(ranked, played=[(1, 2), (3, 4)], bye_counts={})
    round_3 = draw_by_standings(ranked, played=[(1, 2), (3, 4), (1, 3), (2, 4)], bye_counts={})

    assert (round_1, round_2, round_3) == (
        Draw(pairings=(Pairing(1, 1, 2), Pairing(2, 3, 4)), bye=None),
        Draw(
            pairings=(
                Pairing(1, 1, 3, reason=AVOIDS, skipped=(2,), avoided=(2,)),
                Pairing(2, 2, 4),
            ),
            bye=None,
        ),
        Draw(
            pairings=(
                Pairing(1, 1, 4, reason=AVOIDS, skipped=(2, 3), avoided=(2, 3)),
                Pairing(2, 2, 3),
            ),
            bye=None,
        ),
    )


def test_a_late_concours_where_plain_pairing_gives_five_rematches_gets_none():
    ranked = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    met = {frozenset(pair) for pair in LATE_CONCOURS_PLAYED}
    plain_rematches = [
        pair for pair in [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)] if set(pair) in met
    ]

    draw = draw_by_standings(ranked, played=LATE_CONCOURS_PLAYED, bye_counts={})

    assert (len(plain_rematches), draw) == (
        5,
        Draw(
            pairings=(
                Pairing(1, 1, 4, reason=AVOIDS, skipped=(2, 3), avoided=(2, 3)),
                Pairing(2, 2, 8, reason=AVOIDS, skipped=(3, 5, 6, 7), avoided=(3, 5, 7)),
                Pairing(3, 3, 7, reason=MAKES_ROOM, skipped=(5, 6), avoided=(6,)),
                Pairing(4, 5, 10, reason=AVOIDS, skipped=(6, 9), avoided=(6,)),
                Pairing(5, 6, 9),
            ),
            bye=None,
        ),
    )


def test_a_team_passes_over_an_opponent_it_has_not_met_to_make_room_below():
    ranked = [1, 2, 3, 4]

    draw = draw_by_standings(ranked, played=[(3, 4), (2, 4)], bye_counts={})

    assert draw == Draw(
        pairings=(Pairing(1, 1, 4, reason=MAKES_ROOM, skipped=(2, 3)), Pairing(2, 2, 3)),
        bye=None,
    )


def test_tables_follow_the_standings_and_team_a_is_the_better_ranked():
    ranked = [6, 5, 4, 3, 2, 1]

    draw = draw_by_standings(ranked, played=[(6, 5), (4, 3)], bye_counts={})

    assert draw == Draw(
        pairings=(
            Pairing(1, 6, 4, reason=AVOIDS, skipped=(5,), avoided=(5,)),
            Pairing(2, 5, 3),
            Pairing(3, 2, 1),
        ),
        bye=None,
    )


def test_forced_rematches_are_as_few_as_possible_and_each_is_named():
    ranked = [1, 2, 3, 4]
    played = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]

    draw = draw_by_standings(ranked, played=played, bye_counts={})

    assert (draw, draw.rematches) == (
        Draw(
            pairings=(
                Pairing(1, 1, 2, is_rematch=True, reason=REMATCH),
                Pairing(2, 3, 4, is_rematch=True, reason=REMATCH),
            ),
            bye=None,
        ),
        (
            Pairing(1, 1, 2, is_rematch=True, reason=REMATCH),
            Pairing(2, 3, 4, is_rematch=True, reason=REMATCH),
        ),
    )


def test_a_single_rematch_is_forced_where_a_team_has_met_everybody():
    ranked = [1, 2, 3, 4, 5, 6]
    # 3 has met every other team, so one rematch is forced; 1 v 3 costs the smallest gaps.
    played = [(1, 2), (3, 1), (3, 2), (3, 4), (3, 5), (3, 6)]

    draw = draw_by_standings(ranked, played=played, bye_counts={})

    assert draw == Draw(
        pairings=(
            Pairing(1, 1, 3, is_rematch=True, reason=REMATCH, skipped=(2,), avoided=(2,)),
            Pairing(2, 2, 4),
            Pairing(3, 5, 6),
        ),
        bye=None,
    )


def test_meetings_with_teams_not_drawn_are_ignored():
    ranked = [1, 2, 3, 4]

    draw = draw_by_standings(ranked, played=[(1, 9), (2, 9), (9, 9)], bye_counts={9: 3})

    assert draw == Draw(pairings=(Pairing(1, 1, 2), Pairing(2, 3, 4)), bye=None)


@pytest.mark.parametrize(
    ("ranked", "played", "expected"),
    [
        ([], [], Draw(pairings=(), bye=None)),
        ([4], [], Draw(pairings=(), bye=4)),
        ([4, 9], [], Draw(pairings=(Pairing(1, 4, 9),), bye=None)),
        (
            [4, 9],
            [(9, 4)],
            Draw(pairings=(Pairing(1, 4, 9, is_rematch=True, reason=REMATCH),), bye=None),
        ),
    ],
    ids=["no team", "one team", "two teams", "two teams who have met"],
)
def test_a_draw_by_standings_handles_zero_one_and_two_teams(ranked, played, expected):
    bye_counts = {}

    draw = draw_by_standings(ranked, played=played, bye_counts=bye_counts)

    assert draw == expected


def test_a_team_given_twice_is_refused():
    ranked = [1, 2, 3, 2]

    with pytest.raises(DrawError) as raised:
        draw_by_standings(ranked, played=[], bye_counts={})

    assert (raised.value.code, raised.value.team_ids, str(raised.value)) == (
        DrawErrorCode.SAME_TEAM,
        (2,),
        "same_team: 2",
    )


# Byes


@pytest.mark.parametrize(
    ("bye_counts", "expected"),
    [
        ({}, 5),
        ({5: 1}, 4),
        ({5: 1, 4: 1, 2: 1}, 3),
        ({1: 1, 2: 1, 3: 1, 4: 1, 5: 1}, 5),
        ({1: 1, 2: 1, 3: 2, 4: 1, 5: 2}, 4),
    ],
    ids=["none yet", "last had one", "skips the exempt", "all had one", "fewest byes"],
)
def test_the_bye_goes_to_the_lowest_ranked_team_with_the_fewest_byes(bye_counts, expected):
    ranked = [1, 2, 3, 4, 5]

    bye = choose_bye(ranked, bye_counts)

    assert bye == expected


def test_an_even_number_of_teams_has_no_bye():
    ranked = [1, 2, 3, 4]

    bye = choose_bye(ranked, {})

    assert bye is None


def test_odd_teams_get_distinct_byes_until_each_had_one():
    ranked = [1, 2, 3, 4, 5]
    byes = [draw_random_round(ranked, random.Random(7)).bye]
    bye_counts = Counter(byes)

    for _ in range(5):
        draw = draw_by_standings(ranked, played=[], bye_counts=bye_counts)
        byes.append(draw.bye)
        bye_counts[draw.bye] += 1

    assert byes == [3, 5, 4, 2, 1, 5]


def test_the_bye_is_set_aside_before_the_others_are_paired():
    ranked = [1, 2, 3, 4, 5]

    draw = draw_by_standings(ranked, played=[(1, 2)], bye_counts={5: 1, 4: 1})

    assert draw == Draw(
        pairings=(Pairing(1, 1, 4, reason=AVOIDS, skipped=(2,), avoided=(2,)), Pairing(2, 2, 5)),
        bye=3,
    )


# Draft swaps

DRAFT = Draw(
    pairings=(Pairing(1, 1, 2), Pairing(2, 3, 4, reason=AVOIDS, skipped=(5,), avoided=(5,))),
    bye=5,
)


def test_swapping_two_teams_exchanges_their_places_and_flags_a_rematch():
    played = [(1, 4)]

    draw = swap_teams(DRAFT, 2, 4, played=played)

    assert draw == Draw(
        pairings=(
            Pairing(1, 1, 4, is_rematch=True, reason=SWAPPED),
            Pairing(2, 3, 2, reason=SWAPPED),
        ),
        bye=5,
    )


def test_swapping_a_team_with_the_bye_makes_it_the_bye():
    played = [(1, 2)]

    draw = swap_teams(DRAFT, 5, 3, played=played)

    assert draw == Draw(
        pairings=(Pairing(1, 1, 2), Pairing(2, 5, 4, reason=SWAPPED)),
        bye=3,
    )


@pytest.mark.parametrize(
    ("first", "second", "code", "team_ids", "message"),
    [
        (2, 2, DrawErrorCode.SAME_TEAM, (2,), "same_team: 2"),
        (9, 2, DrawErrorCode.UNKNOWN_TEAM, (9,), "unknown_team: 9"),
        (9, 8, DrawErrorCode.UNKNOWN_TEAM, (9, 8), "unknown_team: 9, 8"),
        (4, 3, DrawErrorCode.SAME_PAIRING, (4, 3), "same_pairing: 4, 3"),
    ],
    ids=["same team", "unknown team", "two unknown teams", "same pairing"],
)
def test_an_invalid_swap_is_refused_with_its_code(first, second, code, team_ids, message):
    draw = DRAFT

    with pytest.raises(DrawError) as raised:
        swap_teams(draw, first, second, played=[])

    assert (raised.value.code, raised.value.team_ids, str(raised.value)) == (
        code,
        team_ids,
        message,
    )


def test_a_swap_with_the_bye_is_refused_when_the_draw_has_none():
    draw = Draw(pairings=(Pairing(1, 1, 2), Pairing(2, 3, 4)), bye=None)

    with pytest.raises(DrawError) as raised:
        swap_teams(draw, 1, 5, played=[])

    assert (raised.value.code, raised.value.team_ids) == (DrawErrorCode.UNKNOWN_TEAM, (5,))


# Against brute force


@settings(max_examples=100, deadline=None)
@given(
    team_count=st.integers(min_value=2, max_value=10),
    round_count=st.integers(min_value=2, max_value=11),
    rng=st.randoms(use_true_random=False),
)
def test_every_draw_is_the_best_of_all_possible_pairings(team_count, round_count, rng):
    team_ids = list(range(1, team_count + 1))
    points: Counter[int] = Counter()
    bye_counts: Counter[int] = Counter()
    met: set[frozenset[int]] = set()
    draw = draw_random_round(team_ids, rng)
    observed, expected = [], []

    for _ in range(round_count - 1):
        for pairing in draw.pairings:
            met.add(frozenset((pairing.team_a, pairing.team_b)))
            points[pairing.team_a] += rng.randrange(0, 5)
            points[pairing.team_b] += rng.randrange(0, 5)
        if draw.bye is not None:
            bye_counts[draw.bye] += 1
        ranked = sorted(team_ids, key=lambda team: (-points[team], team))
        draw = draw_by_standings(ranked, played=met, bye_counts=bye_counts)
        fewest = min(bye_counts[team] for team in ranked)
        with_fewest = [team for team in ranked if bye_counts[team] == fewest]
        paired = [team for team in ranked if team != draw.bye]
        position = {team: index for index, team in enumerate(paired)}
        pairs = [(pairing.team_a, pairing.team_b) for pairing in draw.pairings]
        seats = [(position[team_a], position[team_b]) for team_a, team_b in pairs]
        observed.append(
            (
                draw.bye,
                draw_key(pairs, paired, met),
                seats,
                [pairing.table_number for pairing in draw.pairings],
                [pairing.is_rematch for pairing in draw.pairings],
            )
        )
        expected.append(
            (
                with_fewest[-1] if team_count % 2 else None,
                min(draw_key(matching, paired, met) for matching in perfect_matchings(paired)),
                sorted((min(seat), max(seat)) for seat in seats),
                list(range(1, team_count // 2 + 1)),
                [frozenset(pair) in met for pair in pairs],
            )
        )

    assert observed == expected


# The draw at any size against the exact search on the complete graph


def exact_and_fast(ranked, played, bye_counts):
    """The draw's cost criteria, rematches and teams, by the exact search then the draw."""
    met = {frozenset(pair) for pair in played}
    results = []
    for exact in (True, False):
        draw = draw_by_standings(ranked, played=played, bye_counts=bye_counts, exact=exact)
        paired = [team for team in ranked if team != draw.bye]
        pairs = [(pairing.team_a, pairing.team_b) for pairing in draw.pairings]
        results.append(
            (
                draw.bye,
                draw_key(pairs, paired, met),
                len(draw.rematches),
                sorted(team for pair in pairs for team in pair),
            )
        )
    return results


@settings(max_examples=150, deadline=None)
@given(
    team_count=st.integers(min_value=2, max_value=60),
    density=st.integers(min_value=0, max_value=100),
    rng=st.randoms(use_true_random=False),
)
def test_the_draw_costs_what_the_exact_search_costs_for_any_standings_and_history(
    team_count, density, rng
):
    ranked = rng.sample(range(1, team_count + 1), team_count)
    # Teams close in the standings have met more often, as in a concours drawn by standing.
    played = [
        (first, second)
        for first in range(1, team_count + 1)
        for second in range(first + 1, team_count + 1)
        if rng.randrange(100) < density / (1 + abs(ranked.index(first) - ranked.index(second)) / 4)
    ]
    bye_counts = {team: rng.randrange(3) for team in ranked}

    exact, fast = exact_and_fast(ranked, played, bye_counts)

    assert fast == exact


@settings(max_examples=60, deadline=None)
@given(
    team_count=st.integers(min_value=2, max_value=60),
    round_count=st.integers(min_value=2, max_value=14),
    rng=st.randoms(use_true_random=False),
)
def test_every_draw_of_a_concours_costs_what_the_exact_search_costs(team_count, round_count, rng):
    team_ids = list(range(1, team_count + 1))
    points: Counter[int] = Counter()
    bye_counts: Counter[int] = Counter()
    met: set[frozenset[int]] = set()
    draw = draw_random_round(team_ids, rng)
    observed, expected = [], []

    for _ in range(round_count - 1):
        for pairing in draw.pairings:
            met.add(frozenset((pairing.team_a, pairing.team_b)))
            points[pairing.team_a] += rng.randrange(0, 40)
            points[pairing.team_b] += rng.randrange(0, 40)
        if draw.bye is not None:
            bye_counts[draw.bye] += 1
        ranked = sorted(team_ids, key=lambda team: (-points[team], team))
        exact, fast = exact_and_fast(ranked, met, bye_counts)
        observed.append(fast)
        expected.append(exact)
        draw = draw_by_standings(ranked, played=met, bye_counts=bye_counts)

    assert observed == expected


def test_a_sparse_graph_without_the_best_draw_is_widened_until_it_holds_one(monkeypatch):
    # With no nearest rivals, the sparse graph is 1-2, 2-3, ..., 9-10: five rematches.
    monkeypatch.setattr(pairing_module, "NEAREST_RIVALS", 0)
    searches = []
    solve = matching_module.solve
    monkeypatch.setattr(matching_module, "solve", lambda *args: searches.append(1) or solve(*args))
    ranked = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

    draw = draw_by_standings(ranked, played=LATE_CONCOURS_PLAYED, bye_counts={})

    assert (len(searches) > 1, draw) == (
        True,
        draw_by_standings(ranked, played=LATE_CONCOURS_PLAYED, bye_counts={}, exact=True),
    )


def test_the_complete_graph_decides_when_the_proof_cannot_be_checked(monkeypatch):
    def broken(*args):
        raise ValueError("broken duals")

    monkeypatch.setattr(matching_module, "violations", broken)
    ranked = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

    draw = draw_by_standings(ranked, played=LATE_CONCOURS_PLAYED, bye_counts={})

    assert draw == draw_by_standings(ranked, played=LATE_CONCOURS_PLAYED, bye_counts={}, exact=True)
