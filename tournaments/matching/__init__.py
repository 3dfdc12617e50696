"""Minimum-cost perfect matching on a sparse graph, with a proof of optimality.

Pure code (STYLE.md §2), used by the draws by standing: of a round (``pairing.py``,
RULES.md §E) and of a partie à la mêlée (``melee.py``, RULES.md §H).

:func:`solve` finds a minimum-cost perfect matching of a graph given by its edges and
their integer costs, and returns with it the dual solution that proves it optimal on
that graph (Edmonds' linear program for perfect matchings). It is the primal-dual
blossom algorithm of networkx's ``max_weight_matching`` (Joris van Rantwijk's, after
Galil 1986; networkx is BSD-licensed), cut down to integer vertices and adjacency lists,
started from a greedy matching and dual solution instead of an empty matching, and
with no final verification: :func:`violations` checks the result independently.
The algorithm itself is in ``blossom.py``.

The dual solution (all values doubled so that they stay integers): a ``potential`` per
vertex and, for each blossom (an odd set of vertices), a ``weight`` of at least zero.
The doubled *reduced cost* of an edge (u, v) is::

    2 * cost(u, v) - potential[u] - potential[v] + sum of the weights of the blossoms
                                                   that hold both u and v

A perfect matching is optimal among **all** perfect matchings of the vertices, over any
set of edges, when (1) every edge of that set has a reduced cost of at least zero,
(2) every matched edge has a reduced cost of zero and (3) every blossom of positive
weight holds (size - 1) / 2 matched edges. Proof, for any other perfect matching N:
cost(N) >= sum over N's edges of (potential[u] + potential[v] - blossom weights) / 2
>= (sum of potentials - sum of weight * (size - 1) / 2) / 2, since N has at most
(size - 1) / 2 edges inside an odd set, and the matching reaches that bound by (2) and
(3). :func:`violations` checks (2) and (3) and lists the edges where (1) fails.

Both draws rank what they match (teams, players, pairs), 0 for the best, and give the
same cost to matching ranks i < j: ``repeat_cost * repeats(i, j) + gap_scale * (j - i) ** 2
+ (j - i) * (size - i)`` (:func:`standing_cost`; the three criteria are explained in
``pairing.py``'s module docstring). :func:`match_by_standing` finds a minimum-cost perfect
matching under it in a sparse graph, proved optimal on the complete graph with
:func:`violations`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.matching.blossom import blossom_stages


@dataclass(frozen=True)
class Solution:
    """A perfect matching and its dual solution (module docstring).

    Attributes:
        mate: ``mate[v]`` is the vertex matched with ``v``.
        potentials: doubled vertex potentials, one per vertex.
        blossoms: (vertices, doubled weight) for each blossom of positive weight.
    """

    mate: tuple[int, ...]
    potentials: tuple[int, ...]
    blossoms: tuple[tuple[frozenset[int], int], ...]


class NoPerfectMatching(ValueError):
    """The graph given to :func:`solve` has no perfect matching."""


def solve(size: int, costs: Mapping[tuple[int, int], int]) -> Solution:
    """Return a minimum-cost perfect matching of vertices ``0 .. size - 1`` and its duals.

    ``costs`` maps each edge ``(u, v)`` (``u < v``) to its integer cost. The matching is
    optimal over these edges; :func:`violations` tells whether it is over others too.

    Raises:
        NoPerfectMatching: when no perfect matching uses only these edges.
    """
    neighbours: list[list[int]] = [[] for _ in range(size)]
    weight: dict[tuple[int, int], int] = {}
    for (u, v), cost in costs.items():
        neighbours[u].append(v)
        neighbours[v].append(u)
        weight[(u, v)] = weight[(v, u)] = -cost
    mate, dualvar = _greedy_start(size, neighbours, weight)
    blossomdual = blossom_stages(size, neighbours, weight, mate, dualvar)
    if len(mate) != size:
        raise NoPerfectMatching(size)
    return Solution(
        mate=tuple(mate[v] for v in range(size)),
        potentials=tuple(-dualvar[v] for v in range(size)),
        blossoms=tuple(
            (frozenset(b.leaves()), 2 * dual) for b, dual in blossomdual.items() if dual > 0
        ),
    )


def violations(
    solution: Solution, cost: Callable[[int, int], int], gap_scale: int
) -> list[tuple[int, int]]:
    """Return the edges ``(u, v)``, ``u < v``, of the complete graph whose reduced cost is
    below zero: none means that ``solution`` is a minimum-cost perfect matching of the
    complete graph (module docstring).

    ``cost(u, v)`` (``u < v``) must be at least ``gap_scale * (v - u) ** 2``: only the
    edges where this bound does not already prove the reduced cost positive are checked.

    Raises:
        ValueError: when the matching is not perfect, a matched edge's reduced cost is not
            zero, or a blossom of positive weight is even or not full: ``solution`` is
            then no optimum of any graph, whatever its edges.
    """
    mate, potentials = solution.mate, solution.potentials
    size = len(mate)
    inside: list[list[int]] = [[] for _ in range(size)]
    for index, (vertices, blossom_weight) in enumerate(solution.blossoms):
        matched_inside = sum(1 for v in vertices if mate[v] in vertices) // 2
        if blossom_weight < 0 or len(vertices) % 2 == 0 or 2 * matched_inside + 1 != len(vertices):
            raise ValueError(f"blossom {sorted(vertices)} breaks the duals")
        for v in vertices:
            inside[v].append(index)

    def reduced(u: int, v: int) -> int:
        value = 2 * cost(u, v) - potentials[u] - potentials[v]
        if value < 0 and inside[u] and inside[v]:
            shared = set(inside[u]).intersection(inside[v])
            value += sum(solution.blossoms[index][1] for index in shared)
        return value

    for u in range(size):
        v = mate[u]
        if not 0 <= v < size or mate[v] != u or v == u:
            raise ValueError(f"vertex {u} is not matched")
        if u < v:
            shared = set(inside[u]).intersection(inside[v])
            together = sum(solution.blossoms[index][1] for index in shared)
            if 2 * cost(u, v) - potentials[u] - potentials[v] + together != 0:
                raise ValueError(f"matched edge ({u}, {v}) is not tight")
    # 2 * cost >= 2 * gap_scale * gap ** 2, and potentials[u] + potentials[v] is at most
    # twice the larger one: an edge needs checking only when its gap is below the
    # radius of one of its ends, the gaps g with gap_scale * g ** 2 < potential.
    found = set()
    for u in range(size):
        if potentials[u] <= 0:
            continue
        radius = math.isqrt(potentials[u] // gap_scale) + 1
        for v in range(max(0, u - radius), min(size, u + radius + 1)):
            low, high = min(u, v), max(u, v)
            if v != u and reduced(low, high) < 0:
                found.add((low, high))
    return sorted(found)


def standing_scales(size: int) -> tuple[int, int]:
    """Return (gap_scale, repeat_cost) for ``size`` ranks: the bounds that make
    :func:`standing_cost` lexicographic: the last term of a perfect matching's cost is
    below ``gap_scale``, and the last two terms below ``repeat_cost``."""
    pair_count = size // 2
    gap_scale = pair_count * (size - 1) * size + 1
    repeat_cost = pair_count * ((size - 1) ** 2 * gap_scale + (size - 1) * size) + 1
    return gap_scale, repeat_cost


def standing_cost(size: int, repeats: Callable[[int, int], int]) -> Callable[[int, int], int]:
    """Return the cost of matching ranks ``better < worse`` of ``0 .. size - 1`` (module
    docstring): fewer repeats first (``repeats(better, worse)`` counts them), then the
    squared standing gap, then the gap weighted towards the top of the standings."""
    gap_scale, repeat_cost = standing_scales(size)

    def cost(better: int, worse: int) -> int:
        gap = worse - better
        return repeats(better, worse) * repeat_cost + gap * gap * gap_scale + gap * (size - better)

    return cost


#: How many times :func:`match_by_standing` widens its graph before it falls back on the
#: complete graph.
WIDENINGS = 8


def match_by_standing(
    size: int,
    repeats: Callable[[int, int], int],
    *,
    nearest: int,
    complete: Callable[[], Sequence[tuple[int, int]]],
) -> list[tuple[int, int]]:
    """Return a minimum-cost perfect matching of ranks ``0 .. size - 1`` (``size`` even)
    under :func:`standing_cost`, as sorted (better, worse) pairs in order of the better rank.

    The matching is searched in a sparse graph: each rank with the ranks right above and
    below it (so that a perfect matching always exists) and its ``nearest`` nearest ranks
    with no repeat, above and below. Its dual solution then proves it optimal on the
    complete graph (:func:`violations`), or names the edges that break the proof: they
    join the graph and the search starts again, until the graph provably holds an optimum.
    After :data:`WIDENINGS` rounds of this, or if the proof cannot even be checked,
    ``complete()`` decides: the caller's exact search on the complete graph, its pairs
    (better, worse) in any order.

    ``repeats(better, worse)`` is asked at most once for each couple of ranks.
    """
    gap_scale, _ = standing_scales(size)
    known: dict[tuple[int, int], int] = {}

    def repeated(better: int, worse: int) -> int:
        if (better, worse) not in known:
            known[(better, worse)] = repeats(better, worse)
        return known[(better, worse)]

    cost = standing_cost(size, repeated)
    edges = {(index, index + 1) for index in range(size - 1)}
    for index in range(size):
        for step in (1, -1):
            found = 0
            other = index + step
            while found < nearest and 0 <= other < size:
                edge = (min(index, other), max(index, other))
                if not repeated(*edge):
                    edges.add(edge)
                    found += 1
                other += step
    for _ in range(WIDENINGS):
        solution = solve(size, {edge: cost(*edge) for edge in edges})
        try:
            missing = violations(solution, cost, gap_scale)
        except ValueError:
            break
        if not missing:
            return sorted((v, w) for v, w in enumerate(solution.mate) if v < w)
        edges.update(missing)
    return sorted(complete())


def _greedy_start(
    size: int, neighbours: list[list[int]], weight: dict[tuple[int, int], int]
) -> tuple[dict[int, int], dict[int, int]]:
    """Return a matching on tight edges and doubled duals for it, both feasible.

    Each potential starts at half its cheapest edge; then, in vertex order, each vertex
    raises its potential until one of its edges is tight, and takes the first free
    vertex at the end of a tight edge. Potentials are integers, so the doubled duals
    are all even, as the blossom stages need (their slacks between S-vertices are even).
    """
    potential = [min((-weight[(v, w)] for w in neighbours[v]), default=0) // 2 for v in range(size)]
    mate: dict[int, int] = {}
    for v in range(size):
        if v in mate or not neighbours[v]:
            continue
        slacks = [(-weight[(v, w)] - potential[v] - potential[w], w) for w in neighbours[v]]
        least = min(slack for slack, _ in slacks)
        potential[v] += least
        free = [w for slack, w in slacks if slack == least and w not in mate]
        if free:
            partner = min(free, key=lambda w: abs(w - v))
            mate[v], mate[partner] = partner, v
    return mate, {v: -2 * potential[v] for v in range(size)}
