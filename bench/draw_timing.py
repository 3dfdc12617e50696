"""What bench/draw.py and bench/melee_draw.py share: the seeds and targets, the timing of
one draw (wall and CPU time), the command-line options, and the loop over sizes that
prints each draw's line, then a summary row a size, and gives the exit status.

Not a benchmark itself: each script imports it (``import draw_timing``, from bench/).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

SEEDS = (1, 2, 3)
TARGETS = {150: 0.15, 300: 0.5, 1000: 3.0}

Result = TypeVar("Result")


def timed(draw: Callable[[], Result]) -> tuple[Result, float, float]:
    """Return what ``draw()`` returns and the wall and CPU seconds it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = draw()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def span(values: list[float]) -> str:
    """Return 'slowest (fastest-slowest)' in seconds."""
    return f"{max(values):.3f} s ({min(values):.3f}-{max(values):.3f})"


def parser(doc: str, unit: str, history: str, before: str) -> argparse.ArgumentParser:
    """Return the options both scripts take: ``--UNIT N ...`` (the sizes), ``--HISTORY R``
    (rounds or parties drawn before the timed one), ``--target``, ``--clock`` and
    ``--before`` (whose help is ``before``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(f"--{unit}", type=int, nargs="+", default=sorted(TARGETS))
    parser.add_argument(f"--{history}", type=int, default=4, help=f"{history} of history")
    parser.add_argument("--target", type=float, default=3.0, help="seconds, other sizes")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--before", action="store_true", help=before)
    return parser


class Times:
    """The wall and CPU times of one size's draws (after), and of their exact draws (before)."""

    def __init__(self) -> None:
        self.walls: list[float] = []
        self.cpus: list[float] = []
        self.before_walls: list[float] = []
        self.before_cpus: list[float] = []

    def after(self, draw: Callable[[], Result]) -> tuple[Result, float, float]:
        """Time the draw being benchmarked, as :func:`timed`, and keep its times."""
        result, wall, cpu = timed(draw)
        self.walls.append(wall)
        self.cpus.append(cpu)
        return result, wall, cpu

    def before(self, draw: Callable[[], Result]) -> tuple[Result, float, float]:
        """Time the exact draw it is compared with, as :func:`timed`, and keep its times."""
        result, wall, cpu = timed(draw)
        self.before_walls.append(wall)
        self.before_cpus.append(cpu)
        return result, wall, cpu


#: Draws ``size`` for ``SEEDS[index]`` (``seed``) with ``times``; returns the line to print
#: and whether the draw is wrong.
Measure = Callable[[int, int, int, Times], tuple[str, bool]]


def run(sizes: Sequence[int], unit: str, measure: Measure, *, target: float, clock: str) -> int:
    """Measure each size on each seed, print a line a draw then a summary row a size, and
    return 1 when a draw was wrong or the slowest of a size (by ``clock``) is over its
    target (:data:`TARGETS`, else ``target``), 0 otherwise."""
    failed = False
    summary = []
    for size in sizes:
        size_target = TARGETS.get(size, target)
        times = Times()
        for index, seed in enumerate(SEEDS):
            line, wrong = measure(size, index, seed, times)
            failed = failed or wrong
            print(line, flush=True)
        slowest = max(times.walls if clock == "wall" else times.cpus)
        verdict = "ok" if slowest <= size_target else "OVER TARGET"
        failed = failed or slowest > size_target
        row = f"{size} {unit}: after {span(times.walls)}, CPU {span(times.cpus)}"
        if times.before_walls:
            ratio = max(times.before_walls) / max(times.walls)
            row += (
                f"; before {span(times.before_walls)}, CPU {span(times.before_cpus)}; {ratio:.0f}x"
            )
        summary.append(f"{row}; target {size_target:g} s ({clock}): {verdict}")
    print("\n".join(summary))
    return 1 if failed else 0
