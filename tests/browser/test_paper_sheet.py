"""The desk types a whole paper sheet with the keyboard alone (STYLE.md §9).

The issue's browser test, in Chromium on a laptop's screen (1280 px): an ``ffb-coinche``
concours of 12 deals a match, on paper (« feuilles papier saisies à la table de
marque »), its round 1 drawn and published through the services. The organiser opens
table 1's grid (signed in by cookie: nothing is clicked) and types the signed sheet with
``page.keyboard`` only: 13 rows, a pass among them, plain deals, a coinche, a belote, a
capot bid made, sans atout, a row typed wrong (an impossible contract, 95) that the
engine refuses in French, beside its column, saving nothing, then typed again, a
cinquante at tout atout and a capot by the defence. Every key is counted: each plain
deal takes at most 12 (taker, contract, Tab, trump, card points, Enter).

The expected scores come from the engine (``scoring.score_match``), never from the page:
the totals shown, the match stored and every row after a reload must say the same.
Screenshots go to ``test-artifacts/<test>/``: the grid half typed, the refused row, the
whole sheet, and the sheet after a reload.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

import scoring
from scoring.matches import MatchDeal
from tests.factories import ClubFactory
from tournaments import services
from tournaments.forms.paper import TRICKS_NOT_COUNTED
from tournaments.models import Deal, DealStatus, Match

#: The columns of a row as the grid shows them, in order.
COLUMNS = (
    "taker",
    "contract",
    "trump",
    "taker_card_points",
    "coinche",
    "belote",
    "declarations_a",
    "declarations_b",
)


def plain(trump: str, contract: int | str, taker_points: int, **more: object) -> scoring.Deal:
    """Return a deal of the sheet: no trick count on paper (RULES.md §A)."""
    defence = scoring.DEAL_CARD_POINTS - taker_points
    return scoring.Deal(
        trump=trump,
        contract=contract,
        taker_card_points=taker_points,
        defence_card_points=defence,
        taker_tricks=TRICKS_NOT_COUNTED,
        **more,
    )


@dataclass(frozen=True)
class SheetRow:
    """One row of the signed sheet: the keys the volunteer types, what the engine takes,
    and what the row shows once saved (:data:`COLUMNS`)."""

    keys: tuple[str, ...]
    taker: str
    deal: scoring.Deal | None
    shown: tuple[str, ...]


TAB, ENTER = "Tab", "Enter"
SHEET = [
    SheetRow(
        ("A", "9", "0", TAB, "C", "1", "0", "2", ENTER),
        "A",
        plain("H", 90, 102),
        ("A", "90", "C", "102", "", "", "", ""),
    ),
    SheetRow(
        ("B", "8", "0", TAB, "P", "9", "1", ENTER),
        "B",
        plain("S", 80, 91),
        ("B", "80", "P", "91", "", "", "", ""),
    ),
    # All four passed: one key, saved at once.
    SheetRow(("P",), "A", None, ("P", "", "", "", "", "", "", "")),
    # Coinched: Tab from the card points to the coinche, one key.
    SheetRow(
        ("A", "1", "0", "0", TAB, "K", "1", "2", "0", TAB, "1", ENTER),
        "A",
        plain("D", 100, 120, coinche="coinche"),
        ("A", "100", "K", "120", "1", "", "", ""),
    ),
    SheetRow(
        ("B", "9", "0", TAB, "T", "5", "0", ENTER),
        "B",
        plain("C", 90, 50),
        ("B", "90", "T", "50", "", "", "", ""),
    ),
    # The taker's team A holds the belote: Tab past the coinche to the belote.
    SheetRow(
        ("A", "1", "1", "0", TAB, "C", "1", "3", "0", TAB, TAB, "A", ENTER),
        "A",
        plain("H", 110, 130, taker_belotes=1),
        ("A", "110", "C", "130", "", "A", "", ""),
    ),
    # A capot bid (C in the contract) made: C in the card points, all 8 tricks.
    SheetRow(
        ("B", "C", TAB, "P", "C", ENTER),
        "B",
        scoring.Deal(
            trump="S",
            contract="capot",
            taker_card_points=scoring.CAPOT_CARD_POINTS,
            defence_card_points=0,
            taker_tricks=scoring.TRICKS_PER_DEAL,
        ),
        ("B", "C", "P", "C", "", "", "", ""),
    ),
    SheetRow(
        ("A", "8", "0", TAB, "S", "8", "5", ENTER),
        "A",
        plain("SA", 80, 85),
        ("A", "80", "S", "85", "", "", "", ""),
    ),
    # Typed right after the refused 95 (see WRONG_ROW): the cursor is back on the contract.
    SheetRow(
        ("9", "0", ENTER),
        "A",
        plain("H", 90, 100),
        ("A", "90", "C", "100", "", "", "", ""),
    ),
    # Team B, the taker, announced a cinquante at tout atout: Tab to its declarations.
    SheetRow(
        ("B", "1", "2", "0", TAB, "X", "1", "4", "0", TAB, TAB, TAB, TAB, "5", ENTER),
        "B",
        plain("TA", 120, 140, taker_declarations=50),
        ("B", "120", "X", "140", "", "", "", "5"),
    ),
    # The defence won every trick: D in the taker's card points.
    SheetRow(
        ("A", "9", "0", TAB, "K", "D", ENTER),
        "A",
        scoring.Deal(
            trump="D",
            contract=90,
            taker_card_points=0,
            defence_card_points=scoring.CAPOT_CARD_POINTS,
            taker_tricks=0,
        ),
        ("A", "90", "K", "D", "", "", "", ""),
    ),
    SheetRow(
        ("B", "1", "0", "0", TAB, "T", "1", "0", "1", ENTER),
        "B",
        plain("C", 100, 101),
        ("B", "100", "T", "101", "", "", "", ""),
    ),
    SheetRow(
        ("A", "8", "0", TAB, "C", "8", "1", ENTER),
        "A",
        plain("H", 80, 81),
        ("A", "80", "C", "81", "", "", "", ""),
    ),
]
#: Row 9 as first typed: a contract of 95, which does not exist (they go up by 10).
WRONG_ROW = 9
WRONG_KEYS = ("A", "9", "5", TAB, "C", "1", "0", "0", ENTER)
#: The rows typed as a plain deal: taker, contract, trump, card points, Enter.
PLAIN_ROWS = (1, 2, 5, 8, 12, 13)


@pytest.fixture
def paper_match(db, organiser) -> Match:
    """Table 1 of round 1 of a 12-deal ``ffb-coinche`` concours typed at the desk."""
    club = ClubFactory(name="Amicale de Cahors")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Concours sur papier",
            "date": datetime.date(2026, 11, 28),
            "venue": "Salle des fêtes de Cahors",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 12,
            "number_of_rounds": 1,
            "results_mode": "paper",
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[
            services.TeamData("Hélène Martin", "Paul Durand"),
            services.TeamData("Zoé Müller", "Gaëlle Chénier"),
        ],
        rng=random.Random(7),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_1, now=timezone.now())
    return Match.objects.select_related("round__tournament", "team_a", "team_b").get()


def type_keys(page: Page, keys: tuple[str, ...]) -> int:
    """Press each of ``keys`` on ``page.keyboard`` (no click, no fill); return how many."""
    for key in keys:
        page.keyboard.press(key)
    return len(keys)


def row_values(page: Page, number: int) -> tuple[str, ...]:
    return tuple(page.locator(f"#sheet-{number}-{name}").input_value() for name in COLUMNS)


def row_totals(page: Page, number: int) -> tuple[str, str]:
    return (
        page.locator(f"#sheet-{number}-total-a").inner_text(),
        page.locator(f"#sheet-{number}-total-b").inner_text(),
    )


def test_the_desk_types_a_whole_coinche_sheet_with_the_keyboard_alone(
    page: Page, live_server, client, organiser, paper_match, screenshot
):
    client.force_login(organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    expected = scoring.score_match(
        [MatchDeal(scoring.TeamSide(row.taker), row.deal) for row in SHEET],
        paper_match.round.tournament.rules,
        paper_match.round.tournament.engine_match_format,
    )
    expected_totals = [(str(s.state.total_a), str(s.state.total_b)) for s in expected.steps]
    url = f"{live_server.url}/concours/{paper_match.round.tournament.slug}/gestion/parties/1/tables/1/feuille/"
    page.goto(url)
    expect(page.locator("#sheet-1-taker")).to_be_focused()
    keys_by_row = {}

    for number, row in enumerate(SHEET[: WRONG_ROW - 1], start=1):
        keys_by_row[number] = type_keys(page, row.keys)
    expect(page.locator(f"#sheet-{WRONG_ROW - 1}-total-a")).to_have_text(
        expected_totals[WRONG_ROW - 2][0]
    )
    screenshot("half-typed")
    wrong_keys = type_keys(page, WRONG_KEYS)
    errors = page.locator(f"#sheet-{WRONG_ROW}-errors")
    expect(errors).to_have_text("Donne 9 · Contrat : Le contrat monte de 10 en 10.")
    expect(page.locator(f"#sheet-{WRONG_ROW}-contract")).to_be_focused()
    saved_after_the_wrong_row = sorted(
        Deal.objects.filter(match=paper_match).values_list("deal_number", flat=True)
    )
    screenshot("refused-row")
    for number, row in enumerate(SHEET[WRONG_ROW - 1 :], start=WRONG_ROW):
        keys_by_row[number] = type_keys(page, row.keys)
    expect(page.locator("#sheet-13-total-b")).to_have_text(expected_totals[-1][1])
    expect(page.locator("#sheet-scoreboard")).to_contain_text("Cette partie est terminée.")
    screenshot("whole-sheet")
    shown_totals = page.locator("#sheet-scoreboard strong").all_inner_texts()
    width = page.evaluate("document.documentElement.scrollWidth")
    page.reload()
    reloaded = [row_values(page, n) for n in range(1, len(SHEET) + 1)]
    reloaded_totals = [row_totals(page, n) for n in range(1, len(SHEET) + 1)]
    screenshot("after-reload")

    paper_match.refresh_from_db()
    stored = list(
        Deal.objects.filter(match=paper_match)
        .order_by("deal_number")
        .values_list("deal_number", "status", "entered_by_side", "total_a", "total_b")
    )
    assert saved_after_the_wrong_row == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [keys_by_row[n] for n in PLAIN_ROWS] == [9, 8, 8, 8, 10, 8]
    assert max(keys_by_row[n] for n in PLAIN_ROWS) <= 12
    assert (wrong_keys, keys_by_row, wrong_keys + sum(keys_by_row.values())) == (
        9,
        {1: 9, 2: 8, 3: 1, 4: 12, 5: 8, 6: 13, 7: 6, 8: 8, 9: 3, 10: 15, 11: 7, 12: 10, 13: 8},
        117,
    )
    assert shown_totals == [str(expected.state.total_a), str(expected.state.total_b)]
    assert (paper_match.total_a, paper_match.total_b, paper_match.is_finished) == (
        expected.state.total_a,
        expected.state.total_b,
        True,
    )
    assert stored == [
        (n, DealStatus.CONFIRMED, "", int(total_a), int(total_b))
        for n, (total_a, total_b) in enumerate(expected_totals, start=1)
    ]
    assert reloaded == [row.shown for row in SHEET]
    assert reloaded_totals == expected_totals
    assert width <= 1280


def key_name_endings(page: Page) -> list[str]:
    """Return what CSS writes after each key's name of the key map (its ``dt::after``)."""
    return page.eval_on_selector_all(
        ".key-map dt", "dts => dts.map(dt => getComputedStyle(dt, '::after').content)"
    )


