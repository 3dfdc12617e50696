"""Once-only writes of the table phones (services/idempotency.py, views/table/once.py).

A phone resends a write under the same ``Idempotency-Key`` until it gets an answer (IETF
httpapi idempotency-key draft): the repeat gets the first answer back and nothing is
recorded twice; the same key with another request, or another deal under a number
already recorded, is refused, never merged. The race tests run two identical requests
at once in two threads, each with its own connection (PostgreSQL: the second waits on
the key's unique index; SQLite: on the IMMEDIATE transaction).
"""

from __future__ import annotations

import datetime
import html
import itertools
import re
import threading
import time
import zlib

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tournaments import selectors, services
from tournaments.models import Deal, DealStatus, IdempotencyRecord, Seat, TeamLink
from tournaments.services import idempotency

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
KEY = "8e03978e-40d5-43e8-bc93-6894a57f9324"
#: A made deal: 90 ♥ by team A, 5 tricks, 104 card points (190 – 60).
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


def make_match():
    tournament = TournamentFactory(slug="t", name="Concours de la Saint-André")
    round_ = RoundFactory(tournament=tournament, number=1)
    teams = [TeamFactory(tournament=tournament, number=number) for number in (3, 5)]
    match = MatchFactory(round=round_, table_number=1, team_a=teams[0], team_b=teams[1])
    services.ensure_team_links(tournament=tournament, now=NOW)
    return match


@pytest.fixture
def links(db) -> dict[str, Seat]:
    return selectors.match_links(match=make_match())


def phone() -> Client:
    """A phone at the table, in French, as table_offline.js sends: with htmx's header."""
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "fr"
    return client


def url(name: str, seat: Seat, number: int | None = None) -> str:
    """Return the address ``name`` of ``seat``'s team link at its partie."""
    kwargs: dict[str, object] = {"token": seat.link.token, "partie": seat.match.round.number}
    if number is not None:
        kwargs["number"] = number
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def post(client: Client, seat: Seat, data: dict, key: str | None = KEY, name="table-deal"):
    headers = {} if key is None else {"Idempotency-Key": key}
    return client.post(url(name, seat), data, headers=headers)


def notices(response) -> list[tuple[str, str]]:
    found = re.findall(
        r'<p class="notice notice-(\w+)" role="status">(.*?)</p>', response.content.decode(), re.S
    )
    return [(level, html.unescape(text)) for level, text in found]


def deals() -> list[tuple]:
    return list(Deal.objects.values_list("deal_number", "taker", "taker_card_points", "status"))


# The service ------------------------------------------------------------------------------


def run_once(**kwargs) -> services.Outcome:
    """services.run_once with a ``write`` that returns its outcome whole."""
    return services.run_once(answer=lambda outcome: outcome, **kwargs)


def test_a_key_is_read_as_a_structured_string_or_a_bare_token():
    assert (services.parse_key(f'"{KEY}"'), services.parse_key(KEY), services.parse_key("")) == (
        KEY,
        KEY,
        "",
    )


@pytest.mark.parametrize("header", ['""', "a b", "clé", "x" * 101])
def test_an_unreadable_key_is_refused(header):
    with pytest.raises(services.ServiceError) as caught:
        services.parse_key(header)
    assert caught.value.code == services.Refusal.IDEMPOTENCY_KEY_INVALID


def test_the_fingerprint_ignores_the_order_of_the_fields_and_the_csrf_token():
    one = services.fingerprint("post", "/table/x/donne/", [("a", "1"), ("b", "2")])
    same = services.fingerprint(
        "POST", "/table/x/donne/", [("b", "2"), ("csrfmiddlewaretoken", "m"), ("a", "1")]
    )
    other = services.fingerprint("POST", "/table/x/donne/", [("a", "1"), ("b", "3")])
    assert (one == same, one == other, len(one)) == (True, False, 64)


def test_run_once_runs_the_write_once_and_gives_its_outcome_back(db):
    calls = []

    def write() -> services.Outcome:
        calls.append(1)
        return services.Outcome(201, "text/plain", "first", {"HX-Push-Url": "/t/"})

    first = run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=write)
    again = run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=write)

    assert (first.is_replay, again, len(calls)) == (
        False,
        services.Outcome(201, "text/plain", "first", {"HX-Push-Url": "/t/"}, is_replay=True),
        1,
    )


