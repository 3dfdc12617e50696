"""Two phones at one table see each other's deals without a reload (STYLE.md §9).

Chromium at a phone's size (390 × 844, touch, French), two browser contexts: team A's
phone and team B's. Each phone asks for its board every BELOTE_TABLE_REFRESH_SECONDS
(one second here; views/table/refresh.py, static/js/table_offline.js):

- B sees the deal A records within one poll, and A sees B's confirmation; a page
  hidden asks nothing, and asks at once when it is shown again;
- a focused field on B holds the poll back (no request), and B's board follows once the
  field loses the focus;
- a poll without network (``network.cut``) or whose answer never comes (a
  dropped Wi-Fi) says nothing: no error, the board as it was;
- a deal kept offline on A while the organiser revokes A's link, or stops the match for
  time, is refused when it is sent at last: the phone says it was not recorded, with its
  figures for the desk; one the other phone recorded the same is listed as « Déjà
  enregistrée », like a deal sent, never offered back to the form;
- a value left typed in the new-deal form holds the poll back and says so above the
  board (« Mise à jour automatique en pause… »), until the form is emptied or sent; the
  note comes as soon as the form holds something, not at the next poll.
"""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.network import cut, restore
from tests.browser.two_teams import published_match
from tournaments import selectors, services
from tournaments.models import Deal, DealStatus, Match, Seat

#: A phone at the table: the size of a common phone, touch, in French. The service
#: worker is blocked: the polls are the page's own requests, seen by ``page.route``.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
    "service_workers": "block",
}
#: The seconds between two polls in these tests (one poll: at most this, plus its answer).
REFRESH_SECONDS = 1
#: How long a test waits for what one poll brings: two periods and the answer's time.
ONE_POLL_MS = 3000


@pytest.fixture
def match(organiser, settings) -> Match:
    """Round 1 of a two-team ffb-coinche concours of 4 deals, drawn and published; the
    phones ask for their board every second."""
    settings.BELOTE_TABLE_REFRESH_SECONDS = REFRESH_SECONDS
    return published_match(organiser, name="Concours des deux téléphones")


@pytest.fixture
def links(match) -> dict[str, Seat]:
    return selectors.match_links(match=match)


class Phone:
    """One phone: its context, its page, the polls it sent and the problems it met
    (uncaught script errors, Content-Security-Policy violations)."""

    def __init__(self, browser: Browser, url: str) -> None:
        self.context: BrowserContext = browser.new_context(**PHONE)
        self.problems: list[str] = []
        self.polls: list[str] = []
        self.context.on("weberror", lambda error: self.problems.append(str(error.error)))
        self.context.on(
            "console",
            lambda message: (
                self.problems.append(message.text)
                if "Content Security Policy" in message.text
                else None
            ),
        )
        self.page: Page = self.context.new_page()
        self.page.on(
            "request",
            lambda request: self.polls.append(request.url) if "/tableau/" in request.url else None,
        )
        self.page.goto(url)

    def deal_statuses(self):
        """The list of every deal: each row's status as the phone shows it."""
        return self.page.locator(".all-deals .deal-item .deal-status")


@pytest.fixture
def phones(browser: Browser, live_server, links):
    opened = {
        side: Phone(browser, live_server.url + seat.link.get_absolute_url())
        for side, seat in links.items()
    }
    yield opened
    for phone in opened.values():
        phone.context.close()


def fill_deal(page: Page, *, points: int) -> None:
    """Fill the deal form: 90 ♥ by team A, 5 tricks, ``points`` card points."""
    form = page.locator("form#deal-form")
    for name, value in (("taker", "A"), ("trump", "H"), ("coinche", "none"), ("taker_tricks", 5)):
        form.locator(f'input[name="{name}"][value="{value}"] + label').tap()
    form.get_by_label("Contrat").fill("90")
    form.get_by_label("Points du preneur").fill(str(points))


def record_deal(page: Page, *, points: int) -> None:
    fill_deal(page, points=points)
    page.get_by_role("button", name="Enregistrer la donne").tap()


def deals() -> list[tuple]:
    return list(
        Deal.objects.order_by("deal_number").values_list(
            "deal_number", "taker_card_points", "status"
        )
    )


