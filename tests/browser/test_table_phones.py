"""Two phones play a whole match at one table, then the organiser corrects it (STYLE.md §9).

The issue's browser test, in Chromium at a phone's size (390 × 844, touch): the concours
is set up through the services (an ``ffb-coinche`` concours of 12 deals a match, two
teams, round 1 drawn and published, which gives each team its link). Team A's
phone enters 13 deals through the phone form, a pass and 12 that count, covering a
coinche made, a surcoinche chuted, a capot bid and made, an unbid capot at sans atout, a
capot by the defence, belotes (one at a suit, two at tout atout, one by the defence)
and declarations on both sides (a tierce against a cinquante, a carré of jacks). The
expected scores come from the engine (``scoring.score_match``), never from the page.

Team B's phone then sees the 13 deals waiting and confirms them all; the match locks.
The organiser (a desktop window) sees the table confirmed on the round's desk, the
public standings count the match, and a correction of deal 13 on the match page is
refused without a reason, then saved with one: the audit trail says who, why and what
changed, and the standings move by what the engine says.

Screenshots go to ``test-artifacts/<test>/``: the filled phone form, the phone after
recording, the confirmation page, the desk, the standings and the audit trail.
"""

from __future__ import annotations

import datetime
import functools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

import scoring
from scoring.matches import MatchDeal, MatchScore
from tests.factories import PASSWORD, ClubFactory
from tournaments import selectors, services
from tournaments.models import DealStatus, Match, Tournament

#: How Chromium's console reports the answer to a refused form.
REFUSED = "422 (Unprocessable Entity)"
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"

#: A phone at the table: the size of a common phone, touch, in French.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
}


@dataclass(frozen=True)
class TableDeal:
    """One deal as the table enters it on the phone (RULES.md §A–§D).

    ``taker`` is the team's side ("A", "B"); ``contract`` a number or "capot";
    ``points`` the taker's card points, None when one side took all 8 tricks (the form
    then knows 252/0). Declarations are the engine's tokens, as the selects give them.
    """

    taker: str
    trump: str
    contract: int | str
    tricks: int
    points: int | None = None
    coinche: str = "none"
    taker_belotes: int = 0
    defence_belotes: int = 0
    taker_declarations: tuple[str, ...] = ()
    defence_declarations: tuple[str, ...] = ()


#: All four passed: recorded, scored nothing, not counted among the 12 deals.
PASSED = None

DEALS: list[TableDeal | None] = [
    # 90 ♥ made with a tierce: R(104 + 20) + 90 = 210, defence R(58) = 60.
    TableDeal("A", "H", 90, 5, 104, taker_declarations=("tierce:KH",)),
    # 100 ♠ coinched, made with the belote: 2 × (160 + 20 + 100) = 560, defence 0.
    TableDeal("B", "S", 100, 4, 92, coinche="coinche", taker_belotes=1),
    PASSED,
    # A tierce against a cinquante: the defence's counts (50). 110 > 52 + 50: made.
    TableDeal(
        "A",
        "D",
        80,
        6,
        110,
        taker_declarations=("tierce:QD",),
        defence_declarations=("cinquante:AS",),
    ),
    # 120 ♣ surcoinched and chuted: 4 × (160 + 120) = 1120 for the defence.
    TableDeal("B", "C", 120, 3, 70, coinche="surcoinche"),
    # Capot bid and made, with the belote; the defence's tierce goes to the taker.
    TableDeal("A", "H", "capot", 8, taker_belotes=1, defence_declarations=("tierce:9C",)),
    # 100 sans atout, all 8 tricks unbid: R(252) + 100 = 350.
    TableDeal("B", "SA", 100, 8),
    # 110 tout atout with two belotes: R(100 + 40) + 110 = 250, defence 60.
    TableDeal("A", "TA", 110, 5, 100, taker_belotes=2),
    # The defence takes every trick: 160 + 80 = 240.
    TableDeal("B", "S", 80, 0),
    # 130 ♦ with 100 card points: chuted, 160 + 130 = 290.
    TableDeal("A", "D", 130, 5, 100),
    # 90 ♣ made, the defence's belote: 95 > 67 + 20. R(95) + 90 = 190, R(87) = 90.
    TableDeal("B", "C", 90, 5, 95, defence_belotes=1),
    # 80 ♥ with a carré of jacks (200): R(281) + 80 = 360, defence R(81) = 80.
    TableDeal("A", "H", 80, 4, 81, taker_declarations=("carre:J",)),
    # 100 ♥ made: R(120) + 100 = 220, defence R(42) = 40. The organiser corrects it.
    TableDeal("B", "H", 100, 6, 120),
]
#: The deal photographed filled in: a capot bid, a belote and the defence's tierce.
CAPOT_DEAL = 6
#: The organiser's correction of the last deal: 90 card points, not 120, a chute.
CORRECTED = TableDeal("B", "H", 100, 6, 90)
CORRECTION_REASON = "Feuille relue : l’équipe B avait 90 points, pas 120."


