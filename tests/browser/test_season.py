"""A club's season run from the browser alone (issue 12's « Done when », RULES.md §I).

An organiser signs in, creates her club under « Mes clubs », and runs three small paper
concours for it (4 teams, 1 partie, totals typed at the desk). The first one takes its
first two pairs online: registration opens with one place, the first pair gets it from
the public page, the second (in another browser) lands on the waiting list and moves up
when the organiser opens a second place; both are checked in. Every other team is
registered through the team form, the second and third concours' players picked from
the club's registry with the type-ahead, so that each person is one registry entry
across the season. Ana Roux changes partner in the second concours (Jules Mas instead of
Bo Vidal), and plays with Bo again in the third.

Each draft draw is set with the desk's swap form so that the test knows who met whom,
then published, its two tables' totals typed, and the partie closed. The organiser then
creates a challenge under « Challenges » with a formula that is not the default (W = 2,
D = 1, L = 0, scored points counted, rank points 10, 5, best 2 of 3 concours, at least 2
to be ranked), adds the three concours, and the public ranking page is compared, row by
row, with the ranking worked by hand below (RULES.md §I).
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.factories import PASSWORD
from tournaments.models import Player, Team

CLUB = "Belote Club de Millau"
CHALLENGE = "Challenge d’hiver"

#: The three concours (name, date), in the season's order.
CONCOURS = (
    ("Concours de la Saint-Nicolas", "2026-12-05"),
    ("Concours de la Sainte-Luce", "2026-12-12"),
    ("Concours de Noël", "2026-12-19"),
)

#: Teams of each concours by number (registration order). Team 1 of the second concours
#: is Ana Roux's new pair: she changes partner, Bo Vidal sits that concours out.
ANA_BO = ("Ana Roux", "Bo Vidal")
CY_DI = ("Cy Marty", "Di Pons")
ELISE_GIL = ("Élise Faure", "Gil Bonnet")
HUGO_INES = ("Hugo Lacaze", "Inès Py")
TEAMS = (
    {1: ANA_BO, 2: CY_DI, 3: ELISE_GIL, 4: HUGO_INES},
    {1: ("Ana Roux", "Jules Mas"), 2: CY_DI, 3: ELISE_GIL, 4: HUGO_INES},
    {1: ANA_BO, 2: CY_DI, 3: ELISE_GIL, 4: HUGO_INES},
)

#: Who meets whom in each concours' only partie (team 1's opponent; the two others meet),
#: and every team's total there (scored points). Counts left blank: the sum is not checked.
OPPONENT_OF_1 = (2, 3, 4)
TOTALS = (
    {1: 210, 2: 150, 3: 190, 4: 170},  # 1 beats 2, 3 beats 4
    {1: 200, 3: 180, 2: 150, 4: 150},  # 1 beats 3, 2 and 4 draw
    {1: 175, 4: 185, 2: 195, 3: 165},  # 4 beats 1, 2 beats 3
)

# The ranking worked by hand (RULES.md §I) -------------------------------------------------
#
# Formula: W = 2, D = 1, L = 0, Y = 0, scored points counted, rank points 10 (1st), 5 (2nd),
# best 2 concours counted, 2 concours needed to be ranked.
#
# Each concours' final ranking (RULES.md §E: total scored points first; they all differ
# but for the drawn pair of the 2nd concours, 3rd and 4th, who earn no rank points anyway):
#   1st concours: team 1 (210), 3 (190), 4 (170), 2 (150)
#   2nd concours: team 1 (200), 3 (180), then 2 and 4 (150 each)
#   3rd concours: team 2 (195), 4 (185), 1 (175), 3 (165)
#
# Challenge points of a concours = 2 × won + 1 × drawn + 0 × lost + scored + rank points:
#   Ana Roux     1st: 2×1 + 210 + 10 = 222   2nd: 2×1 + 200 + 10 = 212   3rd: 0 + 175 + 0 = 175
#   Bo Vidal     1st: 222                    2nd: —                      3rd: 175
#   Jules Mas    1st: —                      2nd: 212                    3rd: —
#   Cy Marty     1st: 0 + 150 + 0 = 150      2nd: 1×1 + 150 + 0 = 151    3rd: 2×1 + 195 + 10 = 207
#   Élise Faure  1st: 2×1 + 190 + 5 = 197    2nd: 0 + 180 + 5 = 185      3rd: 0 + 165 + 0 = 165
#   Hugo Lacaze  1st: 0 + 170 + 0 = 170      2nd: 1×1 + 150 + 0 = 151    3rd: 2×1 + 185 + 5 = 192
#   (Di Pons as Cy Marty, Gil Bonnet as Élise Faure, Inès Py as Hugo Lacaze: same teams.)
#
# Best 2 counted (the third in brackets), sums over the counted ones:
#   Ana Roux     222 + 212 = 434, won 1 + 1 = 2, scored 210 + 200 = 410, 3 played
#   Bo Vidal     222 + 175 = 397, won 1 + 0 = 1, scored 210 + 175 = 385, 2 played
#   Élise Faure  197 + 185 = 382, won 1 + 0 = 1, scored 190 + 180 = 370, 3 played (165)
#   Hugo Lacaze  192 + 170 = 362, won 1 + 0 = 1, scored 185 + 170 = 355, 3 played (151)
#   Cy Marty     207 + 151 = 358, won 1 + 0 = 1, scored 195 + 150 = 345, 3 played (150)
#   Jules Mas    212, 1 played: fewer than 2, listed last, unranked.
# Equal on everything, the two players of a team are ordered by name: Élise before Gil,
# Cy before Di, Hugo before Inès (accents left out: « elise » < « gil »).
EXPECTED_PEOPLE = [
    ["1", "Ana Roux", "434", "2", "410", "3", "222", "212", "(175)"],
    ["2", "Bo Vidal", "397", "1", "385", "2", "222", "–", "175"],
    ["3", "Élise Faure", "382", "1", "370", "3", "197", "185", "(165)"],
    ["4", "Gil Bonnet", "382", "1", "370", "3", "197", "185", "(165)"],
    ["5", "Hugo Lacaze", "362", "1", "355", "3", "170", "(151)", "192"],
    ["6", "Inès Py", "362", "1", "355", "3", "170", "(151)", "192"],
    ["7", "Cy Marty", "358", "1", "345", "3", "(150)", "151", "207"],
    ["8", "Di Pons", "358", "1", "345", "3", "(150)", "151", "207"],
    ["–", "Jules Mas", "212", "1", "200", "1", "–", "212", "–"],
]
# The pairs that always played together: not Ana Roux and Bo Vidal (Ana changed partner
# in the 2nd concours); each pair earns its team's results, the same sums as above.
EXPECTED_PAIRS = [
    ["1", "Élise Faure / Gil Bonnet", "382", "1", "370", "3", "197", "185", "(165)"],
    ["2", "Hugo Lacaze / Inès Py", "362", "1", "355", "3", "170", "(151)", "192"],
    ["3", "Cy Marty / Di Pons", "358", "1", "345", "3", "(150)", "151", "207"],
]

#: Rows of a table of <main> (by CSS selector), each as its cells' texts, spaces collapsed.
READ_ROWS = """selector => Array.from(
    document.querySelectorAll(selector + ' tr'),
    row => Array.from(row.cells, cell => cell.innerText.replace(/\\s+/g, ' ').trim()))"""


def messages(page: Page) -> list[str]:
    return page.locator("ul.messages li").all_inner_texts()


def submit(page: Page, form) -> None:
    """Press ``form``'s submit button and wait for the next page."""
    with page.expect_navigation(wait_until="load"):
        form.locator("button[type=submit]").first.click()


