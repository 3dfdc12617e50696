"""The organiser's afternoon, clicked through in Chromium (STYLE.md §9, RULES.md §C, §E).

One long test, as an organiser lives it: log in, create a coinche concours (2 deals a
match to keep it short), import 8 teams from an Excel file, mark them present, draw and
publish round 1, enter the deals of tables 1 and 2 on their match pages, stop tables 3
and 4 for time, close the round, then draw round 2 and check it from the page and the
database: no rematch, tables in standing order. Round 1 is drawn at random (the seed is
the draw's), and the standings' last tie-break is each team's random lot, so the
expected draws are computed from what the database recorded, never guessed.
"""

import datetime
import re

import pytest
from openpyxl import Workbook
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD
from tournaments.models import Match, Round, Team, Tournament

#: The Excel file's teams: number, player 1, player 2, club.
TEAMS = [
    (1, "Hélène Martin", "Paul Durand", "Belote Club de Rodez"),
    (2, "Jérôme Lefèvre", "Agnès Roux", "Amicale de Cahors"),
    (3, "Françoise Bézier", "Noël Garçon", ""),
    (4, "Zoé Müller", "Gaëlle Chénier", "Belote Club de Rodez"),
    (5, "Loïc Évrard", "Maëlys Brûlé", "Amicale de Cahors"),
    (6, "Clémence Dupré", "Benoît Pâris", ""),
    (7, "Raphaël Cœur", "Inès Bénard", "Coinche Club d’Albi"),
    (8, "Amélie Forêt", "Hervé Nîmes", "Coinche Club d’Albi"),
]

#: The deals entered, in the form's words (RULES.md §B1). 104 + 0 ≥ 90: 100 + 90 and 60.
MADE_90_HEARTS = {
    "trump": "H",
    "contract": "90",
    "coinche": "none",
    "tricks": "5",
    "taker_points": "104",
}
#: Coinched and made with the belote (92 + 20 ≥ 100): 2 × (160 + 20 + 100), defence 0.
COINCHED_100_SPADES = {
    "trump": "S",
    "contract": "100",
    "coinche": "coinche",
    "tricks": "4",
    "taker_points": "92",
    "taker_belotes": "1",
}
#: 81 < 110, a chute: 0, and 160 + 110 for the defence.
CHUTE_110_DIAMONDS = {
    "trump": "D",
    "contract": "110",
    "coinche": "none",
    "tricks": "4",
    "taker_points": "81",
}
#: Sans atout with a cinquante (130 + 50 ≥ 120): 180 + 120 and 30.
MADE_120_NO_TRUMP = {
    "trump": "SA",
    "contract": "120",
    "coinche": "none",
    "tricks": "6",
    "taker_points": "130",
    "taker_declarations": "50",
}

#: Match page deals table, without the words of the last column: deal, taker's team
#: number ("A"/"B", replaced below), contract, card points, A, B, total A, total B.
TABLE_1_DEALS = [
    ["1", "A", "90 ♥", "104 / 58", "190", "60", "190", "60"],
    ["2", "B", "100 ♠ Coinche", "92 / 70", "0", "560", "190", "620"],
]
TABLE_2_DEALS = [
    ["1", "", "Passe", "", "0", "0", "0", "0"],
    ["2", "A", "110 ♦", "81 / 81", "0", "270", "0", "270"],
    ["3", "A", "120 Sans atout", "130 / 32", "300", "30", "300", "300"],
]


@pytest.fixture
def team_workbook(tmp_path):
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["N°", "Joueur 1", "Joueur 2", "Club"])
    for row in TEAMS:
        sheet.append(list(row))
    path = tmp_path / "équipes.xlsx"
    workbook.save(path)
    return path


def click_and_wait(page: Page, name: str, *, within=None) -> None:
    """Click the button (or link) called ``name`` and wait for the next page to load."""
    scope = within if within is not None else page
    target = scope.get_by_role("button", name=name, exact=True)
    if not target.count():
        target = scope.get_by_role("link", name=name, exact=True)
    with page.expect_navigation(wait_until="load"):
        target.click()


