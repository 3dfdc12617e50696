"""The primal-dual blossom algorithm's stages (networkx's ``max_weight_matching``).

Adapted from networkx 3.6 (BSD-3-Clause; Joris van Rantwijk's algorithm after Galil,
"Efficient Algorithms for Finding Maximum Matching in Graphs", 1986): integer vertices
``0 .. size - 1`` and adjacency lists, a start from a given matching and duals, blossom
members listed once, and dual updates and delta scans limited to the labelled vertices
and best edges. Comments and names follow networkx's, to compare the two; read
Galil's paper for the terms (S- and T-blossoms, the four kinds of delta).
"""

from __future__ import annotations

from collections.abc import Iterator


class Blossom:
    """A non-trivial blossom: sub-blossoms from the base round the cycle, and the edges
    between consecutive ones (networkx's ``Blossom``)."""

    __slots__ = ["childs", "edges", "members", "mybestedges"]

    def __init__(self) -> None:
        self.childs: list[int | Blossom] = []
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
            for vertex in (child.members if isinstance(child, Blossom) else (child,))
        ]


def blossom_stages(  # noqa: C901 - one algorithm, kept as in networkx for review
    size: int,
    neighbours: list[list[int]],
    weight: dict[tuple[int, int], int],
    mate: dict[int, int],
    dualvar: dict[int, int],
) -> dict[Blossom, int]:
    """Augment ``mate`` to a perfect matching, updating ``dualvar``; return the blossoms'
    duals. This is networkx's ``max_weight_matching(..., maxcardinality=True)`` main
    loop on integer weights, from a matching and duals where every edge has a slack of
    at least zero and every matched edge a slack of zero."""
    gnodes = list(range(size))
    label: dict[int | Blossom, int | None] = {}
    labeledge: dict[int | Blossom, tuple[int, int] | None] = {}
    inblossom: dict[int, int | Blossom] = dict(zip(gnodes, gnodes, strict=True))
    blossomparent: dict[int | Blossom, Blossom | None] = dict.fromkeys(gnodes)
    blossombase: dict[int | Blossom, int] = dict(zip(gnodes, gnodes, strict=True))
    bestedge: dict[int | Blossom, tuple[int, int] | None] = {}
    blossomdual: dict[Blossom, int] = {}
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
            if isinstance(b, Blossom):
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
        b = Blossom()
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
        bestedgeto: dict[int | Blossom, tuple[int, int]] = {}
        for sub in path:
            if isinstance(sub, Blossom):
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

    def expand_blossom(b: Blossom, endstage: bool) -> None:
        def recurse(b: Blossom, endstage: bool) -> Iterator[Blossom]:
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, Blossom):
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
                    if isinstance(bv, Blossom):
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

    def augment_blossom(b: Blossom, v: int) -> None:
        def recurse(b: Blossom, v: int) -> Iterator[tuple[Blossom, int]]:
            t: int | Blossom = v
            while blossomparent[t] != b:
                t = blossomparent[t]  # type: ignore[assignment]
            if isinstance(t, Blossom):
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
                if isinstance(t, Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, Blossom):
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
                if isinstance(bs, Blossom):
                    augment_blossom(bs, s)
                mate[s] = j
                edge = labeledge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = inblossom[t]
                s, j = labeledge[bt]  # type: ignore[misc]
                if isinstance(bt, Blossom):
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
            deltablossom: Blossom | None = None
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
                if isinstance(b, Blossom):
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