def test_run_once_keeps_keys_apart_per_team_link(db):
    def run(token: str) -> services.Outcome:
        return run_once(
            token=token,
            key=KEY,
            fingerprint="f",
            now=NOW,
            write=lambda: services.Outcome(200, "text/plain", token),
        )

    firsts = [run(token) for token in ("t1", "t2")]
    repeats = [run(token) for token in ("t1", "t2")]

    assert [(o.body, o.is_replay) for o in firsts + repeats] == [
        ("t1", False),
        ("t2", False),
        ("t1", True),
        ("t2", True),
    ]
    assert IdempotencyRecord.objects.count() == 2


def test_run_once_refuses_the_same_key_for_another_request(db):
    run_once(
        token="t", key=KEY, fingerprint="f", now=NOW, write=lambda: services.Outcome(200, "", "")
    )

    with pytest.raises(services.ServiceError) as caught:
        run_once(token="t", key=KEY, fingerprint="g", now=NOW, write=lambda: pytest.fail("ran"))
    assert caught.value.code == services.Refusal.IDEMPOTENCY_MISMATCH


def test_a_write_that_fails_stores_no_key_and_runs_again(db):
    def broken() -> services.Outcome:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=broken)
    outcome = run_once(
        token="t", key=KEY, fingerprint="f", now=NOW, write=lambda: services.Outcome(200, "", "ok")
    )

    assert (outcome.body, outcome.is_replay, IdempotencyRecord.objects.count()) == ("ok", False, 1)


def test_a_key_older_than_a_day_is_forgotten_and_its_repeat_runs_again(db, monkeypatch):
    def outcome(body: str):
        return lambda: services.Outcome(200, "text/plain", body)

    monkeypatch.setattr(idempotency, "SWEEP_EVERY", 10**9)  # no sweep: the key is there
    run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=outcome("old"))
    run_once(token="u", key=KEY, fingerprint="f", now=NOW, write=outcome("other"))
    day_later = NOW + datetime.timedelta(hours=24, seconds=1)

    again = run_once(token="t", key=KEY, fingerprint="other", now=day_later, write=outcome("new"))

    assert (again.body, again.is_replay) == ("new", False)
    assert sorted(IdempotencyRecord.objects.values_list("token", "created_at")) == [
        ("t", day_later),
        ("u", NOW),
    ]


def test_a_key_within_its_day_gets_its_answer_whatever_the_sweep(db, monkeypatch):
    monkeypatch.setattr(idempotency, "SWEEP_EVERY", 1)  # a sweep at every write
    run_once(
        token="t", key=KEY, fingerprint="f", now=NOW, write=lambda: services.Outcome(200, "", "a")
    )
    day_less = NOW + datetime.timedelta(hours=24)

    again = run_once(token="t", key=KEY, fingerprint="f", now=day_less, write=pytest.fail)

    assert (again.body, again.is_replay) == ("a", True)


def test_every_so_many_writes_the_keys_older_than_a_day_of_every_link_are_deleted(db, monkeypatch):
    def write():
        return services.Outcome(200, "text/plain", "ok")

    monkeypatch.setattr(idempotency, "SWEEP_EVERY", 3)
    monkeypatch.setattr(idempotency, "_writes", itertools.count(1))  # the sweep: 3rd write
    run_once(token="t", key="old-t", fingerprint="f", now=NOW, write=write)
    run_once(token="u", key="old-u", fingerprint="f", now=NOW, write=write)
    later = NOW + datetime.timedelta(hours=30)
    run_once(token="v", key="new", fingerprint="f", now=later, write=write)
    kept_after_sweep = sorted(IdempotencyRecord.objects.values_list("key", flat=True))
    run_once(token="t", key="old-t2", fingerprint="f", now=NOW, write=write)
    run_once(token="v", key="new2", fingerprint="f", now=later, write=write)

    assert kept_after_sweep == ["new"]
    assert sorted(IdempotencyRecord.objects.values_list("key", flat=True)) == [
        "new",
        "new2",
        "old-t2",
    ]