def test_each_phone_sees_the_other_phones_write_within_one_poll(phones):
    a, b = phones["A"], phones["B"]
    expect(b.page.locator(".all-deals .deal-item")).to_have_text(["Aucune donne enregistrée."])

    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])

    # B's phone: deal 1 to confirm, without a reload.
    expect(b.page.locator("#to-confirm-title")).to_have_text(
        "À confirmer : les donnes des adversaires", timeout=ONE_POLL_MS
    )
    expect(b.deal_statuses()).to_have_text(["À vous de confirmer"])
    assert deals() == [(1, 104, DealStatus.PENDING)]

    b.page.locator(".to-confirm").get_by_role("button", name="Confirmer", exact=True).tap()
    expect(b.deal_statuses()).to_have_text(["Confirmée"])

    # A's phone: deal 1 confirmed, and its totals, without a reload.
    expect(a.deal_statuses()).to_have_text(["Confirmée"], timeout=ONE_POLL_MS)
    expect(a.page.locator(".table-scoreboard .total")).to_have_text(["190", "60"])
    assert (deals(), a.problems, b.problems) == ([(1, 104, DealStatus.CONFIRMED)], [], [])


def test_an_unchanged_board_is_left_as_it_is(phones):
    b = phones["B"]
    b.page.locator("#table-board").evaluate("board => board.dataset.marked = 'yes'")

    b.page.wait_for_timeout(ONE_POLL_MS)

    # Polls went (304 each), and the board is still the one marked: never swapped.
    assert (len(b.polls) >= 2, b.page.locator("#table-board[data-marked='yes']").count()) == (
        True,
        1,
    )


def test_a_hidden_page_asks_nothing_and_asks_at_once_when_shown_again(
    browser: Browser, live_server, links, settings
):
    # A period far longer than the test: only the page shown again can bring the deal.
    settings.BELOTE_TABLE_REFRESH_SECONDS = 600
    a = Phone(browser, live_server.url + links["A"].link.get_absolute_url())
    b = Phone(browser, live_server.url + links["B"].link.get_absolute_url())
    shown = "state => { Object.defineProperty(document, 'visibilityState', {value: state, configurable: true}); document.dispatchEvent(new Event('visibilitychange')); }"
    b.page.evaluate(shown, "hidden")

    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])
    b.page.wait_for_timeout(500)
    assert (b.polls, b.page.locator("#to-confirm-title").count()) == ([], 0)

    b.page.evaluate(shown, "visible")
    expect(b.deal_statuses()).to_have_text(["À vous de confirmer"], timeout=ONE_POLL_MS)
    assert (len(b.polls), a.problems, b.problems) == (1, [], [])
    for phone in (a, b):
        phone.context.close()


def test_a_focused_field_holds_the_poll_back(phones):
    a, b = phones["A"], phones["B"]
    b.page.locator("form#deal-form").get_by_label("Contrat").focus()
    polls_before = len(b.polls)

    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])
    b.page.wait_for_timeout(ONE_POLL_MS)

    # Focused: no poll at all, the board as it was; nothing typed, so no pause note.
    assert (
        len(b.polls),
        b.page.locator("#to-confirm-title").count(),
        b.page.locator("#refresh-paused").count(),
    ) == (polls_before, 0, 0)

    b.page.locator("#where-now").tap()  # the field loses the focus
    expect(b.deal_statuses()).to_have_text(["À vous de confirmer"], timeout=ONE_POLL_MS)
    assert b.problems == []


def test_something_typed_is_never_wiped_by_a_poll(phones):
    a, b = phones["A"], phones["B"]
    fill_deal(b.page, points=120)
    b.page.locator("#where-now").tap()  # nothing focused: the typed form still holds it

    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])
    b.page.wait_for_timeout(ONE_POLL_MS)

    form = b.page.locator("form#deal-form")
    assert (
        form.get_by_label("Points du preneur").input_value(),
        form.get_by_label("Contrat").input_value(),
        b.page.locator("#to-confirm-title").count(),
        b.page.locator("#refresh-paused").all_text_contents(),
    ) == ("120", "90", 0, [PAUSED])


def test_a_stray_value_holds_the_poll_back_and_says_so_until_the_form_is_emptied(phones):
    a, b = phones["A"], phones["B"]
    points = b.page.locator("form#deal-form").get_by_label("Points du preneur")
    points.fill("9")
    b.page.locator("#where-now").tap()  # nothing focused: « 9 » stays typed
    polls_before = len(b.polls)

    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])

    # Held back, and said so above the board; what was typed stays, the deal still the 1st.
    expect(b.page.locator("#refresh-paused")).to_have_text(PAUSED, timeout=ONE_POLL_MS)
    b.page.wait_for_timeout(ONE_POLL_MS)
    assert (
        len(b.polls),
        points.input_value(),
        b.page.locator("#entry-title").text_content(),
        b.page.locator("#to-confirm-title").count(),
        b.page.locator("#refresh-paused + #table-board").count(),
    ) == (polls_before, "9", "Donne 1", 0, 1)

    # Emptied: the note goes at once, and the next poll brings A's deal.
    points.fill("")
    expect(b.page.locator("#refresh-paused")).to_have_count(0)
    b.page.locator("#where-now").tap()
    expect(b.deal_statuses()).to_have_text(["À vous de confirmer"], timeout=ONE_POLL_MS)
    expect(b.page.locator("#entry-title")).to_have_text("Donne 2")
    assert (b.page.locator("#refresh-paused").count(), b.problems) == (0, [])