@pytest.mark.parametrize(
    ("language", "ending"), [("fr", '"\u00a0: "'), ("en", '": "')], ids=["french", "english"]
)
def test_the_key_map_puts_a_colon_after_each_key_as_its_language_writes_it(
    page: Page, live_server, client, organiser, paper_match, language, ending
):
    client.force_login(organiser)
    page.context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            },
            {"name": "django_language", "value": language, "url": live_server.url},
        ]
    )

    page.goto(
        f"{live_server.url}/concours/{paper_match.round.tournament.slug}"
        "/gestion/parties/1/tables/1/feuille/"
    )

    assert key_name_endings(page) == [ending] * 8


#: Records the path of every request htmx is asked for (``htmx:confirm`` comes before it
#: sends or queues one), into ``window.askedFor``.
RECORD_REQUESTS = """() => {
    window.askedFor = [];
    document.addEventListener('htmx:confirm', event => window.askedFor.push(event.detail.path));
}"""
#: True once ``window.askedFor`` holds the path ``later`` after the path ``first``.
ASKED_AFTER = """([first, later]) => {
    const asked = window.askedFor, at = asked.indexOf(first);
    return at >= 0 && asked.indexOf(later, at + 1) > at;
}"""


def test_a_row_typed_while_the_row_above_saves_is_saved_once_that_save_comes_back(
    page: Page, live_server, client, organiser, paper_match
):
    """Row 1's save is held up while row 1's preview (asked 250 ms after its last key,
    after its Enter), then row 2 and its preview are asked for: all wait behind it, in
    that order. Row 1's answer replaces row 1, so its preview is for a row no longer on
    the page: it must not hold back row 2's save (htmx drops such a queued request and
    sends nothing after it; nothing else is asked for that would send them)."""
    client.force_login(organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    path = f"/concours/{paper_match.round.tournament.slug}/gestion/parties/1/tables/1/feuille/"
    held = []

    def hold_row_1_save(route) -> None:
        if route.request.url == f"{live_server.url}{path}donnes/1/" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(f"{live_server.url}{path}donnes/**", hold_row_1_save)
    page.goto(live_server.url + path)
    page.evaluate(RECORD_REQUESTS)
    expect(page.locator("#sheet-1-taker")).to_be_focused()
    type_keys(page, SHEET[0].keys)
    page.wait_for_function(ASKED_AFTER, arg=[f"{path}donnes/1/", f"{path}donnes/1/apercu/"])
    type_keys(page, SHEET[1].keys)
    page.wait_for_function(ASKED_AFTER, arg=[f"{path}donnes/1/apercu/", f"{path}donnes/2/"])
    page.wait_for_function(ASKED_AFTER, arg=[f"{path}donnes/2/", f"{path}donnes/2/apercu/"])
    held[0].continue_()

    expect(page.locator("#sheet-deal-1")).to_have_class("sheet-row is-saved")
    expect(page.locator("#sheet-deal-2")).to_have_class("sheet-row is-saved")
    assert sorted(Deal.objects.filter(match=paper_match).values_list("deal_number", flat=True)) == [
        1,
        2,
    ]


def open_sheet(page: Page, live_server, client, organiser, paper_match: Match) -> None:
    """Sign in and open table 1's grid, the cursor on row 1's taker."""
    client.force_login(organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(
        f"{live_server.url}/concours/{paper_match.round.tournament.slug}"
        "/gestion/parties/1/tables/1/feuille/"
    )
    expect(page.locator("#sheet-1-taker")).to_be_focused()


#: A French (AZERTY) keyboard's digit row without Shift: the character, and its key.
AZERTY = {
    "&": "Digit1",
    "é": "Digit2",
    '"': "Digit3",
    "'": "Digit4",
    "(": "Digit5",
    "-": "Digit6",
    "è": "Digit7",
    "_": "Digit8",
    "ç": "Digit9",
    "à": "Digit0",
}


def azerty_key(cdp, key: str, code: str) -> None:
    """Press one key as Chromium gets it from the system: the character typed (``key``)
    and which key it is (``code``: ``Digit2`` for a French keyboard's « é »)."""
    for kind in ("keyDown", "keyUp"):
        event = {"type": kind, "key": key, "code": code}
        cdp.send("Input.dispatchKeyEvent", event | ({"text": key} if kind == "keyDown" else {}))


def focused(page: Page) -> str:
    return page.evaluate("document.activeElement.id")


def test_one_key_columns_ignore_other_keys_and_an_azerty_digit_row_types_digits(
    page: Page, live_server, client, organiser, paper_match
):
    open_sheet(page, live_server, client, organiser, paper_match)
    cdp = page.context.new_cdp_session(page)
    steps = []

    def after(keys: tuple[str, ...]) -> None:
        """Type ``keys`` (the AZERTY digit row's through :func:`azerty_key`) and note
        where the cursor is and what its cell holds."""
        for key in keys:
            if key in AZERTY:
                azerty_key(cdp, key, AZERTY[key])
            else:
                page.keyboard.press(key)
        steps.append((focused(page), page.evaluate("document.activeElement.value")))

    after(("Z", "é", "1", "Space", "-"))  # no taker's key: nothing written, no move
    after(("a",))
    after(("ç", "à"))  # the keys of 9 and 0, without Shift
    after((TAB, "Z", "&", "c"))
    after(("&", "à", "é"))  # 1 0 2
    after((TAB, "x", "è", "&"))  # the coinche: « & » is the key of 1, a coinche
    after(("z", "9"))  # the belote column takes text: the server says what is wrong
    page.locator("#sheet-1-belote").fill("")
    page.locator("#sheet-1-trump").focus()
    page.keyboard.insert_text("z")  # a phone's keyboard, with no key event
    steps.append((focused(page), page.locator("#sheet-1-trump").input_value()))
    page.keyboard.insert_text("k")
    steps.append((focused(page), page.locator("#sheet-1-trump").input_value()))
    page.locator("#sheet-2-contract").focus()
    page.keyboard.press("Minus")  # a QWERTY keyboard's own minus stays a minus
    azerty_key(cdp, "-", "")  # a key with no code is read by its character
    azerty_key(cdp, "-", "Digit6")  # a French keyboard's key of 6
    minus = page.locator("#sheet-2-contract").input_value()
    page.locator("#sheet-1-belote").focus()
    page.keyboard.press(ENTER)
    expect(page.locator("#sheet-deal-1")).to_have_class("sheet-row is-saved")

    assert steps == [
        ("sheet-1-taker", ""),
        ("sheet-1-contract", ""),
        ("sheet-1-contract", "90"),
        ("sheet-1-taker_card_points", ""),
        ("sheet-1-taker_card_points", "102"),
        ("sheet-1-belote", ""),
        ("sheet-1-belote", "z9"),  # shown in capitals by the CSS
        ("sheet-1-trump", "C"),  # « z » not written
        ("sheet-1-taker_card_points", "K"),  # « k » written, the cursor on
    ]
    assert minus == "-66"
    stored = Deal.objects.get(match=paper_match)
    assert (
        stored.taker,
        stored.contract_value,
        stored.trump,
        stored.taker_card_points,
        stored.coinche_level,
    ) == ("A", 90, "D", 102, "coinche")


PHONE = {"width": 390, "height": 844}


#: Where each cell of a row is on the screen and whether a tap at its centre reaches it
#: (not the sticky deal number, nor anything else): [id, left, right, width, height, hit].
CELL_BOXES = """number => Array.from(
    document.querySelectorAll(`#sheet-deal-${number} input[data-column]`), cell => {
        const box = cell.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return [cell.id, box.left, box.right, box.width, box.height, hit === cell];
    })"""
#: The page's width, the grid's box (its width, how wide its content is, how far it is
#: scrolled) and where the first row's deal number is drawn from the box's left.
LAYOUT = """() => {
    const box = document.querySelector('.sheet-scroll');
    const number = document.querySelector('#sheet-row-1').getBoundingClientRect().left;
    return {
        page: document.documentElement.scrollWidth,
        box: [box.clientWidth, box.scrollWidth > box.clientWidth, box.scrollLeft > 0],
        number: Math.round(number - box.getBoundingClientRect().left),
    };
}"""


def test_the_grid_fits_a_phone_scrolling_in_its_box_and_its_cells_stay_usable(
    page: Page, live_server, client, organiser, paper_match, screenshot
):
    page.set_viewport_size(PHONE)
    open_sheet(page, live_server, client, organiser, paper_match)
    at_first = page.evaluate(LAYOUT)
    cells = page.evaluate(CELL_BOXES, 1)
    screenshot("phone")
    # Typed wrong on the phone: a contract of 75, 200 card points; refused, in French.
    type_keys(page, ("A", "7", "5", TAB, "C", "2", "0", "0", ENTER))
    errors = page.locator("#sheet-1-errors li")
    expect(errors).to_have_count(3)
    expect(page.locator("#sheet-1-contract")).to_be_focused()
    messages = page.locator("#sheet-1-errors ul").evaluate(
        """list => {
        const box = document.querySelector('.sheet-scroll').getBoundingClientRect();
        const shown = list.getBoundingClientRect();
        return [shown.left >= box.left, shown.right <= box.right];
    }"""
    )
    screenshot("phone-refused-row")
    # The last column, far to the right: a tap scrolls the grid to it and reaches it.
    page.locator("#sheet-2-declarations_b").click()
    expect(page.locator("#sheet-2-declarations_b")).to_be_focused()
    page.keyboard.press("5")
    scrolled = page.evaluate(LAYOUT)
    last = next(box for box in page.evaluate(CELL_BOXES, 2) if box[0] == "sheet-2-declarations_b")
    screenshot("phone-last-column")

    assert at_first == {"page": 390, "box": [358, True, False], "number": 1}  # its border
    # Every cell a finger's size (44 px); those on the screen at first reached by a tap,
    # the others once the grid scrolls to them (below).
    assert all(width >= 44 and height >= 44 for _id, _l, _r, width, height, _hit in cells)
    assert [(box[0], box[5]) for box in cells if box[2] <= 374] == [
        ("sheet-1-taker", True),
        ("sheet-1-contract", True),
        ("sheet-1-trump", True),
        ("sheet-1-taker_card_points", True),
    ]
    assert [box[0] for box in cells] == [f"sheet-1-{name}" for name in COLUMNS]
    assert errors.all_inner_texts() == [
        "Donne 1 · Contrat : Le contrat est d’au moins 80.",
        "Donne 1 · Contrat : Le contrat monte de 10 en 10.",
        "Donne 1 · Points du preneur : Les points des deux équipes doivent faire 162 (ici "
        "200), ou 252 sur un capot.",
    ]
    assert messages == [True, True]
    # Scrolled in its box, the page still 390 px wide; the deal's number still on the left.
    assert scrolled == {"page": 390, "box": [358, True, True], "number": 0}  # border gone
    assert (last[1] >= 16, last[2] <= 374, last[5]) == (True, True, True)
    assert page.locator("#sheet-2-declarations_b").input_value() == "5"
    assert Deal.objects.filter(match=paper_match).count() == 0
