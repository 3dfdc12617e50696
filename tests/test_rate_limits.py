"""Rate limits per table link and per address (belote_club/rate_limits.py and its middleware):
generous counts per window, a French 429 page over them, and a new count each window."""

import concurrent.futures
import datetime
import hashlib
import html
import re
import threading

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory

from belote_club.rate_limits import RateDecision, _start_count, record_request
from belote_club.views import too_many_requests
from tests.factories import MatchFactory, RoundFactory, TournamentFactory
from tournaments import services
from tournaments.models import TeamLink

#: 1,000,000 s after the epoch lies in the 10-minute window [999,600 s, 1,000,200 s).
NOW = 1_000_000.0
PUBLISHED_AT = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
TOO_MANY_TEXT = [
    "Trop de demandes",
    "Cet appareil, ou le réseau où il se trouve, a envoyé trop de demandes en peu de temps. "
    "Attendez quelques minutes, puis rechargez la page : rien de ce qui est déjà enregistré "
    "n’est perdu.",
]


def count(identifier: str, *, times: int, now: float, scope: str = "address") -> list[RateDecision]:
    return [
        record_request(scope=scope, identifier=identifier, limit=3, window_seconds=600, now=now)
        for _ in range(times)
    ]


def card_text(response) -> list[str]:
    """Return the heading and paragraphs of the page's card, spaces collapsed."""
    card = re.findall(
        r'<section class="card[^"]*">(.*?)</section>', response.content.decode(), re.S
    )
    texts = re.findall(r"<(?:h1|p)[^>]*>(.*?)</(?:h1|p)>", card[0], re.S)
    return [html.unescape(re.sub(r"\s+", " ", text).strip()) for text in texts]


@pytest.fixture
def table_links(db) -> list[TeamLink]:
    """The links of team A at tables 1 and 2 of a published round."""
    round_ = RoundFactory(tournament=TournamentFactory(slug="t"), number=1)
    matches = [MatchFactory(round=round_, table_number=table) for table in (1, 2)]
    services.ensure_team_links(tournament=round_.tournament, now=PUBLISHED_AT)
    return [TeamLink.objects.get(team=match.team_a) for match in matches]


@pytest.fixture
def one_window(settings):
    """Count the requests through the site in one window that ends in the year 2286, so
    that no test's requests fall on both sides of a window's end (the middleware reads the
    clock)."""
    settings.BELOTE_RATE_LIMIT_WINDOW_SECONDS = 10**10
    return settings


def test_the_limits_have_their_defaults(settings):
    assert (
        settings.BELOTE_RATE_LIMIT_WINDOW_SECONDS,
        settings.BELOTE_TABLE_LINK_RATE_LIMIT,
        settings.BELOTE_ADDRESS_RATE_LIMIT,
    ) == (600, 1200, 30_000)


def test_it_allows_the_limit_in_a_window_and_refuses_the_next_request():
    decisions = count("192.168.1.31", times=4, now=NOW)

    assert decisions == [RateDecision(is_allowed=True, retry_after_seconds=200)] * 3 + [
        RateDecision(is_allowed=False, retry_after_seconds=200)
    ]


def test_the_count_lies_in_the_cache_under_the_hashed_identifier_and_the_window():
    count("192.168.1.31", times=2, now=NOW)

    digest = hashlib.sha256(b"192.168.1.31").hexdigest()[:32]
    # Window 1,666 of 600 s: [999,600 s, 1,000,200 s).
    assert cache.get(f"rate-limit:address:{digest}:1666") == 2


def test_a_count_another_request_just_started_is_counted_on():
    cache.set("rate-limit:address:started:1666", 1, timeout=600)

    counted = _start_count(cache, "rate-limit:address:started:1666", timeout=600)

    assert (counted, cache.get("rate-limit:address:started:1666")) == (2, 2)


def test_requests_from_many_threads_starting_a_window_are_each_counted_once():
    """8 threads send 25 requests each at once, in one fresh window, against a limit of
    100: exactly 100 are allowed (the count is atomic within the process)."""
    start = threading.Barrier(8)

    def send() -> list[bool]:
        start.wait()
        return [
            record_request(
                scope="address", identifier="192.168.1.31", limit=100, window_seconds=600, now=NOW
            ).is_allowed
            for _ in range(25)
        ]

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        answers = [allowed for sent in pool.map(lambda _: send(), range(8)) for allowed in sent]

    assert (answers.count(True), answers.count(False)) == (100, 100)


