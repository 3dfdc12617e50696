"""Benchmark: draw 150, 300 and 1000 teams by standings after 4 rounds (tournaments/pairing.py).

Usage: .venv/bin/python bench/draw.py [--teams N ...] [--rounds R] [--target SECONDS]
                                      [--clock wall|cpu] [--before] [--before-seeds-over-400 K]

For each size and each of three seeds, builds a concours with random results: round 1
at random, rounds 2..R by standings, then times the draw of round R + 1 (the bye choice
and the matching, wall and CPU time). With ``--before``, the same draw is also timed
with the exact search on the complete graph (``draw_by_standings(..., exact=True)``,
the draw before the sparse search), and both draws are checked to have the same cost;
over 400 teams, only on the first K seeds (all three by default: it is cubic, several
minutes a draw at 1000 teams).
Prints each time and exits 1 when, for some size, the slowest draw (wall time) is over
its target (150 teams: 0.15 s, 300: 0.5 s, 1000: 3 s; ``--target`` for other sizes),
0 otherwise; ``--clock cpu`` judges the CPU time instead, for a machine other work
loads (the draw is single-threaded and does no I/O: on an idle machine both agree).
Any rematch, or a cost differing from the exact one, also exits 1.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import draw_timing  # noqa: E402 (bench/draw_timing.py: seeds, targets, timing, the loop)

from tournaments.pairing import Draw, draw_by_standings, draw_random_round  # noqa: E402


def play(draw: Draw, rng: random.Random, points: Counter[int], byes: Counter[int]) -> None:
    """Add random match totals (scored points) for every pairing, and the bye's credit."""
    for pairing in draw.pairings:
        points[pairing.team_a] += rng.randrange(0, 1500)
        points[pairing.team_b] += rng.randrange(0, 1500)
    if draw.bye is not None:
        byes[draw.bye] += 1
        points[draw.bye] += 750


def history(
    teams: int, rounds: int, seed: int
) -> tuple[list[int], set[frozenset[int]], Counter[int]]:
    """Return the standings, the meetings and the byes after ``rounds`` random rounds."""
    rng = random.Random(seed)
    team_ids = list(range(1, teams + 1))
    points: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    played: set[frozenset[int]] = set()
    for number in range(1, rounds + 1):
        if number == 1:
            draw = draw_random_round(team_ids, rng)
        else:
            ranked = sorted(team_ids, key=lambda team: (-points[team], team))
            draw = draw_by_standings(ranked, played=played, bye_counts=byes)
        played |= {frozenset((p.team_a, p.team_b)) for p in draw.pairings}
        play(draw, rng, points, byes)
    ranked = sorted(team_ids, key=lambda team: (-points[team], team))
    return ranked, played, byes


def draw_key(draw: Draw, ranked: list[int], played: set[frozenset[int]]) -> tuple[int, int, int]:
    """The three criteria of the draw's cost (pairing.py's docstring), in order."""
    paired = [team for team in ranked if team != draw.bye]
    position = {team: index for index, team in enumerate(paired)}
    rematches = squared_gaps = top_first = 0
    for pairing in draw.pairings:
        better, worse = sorted((position[pairing.team_a], position[pairing.team_b]))
        rematches += frozenset((pairing.team_a, pairing.team_b)) in played
        squared_gaps += (worse - better) ** 2
        top_first += (worse - better) * (len(paired) - better)
    return rematches, squared_gaps, top_first


def main() -> int:
    parser = draw_timing.parser(__doc__, "teams", "rounds", "also time the exact search")
    parser.add_argument("--before-seeds-over-400", type=int, default=len(draw_timing.SEEDS))
    args = parser.parse_args()

    def measure(teams: int, index: int, seed: int, times: draw_timing.Times) -> tuple[str, bool]:
        ranked, played, byes = history(teams, args.rounds, seed)

        def draw_round(exact: bool) -> Draw:
            return draw_by_standings(ranked, played=played, bye_counts=byes, exact=exact)

        draw, wall, cpu = times.after(lambda: draw_round(False))
        key = draw_key(draw, ranked, played)
        line = f"{teams} teams, seed {seed}: {wall:.3f} s ({cpu:.3f} s CPU)"
        wrong = bool(draw.rematches) or len(draw.pairings) != teams // 2
        if wrong:
            line += f", WRONG DRAW ({len(draw.rematches)} rematches)"
        if args.before and (teams <= 400 or index < args.before_seeds_over_400):
            exact_draw, wall, cpu = times.before(lambda: draw_round(True))
            same = draw_key(exact_draw, ranked, played) == key
            wrong = wrong or not same
            line += f"; exact: {wall:.3f} s ({cpu:.3f} s CPU), same cost: {same}"
        return line, wrong

    return draw_timing.run(args.teams, "teams", measure, target=args.target, clock=args.clock)


if __name__ == "__main__":
    sys.exit(main())
