"""Entry that survives the network: two phones at one table lose the Wi-Fi (STYLE.md §9).

Chromium at a phone's size (390 × 844, touch, French), two browser contexts (team A's
phone and team B's). Each write goes through static/js/table_offline.js: kept on the
phone with an Idempotency-Key, sent again until an answer comes back.

- Phone A records deal 1 with the network cut (``network.cut``): the phone says
  « En attente de réseau » and the database holds nothing; a reload, still offline, shows
  the page (from the service worker) with the deal still waiting; the network back, the
  deal is sent by itself, recorded once, and the phone says « Envoyé ».
- Deal 2 reaches the server but its answer is lost on the way back: the phone keeps it
  waiting, sends it again under the same key, and the server answers with its first
  answer (``Idempotent-Replayed``): one deal 2.
- Phone B confirms deal 1 with the network cut, then back: confirmed once.

Screenshots go to ``test-artifacts/<test>/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.network import cut, restore
from tests.browser.two_teams import published_match
from tournaments import selectors
from tournaments.models import AuditAction, Deal, DealStatus, IdempotencyRecord, Match

ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
#: A phone at the table: the size of a common phone, touch, in French.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
}
RECORDED = "Donne {number} enregistrée : les adversaires la confirment sur leur téléphone."
WAITING = "En attente de réseau"


@pytest.fixture
def match(organiser) -> Match:
    """Round 1 of a two-team ffb-coinche concours of 4 deals, drawn and published."""
    return published_match(organiser, name="Concours sans Wi-Fi")


@pytest.fixture
def shot(request):
    """Return ``take(page, name)``: save the page as ``test-artifacts/<test>/NN-name.png``."""
    folder = ARTIFACTS_DIR / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    taken: list[str] = []

    def take(page: Page, name: str) -> None:
        taken.append(name)
        page.screenshot(path=folder / f"{len(taken):02d}-{name}.png", full_page=True)

    return take


def open_phone(browser: Browser, url: str) -> tuple[BrowserContext, Page, list[str]]:
    """Open ``url`` on a new phone; wait until its service worker keeps the page.

    Returns the context, the page and a list that fills with uncaught script errors and
    Content-Security-Policy violations.
    """
    context = browser.new_context(**PHONE)
    problems: list[str] = []
    context.on("weberror", lambda error: problems.append(f"pageerror: {error.error}"))
    context.on(
        "console",
        lambda message: (
            problems.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        """async () => {
            const registration = await navigator.serviceWorker.ready;
            const cache = await caches.open('belote-table-pages-v1');
            return Boolean(registration.active && await cache.match(location.href));
        }"""
    )
    return context, page, problems


def fill_deal(page: Page, *, points: int) -> None:
    """Fill the deal form: 90 ♥ by team A, 5 tricks, ``points`` card points."""
    form = page.locator("form#deal-form")
    for name, value in (("taker", "A"), ("trump", "H"), ("coinche", "none"), ("taker_tricks", 5)):
        form.locator(f'input[name="{name}"][value="{value}"] + label').tap()
    form.get_by_label("Contrat").fill("90")
    form.get_by_label("Points du preneur").fill(str(points))


def outbox(page: Page):
    return page.locator("#outbox .outbox-item")


def deals() -> list[tuple]:
    return list(
        Deal.objects.order_by("deal_number").values_list(
            "deal_number", "taker_card_points", "status"
        )
    )


def test_deals_and_confirmations_survive_a_lost_network(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context_a, phone_a, problems_a = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    manifest = phone_a.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        links["A"].link.get_absolute_url(),
        "/table/",
        "standalone",
    )

    # Deal 1, recorded with the network gone: kept on the phone, said so.
    fill_deal(phone_a, points=104)
    cut(context_a)
    phone_a.get_by_role("button", name="Enregistrer la donne").tap()
    expect(outbox(phone_a)).to_have_count(1)
    expect(outbox(phone_a).locator(".outbox-label")).to_have_text("Donne 1 · Enregistrer la donne")
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text(WAITING)
    expect(phone_a.locator(".outbox-offline")).to_have_text(
        "Pas de réseau : ce que vous saisissez est gardé sur ce téléphone."
    )
    expect(phone_a.locator("#entry-title")).to_have_text("Donne 2")
    assert deals() == []
    shot(phone_a, "a-deal-1-waiting")

    # A reload without network: the page comes from the service worker, deal 1 still waits.
    phone_a.reload()
    expect(phone_a.get_by_role("heading", level=1)).to_have_text(
        f"Partie 1 : table 1 contre l’équipe {links['A'].opponent.number}"
    )
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text(WAITING)
    expect(outbox(phone_a).locator(".outbox-label")).to_have_text("Donne 1 · Enregistrer la donne")
    expect(phone_a.locator("#entry-title")).to_have_text("Donne 2")
    assert deals() == []
    shot(phone_a, "a-reloaded-offline")

    # The network back: deal 1 goes by itself, once.
    restore(context_a)
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text("Envoyé")
    expect(phone_a.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    expect(phone_a.locator(".outbox-offline")).to_be_hidden()
    expect(phone_a.locator("#entry-title")).to_have_text("Donne 2")
    assert deals() == [(1, 104, DealStatus.PENDING)]
    shot(phone_a, "a-deal-1-sent")

    # Deal 2 reaches the server, but its answer is lost: sent again under the same key.
    sent: list[tuple[str, bool]] = []

    def lose_first_answer(route) -> None:
        sent.append((route.request.headers["idempotency-key"], bool(sent)))
        if len(sent) == 1:
            route.fetch()  # the server records the deal...
            route.abort("internetdisconnected")  # ...and the phone never hears of it
        else:
            route.continue_()

    phone_a.route("**/donne/", lose_first_answer)
    fill_deal(phone_a, points=120)
    phone_a.get_by_role("button", name="Enregistrer la donne").tap()
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text(WAITING)
    assert deals() == [(1, 104, DealStatus.PENDING), (2, 120, DealStatus.PENDING)]
    with phone_a.expect_response(lambda r: r.url.endswith("/donne/")) as repeat:
        phone_a.evaluate("window.dispatchEvent(new Event('online'))")
    assert (repeat.value.status, repeat.value.headers.get("idempotent-replayed")) == (200, "true")
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text("Envoyé")
    expect(phone_a.locator("p.notice").first).to_have_text(RECORDED.format(number=2))
    assert (len(sent), sent[0][0] == sent[1][0]) == (2, True)
    assert deals() == [(1, 104, DealStatus.PENDING), (2, 120, DealStatus.PENDING)]
    assert IdempotencyRecord.objects.filter(token=links["A"].link.token).count() == 2
    phone_a.unroute("**/donne/")

    # Phone B confirms deal 1 with the network gone, then back.
    context_b, phone_b, problems_b = open_phone(
        browser, live_server.url + links["B"].link.get_absolute_url()
    )
    deal_1 = phone_b.locator(".to-confirm #deal-1")
    expect(deal_1).to_be_visible()
    cut(context_b)
    deal_1.get_by_role("button", name="Confirmer").tap()
    expect(outbox(phone_b).locator(".outbox-label")).to_have_text("Donne 1 · Confirmer")
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text(WAITING)
    assert Deal.objects.get(deal_number=1).status == DealStatus.PENDING
    shot(phone_b, "b-confirm-waiting")
    restore(context_b)
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text("Envoyé")
    expect(phone_b.locator("p.notice").first).to_have_text("Donne 1 confirmée.")
    deal = Deal.objects.get(deal_number=1)
    assert (
        deal.status,
        deal.history.filter(audit_action=AuditAction.CONFIRMED_AT_TABLE).count(),
    ) == (
        DealStatus.CONFIRMED,
        1,
    )
    shot(phone_b, "b-confirm-sent")

    assert (problems_a, problems_b) == ([], [])
    context_a.close()
    context_b.close()


def test_a_deal_the_other_phone_recorded_first_is_refused_with_the_reason(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context_a, phone_a, problems_a = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    context_b, phone_b, problems_b = open_phone(
        browser, live_server.url + links["B"].link.get_absolute_url()
    )

    # Phone B types deal 1 and loses nothing to a reload: the draft comes back.
    fill_deal(phone_b, points=80)
    phone_b.reload()
    form_b = phone_b.locator("form#deal-form")
    expect(form_b.get_by_label("Contrat")).to_have_value("90")
    expect(form_b.get_by_label("Points du preneur")).to_have_value("80")
    expect(form_b.locator('input[name="taker_tricks"][value="5"]')).to_be_checked()
    expect(form_b.locator('input[name="trump"][value="H"]')).to_be_checked()

    # It records deal 1 without network; phone A records another deal 1 meanwhile.
    cut(context_b)
    phone_b.get_by_role("button", name="Enregistrer la donne").tap()
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text(WAITING)
    fill_deal(phone_a, points=104)
    phone_a.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone_a.locator("p.notice").first).to_have_text(RECORDED.format(number=1))

    # Back online, phone B's deal 1 is refused with the server's reason, never merged.
    with phone_b.expect_response(lambda r: r.url.endswith("/donne/")) as answer:
        restore(context_b)
    assert answer.value.status == 409
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text("Refusé")
    conflict = (
        "La donne 1 a déjà été enregistrée avec d’autres chiffres (par l’autre téléphone ?) : "
        "la vôtre n’a pas été enregistrée. Vérifiez la donne 1 dans la liste et "
        "corrigez-la s’il le faut."
    )
    expect(outbox(phone_b).locator(".outbox-reason")).to_have_text(conflict)
    expect(phone_b.locator("p.notice").first).to_have_text(conflict)
    assert deals() == [(1, 104, DealStatus.PENDING)]
    shot(phone_b, "b-refused")

    # The refusal stays until read, also after a reload; its figures can go back into the
    # form as what they were, deal 1 (never as the next deal: they are not deal 2's), and
    # "OK" puts a refusal away.
    phone_b.reload()
    expect(outbox(phone_b).locator(".outbox-reason")).to_have_text(conflict)
    outbox(phone_b).get_by_role("button", name="Remettre dans le formulaire").tap()
    expect(outbox(phone_b)).to_have_count(0)
    expect(phone_b.locator("#outbox")).to_be_hidden()
    expect(phone_b.locator("#entry-title")).to_have_text("Donne 1")
    expect(form_b.locator('input[name="deal_number"]')).to_have_value("1")
    expect(form_b.get_by_label("Points du preneur")).to_have_value("80")
    expect(form_b.locator('input[name="taker_tricks"][value="5"]')).to_be_checked()
    # Sent again as it stands, it is refused again: deal 1 holds phone A's figures.
    with phone_b.expect_response(lambda r: r.url.endswith("/donne/")) as again:
        form_b.get_by_role("button", name="Enregistrer la donne").tap()
    assert again.value.status == 409
    expect(outbox(phone_b).locator(".outbox-reason")).to_have_text(conflict)
    outbox(phone_b).get_by_role("button", name="OK").tap()
    assert deals() == [(1, 104, DealStatus.PENDING)]
    # The board the server sent back offers deal 2: phone B records it, offline then back.
    expect(phone_b.locator("#entry-title")).to_have_text("Donne 2")
    fill_deal(phone_b, points=80)
    cut(context_b)
    form_b.get_by_role("button", name="Enregistrer la donne").tap()
    restore(context_b)
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text("Envoyé")
    assert deals() == [(1, 104, DealStatus.PENDING), (2, 80, DealStatus.PENDING)]
    fill_deal(phone_b, points=150)
    cut(context_b)
    phone_b.get_by_role("button", name="Enregistrer la donne").tap()
    fill_deal(phone_a, points=90)  # phone A still offers deal 2: refused, already taken
    phone_a.get_by_role("button", name="Enregistrer la donne").tap()
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text("Refusé")
    outbox(phone_a).get_by_role("button", name="OK").tap()
    expect(outbox(phone_a)).to_have_count(0)
    restore(context_b)
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text("Envoyé")
    assert deals() == [
        (1, 104, DealStatus.PENDING),
        (2, 80, DealStatus.PENDING),
        (3, 150, DealStatus.PENDING),
    ]

    assert (problems_a, problems_b) == ([], [])
    context_a.close()
    context_b.close()


def test_wrong_codes_list_only_the_latest_answer_then_the_lockout_alone(
    browser: Browser, live_server, match: Match
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    fill_deal(phone, points=104)
    phone.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    wrong = "0000" if links["B"].link.pin != "0000" else "1111"

    for typed in range(1, 7):
        phone.locator("form.pin-form input[name='pin']").fill(wrong)
        with phone.expect_response(lambda r: r.url.endswith("/code/")) as answer:
            phone.locator("form.pin-form").get_by_role("button", name="Confirmer").tap()
        assert answer.value.status == (422 if typed < 6 else 403)
        expect(outbox(phone)).to_have_count(1)

    lockout = (
        "Trop de codes erronés : confirmez sur le téléphone des adversaires, ou "
        "demandez à l’organisateur."
    )
    expect(outbox(phone).locator(".outbox-reason")).to_have_text(lockout)
    expect(phone.locator("p.notice")).to_have_text([lockout])
    assert "Code erroné" not in phone.locator("body").inner_text()
    context.close()
    assert problems == []


def test_offline_the_next_deal_comes_with_its_declarations_closed(
    browser: Browser, live_server, match: Match
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    form = phone.locator("form#deal-form")
    fill_deal(phone, points=104)
    form.get_by_text("Annonces", exact=True).tap()
    form.get_by_label("Preneur – Annonce 1").select_option("tierce:KH")
    cut(context)

    phone.get_by_role("button", name="Enregistrer la donne").tap()

    expect(outbox(phone).locator(".outbox-state")).to_have_text(WAITING)
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    expect(form.get_by_label("Preneur – Annonce 1")).to_be_hidden()
    assert form.locator("details.field-declarations").evaluate("d => d.open") is False
    restore(context)
    expect(outbox(phone).locator(".outbox-state")).to_have_text("Envoyé")
    assert Deal.objects.get().taker_declarations == 20  # the tierce
    context.close()
    assert problems == []


def test_the_copy_kept_for_offline_is_the_page_as_answered_with_no_page_fetched(
    browser: Browser, live_server, match: Match
):
    links = selectors.match_links(match=match)
    url = live_server.url + links["A"].link.get_absolute_url()
    context, phone, problems = open_phone(browser, url)
    pages: list[str] = []
    context.on("request", lambda request: pages.append(request.url) if request.url == url else None)

    fill_deal(phone, points=104)
    phone.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    phone.wait_for_function(
        """async () => {
            const kept = await (await caches.open('belote-table-pages-v1')).match(location.href);
            return kept && (await kept.text()).includes('id="deal-1"');
        }"""
    )
    copy = phone.evaluate(
        """async () => {
            const kept = await (await caches.open('belote-table-pages-v1')).match(location.href);
            return {csp: kept.headers.get('content-security-policy'), html: await kept.text()};
        }"""
    )
    assert (pages, "default-src 'self'" in (copy["csp"] or "")) == ([], True)
    assert RECORDED.format(number=1) not in copy["html"]

    # Reloaded without network: the copy, with deal 1 listed and deal 2 offered.
    cut(context)
    phone.reload()
    expect(phone.locator("#deal-1")).to_be_visible()
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    expect(phone.locator("form#deal-form input[name='deal_number']")).to_have_value("2")
    expect(outbox(phone)).to_have_count(0)
    restore(context)
    context.close()
    assert problems == []


def test_the_right_code_after_wrong_ones_clears_their_refusals(
    browser: Browser, live_server, match: Match
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    fill_deal(phone, points=104)
    phone.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    right = links["B"].link.pin
    wrong = "0000" if right != "0000" else "1111"
    for _ in range(2):
        phone.locator("form.pin-form input[name='pin']").fill(wrong)
        with phone.expect_response(lambda r: r.url.endswith("/code/")) as refused:
            phone.locator("form.pin-form").get_by_role("button", name="Confirmer").tap()
        assert refused.value.status == 422
        expect(outbox(phone).locator(".outbox-state")).to_have_text("Refusé")

    phone.locator("form.pin-form input[name='pin']").fill(right)
    with phone.expect_response(lambda r: r.url.endswith("/code/")) as answer:
        phone.locator("form.pin-form").get_by_role("button", name="Confirmer").tap()

    assert answer.value.status == 200
    expect(outbox(phone)).to_have_count(0)
    assert "Code erroné" not in phone.locator("body").inner_text()
    assert Deal.objects.get().status == DealStatus.CONFIRMED
    context.close()
    assert problems == []


# The phone keeps its blank deal form (views/table/board.py KEEPS_FORM): a write from a page
# holding a blank form says so, its answer leaves the form out, and the phone puts its own
# back, emptied and numbered as the answer says. ------------------------------------------

KEPT_SLOT = "#deal-form-kept"


def form_state(page: Page) -> dict:
    """Return what the deal form holds: its number, title, data-*, the checked choices and
    the contract and points typed, and whether it is still the element marked earlier."""
    return page.evaluate(
        """() => {
            const form = document.getElementById('deal-form');
            if (!form) return null;
            return {
                same: form === window.keptFormMark,
                number: form.querySelector('[name=deal_number]').value,
                title: document.getElementById('entry-title').textContent.trim(),
                next: form.dataset.nextDeal,
                played: form.dataset.dealsPlayed,
                checked: Array.from(form.querySelectorAll('input:checked'), (i) => i.name + '=' + i.value),
                contract: form.querySelector('[name=contract]').value,
                points: form.querySelector('[name=taker_card_points]').value,
                visible: !form.closest('#saisie').hidden,
            };
        }"""
    )


def mark_form(page: Page) -> None:
    page.evaluate("window.keptFormMark = document.getElementById('deal-form')")


def test_the_phone_keeps_its_form_numbered_and_empty_after_each_answer(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context_a, phone_a, problems_a = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    mark_form(phone_a)

    fill_deal(phone_a, points=104)
    with phone_a.expect_response(lambda r: r.url.endswith("/donne/")) as answered:
        phone_a.get_by_role("button", name="Enregistrer la donne").tap()
    response = answered.value
    assert (
        response.status,
        response.request.headers.get("belote-keeps-form"),
        'id="deal-form-kept"' in response.text(),
        'id="deal-form"' in response.text(),
    ) == (200, "1", True, False)
    expect(outbox(phone_a)).to_have_count(0)
    expect(phone_a.locator("p.notice").first).to_have_text(
        "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone."
    )
    expect(phone_a.locator("#deal-1")).to_be_visible()
    assert form_state(phone_a) == {
        "same": True,
        "number": "2",
        "title": "Donne 2",
        "next": "2",
        "played": "1",
        "checked": ["coinche=none", "taker_belotes=0", "defence_belotes=0"],
        "contract": "",
        "points": "",
        "visible": True,
    }
    assert phone_a.locator(KEPT_SLOT).count() == 0
    shot(phone_a, "a-deal-1-kept-form")

    # Phone B types deal 2 as a draft, then confirms deal 1: its draft is still there.
    context_b, phone_b, problems_b = open_phone(
        browser, live_server.url + links["B"].link.get_absolute_url()
    )
    mark_form(phone_b)
    fill_deal(phone_b, points=130)
    form_b = phone_b.locator("form#deal-form")
    form_b.get_by_text("Annonces", exact=True).tap()
    declaration = form_b.get_by_label("Preneur – Annonce 1")
    declaration.select_option("tierce:KH")
    phone_b.locator(".to-confirm #deal-1").get_by_role("button", name="Confirmer").tap()
    # The board's notice (the pause note, for the draft typed, stands above the board).
    expect(phone_b.locator("#table-board > p.notice").first).to_have_text("Donne 1 confirmée.")
    state = form_state(phone_b)
    assert (state["same"], state["number"], state["points"], state["contract"]) == (
        True,
        "2",
        "130",
        "90",
    )
    # The declaration typed is back too, and its box open to show it.
    expect(declaration).to_be_visible()
    assert declaration.input_value() == "tierce:KH"
    declaration.select_option("")  # not deal 2's after all
    shot(phone_b, "b-draft-kept")

    # Phone B records that deal 2; phone A, whose form still says deal 2, confirms it:
    # its form is numbered 3 by the answer.
    phone_b.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone_b.locator("p.notice").first).to_have_text(
        "Donne 2 enregistrée : les adversaires la confirment sur leur téléphone."
    )
    phone_a.reload()
    mark_form(phone_a)
    phone_a.locator(".to-confirm #deal-2").get_by_role("button", name="Confirmer").tap()
    expect(phone_a.locator("p.notice").first).to_have_text("Donne 2 confirmée.")
    state = form_state(phone_a)
    assert (state["same"], state["number"], state["title"], state["played"]) == (
        True,
        "3",
        "Donne 3",
        "2",
    )
    assert list(Deal.objects.order_by("deal_number").values_list("deal_number", "status")) == [
        (1, DealStatus.CONFIRMED),
        (2, DealStatus.CONFIRMED),
    ]
    assert (problems_a, problems_b) == ([], [])
    context_a.close()
    context_b.close()


def test_a_form_sent_back_with_its_errors_is_not_kept(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )

    fill_deal(phone, points=200)  # more than the 162 card points of a deal
    phone.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone.locator("form#deal-form .errorlist li").first).to_be_visible()
    assert (
        phone.evaluate("document.getElementById('deal-form').hasAttribute('data-blank')") is False
    )
    shot(phone, "sent-back")

    # Typed right, the deal goes without the header (its form is not blank), and the
    # answer brings a whole blank form again.
    phone.locator("form#deal-form").get_by_label("Points du preneur").fill("104")
    with phone.expect_response(lambda r: r.url.endswith("/donne/")) as answered:
        phone.get_by_role("button", name="Enregistrer la donne").tap()
    response = answered.value
    assert (response.status, response.request.headers.get("belote-keeps-form")) == (200, None)
    expect(phone.locator("p.notice").first).to_have_text(
        "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone."
    )
    state = form_state(phone)
    assert (state["number"], state["points"], state["visible"]) == ("2", "", True)
    assert phone.evaluate("document.getElementById('deal-form').hasAttribute('data-blank')")
    assert Deal.objects.count() == 1
    assert problems == []
    context.close()


def test_a_form_gone_while_the_write_was_sent_comes_back_from_the_page(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )

    def remove_form_on_the_way(route) -> None:
        response = route.fetch()
        # What could open a correction meanwhile: the page's form is gone on arrival.
        phone.evaluate("document.getElementById('saisie').remove()")
        route.fulfill(response=response)

    phone.route("**/donne/", remove_form_on_the_way)
    fill_deal(phone, points=104)
    with phone.expect_response(lambda r: r.url.split("#")[0].endswith(links["A"].link.token + "/")):
        phone.get_by_role("button", name="Enregistrer la donne").tap()
    expect(phone.locator("p.notice").first).to_have_text(
        "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone."
    )
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    state = form_state(phone)
    assert (state["number"], state["next"], state["points"], state["visible"]) == (
        "2",
        "2",
        "",
        True,
    )
    assert phone.locator(KEPT_SLOT).count() == 0
    expect(phone.locator("#deal-1")).to_be_visible()
    assert Deal.objects.count() == 1
    assert problems == []
    phone.unroute("**/donne/")
    context.close()
