"""The draw of a partie à la mêlée (RULES.md §H): plain data in, tables of four out.

Pure code, like ``pairing.py`` (STYLE.md §2): no Django. The services load the players
present, who has partnered and opposed whom, and the past sit-outs, call these
functions, and save the result.

Terms (STYLE.md §8): players register alone; at each partie a table seats four of them
as two **pairs**, ``pair_a`` against ``pair_b``, a match as in §C. A player with no seat
**sits out** the partie (credited like a bye, §E). Two players have **partnered** when
they played in the same pair, and have **opposed** each other when they sat at the same
table in different pairs.

Who sits out (:func:`choose_sit_outs`): when the number of players present is not a
multiple of four, 1 to 3 of them. In partie 1, the last ones of the random order; later,
the lowest-ranked among those who have sat out least, so nobody sits out twice while
another present player has not sat out yet.

Partie 1 (:func:`draw_random_partie`) is read four by four from a random order.

Later parties (:func:`draw_partie_by_standings`): the players seated are numbered by
rank, 0 for the best, and the draw is found in two minimum-cost perfect matchings
(exact: searched in a sparse graph, then proved optimal on the complete graph by their
dual solution, as in ``pairing.py``):

1. **the pairs.** A perfect matching of the players, the cost of pairing ranks i < j
   being ``P * partnered(i, j) + S * (j - i) ** 2 + (j - i) * (m - i)``, where
   ``partnered`` is 1 when the two have already partnered. ``P`` is larger than the
   other two terms summed over any draw, so the pairs repeat as few partnerships as any
   draw can: none whenever the present players allow it (RULES.md §H). Among those,
   the squared standing gaps make pairs of neighbours in the standings (1st with 2nd,
   3rd with 4th, ... when no partnership repeats), as in ``pairing.py``.
2. **the tables.** The pairs, numbered by their better-ranked player, are matched the
   same way, the cost of seating pairs k < l together being ``O * repeated(k, l) +``
   the same standing terms, where ``repeated`` counts the players of one pair who have
   already opposed a player of the other (0 to 4). So, with the partnerships of step 1,
   the tables repeat as few oppositions as possible, then keep players close in the
   standings: with no history, the 1st to 4th at table 1, the 5th to 8th at table 2.

Step 2 minimises repeated oppositions for the pairs step 1 chose; another set of pairs
with as few repeated partnerships can repeat fewer oppositions (four players 1 to 4,
where 1 has opposed 2 and 4 and 2 has opposed 3: step 1 pairs 1–3 against 2–4, three
repeats, where 1–4 against 2–3 has one). So step 3 improves the draw:

3. **re-seating one or two tables at a time.** Each table's four players are re-paired
   in the best of their three ways; for two tables at most :data:`NEARBY_TABLES` apart
   (in standing order), the eight players are re-seated in each of the 315 ways of
   making two tables of two pairs and the best is kept; until no change improves the
   draw. Draws compare by, in order: repeated partnerships, repeated oppositions, then
   the sum over tables of the squared rank differences of the six couples of players at
   a table (tables of players close in the standings), then the sum of the squared rank
   gaps inside pairs (partners close in the standings). Steps 1 and 2 already give the
   fewest repeated partnerships, and no change makes them more. With one or two tables,
   step 3 tries every draw: the draw is then the best by these four measures.

Tables are numbered from 1 in standing order (by their best-ranked player); in each
table, ``pair_a`` holds that player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from tournaments import matching

#: Players at a table.
TABLE_SIZE = 4

#: Step 3 of the draw (module docstring) re-seats two tables together when their numbers
#: differ by at most this much: tables far apart in the standings seldom gain from it,
#: and trying every two tables is quadratic in the number of tables.
NEARBY_TABLES = 3


class MeleeDrawErrorCode(StrEnum):
    """Why a mêlée draw, or a swap in a draft, is refused."""

    #: The same player was given twice (to a swap, or in the list of players to draw).
    SAME_PLAYER = "same_player"
    #: A player of the swap is neither seated in the draw nor sitting out.
    UNKNOWN_PLAYER = "unknown_player"
    #: Fewer than four players present: no table can be made.
    TOO_FEW_PLAYERS = "too_few_players"


class MeleeDrawError(ValueError):
    """A refused mêlée draw or swap: ``code`` is a :class:`MeleeDrawErrorCode`,
    ``player_ids`` the players concerned."""

    def __init__(self, code: MeleeDrawErrorCode, player_ids: tuple[int, ...]) -> None:
        super().__init__(f"{code.value}: {', '.join(map(str, player_ids))}")
        self.code = code
        self.player_ids = player_ids


@dataclass(frozen=True)
class MeleeTable:
    """Four players at one table of a partie: ``pair_a`` against ``pair_b`` (RULES.md §H).

    Attributes:
        table_number: from 1, in standing order of each table's best-ranked player
            (in partie 1, the order of the random draw).
        pair_a: the two partners of the table's best-ranked player, that player first.
        pair_b: their opponents, the better-ranked first.
        repeated_partners: the pairs of this table (as sorted tuples of player ids) who
            have already partnered: a repeat no draw could avoid, or a swap's.
        repeated_opponents: the (player of pair A, player of pair B) couples who have
            already opposed each other.
    """

    table_number: int
    pair_a: tuple[int, int]
    pair_b: tuple[int, int]
    repeated_partners: tuple[tuple[int, int], ...] = ()
    repeated_opponents: tuple[tuple[int, int], ...] = ()

    @property
    def players(self) -> tuple[int, int, int, int]:
        """Return the four players, pair A then pair B."""
        return (*self.pair_a, *self.pair_b)


@dataclass(frozen=True)
class MeleeDraw:
    """The draw of one partie: its tables by number and who sits out (best-ranked first)."""

    tables: tuple[MeleeTable, ...]
    sit_outs: tuple[int, ...] = ()

    @property
    def repeated_partnerships(self) -> int:
        """Return how many pairs of the draw have partnered before."""
        return sum(len(table.repeated_partners) for table in self.tables)

    @property
    def repeated_oppositions(self) -> int:
        """Return how many (player, opponent) couples of the draw have opposed before."""
        return sum(len(table.repeated_opponents) for table in self.tables)


def sit_out_count(players: int) -> int:
    """Return how many of ``players`` present sit out a partie: 0 to 3 (RULES.md §H)."""
    return players % TABLE_SIZE


def choose_sit_outs(
    ranked_player_ids: Sequence[int], sit_out_counts: Mapping[int, int]
) -> tuple[int, ...]:
    """Return the players who sit out this partie, best-ranked first (RULES.md §H).

    ``ranked_player_ids`` runs from first to last in the standings (present players
    only); ``sit_out_counts`` maps a player id to their past sit-outs (a missing player
    has had none). The lowest-ranked among those who have sat out least sit out; when
    fewer of those remain than the number to sit out, all of them do, and the rest come
    from the next count up, again from the bottom.
    """
    count = sit_out_count(len(ranked_player_ids))
    by_rank = {player: rank for rank, player in enumerate(ranked_player_ids)}
    candidates = sorted(
        ranked_player_ids, key=lambda player: (sit_out_counts.get(player, 0), -by_rank[player])
    )
    return tuple(sorted(candidates[:count], key=by_rank.__getitem__))


def draw_random_partie(player_ids: Collection[int], rng: random.Random) -> MeleeDraw:
    """Draw partie 1 at random (RULES.md §H) and return it.

    The ids are sorted, then shuffled with ``rng``, so the draw depends only on the set
    of players and the state of ``rng``: the same seed gives the same draw. The last 0
    to 3 players of the random order sit out; the others are read four by four: the
    first two against the next two at table 1, and so on.

    Raises:
        MeleeDrawError: ``SAME_PLAYER`` when a player id is given twice,
            ``TOO_FEW_PLAYERS`` with fewer than four players.
    """
    order = sorted(player_ids)
    _check_players(order)
    rng.shuffle(order)
    count = sit_out_count(len(order))
    seated, sit_outs = order[: len(order) - count], tuple(order[len(order) - count :])
    tables = tuple(
        MeleeTable(
            table_number=index // TABLE_SIZE + 1,
            pair_a=(seated[index], seated[index + 1]),
            pair_b=(seated[index + 2], seated[index + 3]),
        )
        for index in range(0, len(seated), TABLE_SIZE)
    )
    return MeleeDraw(tables=tables, sit_outs=sit_outs)


def draw_partie_by_standings(
    ranked_player_ids: Sequence[int],
    *,
    partnered: Iterable[Iterable[int]],
    opposed: Iterable[Iterable[int]],
    sit_out_counts: Mapping[int, int],
    exact: bool = False,
) -> MeleeDraw:
    """Draw a partie after the first by individual standing (RULES.md §H).

    ``ranked_player_ids`` lists the players present, first to last in the standings
    (leave withdrawn and absent players out). ``partnered`` and ``opposed`` hold every
    earlier partnership and opposition as pairs of player ids, in any order;
    ``sit_out_counts`` maps a player id to their past sit-outs. Who sits out comes from
    :func:`choose_sit_outs`; the others are seated by the two matchings of the module
    docstring: no repeated partnership whenever some draw has none (else as few as any
    draw can), then as few repeated oppositions as the pairs allow, then players close in
    the standings. Each repeat is listed on its table.

    Each matching comes from a sparse graph proved to hold an optimum of the complete
    graph (:func:`_match_sparse`); ``exact=True`` searches the complete graphs instead
    (:func:`_match`, cubic: the reference the tests and ``bench/melee_draw.py`` compare
    with). Both give matchings of the same cost; where several tie, they may differ, and
    so may the draws step 3 makes from them. About 2 s of CPU for 1000 players
    (BENCHMARKS.md).

    Raises:
        MeleeDrawError: ``SAME_PLAYER`` when a player id is given twice,
            ``TOO_FEW_PLAYERS`` with fewer than four players.
    """
    _check_players(ranked_player_ids)
    sit_outs = choose_sit_outs(ranked_player_ids, sit_out_counts)
    seated = [player for player in ranked_player_ids if player not in set(sit_outs)]
    partners = _couples(partnered)
    opponents = _couples(opposed)
    match = _match if exact else _match_sparse
    pairs = match(len(seated), lambda i, j: int(frozenset((seated[i], seated[j])) in partners))
    pair_players = [(seated[i], seated[j]) for i, j in pairs]

    def repeated(better: int, worse: int) -> int:
        return sum(
            frozenset((first, second)) in opponents
            for first in pair_players[better]
            for second in pair_players[worse]
        )

    matched = match(len(pair_players), repeated)
    seating = [(pair_players[better], pair_players[worse]) for better, worse in matched]
    rank = {player: index for index, player in enumerate(seated)}
    seating = _improve(seating, rank, partners, opponents)
    tables = tuple(
        _table(number, pair_a, pair_b, partners, opponents)
        for number, (pair_a, pair_b) in enumerate(seating, start=1)
    )
    return MeleeDraw(tables=tables, sit_outs=sit_outs)


def swap_players(
    draw: MeleeDraw,
    first: int,
    second: int,
    *,
    partnered: Iterable[Iterable[int]],
    opposed: Iterable[Iterable[int]],
) -> MeleeDraw:
    """Return a draft ``draw`` with players ``first`` and ``second`` changing seats.

    Either may sit out: the other then sits out in their place. Table numbers stay;
    each table's repeats are listed again from ``partnered`` and ``opposed``.

    Raises:
        MeleeDrawError: ``SAME_PLAYER`` when ``first`` is ``second``; ``UNKNOWN_PLAYER``
            when one of them is neither seated nor sitting out.
    """
    if first == second:
        raise MeleeDrawError(MeleeDrawErrorCode.SAME_PLAYER, (first,))
    everyone = {player for table in draw.tables for player in table.players}
    everyone.update(draw.sit_outs)
    unknown = tuple(player for player in (first, second) if player not in everyone)
    if unknown:
        raise MeleeDrawError(MeleeDrawErrorCode.UNKNOWN_PLAYER, unknown)
    other = {first: second, second: first}
    partners = _couples(partnered)
    opponents = _couples(opposed)

    def moved(pair: tuple[int, int]) -> tuple[int, int]:
        return (other.get(pair[0], pair[0]), other.get(pair[1], pair[1]))

    tables = tuple(
        _table(table.table_number, moved(table.pair_a), moved(table.pair_b), partners, opponents)
        for table in draw.tables
    )
    sit_outs = tuple(other.get(player, player) for player in draw.sit_outs)
    return MeleeDraw(tables=tables, sit_outs=sit_outs)


def _check_players(player_ids: Sequence[int]) -> None:
    seen: set[int] = set()
    for player in player_ids:
        if player in seen:
            raise MeleeDrawError(MeleeDrawErrorCode.SAME_PLAYER, (player,))
        seen.add(player)
    if len(seen) < TABLE_SIZE:
        raise MeleeDrawError(MeleeDrawErrorCode.TOO_FEW_PLAYERS, tuple(player_ids))


def _couples(pairs: Iterable[Iterable[int]]) -> set[frozenset[int]]:
    """Return the given pairs of players as unordered couples (same-player pairs dropped)."""
    return {couple for couple in map(frozenset, pairs) if len(couple) == 2}


def _table(
    number: int,
    pair_a: tuple[int, int],
    pair_b: tuple[int, int],
    partners: set[frozenset[int]],
    opponents: set[frozenset[int]],
) -> MeleeTable:
    return MeleeTable(
        table_number=number,
        pair_a=pair_a,
        pair_b=pair_b,
        repeated_partners=tuple(
            (min(pair), max(pair)) for pair in (pair_a, pair_b) if frozenset(pair) in partners
        ),
        repeated_opponents=tuple(
            (first, second)
            for first in pair_a
            for second in pair_b
            if frozenset((first, second)) in opponents
        ),
    )


Seating = tuple[tuple[int, int], tuple[int, int]]


def _improve(
    seating: list[Seating],
    rank: Mapping[int, int],
    partners: set[frozenset[int]],
    opponents: set[frozenset[int]],
) -> list[Seating]:
    """Return ``seating`` improved one or two tables at a time (step 3 of the module docstring),
    each table's pairs and players in standing order, tables by their best player.

    A table's four measures are packed in one integer, ordered as the tuple of the four
    (:class:`_TableValues`). Each table, and each two tables, is searched again only
    when it changed since it was last searched in vain: the same search would find
    nothing again.
    """
    values = _TableValues(rank, partners, opponents)
    tables = sorted((_in_order(table, rank) for table in seating), key=lambda t: rank[t[0][0]])
    settled: set[Seating] = set()
    settled_two: set[tuple[Seating, Seating]] = set()
    improved = True
    while improved:
        improved = False
        for index, table in enumerate(tables):
            if table in settled:
                continue
            players = sorted((*table[0], *table[1]), key=rank.__getitem__)
            best_table = min(
                (_in_order((pairs[0], pairs[1]), rank) for pairs in _pairings(players)),
                key=values.of,
            )
            if values.of(best_table) < values.of(table):
                tables[index] = best_table
                improved = True
            settled.add(tables[index])
        for first in range(len(tables)):
            for second in range(first + 1, min(first + NEARBY_TABLES + 1, len(tables))):
                key = (tables[first], tables[second])
                if key in settled_two:
                    continue
                best = values.best_of_two(*key)
                if best is None:
                    settled_two.add(key)
                    continue
                tables[first], tables[second] = (_in_order(t, rank) for t in best)
                improved = True
    return sorted(tables, key=lambda table: rank[table[0][0]])


class _TableValues:
    """Step 3's four measures of tables (module docstring), packed in integers.

    For a table, ``((partnerships * 9 + oppositions) * radix + table gaps) * radix +
    pair gaps``, where ``radix`` exceeds the squared rank gaps of any two tables: the
    sum over two tables packs their summed measures, and integers compare as the tuples
    of measures do (at most 4 repeated partnerships and 8 oppositions at two tables).
    """

    def __init__(
        self,
        rank: Mapping[int, int],
        partners: set[frozenset[int]],
        opponents: set[frozenset[int]],
    ) -> None:
        self.rank = rank
        self.partners_of: dict[int, set[int]] = {}
        self.opponents_of: dict[int, set[int]] = {}
        for couples, of in ((partners, self.partners_of), (opponents, self.opponents_of)):
            for couple in couples:
                first, second = couple
                of.setdefault(first, set()).add(second)
                of.setdefault(second, set()).add(first)
        size = max(rank.values(), default=0) + 1
        self.radix = 12 * size * size + 1
        self.opposition = self.radix * self.radix
        self.partnership = 9 * self.opposition
        self.memo: dict[Seating, int] = {}

    def couple_values(self, players: Sequence[int]) -> tuple[list[int], list[int]]:
        """Return, for positions i, j of ``players``, at ``i * len(players) + j``, the
        couple's value as partners and as opponents (its part of a table's value)."""
        count = len(players)
        as_partners = [0] * (count * count)
        as_opponents = [0] * (count * count)
        radix, rank = self.radix, self.rank
        no_one: set[int] = set()
        for i, first in enumerate(players):
            partnered = self.partners_of.get(first, no_one)
            opposed = self.opponents_of.get(first, no_one)
            for j in range(i + 1, count):
                second = players[j]
                gap = (rank[first] - rank[second]) ** 2
                partner = gap * radix + gap + (self.partnership if second in partnered else 0)
                opponent = gap * radix + (self.opposition if second in opposed else 0)
                as_partners[i * count + j] = as_partners[j * count + i] = partner
                as_opponents[i * count + j] = as_opponents[j * count + i] = opponent
        return as_partners, as_opponents

    def of(self, table: Seating) -> int:
        """Return the packed measures of one table."""
        value = self.memo.get(table)
        if value is None:
            players = (*table[0], *table[1])
            as_partners, as_opponents = self.couple_values(players)
            value = as_partners[1] + as_partners[11]
            value += as_opponents[2] + as_opponents[3] + as_opponents[6] + as_opponents[7]
            self.memo[table] = value
        return value

    def best_of_two(self, first: Seating, second: Seating) -> tuple[Seating, Seating] | None:
        """Return the first best of the 315 seatings of the eight players of two tables
        (in the order of :func:`_pairings` then :func:`_pairings_of_four` on the players in
        standing order) when it is better than the current one, else None."""
        current = self.of(first) + self.of(second)
        players = sorted((*first[0], *first[1], *second[0], *second[1]), key=self.rank.__getitem__)
        as_partners, as_opponents = self.couple_values(players)
        table_values = [
            as_partners[ab]
            + as_partners[cd]
            + as_opponents[ac]
            + as_opponents[ad]
            + as_opponents[bc]
            + as_opponents[bd]
            for ab, cd, ac, ad, bc, bd in _TABLES_OF_EIGHT_COUPLES
        ]
        seatings = [table_values[one] + table_values[other] for one, other in _SEATINGS_OF_EIGHT]
        best = min(seatings)
        if best >= current:
            return None
        one, other = _SEATINGS_OF_EIGHT[seatings.index(best)]
        return _seat(_TABLES_OF_EIGHT[one], players), _seat(_TABLES_OF_EIGHT[other], players)


def _seat(table: Seating, players: Sequence[int]) -> Seating:
    """Return ``table``, given by positions in ``players``, with the players themselves."""
    (a, b), (c, d) = table
    return (players[a], players[b]), (players[c], players[d])


def _pairings(players: Sequence[int]) -> Iterable[list[tuple[int, int]]]:
    """Yield every split of ``players`` (an even number, in standing order) into pairs."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        for tail in _pairings([*rest[:index], *rest[index + 1 :]]):
            yield [(first, other), *tail]


