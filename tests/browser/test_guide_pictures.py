"""The organiser's guide's pictures, taken from a concours day played in Chromium (STYLE.md §9).

The help page (/aide/, tournaments/guide.html) shows one picture per step of a concours
day. This test plays that day against ``live_server``, once with the French interface and
once with the English one, and photographs each step into the static folder the page
shows, ``static/img/guide/<language>/`` (committed, so that ./run serves them without the
tests). Every run overwrites them, so the pictures follow the pages; a picture the page
does not show is deleted. The test then fails if the page names a picture it did not
make, or if it made one the page does not show.

The day: the organiser logs in, creates an ``ffb-coinche`` concours of 12 deals a match
played on phones, imports 8 teams from Excel and checks them in, draws round 1, swaps two
teams and publishes it, and prints the score sheets. Table 1 plays on two phones (one
deal entered and confirmed, one disputed and corrected at the desk); table 2 is switched
to paper and its sheet typed in the grid with the keyboard; table 3 is stopped for time;
table 4 plays through the services. A second concours, of classic belote on paper, has
its table 1 typed by its two totals. Round 1 closes, round 2 is drawn, published, played
(through the services) and closed; then the projector, the standings, the prize list,
the exports, the backup, and round 2 reopened to fix a sheet.

Names are a club's (players, clubs, venue), and every address shown is the laptop's on
the club's Wi-Fi (``BELOTE_PUBLIC_URL``), never the test server's.
"""

from __future__ import annotations

import datetime
import io
import os
import random
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation
from openpyxl import Workbook
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.factories import PASSWORD, ClubFactory, UserFactory
from tests.played_concours import deal
from tournaments import selectors, services
from tournaments.models import Club, DealEntry, Match, Round, Team, TeamData, Tournament
from tournaments.services.deals import Author

REPOSITORY = Path(__file__).resolve().parents[2]
#: The guide's pictures, one folder per language (tournaments/views/guide.py).
GUIDE_DIR = REPOSITORY / "static" / "img" / "guide"
#: Each interface language and the browser locale that asks for it.
LOCALES = {"fr": "fr-FR", "en": "en-GB"}
#: The laptop at the desk, and a common phone at a table (touch, CSS pixels).
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PROJECTOR = {"width": 1280, "height": 720}
#: The laptop's address on the club's Wi-Fi, as ./run prints it.
PUBLIC_URL = "http://192.168.1.20:8000/"
#: The colours a picture keeps: screenshots of pages stay sharp with 256 and weigh a third.
COLOURS = 256
#: A score sheet drawn at this width in pixels (an A4 page).
SHEET_WIDTH = 900
ORGANISER = "organisateur"
#: How long the paper grid may take to save a whole sheet typed at full speed: its previews
#: and saves go one after another (hx-sync queue), some 60 requests on a busy CI machine.
SAVING_SECONDS = 60

#: The Excel file's teams: number, player 1, player 2, club.
TEAMS = [
    (1, "Hélène Martin", "Paul Durand", "Belote Club de Rodez"),
    (2, "Jérôme Lefèvre", "Agnès Roux", "Amicale de Cahors"),
    (3, "Françoise Bézier", "Noël Garçon", "Amicale de Cahors"),
    (4, "Zoé Müller", "Gaëlle Chénier", "Belote Club de Rodez"),
    (5, "Loïc Évrard", "Maëlys Brûlé", "Amicale de Cahors"),
    (6, "Clémence Dupré", "Benoît Pâris", "Coinche Club d’Albi"),
    (7, "Raphaël Cœur", "Inès Bénard", "Coinche Club d’Albi"),
    (8, "Amélie Forêt", "Hervé Nîmes", "Amicale de Cahors"),
]
#: The classic belote concours' teams (players 1 and 2).
THURSDAY_TEAMS = [
    ("Marcel Rouquette", "Yvette Cambon"),
    ("Josette Fabre", "Roger Vigouroux"),
    ("Odette Lacombe", "André Bousquet"),
    ("Ginette Carrière", "Lucien Delpech"),
]

