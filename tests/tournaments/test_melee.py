"""The mêlée draw (tournaments/melee.py, RULES.md §H): who sits out, random partie 1, later
parties by standing with no avoidable repeated partner, and draft swaps. No database."""

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import matching as matching_module
from tournaments import melee as melee_module
from tournaments.melee import (
    MeleeDraw,
    MeleeDrawError,
    MeleeDrawErrorCode,
    MeleeTable,
    choose_sit_outs,
    draw_partie_by_standings,
    draw_random_partie,
    sit_out_count,
    swap_players,
)


def pairings(items: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split ``items`` (an even number) into unordered pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for index, other in enumerate(rest):
        for tail in pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *tail]


def repeated_oppositions(
    tables: list[tuple[tuple[int, int], tuple[int, int]]], opposed: set[frozenset[int]]
) -> int:
    return sum(
        frozenset((first, second)) in opposed
        for pair_a, pair_b in tables
        for first in pair_a
        for second in pair_b
    )


def table_groupings(
    pairs: list[tuple[int, int]],
) -> Iterator[list[tuple[tuple[int, int], tuple[int, int]]]]:
    for grouping in pairings(list(range(len(pairs)))):
        yield [(pairs[first], pairs[second]) for first, second in grouping]


def test_sit_out_count_is_the_remainder_by_four():
    assert [sit_out_count(n) for n in range(4, 13)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_the_lowest_ranked_who_sat_out_least_sit_out():
    ranked = [11, 12, 13, 14, 15, 16]
    assert choose_sit_outs(ranked, {}) == (15, 16)
    assert choose_sit_outs(ranked, {16: 1}) == (14, 15)
    # Only 13 has not sat out yet: it sits out, then the lowest-ranked of the others.
    assert choose_sit_outs(ranked, {11: 1, 12: 1, 14: 1, 15: 1, 16: 1}) == (13, 16)
    assert choose_sit_outs(ranked[:4], {}) == ()


def test_partie_1_is_read_four_by_four_from_the_seeded_random_order():
    players = range(1, 11)
    draw = draw_random_partie(players, random.Random(42))
    order = sorted(players)
    random.Random(42).shuffle(order)
    assert draw == MeleeDraw(
        tables=(
            MeleeTable(1, (order[0], order[1]), (order[2], order[3])),
            MeleeTable(2, (order[4], order[5]), (order[6], order[7])),
        ),
        sit_outs=(order[8], order[9]),
    )
    assert draw_random_partie(reversed(players), random.Random(42)) == draw


def test_with_no_history_the_standings_fill_the_tables_four_by_four():
    draw = draw_partie_by_standings(
        [8, 7, 6, 5, 4, 3, 2, 1, 9], partnered=(), opposed=(), sit_out_counts={}
    )
    assert draw == MeleeDraw(
        tables=(MeleeTable(1, (8, 7), (6, 5)), MeleeTable(2, (4, 3), (2, 1))), sit_outs=(9,)
    )


def test_former_partners_are_split_then_former_opponents_kept_apart():
    # 1 partnered 2 and 3 partnered 4, and each of them has met both of the others.
    draw = draw_partie_by_standings(
        [1, 2, 3, 4, 5, 6, 7, 8],
        partnered=[(1, 2), (4, 3)],
        opposed=[(1, 3), (1, 4), (2, 3), (2, 4)],
        sit_out_counts={},
    )
    # 1–2 and 3–4 may not partner again, and 1 or 2 may not face 3 or 4 without repeating
    # an opposition: so 1 and 2 face each other, as do 3 and 4, each with new partners.
    # Tables {1, 2, 5, 6} and {3, 4, 7, 8} are the closest in the standings (squared rank
    # differences 68 + 68, where {1, 3, 5, 6} and {2, 4, 7, 8} give 59 + 91), and 1–5
    # against 2–6 has closer partners (16 + 16) than 1–6 against 2–5 (25 + 9).
    assert draw.tables == (MeleeTable(1, (1, 5), (2, 6)), MeleeTable(2, (3, 7), (4, 8)))
    assert (draw.repeated_partnerships, draw.repeated_oppositions) == (0, 0)


def test_an_unavoidable_opposition_is_listed_on_its_table():
    draw = draw_partie_by_standings(
        [1, 2, 3, 4], partnered=[(1, 2)], opposed=[(1, 2), (1, 4), (2, 3)], sit_out_counts={}
    )
    # 1–3 against 2–4 would repeat three oppositions (1–2, 1–4, 3–2); 1–4 against 2–3 one.
    assert draw.tables == (MeleeTable(1, (1, 4), (2, 3), repeated_opponents=((1, 2),)),)


def test_a_repeated_partnership_is_kept_only_when_no_draw_avoids_it():
    # Four players, who have partnered each other every possible way but one: 1–4.
    draw = draw_partie_by_standings(
        [1, 2, 3, 4],
        partnered=[(1, 2), (1, 3), (2, 4), (3, 4), (3, 2)],
        opposed=(),
        sit_out_counts={},
    )
    assert draw.tables == (MeleeTable(1, (1, 4), (2, 3), repeated_partners=((2, 3),)),)
    # The other partition repeats two partnerships: 1–2 with 3–4, or 1–3 with 2–4.
    assert draw.repeated_partnerships == 1


def test_a_swap_moves_two_players_and_lists_the_repeats_again():
    draw = draw_partie_by_standings(
        [1, 2, 3, 4, 5, 6, 7, 8, 9], partnered=(), opposed=(), sit_out_counts={}
    )
    swapped = swap_players(draw, 2, 9, partnered=[(1, 9)], opposed=[(9, 4)])
    assert swapped == MeleeDraw(
        tables=(
            MeleeTable(
                1, (1, 9), (3, 4), repeated_partners=((1, 9),), repeated_opponents=((9, 4),)
            ),
            MeleeTable(2, (5, 6), (7, 8)),
        ),
        sit_outs=(2,),
    )


@pytest.mark.parametrize(
    ("first", "second", "code", "players"),
    [
        (3, 3, MeleeDrawErrorCode.SAME_PLAYER, (3,)),
        (3, 40, MeleeDrawErrorCode.UNKNOWN_PLAYER, (40,)),
    ],
)
def test_a_swap_of_a_player_with_themself_or_a_stranger_is_refused(first, second, code, players):
    draw = draw_random_partie(range(1, 9), random.Random(1))
    with pytest.raises(MeleeDrawError) as refusal:
        swap_players(draw, first, second, partnered=(), opposed=())
    assert (refusal.value.code, refusal.value.player_ids) == (code, players)


@pytest.mark.parametrize(
    ("players", "code", "ids"),
    [
        ([1, 2, 2, 3, 4], MeleeDrawErrorCode.SAME_PLAYER, (2,)),
        ([1, 2, 3], MeleeDrawErrorCode.TOO_FEW_PLAYERS, (1, 2, 3)),
    ],
)
def test_a_field_with_a_player_twice_or_fewer_than_four_is_refused(players, code, ids):
    for draw in (
        lambda: draw_random_partie(players, random.Random(0)),
        lambda: draw_partie_by_standings(players, partnered=(), opposed=(), sit_out_counts={}),
    ):
        with pytest.raises(MeleeDrawError) as refusal:
            draw()
        assert (refusal.value.code, refusal.value.player_ids) == (code, ids)


@st.composite
def played_fields(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]], set[frozenset[int]]]:
    size = draw(st.integers(min_value=4, max_value=11))
    players = list(range(1, size + 1))
    ranked = draw(st.permutations(players))
    couples = [frozenset(couple) for couple in _all_couples(players)]
    partnered = draw(st.sets(st.sampled_from(couples)))
    opposed = draw(st.sets(st.sampled_from(couples)))
    return list(ranked), partnered, opposed