def test_the_count_starts_again_in_the_next_window():
    refused = count("192.168.1.31", times=4, now=NOW)[-1]

    next_window = count("192.168.1.31", times=4, now=NOW + 200)

    assert refused == RateDecision(is_allowed=False, retry_after_seconds=200)
    assert next_window == [RateDecision(is_allowed=True, retry_after_seconds=600)] * 3 + [
        RateDecision(is_allowed=False, retry_after_seconds=600)
    ]


def test_it_waits_at_least_a_second_at_the_end_of_a_window():
    decision = count("192.168.1.31", times=1, now=NOW + 199.5)

    assert decision == [RateDecision(is_allowed=True, retry_after_seconds=1)]


def test_each_identifier_and_each_scope_counts_apart():
    count("192.168.1.31", times=3, now=NOW)

    other_address = count("192.168.1.32", times=1, now=NOW)
    other_scope = count("192.168.1.31", times=1, now=NOW, scope="table-link")

    assert (other_address, other_scope) == (
        [RateDecision(is_allowed=True, retry_after_seconds=200)],
        [RateDecision(is_allowed=True, retry_after_seconds=200)],
    )


def test_a_table_link_over_its_limit_gets_the_french_page(table_links, one_window):
    one_window.BELOTE_TABLE_LINK_RATE_LIMIT = 3
    phones = [Client(REMOTE_ADDR=f"192.168.1.{n}") for n in (31, 32, 33, 34)]
    path = f"/table/{table_links[0].token}/"

    statuses = [phone.get(path).status_code for phone in phones[:3]]
    refused = phones[3].get(path)

    assert (statuses, refused.status_code, card_text(refused)) == (
        [200, 200, 200],
        429,
        TOO_MANY_TEXT,
    )


def test_a_table_link_under_its_limit_is_served_whatever_the_other_tables_sent(
    table_links, one_window
):
    one_window.BELOTE_TABLE_LINK_RATE_LIMIT = 3
    phone = Client()
    for _ in range(4):
        phone.get(f"/table/{table_links[0].token}/")

    response = phone.get(f"/table/{table_links[1].token}/")

    assert response.status_code == 200


def test_an_address_over_its_limit_gets_the_french_page_and_the_others_are_served(db, one_window):
    one_window.BELOTE_ADDRESS_RATE_LIMIT = 3
    reader = Client(REMOTE_ADDR="192.168.1.31")
    statuses = [reader.get(path).status_code for path in ("/", "/comptes/connexion/", "/")]

    refused = reader.get("/")
    neighbour = Client(REMOTE_ADDR="192.168.1.32").get("/")

    assert (statuses, refused.status_code, card_text(refused), neighbour.status_code) == (
        [200, 200, 200],
        429,
        TOO_MANY_TEXT,
        200,
    )


def test_a_signed_in_organiser_is_not_counted_per_address(desk, one_window):
    one_window.BELOTE_ADDRESS_RATE_LIMIT = 3

    statuses = [desk.get("/").status_code for _ in range(5)]

    assert statuses == [200] * 5


def test_the_too_many_requests_page_speaks_english_to_an_english_visitor(db, one_window):
    one_window.BELOTE_ADDRESS_RATE_LIMIT = 1
    reader = Client()
    reader.cookies["django_language"] = "en"
    reader.get("/")

    refused = reader.get("/")

    assert (refused.status_code, card_text(refused)) == (
        429,
        [
            "Too many requests",
            "This device, or the network it is on, sent too many requests in a short time. "
            "Wait a few minutes, then reload the page: nothing already saved is lost.",
        ],
    )


def test_the_too_many_requests_answer_says_when_the_window_ends(rf: RequestFactory):
    request = rf.get("/")

    response = too_many_requests(request, retry_after_seconds=200)

    assert (response.status_code, response["Retry-After"]) == (429, "200")