#: Twelve deals of a match as the phones or the desk record them (RULES.md §B1): taker's
#: team, trump, contract, taker's card points, tricks.
MATCH_DEALS: list[DealEntry] = [
    deal("A", "H", 90, 102, 5),
    deal("B", "C", 80, 92, 5),
    deal("A", "S", 100, 120, 6, coinche="coinche"),
    deal("B", "D", 90, 50, 3),
    deal("A", "SA", 80, 85, 5),
    deal("B", "H", 110, 130, 6, taker_belotes=1),
    deal("A", "C", 120, 140, 6),
    deal("B", "S", 80, 81, 4),
    deal("A", "D", 90, 100, 5),
    deal("B", "TA", 100, 110, 5),
    deal("A", "H", 80, 90, 5),
    deal("B", "C", 100, 101, 5),
]
#: The deals phone A enters on table 1: 90 ♥ by team A, then 80 ♣ by team B (whose
#: belote the phone forgets: team B disputes it).
PHONE_DEALS = MATCH_DEALS[:2]
DISPUTE_NOTE = "Nous avions la belote : 20 points de plus."
CORRECTION_REASON = "Belote oubliée, vue avec les deux équipes."
#: Table 2's signed sheet, typed in the grid (forms/paper.py): the keys of each row.
TAB, ENTER = "Tab", "Enter"
SHEET_KEYS = [
    ("A", "9", "0", TAB, "C", "1", "0", "2", ENTER),
    ("B", "8", "0", TAB, "P", "9", "1", ENTER),
    ("P",),
    ("A", "1", "0", "0", TAB, "K", "1", "2", "0", TAB, "1", ENTER),
    ("B", "9", "0", TAB, "T", "5", "0", ENTER),
    ("A", "1", "1", "0", TAB, "C", "1", "3", "0", TAB, TAB, "A", ENTER),
    ("B", "8", "0", TAB, "S", "8", "5", ENTER),
    ("A", "9", "0", TAB, "C", "1", "0", "0", ENTER),
    ("B", "1", "2", "0", TAB, "X", "1", "4", "0", TAB, TAB, TAB, TAB, "5", ENTER),
    ("A", "9", "0", TAB, "K", "D", ENTER),
    ("B", "1", "0", "0", TAB, "T", "1", "0", "1", ENTER),
    ("A", "8", "0", TAB, "C", "8", "1", ENTER),
    ("B", "9", "0", TAB, "P", "1", "0", "0", ENTER),
]
#: Table 1 of the classic belote concours: its sheet's totals and counts (RULES.md §G):
#: 1186 + 868 = 162 × 12 deals + 20 × 3 belotes + 50 of declarations.
THURSDAY_TOTALS = {
    "total_a": "1186",
    "total_b": "868",
    "deals_played": "12",
    "capots": "0",
    "belotes": "3",
    "declarations": "50",
}
PRIZES = (
    "Un jambon et deux bouteilles de cahors\n"
    "Deux paniers garnis\n"
    "Deux bouteilles de cahors\n"
    "Deux boîtes de chocolats\n"
)
REOPEN_REASON = "Feuille de la table 3 mal recopiée."


def swapped(entry: DealEntry) -> DealEntry:
    """Return ``entry`` taken by the other team: the same deal, the other winner."""
    return DealEntry("B" if entry.taker == "A" else "A", entry.deal)


def interface(language: str) -> Callable[..., str]:
    """Return ``say(msgid, **params)``: the interface's words in ``language``, so that the
    test finds and checks what the page shows in either language."""

    def say(msgid: str, **params: object) -> str:
        with translation.override(language):
            words = translation.gettext(msgid)
        return words % params if params else words

    return say


