"""Benchmark: score sheets and standings PDF for 150 teams (tournaments/exports/pdf.py).

Usage: .venv/bin/python bench/pdf.py [--teams N] [--runs R] [--seconds S] [--megabytes M]

Builds a concours in a temporary SQLite file: N teams (150), round 1 played (every match
finished, random totals from a fixed seed) and round 2 published with its table links.
Then, each in a fresh Python process so that peak memory is its own, R times (3):
``score_sheets_pdf`` of round 2 (N / 2 pages, two QR codes each) and ``standings_pdf``.
The time counts everything a first request pays: importing WeasyPrint, the queries, the
template and the PDF. Peak memory is the process's peak resident set (ru_maxrss),
Django and WeasyPrint included. Exits 1 when the slowest run is over S seconds (10) or
the largest peak over M megabytes (500), the targets on the club's 2-core machines.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLUG = "bench-pdf"
EXPORTS = ("score_sheets_pdf", "standings_pdf")


def setup_django(database: Path) -> None:
    """Point Django at ``database`` and set it up (settings read the environment)."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-secret-key")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_club.settings")
    import django

    django.setup()


def build(teams: int) -> None:
    """Create the concours: ``teams`` teams, round 1 finished, round 2 published."""
    import datetime

    from django.core.management import call_command
    from django.utils import timezone

    from tournaments.models import Club, Match, MatchResult, Round, Team, Tournament
    from tournaments.services import ensure_team_links

    call_command("migrate", verbosity=0)
    rng = random.Random(1)
    now = timezone.now()
    club = Club.objects.create(name="Club de belote de Saint-Étienne")
    tournament = Tournament.objects.create(
        club=club,
        name="Grand concours de coinche de la Saint-Sylvestre",
        slug=SLUG,
        date=datetime.date(2026, 12, 31),
        venue="Salle des fêtes",
        prize_list="\n".join(f"Lot n° {n} : jambon et bouteilles" for n in range(1, 41)),
    )
    rows = Team.objects.bulk_create(
        Team(
            tournament=tournament,
            number=n,
            player_1=f"Joséphine Lefèvre-{n}",
            player_2=f"François Cœurderoy-{n}",
            club=club,
            lot=rng.randrange(1_000_000),
        )
        for n in range(1, teams + 1)
    )
    for number in (1, 2):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.PUBLISHED, published_at=now
        )
        order = rows[:]
        rng.shuffle(order)
        matches = []
        for table in range(1, len(order) // 2 + 1):
            total_a, total_b = rng.randrange(800, 2200), rng.randrange(800, 2200)
            played = number == 1
            matches.append(
                Match(
                    round=round_,
                    table_number=table,
                    team_a=order[2 * table - 2],
                    team_b=order[2 * table - 1],
                    total_a=total_a if played else 0,
                    total_b=total_b if played else 0,
                    deals_played=12 if played else 0,
                    is_finished=played,
                    result=(
                        ""
                        if not played
                        else MatchResult.A
                        if total_a > total_b
                        else MatchResult.B
                        if total_b > total_a
                        else MatchResult.DRAW
                    ),
                )
            )
        Match.objects.bulk_create(matches)
        ensure_team_links(tournament=round_.tournament, now=now)


def measure(export: str) -> dict:
    """Run ``export`` once in this process; return seconds, peak MB and the PDF's size."""
    from tournaments.models import Round, Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    round_ = Round.objects.select_related("tournament").get(tournament=tournament, number=2)
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start, cpu_start = time.perf_counter(), time.process_time()
    from tournaments.exports import pdf

    if export == "score_sheets_pdf":
        data = pdf.score_sheets_pdf(round=round_, base_url="https://belote.example/")
    else:
        data = pdf.standings_pdf(tournament=tournament)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    import io

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(data)).pages)
    return {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "peak_mb": peak,
        "baseline_mb": baseline,
        "pages": pages,
        "kilobytes": len(data) / 1024,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=150)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0, help="target per PDF")
    parser.add_argument("--megabytes", type=float, default=500.0, help="target per PDF")
    parser.add_argument("--measure", choices=EXPORTS, help=argparse.SUPPRESS)
    parser.add_argument("--database", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.measure:  # A child process: one measurement, printed as JSON.
        setup_django(args.database)
        print(json.dumps(measure(args.measure)))
        return 0

    ok = True
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as folder:
        database = Path(folder) / "bench.sqlite3"
        setup_django(database)
        build(args.teams)
        for export in EXPORTS:
            results = []
            for _ in range(args.runs):
                child = subprocess.run(
                    [sys.executable, __file__, "--measure", export, "--database", database],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                results.append(json.loads(child.stdout.splitlines()[-1]))
            for result in results:
                print(
                    f"{export}, {args.teams} teams: {result['seconds']:.2f} s "
                    f"({result['cpu_seconds']:.2f} s of CPU), "
                    f"peak {result['peak_mb']:.0f} MB (before the call {result['baseline_mb']:.0f}"
                    f" MB), {result['pages']} pages, {result['kilobytes']:.0f} KB"
                )
            slowest = max(result["seconds"] for result in results)
            peak = max(result["peak_mb"] for result in results)
            passed = slowest <= args.seconds and peak <= args.megabytes
            ok = ok and passed
            print(
                f"{export}: slowest {slowest:.2f} s (target {args.seconds:.0f} s), largest peak "
                f"{peak:.0f} MB (target {args.megabytes:.0f} MB): "
                f"{'ok' if passed else 'over target'}"
            )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