def accept_questions(page: Page) -> list[str]:
    """Answer yes to every confirm() question of ``page`` from now on, and return the list
    of the questions asked, which fills as they come (static/js/confirm.js)."""
    questions = []

    def on_dialog(dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    page.on("dialog", on_dialog)
    return questions


def messages(page: Page) -> list[str]:
    return page.locator("ul.messages li").all_inner_texts()


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
    """Return the rows of the table that has ``columns``, only those columns, in order.

    Tables are found by their headings, not their classes, so a column added to a page
    does not change what the test reads.
    """
    found = page.evaluate(READ_TABLE, list(columns))
    assert found is not None, f"no table with the columns {columns} on {page.url}"
    return [tuple(row[name] for name in columns) for row in found]


def watch_for_problems(page: Page) -> list[tuple[str, str]]:
    """Return a list that fills with every response of 400 or more and every console
    error or uncaught script error of ``page``, from now on.

    The browser's own request for /favicon.ico is left out: the site has no favicon
    (reported, harmless), and that request is not the application's.
    """
    problems = []

    def on_response(response) -> None:
        if response.status >= 400 and not response.url.endswith("/favicon.ico"):
            problems.append((str(response.status), response.url))

    def on_console(message) -> None:
        if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
            problems.append((message.type, message.text))

    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(("pageerror", str(error))))
    return problems


def enter_deal(page: Page, taker: str, deal: dict[str, str]) -> None:
    """Fill the match page's deal form (``taker`` is the team's name) and record it."""
    form = page.locator("#deal-form form")
    form.get_by_role("radio", name=taker, exact=True).check()
    form.get_by_label("Atout").select_option(deal["trump"])
    form.get_by_label("Contrat").select_option(deal["contract"])
    form.get_by_label("Coinche").select_option(deal["coinche"])
    form.get_by_label("Plis du preneur").fill(deal["tricks"])
    form.get_by_label("Points du preneur").fill(deal["taker_points"])
    form.get_by_label("Belotes du preneur").fill(deal.get("taker_belotes", "0"))
    form.get_by_label("Annonces du preneur").fill(deal.get("taker_declarations", "0"))
    click_and_wait(page, "Enregistrer la donne", within=form)


#: The columns the test reads: the match page's deals (not the breakdown in words), a
#: draft draw, a round being played, the standings.
DEAL_COLUMNS = ("Donne", "Preneur", "Contrat", "Points", "A", "B", "Total A", "Total B")
DRAFT_COLUMNS = ("Table", "Équipe A", "Équipe B", "Pourquoi")
PROGRESS_COLUMNS = ("Table", "Équipe A", "Équipe B", "Total A", "Total B", "Avancement")
STANDINGS_COLUMNS = (
    "Rang",
    "Équipe",
    "Joueurs",
    "Points",
    "Gagnées",
    "Nulles",
    "Contre",
    "Différence",
)


def expected_deals(deals: list[list[str]], match: Match) -> list[tuple[str, ...]]:
    numbers = {"A": str(match.team_a.number), "B": str(match.team_b.number), "": ""}
    return [(row[0], numbers[row[1]], *row[2:]) for row in deals]