class Pictures:
    """The guide's pictures of one language, saved into ``folder`` as ``<name>.png``.

    Each is reduced to :data:`COLOURS` colours, so that the folder stays small. ``made``
    lists the names saved, in order.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made: list[str] = []
        folder.mkdir(parents=True, exist_ok=True)

    def page(self, page: Page, name: str, *, whole: bool = True) -> None:
        """Photograph ``page``: the whole page, or only the window when ``whole`` is False.
        The focus is taken off any field first, so that no focus ring shows."""
        page.evaluate("document.activeElement && document.activeElement.blur()")
        self.save(name, page.screenshot(full_page=whole))

    def element(self, target: Locator, name: str) -> None:
        """Photograph one element of a page (a card, a form), no field focused."""
        target.page.evaluate("document.activeElement && document.activeElement.blur()")
        self.save(name, target.screenshot())

    def save(self, name: str, png: bytes) -> None:
        """Save ``png`` as the picture ``name``, in fewer colours."""
        assert name not in self.made, f"two pictures named {name}"
        image = Image.open(io.BytesIO(png)).convert("RGB")
        reduced = image.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        # Written aside, then renamed: a page served meanwhile (another run's, say) never
        # reads half a picture.
        partial = self.folder / f".{name}.{os.getpid()}.png"
        reduced.save(partial, optimize=True)
        partial.replace(self.folder / f"{name}.png")
        self.made.append(name)

    def remove_the_others(self) -> None:
        """Delete every picture of the folder this run did not make: no stale one stays."""
        for path in self.folder.glob("*.png"):
            if path.stem not in self.made and not path.name.startswith("."):
                path.unlink()


def watch_for_problems(context: BrowserContext) -> list[tuple[str, str]]:
    """Return a list that fills with every response of 400 or more, console error and
    uncaught script error of every page of ``context`` (the browser's own /favicon.ico
    request left out)."""
    problems = []

    def on_response(response) -> None:
        if response.status >= 400 and not response.url.endswith("/favicon.ico"):
            problems.append((str(response.status), response.url))

    def on_console(message) -> None:
        if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
            problems.append(("console", message.text))

    context.on("response", on_response)
    context.on("console", on_console)
    context.on("weberror", lambda error: problems.append(("pageerror", str(error.error))))
    return problems


def submit(page: Page, form: Locator) -> None:
    """Press ``form``'s submit button and wait for the next page."""
    with page.expect_navigation(wait_until="load"):
        form.locator("button[type=submit]").first.click()


def form_to(page: Page, action: str) -> Locator:
    """Return the form of ``page`` that posts to the path ending with ``action``."""
    return page.locator(f'form[action$="{action}"]')


def messages(page: Page) -> list[str]:
    """Return the texts of the messages at the top of ``page``."""
    return page.locator("ul.messages li").all_inner_texts()


