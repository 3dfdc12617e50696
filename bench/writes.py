"""Benchmark: server CPU of the table phones' writes, in one process (no gunicorn).

Usage: .venv/bin/python bench/writes.py [--tables N] [--deals D] [--profile FILE]
                                        [--target MS] [--answers FILE]

Sets up the concours of bench/load.py (its ``build``: 150 teams, round 1 drawn and
published, 12 deals a match) in a SQLite file in a temporary folder, or, when DATABASE_URL
is set, in that PostgreSQL database, dropped and created again as bench/load.py's
``fresh_database`` does (its name must hold "bench", e.g. belote_bench_NAME), then sends, through
Django's test client (every middleware, DEBUG off, answers in French), the requests of the
phone's script (static/js/table_offline.js) at the first ``--tables`` tables: per deal, a
POST of the deal form by one team (form-encoded, ``Idempotency-Key``, ``HX-Request``,
``Belote-Keeps-Form``: the phone keeps its blank form) and a POST of
« Confirmer » by the other (``seen=number:version``), the teams taking turns. Deal 1 of
each table is sent first and not counted (connections and caches warm up); deals 2 to
``--deals`` and their confirmations are timed with ``time.process_time`` (the process's
CPU, robust to other processes' load on a shared machine). On PostgreSQL that is the CPU
of this process only (Django, psycopg, the client side of each round trip): the
backend's CPU, in its own process, is not counted here (bench/load.py counts it). Prints the CPU per write, per
deal and per confirmation, the queries of the last of each (with ``--statements``, their
SQL), and the CPU of a fixed loop
(how fast the machine runs Python just then); with ``--profile`` writes the timed
part's cProfile statistics to FILE; with ``--answers`` writes every answer's body to FILE
(the team tokens and CSRF tokens replaced by placeholders), so that two versions of the
site can be checked to answer the same HTML (``cmp``). Exits 1 when a write fails or, with ``--target``,
when the CPU per write is above MS.
"""

from __future__ import annotations

import argparse
import cProfile
import random
import re
import shutil
import sys
import tempfile
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # noqa: E402 (bench/load.py: the concours and the phone's fields)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--profile", default="")
    parser.add_argument("--target", type=float, default=0.0, help="CPU ms a write; 0: none")
    parser.add_argument("--answers", default="", help="write the answers' bodies to FILE")
    parser.add_argument("--statements", action="store_true", help="print the last write's SQL")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-writes-"))
    try:
        pairs = load.build(load.fresh_database(folder))[: args.tables]
        return run(pairs, args)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(pairs: list[tuple[str, str]], args: argparse.Namespace) -> int:
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    settings.ALLOWED_HOSTS = ["testserver"]
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.cookies["django_language"] = "fr"
    headers = {
        "HX-Request": "true",
        "HX-Current-URL": "http://testserver/table/",
        "Belote-Keeps-Form": "1",
    }
    rng = random.Random(7)
    rngs = [random.Random(rng.random()) for _ in pairs]
    counter = QueryCounter()
    answers: list[str] = []
    last_statements: list[str] = []

    def write(token: str, path: str, fields: list[tuple[str, str]]) -> int:
        response = client.post(
            f"/table/{token}/parties/1/{path}",
            urllib.parse.urlencode(fields),
            content_type="application/x-www-form-urlencoded",
            headers={**headers, "Idempotency-Key": f'"{uuid.uuid4()}"'},
        )
        body = response.content.decode()
        if response.status_code != 200 or "notice-success" not in body:
            raise SystemExit(f"{path}: {response.status_code} {load.notice_of(body)}")
        if args.answers:
            answers.append(body)
        return response.status_code

    def play(table: int, number: int) -> tuple[float, float, int, int]:
        a, b = pairs[table]
        enter, confirm = (a, b) if number % 2 else (b, a)
        fields = load.deal_fields(rngs[table], number)
        with connection.execute_wrapper(counter):
            start = time.process_time()
            write(enter, "donne/", fields)
            middle = time.process_time()
            deal_queries = counter.reset()
            deal_statements = counter.last
            write(confirm, f"donnes/{number}/confirmer/", [("seen", f"{number}:1")])
            end = time.process_time()
            confirm_queries = counter.reset()
        if args.statements:
            last_statements[:] = [*deal_statements, "--- confirmation", *counter.last]
        return middle - start, end - middle, deal_queries, confirm_queries

    for table in range(len(pairs)):
        for token in pairs[table]:
            client.get(f"/table/{token}/")
        play(table, 1)
    profiler = cProfile.Profile() if args.profile else None
    deal_cpu = confirm_cpu = 0.0
    deal_queries = confirm_queries = 0
    count = 0
    if profiler:
        profiler.enable()
    for number in range(2, args.deals + 1):
        for table in range(len(pairs)):
            d, c, dq, cq = play(table, number)
            deal_cpu, confirm_cpu = deal_cpu + d, confirm_cpu + c
            deal_queries, confirm_queries = dq, cq
            count += 1
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.profile)
    if args.answers:
        _write_answers(args.answers, answers, pairs)
    per_write = 1000 * (deal_cpu + confirm_cpu) / (2 * count)
    print(f"calibration: {calibration():.1f} ms CPU for a fixed pure-Python loop")
    print(
        f"{2 * count} writes ({count} deals + confirmations, {len(pairs)} tables): "
        f"{per_write:.2f} ms CPU a write (deal {1000 * deal_cpu / count:.2f} ms, "
        f"{deal_queries} queries; confirmation {1000 * confirm_cpu / count:.2f} ms, "
        f"{confirm_queries} queries)"
    )
    print(f"database: {connection.vendor}")
    for sql in last_statements:
        print("  ", sql[:160])
    if args.target and per_write > args.target:
        print(f"target {args.target:.1f} ms a write: MISSED")
        return 1
    return 0


class QueryCounter:
    """Count the queries sent (a database execute wrapper: cheaper than Django's query
    log, which would add its own CPU to every query timed), keeping the SQL of those
    since the last ``reset`` (``statements``; the text only, no parameters)."""

    def __init__(self) -> None:
        self.count = 0
        self.statements: list[str] = []
        self.last: list[str] = []

    def __call__(self, execute, sql, params, many, context):  # noqa: ANN001, ANN204
        self.count += 1
        self.statements.append(sql)
        return execute(sql, params, many, context)

    def reset(self) -> int:
        """Return the count so far and start again from 0 (the statements so far in
        ``last``)."""
        count, self.count = self.count, 0
        self.last, self.statements = self.statements, []
        return count


def calibration() -> float:
    """Return the CPU ms of a fixed loop: how fast this machine runs Python just now
    (a loaded VM's CPU is slower; compare runs by their ratio to it)."""
    start = time.process_time()
    total = 0
    for number in range(2_000_000):
        total += number % 7
    return 1000 * (time.process_time() - start)


def _write_answers(path: str, answers: list[str], pairs: list[tuple[str, str]]) -> None:
    """Write ``answers`` to ``path``, each team's token as ``<team N>`` and every CSRF
    token as ``<csrf>`` (both differ from one run to the next)."""
    tokens = {token: f"<team {n}>" for n, token in enumerate(t for pair in pairs for t in pair)}
    pattern = re.compile("|".join(re.escape(token) for token in tokens))
    csrf = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')
    with open(path, "w", encoding="utf-8") as out:
        for body in answers:
            body = pattern.sub(lambda found: tokens[found.group(0)], body)
            out.write(csrf.sub(r'\1<csrf>"', body) + "\n")


if __name__ == "__main__":
    sys.exit(main())