# --- The engine's answer, computed apart from the site ------------------------------------


def engine_deal(deal: TableDeal) -> scoring.Deal:
    """Return the engine's deal for what the table entered (card points as RULES.md §A)."""
    trump = scoring.Trump(deal.trump)
    declarations = scoring.resolve_declarations(
        scoring.parse_declarations(";".join(deal.taker_declarations)),
        scoring.parse_declarations(";".join(deal.defence_declarations)),
        trump,
    )
    if deal.tricks == 8:
        taker_points, defence_points = 252, 0
    elif deal.tricks == 0:
        taker_points, defence_points = 0, 252
    else:
        taker_points, defence_points = deal.points, 162 - deal.points
    return scoring.Deal(
        trump=trump,
        contract=deal.contract,
        coinche=deal.coinche,
        taker_card_points=taker_points,
        defence_card_points=defence_points,
        taker_tricks=deal.tricks,
        taker_belotes=deal.taker_belotes,
        defence_belotes=deal.defence_belotes,
        taker_declarations=declarations.taker_points,
        defence_declarations=declarations.defence_points,
    )


def engine_match(deals: list[TableDeal | None]) -> MatchScore:
    rules = scoring.get_ruleset("ffb-coinche")
    match_format = scoring.MatchFormat(scoring.FormatKind.DEALS, 12)
    return scoring.score_match(
        [
            MatchDeal(scoring.TeamSide.A, None)
            if deal is None
            else MatchDeal(scoring.TeamSide(deal.taker), engine_deal(deal))
            for deal in deals
        ],
        rules,
        match_format,
    )


def deal_lines(score: MatchScore) -> list[tuple[str, str, str, str]]:
    """Return each deal as the phone lists it: number, "A +x", "B +y", "total A – total B"."""
    lines = []
    for number, step in enumerate(score.steps, start=1):
        gained = {"A": 0, "B": 0}
        if step.score is not None:
            taker = str(step.match_deal.taker)
            defence = "B" if taker == "A" else "A"
            gained = {taker: step.score.taker_score, defence: step.score.defence_score}
        state = step.state
        lines.append(
            (
                str(number),
                f"A +{gained['A']}",
                f"B +{gained['B']}",
                f"{state.total_a} – {state.total_b}",
            )
        )
    return lines


# --- Browser helpers ----------------------------------------------------------------------


def watch_for_problems(context: BrowserContext) -> list[tuple[str, str]]:
    """Return a list that fills with every response of 400 or more, console error and
    uncaught script error of every page of ``context``, from now on.

    The browser's own request for /favicon.ico is left out: it is not the application's.
    """
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


@pytest.fixture
def shots(request) -> Callable[[Page | Locator, str], Path]:
    """Return ``take(target, name)``: save a whole page, or one element of it, as
    ``test-artifacts/<test>/NN-name.png``.

    The conftest's ``screenshot`` fixture photographs its own ``page`` only; this test
    has three windows (two phones and the organiser's), so it names what to photograph.
    """
    folder = ARTIFACTS_DIR / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    taken = []

    def take(target: Page | Locator, name: str) -> Path:
        taken.append(name)
        path = folder / f"{len(taken):02d}-{name}.png"
        if isinstance(target, Page):
            target.screenshot(path=path, full_page=True)
        else:
            target.screenshot(path=path)
        return path

    return take