def sign_in(page: Page, url: str) -> None:
    """Sign in as Marie on the login page, landing on « Mes clubs »."""
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{url}/comptes/connexion/?next=/organisation/clubs/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    with page.expect_navigation(wait_until="load"):
        page.locator("main").get_by_role("button", name="Connexion").click()


def create_club(page: Page) -> None:
    page.locator("main").get_by_role("link", name="Nouveau club").click()
    form = page.locator("main form")
    form.locator('[name="name"]').fill(CLUB)
    submit(page, form)
    assert messages(page) == ["Club créé. Créez maintenant son premier concours."]


def create_concours(page: Page, url: str, name: str, date: str) -> str:
    """Create a paper concours of the club (1 partie of 2 deals); return its slug."""
    page.goto(f"{url}/organisation/concours/nouveau/")
    form = page.locator("main form")
    form.locator('[name="club"]').select_option(label=CLUB)
    form.locator('[name="name"]').fill(name)
    form.locator('[name="date"]').fill(date)
    form.locator('[name="venue"]').fill("Salle des fêtes de Millau")
    form.locator('[name="rules_preset"]').select_option("belote-sans-annonces")
    form.locator('[name="match_format"]').select_option("deals")
    form.locator('[name="match_format_value"]').fill("2")
    form.locator('[name="number_of_rounds"]').fill("1")
    form.locator('[name="results_mode"][value="paper"]').check()
    submit(page, form)
    assert messages(page) == ["Concours créé. Inscrivez maintenant les équipes."]
    found = re.search(r"/concours/([^/]+)/gestion/", page.url)
    assert found is not None, page.url
    return found.group(1)