def _pairings_of_four(
    pairs: list[tuple[int, int]],
) -> Iterable[tuple[Seating, Seating]]:
    """Yield every way of seating four pairs at two tables."""
    first, *rest = pairs
    for index, other in enumerate(rest):
        remaining = [pair for position, pair in enumerate(rest) if position != index]
        yield (first, other), (remaining[0], remaining[1])


def _in_order(table: Seating, rank: Mapping[int, int]) -> Seating:
    """Return ``table`` with each pair's better-ranked player first, the better pair first."""
    pair_a, pair_b = (tuple(sorted(pair, key=rank.__getitem__)) for pair in table)
    ordered = sorted((pair_a, pair_b), key=lambda pair: rank[pair[0]])
    return (ordered[0], ordered[1])  # type: ignore[return-value]


def _match(size: int, repeats: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """Return a minimum-cost perfect matching of ranks ``0 .. size - 1`` as sorted
    (better, worse) pairs, in order of the better rank.

    ``repeats(i, j)`` (``i < j``) counts the repeats of pairing ranks i and j; the cost
    (module docstring, ``matching.standing_cost``) puts fewer repeats first, then the
    squared standing gaps, then the gaps weighted towards the top of the standings.
    Exact, on the complete graph: cubic in ``size`` (2 s for 300 players); the draw uses
    :func:`_match_sparse`, of the same cost, and keeps this one as its reference and last
    resort.
    """
    cost = matching.standing_cost(size, repeats)
    costs = {(better, worse): cost(better, worse) for better, worse in combinations(range(size), 2)}
    solution = matching.solve(size, costs)
    return sorted((v, w) for v, w in enumerate(solution.mate) if v < w)


#: How many nearest ranks with no repeat, above and below, each vertex gets in the sparse
#: graph of :func:`_match_sparse` (besides the ranks right above and below it).
NEAREST_FRESH = 4


def _match_sparse(size: int, repeats: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """Return a perfect matching of ranks ``0 .. size - 1`` of the same cost as
    :func:`_match`'s (same arguments, same shape), searched in a sparse graph.

    As ``pairing._match_sparse``, by ``matching.match_by_standing``: each rank is joined to
    the ranks right above and below it and to its :data:`NEAREST_FRESH` nearest ranks with
    no repeat, above and below; the graph is widened until its matching is proved optimal
    on the complete graph, or else the complete graph decides (:func:`_match`).
    """
    return matching.match_by_standing(
        size, repeats, nearest=NEAREST_FRESH, complete=lambda: _match(size, repeats)
    )


def _tables_of_eight() -> tuple[list[Seating], list[tuple[int, int]]]:
    """Return the 210 tables that positions 0 to 7 can make, and the 315 ways of seating
    the eight at two of them (as indices in the first list), in the order :func:`_improve`
    tries them."""
    tables: list[Seating] = []
    index: dict[Seating, int] = {}
    seatings = []
    for pairs in _pairings(list(range(2 * TABLE_SIZE))):
        for candidate in _pairings_of_four(pairs):
            numbers = []
            for table in candidate:
                if table not in index:
                    index[table] = len(tables)
                    tables.append(table)
                numbers.append(index[table])
            seatings.append((numbers[0], numbers[1]))
    return tables, seatings


_TABLES_OF_EIGHT, _SEATINGS_OF_EIGHT = _tables_of_eight()
#: For each table of :data:`_TABLES_OF_EIGHT` ((a, b), (c, d)), the couple indices
#: (``8 * i + j``) of ab, cd (partners) and ac, ad, bc, bd (opponents).
_TABLES_OF_EIGHT_COUPLES = [
    (8 * a + b, 8 * c + d, 8 * a + c, 8 * a + d, 8 * b + c, 8 * b + d)
    for (a, b), (c, d) in _TABLES_OF_EIGHT
]
