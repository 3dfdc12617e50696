"""Benchmark: draw 150, 300 and 1000 mêlée players by standings after 4 parties
(tournaments/melee.py).

Usage: .venv/bin/python bench/melee_draw.py [--players N ...] [--parties R]
                                            [--target SECONDS] [--clock wall|cpu] [--before]

For each size and each of three seeds, builds a mêlée with random results: partie 1 at
random, parties 2..R by standings, each pair given a random total (scored points, 0 to
1499) and each sit-out 750, then times the draw of partie R + 1 (the sit-outs, the two
matchings and the re-seating, wall and CPU time). With ``--before``, the same draw is also
timed with the exact matchings on complete graphs
(``draw_partie_by_standings(..., exact=True)``), and the two draws are compared: same
repeated partnerships, repeated oppositions and standing gaps (step 3's measures, module
docstring of melee.py), and whether they are the same tables.
Prints each time and exits 1 when, for some size, the slowest draw (wall time) is over
its target (150 players: 0.15 s, 300: 0.5 s, 1000: 3 s; ``--target`` for other sizes),
0 otherwise; ``--clock cpu`` judges the CPU time instead, for a machine other work loads
(the draw is single-threaded and does no I/O). A repeated partnership, or with
``--before`` a draw worse than the exact one, also exits 1.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import draw_timing  # noqa: E402 (bench/draw_timing.py: seeds, targets, timing, the loop)

from tournaments.melee import (  # noqa: E402
    MeleeDraw,
    draw_partie_by_standings,
    draw_random_partie,
)

History = tuple[list[int], set[frozenset[int]], set[frozenset[int]], Counter[int]]


def play(draw: MeleeDraw, rng: random.Random, state: History, points: Counter[int]) -> None:
    """Record the draw's partnerships and oppositions, then add random pair totals."""
    _, partnered, opposed, sit_outs = state
    for table in draw.tables:
        partnered.update((frozenset(table.pair_a), frozenset(table.pair_b)))
        opposed.update(frozenset((a, b)) for a in table.pair_a for b in table.pair_b)
        for pair in (table.pair_a, table.pair_b):
            total = rng.randrange(0, 1500)
            for player in pair:
                points[player] += total
    for player in draw.sit_outs:
        sit_outs[player] += 1
        points[player] += 750


def history(players: int, parties: int, seed: int) -> History:
    """Return the standings, partnerships, oppositions and sit-outs after ``parties``."""
    rng = random.Random(seed)
    player_ids = list(range(1, players + 1))
    points: Counter[int] = Counter()
    state: History = ([], set(), set(), Counter())
    for number in range(1, parties + 1):
        ranked = sorted(player_ids, key=lambda player: (-points[player], player))
        if number == 1:
            draw = draw_random_partie(player_ids, rng)
        else:
            draw = draw_partie_by_standings(
                ranked, partnered=state[1], opposed=state[2], sit_out_counts=state[3]
            )
        play(draw, rng, state, points)
    ranked = sorted(player_ids, key=lambda player: (-points[player], player))
    return ranked, state[1], state[2], state[3]


def draw_key(draw: MeleeDraw, ranked: list[int]) -> tuple[int, int, int, int]:
    """Step 3's four measures of a draw (melee.py's module docstring), in order."""
    seated = [player for player in ranked if player not in set(draw.sit_outs)]
    rank = {player: index for index, player in enumerate(seated)}
    tables = squared_pairs = 0
    for table in draw.tables:
        tables += sum((rank[a] - rank[b]) ** 2 for a, b in combinations(table.players, 2))
        squared_pairs += sum((rank[a] - rank[b]) ** 2 for a, b in (table.pair_a, table.pair_b))
    return draw.repeated_partnerships, draw.repeated_oppositions, tables, squared_pairs


def main() -> int:
    parser = draw_timing.parser(__doc__, "players", "parties", "also time the exact matchings")
    args = parser.parse_args()

    def measure(players: int, _: int, seed: int, times: draw_timing.Times) -> tuple[str, bool]:
        state = history(players, args.parties, seed)
        ranked, partnered, opposed, sit_outs = state

        def draw_partie(exact: bool) -> MeleeDraw:
            return draw_partie_by_standings(
                ranked, partnered=partnered, opposed=opposed, sit_out_counts=sit_outs, exact=exact
            )

        draw, wall, cpu = times.after(lambda: draw_partie(False))
        key = draw_key(draw, ranked)
        line = (
            f"{players} players, seed {seed}: {wall:.3f} s ({cpu:.3f} s CPU), "
            f"repeated partners {key[0]}, opponents {key[1]}"
        )
        wrong = bool(draw.repeated_partnerships) or len(draw.tables) != players // 4
        if wrong:
            line += ", WRONG DRAW"
        if args.before:
            exact_draw, wall, cpu = times.before(lambda: draw_partie(True))
            exact_key = draw_key(exact_draw, ranked)
            wrong = wrong or key > exact_key
            line += (
                f"; exact: {wall:.3f} s ({cpu:.3f} s CPU), repeated opponents "
                f"{exact_key[1]}, same measures: {key == exact_key}, "
                f"same tables: {draw == exact_draw}"
            )
        return line, wrong

    return draw_timing.run(args.players, "players", measure, target=args.target, clock=args.clock)


if __name__ == "__main__":
    sys.exit(main())
