"""Minimum-cost perfect matching on a sparse graph, with a proof of optimality.

Pure code (STYLE.md §2), used by the draw by standings (``pairing.py``, RULES.md §E).

:func:`solve` finds a minimum-cost perfect matching of a graph given by its edges and
their integer costs, and returns with it the dual solution that proves it optimal on
that graph (Edmonds' linear program for perfect matchings). It is the primal-dual
blossom algorithm of networkx's ``max_weight_matching`` (Joris van Rantwijk's, after
Galil 1986; networkx is BSD-licensed), cut down to integer vertices and adjacency lists,
started from a greedy matching and dual solution instead of an empty matching, and
with no final verification: :func:`violations` checks the result independently.

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
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass


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


class _Blossom:
    """A non-trivial blossom: sub-blossoms from the base round the cycle, and the edges
    between consecutive ones (networkx's ``Blossom``)."""

    __slots__ = ["childs", "edges", "members", "mybestedges"]

    def __init__(self) -> None:
        self.childs: list[int | _Blossom] = []
        self.edges: list[tuple[int, int]] = []
        self.mybestedges: list[tuple[int, int]] | None = None
        #: The vertices of the blossom, listed once when it is made (they never change).
        self.members: list[int] = []

    def leaves(self) -> list[int]:
        return self.members

    def list_members(self) -> None:
        """Fill ``members`` from the sub-blossoms (networkx walks them at every use)."""
        self.members = [
            vertex
            for child in self.childs
            for vertex in (child.members if isinstance(child, _Blossom) else (child,))
        ]


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
    blossomdual = _blossom_stages(size, neighbours, weight, mate, dualvar)
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


def _blossom_stages(  # noqa: C901 - one algorithm, kept as in networkx for review
    size: int,
    neighbours: list[list[int]],
    weight: dict[tuple[int, int], int],
    mate: dict[int, int],
    dualvar: dict[int, int],
) -> dict[_Blossom, int]:
    """Augment ``mate`` to a perfect matching, updating ``dualvar``; return the blossoms'
    duals. This is networkx's ``max_weight_matching(..., maxcardinality=True)`` main
    loop on integer weights, from a matching and duals where every edge has a slack of
    at least zero and every matched edge a slack of zero."""
    gnodes = list(range(size))
    label: dict[int | _Blossom, int | None] = {}
    labeledge: dict[int | _Blossom, tuple[int, int] | None] = {}
    inblossom: dict[int, int | _Blossom] = dict(zip(gnodes, gnodes, strict=True))
    blossomparent: dict[int | _Blossom, _Blossom | None] = dict.fromkeys(gnodes)
    blossombase: dict[int | _Blossom, int] = dict(zip(gnodes, gnodes, strict=True))
    bestedge: dict[int | _Blossom, tuple[int, int] | None] = {}
    blossomdual: dict[_Blossom, int] = {}
    allowedge: set[tuple[int, int]] = set()
    queue: list[int] = []
    no_node = -1

    def slack(v: int, w: int) -> int:
        return dualvar[v] + dualvar[w] - 2 * weight[(v, w)]

    def assign_label(w: int, t: int, v: int | None) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        if v is not None:
            labeledge[w] = labeledge[b] = (v, w)
        else:
            labeledge[w] = labeledge[b] = None
        bestedge[w] = bestedge[b] = None
        if t == 1:
            if isinstance(b, _Blossom):
                queue.extend(b.leaves())
            else:
                queue.append(b)
        elif t == 2:
            base = blossombase[b]
            assign_label(mate[base], 1, base)

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = no_node
        while v != no_node:
            b = inblossom[v]
            if label[b] & 4:  # type: ignore[operator]
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            edge = labeledge[b]
            if edge is None:
                v = no_node
            else:
                v = edge[0]
                b = inblossom[v]
                v = labeledge[b][0]  # type: ignore[index]
            if w != no_node:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, v: int, w: int) -> None:
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = _Blossom()
        blossombase[b] = base
        blossomparent[b] = None
        blossomparent[bb] = b
        b.childs = path = []
        b.edges = edgs = [(v, w)]
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            edgs.append(labeledge[bv])  # type: ignore[arg-type]
            v = labeledge[bv][0]  # type: ignore[index]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            edge = labeledge[bw]
            edgs.append((edge[1], edge[0]))  # type: ignore[index]
            w = edge[0]  # type: ignore[index]
            bw = inblossom[w]
        label[b] = 1
        labeledge[b] = labeledge[bb]
        blossomdual[b] = 0
        b.list_members()
        for leaf in b.leaves():
            if label[inblossom[leaf]] == 2:
                queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto: dict[int | _Blossom, tuple[int, int]] = {}
        for sub in path:
            if isinstance(sub, _Blossom):
                if sub.mybestedges is not None:
                    nblist = sub.mybestedges
                    sub.mybestedges = None
                else:
                    nblist = [(x, y) for x in sub.leaves() for y in neighbours[x]]
            else:
                nblist = [(sub, y) for y in neighbours[sub]]
            for k in nblist:
                i, j = k
                if inblossom[j] == b:
                    i, j = j, i
                bj = inblossom[j]
                if (
                    bj != b
                    and label.get(bj) == 1
                    and ((bj not in bestedgeto) or slack(i, j) < slack(*bestedgeto[bj]))
                ):
                    bestedgeto[bj] = k
            bestedge[sub] = None
        b.mybestedges = list(bestedgeto.values())
        mybestedge = None
        mybestslack = 0
        for k in b.mybestedges:
            kslack = slack(*k)
            if mybestedge is None or kslack < mybestslack:
                mybestedge = k
                mybestslack = kslack
        bestedge[b] = mybestedge

    def expand_blossom(b: _Blossom, endstage: bool) -> None:
        def recurse(b: _Blossom, endstage: bool) -> Iterator[_Blossom]:
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, _Blossom):
                    if endstage and blossomdual[s] == 0:
                        yield s
                    else:
                        for leaf in s.leaves():
                            inblossom[leaf] = s
                else:
                    inblossom[s] = s
            if (not endstage) and label.get(b) == 2:
                entrychild = inblossom[labeledge[b][1]]  # type: ignore[index]
                j = b.childs.index(entrychild)
                if j & 1:
                    j -= len(b.childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = labeledge[b]  # type: ignore[misc]
                while j != 0:
                    if jstep == 1:
                        p, q = b.edges[j]
                    else:
                        q, p = b.edges[j - 1]
                    label[w] = None
                    label[q] = None
                    assign_label(w, 2, v)
                    allowedge.add((p, q))
                    allowedge.add((q, p))
                    j += jstep
                    if jstep == 1:
                        v, w = b.edges[j]
                    else:
                        w, v = b.edges[j - 1]
                    allowedge.add((v, w))
                    allowedge.add((w, v))
                    j += jstep
                bw = b.childs[j]
                label[w] = label[bw] = 2
                labeledge[w] = labeledge[bw] = (v, w)
                bestedge[bw] = None
                j += jstep
                while b.childs[j] != entrychild:
                    bv = b.childs[j]
                    if label.get(bv) == 1:
                        j += jstep
                        continue
                    if isinstance(bv, _Blossom):
                        for leaf in bv.leaves():
                            if label.get(leaf):
                                break
                        reached = leaf
                    else:
                        reached = bv
                    if label.get(reached):
                        label[reached] = None
                        label[mate[blossombase[bv]]] = None
                        assign_label(reached, 2, labeledge[reached][0])  # type: ignore[index]
                    j += jstep
            label.pop(b, None)
            labeledge.pop(b, None)
            bestedge.pop(b, None)
            del blossomparent[b]
            del blossombase[b]
            del blossomdual[b]

        stack = [recurse(b, endstage)]
        while stack:
            top = stack[-1]
            for s in top:
                stack.append(recurse(s, endstage))
                break
            else:
                stack.pop()

    def augment_blossom(b: _Blossom, v: int) -> None:
        def recurse(b: _Blossom, v: int) -> Iterator[tuple[_Blossom, int]]:
            t: int | _Blossom = v
            while blossomparent[t] != b:
                t = blossomparent[t]  # type: ignore[assignment]
            if isinstance(t, _Blossom):
                yield (t, v)
            i = j = b.childs.index(t)
            if i & 1:
                j -= len(b.childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.childs[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, _Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, _Blossom):
                    yield (t, x)
                mate[w] = x
                mate[x] = w
            b.childs = b.childs[i:] + b.childs[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            blossombase[b] = blossombase[b.childs[0]]

        stack = [recurse(b, v)]
        while stack:
            top = stack[-1]
            for args in top:
                stack.append(recurse(*args))
                break
            else:
                stack.pop()

    def augment_matching(v: int, w: int) -> None:
        for s, j in ((v, w), (w, v)):
            while True:
                bs = inblossom[s]
                if isinstance(bs, _Blossom):
                    augment_blossom(bs, s)
                mate[s] = j
                edge = labeledge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = inblossom[t]
                s, j = labeledge[bt]  # type: ignore[misc]
                if isinstance(bt, _Blossom):
                    augment_blossom(bt, j)
                mate[j] = s

    while len(mate) < size:
        # A stage: find an augmenting path and augment the matching along it.
        label.clear()
        labeledge.clear()
        bestedge.clear()
        for blossom in blossomdual:
            blossom.mybestedges = None
        allowedge.clear()
        queue[:] = []
        for v in gnodes:
            if (v not in mate) and label.get(inblossom[v]) is None:
                assign_label(v, 1, None)
        augmented = False
        while True:
            # A substage: label what tight edges reach, else change the duals.
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                for w in neighbours[v]:
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    kslack = 0
                    if (v, w) not in allowedge:
                        kslack = slack(v, w)
                        if kslack <= 0:
                            allowedge.add((v, w))
                            allowedge.add((w, v))
                    if (v, w) in allowedge:
                        if label.get(bw) is None:
                            assign_label(w, 2, v)
                        elif label.get(bw) == 1:
                            base = scan_blossom(v, w)
                            if base != no_node:
                                add_blossom(base, v, w)
                            else:
                                augment_matching(v, w)
                                augmented = True
                                break
                        elif label.get(w) is None:
                            label[w] = 2
                            labeledge[w] = (v, w)
                    elif label.get(bw) == 1:
                        best = bestedge.get(bv)
                        if best is None or kslack < slack(*best):
                            bestedge[bv] = (v, w)
                    elif label.get(w) is None:
                        best = bestedge.get(w)
                        if best is None or kslack < slack(*best):
                            bestedge[w] = (v, w)
            if augmented:
                break
            deltatype = -1
            delta = 0
            deltaedge: tuple[int, int] | None = None
            deltablossom: _Blossom | None = None
            # networkx scans every vertex and blossom here; only those with a best
            # edge can count, so this scans the best edges instead.
            for b, best in bestedge.items():
                if best is None:
                    continue
                if isinstance(b, int) and label.get(inblossom[b]) is None:
                    d = slack(*best)
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = best
                    continue
                if b in blossomparent and blossomparent[b] is None and label.get(b) == 1:
                    d = slack(*best) // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = best
            for blossom, dual in blossomdual.items():
                if (
                    blossomparent[blossom] is None
                    and label.get(blossom) == 2
                    and (deltatype == -1 or dual < delta)
                ):
                    delta = dual
                    deltatype = 4
                    deltablossom = blossom
            if deltatype == -1:
                # No augmenting path under any duals: no perfect matching.
                return blossomdual
            # Likewise, only labelled top-level blossoms change: S down, T up.
            for b, tag in label.items():
                if tag != 1 and tag != 2:
                    continue
                step = -delta if tag == 1 else delta
                if isinstance(b, _Blossom):
                    if blossomparent[b] is None:
                        for leaf in b.leaves():
                            dualvar[leaf] += step
                        blossomdual[b] -= step
                elif inblossom[b] == b:
                    dualvar[b] += step
            if deltatype in (2, 3):
                v, w = deltaedge  # type: ignore[misc]
                allowedge.add((v, w))
                allowedge.add((w, v))
                queue.append(v)
            elif deltatype == 4:
                expand_blossom(deltablossom, False)  # type: ignore[arg-type]
        for blossom in list(blossomdual):
            if blossom not in blossomdual:
                continue
            if (
                blossomparent[blossom] is None
                and label.get(blossom) == 1
                and blossomdual[blossom] == 0
            ):
                expand_blossom(blossom, True)
    return blossomdual