def test_the_pause_note_goes_once_the_deal_typed_is_sent(phones):
    a = phones["A"]
    fill_deal(a.page, points=104)
    a.page.locator("#where-now").tap()
    expect(a.page.locator("#refresh-paused")).to_have_text(PAUSED, timeout=ONE_POLL_MS)

    a.page.get_by_role("button", name="Enregistrer la donne").tap()

    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])
    expect(a.page.locator("#refresh-paused")).to_have_count(0)
    a.page.wait_for_timeout(ONE_POLL_MS)
    assert (
        a.page.locator("#refresh-paused").count(),
        a.page.locator("form#deal-form").get_by_label("Points du preneur").input_value(),
        a.page.locator("#entry-title").text_content(),
        deals(),
        a.problems,
    ) == (0, "", "Donne 2", [(1, 104, DealStatus.PENDING)], [])


def test_a_poll_without_network_says_nothing(phones):
    a, b = phones["A"], phones["B"]
    cut(b.context)

    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])
    b.page.wait_for_timeout(ONE_POLL_MS)

    # Only the outbox's usual line about the network; no error, no write, no deal shown.
    expect(b.page.locator(".outbox-offline")).to_have_text(
        "Pas de réseau : ce que vous saisissez est gardé sur ce téléphone."
    )
    assert (
        b.page.locator(".notice-error, .outbox-item").count(),
        b.page.locator(".all-deals .deal-item").all_text_contents(),
        b.problems,
    ) == (0, ["Aucune donne enregistrée."], [])

    restore(b.context)
    expect(b.deal_statuses()).to_have_text(["À vous de confirmer"], timeout=ONE_POLL_MS)


def test_a_poll_whose_answer_never_comes_says_nothing(phones):
    a, b = phones["A"], phones["B"]
    dropped: list[str] = []

    def drop(route) -> None:
        dropped.append(route.request.url)
        route.abort("internetdisconnected")

    b.page.route("**/tableau/", drop)
    record_deal(a.page, points=104)
    expect(a.deal_statuses()).to_have_text(["En attente des adversaires"])
    b.page.wait_for_timeout(ONE_POLL_MS)

    assert (
        len(dropped) >= 2,
        b.page.locator(".notice-error, .outbox-item").count(),
        b.page.locator("#outbox").is_hidden(),
        b.page.locator(".all-deals .deal-item").all_text_contents(),
        b.problems,
    ) == (True, 0, True, ["Aucune donne enregistrée."], [])

    b.page.unroute("**/tableau/")
    expect(b.deal_statuses()).to_have_text(["À vous de confirmer"], timeout=ONE_POLL_MS)


def test_a_deal_kept_offline_for_a_revoked_link_is_said_not_recorded(phones, links):
    a = phones["A"]
    cut(a.context)
    record_deal(a.page, points=104)
    expect(a.page.locator("#outbox .outbox-state")).to_have_text("En attente de réseau")

    services.revoke_link(link=links["A"].link, now=timezone.now())
    restore(a.context)

    # Sent at last, refused: the page reloads to the refusal, which lists the deal.
    expect(a.page.locator("#refusal-title")).to_have_text("Ce lien ne fonctionne plus")
    outbox = a.page.locator("#outbox")
    expect(outbox.locator("#outbox-title")).to_have_text("Envois de ce téléphone")
    expect(outbox.locator(".outbox-item")).to_have_count(1)
    item = outbox.locator(".outbox-item")
    expect(item.locator(".outbox-label")).to_have_text("Donne 1 · Enregistrer la donne")
    expect(item.locator(".outbox-state")).to_have_text("Refusé")
    expect(item.locator(".outbox-reason")).to_have_text(
        "Non enregistrée : donnez ces chiffres à la table de marque. Ce lien ne fonctionne plus"
    )
    expect(item.locator(".outbox-figures")).to_have_text(FIGURES)
    assert (deals(), a.problems) == ([], [])

    # Read and put away: nothing more is listed.
    item.get_by_role("button", name="OK").tap()
    expect(outbox).to_be_hidden()