def test_the_sweep_reads_the_old_keys_by_their_index(db):
    with CaptureQueriesContext(connection) as queries:
        IdempotencyRecord.objects.filter(created_at__lt=NOW).delete()
    (sweep,) = queries.captured_queries
    indexes = {
        name: (found["columns"], found["index"])
        for name, found in connection.introspection.get_constraints(
            connection.cursor(), IdempotencyRecord._meta.db_table
        ).items()
        if name == "idempotency_created_at"
    }

    assert indexes == {"idempotency_created_at": (["created_at"], True)}
    if connection.vendor == "sqlite":  # PostgreSQL plans a small table as it likes
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN QUERY PLAN {sweep['sql']}")
            plan = [row[-1] for row in cursor.fetchall()]
        assert plan == [
            f"SEARCH {IdempotencyRecord._meta.db_table} USING INDEX "
            "idempotency_created_at (created_at<?)"
        ]


def test_the_stored_body_is_compressed_and_given_back_whole(db):
    board = "<div>Donne 1 enregistrée</div>" * 500
    run_once(
        token="t", key=KEY, fingerprint="f", now=NOW, write=lambda: services.Outcome(200, "", board)
    )

    again = run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=pytest.fail)

    stored = bytes(IdempotencyRecord.objects.get().body)
    assert (again.body == board, len(stored) < len(board.encode()) // 10) == (True, True)
    # Level 1, a 16 KB window: zlib's header says so (RFC 1950: CINFO 6; FLEVEL 0, check 5).
    assert stored[:2] == bytes([0x68, 0x05])


def test_a_body_compressed_with_the_former_window_reads_back(db):
    board = "<div>Donne 1 enregistrée</div>" * 500
    IdempotencyRecord.objects.create(
        token="t",
        key=KEY,
        fingerprint="f",
        status=200,
        content_type="text/html",
        body=zlib.compress(board.encode(), 1),
        created_at=NOW,
    )

    again = run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=pytest.fail)

    assert (again.body, again.is_replay) == (board, True)


# The answer after the commit ---------------------------------------------------------------


def unfinished(token: str = "t", fingerprint: str = "f", at: datetime.datetime = NOW) -> None:
    """Store ``KEY`` as a first request leaves it between its commit and its answer."""
    IdempotencyRecord.objects.create(
        token=token, key=KEY, fingerprint=fingerprint, status=0, created_at=at
    )


@pytest.mark.django_db(transaction=True)
def test_the_answer_is_made_after_the_commit_then_stored():
    seen = []

    def answer(body: str) -> services.Outcome:
        record = IdempotencyRecord.objects.get()
        seen.append((connection.in_atomic_block, record.status))
        return services.Outcome(200, "text/plain", body.upper())

    first = services.run_once(
        token="t", key=KEY, fingerprint="f", now=NOW, write=lambda: "board", answer=answer
    )
    again = services.run_once(
        token="t", key=KEY, fingerprint="f", now=NOW, write=pytest.fail, answer=pytest.fail
    )

    # Outside any transaction, the write committed (its key there, its outcome not yet).
    assert seen == [(False, 0)]
    assert (first.body, again.body, again.is_replay) == ("BOARD", "BOARD", True)


@pytest.mark.django_db(transaction=True)
def test_a_repeat_while_the_first_answers_waits_for_its_answer():
    answering, release = threading.Event(), threading.Event()
    outcomes: dict[str, services.Outcome] = {}

    def slow_answer(body: str) -> services.Outcome:
        answering.set()
        assert release.wait(10)
        return services.Outcome(200, "text/plain", body)

    def first() -> None:
        try:
            outcomes["first"] = services.run_once(
                token="t",
                key=KEY,
                fingerprint="f",
                now=NOW,
                write=lambda: "one",
                answer=slow_answer,
            )
        finally:
            connection.close()

    def repeat() -> None:
        try:
            outcomes["repeat"] = run_once(
                token="t", key=KEY, fingerprint="f", now=NOW, write=pytest.fail
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=repeat)]
    threads[0].start()
    assert answering.wait(10)
    threads[1].start()
    time.sleep(0.2)  # the repeat polls meanwhile
    waited = threads[1].is_alive()
    release.set()
    for thread in threads:
        thread.join(10)

    assert (waited, outcomes["first"].body, outcomes["repeat"].body) == (True, "one", "one")
    assert (outcomes["first"].is_replay, outcomes["repeat"].is_replay) == (False, True)


def test_a_repeat_still_unanswered_after_the_wait_is_refused_to_be_sent_again(db, monkeypatch):
    monkeypatch.setattr(idempotency, "UNFINISHED_WAIT", datetime.timedelta(seconds=0.05))
    unfinished()

    with pytest.raises(services.ServiceError) as caught:
        run_once(
            token="t", key=KEY, fingerprint="f", now=NOW + datetime.timedelta(seconds=5),
            write=pytest.fail,
        )  # fmt: skip

    assert caught.value.code == services.Refusal.IDEMPOTENCY_IN_PROGRESS
    assert IdempotencyRecord.objects.values_list("status", flat=True).get() == 0


