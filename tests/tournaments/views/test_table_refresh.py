"""The board a table phone asks for again every few seconds (views/table/refresh.py): the
write's fragment with a weak ETag, 304 while it is unchanged, the table URLs' refusals."""

import datetime
import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.phone_posts import VALID
from tournaments import selectors, services
from tournaments.models import Deal, DealStatus, Round, Seat
from tournaments.views.table.refresh import is_shown

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


@pytest.fixture
def links(db) -> dict[str, Seat]:
    """Round 1, table 1: team 3 (A) against team 5 (B), each with its link."""
    tournament = TournamentFactory(slug="t", name="Concours de la Saint-André")
    round_ = RoundFactory(tournament=tournament, number=1)
    teams = [TeamFactory(tournament=tournament, number=number) for number in (3, 5)]
    match = MatchFactory(round=round_, table_number=1, team_a=teams[0], team_b=teams[1])
    services.ensure_team_links(tournament=tournament, now=NOW)
    return selectors.match_links(match=match)


@pytest.fixture
def phone():
    """A phone at the table, in French, with htmx (as static/js/table_offline.js asks)."""
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "fr"
    return client


def board_url(seat: Seat) -> str:
    return reverse("tournaments:table-board", args=(seat.link.token, seat.match.round.number))


def record(phone, seat: Seat, number: int):
    url = reverse("tournaments:table-deal", args=(seat.link.token, seat.match.round.number))
    return phone.post(url, VALID | {"deal_number": str(number)})


def board_tag(response) -> str:
    """Return the ``data-board-tag`` of the board in ``response``."""
    found = re.findall(r'id="table-board"[^>]*data-board-tag="([^"]*)"', response.content.decode())
    return html.unescape(found[0])


def deal_ids(response) -> list[str]:
    return re.findall(r'<li class="deal-item[^"]*" id="(deal-\d+)">', response.content.decode())


def test_it_answers_the_board_fragment_with_its_etag(phone, links):
    record(phone, links["A"], 1)

    response = phone.get(board_url(links["B"]))

    page = response.content.decode()
    assert (response.status_code, page.lstrip()[:32], response["ETag"]) == (
        200,
        '<div id="table-board" class="tab',
        board_tag(response),
    )
    # Deal 1 twice: in « To confirm » (with its buttons) and in the list of every deal.
    assert deal_ids(response) == ["deal-1", "deal-1"]
    assert (page.count("<html"), response["Cache-Control"]) == (
        0,
        "max-age=0, no-cache, no-store, must-revalidate, private",
    )


def test_the_etag_is_weak_and_the_same_as_the_page_boards(phone, links):
    page = phone.get(reverse("tournaments:table-entry", args=(links["B"].link.token,)))

    response = phone.get(board_url(links["B"]))

    assert (response["ETag"][:3], response["ETag"]) == ('W/"', board_tag(page))


def test_an_unchanged_board_is_a_304_with_no_body(phone, links):
    record(phone, links["A"], 1)
    tag = phone.get(board_url(links["B"]))["ETag"]

    response = phone.get(board_url(links["B"]), HTTP_IF_NONE_MATCH=tag)

    assert (response.status_code, response.content, response["ETag"]) == (304, b"", tag)


def test_a_304_runs_one_query_and_renders_nothing(phone, links, django_assert_num_queries):
    tag = phone.get(board_url(links["B"]))["ETag"]

    # The seat, its link joined by its token (selectors.seat_by_token).
    with django_assert_num_queries(1):
        response = phone.get(board_url(links["B"]), HTTP_IF_NONE_MATCH=tag)

    assert (response.status_code, response.templates) == (304, [])


def test_a_changed_board_runs_the_boards_queries(phone, links, django_assert_num_queries):
    record(phone, links["A"], 1)

    # The seat (1), the match's row read again and its deals (page_context).
    with django_assert_num_queries(3):
        response = phone.get(board_url(links["B"]), HTTP_IF_NONE_MATCH='W/"old"')

    assert response.status_code == 200