def test_an_organiser_runs_round_1_and_draws_round_2_by_standing(
    page: Page, live_server, organiser, club, team_workbook, screenshot
):
    url = live_server.url
    problems = watch_for_problems(page)
    questions = accept_questions(page)

    # Log in: the desk sends a stranger to the login page, then back.
    page.goto(f"{url}/organisation/concours/nouveau/")
    expect(page.get_by_role("heading", name="Connexion")).to_be_visible()
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    screenshot("login")
    with page.expect_navigation(wait_until="load"):
        page.locator("main").get_by_role("button", name="Connexion").click()
    expect(page.get_by_role("heading", name="Nouveau concours")).to_be_visible()

    # Create the concours: FFB coinche, 2 deals a match, 4 rounds.
    page.get_by_label(re.compile(r"^Nom\W")).fill("Concours de la Saint-Martin")
    page.get_by_label("Date").fill("2026-11-11")
    page.get_by_label("Lieu").fill("Salle des fêtes de Cahors")
    page.get_by_label("Règle").select_option("ffb-coinche")
    page.get_by_label("Format de partie").select_option("deals")
    page.get_by_label("Donnes par partie ou score à atteindre").fill("2")
    page.get_by_label("Nombre de parties").fill("4")
    screenshot("tournament-form")
    click_and_wait(page, "Créer le concours")

    assert messages(page) == ["Concours créé. Inscrivez maintenant les équipes."]
    tournament = Tournament.objects.get()
    assert (
        tournament.name,
        tournament.slug,
        tournament.date,
        tournament.rules_preset,
        tournament.match_format,
        tournament.match_format_value,
        tournament.number_of_rounds,
        tournament.bye_credit,
    ) == (
        "Concours de la Saint-Martin",
        "concours-de-la-saint-martin",
        datetime.date(2026, 11, 11),
        "ffb-coinche",
        "deals",
        2,
        4,
        "round-mean",
    )
    slug = tournament.slug
    assert page.url == f"{url}/concours/{slug}/gestion/equipes/"

    # Import the teams from Excel: a preview first, nothing saved until confirmed.
    click_and_wait(page, "Importer un fichier (CSV, Excel)")
    page.get_by_label("Fichier des équipes").set_input_files(team_workbook)
    click_and_wait(page, "Vérifier le fichier")

    expect(page.get_by_role("heading", name="Aperçu")).to_be_visible()
    assert page.locator(".import-summary").inner_text() == "8 équipes prêtes, 0 problème"
    # The club's registry is empty: every player is new to it (« nouveau »).
    assert read_table(page, "Ligne", "N°", "Joueur 1", "Joueur 2", "Club") == [
        (str(line), str(number), f"{player_1} nouveau", f"{player_2} nouveau", club)
        for line, (number, player_1, player_2, club) in enumerate(TEAMS, start=2)
    ]
    assert Team.objects.count() == 0
    screenshot("import-preview")
    click_and_wait(page, "Inscrire ces 8 équipes")

    assert messages(page) == ["8 équipes inscrites."]
    assert list(Team.objects.order_by("number").values_list("number", "player_1", "player_2")) == [
        (number, player_1, player_2) for number, player_1, player_2, _ in TEAMS
    ]

    # Everyone is here.
    click_and_wait(page, "Pointer toutes les équipes")

    assert messages(page) == ["8 équipes pointées présentes."]
    assert read_table(page, "N°", "État") == [(str(number), "Présente") for number in range(1, 9)]
    screenshot("teams-present")

    # Draw round 1 from the desk, check the draft against the database, publish it.
    page.get_by_role("navigation", name="Fil d’Ariane").get_by_role("link").click()
    expect(page.get_by_role("heading", name="Concours de la Saint-Martin")).to_be_visible()
    click_and_wait(page, "Tirer la partie 1")

    assert messages(page) == ["Partie 1 tirée : vérifiez-la, puis publiez-la."]
    round_1 = Round.objects.get(number=1)
    matches_1 = list(round_1.matches.select_related("team_a", "team_b").order_by("table_number"))
    assert read_table(page, *DRAFT_COLUMNS) == [
        (str(m.table_number), str(m.team_a), str(m.team_b), "") for m in matches_1
    ]
    assert [m.table_number for m in matches_1] == [1, 2, 3, 4]
    assert sorted(t.number for m in matches_1 for t in (m.team_a, m.team_b)) == list(range(1, 9))
    assert round_1.byes.count() == 0
    screenshot("round-1-draft")
    click_and_wait(page, "Publier le tirage")

    assert messages(page) == ["Partie 1 publiée : les tables peuvent jouer."]
    round_1.refresh_from_db()
    assert round_1.status == Round.Status.PUBLISHED

    # Table 1: a made 90 ♥, then a coinched 100 ♠ made with the belote.
    table_1, table_2, table_3, table_4 = matches_1
    page.goto(f"{url}/concours/{slug}/parties/1/tables/1/")
    enter_deal(page, str(table_1.team_a), MADE_90_HEARTS)
    assert messages(page) == ["Donne 1 enregistrée."]
    enter_deal(page, str(table_1.team_b), COINCHED_100_SPADES)

    assert messages(page) == ["Donne 2 enregistrée."]
    assert read_table(page, *DEAL_COLUMNS) == expected_deals(TABLE_1_DEALS, table_1)
    assert page.locator(".scoreboard .total").all_inner_texts() == ["190", "620"]
    assert page.locator("p.notice").all_inner_texts() == ["Cette partie est terminée."]
    assert page.locator("#deal-form").count() == 0
    screenshot("table-1-finished")

    # Table 2: everyone passes (it does not count), a 110 ♦ chute, a 120 sans atout made
    # with a cinquante: 300 each, a drawn match.
    page.goto(f"{url}/concours/{slug}/parties/1/tables/2/")
    page.get_by_label("Tout le monde a passé").check()
    click_and_wait(page, "Enregistrer la donne")
    assert messages(page) == ["Donne 1 enregistrée."]
    enter_deal(page, str(table_2.team_a), CHUTE_110_DIAMONDS)
    assert messages(page) == ["Donne 2 enregistrée."]
    enter_deal(page, str(table_2.team_a), MADE_120_NO_TRUMP)

    assert messages(page) == ["Donne 3 enregistrée."]
    assert read_table(page, *DEAL_COLUMNS) == expected_deals(TABLE_2_DEALS, table_2)
    assert page.locator(".scoreboard .total").all_inner_texts() == ["300", "300"]
    assert page.locator("p.notice").all_inner_texts() == ["Cette partie est terminée. Égalité."]
    screenshot("table-2-finished")

    # Tables 3 and 4 run out of time before their first deal; then the round closes.
    page.goto(f"{url}/concours/{slug}/gestion/parties/1/")
    for number in (3, 4):
        row = page.locator("main tbody tr").filter(
            has=page.get_by_role("link", name=str(number), exact=True)
        )
        click_and_wait(page, "Arrêter au temps", within=row)
        assert questions.pop() == (
            f"Arrêter la table {number} maintenant ? Elle comptera avec les points qu’elle a."
        )
        assert messages(page) == [f"Table {number} arrêtée au temps."]
    assert read_table(page, *PROGRESS_COLUMNS) == [
        (str(m.table_number), str(m.team_a), str(m.team_b), a, b, progress)
        for m, a, b, progress in [
            (table_1, "190", "620", "Terminée"),
            (table_2, "300", "300", "Terminée"),
            (table_3, "0", "0", "Arrêtée au temps Rouvrir"),
            (table_4, "0", "0", "Arrêtée au temps Rouvrir"),
        ]
    ]
    screenshot("round-1-tables-done")
    click_and_wait(page, "Clore la partie")
    assert questions.pop() == "Clore cette partie ? Ses résultats servent au tirage suivant."

    assert messages(page) == ["Partie 1 close."]
    assert list(
        Match.objects.filter(round=round_1)
        .order_by("table_number")
        .values_list("total_a", "total_b", "result", "is_finished", "deals_played")
    ) == [
        (190, 620, "B", True, 2),
        (300, 300, "draw", True, 2),
        (0, 0, "draw", False, 0),
        (0, 0, "draw", False, 0),
    ]

    # The public standings after round 1. Equal teams are split by points difference,
    # head-to-head (the drawn pairs beat each other once: equal again), then the lot,
    # highest first (RULES.md §E).
    def by_lot(*teams):
        return sorted(teams, key=lambda team: (-team.lot, team.number))

    standing = [
        table_1.team_b,
        *by_lot(table_2.team_a, table_2.team_b),
        table_1.team_a,
        *by_lot(table_3.team_a, table_3.team_b, table_4.team_a, table_4.team_b),
    ]
    figures = {  # points, won, drawn, against, difference
        table_1.team_b.pk: ("620", "1", "0", "190", "430"),
        table_2.team_a.pk: ("300", "0", "1", "300", "0"),
        table_2.team_b.pk: ("300", "0", "1", "300", "0"),
        table_1.team_a.pk: ("190", "0", "0", "620", "-430"),
    }
    page.goto(f"{url}/concours/{slug}/")

    assert read_table(page, *STANDINGS_COLUMNS) == [
        (
            str(rank),
            str(team.number),
            team.players,
            *figures.get(team.pk, ("0", "0", "1", "0", "0")),
        )
        for rank, team in enumerate(standing, start=1)
    ]
    screenshot("standings-after-round-1")

    # Round 2 by standing: 1st v 2nd, 3rd v 4th; among the four teams on 0, when the
    # 5th and 6th have just met, 5th v 7th and 6th v 8th (no rematch, the smallest gaps).
    fifth, sixth, seventh, eighth = standing[4:]
    met_in_round_1 = {frozenset((m.team_a.pk, m.team_b.pk)) for m in matches_1}
    if frozenset((fifth.pk, sixth.pk)) in met_in_round_1:
        avoided = f"Évite de rejouer contre l’équipe {sixth.number}."
        bottom = [(fifth, seventh, avoided), (sixth, eighth, "")]
    else:
        bottom = [(fifth, sixth, ""), (seventh, eighth, "")]
    expected_round_2 = [(standing[0], standing[1], ""), (standing[2], standing[3], ""), *bottom]
    page.goto(f"{url}/concours/{slug}/gestion/")
    click_and_wait(page, "Tirer la partie 2")

    assert messages(page) == ["Partie 2 tirée : vérifiez-la, puis publiez-la."]
    assert read_table(page, *DRAFT_COLUMNS) == [
        (str(table), str(team_a), str(team_b), reason)
        for table, (team_a, team_b, reason) in enumerate(expected_round_2, start=1)
    ]
    assert page.locator("main tr.rematch").count() == 0
    matches_2 = list(Match.objects.filter(round__number=2).order_by("table_number"))
    assert [(m.table_number, m.team_a_id, m.team_b_id, m.is_rematch) for m in matches_2] == [
        (table, team_a.pk, team_b.pk, False)
        for table, (team_a, team_b, _) in enumerate(expected_round_2, start=1)
    ]
    assert {frozenset((m.team_a_id, m.team_b_id)) for m in matches_2} & met_in_round_1 == set()
    rank = {team.pk: index for index, team in enumerate(standing)}
    assert [rank[m.team_a_id] < rank[m.team_b_id] for m in matches_2] == [True] * 4
    assert [rank[m.team_a_id] for m in matches_2] == sorted(rank[m.team_a_id] for m in matches_2)
    screenshot("round-2-draft")
    click_and_wait(page, "Publier le tirage")

    assert messages(page) == ["Partie 2 publiée : les tables peuvent jouer."]
    assert Round.objects.get(number=2).status == Round.Status.PUBLISHED
    assert read_table(page, *PROGRESS_COLUMNS) == [
        (str(table), str(team_a), str(team_b), "0", "0", "0 donne jouée Arrêter au temps")
        for table, (team_a, team_b, _) in enumerate(expected_round_2, start=1)
    ]
    screenshot("round-2-published")
    # No page failed and no script broke along the way (htmx polls included).
    assert problems == []
    assert questions == []