def tap_choice(form: Locator, name: str, value: object) -> None:
    """Tap the button (the label) of the radio or checkbox ``name`` with ``value``."""
    form.locator(f'input[name="{name}"][value="{value}"] + label').tap()
    expect(form.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()


def is_table_post(path: str) -> Callable:
    """Return a predicate for ``expect_response``: a POST to a URL ending with ``path``."""
    return lambda response: response.request.method == "POST" and response.url.endswith(path)


def enter_deal(
    phone: Page, number: int, deal: TableDeal | None, *, photograph: Callable | None = None
) -> None:
    """Enter deal ``number`` on the phone form as a player would, wait until the live
    preview shows the defence's card points and the declarations that count, call
    ``photograph`` (the form filled), record the deal and wait for the new board."""
    form = phone.locator("form#deal-form")
    expect(phone.locator("#entry-title")).to_have_text(f"Donne {number}")
    expect(form.locator('input[name="deal_number"]')).to_have_value(str(number))
    if deal is None:
        phone.get_by_text("Tout le monde a passé", exact=True).tap()
        expect(form.get_by_label("Tout le monde a passé")).to_be_checked()
    else:
        tap_choice(form, "taker", deal.taker)
        tap_choice(form, "trump", deal.trump)
        if deal.contract == scoring.CAPOT:
            form.locator("label.toggle", has_text="Capot").tap()
            expect(form.get_by_label("Capot", exact=True)).to_be_checked()
        else:
            form.get_by_label("Contrat").fill(str(deal.contract))
        tap_choice(form, "coinche", deal.coinche)
        if deal.taker_belotes:
            tap_choice(form, "taker_belotes", deal.taker_belotes)
        if deal.defence_belotes:
            tap_choice(form, "defence_belotes", deal.defence_belotes)
        if deal.taker_declarations or deal.defence_declarations:
            form.get_by_text("Annonces", exact=True).tap()
            for label, tokens in (
                ("Preneur", deal.taker_declarations),
                ("Défense", deal.defence_declarations),
            ):
                for index, token in enumerate(tokens, start=1):
                    form.get_by_label(f"{label} – Annonce {index}").select_option(token)
        # The tricks and card points last: the preview then shows the whole deal.
        tap_choice(form, "taker_tricks", deal.tricks)
        if deal.points is not None:
            form.get_by_label("Points du preneur").fill(str(deal.points))
        expect(phone.locator("#defence-points")).to_have_text(defence_preview(deal))
        expect(phone.locator("#declarations-result")).to_have_text(declarations_preview(deal))
    if photograph is not None:
        photograph()
    with phone.expect_response(is_table_post("/donne/")) as answer:
        form.get_by_role("button", name="Enregistrer la donne").tap()
    assert answer.value.status == 200
    expect(phone.locator("p.notice").first).to_have_text(
        f"Donne {number} enregistrée : les adversaires la confirment sur leur téléphone."
    )


def defence_preview(deal: TableDeal) -> str:
    if deal.tricks == 8:
        return "Capot du preneur : 252 points, la défense 0."
    if deal.tricks == 0:
        return "Capot de la défense : 252 points, le preneur 0."
    return f"Défense : {162 - deal.points} points."


def declarations_preview(deal: TableDeal) -> str:
    """Return the phone's words for the declarations that count (RULES.md §D)."""
    result = scoring.resolve_declarations(
        scoring.parse_declarations(";".join(deal.taker_declarations)),
        scoring.parse_declarations(";".join(deal.defence_declarations)),
        scoring.Trump(deal.trump),
    )
    if result.winner is scoring.Side.TAKER:
        return f"Le preneur a la meilleure annonce et marque {result.taker_points}."
    if result.winner is scoring.Side.DEFENCE:
        return f"La défense a la meilleure annonce et marque {result.defence_points}."
    return ""


PHONE_DEAL_LINES = """() => Array.from(
    document.querySelectorAll('.all-deals .deal-item'),
    item => [item.id.replace('deal-', ''),
             ...Array.from(item.querySelectorAll('.deal-scores span'), s => s.innerText.trim())]
).reverse()"""


def phone_deal_lines(phone: Page) -> list[tuple[str, ...]]:
    """Return the phone's deal list, deal 1 first: number, "A +x", "B +y", running totals."""
    return [tuple(line) for line in phone.evaluate(PHONE_DEAL_LINES)]


#: Reads the first table in <main> whose headings include every name given, and returns
#: its body rows as {heading: cell text}, spaces collapsed (null when there is none).
READ_TABLE = """names => {
    const text = element => element.innerText.replace(/\\s+/g, ' ').trim();
    for (const table of document.querySelectorAll('main table')) {
        const headings = Array.from(table.querySelectorAll('thead th'), text);
        if (names.every(name => headings.includes(name))) {
            return Array.from(table.querySelectorAll('tbody tr'), row =>
                Object.fromEntries(Array.from(row.cells, (cell, i) => [headings[i], text(cell)])));
        }
    }
    return null;
}"""


def read_table(page: Page, *columns: str) -> list[tuple[str, ...]]:
    """Return the rows of the table that has ``columns``, only those columns, in order."""
    found = page.evaluate(READ_TABLE, list(columns))
    assert found is not None, f"no table with the columns {columns} on {page.url}"
    return [tuple(row[name] for name in columns) for row in found]


#: Reads the audit trail of the match page: who, deal, action, the changes, the reason.
AUDIT_ROWS = """() => {
    const text = element => element.innerText.replace(/\\s+/g, ' ').trim();
    const heads = Array.from(document.querySelectorAll('#audit thead th'), text);
    return Array.from(document.querySelectorAll('#audit tbody tr'), row => {
        const cell = name => row.cells[heads.indexOf(name)];
        return [text(cell('Qui')), text(cell('Donne')), text(cell('Quoi').querySelector('strong')),
                Array.from(cell('Quoi').querySelectorAll('li'), text), text(cell('Raison'))];
    });
}"""


def audit_rows(page: Page) -> list[tuple]:
    """Return the match page's audit trail, newest first: (who, deal, action, changes, reason)."""
    return [
        (who, deal, action, tuple(changes), reason)
        for who, deal, action, changes, reason in page.evaluate(AUDIT_ROWS)
    ]


STANDINGS_COLUMNS = ("Rang", "Équipe", "Points", "Gagnées", "Nulles", "Contre", "Différence")


def standings_rows(match: Match, total_a: int, total_b: int) -> list[tuple[str, ...]]:
    """Return the standings of a concours of one match between two teams."""
    rows = [
        (match.team_a.number, total_a, total_b, int(total_a > total_b)),
        (match.team_b.number, total_b, total_a, int(total_b > total_a)),
    ]
    rows.sort(key=lambda row: -row[1])
    return [
        (str(rank), str(team), str(points), str(won), "0", str(against), str(points - against))
        for rank, (team, points, against, won) in enumerate(rows, start=1)
    ]


# --- The test -------------------------------------------------------------------------------


@pytest.fixture
def match(organiser) -> Match:
    """Round 1 of a two-team ffb-coinche concours of 12 deals, drawn and published."""
    club = ClubFactory(name="Belote Club de Rodez")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Concours des deux téléphones",
            "date": datetime.date(2026, 11, 28),
            "venue": "Salle des fêtes de Rodez",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 12,
            "number_of_rounds": 1,
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


def new_phone(browser: Browser) -> tuple[BrowserContext, Page, list]:
    context = browser.new_context(**PHONE)
    problems = watch_for_problems(context)
    return context, context.new_page(), problems


def test_two_phones_play_a_match_that_the_desk_standings_and_audit_trail_follow(
    browser: Browser, page: Page, live_server, match: Match, shots
):
    url = live_server.url
    tournament: Tournament = match.round.tournament
    slug = tournament.slug
    links = selectors.match_links(match=match)
    played = engine_match(DEALS)
    assert (played.state.deals_played, played.state.is_finished, len(played.steps)) == (
        12,
        True,
        13,
    )
    total_a, total_b = played.state.total_a, played.state.total_b

    # Phone 1, team A: the 13 deals, one after the other, through the phone form.
    context_a, phone_a, problems_a = new_phone(browser)
    phone_a.goto(url + links["A"].link.get_absolute_url())
    expect(phone_a.get_by_role("heading", level=1)).to_have_text(
        f"Partie 1 : table 1 contre l’équipe {match.team_b.number}"
    )
    for number, deal in enumerate(DEALS, start=1):
        photograph = None
        if number == CAPOT_DEAL:
            photograph = functools.partial(shots, phone_a.locator("#saisie"), "phone-a-form-filled")
        enter_deal(phone_a, number, deal, photograph=photograph)

    expect(phone_a.locator("p.notice")).to_have_text(
        [
            "Donne 13 enregistrée : les adversaires la confirment sur leur téléphone.",
            "La partie est finie : plus de donne à saisir. Confirmez les donnes encore en attente.",
        ]
    )
    expect(phone_a.locator("form#deal-form")).to_have_count(0)
    expect(phone_a.locator(".table-scoreboard .total")).to_have_text([str(total_a), str(total_b)])
    expect(phone_a.locator(".table-note")).to_have_text(
        "Totaux provisoires : 13 donnes ne sont pas encore confirmées."
    )
    assert phone_deal_lines(phone_a) == deal_lines(played)
    shots(phone_a, "phone-a-recorded")

    # Phone 2, team B: the 13 deals wait for its confirmation; it confirms them all.
    context_b, phone_b, problems_b = new_phone(browser)
    phone_b.goto(url + links["B"].link.get_absolute_url())
    waiting = phone_b.locator(".to-confirm .deal-item")
    expect(waiting).to_have_count(13)
    expect(waiting.locator(".deal-status")).to_have_text(["À vous de confirmer"] * 13)
    expect(phone_b.locator(".table-scoreboard .total")).to_have_text([str(total_a), str(total_b)])
    assert (
        list(match.deals.order_by("deal_number").values_list("status", flat=True))
        == [DealStatus.PENDING] * 13
    )
    shots(phone_b, "phone-b-to-confirm")
    with phone_b.expect_response(is_table_post("/tout-confirmer/")) as answer:
        phone_b.get_by_role("button", name="Tout confirmer").tap()
    assert answer.value.status == 200

    expect(phone_b.locator("p.notice")).to_have_text(
        [
            "13 donnes confirmées.",
            "Cette partie est confirmée et verrouillée : elle ne peut plus changer à la "
            "table. Demandez toute correction à l’organisateur.",
        ]
    )
    expect(phone_b.locator(".to-confirm")).to_have_count(0)
    expect(phone_b.locator(".table-note")).to_have_count(0)
    expect(phone_b.locator("#table-board form")).to_have_count(0)
    expect(phone_b.locator(".deal-item .deal-status")).to_have_text(["Confirmée"] * 13)
    shots(phone_b, "phone-b-confirmed")
    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.is_finished, match.locked_at is not None) == (
        total_a,
        total_b,
        True,
        True,
    )
    # Team A's phone, reloaded, is read-only too.
    phone_a.reload()
    expect(phone_a.locator("p.notice-locked")).to_have_count(1)
    expect(phone_a.locator("form#deal-form")).to_have_count(0)
    context_a.close()
    context_b.close()
    assert problems_a == []
    assert problems_b == []

    # The organiser's desk (a laptop): the table is finished, all confirmed, locked.
    problems = watch_for_problems(page.context)
    page.goto(f"{url}/concours/{slug}/gestion/parties/1/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    with page.expect_navigation(wait_until="load"):
        page.locator("main").get_by_role("button", name="Connexion").click()
    assert read_table(
        page,
        "Table",
        "Équipe A",
        "Équipe B",
        "Total A",
        "Total B",
        "Saisies",
        "Confirmées",
        "En attente",
        "Contestées",
        "Avancement",
    ) == [
        (
            "1",
            str(match.team_a),
            str(match.team_b),
            str(total_a),
            str(total_b),
            "13",
            "13",
            "0",
            "0",
            "Verrouillée Terminée",
        )
    ]
    shots(page, "desk-confirmed")

    # The public standings count the match.
    page.goto(f"{url}/concours/{slug}/")
    assert read_table(page, *STANDINGS_COLUMNS) == standings_rows(match, total_a, total_b)
    shots(page, "standings")

    # The organiser corrects deal 13 on the match page: 90 card points, not 120. Without
    # a reason it is refused beside the field (422) and nothing changes.
    corrected = engine_match([*DEALS[:-1], CORRECTED])
    new_a, new_b = corrected.state.total_a, corrected.state.total_b
    match_url = f"{url}/concours/{slug}/parties/1/tables/1/"
    correct_url = f"{match_url}donnes/13/corriger/"
    page.goto(match_url)
    audit_before = audit_rows(page)
    assert [row[:3] for row in audit_before] == [
        *[("Table — équipe B", str(n), "Confirmée") for n in range(13, 0, -1)],
        *[("Table — équipe A", str(n), "Saisie") for n in range(13, 0, -1)],
    ]
    assert audit_before[0][3:] == (("État : En attente des adversaires → Confirmée",), "")
    assert audit_before[13][3:] == (
        (
            "Preneur : Équipe B",
            "Atout : ♥",
            "Contrat : 100",
            "Plis du preneur : 6",
            "Points du preneur : 120",
            "Points de la défense : 42",
            "État : En attente des adversaires",
        ),
        "",
    )
    deal_row = page.locator("main table tbody tr").filter(
        has=page.locator("td:first-child", has_text=re.compile(r"^13$"))
    )
    deal_row.get_by_role("link", name="Corriger").click()
    form = page.locator("form#correct-13-form")
    expect(form).to_be_visible()
    form.get_by_label("Points du preneur").fill("90")
    with page.expect_navigation(wait_until="load"):
        form.get_by_role("button", name="Enregistrer la correction").click()

    assert problems == [
        ("422", correct_url),
        ("console", f"Failed to load resource: the server responded with a status of {REFUSED}"),
    ]
    problems.clear()
    form = page.locator("form#correct-13-form")
    expect(form).to_be_visible()
    expect(form.locator("#correct-13-reason-errors")).to_have_text(
        "Indiquez la raison : elle est gardée dans l’historique."
    )
    expect(form.get_by_label("Points du preneur")).to_have_value("90")
    assert audit_rows(page) == audit_before
    deal_13 = match.deals.get(deal_number=13)
    match.refresh_from_db()
    assert (deal_13.taker_card_points, deal_13.version, match.total_a, match.total_b) == (
        120,
        1,
        total_a,
        total_b,
    )

    # With a reason, it is saved; the audit trail says who, why and what changed.
    form.get_by_label("Raison de la correction").fill(CORRECTION_REASON)
    with page.expect_navigation(wait_until="load"):
        form.get_by_role("button", name="Enregistrer la correction").click()

    # Back to the top of the page, where the message is (not to the correction's panel).
    assert page.url == f"{match_url}#content"
    assert page.locator("ul.messages li").all_inner_texts() == ["Donne 13 corrigée."]
    assert audit_rows(page) == [
        (
            "marie",
            "13",
            "Corrigée",
            ("Points du preneur : 120 → 90", "Points de la défense : 42 → 72"),
            CORRECTION_REASON,
        ),
        *audit_before,
    ]
    shots(page.locator("#audit"), "audit-trail")
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (new_a, new_b)

    # The standings follow: team B loses the 220 of its made 100 ♥; team A had 40 as the
    # defence, and now 160 + 100 = 260 for the chute.
    assert (new_a - total_a, new_b - total_b) == (220, -220)
    page.goto(f"{url}/concours/{slug}/")
    assert read_table(page, *STANDINGS_COLUMNS) == standings_rows(match, new_a, new_b)
    shots(page, "standings-after-correction")
    assert problems == []
