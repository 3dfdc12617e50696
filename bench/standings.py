"""Benchmark: the public standings page of 150 teams, rendered uncached.

Usage: .venv/bin/python bench/standings.py [--teams N] [--rounds R] [--runs K] [--target MS]

Builds a concours in a fresh database (a temporary SQLite file, or the PostgreSQL database
of $DATABASE_URL dropped and created again, as bench/load.py does; its name must contain
"bench") through the services: N teams (150), R rounds (3) each drawn, published, played
(12 deals a match, entered as the phone's form reads them, through record_deals) and
closed, then round R + 1 drawn and published. Then asks for the tournament's public page
(``/concours/<slug>/``: its rounds and the standings table with the tie-breaks) K times
(20) through Django's test client, every middleware included, as a visitor who is not
signed in; the cache is emptied before each request (outside its timing), so that each
one renders the standings as the first request after a result does
(tournaments/presentation/cache.py). Prints each request's wall and CPU
time and its queries, and exits 1 when the median wall time is over the target (30 ms).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # noqa: E402  (bench/load.py: the fresh database and the concours)

os.environ.setdefault("DJANGO_DEBUG", "false")


def play_round(round_, rng: random.Random) -> None:
    """Enter 12 deals at every match of ``round_``, through the phone's form, then close it."""
    from django.utils import timezone

    from tournaments import services
    from tournaments.forms.table import TableDealForm

    now = timezone.now()
    rules = round_.tournament.rules
    for match in round_.matches.select_related("team_a", "team_b"):
        entries = []
        for number in range(1, load.DEALS + 1):
            form = TableDealForm(
                dict(load.deal_fields(rng, number)),
                rules=rules,
                team_names=(str(match.team_a), str(match.team_b)),
            )
            if not form.is_valid():
                raise RuntimeError(form.errors)
            entries.append((number, form.cleaned_data["entry"]))
        services.record_deals(match=match, entries=entries, now=now)
    services.close_round(round=round_, now=now)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--target", type=float, default=30.0, help="median, ms")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-standings-"))
    load.TEAMS = args.teams
    started = time.perf_counter()
    load.build(load.fresh_database(folder))
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Round, Tournament

    settings.ALLOWED_HOSTS = ["testserver"]
    tournament = Tournament.objects.get()
    rng = random.Random(5)
    for number in range(1, args.rounds + 1):
        play_round(Round.objects.get(tournament=tournament, number=number), rng)
        round_ = services.draw_round(tournament=tournament, seed=number + 1)
        services.publish_round(round=round_, now=timezone.now())
    print(
        f"{args.teams} teams, {args.rounds} rounds played, round {args.rounds + 1} published: "
        f"set up in {time.perf_counter() - started:.1f} s ({connection.vendor})"
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    path = tournament.get_absolute_url()
    client.get(path)  # the first request loads the templates and the translations
    walls, cpus = [], []
    for _ in range(args.runs):
        cache.clear()  # uncached: the results are rendered by this request
        with CaptureQueriesContext(connection) as queries:
            start, cpu = time.perf_counter(), time.process_time()
            response = client.get(path)
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        if response.status_code != 200 or response.content.count(b"<tr") < args.teams:
            print(f"{path}: status {response.status_code}, not the {args.teams} teams")
            return 1
        walls.append(1000 * wall)
        cpus.append(1000 * cpu)
    median = statistics.median(walls)
    print(
        f"{path}: {len(response.content) // 1024} KB, {len(queries)} queries; median "
        f"{median:.1f} ms (CPU {statistics.median(cpus):.1f} ms), fastest {min(walls):.1f} ms, "
        f"slowest {max(walls):.1f} ms over {args.runs} requests"
    )
    met = median <= args.target
    print(f"median {median:.1f} ms: target <= {args.target:.0f} ms: {'ok' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
