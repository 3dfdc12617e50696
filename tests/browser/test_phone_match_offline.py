"""Two phones play a whole match through two network cuts (issue 11, STYLE.md §9).

Chromium at a phone's size (390 × 844, touch, French), two browser contexts: team A's
phone and team B's, each opened through its team link. The concours is ``ffb-coinche``
with matches of 4 deals (passed deals do not count), one round drawn and published.

- Team A records deal 1 with the network; team B confirms it.
- Cut 1, while A records: deals 2 and 3 (all passed) are kept on the phone, a reload
  without network (the service worker's copy) keeps them waiting, deals 4 and 5 follow;
  deal 5 is the match's 4th that counts, so the phone offers no deal 6 and says the match
  is complete. The network back, the four go by themselves, each recorded once.
- Cut 2, while B confirms: deals 2, 3 and 4 confirmed without network, a reload keeps
  them waiting (their buttons stay off), deal 5 too; the network back, each is confirmed
  once and the match locks.

At each step the test reads what the phone shows (the outbox's « En attente de réseau »,
then « Envoyé »), and the database: the exact deals and scores, once each. The final
totals are the engine's (``scoring.score_match``), also worked out by hand below.

The other tests take the holes found in static/js/table_offline.js one by one:

- a deal answered with a server error (500), « too many requests » (429), then a Wi-Fi
  login page: the phone says « Serveur indisponible, nouvel essai… » and sends it again,
  same key, until it is recorded, once;
- a deal sent back with its errors while another waits behind it: both stay listed as
  refused, and each goes back into the form under its own number (never the next one);
- a write the Wi-Fi holds without an answer: after 30 s it waits and goes again (the
  page's clock is moved on by the test).

Screenshots go to ``test-artifacts/<test>/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

import scoring
from scoring.matches import MatchDeal
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
WAITING = "En attente de réseau"
SENT = "Envoyé"
BUSY = "Serveur indisponible, nouvel essai…"
OFFLINE = "Pas de réseau : ce que vous saisissez est gardé sur ce téléphone."
RECORDED = "Donne {number} enregistrée : les adversaires la confirment sur leur téléphone."
COMPLETE_HERE = (
    "La partie est complète : plus de donne à saisir. Les donnes gardées sur ce téléphone "
    "partent dès que le réseau revient ; les adversaires les confirment ensuite."
)
OVER = "La partie est finie : plus de donne à saisir. Confirmez les donnes encore en attente."
LOCKED = (
    "Cette partie est confirmée et verrouillée : elle ne peut plus changer à la table. "
    "Demandez toute correction à l’organisateur."
)
RECORD = "Enregistrer la donne"
#: How long the writes kept through a cut may take to go, one after the other, on a busy
#: test machine (milliseconds).
SENDING = 20_000


@dataclass(frozen=True)
class PhoneDeal:
    """A deal as team A's phone enters it: ``taker`` the side ("A", "B"), ``points`` the
    taker's card points (the defence has 162 − points); None for a deal all four passed."""

    taker: str
    trump: str
    contract: int
    tricks: int
    points: int
    coinche: str = "none"
    taker_belotes: int = 0


DEALS: list[PhoneDeal | None] = [
    # 90 ♥ made: R(104) + 90 = 190 for A, R(58) = 60 for B.
    PhoneDeal("A", "H", 90, 5, 104),
    # 100 ♠ coinched, made with the belote (92 + 20 ≥ 100): 2 × (160 + 20 + 100) = 560 for B.
    PhoneDeal("B", "S", 100, 4, 92, coinche="coinche", taker_belotes=1),
    # All four passed: recorded, scores nothing, not one of the match's 4 deals.
    None,
    # 80 ♦ with 70 card points: chuted, 160 + 80 = 240 for B.
    PhoneDeal("A", "D", 80, 3, 70),
    # 80 ♣ made: R(120) + 80 = 200 for B, R(42) = 40 for A. The match's 4th deal.
    PhoneDeal("B", "C", 80, 6, 120),
]
#: Each deal's (score A, score B) and the match's totals, by hand (RULES.md §B1).
SCORES = [(190, 60), (0, 560), (0, 0), (0, 240), (40, 200)]
TOTALS = (230, 1060)


