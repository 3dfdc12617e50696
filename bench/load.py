"""Benchmark: 75 tables writing from their phones to gunicorn, as ./run serves it.

Usage: .venv/bin/python bench/load.py [--slow-seconds S] [--fast-seconds S]
                                      [--saturated-seconds S] [--port P] [--no-targets]

Sets up a concours on a fresh database, through the services (create_tournament,
register_teams, check_in_all, draw_round, publish_round): 150 teams, round 1 drawn and published, so 75
tables of two team links. The database is a SQLite file in a temporary folder, or, when
DATABASE_URL is set, that PostgreSQL database, dropped and created again (its name must
contain "bench", so that no real database is ever dropped). Then starts gunicorn as
./run does (``belote_club.wsgi --config gunicorn.conf.py``: its workers and threads, access
log; DEBUG off, after collectstatic) on 127.0.0.1 and drives the 75 tables over loopback with the requests
the phone's script sends (static/js/table_offline.js): each phone loads its team page
(CSRF cookie and token); deal 1 of every table is played first, all tables at once, and not
counted (the warm-up: every worker, thread and database connection has written once, as
in a hall that has been playing for a while); then a deal is a POST of the deal form by one team
(``Idempotency-Key``, ``HX-Request``, ``Belote-Keeps-Form``: its page holds a blank deal
form, the form's fields with ``csrfmiddlewaretoken``),
then a POST of « Confirmer » by the opponents (``seen=number:version``); the teams take
turns entering. Every answer must be 200 with a success notice.

Three paces, one after the other, each timed per request (send to last byte):
- slow: a fast hall, 75 deals a minute (each entered, then confirmed): 2.5 writes/s;
- fast: ten times that, 750 deals a minute: 25 writes/s;
- saturated: every table at once, each entering and confirming as fast as it is answered.
Each pace is run twice: first with the bare view ``/healthz`` (every middleware, no query,
no template) at the same request rate, as the baseline, then with the writes. Prints
p50/p95/p99, requests/s and the server's CPU per request: the CPU time of gunicorn's
processes (the scheduler's count of their threads, /proc/<pid>/task/<tid>/schedstat,
before and after the pace), plus, on PostgreSQL, that of the
server's backends for the bench database. Exits 1 when a write failed or a target is
missed: slow p95 <= 25 ms, fast p95 <= 100 ms, saturated >= 150 writes/s, and at most
8 ms of server CPU a write (gunicorn and the database together), unless --no-targets.

Only loopback addresses are used; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import dataclasses
import http.client
import os
import queue
import random
import re
import runpy
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLES = 75
TEAMS = 2 * TABLES
DEALS = 12
HOST = "127.0.0.1"
# The number of gunicorn workers ./run starts, read from its settings file.
WORKERS = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["workers"]
#: Targets (issue 15): p95 in ms at the slow and fast paces, writes/s saturated, CPU ms/write.
TARGET_P95 = {"slow": 25.0, "fast": 100.0}
TARGET_WRITES_PER_SECOND = 150.0
TARGET_CPU_MS = 8.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: The bench's own secret key (Django's deploy check wants 50 characters or more).
SECRET_KEY = "bench-only-secret-key-" + "k" * 40


# --- The concours ----------------------------------------------------------------------


def fresh_database(folder: Path) -> str:
    """Return the DATABASE_URL to use: a new SQLite file in ``folder``, or the PostgreSQL
    database of $DATABASE_URL dropped and created again."""
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        return f"sqlite:///{folder / 'bench.sqlite3'}"
    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    if "bench" not in name:
        sys.exit(f"DATABASE_URL names {name!r}: the bench drops it, so its name must hold 'bench'")
    import psycopg

    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return url


def build(database_url: str) -> list[tuple[str, str]]:
    """Migrate, create the concours and publish round 1; return each table's two team
    tokens, (team A's, team B's), in table order."""
    os.environ["DATABASE_URL"] = database_url
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_club.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", SECRET_KEY)
    import django

    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Club, Match, TeamData, TeamLink

    call_command("migrate", verbosity=0)
    rng = random.Random(1)
    club = Club.objects.create(name="Club de belote de Saint-Étienne")
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Grand concours de coinche de la Saint-Sylvestre",
            "date": timezone.localdate(),
            "venue": "Salle des fêtes",
            "match_format_value": DEALS,
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[
            TeamData(player_1=f"Joséphine Lefèvre-{n}", player_2=f"François Cœurderoy-{n}")
            for n in range(1, TEAMS + 1)
        ],
        rng=rng,
    )
    services.check_in_all(tournament=tournament)
    round_ = services.draw_round(tournament=tournament, seed=1)
    services.publish_round(round=round_, now=timezone.now())
    tokens = {link.team_id: link.token for link in TeamLink.objects.filter(revoked_at__isnull=True)}
    matches = Match.objects.filter(round=round_).order_by("table_number")
    return [(tokens[m.team_a_id], tokens[m.team_b_id]) for m in matches]


# --- The server ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(database_url: str, port: int, folder: Path) -> subprocess.Popen:
    """Start gunicorn as ./run does (gunicorn.conf.py) and wait for all its workers."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SECRET_KEY=env.get("DJANGO_SECRET_KEY") or SECRET_KEY,
        DJANGO_DEBUG="false",
        DJANGO_ALLOWED_HOSTS=f"localhost,{HOST}",
        DJANGO_CSRF_TRUSTED_ORIGINS=f"http://{HOST}:{port}",
    )
    python = ROOT / ".venv" / "bin" / "python"
    subprocess.run(
        [python, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    log = open(folder / "access.log", "w")  # noqa: SIM115 (closed with the process)
    server = subprocess.Popen(
        [ROOT / ".venv" / "bin" / "gunicorn", "belote_club.wsgi", "--bind", f"{HOST}:{port}"]
        + ["--config", ROOT / "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=log,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200 and len(worker_pids(server.pid)) == WORKERS:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    sys.exit("gunicorn did not answer within 60 s")


def worker_pids(master: int) -> list[int]:
    """Return gunicorn's worker processes: the children of ``master``."""
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def postgres_backends(database: str) -> list[int]:
    """Return the PostgreSQL server processes serving ``database`` ("" when SQLite)."""
    if not database:
        return []
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if title.startswith("postgres:") and f" {database} " in title:
                pids.append(int(entry.name))
    return pids


def cpu_seconds(pids: list[int]) -> float:
    """Return the CPU time (seconds) the processes ``pids`` have used.

    Read to the nanosecond from the scheduler's count of each thread
    (``/proc/<pid>/task/<tid>/schedstat``, its first field), where the kernel has it:
    ``/proc/<pid>/stat``'s utime + stime come in ticks of 10 ms, a rounding of up to
    10 ms a process at each reading, which over the slow pace's 50 requests and
    PostgreSQL's 8 backends weighs up to 2 ms a request. The threads of these processes
    live as long as they do (gunicorn's pool, the SQLite lock's helpers), so none is
    missed. Without schedstat, utime + stime.
    """
    total = 0.0
    for pid in pids:
        try:
            total += (
                sum(
                    int((task / "schedstat").read_text().split()[0])
                    for task in Path(f"/proc/{pid}/task").iterdir()
                )
                / 1e9
            )
            continue
        except (OSError, ValueError, IndexError):
            pass
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime
    return total


# --- The phones ------------------------------------------------------------------------


class Phone:
    """One team's phone: a keep-alive connection, its cookies and its CSRF token."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.token = token
        self.connection = http.client.HTTPConnection(HOST, port, timeout=60)
        self.cookies: dict[str, str] = {"django_language": "fr"}
        self.csrf = ""

    def request(
        self, method: str, path: str, body: str = "", headers: dict[str, str] | None = None
    ) -> tuple[int, str, float]:
        """Send one request; return its status, body and seconds from send to last byte."""
        sent = {
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
            "Accept-Language": "fr",
            **(headers or {}),
        }
        start = time.perf_counter()
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body or None, headers=sent)
                response = self.connection.getresponse()
                text = response.read().decode()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed while idle: open another.
                self.connection.close()
                self.connection = http.client.HTTPConnection(HOST, self.port, timeout=60)
                start = time.perf_counter()
                if attempt == 2:
                    raise
        seconds = time.perf_counter() - start
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie = value.split(";", 1)[0]
                key, _, val = cookie.partition("=")
                self.cookies[key.strip()] = val.strip()
        return response.status, text, seconds

    def open_page(self) -> None:
        """Load the team's page, as the phone does first: cookies and CSRF token."""
        status, text, _ = self.request("GET", f"/table/{self.token}/")
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        if status != 200 or not found:
            raise RuntimeError(f"team page {self.token}: status {status}, no form")
        self.csrf = found.group(1)

    def post(self, path: str, fields: list[tuple[str, str]]) -> tuple[int, str, float]:
        """POST ``fields`` as table_offline.js does: form-encoded, with a new key."""
        body = urllib.parse.urlencode([("csrfmiddlewaretoken", self.csrf), *fields])
        return self.request(
            "POST",
            path,
            body,
            {
                "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
                "HX-Request": "true",
                "HX-Current-URL": f"http://{HOST}:{self.port}/table/{self.token}/",
                "Idempotency-Key": f'"{uuid.uuid4()}"',
                # The phone keeps its blank deal form (views/table/board.py KEEPS_FORM).
                "Belote-Keeps-Form": "1",
                "Origin": f"http://{HOST}:{self.port}",
            },
        )


def deal_fields(rng: random.Random, number: int) -> list[tuple[str, str]]:
    """Return the deal form's fields for deal ``number``: a coinche deal, made or not
    (made deals mostly), as the form on the page sends them (declarations left empty)."""
    contract = rng.choice((80, 90, 100, 110, 120))
    tricks = rng.randint(3, 7)
    points = rng.randint(max(20, contract - 30), min(150, contract + 40))
    fields = [
        ("deal_number", str(number)),
        ("taker", rng.choice("AB")),
        ("trump", rng.choice("SHDC")),
        ("contract", str(contract)),
        ("coinche", "none"),
        ("taker_tricks", str(tricks)),
        ("taker_card_points", str(points)),
        ("taker_belotes", "0"),
        ("defence_belotes", "0"),
    ]
    for side in ("taker", "defence"):
        fields += [(f"{side}_declaration_{index}", "") for index in range(1, 4)]
    return fields


@dataclasses.dataclass
class Table:
    """A table: its two phones, the next deal's number, its generator of deals."""

    number: int
    phones: tuple[Phone, Phone]
    rng: random.Random
    next_deal: int = 1

    @property
    def is_over(self) -> bool:
        return self.next_deal > DEALS


class Failure(Exception):
    """A write answered with anything but 200 and a success notice."""


def play_deal(table: Table, record: Callable[[str, float], None]) -> None:
    """Enter the table's next deal on one phone, then confirm it on the other."""
    number = table.next_deal
    enter, confirm = table.phones if number % 2 else table.phones[::-1]
    status, text, seconds = enter.post(
        f"/table/{enter.token}/parties/1/donne/", deal_fields(table.rng, number)
    )
    record("deal", seconds)
    if status != 200 or "notice-success" not in text:
        raise Failure(f"table {table.number}, deal {number}: {status} {notice_of(text)}")
    status, text, seconds = confirm.post(
        f"/table/{confirm.token}/parties/1/donnes/{number}/confirmer/", [("seen", f"{number}:1")]
    )
    record("confirm", seconds)
    if status != 200 or "notice-success" not in text:
        raise Failure(f"table {table.number}, confirm {number}: {status} {notice_of(text)}")
    table.next_deal += 1


def warm_up(tables: list[Table]) -> list[str]:
    """Play deal 1 of every table (entered, then confirmed), all tables at once, untimed;
    return the failures.

    As bench/writes.py leaves its first deal out: each gunicorn worker and thread, and on
    PostgreSQL each connection, meets the writes before anything is measured (Python's
    per-process caches of the forms and the board, the prepared statements and their
    plans). A hall plays for hours: the paces measure that, not the first writes after
    the server started, which ``warm-up`` prints apart.
    """
    failures: list[str] = []

    def one(table: Table) -> None:
        try:
            play_deal(table, lambda kind, seconds: None)
        except Failure as failure:
            failures.append(str(failure))

    threads = [threading.Thread(target=one, args=(table,), daemon=True) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return failures


def bare_pair(table: Table, record: Callable[[str, float], None]) -> None:
    """The baseline of a deal: two GETs of /healthz, one from each phone."""
    for phone in table.phones:
        status, text, seconds = phone.request("GET", "/healthz")
        record("bare", seconds)
        if status != 200 or text != "ok":
            raise Failure(f"/healthz: {status}")


def notice_of(text: str) -> str:
    found = re.search(r'class="notice[^"]*"[^>]*>(.*?)<', text, re.S)
    return found.group(1).strip() if found else text[:200]


# --- The paces -------------------------------------------------------------------------


@dataclasses.dataclass
class Outcome:
    """What one pace measured: request times (s) by kind, wall time, server CPU (s)."""

    pace: str
    kind: str
    times: dict[str, list[float]]
    seconds: float
    cpu_app: float
    cpu_database: float
    failures: list[str]

    @property
    def all_times(self) -> list[float]:
        return [t for times in self.times.values() for t in times]


def run_pace(
    tables: list[Table],
    job: Callable[[Table, Callable[[str, float], None]], None],
    *,
    per_minute: float | None,
    seconds: float,
    pids: Callable[[], list[int]],
    database_pids: Callable[[], list[int]],
) -> tuple[dict[str, list[float]], float, float, float, list[str]]:
    """Run ``job`` at the tables: ``per_minute`` events a minute across the hall, evenly
    spaced and dealt to the tables in turn (None: every table as fast as it is answered),
    for ``seconds``. A table's events run one after the other, on its own thread."""
    times: dict[str, list[float]] = {}
    failures: list[str] = []
    lock = threading.Lock()

    def record(kind: str, value: float) -> None:
        with lock:
            times.setdefault(kind, []).append(value)

    queues: list[queue.Queue] = [queue.Queue() for _ in tables]
    start = time.monotonic() + 0.5
    end = start + seconds
    if per_minute is not None:
        interval = 60.0 / per_minute
        count = int(seconds / interval)
        for index in range(count):
            queues[index % len(tables)].put(start + index * interval)
    for waiting in queues:
        waiting.put(None)

    def worker(table: Table, waiting: queue.Queue) -> None:
        try:
            if per_minute is None:
                while time.monotonic() < start:
                    time.sleep(0.001)
                while time.monotonic() < end and not (job is play_deal and table.is_over):
                    job(table, record)
                return
            while (due := waiting.get()) is not None:
                delay = due - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                if job is play_deal and table.is_over:
                    return
                job(table, record)
        except Failure as failure:
            with lock:
                failures.append(str(failure))

    threads = [
        threading.Thread(target=worker, args=(table, waiting), daemon=True)
        for table, waiting in zip(tables, queues, strict=True)
    ]
    app_pids, db_pids = pids(), database_pids()
    cpu_app, cpu_db = cpu_seconds(app_pids), cpu_seconds(db_pids)
    for thread in threads:
        thread.start()
    while time.monotonic() < start:
        time.sleep(0.001)
    for thread in threads:
        thread.join(timeout=max(1.0, end + 120 - time.monotonic()))
    wall = time.monotonic() - start
    cpu_app = cpu_seconds(app_pids) - cpu_app
    cpu_db = cpu_seconds(db_pids) - cpu_db
    return times, wall, cpu_app, cpu_db, failures


def percentile(values: list[float], fraction: float) -> float:
    """Return the ``fraction`` quantile of ``values`` (nearest rank), in ms."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return 1000 * ordered[rank - 1]


def describe(outcome: Outcome) -> str:
    times = outcome.all_times
    requests = len(times)
    cpu = outcome.cpu_app + outcome.cpu_database
    kinds = ", ".join(
        f"{kind} p95 {percentile(values, 0.95):.1f}" for kind, values in outcome.times.items()
    )
    database = (
        f" + database {1000 * outcome.cpu_database / requests:.2f}" if outcome.cpu_database else ""
    )
    return (
        f"{outcome.pace:9} {outcome.kind:6} {requests:5} requests in {outcome.seconds:5.1f} s "
        f"= {requests / outcome.seconds:6.1f}/s; p50 {percentile(times, 0.5):6.1f} ms, "
        f"p95 {percentile(times, 0.95):6.1f} ms, p99 {percentile(times, 0.99):6.1f} ms "
        f"({kinds}); server CPU {1000 * cpu / requests:.2f} ms/request "
        f"(gunicorn {1000 * outcome.cpu_app / requests:.2f}{database})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow-seconds", type=float, default=40.0)
    parser.add_argument("--fast-seconds", type=float, default=16.0)
    parser.add_argument("--saturated-seconds", type=float, default=30.0)
    parser.add_argument("--port", type=int, default=0, help="0: a free one")
    parser.add_argument(
        "--no-targets", action="store_true", help="always exit 0 unless a write fails"
    )
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-load-"))
    server = None
    try:
        database_url = fresh_database(folder)
        is_postgres = database_url.startswith("postgres")
        started = time.perf_counter()
        pairs = build(database_url)
        print(
            f"{len(pairs)} tables set up in {time.perf_counter() - started:.1f} s "
            f"({'PostgreSQL' if is_postgres else 'SQLite'})"
        )
        port = args.port or free_port()
        server = start_server(database_url, port, folder)
        rng = random.Random(7)
        tables = [
            Table(n, (Phone(port, a), Phone(port, b)), random.Random(rng.random()))
            for n, (a, b) in enumerate(pairs, start=1)
        ]
        for table in tables:
            for phone in table.phones:
                phone.open_page()
        started = time.perf_counter()
        warm_failures = warm_up(tables)
        print(
            f"warm-up: deal 1 of each table, {2 * len(tables)} writes in "
            f"{time.perf_counter() - started:.1f} s, not counted"
        )
        for failure in warm_failures[:5]:
            print(f"  FAILED: {failure}")
        database = urllib.parse.urlsplit(database_url).path.lstrip("/") if is_postgres else ""
        master = server.pid

        def app_pids() -> list[int]:
            return [master, *worker_pids(master)]

        def database_pids() -> list[int]:
            return postgres_backends(database)

        paces = [
            ("slow", 75.0, args.slow_seconds),
            ("fast", 750.0, args.fast_seconds),
            ("saturated", None, args.saturated_seconds),
        ]
        outcomes = []
        for pace, per_minute, seconds in paces:
            for kind, job in (("bare", bare_pair), ("writes", play_deal)):
                if kind == "bare" and per_minute is None:
                    seconds_here = min(seconds, 10.0)
                else:
                    seconds_here = seconds
                times, wall, cpu_app, cpu_db, failures = run_pace(
                    tables,
                    job,
                    per_minute=per_minute,
                    seconds=seconds_here,
                    pids=app_pids,
                    database_pids=database_pids,
                )
                outcome = Outcome(pace, kind, times, wall, cpu_app, cpu_db, failures)
                outcomes.append(outcome)
                print(describe(outcome), flush=True)
                for failure in failures[:5]:
                    print(f"  FAILED: {failure}")
        return verdict(outcomes, with_targets=not args.no_targets) or int(bool(warm_failures))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def verdict(outcomes: list[Outcome], *, with_targets: bool) -> int:
    """Print each target's verdict; return the exit status."""
    ok = not any(outcome.failures for outcome in outcomes)
    writes = {o.pace: o for o in outcomes if o.kind == "writes"}
    bare = {o.pace: o for o in outcomes if o.kind == "bare"}
    lines = []
    for pace, target in TARGET_P95.items():
        p95 = percentile(writes[pace].all_times, 0.95)
        lines.append(
            (
                f"{pace} p95 {p95:.1f} ms (bare {percentile(bare[pace].all_times, 0.95):.1f} ms)",
                p95 <= target,
                f"<= {target:.0f} ms",
            )
        )
    saturated = writes["saturated"]
    rate = len(saturated.all_times) / saturated.seconds
    bare_rate = len(bare["saturated"].all_times) / bare["saturated"].seconds
    lines.append(
        (
            f"saturated {rate:.1f} writes/s (bare {bare_rate:.1f}/s)",
            rate >= TARGET_WRITES_PER_SECOND,
            f">= {TARGET_WRITES_PER_SECOND:.0f}/s",
        )
    )
    for pace, outcome in writes.items():
        cpu = 1000 * (outcome.cpu_app + outcome.cpu_database) / len(outcome.all_times)
        base = bare[pace]
        bare_cpu = 1000 * (base.cpu_app + base.cpu_database) / len(base.all_times)
        lines.append(
            (
                f"{pace} server CPU {cpu:.2f} ms/write (bare {bare_cpu:.2f} ms)",
                cpu <= TARGET_CPU_MS,
                f"<= {TARGET_CPU_MS:.0f} ms",
            )
        )
    for text, met, target in lines:
        print(f"{text}: target {target}: {'ok' if met else 'MISSED'}")
        ok = ok and (met or not with_targets)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