def test_a_key_never_answered_for_30_seconds_is_forgotten_and_runs_again(db):
    unfinished()

    again = run_once(
        token="t", key=KEY, fingerprint="f", now=NOW + datetime.timedelta(seconds=31),
        write=lambda: services.Outcome(200, "text/plain", "again"),
    )  # fmt: skip

    assert (again.body, again.is_replay) == ("again", False)
    assert IdempotencyRecord.objects.values_list("status", "created_at").get() == (
        200,
        NOW + datetime.timedelta(seconds=31),
    )


def test_an_unfinished_key_of_another_request_is_refused_at_once(db):
    unfinished(fingerprint="g")

    with pytest.raises(services.ServiceError) as caught:
        run_once(token="t", key=KEY, fingerprint="f", now=NOW, write=pytest.fail)

    assert caught.value.code == services.Refusal.IDEMPOTENCY_MISMATCH


@pytest.mark.django_db(transaction=True)
def test_an_answer_that_fails_keeps_the_write_and_forgets_the_key():
    writes = []

    def broken(body: str) -> services.Outcome:
        raise RuntimeError("the board could not be drawn")

    with pytest.raises(RuntimeError):
        services.run_once(
            token="t", key=KEY, fingerprint="f", now=NOW,
            write=lambda: writes.append("written"), answer=broken,
        )  # fmt: skip
    again = run_once(
        token="t", key=KEY, fingerprint="f", now=NOW,
        write=lambda: services.Outcome(200, "text/plain", "again"),
    )  # fmt: skip

    assert (writes, again.body, again.is_replay) == (["written"], "again", False)


# The views --------------------------------------------------------------------------------


def test_a_deal_sent_twice_with_one_key_is_one_deal_and_the_same_answer(links):
    client = phone()
    first = post(client, links["A"], DEAL)
    again = post(client, links["A"], DEAL)

    assert deals() == [(1, "A", 104, DealStatus.PENDING)]
    assert (first.status_code, again.status_code, again["Idempotent-Replayed"]) == (
        200,
        200,
        "true",
    )
    assert (again.content, again["HX-Push-Url"]) == (first.content, first["HX-Push-Url"])
    assert notices(again) == [
        ("success", "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone.")
    ]
    assert first.has_header("Idempotent-Replayed") is False


def test_a_repeat_while_the_first_sending_answers_gets_a_503_to_send_again(links, monkeypatch):
    monkeypatch.setattr(idempotency, "UNFINISHED_WAIT", datetime.timedelta(seconds=0.05))
    path = url("table-deal", links["A"])
    unfinished(
        token=links["A"].link.token,
        fingerprint=services.fingerprint("POST", path, list(DEAL.items())),
        at=timezone.now(),
    )

    response = post(phone(), links["A"], DEAL)

    assert (response.status_code, response["Retry-After"], deals()) == (503, "2", [])
    assert notices(response) == [
        (
            "error",
            "Cette saisie est encore en cours d'enregistrement depuis son premier envoi : le "
            "téléphone la renverra dans un instant.",
        )
    ]


@pytest.mark.django_db(transaction=True)
def test_the_board_of_a_write_is_drawn_after_its_commit(monkeypatch):
    from tournaments.views.table import board

    link = selectors.match_links(match=make_match())["A"]
    drawn = []
    page_context = board.page_context

    def spied(*args, **kwargs):
        drawn.append((connection.in_atomic_block, deals()))
        return page_context(*args, **kwargs)

    monkeypatch.setattr(board, "page_context", spied)
    try:
        response = post(phone(), link, DEAL)
    finally:
        connection.close()

    # Drawn outside the write's transaction, the deal committed.
    assert drawn == [(False, [(1, "A", 104, DealStatus.PENDING)])]
    assert notices(response) == [
        ("success", "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone.")
    ]


def test_the_same_deal_sent_with_a_new_key_is_a_double_tap_recorded_once(links):
    client = phone()
    post(client, links["A"], DEAL)

    response = post(client, links["A"], DEAL, key="another-key")

    assert (deals(), notices(response)) == (
        [(1, "A", 104, DealStatus.PENDING)],
        [("success", "La donne 1 est bien enregistrée.")],
    )