def tap_choice(form: Locator, name: str, value: object) -> None:
    """Tap the button (the label) of the phone form's choice ``name`` with ``value``."""
    form.locator(f'input[name="{name}"][value="{value}"] + label').tap()
    expect(form.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()


def enter_on_phone(phone: Page, entry: DealEntry) -> None:
    """Fill the phone form with ``entry`` (no belote, no declaration), as a player taps it,
    and wait until the live preview shows the defence's card points."""
    form = phone.locator("form#deal-form")
    tap_choice(form, "taker", entry.taker)
    tap_choice(form, "trump", entry.deal.trump)
    form.locator('input[name="contract"]').fill(str(entry.deal.contract))
    tap_choice(form, "coinche", entry.deal.coinche)
    tap_choice(form, "taker_tricks", entry.deal.taker_tricks)
    form.locator('input[name="taker_card_points"]').fill(str(entry.deal.taker_card_points))
    expect(phone.locator("#defence-points")).not_to_be_empty()


def record_on_phone(phone: Page) -> None:
    """Tap « Enregistrer la donne » on ``phone`` and wait for the answer."""
    with phone.expect_response(lambda r: r.request.method == "POST") as answer:
        phone.locator("form#deal-form button[type=submit]").tap()
    assert answer.value.status == 200


def play_on_phones(
    match: Match, entries: list[DealEntry], *, first: int, now: datetime.datetime
) -> None:
    """Enter ``entries`` from team A's link, numbered from ``first``, each confirmed by
    team B's link, as two phones would."""
    links = selectors.match_links(match=match)
    for number, entry in enumerate(entries, start=first):
        services.submit_deal(seat=links["A"], entry=entry, deal_number=number, now=now)
        services.confirm_deals(seat=links["B"], now=now)


@pytest.fixture
def team_workbook(tmp_path) -> Path:
    """The organiser's Excel file of the 8 teams."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["N°", "Joueur 1", "Joueur 2", "Club"])
    for row in TEAMS:
        sheet.append(list(row))
    path = tmp_path / "équipes.xlsx"
    workbook.save(path)
    return path


@pytest.fixture
def amicale(db) -> tuple[Club, User]:
    """The Amicale de Cahors and its organiser's account, « organisateur » as ./run makes it."""
    user = UserFactory(username=ORGANISER)
    club = ClubFactory(name="Amicale de Cahors")
    club.organisers.add(user)
    return club, user


def thursday_concours(club: Club, now: datetime.datetime) -> Match:
    """A classic belote concours on paper, its round 1 published; return its table 1."""
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Belote du jeudi",
            "date": datetime.date(2026, 11, 12),
            "venue": "Foyer rural de Pradines",
            "rules_preset": "belote-classique",
            "match_format": "deals",
            "match_format_value": 12,
            "number_of_rounds": 3,
            "results_mode": "paper",
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[TeamData(*players) for players in THURSDAY_TEAMS],
        rng=random.Random(4),
    )
    services.check_in_all(tournament=tournament)
    services.publish_round(round=services.draw_round(tournament=tournament, seed=12), now=now)
    return Match.objects.get(round__tournament=tournament, table_number=1)


def draw_sheet_png(pdf: bytes, folder: Path) -> bytes:
    """Return page 1 of the PDF ``pdf`` drawn by pdftoppm, :data:`SHEET_WIDTH` wide."""
    source = folder / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            "-scale-to-x",
            str(SHEET_WIDTH),
            "-scale-to-y",
            "-1",
            str(source),
            str(folder / "sheet"),
        ],
        check=True,
    )
    return (folder / "sheet.png").read_bytes()


def guide_pictures(page: Page, url: str, language: str) -> list[str]:
    """Return the names of the pictures the help page shows in ``language``, in order."""
    page.goto(f"{url}/aide/")
    sources = page.locator("main img").evaluate_all(
        "images => images.map(i => i.getAttribute('src'))"
    )
    prefix = f"/static/img/guide/{language}/"
    assert [source.startswith(prefix) for source in sources] == [True] * len(sources), sources
    return [source.removeprefix(prefix).removesuffix(".png") for source in sources]