def engine_totals() -> tuple[int, int]:
    """Return the match's totals as the scoring engine gives them for DEALS."""
    match_deals = []
    for deal in DEALS:
        if deal is None:
            match_deals.append(MatchDeal(scoring.TeamSide.A, None))
            continue
        engine_deal = scoring.Deal(
            trump=scoring.Trump(deal.trump),
            contract=deal.contract,
            coinche=deal.coinche,
            taker_card_points=deal.points,
            defence_card_points=162 - deal.points,
            taker_tricks=deal.tricks,
            taker_belotes=deal.taker_belotes,
            defence_belotes=0,
            taker_declarations=0,
            defence_declarations=0,
        )
        match_deals.append(MatchDeal(scoring.TeamSide(deal.taker), engine_deal))
    played = scoring.score_match(
        match_deals,
        scoring.get_ruleset("ffb-coinche"),
        scoring.MatchFormat(scoring.FormatKind.DEALS, 4),
    )
    assert (played.state.deals_played, played.state.is_finished) == (4, True)
    return played.state.total_a, played.state.total_b


@pytest.fixture
def match(organiser) -> Match:
    """Round 1 of a two-team ffb-coinche concours of 4 deals a match, drawn and published."""
    return published_match(organiser, name="Concours du Wi-Fi capricieux", rng_seed=11)


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


def wait_for_page_copy(page: Page, needle: str) -> None:
    """Wait until the phone's offline copy of its page (the service worker's cache)
    holds ``needle``: the copy table_offline.js refreshes once its writes are answered."""
    page.wait_for_function(
        """async needle => {
            const cache = await caches.open('belote-table-pages-v1');
            const copy = await cache.match(location.href.split('#')[0], {ignoreVary: true});
            return Boolean(copy) && (await copy.text()).includes(needle);
        }""",
        arg=needle,
    )


