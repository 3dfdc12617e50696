"""Benchmark: many spectators polling the public standings, with and without the cache.

Usage: .venv/bin/python bench/spectators.py [--requests N] [--clients C] [--ratio X]
       [--redis URL]

Migrates a temporary SQLite file and imports the shared sample concours
(``data/concours-coinche-16``: 16 teams, 4 rounds of 12 deals), then serves it as ``./run``
does (gunicorn, 2 workers of 4 threads, DEBUG off) on a free port of 127.0.0.1, caching in
local memory, or in Redis with ``--redis redis://127.0.0.1:6379/N`` (that database is
emptied first). It sends N GETs (500) of the public standings, first one after another,
then from C clients at once (50 threads), in two ways:

- **without the cache**: ``?sort=rank&fresh=1``, a query the cache does not keep
  (tournaments/views/public.py), so every request renders the standings, as every request
  did before the cache;
- **with the cache**: ``?sort=rank``, rendered once, then read from the cache.

Both pages are checked to hold the same standings. Prints, for each way, the wall time,
the requests per second, the median and 95th-percentile answer times, and the CPU the
two workers spent (from /proc, so other processes on a shared machine do not count).
Exits 1 when the cached page is not at least X times (4) cheaper in workers' CPU per
request than the uncached one, at the concurrent load; 0 otherwise. Every request goes
to 127.0.0.1 only, and the script stops the server it started.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLUG = "concours-de-demonstration"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def prepare(database: Path, environment: dict[str, str]) -> None:
    """Migrate ``database`` and import the sample concours into it, in a child process."""
    script = (
        "import django; django.setup();"
        "from django.conf import settings; from django.core.management import call_command;"
        "from pathlib import Path;"
        "call_command('migrate', verbosity=0);"
        "call_command('import_concours', str(Path(settings.BELOTE_SHARED_DIR) / 'data' /"
        " 'concours-coinche-16'), '--name', 'Concours de démonstration',"
        " '--ruleset', 'ffb-coinche', verbosity=0)"
    )
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=environment, check=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def workers_cpu(master: int) -> float:
    """Return the CPU seconds (user + system) the children of process ``master`` used."""
    total = 0
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    for child in children:
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / CLOCK_TICKS


def get(url: str) -> tuple[float, str]:
    """Return the seconds ``url`` took to answer, and its body."""
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        body = response.read().decode()
    return time.perf_counter() - start, body


def standings_of(page: str) -> list[str]:
    """Return the rows of the standings table of ``page``, tags and spaces stripped."""
    table = re.findall(r'<table[^>]*id="standings".*?</table>', page, re.S)[0]
    rows = re.findall(r"<tr.*?</tr>", table, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in rows]


def run(url: str, requests: int, clients: int, master: int) -> dict[str, float]:
    """Send ``requests`` GETs of ``url`` from ``clients`` threads; return the figures."""
    cpu_before = workers_cpu(master)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        answers = [seconds for seconds, _body in pool.map(get, [url] * requests)]
    wall = time.perf_counter() - start
    cpu = workers_cpu(master) - cpu_before
    answers.sort()
    return {
        "wall": wall,
        "per_second": requests / wall,
        "median": statistics.median(answers),
        "p95": answers[int(len(answers) * 0.95) - 1],
        "cpu": cpu,
        "cpu_per_request": cpu / requests,
    }


def show(way: str, mode: str, figures: dict[str, float]) -> None:
    print(
        f"{way:<14} {mode:<10} {figures['wall']:7.2f} s  {figures['per_second']:7.1f} req/s  "
        f"median {figures['median'] * 1000:7.1f} ms  p95 {figures['p95'] * 1000:7.1f} ms  "
        f"workers' CPU {figures['cpu']:6.2f} s ({figures['cpu_per_request'] * 1000:.2f} ms/req)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--ratio", type=float, default=4.0, help="target CPU ratio")
    parser.add_argument("--redis", default="", help="a Redis URL, e.g. redis://127.0.0.1:6379/5")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-spectators-") as folder:
        port = free_port()
        environment = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY", "bench-only-secret-key"),
            "DJANGO_SETTINGS_MODULE": "belote_club.settings",
            "DJANGO_DEBUG": "false",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "REDIS_URL": args.redis,
            # 4 × N requests from one address: far under the limit, counted all the same.
            "BELOTE_ADDRESS_RATE_LIMIT": str(max(30_000, 10 * args.requests)),
        }
        prepare(Path(folder) / "bench.sqlite3", environment)
        if args.redis:
            subprocess.run(
                [sys.executable, "-c", "import django; django.setup();"
                 "from django.core.cache import cache; cache.clear()"],
                cwd=ROOT, env=environment, check=True,
            )  # fmt: skip
        server = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "belote_club.wsgi",
             "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
             "--log-level", "warning"],
            cwd=ROOT, env=environment,
        )  # fmt: skip
        try:
            base = f"http://127.0.0.1:{port}/concours/{SLUG}/"
            deadline = time.monotonic() + 60
            while True:
                try:
                    get(base)
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise
                    time.sleep(0.2)
            fresh, cached = f"{base}?sort=rank&fresh=1", f"{base}?sort=rank"
            if standings_of(get(fresh)[1]) != standings_of(get(cached)[1]):
                print("the cached standings differ from the rendered ones")
                return 1
            backend = "Redis" if args.redis else "local memory"
            print(f"{args.requests} GETs of the standings (16 teams), cache in {backend}:")
            results = {}
            for way, url in (("without cache", fresh), ("with cache", cached)):
                for mode, clients in (("sequential", 1), (f"{args.clients} at once", args.clients)):
                    results[way, mode] = run(url, args.requests, clients, server.pid)
                    show(way, mode, results[way, mode])
        finally:
            server.terminate()
            server.wait(timeout=30)
    concurrent = f"{args.clients} at once"
    ratio = results["without cache", concurrent]["cpu_per_request"] / max(
        results["with cache", concurrent]["cpu_per_request"], 1e-9
    )
    verdict = "ok" if ratio >= args.ratio else "under target"
    print(f"workers' CPU per request, without / with cache: {ratio:.1f}x, target {args.ratio:.0f}x: "
          f"{verdict}")  # fmt: skip
    return 0 if ratio >= args.ratio else 1


if __name__ == "__main__":
    sys.exit(main())
