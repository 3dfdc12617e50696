"""Confirming one deal at the table (views/table/confirmation.py ``table_confirm``): the
service reads every deal of the match under its lock, and the view takes the deal from
there, with no look-up of its own; a number no deal of the match has is still a 404,
before any refusal, and writes nothing."""

import uuid

import pytest
from django.core import serializers
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.tournaments.views.test_table_entry import NOW, VALID  # the same deal
from tournaments import selectors, services
from tournaments.models import (
    Deal,
    DealEntry,
    DealStatus,
    Match,
    Round,
    Seat,
    Team,
    TeamLink,
    Tournament,
)


@pytest.fixture
def links(db) -> dict[str, Seat]:
    tournament = TournamentFactory(slug="t")
    round_ = RoundFactory(tournament=tournament, number=1)
    teams = [TeamFactory(tournament=tournament, number=n) for n in (3, 5)]
    match = MatchFactory(round=round_, table_number=1, team_a=teams[0], team_b=teams[1])
    services.ensure_team_links(tournament=tournament, now=NOW)
    return selectors.match_links(match=match)


@pytest.fixture
def phone():
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "fr"
    return client


def url(name: str, seat: Seat, number: int | None = None) -> str:
    kwargs: dict[str, str | int] = {"token": seat.link.token, "partie": 1}
    if number is not None:
        kwargs["number"] = number
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def record(phone, seat: Seat, number: int) -> None:
    response = phone.post(url("table-deal", seat), VALID | {"deal_number": str(number)})
    assert response.status_code == 200


def seen() -> dict[str, list[str]]:
    return {"seen": [f"{n}:{v}" for n, v in Deal.objects.values_list("deal_number", "version")]}


def snapshot() -> str:
    models = (Tournament, Team, Round, Match, Deal, TeamLink)
    rows = serializers.serialize("json", [o for m in models for o in m.objects.order_by("pk")])
    return f"{rows} history={Deal.history.count()} {Match.history.count()}"


def test_a_confirmation_reads_the_deal_only_with_every_deal_of_the_match(phone, links):
    record(phone, links["A"], 1)
    record(phone, links["B"], 2)
    shown = seen()

    with CaptureQueriesContext(connection) as queries:
        response = phone.post(url("table-confirm", links["B"], 1), shown)

    assert response.status_code == 200 and "Donne 1 confirmée." in response.content.decode()
    deal_reads = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and 'FROM "tournaments_deal"' in q["sql"]
    ]
    assert len(deal_reads) == 1 and '"deal_number" =' not in deal_reads[0]
    assert Deal.objects.get(deal_number=1).status == DealStatus.CONFIRMED


@pytest.mark.parametrize("key", [False, True], ids=["plain", "idempotency-key"])
def test_an_unknown_deal_is_a_404_before_the_refusal_of_a_locked_table(phone, links, key):
    record(phone, links["A"], 1)
    Match.objects.update(locked_at=NOW)  # the table's refusal under the lock: match_locked
    before = snapshot()
    headers = {"Idempotency-Key": f'"{uuid.uuid4()}"'} if key else {}

    unknown = phone.post(url("table-confirm", links["B"], 7), seen(), headers=headers)
    known = phone.post(url("table-confirm", links["B"], 1), seen())

    assert (unknown.status_code, snapshot()) == (404, before)
    assert known.status_code == 409 and "notice-error" in known.content.decode()


def test_an_unknown_deal_in_a_match_all_confirmed_but_unlocked_writes_nothing(phone, links):
    """The confirmation of a deal locks a match complete and all confirmed: not for a
    number that is no deal of it (the 404 was answered before the service, it wrote
    nothing)."""
    match = links["A"].match
    entry = DealEntry(taker="A", deal=None)  # passed: no score
    for number in range(1, 13):
        services.record_deal(match=match, entry=entry, now=NOW, deal_number=number)
    Match.objects.update(deals_played=12, is_finished=True)
    assert Match.objects.get().is_complete and Match.objects.get().locked_at is None
    before = snapshot()

    response = phone.post(url("table-confirm", links["B"], 13), seen())

    assert (response.status_code, snapshot()) == (404, before)