@pytest.mark.skipif(
    bool(os.environ.get("DATABASE_URL") or os.environ.get("BELOTE_SKIP_GUIDE_PICTURES")),
    reason="takes the guide's pictures on SQLite only (./run's database), and not in .ci/run "
    "(BELOTE_SKIP_GUIDE_PICTURES): it makes the committed pictures, which CI throws away",
)
@pytest.mark.parametrize("language", ["fr", "en"])
def test_it_photographs_every_step_of_the_guide_from_a_concours_day(
    browser: Browser, live_server, settings, amicale, team_workbook, tmp_path, language
):
    settings.BELOTE_PUBLIC_URL = PUBLIC_URL
    club, organiser = amicale
    say = interface(language)
    url = live_server.url
    pictures = Pictures(GUIDE_DIR / language)
    context = browser.new_context(locale=LOCALES[language], viewport=LAPTOP)
    problems = watch_for_problems(context)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    now = timezone.now()

    # 1. Log in, from the home page.
    page.goto(f"{url}/")
    page.locator('main a[href="/comptes/connexion/"]').click()
    page.locator('input[name="username"]').fill(ORGANISER)
    page.locator('input[name="password"]').fill(PASSWORD)
    pictures.page(page, "01-login")
    submit(page, page.locator("main form"))
    assert page.url == f"{url}/"

    # 2. The new concours: coinche, 12 deals a match, 2 rounds, results on the phones.
    with page.expect_navigation():
        page.locator('main a[href="/organisation/concours/nouveau/"]').click()
    form = page.locator("main form")
    form.locator('[name="name"]').fill("Concours de la Saint-Martin")
    form.locator('[name="date"]').fill("2026-11-11")
    form.locator('[name="venue"]').fill("Salle des fêtes de Cahors")
    form.locator('[name="rules_preset"]').select_option("ffb-coinche")
    form.locator('[name="match_format"]').select_option("deals")
    form.locator('[name="match_format_value"]').fill("12")
    form.locator('[name="number_of_rounds"]').fill("2")
    form.locator('[name="results_mode"][value="phones"]').check()
    pictures.page(page, "02-new-tournament")
    submit(page, form)
    assert messages(page) == [say("Tournament created. Now register the teams.")]
    tournament = Tournament.objects.get(name="Concours de la Saint-Martin")
    slug = tournament.slug
    desk = f"{url}/concours/{slug}/gestion/"

    # 3. The teams, from an Excel file: a preview first.
    with page.expect_navigation():
        page.locator(f'main a[href="/concours/{slug}/gestion/equipes/importer/"]').click()
    page.locator('input[name="file"]').set_input_files(team_workbook)
    submit(page, page.locator("main form"))
    pictures.page(page, "03-import-teams")
    submit(page, form_to(page, "/importer/confirmer/"))
    assert list(
        Team.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "player_1", "player_2")
    ) == [(number, player_1, player_2) for number, player_1, player_2, _ in TEAMS]

    # 4. Everyone is here.
    submit(page, form_to(page, "/equipes/pointer-tout/"))
    assert messages(page) == [say("%(count)s teams marked present.", count=8)]
    pictures.page(page, "04-check-in")

    # 5. Round 1: drawn at random, two teams swapped by hand, published.
    page.goto(desk)
    submit(page, form_to(page, "/gestion/tirer/"))
    round_1 = Round.objects.get(tournament=tournament, number=1)
    matches = list(round_1.matches.select_related("team_a", "team_b").order_by("table_number"))
    first, second = matches[0].team_b.number, matches[1].team_b.number
    swap = form_to(page, "/echanger/")
    swap.locator('[name="first"]').fill(str(first))
    swap.locator('[name="second"]').fill(str(second))
    submit(page, swap)
    assert messages(page) == [
        say("Teams %(first)s and %(second)s swapped.", first=first, second=second)
    ]
    pictures.page(page, "05-draw")
    submit(page, form_to(page, "/parties/1/publier/"))
    assert messages(page) == [say("Round %(number)s published: the tables can play.", number=1)]
    table_1, table_2, table_3, table_4 = round_1.matches.select_related(
        "team_a", "team_b"
    ).order_by("table_number")

    # 6. The score sheets to print, with each table's QR codes; and the draw sheet.
    sheets = page.request.get(f"{desk}parties/1/feuilles.pdf")
    draw_sheet = page.request.get(f"{desk}parties/1/tirage.pdf")
    assert (sheets.status, sheets.headers["content-type"]) == (200, "application/pdf")
    assert (draw_sheet.status, draw_sheet.headers["content-type"]) == (200, "application/pdf")
    pictures.save("06-score-sheets", draw_sheet_png(sheets.body(), tmp_path))

    # 7. Table 1 on the phones: team A's phone enters deal 1, then deal 2.
    links = selectors.match_links(match=table_1)
    phones = browser.new_context(locale=LOCALES[language], **PHONE)
    phone_problems = watch_for_problems(phones)
    phone_a = phones.new_page()
    phone_a.goto(url + links["A"].link.get_absolute_url())
    enter_on_phone(phone_a, PHONE_DEALS[0])
    pictures.element(phone_a.locator("#saisie"), "07-phone-entry")
    record_on_phone(phone_a)
    enter_on_phone(phone_a, PHONE_DEALS[1])
    record_on_phone(phone_a)

    # 8. Team B's phone: both deals wait for it; it confirms deal 1 and disputes deal 2.
    phone_b = phones.new_page()
    phone_b.goto(url + links["B"].link.get_absolute_url())
    expect(phone_b.locator(".to-confirm .deal-item")).to_have_count(2)
    pictures.page(phone_b, "08-phone-confirm", whole=False)
    with phone_b.expect_response(lambda r: r.request.method == "POST"):
        phone_b.locator("#deal-1 form[action$='/confirmer/'] button").tap()
    expect(phone_b.locator(".to-confirm .deal-item")).to_have_count(1)
    phone_b.locator("#deal-2 details.dispute summary").tap()
    phone_b.locator("#deal-2 textarea[name=note]").fill(DISPUTE_NOTE)
    with phone_b.expect_response(lambda r: r.request.method == "POST"):
        phone_b.locator("#deal-2 form[action$='/contester/'] button").tap()
    phones.close()

    # 9. The desk settles the dispute on the match page: deal 2 corrected, with a reason.
    page.goto(url + table_1.get_absolute_url())
    correction = page.locator("details#correct-2")
    correction.locator("summary").click()
    pictures.element(page.locator("#corrections"), "09-dispute")
    form = page.locator("form#correct-2-form")
    form.locator('[name="correct-2-taker_belotes"]').fill("1")
    form.locator('[name="correct-2-reason"]').fill(CORRECTION_REASON)
    submit(page, form)
    assert messages(page) == [say("Deal %(number)s corrected.", number=2)]
    play_on_phones(table_1, MATCH_DEALS[2:], first=3, now=now)
    play_on_phones(table_4, [swapped(entry) for entry in MATCH_DEALS], first=1, now=now)
    play_on_phones(table_3, MATCH_DEALS[:5], first=1, now=now)

    # 11. Table 2 goes on paper, from its match page.
    page.goto(url + table_2.get_absolute_url())
    submit(page, form_to(page, "/parties/1/tables/2/saisie/"))
    assert messages(page) == [
        say(
            "Table %(table)s is on paper: the desk types its sheet, its phones enter nothing.",
            table=2,
        )
    ]
    pictures.page(page, "11-paper-table", whole=False)

    # 12. Its signed sheet, typed in the grid with the keyboard alone.
    with page.expect_navigation():
        page.locator(f'a[href="/concours/{slug}/gestion/parties/1/tables/2/feuille/"]').click()
    expect(page.locator("#sheet-1-taker")).to_be_focused()
    for number, keys in enumerate(SHEET_KEYS, start=1):
        for key in keys[:-1]:
            page.keyboard.press(key)
        # The row after a passed deal is added by the server: a typist sees it come first.
        if number < len(SHEET_KEYS):
            expect(page.locator(f"#sheet-deal-{number + 1}")).to_be_attached(
                timeout=SAVING_SECONDS * 1000
            )
        page.keyboard.press(keys[-1])
    # Each row is saved in turn, after the previews of its keys: a slow machine needs time.
    expect(page.locator(f"#sheet-deal-{len(SHEET_KEYS)}")).to_have_class(
        re.compile(r"\bis-saved\b"), timeout=SAVING_SECONDS * 1000
    )
    expect(page.locator("#sheet-scoreboard .flag")).to_have_text(say("This match is over."))
    page.wait_for_load_state("networkidle")
    pictures.page(page, "12-paper-sheet")

    # 10. Table 3 is late: stopped for time, it counts with the points it has.
    round_page = f"{desk}parties/1/"
    page.goto(round_page)
    submit(page, form_to(page, "/parties/1/tables/3/arreter/"))
    assert messages(page) == [say("Table %(table)s closed for time.", table=3)]
    pictures.page(page, "10-stop-for-time")

    # 13. The classic belote concours on paper: a table typed by its two totals.
    thursday = thursday_concours(club, now)
    page.goto(url + thursday.get_absolute_url())
    form = page.locator("#totals-form form")
    for name, value in THURSDAY_TOTALS.items():
        form.locator(f'[name="totals-{name}"]').fill(value)
    pictures.element(page.locator("#totals-form"), "13-totals")
    submit(page, form)
    assert messages(page) == [say("Totals of table %(table)s recorded.", table=1)]
    thursday.refresh_from_db()
    assert (thursday.total_a, thursday.total_b, thursday.is_totals_only) == (1186, 868, True)

    # 14. Round 1 closes; round 2 is drawn by the standings, published and played.
    page.goto(round_page)
    submit(page, form_to(page, "/parties/1/clore/"))
    assert messages(page) == [say("Round %(number)s closed.", number=1)]
    assert list(
        round_1.matches.order_by("table_number").values_list(
            "table_number", "is_finished", "deals_played"
        )
    ) == [(1, True, 12), (2, True, 12), (3, False, 5), (4, True, 12)]
    page.goto(desk)
    submit(page, form_to(page, "/gestion/tirer/"))
    pictures.page(page, "14-next-round")
    submit(page, form_to(page, "/parties/2/publier/"))
    round_2 = Round.objects.get(tournament=tournament, number=2)
    desk_author = Author(user=organiser)
    for index, match in enumerate(round_2.matches.order_by("table_number")):
        entries = [
            swapped(entry) if (number + index) % 3 == 0 else entry
            for number, entry in enumerate(MATCH_DEALS)
        ]
        services.record_deals(
            match=match, entries=list(enumerate(entries, start=1)), now=now, author=desk_author
        )
    services.close_round(round=round_2, now=now, user=organiser)

    # 15. The projector: the hall's screen, with no login.
    tournament.refresh_from_db()
    screen = context.new_page()
    screen.set_viewport_size(PROJECTOR)
    screen.goto(f"{url}/ecran/{tournament.projector_token}/")
    pictures.page(screen, "15-projector", whole=False)
    screen.close()

    # 16. The standings, on the concours' public page.
    page.goto(url + tournament.get_absolute_url())
    pictures.page(page, "16-standings")

    # 17. The prizes, printed beside the standings.
    page.goto(f"{desk}prix/")
    page.locator('textarea[name="prizes"]').fill(PRIZES)
    submit(page, page.locator("main form"))
    assert messages(page) == [say("Prize list saved.")]
    pictures.page(page, "17-prizes")

    # 18, 19. The exports and the backup, on the desk.
    page.goto(desk)
    export_card = page.locator("section.card").filter(has=page.locator('a[href$="/export.xlsx"]'))
    pictures.element(export_card, "18-exports")
    backup_card = page.locator("section.card").filter(
        has=page.locator('a[href$="/sauvegarde.json"]')
    )
    pictures.element(backup_card, "19-backup")
    with page.expect_download() as download:
        backup_card.locator('a[href$="/sauvegarde.json"]').click()
    assert download.value.suggested_filename.endswith(".json")

    # 20. Round 2 reopened to fix a sheet copied wrong.
    page.goto(f"{desk}parties/2/")
    reopen = page.locator("#reopen")
    reopen.locator('[name="reopen-reason"]').fill(REOPEN_REASON)
    pictures.element(reopen, "20-reopen")
    submit(page, reopen.locator("form"))
    assert messages(page) == [
        say("Round %(number)s reopened: correct its tables, then close it again.", number=2)
    ]
    round_2.refresh_from_db()
    assert round_2.status == Round.Status.PUBLISHED

    # The page shows exactly the pictures made, in their order.
    shown = guide_pictures(page, url, language)
    pictures.remove_the_others()
    context.close()
    assert sorted(pictures.made) == shown
    assert sorted(path.stem for path in pictures.folder.glob("*.png")) == shown
    assert problems == []
    assert phone_problems == []
