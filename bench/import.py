"""Benchmark: import the sample concours (``manage.py import_concours``, RULES.md §F).

Usage: .venv/bin/python bench/import.py [--directory DIR] [--runs R] [--target SECONDS]

Migrates a temporary SQLite file, then imports DIR (the shared sample
``data/concours-coinche-16``: 16 teams, 4 rounds of 12 deals, 398 deal rows) R times (5)
through the management command, each time under a new name, as ``./run`` loads it. Each
run is checked against the folder's ``expected_matches.csv``. Prints each run's wall and
CPU time (the CPU time does not count what other processes take from a shared machine)
and exits 1 when the slowest wall time is over the target (1 s by default, on the club's
2-core machines), 0 otherwise. The first run also loads the command's modules (networkx,
through the draw services, takes about 0.1 s), as ``./run`` does in its fresh process.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup_django(database: Path) -> None:
    """Point Django at ``database`` and set it up (settings read the environment)."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-secret-key")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_club.settings")
    import django

    django.setup()


def measure(directory: Path, name: str) -> tuple[float, float]:
    """Return the wall and CPU seconds the command takes to import ``directory`` as ``name``.

    Exits when the imported match totals differ from ``expected_matches.csv``.
    """
    from django.core.management import call_command

    start, cpu_start = time.perf_counter(), time.process_time()
    call_command(
        "import_concours",
        str(directory),
        "--name",
        name,
        "--ruleset",
        "ffb-coinche",
        stdout=io.StringIO(),
    )
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    out = io.StringIO()
    call_command("matches", name, "--format", "csv", stdout=out)
    with (directory / "expected_matches.csv").open(newline="", encoding="utf-8") as expected:
        if list(csv.reader(io.StringIO(out.getvalue()))) != list(csv.reader(expected)):
            raise SystemExit(f"{name}: the match totals differ from expected_matches.csv")
    return seconds, cpu_seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--directory", type=Path, help="default: the shared sample concours")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=1.0, help="seconds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-import-") as folder:
        setup_django(Path(folder) / "bench.sqlite3")
        from django.conf import settings
        from django.core.management import call_command

        directory = args.directory or (
            Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-coinche-16"
        )
        call_command("migrate", verbosity=0)
        times = []
        for run in range(1, args.runs + 1):
            seconds, cpu_seconds = measure(directory, f"Concours de démonstration {run}")
            times.append(seconds)
            print(
                f"import of {directory.name}, run {run}: {seconds:.3f} s "
                f"({cpu_seconds:.3f} s of CPU)"
            )
    slowest = max(times)
    verdict = "ok" if slowest <= args.target else "over target"
    print(f"slowest {slowest:.3f} s, target {args.target:.1f} s: {verdict}")
    return 0 if slowest <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