def test_a_deal_kept_offline_for_a_table_stopped_for_time_is_said_not_recorded(phones, match):
    a = phones["A"]
    cut(a.context)
    record_deal(a.page, points=104)
    expect(a.page.locator("#outbox .outbox-state")).to_have_text("En attente de réseau")

    # The desk's « Arrêter au temps » (views/rounds.py) meanwhile.
    services.close_match_for_time(match=match, now=timezone.now())
    restore(a.context)

    item = a.page.locator("#outbox .outbox-item")
    expect(item.locator(".outbox-state")).to_have_text("Refusé")
    expect(item.locator(".outbox-label")).to_have_text("Donne 1 · Enregistrer la donne")
    expect(item.locator(".outbox-reason")).to_have_text(
        "Non enregistrée : donnez ces chiffres à la table de marque. L’organisateur a arrêté "
        "au temps la partie de la table 1 : elle compte avec son score, plus rien ne se "
        "saisit ni ne se confirme sur les téléphones. Les donnes en attente sont réglées à "
        "la table de marque."
    )
    expect(item.locator(".outbox-figures")).to_have_text(FIGURES)
    assert (item.count(), deals(), a.problems) == (1, [], [])


def test_a_deal_kept_offline_the_other_phone_recorded_the_same_is_said_already_recorded(phones):
    a, b = phones["A"], phones["B"]
    cut(a.context)
    record_deal(a.page, points=104)
    expect(a.page.locator("#outbox .outbox-state")).to_have_text("En attente de réseau")

    record_deal(b.page, points=104)  # the same deal 1, from B's phone
    expect(b.deal_statuses()).to_have_text(["En attente des adversaires"])
    with a.page.expect_response(lambda r: r.url.endswith("/donne/")) as answer:
        restore(a.context)

    # Refused as deal_exists (409), yet recorded: listed so, like a deal sent, with no
    # « Remettre dans le formulaire » and no figures for the desk; « OK » puts it away.
    item = a.page.locator("#outbox .outbox-item")
    expect(item.locator(".outbox-state")).to_have_text("Déjà enregistrée")
    expect(item.locator(".outbox-reason")).to_have_text("La donne 1 est déjà enregistrée.")
    assert (
        answer.value.status,
        item.count(),
        item.get_attribute("class"),
        item.get_by_role("button").all_text_contents(),
        item.locator(".outbox-figures").count(),
        deals(),
    ) == (409, 1, "outbox-item outbox-recorded", ["OK"], 0, [(1, 104, DealStatus.PENDING)])
    item.get_by_role("button", name="OK").tap()
    expect(item).to_have_count(0)
    expect(a.page.locator("#outbox")).to_be_hidden()
    expect(a.page.locator("#entry-title")).to_have_text("Donne 2")
    assert a.problems == []


def test_the_pause_note_shows_as_soon_as_the_form_holds_something(phones, settings):
    # A period of 30 s: a note within 1 s cannot be a poll's.
    settings.BELOTE_TABLE_REFRESH_SECONDS = 30
    b = phones["B"]
    b.page.reload()
    expect(b.page.locator("#table-board")).to_have_attribute("data-refresh-seconds", "30")
    polls_before = len(b.polls)
    note = b.page.locator("#refresh-paused")
    points = b.page.locator("form#deal-form").get_by_label("Points du preneur")

    points.fill("9")
    b.page.locator("#where-now").tap()  # nothing focused: « 9 » stays typed
    expect(note).to_have_text(PAUSED, timeout=1000)
    expect(b.page.locator("#refresh-paused + #table-board")).to_have_count(1)

    # Emptied: the note goes at once; a choice tapped (no key typed) brings it back.
    points.fill("")
    expect(note).to_have_count(0, timeout=1000)
    b.page.locator('form#deal-form input[name="trump"][value="H"] + label').tap()
    expect(note).to_have_text(PAUSED, timeout=1000)
    assert (len(b.polls), b.problems) == (polls_before, [])


#: What a phone says while its poll waits for the deal being typed.
PAUSED = "Mise à jour automatique en pause : une donne est en cours de saisie."

#: Deal 1 as phone A typed it: 90 ♥ by team A, 5 tricks, 104 card points.
FIGURES = (
    "Preneur : 2 – Zoé Müller / Gaëlle Chénier · Atout : ♥ cœur · Contrat : 90 · "
    "Coinche : Aucune · Plis du preneur : 5 · Points du preneur : 104 · "
    "Belote-rebelote Preneur : 0 · Belote-rebelote Défense : 0"
)