def registration_settings(page: Page, url: str, slug: str, places: int) -> None:
    page.goto(f"{url}/concours/{slug}/gestion/inscriptions/")
    form = page.locator("form.registration-settings")
    form.locator('[name="is_open"]').check()
    form.locator('[name="capacity"]').fill(str(places))
    form.locator('[name="waiting_list"]').fill("5")
    submit(page, form)


def register_online(page: Page, url: str, slug: str, pair: tuple[str, str]) -> str:
    """Register ``pair`` from the concours' public page; return its status line."""
    page.goto(f"{url}/concours/{slug}/")
    page.get_by_label("Joueur 1").fill(pair[0])
    page.get_by_label("Joueur 2").fill(pair[1])
    page.get_by_label("Club").fill(CLUB)
    page.get_by_role("button", name="Inscrire la doublette").click()
    expect(page.get_by_role("heading", name="Inscription enregistrée")).to_be_visible()
    return page.locator(".registration-status").inner_text()


def pick(page: Page, field: str, name: str) -> None:
    """Type the first letters of ``name`` into ``field`` and pick the registry's
    suggestion of that name (the type-ahead fills the record)."""
    page.locator(f"#id_{field}").press_sequentially(name[:4])
    suggestion = page.locator(f"#{field}-suggestions .player-pick", has_text=name)
    suggestion.click()
    expect(page.locator(f"#id_{field}")).to_have_value(name)


def register_team(page: Page, pair: tuple[str, str], known: set[str]) -> str:
    """Register ``pair`` on the team form, each player the registry ``known`` picked from
    its suggestions, a new one typed; return the page's first message."""
    form = page.locator("form.team-form")
    for field, name in zip(("player_1", "player_2"), pair, strict=True):
        if name in known:
            pick(page, field, name)
        else:
            form.locator(f"#id_{field}").fill(name)
    submit(page, form)
    return messages(page)[0]


def run_partie(page: Page, url: str, slug: str, opponent: int, totals: dict[int, int]) -> None:
    """Draw the partie, swap teams until team 1 meets ``opponent``, publish it, type each
    table's totals, close it."""
    desk = f"{url}/concours/{slug}/gestion/"
    page.goto(desk)
    submit(page, page.locator('form[action$="/gestion/tirer/"]'))
    assert messages(page) == ["Partie 1 tirée : vérifiez-la, puis publiez-la."]
    draw = read_draw(page)
    current = next(b if a == 1 else a for a, b in draw.values() if 1 in (a, b))
    if current != opponent:
        form = page.locator('form[action$="/parties/1/echanger/"]')
        form.locator('[name="first"]').fill(str(current))
        form.locator('[name="second"]').fill(str(opponent))
        submit(page, form)
        draw = read_draw(page)
    others = sorted(set(totals) - {1, opponent})
    assert {frozenset(pair) for pair in draw.values()} == {
        frozenset((1, opponent)),
        frozenset(others),
    }
    submit(page, page.locator('form[action$="/parties/1/publier/"]'))
    assert messages(page) == ["Partie 1 publiée : les tables peuvent jouer."]
    for table, (team_a, team_b) in draw.items():
        page.goto(f"{url}/concours/{slug}/parties/1/tables/{table}/")
        page.locator('[name="totals-total_a"]').fill(str(totals[team_a]))
        page.locator('[name="totals-total_b"]').fill(str(totals[team_b]))
        with page.expect_navigation(wait_until="load"):
            page.locator('[name="totals-total_b"]').press("Enter")
        assert page.locator(".scoreboard .total").all_inner_texts() == [
            str(totals[team_a]),
            str(totals[team_b]),
        ]
    page.goto(f"{desk}parties/1/")
    submit(page, page.locator('form[action$="/parties/1/clore/"]'))
    assert messages(page) == ["Partie 1 close."]


def read_draw(page: Page) -> dict[int, tuple[int, int]]:
    """Return the draft's tables: {table: (team A, team B)} read off the page."""
    rows = page.evaluate(READ_ROWS, "main table.draw tbody")
    return {
        int(table): (int(a.split(" – ")[0]), int(b.split(" – ")[0])) for table, a, b, *_ in rows
    }