def _all_couples(players: list[int]) -> list[tuple[int, int]]:
    return [(a, b) for index, a in enumerate(players) for b in players[index + 1 :]]


@settings(max_examples=150, deadline=None)
@given(played_fields())
def test_no_avoidable_repeated_partner_against_brute_force(field):
    ranked, partnered, opposed = field
    draw = draw_partie_by_standings(ranked, partnered=partnered, opposed=opposed, sit_out_counts={})
    seated = sorted(player for table in draw.tables for player in table.players)
    assert sorted(seated + list(draw.sit_outs)) == sorted(ranked)
    assert len(draw.sit_outs) == len(ranked) % 4
    # One or two tables: the draw is the best of every draw, by repeated partnerships,
    # then repeated oppositions, then closeness of the tables and of the partners.
    rank = {player: index for index, player in enumerate(ranked)}

    def measures(tables):
        return (
            sum(frozenset(pair) in partnered for table in tables for pair in table),
            repeated_oppositions(tables, opposed),
            sum(
                (rank[a] - rank[b]) ** 2
                for pair_a, pair_b in tables
                for a, b in combinations((*pair_a, *pair_b), 2)
            ),
            sum((rank[a] - rank[b]) ** 2 for table in tables for a, b in table),
        )

    best = min(measures(tables) for pairs in pairings(seated) for tables in table_groupings(pairs))
    assert measures([(table.pair_a, table.pair_b) for table in draw.tables]) == best
    assert draw.repeated_partnerships == best[0]
    assert draw.repeated_oppositions == best[1]
    numbers = [table.table_number for table in draw.tables]
    assert numbers == list(range(1, len(draw.tables) + 1))
    firsts = [min(ranked.index(player) for player in table.players) for table in draw.tables]
    assert firsts == sorted(firsts)
    assert all(
        ranked.index(table.pair_a[0]) == b for table, b in zip(draw.tables, firsts, strict=True)
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=12, max_value=40), st.randoms(use_true_random=False))
def test_no_avoidable_repeated_partner_in_larger_fields(size, rng):
    """Against networkx: the fewest repeats is the number of pairs a maximum matching of
    the players who have never partnered cannot cover."""
    players = list(range(1, size + 1))
    couples = _all_couples(players)
    partnered = {frozenset(couple) for couple in couples if rng.random() < 0.3}
    ranked = players[:]
    rng.shuffle(ranked)
    draw = draw_partie_by_standings(ranked, partnered=partnered, opposed=(), sit_out_counts={})
    seated = {player for table in draw.tables for player in table.players}
    fresh = nx.Graph()
    fresh.add_nodes_from(seated)
    fresh.add_edges_from(
        couple for couple in couples if set(couple) <= seated and frozenset(couple) not in partnered
    )
    most_fresh_pairs = len(nx.max_weight_matching(fresh, maxcardinality=True))
    assert draw.repeated_partnerships == len(seated) // 2 - most_fresh_pairs


