"""Two app processes on one PostgreSQL database, with Redis, behave as one.

Two gunicorn processes serve the site on two ports of 127.0.0.1, on this test run's
PostgreSQL database and its Redis (``DATABASE_URL`` and ``REDIS_URL``; the test is skipped
without them, as on ./test's SQLite run; .ci/run sets both for its PostgreSQL run). A deal
written and confirmed through the first process shows at once in the standings read
through the second; and a page one process rendered is served by the other from Redis.
"""

import datetime
import html
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import Match, Team, Tournament
from tournaments.services.cache import results_changed

pytestmark = pytest.mark.skipif(
    not (
        os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
        and os.environ.get("REDIS_URL")
    ),
    reason="needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): two processes share "
    "nothing else; .ci/run's PostgreSQL run sets both",
)

ROOT = Path(__file__).resolve().parents[3]
NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
#: What a phone sends for a made 90 ♥ by its team: 104 card points, 5 tricks (190 – 60).
DEAL = {
    "deal_number": "1",
    "taker": "A",
    "trump": "H",
    "contract": "90",
    "coinche": "none",
    "taker_tricks": "5",
    "taker_card_points": "104",
    "taker_belotes": "0",
    "defence_belotes": "0",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One gunicorn process of the site on 127.0.0.1:``port``, with a browser's cookies."""

    def __init__(self, environment: dict[str, str]) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("gunicorn")),
                "belote_club.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "1",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=environment,
        )
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def wait(self, seconds: float = 60) -> None:
        """Wait until it answers (at most ``seconds``)."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                self.get("/")
                return
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.2)

    def get(self, path: str) -> str:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", headers={"Cookie": "django_language=fr"}
        )
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, data: dict[str, str], token: str) -> str:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=urllib.parse.urlencode(data).encode(),
            headers={"X-CSRFToken": token, "HX-Request": "true"},
        )
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


@pytest.fixture
def servers(transactional_db):
    """Two processes of the site on the test database and Redis, stopped after the test
    (before the test database is dropped)."""
    database = connection.settings_dict
    url = (
        f"postgres://{urllib.parse.quote(database['USER'] or '')}:"
        f"{urllib.parse.quote(database['PASSWORD'] or '')}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{database['NAME']}"
    )
    environment = {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": settings.REDIS_URL,
        "DJANGO_DEBUG": "false",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
    }
    pair = [Server(environment), Server(environment)]
    try:
        for server in pair:
            server.wait()
        yield pair
    finally:
        for server in pair:
            server.stop()


def standings(page: str) -> list[tuple[str, str, str]]:
    """The standings of a tournament's page: (team, players, points) per row."""

    class Page:
        content = page.encode()

    return [(row[1], row[2], row[4]) for row in table_rows(Page, "standings")[1:]]


def csrf_token(page: str) -> str:
    return html.unescape(re.findall(r'"X-CSRFToken": "([^"]+)"', page)[0])


def test_a_deal_confirmed_through_one_process_shows_through_the_other(servers):
    writer, reader = servers
    tournament = TournamentFactory(slug="t", match_format_value=1)
    first, second = (
        TeamFactory(tournament=tournament, number=n, player_1=f"J{n}a", player_2=f"J{n}b")
        for n in (1, 2)
    )
    MatchFactory(round=RoundFactory(tournament=tournament), team_a=first, team_b=second)
    services.ensure_team_links(tournament=tournament, now=NOW)
    links = selectors.match_links(match=Match.objects.get())
    before = standings(reader.get("/concours/t/"))

    page = writer.get(f"/table/{links['A'].link.token}/")
    writer.post(f"/table/{links['A'].link.token}/parties/1/donne/", DEAL, csrf_token(page))
    writer.post(
        f"/table/{links['B'].link.token}/parties/1/donnes/1/confirmer/",
        {"seen": "1:1"},
        csrf_token(page),
    )
    after = standings(reader.get("/concours/t/"))

    assert before == [("1", "J1a / J1b", "0"), ("2", "J2a / J2b", "0")]
    assert after == [("1", "J1a / J1b", "190"), ("2", "J2a / J2b", "60")]


def test_a_page_one_process_rendered_is_served_by_the_other_from_redis(servers):
    first, second = servers
    tournament = TournamentFactory(slug="t")
    TeamFactory(tournament=tournament, number=1, player_1="Anne", player_2="Marc")
    rendered = standings(first.get("/concours/t/"))

    # Behind the services' back: no new results version, so the cached page stays.
    Team.objects.update(player_1="Zoé")
    served = [standings(server.get("/concours/t/")) for server in (second, first, second)]
    results_changed(Tournament.objects.get())
    renewed = standings(second.get("/concours/t/"))

    assert rendered == [("1", "Anne / Marc", "0")]
    assert served == [rendered, rendered, rendered]
    assert renewed == [("1", "Zoé / Marc", "0")]