def test_another_payload_under_the_same_key_is_refused_with_422(links):
    client = phone()
    post(client, links["A"], DEAL)

    response = post(client, links["A"], DEAL | {"deal_number": "2", "taker_card_points": "120"})

    assert (response.status_code, notices(response), deals()) == (
        422,
        [
            (
                "error",
                "Cette clé d’envoi a déjà servi pour une autre saisie : rien n’a été "
                "enregistré. Rechargez la page et saisissez-la de nouveau.",
            )
        ],
        [(1, "A", 104, DealStatus.PENDING)],
    )


def test_an_unreadable_key_is_refused_with_400_and_saves_nothing(links):
    response = post(phone(), links["A"], DEAL, key='"a b"')

    assert (response.status_code, notices(response), deals()) == (
        400,
        [
            (
                "error",
                "Ce téléphone a envoyé une clé d’envoi illisible : rien n’a été enregistré. "
                "Rechargez la page.",
            )
        ],
        [],
    )


def test_another_deal_under_a_recorded_number_is_a_409_conflict(links):
    post(phone(), links["A"], DEAL)

    response = post(phone(), links["B"], DEAL | {"taker_card_points": "80"}, key="phone-b")

    assert (response.status_code, notices(response)[0][1][:44], deals()) == (
        409,
        "La donne 1 a déjà été enregistrée avec d’aut",
        [(1, "A", 104, DealStatus.PENDING)],
    )


def test_a_confirmation_sent_twice_with_one_key_confirms_once(links):
    post(phone(), links["A"], DEAL, key="deal-1")
    client = phone()
    seen = {"seen": "1:1"}

    first = post(client, links["B"], seen, name="table-confirm-all")
    again = post(client, links["B"], seen, name="table-confirm-all")

    deal = Deal.objects.get()
    assert (notices(first), again.content == first.content, deal.status) == (
        [("success", "1 donne confirmée.")],
        True,
        DealStatus.CONFIRMED,
    )
    assert deal.history.filter(audit_action="confirmed_at_table").count() == 1


def test_a_wrong_pin_sent_twice_with_one_key_counts_once(links):
    post(phone(), links["A"], DEAL, key="deal-1")
    client = phone()

    for _repeat in range(2):
        post(
            client,
            links["A"],
            {"pin": "0000" if links["B"].link.pin != "0000" else "1111"},
            name="table-pin",
        )

    assert TeamLink.objects.get(pk=links["A"].link.pk).pin_failures == 1


def test_a_write_without_a_key_works_as_before(links):
    response = post(phone(), links["A"], DEAL, key=None)

    assert (response.status_code, deals(), IdempotencyRecord.objects.count()) == (
        200,
        [(1, "A", 104, DealStatus.PENDING)],
        0,
    )


# Two identical requests at once -----------------------------------------------------------


def _wait_until_blocked(timeout: float = 10.0) -> None:
    """Return once another connection waits on a lock (PostgreSQL), or after a moment.

    SQLite shows no waiting writer: the second thread then simply comes later, which the
    outcome (one deal) does not depend on.
    """
    if connection.vendor != "postgresql":
        time.sleep(0.3)
        return
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)
    raise AssertionError("the second request never waited for the first")


@pytest.mark.django_db(transaction=True)
def test_two_identical_requests_at_once_record_one_deal(monkeypatch):
    link = selectors.match_links(match=make_match())["A"]
    inside, release = threading.Event(), threading.Event()
    enter = services.enter_deal  # what the deal view calls

    def slow_enter(**kwargs):
        inside.set()  # the first request holds its key's row, uncommitted
        assert release.wait(15)
        return enter(**kwargs)

    monkeypatch.setattr(services, "enter_deal", slow_enter)
    answers: dict[str, tuple] = {}

    def send(name: str) -> None:
        try:
            response = post(phone(), link, DEAL)
            answers[name] = (response.status_code, response.has_header("Idempotent-Replayed"))
        finally:
            connection.close()

    first = threading.Thread(target=send, args=("first",))
    first.start()
    assert inside.wait(15)
    second = threading.Thread(target=send, args=("second",))
    second.start()
    _wait_until_blocked()
    release.set()
    first.join(30)
    second.join(30)

    assert answers == {"first": (200, False), "second": (200, True)}
    assert (deals(), IdempotencyRecord.objects.count()) == ([(1, "A", 104, "pending")], 1)