def tap_choice(form: Locator, name: str, value: object) -> None:
    """Tap the button (the label) of the radio ``name`` with ``value``."""
    form.locator(f'input[name="{name}"][value="{value}"] + label').tap()
    expect(form.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()


def enter_deal(phone: Page, number: int, deal: PhoneDeal | None) -> None:
    """Type deal ``number`` on the phone's form and tap « Enregistrer la donne »."""
    form = phone.locator("form#deal-form")
    expect(phone.locator("#entry-title")).to_have_text(f"Donne {number}")
    expect(form.locator('input[name="deal_number"]')).to_have_value(str(number))
    if deal is None:
        phone.get_by_text("Tout le monde a passé", exact=True).tap()
        expect(form.get_by_label("Tout le monde a passé")).to_be_checked()
    else:
        tap_choice(form, "taker", deal.taker)
        tap_choice(form, "trump", deal.trump)
        form.get_by_label("Contrat").fill(str(deal.contract))
        tap_choice(form, "coinche", deal.coinche)
        if deal.taker_belotes:
            tap_choice(form, "taker_belotes", deal.taker_belotes)
        tap_choice(form, "taker_tricks", deal.tricks)
        form.get_by_label("Points du preneur").fill(str(deal.points))
    form.get_by_role("button", name=RECORD).tap()


def outbox(page: Page) -> Locator:
    return page.locator("#outbox .outbox-item")


def recorded_deals() -> list[tuple]:
    """Return every deal of the database: number, taker, passed, contract, card points,
    tricks, scores A and B, status."""
    return list(
        Deal.objects.order_by("deal_number").values_list(
            "deal_number",
            "taker",
            "is_passed",
            "contract_value",
            "taker_card_points",
            "taker_tricks",
            "score_a",
            "score_b",
            "status",
        )
    )


def expected_deals(*statuses: str) -> list[tuple]:
    """Return DEALS as recorded_deals() gives them, deal n with ``statuses[n - 1]``."""
    rows = []
    for number, (deal, (score_a, score_b), status) in enumerate(
        zip(DEALS, SCORES, statuses, strict=False), start=1
    ):
        if deal is None:
            rows.append((number, "A", True, None, 0, 0, score_a, score_b, status))
        else:
            row = (deal.contract, deal.points, deal.tricks, score_a, score_b, status)
            rows.append((number, deal.taker, False, *row))
    return rows


PHONE_DEAL_LINES = """() => Array.from(
    document.querySelectorAll('.all-deals .deal-item[id]'),
    item => [item.id.replace('deal-', ''),
             ...Array.from(item.querySelectorAll('.deal-scores span'), s => s.innerText.trim()),
             item.querySelector('.deal-status').innerText.trim()]
).reverse()"""


def phone_deal_lines(phone: Page) -> list[tuple[str, ...]]:
    """Return the phone's deal list, deal 1 first: number, "A +x", "B +y", running
    totals, status."""
    return [tuple(line) for line in phone.evaluate(PHONE_DEAL_LINES)]


def deal_line(number: int, status: str) -> tuple[str, ...]:
    """Return deal ``number`` as the phone lists it, from SCORES."""
    total_a = sum(a for a, _ in SCORES[:number])
    total_b = sum(b for _, b in SCORES[:number])
    score_a, score_b = SCORES[number - 1]
    return (str(number), f"A +{score_a}", f"B +{score_b}", f"{total_a} – {total_b}", status)


def history_count(action: AuditAction) -> list[int]:
    """Return, deal 1 first, how many times each deal's history holds ``action``."""
    return [
        deal.history.filter(audit_action=action).count()
        for deal in Deal.objects.order_by("deal_number")
    ]


def test_two_phones_play_a_whole_match_through_two_network_cuts(
    browser: Browser, live_server, match: Match, shot
):
    assert engine_totals() == TOTALS
    links = selectors.match_links(match=match)
    token_a, token_b = links["A"].link.token, links["B"].link.token
    context_a, phone_a, problems_a = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    form_a = phone_a.locator("form#deal-form")

    # Deal 1, with the network: recorded at once, no line in the outbox.
    enter_deal(phone_a, 1, DEALS[0])
    expect(phone_a.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    expect(phone_a.locator("#outbox")).to_be_hidden()
    expect(phone_a.locator("#entry-title")).to_have_text("Donne 2")
    assert recorded_deals() == expected_deals(DealStatus.PENDING)
    # The phone keeps the page as the server now shows it, for a reload without network.
    wait_for_page_copy(phone_a, 'data-next-deal="2"')

    # Team B's phone confirms deal 1, with the network.
    context_b, phone_b, problems_b = open_phone(
        browser, live_server.url + links["B"].link.get_absolute_url()
    )
    expect(phone_b.locator(".to-confirm .deal-item")).to_have_count(1)
    phone_b.locator(".to-confirm #deal-1").get_by_role("button", name="Confirmer").tap()
    expect(phone_b.locator("p.notice").first).to_have_text("Donne 1 confirmée.")
    assert recorded_deals() == expected_deals(DealStatus.CONFIRMED)

    # Cut 1: team A records deals 2 and 3 without network. Kept on the phone, said so.
    cut(context_a)
    enter_deal(phone_a, 2, DEALS[1])
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text([WAITING])
    expect(phone_a.locator(".outbox-offline")).to_have_text(OFFLINE)
    enter_deal(phone_a, 3, DEALS[2])
    expect(outbox(phone_a).locator(".outbox-label")).to_have_text(
        ["Donne 2 · Enregistrer la donne", "Donne 3 · Enregistrer la donne"]
    )
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text([WAITING, WAITING])
    expect(phone_a.locator("#entry-title")).to_have_text("Donne 4")
    assert recorded_deals() == expected_deals(DealStatus.CONFIRMED)
    shot(phone_a, "a-deals-2-3-waiting")

    # A reload without network: the page's last copy, with deal 1, and the two still waiting.
    phone_a.reload()
    expect(phone_a.get_by_role("heading", level=1)).to_have_text(
        f"Partie 1 : table 1 contre l’équipe {links['A'].opponent.number}"
    )
    expect(outbox(phone_a).locator(".outbox-label")).to_have_text(
        ["Donne 2 · Enregistrer la donne", "Donne 3 · Enregistrer la donne"]
    )
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text([WAITING, WAITING])
    expect(phone_a.locator(".outbox-offline")).to_have_text(OFFLINE)
    expect(phone_a.locator("#entry-title")).to_have_text("Donne 4")
    # The copy is the page as phone A last had it: B's confirmation came after.
    assert phone_deal_lines(phone_a) == [deal_line(1, "En attente des adversaires")]
    shot(phone_a, "a-reloaded-offline")

    # Deals 4 and 5, still without network. Deal 5 is the match's 4th that counts (deal 3
    # was passed): the phone offers no deal 6, it says the match is complete.
    enter_deal(phone_a, 4, DEALS[3])
    expect(phone_a.locator("#match-complete-here")).to_have_count(0)
    enter_deal(phone_a, 5, DEALS[4])
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text([WAITING] * 4)
    expect(phone_a.locator("#match-complete-here")).to_have_text(COMPLETE_HERE)
    expect(phone_a.locator("#saisie")).to_be_hidden()
    expect(form_a).to_be_hidden()
    expect(phone_a.locator("#entry-title")).to_be_hidden()
    expect(phone_a.get_by_text("Donne 6")).to_be_hidden()
    assert recorded_deals() == expected_deals(DealStatus.CONFIRMED)
    shot(phone_a, "a-match-complete-offline")

    # The network back: the four go by themselves, in order, each recorded once.
    restore(context_a)
    expect(outbox(phone_a).locator(".outbox-state")).to_have_text([SENT] * 4, timeout=SENDING)
    expect(outbox(phone_a).locator(".outbox-label")).to_have_text(
        [f"Donne {number} · Enregistrer la donne" for number in (5, 4, 3, 2)]
    )
    expect(phone_a.locator("p.notice")).to_have_text([RECORDED.format(number=5), OVER])
    expect(phone_a.locator(".outbox-offline")).to_be_hidden()
    expect(phone_a.locator("form#deal-form")).to_have_count(0)
    expect(phone_a.locator("#match-complete-here")).to_have_count(0)
    expect(phone_a.locator(".table-scoreboard .total")).to_have_text(
        [str(total) for total in TOTALS]
    )
    assert phone_deal_lines(phone_a) == [
        deal_line(1, "Confirmée"),
        *[deal_line(number, "En attente des adversaires") for number in (2, 3, 4, 5)],
    ]
    assert recorded_deals() == expected_deals(DealStatus.CONFIRMED, *[DealStatus.PENDING] * 4)
    assert history_count(AuditAction.ENTERED) == [1] * 5
    assert IdempotencyRecord.objects.filter(token=token_a).count() == 5
    shot(phone_a, "a-all-sent")

    # Cut 2: team B's phone (reloaded with the network) confirms deals 2, 3 and 4 without.
    phone_b.reload()
    to_confirm = phone_b.locator(".to-confirm .deal-item")
    expect(to_confirm.locator(".deal-number")).to_have_text(
        [f"Donne {number}" for number in (2, 3, 4, 5)]
    )
    wait_for_page_copy(phone_b, 'id="deal-5"')
    cut(context_b)
    for number in (2, 3, 4):
        button = phone_b.locator(f".to-confirm #deal-{number}").get_by_role(
            "button", name="Confirmer"
        )
        button.tap()
        expect(button).to_be_disabled()
    expect(outbox(phone_b).locator(".outbox-label")).to_have_text(
        [f"Donne {number} · Confirmer" for number in (2, 3, 4)]
    )
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text([WAITING] * 3)
    expect(phone_b.locator(".outbox-offline")).to_have_text(OFFLINE)
    assert recorded_deals() == expected_deals(DealStatus.CONFIRMED, *[DealStatus.PENDING] * 4)
    shot(phone_b, "b-confirms-waiting")

    # A reload without network: the three still wait, and their buttons stay off.
    phone_b.reload()
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text([WAITING] * 3)
    for number in (2, 3, 4):
        expect(
            phone_b.locator(f".to-confirm #deal-{number}").get_by_role("button", name="Confirmer")
        ).to_be_disabled()
    last = phone_b.locator(".to-confirm #deal-5").get_by_role("button", name="Confirmer")
    expect(last).to_be_enabled()
    last.tap()
    expect(outbox(phone_b).locator(".outbox-label")).to_have_text(
        [f"Donne {number} · Confirmer" for number in (2, 3, 4, 5)]
    )
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text([WAITING] * 4)
    assert recorded_deals() == expected_deals(DealStatus.CONFIRMED, *[DealStatus.PENDING] * 4)
    shot(phone_b, "b-reloaded-offline")

    # The network back: each confirmation goes once; the match is confirmed and locked.
    restore(context_b)
    expect(outbox(phone_b).locator(".outbox-state")).to_have_text([SENT] * 4, timeout=SENDING)
    expect(outbox(phone_b).locator(".outbox-label")).to_have_text(
        [f"Donne {number} · Confirmer" for number in (5, 4, 3, 2)]
    )
    expect(phone_b.locator("p.notice")).to_have_text(["Donne 5 confirmée.", LOCKED])
    expect(phone_b.locator(".to-confirm")).to_have_count(0)
    expect(phone_b.locator(".table-scoreboard .total")).to_have_text(
        [str(total) for total in TOTALS]
    )
    assert phone_deal_lines(phone_b) == [
        deal_line(number, "Confirmée") for number in (1, 2, 3, 4, 5)
    ]
    assert recorded_deals() == expected_deals(*[DealStatus.CONFIRMED] * 5)
    assert history_count(AuditAction.CONFIRMED_AT_TABLE) == [1] * 5
    assert IdempotencyRecord.objects.filter(token=token_b).count() == 5
    match.refresh_from_db()
    assert (
        match.total_a,
        match.total_b,
        match.deals_played,
        match.is_finished,
        match.locked_at is not None,
    ) == (*TOTALS, 4, True, True)
    shot(phone_b, "b-all-confirmed")

    # Team A's phone, reloaded: the same totals, read-only.
    phone_a.reload()
    expect(phone_a.locator(".table-scoreboard .total")).to_have_text(
        [str(total) for total in TOTALS]
    )
    expect(phone_a.locator("p.notice-locked")).to_have_text(LOCKED)
    expect(phone_a.locator("form#deal-form")).to_have_count(0)

    assert (problems_a, problems_b) == ([], [])
    context_a.close()
    context_b.close()


def test_a_server_error_or_busy_answer_keeps_the_deal_and_sends_it_again(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    keys: list[str] = []
    answers = [
        (500, "<h1>Server Error (500)</h1>"),
        (429, "<h1>Trop de requêtes</h1>"),
        # A hall Wi-Fi's login page, answered in place of the site's: nothing was taken.
        (200, "<html><body><h1>Connexion au Wi-Fi de la salle</h1></body></html>"),
    ]

    def answer(route) -> None:
        keys.append(route.request.headers["idempotency-key"])
        if len(keys) <= len(answers):
            status, body = answers[len(keys) - 1]
            route.fulfill(status=status, body=body, content_type="text/html; charset=utf-8")
        else:
            route.continue_()

    phone.route("**/donne/", answer)
    # The phone's timers from now on: its retries go when the test moves its clock on.
    phone.clock.install()
    with phone.expect_response(lambda r: r.url.endswith("/donne/")) as first:
        enter_deal(phone, 1, DEALS[0])
    assert first.value.status == 500
    state = outbox(phone).locator(".outbox-state")
    expect(state).to_have_text([BUSY])
    expect(outbox(phone).locator(".outbox-label")).to_have_text(["Donne 1 · Enregistrer la donne"])
    expect(outbox(phone)).to_have_attribute("data-state", "waiting")
    expect(phone.locator(".outbox-offline")).to_be_hidden()
    assert recorded_deals() == []
    shot(phone, "server-error-waiting")

    # Sent again by itself, every 8 seconds, under the same key.
    for status in (429, 200):
        with phone.expect_response(lambda r: r.url.endswith("/donne/")) as again:
            phone.clock.run_for(8_000)
        assert again.value.status == status
        expect(outbox(phone)).to_have_attribute("data-busy", "true")
        expect(state).to_have_text([BUSY])
        assert recorded_deals() == []

    with phone.expect_response(lambda r: r.url.endswith("/donne/")) as last:
        phone.clock.run_for(8_000)
    assert last.value.status == 200
    expect(state).to_have_text([SENT])
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    assert (len(keys), len(set(keys))) == (4, 1)
    assert recorded_deals() == expected_deals(DealStatus.PENDING)
    assert problems == []
    context.close()


def test_a_deal_sent_back_with_errors_while_others_wait_can_be_put_back(
    browser: Browser, live_server, match: Match, shot
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    form = phone.locator("form#deal-form")

    # Without network, deal 1 is typed without its contract, then deal 2 in full.
    cut(context)
    for name, value in (("taker", "A"), ("trump", "H"), ("coinche", "none"), ("taker_tricks", 5)):
        tap_choice(form, name, value)
    form.get_by_label("Points du preneur").fill("104")
    form.get_by_role("button", name=RECORD).tap()
    enter_deal(phone, 2, DEALS[1])
    expect(outbox(phone).locator(".outbox-state")).to_have_text([WAITING, WAITING])

    # The network back: deal 1 comes back with its error, deal 2 is not the next one. The
    # board that answered deal 2 holds neither: both stay listed, with the reasons.
    restore(context)
    expect(outbox(phone).locator(".outbox-state")).to_have_text(
        ["Refusé", "Refusé"], timeout=SENDING
    )
    expect(outbox(phone).locator(".outbox-label")).to_have_text(
        ["Donne 1 · Enregistrer la donne", "Donne 2 · Enregistrer la donne"]
    )
    expect(outbox(phone).locator(".outbox-reason")).to_have_text(
        [
            "Choisissez un contrat.",
            "La donne 2 ne peut pas être enregistrée : la prochaine donne de cette partie "
            "est la donne 1.",
        ]
    )
    assert recorded_deals() == []
    shot(phone, "both-refused")

    # Deal 1 goes back into the form as deal 1, with what was typed; its contract added,
    # it is recorded. Then deal 2, as deal 2.
    outbox(phone).nth(0).get_by_role("button", name="Remettre dans le formulaire").tap()
    expect(phone.locator("#entry-title")).to_have_text("Donne 1")
    expect(form.locator('input[name="deal_number"]')).to_have_value("1")
    expect(form.get_by_label("Points du preneur")).to_have_value("104")
    expect(form.locator('input[name="taker_tricks"][value="5"]')).to_be_checked()
    form.get_by_label("Contrat").fill("90")
    form.get_by_role("button", name=RECORD).tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    outbox(phone).get_by_role("button", name="Remettre dans le formulaire").tap()
    expect(phone.locator("#entry-title")).to_have_text("Donne 2")
    expect(form.get_by_label("Points du preneur")).to_have_value("92")
    expect(form.get_by_label("Contrat")).to_have_value("100")
    form.get_by_role("button", name=RECORD).tap()
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=2))
    expect(outbox(phone)).to_have_count(0)
    assert recorded_deals() == expected_deals(DealStatus.PENDING, DealStatus.PENDING)
    assert problems == []
    context.close()


def test_a_write_the_wifi_holds_without_answer_waits_and_goes_again(
    browser: Browser, live_server, match: Match
):
    links = selectors.match_links(match=match)
    context, phone, problems = open_phone(
        browser, live_server.url + links["A"].link.get_absolute_url()
    )
    phone.clock.install()  # the phone's timers from now on: the test moves time on
    held: list = []

    def hold_the_first(route) -> None:
        if not held:
            held.append(route)  # connected, but nothing comes back
        else:
            route.continue_()

    phone.route("**/donne/", hold_the_first)
    enter_deal(phone, 1, DEALS[0])
    state = outbox(phone).locator(".outbox-state")
    expect(state).to_have_text(["Envoi en cours…"])
    phone.clock.run_for(29_000)
    expect(state).to_have_text(["Envoi en cours…"])
    # After 30 s without an answer the deal waits, said so, and goes again by itself.
    phone.clock.run_for(2_000)
    expect(state).to_have_text([WAITING])
    assert (len(held), recorded_deals()) == (1, [])
    with phone.expect_response(lambda r: r.url.endswith("/donne/")) as again:
        phone.clock.run_for(8_000)
    assert again.value.status == 200
    expect(state).to_have_text([SENT])
    expect(phone.locator("p.notice").first).to_have_text(RECORDED.format(number=1))
    assert recorded_deals() == expected_deals(DealStatus.PENDING)
    assert problems == []
    phone.unroute_all(behavior="ignoreErrors")
    context.close()