def test_the_opponents_deal_changes_the_board(phone, links):
    before = phone.get(board_url(links["B"]))

    record(phone, links["A"], 1)
    after = phone.get(board_url(links["B"]), HTTP_IF_NONE_MATCH=before["ETag"])

    assert (after.status_code, after["ETag"] == before["ETag"], deal_ids(before)) == (
        200,
        False,
        [],
    )
    assert deal_ids(after) == ["deal-1", "deal-1"]


def test_a_confirmation_changes_the_board_of_the_phone_that_entered_it(phone, links):
    record(phone, links["A"], 1)
    before = phone.get(board_url(links["A"]))["ETag"]

    url = reverse("tournaments:table-confirm", args=(links["B"].link.token, 1, 1))
    phone.post(url, {"seen": "1:1"})
    after = phone.get(board_url(links["A"]), HTTP_IF_NONE_MATCH=before)

    assert (after.status_code, Deal.objects.get().status) == (200, DealStatus.CONFIRMED)
    assert re.findall(r'<span class="deal-status status-(\w+)">', after.content.decode()) == [
        "confirmed",
        "confirmed",
    ]


def test_the_board_a_write_answers_needs_no_new_fetch(phone, links):
    written = record(phone, links["A"], 1)

    response = phone.get(board_url(links["A"]), HTTP_IF_NONE_MATCH=board_tag(written))

    assert response.status_code == 304


def test_a_phone_that_keeps_its_form_gets_only_the_next_number(phone, links):
    record(phone, links["A"], 1)

    response = phone.get(board_url(links["B"]), HTTP_BELOTE_KEEPS_FORM="1")

    page = response.content.decode()
    assert (page.count('id="deal-form"'), re.findall(r'data-next-deal="(\d+)"', page)) == (
        0,
        ["2"],
    )


def test_another_language_is_another_board(phone, links):
    tag = phone.get(board_url(links["B"]))["ETag"]
    phone.cookies["django_language"] = "en"

    response = phone.get(board_url(links["B"]), HTTP_IF_NONE_MATCH=tag)

    assert (response.status_code, response["ETag"] == tag) == (200, False)


def test_each_team_has_its_own_board(phone, links):
    tag = phone.get(board_url(links["A"]))["ETag"]

    response = phone.get(board_url(links["B"]), HTTP_IF_NONE_MATCH=tag)

    assert response.status_code == 200


def test_a_revoked_link_gets_the_refusal_page_and_reloads(phone, links):
    tag = phone.get(board_url(links["A"]))["ETag"]
    services.revoke_link(link=links["A"].link, now=NOW)

    response = phone.get(board_url(links["A"]), HTTP_IF_NONE_MATCH=tag)

    page = response.content.decode()
    assert (response.status_code, response["HX-Refresh"]) == (403, "true")
    assert re.findall(r'<h1 id="refusal-title">(.*?)</h1>', page) == ["Ce lien ne fonctionne plus"]


def test_a_closed_round_gets_the_refusal_page_even_with_the_etag(phone, links):
    tag = phone.get(board_url(links["A"]))["ETag"]
    Round.objects.filter(number=1).update(status=Round.Status.CLOSED)

    response = phone.get(board_url(links["A"]), HTTP_IF_NONE_MATCH=tag)

    assert (response.status_code, response["HX-Refresh"]) == (403, "true")


def test_an_unknown_token_is_a_404(phone, links):
    response = phone.get(reverse("tournaments:table-board", args=("x" * 32, 1)))

    assert response.status_code == 404


def test_it_writes_nothing_and_takes_no_post(phone, links):
    url = board_url(links["A"])

    response = phone.post(url, VALID)

    assert (response.status_code, Deal.objects.count()) == (405, 0)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ('W/"abc"', True),
        ('"abc"', True),
        ('W/"old", W/"abc"', True),
        ("*", True),
        ('W/"abd"', False),
        ("", False),
        ("abc", False),
    ],
)
def test_if_none_match_is_compared_weakly(header, expected):
    assert is_shown(header, 'W/"abc"') is expected
