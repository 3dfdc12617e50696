"""Benchmark: draw 150 teams by standings after 4 rounds (tournaments/pairing.py).

Usage: .venv/bin/python bench/draw.py [--teams N] [--rounds R] [--target SECONDS]

Builds a concours with random results from a fixed seed: round 1 at random, rounds 2..R
by standings, then times the draw of round R + 1 (the bye choice and the matching) for
three seeds. Prints each time and exits 1 when the slowest one is over the target
(5 s by default, for the 2-core machines the club uses), 0 otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import Draw, draw_by_standings, draw_random_round  # noqa: E402

SEEDS = (1, 2, 3)


def play(draw: Draw, rng: random.Random, points: Counter[int], byes: Counter[int]) -> None:
    """Add random match totals (scored points) for every pairing, and the bye's credit."""
    for pairing in draw.pairings:
        points[pairing.team_a] += rng.randrange(0, 1500)
        points[pairing.team_b] += rng.randrange(0, 1500)
    if draw.bye is not None:
        byes[draw.bye] += 1
        points[draw.bye] += 750


def measure(teams: int, rounds: int, seed: int) -> float:
    """Return the seconds taken to draw round ``rounds + 1`` of a random concours."""
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
    start = time.perf_counter()
    draw = draw_by_standings(ranked, played=played, bye_counts=byes)
    seconds = time.perf_counter() - start
    if len(draw.pairings) != teams // 2 or draw.rematches:
        raise SystemExit(f"seed {seed}: wrong draw ({len(draw.rematches)} rematches)")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=4, help="rounds of history")
    parser.add_argument("--target", type=float, default=5.0, help="seconds")
    args = parser.parse_args()
    times = []
    for seed in SEEDS:
        seconds = measure(args.teams, args.rounds, seed)
        times.append(seconds)
        print(
            f"draw of {args.teams} teams after {args.rounds} rounds, seed {seed}: {seconds:.2f} s"
        )
    slowest = max(times)
    verdict = "ok" if slowest <= args.target else "over target"
    print(f"slowest {slowest:.2f} s, target {args.target:.1f} s: {verdict}")
    return 0 if slowest <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