def test_a_club_runs_a_season_of_three_concours_and_a_challenge(
    browser: Browser, page: Page, live_server, organiser, screenshot
):
    url = live_server.url
    sign_in(page, url)
    create_club(page)
    slugs = [create_concours(page, url, name, date) for name, date in CONCOURS]

    # The first concours: two pairs online, one place, then a second one opened.
    registration_settings(page, url, slugs[0], places=1)
    first = browser.new_context(locale="fr-FR").new_page()
    second = browser.new_context(locale="fr-FR").new_page()
    statuses = [
        register_online(first, url, slugs[0], ANA_BO),
        register_online(second, url, slugs[0], CY_DI),
    ]
    registration_settings(page, url, slugs[0], places=2)
    promoted = messages(page)
    checked_in = []
    for _ in range(2):
        table = page.locator("table.registrations-confirmed")
        with page.expect_navigation(wait_until="load"):
            table.get_by_role("button", name="Pointer").first.click()
        checked_in.append(messages(page)[0])
    assert statuses == [
        "Ana Roux / Bo Vidal : inscrits, votre place est confirmée.",
        "Cy Marty / Di Pons : sur la liste d’attente, n° 1. Si une doublette se désiste, "
        "vous montez.",
    ]
    assert promoted == [
        "Réglages des inscriptions enregistrés.",
        "Cy Marty / Di Pons sortent de la liste d’attente : leur place est confirmée.",
    ]
    assert checked_in == [
        "Ana Roux / Bo Vidal pointés : équipe 1, présente.",
        "Cy Marty / Di Pons pointés : équipe 2, présente.",
    ]
    screenshot("registrations")

    # Every other team through the team form, the players the registry knows from an
    # earlier concours picked from it (the pairs checked in above are in it too).
    registered = []
    known: set[str] = set()
    for index, slug in enumerate(slugs):
        page.goto(f"{url}/concours/{slug}/gestion/equipes/")
        for number, pair in TEAMS[index].items():
            if index > 0 or number > 2:
                registered.append(register_team(page, pair, known))
        known |= {name for pair in TEAMS[index].values() for name in pair}
        submit(page, page.locator('form[action$="/equipes/pointer-tout/"]'))
    assert registered == [
        "Équipe 3 inscrite.",
        "Équipe 4 inscrite.",
        *["Équipe 1 inscrite.", "Équipe 2 inscrite.", "Équipe 3 inscrite.", "Équipe 4 inscrite."]
        * 2,
    ]

    for slug, opponent, totals in zip(slugs, OPPONENT_OF_1, TOTALS, strict=True):
        run_partie(page, url, slug, opponent, totals)

    # The challenge, its formula, its three concours in the season's order.
    page.goto(f"{url}/")
    page.locator("main").get_by_role("link", name="Challenges").click()
    form = page.locator("main form").first
    form.locator('[name="club"]').select_option(label=CLUB)
    form.locator('[name="name"]').fill(CHALLENGE)
    for name, value in (
        ("points_win", "2"),
        ("points_draw", "1"),
        ("points_loss", "0"),
        ("points_bye", "0"),
        ("rank_points", "10, 5"),
        ("best_of", "2"),
        ("minimum", "2"),
    ):
        form.locator(f'[name="{name}"]').fill(value)
    form.locator('[name="counts_scored_points"]').check()
    submit(page, form)
    assert messages(page) == ["Challenge créé. Ajoutez maintenant ses concours."]
    added = []
    for name, date in CONCOURS:
        form = page.locator('form[action$="/concours/ajouter/"]')
        day = "/".join(reversed(date.split("-")))
        form.locator('[name="concours"]').select_option(label=f"{name} ({day})")
        submit(page, form)
        added += messages(page)
    assert added == [f"« {name} » ajouté." for name, _ in CONCOURS]

    page.locator("main").get_by_role("link", name="Classement", exact=True).click()
    screenshot("challenge")
    heading = page.evaluate(READ_ROWS, "main table.challenge-people thead")
    people = page.evaluate(READ_ROWS, "main table.challenge-people tbody")
    assert heading == [
        [
            "Rang",
            "Joueur",
            "Points de challenge",
            "Parties gagnées",
            "Points marqués",
            "Concours joués",
            *(name for name, _ in CONCOURS),
        ]
    ]
    pairs = page.evaluate(READ_ROWS, "main table.challenge-pairs tbody")
    assert people == EXPECTED_PEOPLE
    assert pairs == EXPECTED_PAIRS
    # One registry entry a person, whoever their partner was: 9 people, 9 records.
    records = Team.objects.filter(tournament__club__name=CLUB).values_list(
        "player_1_record__last_name", "player_2_record__last_name"
    )
    assert len({name for pair in records for name in pair}) == 9
    assert Player.objects.filter(club__name=CLUB).count() == 9