# The sparse matchings against the exact ones on the complete graph


def matching_measures(pairs, size, repeats):
    """The three terms of a matching's cost (melee.py's module docstring), in order."""
    assert sorted(rank for pair in pairs for rank in pair) == list(range(size))
    return (
        sum(repeats(better, worse) for better, worse in pairs),
        sum((worse - better) ** 2 for better, worse in pairs),
        sum((worse - better) * (size - better) for better, worse in pairs),
    )


@settings(max_examples=150, deadline=None)
@given(
    half=st.integers(min_value=1, max_value=30),
    density=st.integers(min_value=0, max_value=100),
    most=st.integers(min_value=1, max_value=4),
    rng=st.randoms(use_true_random=False),
)
def test_the_sparse_matching_costs_what_the_exact_one_costs(half, density, most, rng):
    size = 2 * half
    # Ranks close together have repeated more often, as in a mêlée drawn by standing;
    # up to ``most`` repeats a couple, as pairs at a table (step 2) have up to 4.
    counts = {
        (better, worse): rng.randint(1, most)
        for better in range(size)
        for worse in range(better + 1, size)
        if rng.randrange(100) < density / (1 + (worse - better) / 4)
    }

    def repeats(better, worse):
        return counts.get((better, worse), 0)

    sparse = melee_module._match_sparse(size, repeats)
    exact = melee_module._match(size, repeats)

    assert (sparse == sorted(sparse), matching_measures(sparse, size, repeats)) == (
        True,
        matching_measures(exact, size, repeats),
    )


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(min_value=8, max_value=60),
    parties=st.integers(min_value=2, max_value=8),
    rng=st.randoms(use_true_random=False),
)
def test_every_draw_of_a_melee_repeats_no_more_than_the_exact_matchings(players, parties, rng):
    player_ids = list(range(1, players + 1))
    points = dict.fromkeys(player_ids, 0)
    sit_outs = dict.fromkeys(player_ids, 0)
    partnered, opposed = set(), set()
    draw = draw_random_partie(player_ids, rng)
    observed, expected = [], []

    for _ in range(parties - 1):
        for table in draw.tables:
            partnered.update((frozenset(table.pair_a), frozenset(table.pair_b)))
            opposed.update(frozenset((a, b)) for a in table.pair_a for b in table.pair_b)
            for pair in (table.pair_a, table.pair_b):
                total = rng.randrange(0, 40)
                for player in pair:
                    points[player] += total
        for player in draw.sit_outs:
            sit_outs[player] += 1
        ranked = sorted(player_ids, key=lambda player: (-points[player], player))
        draws = [
            draw_partie_by_standings(
                ranked,
                partnered=partnered,
                opposed=opposed,
                sit_out_counts=sit_outs,
                exact=exact,
            )
            for exact in (True, False)
        ]
        expected.append((draws[0].sit_outs, draws[0].repeated_partnerships))
        observed.append((draws[1].sit_outs, draws[1].repeated_partnerships))
        draw = draws[1]

    assert observed == expected


def test_a_sparse_graph_without_the_best_matching_is_widened_until_it_holds_one(monkeypatch):
    # With no nearest fresh ranks, the sparse graph is 0-1, 1-2, ..., 8-9, every edge a
    # repeat: five repeats, where 0-2, 1-4, 3-5, 6-8, 7-9 has none.
    monkeypatch.setattr(melee_module, "NEAREST_FRESH", 0)
    searches = []
    solve = matching_module.solve
    monkeypatch.setattr(matching_module, "solve", lambda *args: searches.append(1) or solve(*args))

    def repeats(better, worse):
        return int(worse - better == 1)

    pairs = melee_module._match_sparse(10, repeats)

    assert (len(searches) > 1, matching_measures(pairs, 10, repeats)) == (
        True,
        matching_measures(melee_module._match(10, repeats), 10, repeats),
    )


def test_the_complete_graph_decides_when_the_proof_cannot_be_checked(monkeypatch):
    def broken(*args):
        raise ValueError("broken duals")

    monkeypatch.setattr(matching_module, "violations", broken)
    exact = melee_module._match
    calls = []
    monkeypatch.setattr(melee_module, "_match", lambda *args: calls.append(1) or exact(*args))

    def repeats(better, worse):
        return int(worse - better == 1)

    assert (melee_module._match_sparse(10, repeats), calls) == (exact(10, repeats), [1])
