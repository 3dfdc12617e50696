"""Minimum-cost perfect matching with its proof (tournaments/matching/): the matching,
its dual solution, and the check of that proof against edges the search did not see."""

import re

import pytest

from tournaments.matching import NoPerfectMatching, Solution, solve, violations

# Four vertices on a path whose middle edge is cheap: on the path alone, 0-1 and 2-3 is
# the only perfect matching (cost 20); with the chords, 0-2 and 1-3 costs 8.
PATH = {(0, 1): 10, (1, 2): 1, (2, 3): 10}
CHORDS = {(0, 2): 4, (1, 3): 4, (0, 3): 9}


def complete_cost(u, v):
    return {**PATH, **CHORDS}[(u, v)]


def dual_bound(solution):
    """The cost no perfect matching can go below, by the duals (module docstring)."""
    blossoms = sum(weight * (len(vertices) - 1) // 2 for vertices, weight in solution.blossoms)
    return (sum(solution.potentials) - blossoms) // 2


def test_a_matching_comes_with_duals_that_prove_its_cost():
    costs = {(0, 1): 1, (1, 2): 1, (2, 3): 1, (0, 3): 10, (0, 2): 5}

    solution = solve(4, costs)

    assert (solution, dual_bound(solution)) == (
        Solution(mate=(1, 0, 3, 2), potentials=(2, 0, 2, 0), blossoms=()),
        2,
    )


def test_two_triangles_need_blossoms_in_their_proof():
    # Each triangle is odd, so the edge 2-3 between them is in every perfect matching.
    costs = {(0, 1): 2, (1, 2): 2, (0, 2): 2, (2, 3): 5, (3, 4): 1, (4, 5): 1, (3, 5): 1}

    solution = solve(6, costs)

    assert (solution, dual_bound(solution)) == (
        Solution(
            mate=(1, 0, 3, 2, 5, 4),
            potentials=(6, 6, 6, 4, 4, 4),
            blossoms=((frozenset({0, 1, 2}), 8), (frozenset({3, 4, 5}), 6)),
        ),
        8,
    )


@pytest.mark.parametrize(
    ("size", "costs"),
    [(3, {(0, 1): 1, (1, 2): 1}), (4, {(0, 1): 1, (0, 2): 1, (0, 3): 1})],
    ids=["odd", "star"],
)
def test_a_graph_with_no_perfect_matching_is_refused(size, costs):
    with pytest.raises(NoPerfectMatching):
        solve(size, costs)


def test_the_proof_names_the_unseen_edges_that_would_do_better():
    solution = solve(4, PATH)

    missing = violations(solution, complete_cost, gap_scale=1)

    assert (solution.mate, missing) == ((1, 0, 3, 2), [(0, 2), (0, 3), (1, 3)])


def test_once_widened_with_those_edges_the_matching_is_proved_on_the_complete_graph():
    first = solve(4, PATH)
    widened = {
        **PATH,
        **{edge: complete_cost(*edge) for edge in violations(first, complete_cost, 1)},
    }

    solution = solve(4, widened)

    assert (solution.mate, violations(solution, complete_cost, 1), dual_bound(solution)) == (
        (2, 3, 0, 1),
        [],
        8,
    )


@pytest.mark.parametrize(
    ("solution", "message"),
    [
        (
            Solution(mate=(1, 0, 3, 2, 5, 4), potentials=(2, 0, 2, 1, 2, 0), blossoms=()),
            "matched edge (2, 3) is not tight",
        ),
        (
            Solution(mate=(1, 0, 2, 3, 5, 4), potentials=(2, 0, 0, 0, 2, 0), blossoms=()),
            "vertex 2 is not matched",
        ),
        (
            Solution(
                mate=(1, 0, 3, 2, 5, 4),
                potentials=(2, 0, 2, 0, 2, 0),
                blossoms=((frozenset({0, 1}), 2),),
            ),
            "blossom [0, 1] breaks the duals",
        ),
        (
            Solution(
                mate=(1, 0, 3, 2, 5, 4),
                potentials=(2, 0, 2, 0, 2, 0),
                blossoms=((frozenset({0, 2, 4}), 2),),
            ),
            "blossom [0, 2, 4] breaks the duals",
        ),
    ],
    ids=[
        "matched edge not tight",
        "vertex matched with itself",
        "even blossom",
        "blossom not full",
    ],
)
def test_duals_that_prove_nothing_are_refused(solution, message):
    costs = {(0, 1): 1, (2, 3): 1, (4, 5): 1}

    with pytest.raises(ValueError, match=re.escape(message)):
        violations(solution, lambda u, v: costs.get((u, v), 100 * (v - u) ** 2), gap_scale=1)
