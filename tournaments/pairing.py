"""The draw of a round (tirage, RULES.md §E): plain data in, pairings out.

Pure code, on Tabbycat's generator/manager split (STYLE.md §2): no Django, only the
standard library and networkx. The services load the teams, who has met whom and the
past byes, call these functions, and save the result on ``Round`` and ``Match``.

Terms (STYLE.md §8): a **draw** is the list of pairings of one round plus the **bye**
(exempt team) when the number of teams is odd; a pairing puts ``team_a`` and
``team_b`` at one table, ``table_number`` counting from 1. A **rematch** pairs two teams
that have already met in an earlier round.

Round 1 (:func:`draw_random_round`) is drawn at random from a ``random.Random`` the
caller passes; the caller stores the integer seed on ``Round`` so the draw can be
replayed. Later rounds (:func:`draw_by_standings`) pair teams by current standing.

Withdrawn teams are simply not passed in: give only the teams to draw. ``played`` and
``bye_counts`` may mention teams that are not drawn (withdrawn teams, for instance);
those entries are ignored. A late team is passed in like any other, at its rank.

The bye (:func:`choose_bye`) is decided before the matching: the lowest-ranked team
among those with the fewest byes, so nobody gets a second bye while another team has
had none. Every other team can still be paired, because any two teams may meet
(at worst in a rematch): the graph below is complete on an even number of teams.

The cost of a draw by standings
-------------------------------
After the bye is set aside, the m teams (m even) are numbered by rank, 0 for the best,
and every pair (i, j) with i < j gets the cost::

    cost(i, j) = R * met(i, j) + S * (j - i) ** 2 + (j - i) * (m - i)

where ``met(i, j)`` is 1 for a rematch and 0 otherwise. The draw is a minimum-cost
perfect matching of the complete graph under these costs (every cost is an int, so
the search is exact). The sum of the costs of a draw compares draws on three
criteria, each one deciding only when the previous ones are equal:

1. the number of rematches: ``R`` is larger than the sum of the other two terms over
   any draw, so one rematch fewer always wins;
2. the sum of the squared standing gaps between opponents: ``S`` is larger than the
   last term summed over any draw. Squaring makes one wide gap cost more than two
   narrow ones (1st v 3rd and 2nd v 4th, 4 + 4, beats 1st v 4th and 2nd v 3rd, 9 + 1);
3. a tie-break that keeps the top of the table together first: a gap weighs more the
   higher up the table it is (weight m - i for the better-ranked team i).

Why this gives 1st v 2nd, 3rd v 4th, ... whenever that pairing has no rematch: it has
no rematch, so it is among the draws with the fewest; each of its gaps is 1, the
smallest possible, so its sum of squared gaps m / 2 is the least any draw can have;
and it is the only draw whose gaps are all 1 (team 0 must meet team 1, then team 2
must meet team 3, and so on), so nothing ties with it. A greedy search from the top,
or a fall-back to plain 1–2, 3–4 when that search fails, can give avoidable rematches
late in a concours; the matching cannot: it gives a rematch only when every draw has
one, and then as few as any draw can.

How it is found at any size
---------------------------
The complete graph has m (m - 1) / 2 edges, and the exact search on it
(``networkx.min_weight_matching``, :func:`_match_by_cost`) is cubic: about 1 s for 150
teams and 18 s for 400. Yet an optimum pairs teams close in the standings, so the
draw (:func:`_match_sparse`) first searches a sparse graph: each team with its
neighbours in the standings and its nearest rivals not yet met. The blossom algorithm
of ``tournaments/matching/`` gives with its matching a dual solution, a proof that no
perfect matching of that graph costs less. The proof is then checked against **every**
edge of the complete graph; an edge where it fails joins the sparse graph and the
search starts again, until the sparse graph provably holds an optimum of the complete
graph (or, as a last resort that no draw of the bench or of 600 random concours
needed, the complete graph is searched). So the draw has the cost of the exact
search, rematches included (BENCHMARKS.md).

Each pairing says why it is not simply the next two teams of the standings. Reading
the tables from 1, ``team_a`` is the best-ranked team not yet seated and ``skipped`` the
teams still free between ``team_a`` and ``team_b``; ``reason`` is a
:class:`PairingReason`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

import networkx as nx

from tournaments import matching


class PairingReason(StrEnum):
    """Why a pairing is not simply the next two teams of the standings (RULES.md §E)."""

    #: The next two teams of the standings (and every pairing of a random round 1).
    NEXT_IN_STANDINGS = ""
    #: ``team_a`` has already met the next free team: ``avoided`` lists the free teams
    #: between ``team_a`` and ``team_b`` it has met.
    AVOIDS_REMATCH = "avoids_rematch"
    #: ``team_a`` could have met the next free team, but the teams below it would then
    #: face a rematch or wider gaps; ``skipped`` lists the teams passed over.
    MAKES_ROOM = "makes_room"
    #: A rematch no draw could avoid (``is_rematch`` is true).
    REMATCH = "rematch"
    #: The organiser moved a team into this pairing with :func:`swap_teams`.
    SWAPPED = "swapped"


class DrawErrorCode(StrEnum):
    """Why a draw, or a swap in a draft draw, is refused."""

    #: The same team was given twice (to a swap, or in the list of teams to draw).
    SAME_TEAM = "same_team"
    #: A team of the swap is neither in a pairing of the draw nor its bye.
    UNKNOWN_TEAM = "unknown_team"
    #: Both teams of the swap already play each other: there is nothing to swap.
    SAME_PAIRING = "same_pairing"


class DrawError(ValueError):
    """A refused draw or swap: ``code`` is a :class:`DrawErrorCode`, ``team_ids`` the
    teams concerned. ``forms/messages.py`` turns the code into a message."""

    def __init__(self, code: DrawErrorCode, team_ids: tuple[int, ...]) -> None:
        super().__init__(f"{code.value}: {', '.join(map(str, team_ids))}")
        self.code = code
        self.team_ids = team_ids


@dataclass(frozen=True)
class Pairing:
    """Two teams at one table of a round (RULES.md §E).

    Attributes:
        table_number: from 1, in standing order (by the better-ranked team of each pair).
        team_a: the better-ranked team of the two (the first in round 1's random order).
        team_b: its opponent.
        is_rematch: the two teams have already met.
        reason: why this is not simply the next two teams of the standings.
        skipped: the teams still free, ranked between ``team_a`` and ``team_b``, best first.
        avoided: those of ``skipped`` that ``team_a`` has already met.
    """

    table_number: int
    team_a: int
    team_b: int
    is_rematch: bool = False
    reason: PairingReason = PairingReason.NEXT_IN_STANDINGS
    skipped: tuple[int, ...] = ()
    avoided: tuple[int, ...] = ()


@dataclass(frozen=True)
class Draw:
    """The draw of one round: its pairings by table number, and the bye (or ``None``)."""

    pairings: tuple[Pairing, ...]
    bye: int | None = None

    @property
    def rematches(self) -> tuple[Pairing, ...]:
        """Return the pairings of teams that have already met, by table number."""
        return tuple(pairing for pairing in self.pairings if pairing.is_rematch)


def draw_random_round(team_ids: Collection[int], rng: random.Random) -> Draw:
    """Draw round 1 at random (RULES.md §E) and return it.

    The ids are sorted, then shuffled with ``rng``, so the draw depends only on the set
    of teams and the state of ``rng``: the same seed gives the same draw. The random
    order is read two by two (first v second at table 1, and so on); with an odd
    number of teams the last team of that order has the bye.

    Raises:
        DrawError: ``SAME_TEAM`` when a team id is given twice.
    """
    order = sorted(team_ids)
    _check_distinct(order)
    rng.shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    pairings = tuple(
        Pairing(table_number=index // 2 + 1, team_a=order[index], team_b=order[index + 1])
        for index in range(0, len(order), 2)
    )
    return Draw(pairings=pairings, bye=bye)


def choose_bye(ranked_team_ids: Sequence[int], bye_counts: Mapping[int, int]) -> int | None:
    """Return the team exempt this round, or ``None`` for an even number of teams.

    ``ranked_team_ids`` runs from first to last in the standings; ``bye_counts`` maps a
    team id to its number of past byes (a missing team has had none). The bye goes to
    the lowest-ranked team not yet exempt; once every team has had one, to the
    lowest-ranked among those with the fewest (RULES.md §E).
    """
    if len(ranked_team_ids) % 2 == 0:
        return None
    fewest = min(bye_counts.get(team_id, 0) for team_id in ranked_team_ids)
    return next(
        team_id for team_id in reversed(ranked_team_ids) if bye_counts.get(team_id, 0) == fewest
    )


def draw_by_standings(
    ranked_team_ids: Sequence[int],
    *,
    played: Iterable[Iterable[int]],
    bye_counts: Mapping[int, int],
    exact: bool = False,
) -> Draw:
    """Draw a round after the first by standing, avoiding rematches (RULES.md §E).

    ``ranked_team_ids`` lists the teams to draw, first to last in the standings (leave
    withdrawn teams out). ``played`` holds every earlier meeting as a pair of team ids,
    in any order; ``bye_counts`` maps a team id to its past byes. The bye comes from
    :func:`choose_bye`; the others are paired by a minimum-cost perfect matching (see
    the module docstring): 1st v 2nd, 3rd v 4th, ... when that has no rematch, no
    rematch whenever some draw has none, else as few as possible, each flagged with
    ``is_rematch`` and listed in :attr:`Draw.rematches`.

    The matching comes from a sparse graph proved to hold an optimum (:func:`_match_sparse`,
    under 3 s for 1000 teams); ``exact=True`` searches the complete graph instead
    (:func:`_match_by_cost`, cubic: the reference the tests and ``bench/draw.py`` compare
    with). Both give draws of the same cost; where several draws tie, they may differ.

    Raises:
        DrawError: ``SAME_TEAM`` when a team id is given twice.
    """
    _check_distinct(ranked_team_ids)
    bye = choose_bye(ranked_team_ids, bye_counts)
    ranked = [team_id for team_id in ranked_team_ids if team_id != bye]
    met = _meetings(played, set(ranked))
    pairs = sorted(_match_by_cost(ranked, met) if exact else _match_sparse(ranked, met))
    free = set(range(len(ranked)))
    pairings = []
    for table_number, (better, worse) in enumerate(pairs, start=1):
        free -= {better, worse}
        team_a, team_b = ranked[better], ranked[worse]
        skipped = tuple(ranked[k] for k in range(better + 1, worse) if k in free)
        avoided = tuple(team for team in skipped if frozenset((team_a, team)) in met)
        is_rematch = frozenset((team_a, team_b)) in met
        if is_rematch:
            reason = PairingReason.REMATCH
        elif not skipped:
            reason = PairingReason.NEXT_IN_STANDINGS
        elif skipped[0] in avoided:
            reason = PairingReason.AVOIDS_REMATCH
        else:
            reason = PairingReason.MAKES_ROOM
        pairings.append(
            Pairing(
                table_number=table_number,
                team_a=team_a,
                team_b=team_b,
                is_rematch=is_rematch,
                reason=reason,
                skipped=skipped,
                avoided=avoided,
            )
        )
    return Draw(pairings=tuple(pairings), bye=bye)


def swap_teams(draw: Draw, first: int, second: int, *, played: Iterable[Iterable[int]]) -> Draw:
    """Return a draft ``draw`` with teams ``first`` and ``second`` changing places.

    Either team may be the bye: the other one then becomes the bye. Each team takes
    the other's table and side (``team_a`` or ``team_b``); table numbers stay as they
    are. The changed pairings get ``reason=SWAPPED`` and ``is_rematch`` from ``played``
    (every earlier meeting, as pairs of team ids), so a rematch the organiser makes
    shows in :attr:`Draw.rematches`. Only a draft may be edited (RULES.md §E): a
    published draw is fixed, which the caller enforces.

    Raises:
        DrawError: ``SAME_TEAM`` when ``first == second``; ``UNKNOWN_TEAM`` when a team
            is neither in a pairing nor the bye; ``SAME_PAIRING`` when the two teams
            are opponents (nothing to swap).
    """
    if first == second:
        raise DrawError(DrawErrorCode.SAME_TEAM, (first,))
    # Where each team sits: the index of its pairing, or None for the bye.
    seats: dict[int, int | None] = {draw.bye: None} if draw.bye is not None else {}
    for index, pairing in enumerate(draw.pairings):
        seats[pairing.team_a] = index
        seats[pairing.team_b] = index
    missing = tuple(team for team in (first, second) if team not in seats)
    if missing:
        raise DrawError(DrawErrorCode.UNKNOWN_TEAM, missing)
    if seats[first] == seats[second]:
        raise DrawError(DrawErrorCode.SAME_PAIRING, (first, second))
    other = {first: second, second: first}
    met = {frozenset(pair) for pair in played}
    pairings = list(draw.pairings)
    for index in {seat for seat in (seats[first], seats[second]) if seat is not None}:
        pairing = pairings[index]
        team_a = other.get(pairing.team_a, pairing.team_a)
        team_b = other.get(pairing.team_b, pairing.team_b)
        pairings[index] = replace(
            pairing,
            team_a=team_a,
            team_b=team_b,
            is_rematch=frozenset((team_a, team_b)) in met,
            reason=PairingReason.SWAPPED,
            skipped=(),
            avoided=(),
        )
    bye = other.get(draw.bye, draw.bye) if draw.bye is not None else None
    return Draw(pairings=tuple(pairings), bye=bye)


def _check_distinct(team_ids: Sequence[int]) -> None:
    seen: set[int] = set()
    for team_id in team_ids:
        if team_id in seen:
            raise DrawError(DrawErrorCode.SAME_TEAM, (team_id,))
        seen.add(team_id)


def _meetings(played: Iterable[Iterable[int]], team_ids: set[int]) -> set[frozenset[int]]:
    """Return the earlier meetings between the given teams, as unordered pairs."""
    meetings = {frozenset(pair) for pair in played}
    return {pair for pair in meetings if len(pair) == 2 and pair <= team_ids}


def _match_by_cost(ranked: Sequence[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """Return the minimum-cost perfect matching of ``ranked`` as (better, worse) rank pairs.

    The exact matching on the complete graph (``networkx.min_weight_matching``): cubic in
    the number of teams, about 1 s for 150 and 18 s for 400 (BENCHMARKS.md). The draw
    uses :func:`_match_sparse`, which gives a draw of the same cost; this one stays as
    its reference, and as its last resort.
    """
    size = len(ranked)
    cost = matching.standing_cost(size, _rematches(ranked, met))
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(size))
    for better in range(size):
        for worse in range(better + 1, size):
            graph.add_edge(better, worse, weight=cost(better, worse))
    pairs = nx.min_weight_matching(graph)
    return [(min(pair), max(pair)) for pair in pairs]


#: How many nearest rivals not yet met, above and below, each team gets in the sparse
#: graph of :func:`_match_sparse` (besides the teams right above and below it).
NEAREST_RIVALS = 4


def _match_sparse(ranked: Sequence[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """Return a minimum-cost perfect matching of ``ranked`` as (better, worse) rank pairs,
    of the same cost as :func:`_match_by_cost`'s on the complete graph.

    The matching is searched in a sparse graph (``matching.match_by_standing``): each team
    with the teams next to it in the standings (so that a perfect matching always exists)
    and its :data:`NEAREST_RIVALS` nearest rivals not yet met, above and below. The dual
    solution found with it (``tournaments/matching/``) then proves it optimal on the
    complete graph, or names the edges that break the proof: they join the graph and the
    search starts again, until the graph provably holds an optimum. After
    ``matching.WIDENINGS`` rounds of this, or if the proof cannot even be checked, the
    complete graph decides (:func:`_match_by_cost`).
    """
    return matching.match_by_standing(
        len(ranked),
        _rematches(ranked, met),
        nearest=NEAREST_RIVALS,
        complete=lambda: _match_by_cost(ranked, met),
    )


def _rematches(ranked: Sequence[int], met: set[frozenset[int]]) -> Callable[[int, int], int]:
    """Return the function that gives 1 when the teams at ranks ``better`` and ``worse``
    of ``ranked`` have met, else 0: the ``repeats`` of ``matching.standing_cost``."""
    position = {team: index for index, team in enumerate(ranked)}
    met_ranks = {
        frozenset(position[team] for team in pair) for pair in met if pair <= position.keys()
    }

    def rematches(better: int, worse: int) -> int:
        return int(frozenset((better, worse)) in met_ranks)

    return rematches
