"""Taps faster than the network on the table phone (STYLE.md §9).

Chromium at a phone's size (390 × 844, touch, French), through
static/js/table_offline.js:

- « Enregistrer la donne » tapped three times 150 ms apart while each deal POST takes
  1.5 s: the first tap sends the deal; the two others find the form emptied for the next
  deal and send nothing (no empty deal, no « Rien n'est encore saisi » shown). The form
  reads the next deal the server answered, and that deal is then recorded.
- A repeat answered 503 with ``Retry-After: 2`` (services.Refusal.IDEMPOTENCY_IN_PROGRESS,
  views/table/once.py): the phone says « Enregistrement en cours… », not « Serveur
  indisponible », and sends it again after about 2 s (not the 8 s of a server down).

Screenshots go to ``test-artifacts/<test>/``.
"""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Route, expect

from tests.browser import test_table_offline as offline
from tests.browser.test_table_offline import RECORDED, deals, fill_deal, open_phone, outbox
from tournaments import selectors
from tournaments.models import DealStatus, Match

#: The fixtures of test_table_offline.py: its published two-team round, its screenshots.
match = offline.match
shot = offline.shot

#: What the phone says of a write whose first sending is still being answered.
ANSWERING = "Enregistrement en cours…"
SAVE = "Enregistrer la donne"


def test_taps_faster_than_the_network_record_one_deal_and_keep_the_next_number(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    posted: list[tuple[str, str]] = []

    def slow_network(route: Route) -> None:
        fields = dict(item.split("=", 1) for item in (route.request.post_data or "").split("&"))
        posted.append((fields.get("deal_number", ""), fields.get("taker_card_points", "")))
        phone.wait_for_timeout(1500)
        route.continue_()

    phone.route("**/donne/", slow_network)
    fill_deal(phone, points=104)
    save = phone.get_by_role("button", name=SAVE)
    for _ in range(3):
        save.tap()
        phone.wait_for_timeout(150)
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    phone.wait_for_timeout(2000)  # what a second or third deal sent would take to answer
    shot(phone, "after-three-taps")
    assert posted == [("1", "104")]
    assert deals() == [(1, 104, DealStatus.PENDING)]
    expect(phone.locator(".notice-error, .errorlist li, .outbox-refused")).to_have_count(0)
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    assert phone.locator("form#deal-form [name=deal_number]").input_value() == "2"

    # The next deal, typed and saved: recorded as deal 2.
    fill_deal(phone, points=120)
    save.tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=2))
    expect(phone.locator("#entry-title")).to_have_text("Donne 3")
    expect(phone.locator(".notice-error, .errorlist li, .outbox-refused")).to_have_count(0)
    assert posted == [("1", "104"), ("2", "120")]
    assert deals() == [(1, 104, DealStatus.PENDING), (2, 120, DealStatus.PENDING)]
    shot(phone, "deal-2-recorded")
    assert problems == []
    context.close()


def test_a_double_tap_at_normal_speed_shows_no_refusal(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    statuses: list[int] = []
    phone.on("response", lambda r: statuses.append(r.status) if r.url.endswith("/donne/") else None)
    fill_deal(phone, points=104)
    phone.get_by_role("button", name=SAVE).dblclick()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    phone.wait_for_timeout(1000)
    assert statuses == [200]
    expect(phone.locator(".notice-error, .errorlist li, .outbox-refused")).to_have_count(0)
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    assert deals() == [(1, 104, DealStatus.PENDING)]
    assert problems == []
    context.close()


def test_a_repeat_still_answering_waits_retry_after_and_says_saving(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    sent: list[tuple[str, float]] = []

    def still_answering_first(route: Route) -> None:
        sent.append((route.request.headers["idempotency-key"], time.monotonic()))
        if len(sent) == 1:
            route.fetch()  # the server records the deal...
            # ...and the phone hears what a repeat gets while the first is answering.
            route.fulfill(
                status=503,
                headers={"Retry-After": "2", "Content-Type": "text/html; charset=utf-8"},
                body="<p>Cette saisie est encore en cours d'enregistrement.</p>",
            )
        else:
            route.continue_()

    phone.route("**/donne/", still_answering_first)
    fill_deal(phone, points=104)
    with phone.expect_response(lambda r: r.url.endswith("/donne/") and r.status == 200) as repeat:
        phone.get_by_role("button", name=SAVE).tap()
        state = outbox(phone).locator(".outbox-state")
        expect(state).to_have_text(ANSWERING)
        expect(outbox(phone).locator(".outbox-note")).to_have_count(0)
        expect(phone.locator("#outbox")).not_to_contain_text("Serveur indisponible")
        shot(phone, "answering")
    assert repeat.value.headers.get("idempotent-replayed") == "true"
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    waited = sent[1][1] - sent[0][1]
    assert (len(sent), sent[0][0] == sent[1][0], 1.5 <= waited <= 4.5) == (2, True, True), waited
    assert deals() == [(1, 104, DealStatus.PENDING)]
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    shot(phone, "sent")
    assert problems == []
    context.close()


def test_a_number_refused_as_not_next_never_sticks(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    # A number the phone got wrong (as the empty deals sent by fast taps once made it):
    # deal 3, while the server's next deal is deal 1.
    phone.evaluate(
        """() => {
            document.querySelector('#deal-form [name=deal_number]').value = '3';
            document.getElementById('entry-title').textContent = 'Donne 3';
        }"""
    )
    fill_deal(phone, points=104)
    with phone.expect_response(lambda r: r.url.endswith("/donne/")) as answered:
        phone.get_by_role("button", name=SAVE).tap()
    assert answered.value.status == 422
    expect(outbox(phone).locator(".outbox-state")).to_have_text("Refusé")
    expect(phone.locator("#entry-title")).to_have_text("Donne 1")
    shot(phone, "refused-not-next")

    # Put back into the form: under the number the server offers, not the refused one.
    outbox(phone).get_by_role("button", name="Remettre dans le formulaire").tap()
    form = phone.locator("form#deal-form")
    expect(phone.locator("#entry-title")).to_have_text("Donne 1")
    expect(form.locator('input[name="deal_number"]')).to_have_value("1")
    expect(form.get_by_label("Points du preneur")).to_have_value("104")
    phone.get_by_role("button", name=SAVE).tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    assert deals() == [(1, 104, DealStatus.PENDING)]
    shot(phone, "recorded")
    assert problems == []
    context.close()
