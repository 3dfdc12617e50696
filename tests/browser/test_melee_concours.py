"""A whole mêlée run in the browser (issue 13's « Done when », RULES.md §H, §E, §G).

The organiser signs in and creates « Mêlée de la Saint-Éloi » on the desk's form (« À la
mêlée », ``belote-sans-annonces``, 12 deals, 4 parties, results on paper), then types
its 22 players one by one on the players page (« Joueurs »; a player registered is
present, as the page says, so no check-in is needed). For each of the 4 parties she
draws it (« Tirer la partie N »), the test reads the draft off the page (5 tables of
four, 2 sitting out) and checks it against RULES.md §H and its own standings (below):
nobody partners a player twice, from partie 2 the 2 sitting out are the lowest-ranked
of those who have sat out least, the tables are numbered in standing order by their
best-ranked player, who is in pair A. In partie 2 she swaps two players of a table with
the swap form, so that its partners change with no partnership repeated (the desk warns
that two of them meet again as opponents, as the test works out). She publishes the draw,
types each table's two totals at its match page (« Saisir les totaux de la table »,
counts left blank: the sums are not checked), and closes the partie.

At the end she types the prize list and downloads the standings PDF, which prints
each prize beside its player; the public page's individual standings are compared,
cell by cell, with :func:`expected_standings`, an independent reading of RULES.md §H
and §E written here (never ``tournaments.standings`` nor ``melee_standings``). The
database is read last: each partie's 5 matches of 4 distinct players are the tables
the desk showed, with the totals typed; 40 distinct partnerships (MeleePair); 8
distinct players sat out (SitOut), once each. Players typed at the desk draw no lot
(all 0), so the last tie-break is the player number: the final ranking never needs
it, the standings the draws of parties 2–4 follow do (partners are equal after partie 1).

Partie 1 is random: the test fixes the seed the desk's draw takes (``secrets`` in
``services/melee_draws.py``), so that the whole run, and so its typed totals, give
the same standings each time, with no two players on equal points: the ranking does
not hang on tie-breaks. The totals come from :func:`sheet_totals` (partie, table); one
match is drawn, and partie 3's mean pair total ends in .5, rounded up (§E).
"""

from __future__ import annotations

import re
import types
from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.factories import PASSWORD
from tests.pdf_reading import page_texts
from tournaments.models import Match, MeleePair, MeleePlayer, SitOut, Tournament
from tournaments.services import melee_draws

PARTIES = 4
TABLES = 5
#: The seed of partie 1's random draw (the desk takes it from ``secrets``).
SEED = 20261201
NAME = "Mêlée de la Saint-Éloi"
#: The 22 players, typed in this order (so numbered 1 to 22), and their clubs.
PLAYERS = (
    ("Hélène Martin", "Amicale de Cahors"),
    ("Paul Durand", ""),
    ("Zoé Müller", "Belote Club de Figeac"),
    ("Gaëlle Chénier", ""),
    ("Marc Roux", "Amicale de Cahors"),
    ("Jean Noël", ""),
    ("Léa Petit", ""),
    ("Noé Blanc", "Belote Club de Figeac"),
    ("Inès Faure", ""),
    ("Hugo Lacaze", ""),
    ("Élise Bonnet", "Amicale de Cahors"),
    ("Gil Pons", ""),
    ("Cyrille Marty", ""),
    ("Ana Roux", ""),
    ("Bo Vidal", "Belote Club de Figeac"),
    ("Jules Mas", ""),
    ("Odile Py", ""),
    ("René Lafon", ""),
    ("Sylvie Costes", "Amicale de Cahors"),
    ("Thierry Bru", ""),
    ("Yvette Calmels", ""),
    ("Xavier Delmas", ""),
)
PRIZES = ("Un jambon", "Une épaule", "Deux bouteilles de Cahors", "Un saucisson")

#: The public standings' columns, as the page heads them in French.
STANDINGS_COLUMNS = (
    "Rang",
    "Joueur",
    "Nom",
    "Club",
    "Points",
    "Gagnées",
    "Nulles",
    "Contre",
    "Différence",
    "Exempts",
)

#: The first table in <main> whose headings include every name given, as
#: {heading: cell text} rows, spaces collapsed (null when there is none).
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


def sheet_totals(partie: int, table: int) -> tuple[int, int]:
    """Return the two totals typed for ``table`` of ``partie`` (pair A, pair B): varied,
    one drawn match (partie 1, table 3)."""
    if (partie, table) == (1, 3):
        return (972, 972)
    total_a = 760 + 37 * ((5 * partie + 3 * table) % 13) + 11 * table
    total_b = 1944 - total_a + 17 * ((partie + 2 * table) % 5) - 3 * partie
    return (total_a, total_b)


# The independent standings (RULES.md §H, §E) -----------------------------------------------


@dataclass(frozen=True)
class Table:
    """A table of a partie as the test knows it: its number and pairs (player numbers)."""

    number: int
    pair_a: tuple[int, int]
    pair_b: tuple[int, int]

    @property
    def players(self) -> tuple[int, ...]:
        return (*self.pair_a, *self.pair_b)


@dataclass(frozen=True)
class Partie:
    """A partie played: its tables, who sat out, and each table's totals (A, B)."""

    tables: tuple[Table, ...]
    sit_outs: tuple[int, ...]
    totals: dict[int, tuple[int, int]]


@dataclass
class Record:
    points: int = 0
    against: int = 0
    won: int = 0
    drawn: int = 0
    sit_outs: int = 0


def sit_out_credit(partie: Partie) -> int:
    """RULES.md §E's default bye credit, as §H gives it to a sit-out: the mean of the
    match totals of every pair that played the partie, rounded half up."""
    pair_totals = [total for pair in partie.totals.values() for total in pair]
    mean = Decimal(sum(pair_totals)) / Decimal(len(pair_totals))
    return int(mean.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def records(players: list[int], parties: list[Partie]) -> dict[int, Record]:
    """Return each player's points, points against, won, drawn and sit-outs (§H)."""
    tally = {number: Record() for number in players}
    for partie in parties:
        for table in partie.tables:
            total_a, total_b = partie.totals[table.number]
            for pair, ours, theirs in (
                (table.pair_a, total_a, total_b),
                (table.pair_b, total_b, total_a),
            ):
                for number in pair:
                    record = tally[number]
                    record.points += ours
                    record.against += theirs
                    record.won += ours > theirs
                    record.drawn += ours == theirs
        credit = sit_out_credit(partie)
        for number in partie.sit_outs:
            tally[number].points += credit
            tally[number].sit_outs += 1
    return tally


def ranking(players: list[int], parties: list[Partie], lots: dict[int, int]) -> list[int]:
    """Return the player numbers in §H's order: total scored points, then parties won,
    then points difference (no head-to-head), then the recorded lot, highest first;
    players equal on all of these keep number order (lowest first)."""
    tally = records(players, parties)

    def key(number: int) -> tuple[int, ...]:
        record = tally[number]
        return (
            -record.points,
            -record.won,
            -(record.points - record.against),
            -lots[number],
            number,
        )

    return sorted(players, key=key)


def expected_standings(parties: list[Partie], lots: dict[int, int]) -> list[tuple[str, ...]]:
    """Return the standings of the 22 players as the page's :data:`STANDINGS_COLUMNS`."""
    players = list(range(1, len(PLAYERS) + 1))
    tally = records(players, parties)
    rows = []
    for rank, number in enumerate(ranking(players, parties, lots), start=1):
        record = tally[number]
        name, club = PLAYERS[number - 1]
        figures = (
            rank,
            number,
            name,
            club,
            record.points,
            record.won,
            record.drawn,
            record.against,
            record.points - record.against,
            record.sit_outs,
        )
        rows.append(tuple(str(figure) for figure in figures))
    return rows


def test_expected_standings_reads_rules_h_on_a_small_case():
    """The test's own §H: a sit-out credited the mean pair total rounded half up (972.5
    gives 973), partners credited their pair's result, a drawn match, and the lot
    deciding between two players equal on points, won and difference."""
    partie = Partie(
        tables=(Table(1, (1, 2), (3, 4)), Table(2, (5, 6), (7, 8))),
        sit_outs=(9,),
        totals={1: (1000, 945), 2: (972, 973)},
    )
    assert sit_out_credit(partie) == 973
    tally = records(list(range(1, 10)), [partie])
    assert [(r.points, r.against, r.won, r.drawn, r.sit_outs) for r in tally.values()] == [
        (1000, 945, 1, 0, 0),
        (1000, 945, 1, 0, 0),
        (945, 1000, 0, 0, 0),
        (945, 1000, 0, 0, 0),
        (972, 973, 0, 0, 0),
        (972, 973, 0, 0, 0),
        (973, 972, 1, 0, 0),
        (973, 972, 1, 0, 0),
        (973, 0, 0, 0, 1),
    ]
    lots = dict.fromkeys(range(1, 10), 0) | {2: 5}
    # 9 (973, no win) after 7 and 8 (973, won); 2 before 1 on the lot.
    assert ranking(list(range(1, 10)), [partie], lots) == [2, 1, 7, 8, 9, 5, 6, 3, 4]
    drawn = Partie(tables=(Table(1, (1, 2), (3, 4)),), sit_outs=(), totals={1: (972, 972)})
    assert [r.drawn for r in records([1, 2, 3, 4], [drawn]).values()] == [1, 1, 1, 1]


def partnerships(parties: list[Partie]) -> list[frozenset[int]]:
    return [frozenset(pair) for p in parties for t in p.tables for pair in (t.pair_a, t.pair_b)]


def oppositions(parties: list[Partie]) -> set[frozenset[int]]:
    return {
        frozenset((a, b)) for p in parties for t in p.tables for a in t.pair_a for b in t.pair_b
    }


def check_draft(draft: Partie, earlier: list[Partie], lots: dict[int, int]) -> None:
    """Check a draft partie against RULES.md §H: 5 tables of four and 2 sitting out,
    every player once; no partnership repeated; from partie 2, the sitting out are the
    lowest-ranked of those who have sat out least, the tables are numbered in standing
    order by their best-ranked player, who plays in pair A."""
    players = list(range(1, len(PLAYERS) + 1))
    seated = [n for table in draft.tables for n in table.players]
    assert [table.number for table in draft.tables] == list(range(1, TABLES + 1))
    assert (len(draft.sit_outs), sorted(seated + list(draft.sit_outs))) == (2, players)
    assert set(partnerships([draft])).isdisjoint(partnerships(earlier))
    if not earlier:
        return
    order = ranking(players, earlier, lots)
    rank = {number: index for index, number in enumerate(order)}
    sat = Counter(n for partie in earlier for n in partie.sit_outs)
    least = min(sat[n] for n in players)
    candidates = [n for n in order if sat[n] == least]
    assert sorted(draft.sit_outs) == sorted(candidates[-2:])
    best = [min(table.players, key=rank.__getitem__) for table in draft.tables]
    assert [rank[n] for n in best] == sorted(rank[n] for n in best)
    assert [n in table.pair_a for n, table in zip(best, draft.tables, strict=True)] == [
        True
    ] * TABLES


# The desk, in the browser ------------------------------------------------------------------


def messages(page: Page) -> list[str]:
    return page.locator("ul.messages li").all_inner_texts()


def submit(page: Page, form: Locator) -> None:
    """Press ``form``'s submit button and wait for the next page."""
    with page.expect_navigation(wait_until="domcontentloaded"):
        form.locator("button[type=submit]").first.click()


def read_table(page: Page, *columns: str) -> list[tuple[str, ...]]:
    """Return the rows of the table of ``page`` headed with ``columns``, those columns."""
    found = page.evaluate(READ_TABLE, list(columns))
    assert found is not None, f"no table with the columns {columns} on {page.url}"
    return [tuple(row[name] for name in columns) for row in found]


def numbers(cell: str) -> tuple[int, ...]:
    """Return the player numbers of a draft's cell, « 12 – Léa Petit / 3 – Zoé Müller »."""
    return tuple(int(n) for n in re.findall(r"(?:^|/ )(\d+) – ", cell))


def read_draft(page: Page) -> Partie:
    """Return the draft partie on the round page (no totals yet)."""
    tables = []
    for table, a, b in read_table(page, "Table", "Paire A", "Paire B"):
        (a1, a2), (b1, b2) = numbers(a), numbers(b)
        tables.append(Table(int(table), (a1, a2), (b1, b2)))
    sit_outs = []
    for text in page.locator("p.sit-out").all_inner_texts():
        found = re.fullmatch(r"Exempt : (\d+) – .+", text)
        assert found, text
        sit_outs.append(int(found.group(1)))
    return Partie(tuple(tables), tuple(sit_outs), {})


def swap_in_a_table(draft: Partie, earlier: list[Partie]) -> tuple[int, int, Partie, bool]:
    """Return two players of one table to swap (pair A's second with pair B's first) so
    that no player partners a former partner, the draft after it, and whether a player
    of that table then meets a former opponent again (the desk warns of it). The first
    table with no repeat at all is taken, else the first with no partner repeated."""
    partnered = set(partnerships(earlier))
    opposed = oppositions(earlier)
    choices = []
    for table in draft.tables:
        (a1, a2), (b1, b2) = table.pair_a, table.pair_b
        swapped = Table(table.number, (a1, b1), (a2, b2))
        if not partnered.isdisjoint(partnerships([Partie((swapped,), (), {})])):
            continue
        repeats = not oppositions([Partie((swapped,), (), {})]).isdisjoint(opposed)
        tables = tuple(swapped if t is table else t for t in draft.tables)
        choices.append((repeats, a2, b1, Partie(tables, draft.sit_outs, {})))
    assert choices, "no table of the draft can swap its partners without a repeat"
    repeats, first, second, after = min(choices, key=lambda choice: choice[0])
    return first, second, after, repeats


def test_a_melee_of_22_players_is_run_from_registration_to_the_prize_list(
    browser, page: Page, live_server, club, monkeypatch: pytest.MonkeyPatch, screenshot
):
    monkeypatch.setattr(melee_draws, "secrets", types.SimpleNamespace(randbits=lambda bits: SEED))
    url = live_server.url
    page.on("dialog", lambda dialog: dialog.accept())

    # Sign in, create the mêlée.
    page.goto(f"{url}/organisation/concours/nouveau/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Connexion").click()
    form = page.locator("main form")
    form.locator('[name="name"]').fill(NAME)
    form.locator('[name="date"]').fill("2026-12-01")
    form.locator('[name="venue"]').fill("Salle des fêtes de Cahors")
    form.locator('[name="rules_preset"]').select_option("belote-sans-annonces")
    form.locator('[name="match_format"]').select_option("deals")
    form.locator('[name="match_format_value"]').fill("12")
    form.locator('[name="number_of_rounds"]').fill(str(PARTIES))
    form.locator('[name="results_mode"][value="paper"]').check()
    form.get_by_label("À la mêlée").check()
    submit(page, form)
    assert messages(page) == ["Mêlée créée. Inscrivez maintenant les joueurs."]
    tournament = Tournament.objects.get(name=NAME)
    assert (tournament.number_of_rounds, tournament.bye_credit, tournament.results_mode) == (
        PARTIES,
        "round-mean",
        "paper",
    )

    # The first two players register online, alone, from the concours's public page; the
    # organiser checks them in from the players page (each becomes the next number).
    players_page = page.url
    page.goto(f"{url}/concours/{tournament.slug}/gestion/inscriptions/")
    settings_form = page.locator("form.registration-settings")
    settings_form.locator('[name="is_open"]').check()
    settings_form.locator('[name="capacity"]').fill("30")
    settings_form.locator('[name="waiting_list"]').fill("0")
    submit(page, settings_form)
    visitor = browser.new_context(locale="fr-FR").new_page()
    for name, player_club in PLAYERS[:2]:
        visitor.goto(f"{url}/concours/{tournament.slug}/", wait_until="domcontentloaded")
        visitor.get_by_label("Joueur").fill(name)
        if player_club:
            visitor.get_by_label("Club").fill(player_club)
        with visitor.expect_navigation(wait_until="domcontentloaded"):
            visitor.get_by_role("button", name="Inscrire le joueur").click()
        assert visitor.locator(".registration-status").inner_text() == (
            f"{name} : inscrit, votre place est confirmée."
        )
    visitor.context.close()
    page.goto(players_page, wait_until="domcontentloaded")
    for number, (name, _player_club) in enumerate(PLAYERS[:2], start=1):
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.locator("table.melee-registrations").get_by_role(
                "button", name="Pointer"
            ).first.click()
        assert messages(page) == [f"{name} pointé : joueur {number}, présent."]

    # The other 20, typed one by one (registered present).
    for number, (name, player_club) in enumerate(PLAYERS[2:], start=3):
        form = page.locator("main form.team-form")
        form.locator('[name="name"]').fill(name)
        if player_club:
            form.locator('[name="club"]').fill(player_club)
        submit(page, form)
        assert messages(page) == [f"Joueur {number} inscrit."]
    assert page.url == players_page
    assert read_table(page, "Numéro", "Nom", "Club", "Présent", "Forfait") == [
        (str(number), name, player_club, "oui", "non")
        for number, (name, player_club) in enumerate(PLAYERS, start=1)
    ]
    screenshot("players")
    lots = dict(tournament.melee_players.values_list("number", "lot"))

    desk = f"{url}/concours/{tournament.slug}/gestion/"
    parties: list[Partie] = []
    page.goto(desk, wait_until="domcontentloaded")
    for number in range(1, PARTIES + 1):
        # From the desk, then from the page of the partie just closed.
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.get_by_role("button", name=f"Tirer la partie {number}").click()
        assert messages(page) == [f"Partie {number} tirée : vérifiez-la, puis publiez-la."]
        draft = read_draft(page)
        check_draft(draft, parties, lots)
        if number == 1:
            expect(page.locator("main")).to_contain_text(f"Tirage au sort, graine {SEED}.")
        if number == 2:
            first, second, draft, repeats = swap_in_a_table(draft, parties)
            swap = page.locator('form[action$="/echanger-joueurs/"]')
            swap.locator('[name="first"]').fill(str(first))
            swap.locator('[name="second"]').fill(str(second))
            submit(page, swap)
            (table,) = [t.number for t in draft.tables if first in t.players]
            warning = (
                f"Attention : à la table {table}, des joueurs se retrouvent partenaires ou "
                "adversaires."
            )
            assert messages(page) == [f"Joueurs {first} et {second} échangés."] + (
                [warning] if repeats else []
            )
            assert read_draft(page) == draft
            screenshot("partie-2-swapped")
        submit(page, page.locator(f'form[action$="/parties/{number}/publier/"]'))
        assert messages(page) == [f"Partie {number} publiée : les tables peuvent jouer."]
        totals = {}
        for table in draft.tables:
            total_a, total_b = sheet_totals(number, table.number)
            page.goto(
                f"{url}/concours/{tournament.slug}/parties/{number}/tables/{table.number}/",
                wait_until="domcontentloaded",
            )
            form = page.locator("#totals-form form")
            form.locator('[name="totals-total_a"]').fill(str(total_a))
            form.locator('[name="totals-total_b"]').fill(str(total_b))
            submit(page, form)
            assert messages(page) == [f"Totaux de la table {table.number} enregistrés."]
            totals[table.number] = (total_a, total_b)
        parties.append(Partie(draft.tables, draft.sit_outs, totals))
        page.goto(f"{desk}parties/{number}/", wait_until="domcontentloaded")
        submit(page, page.locator(f'form[action$="/parties/{number}/clore/"]'))
        assert messages(page) == [f"Partie {number} close."]

    expect(page.locator("#next-round")).to_have_text(
        "Toutes les parties sont jouées : le classement est définitif."
    )
    # The prize list, printed beside the players in the standings PDF.
    page.goto(desk, wait_until="domcontentloaded")
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.get_by_role("link", name="Liste des prix du classement").click()
    form = page.locator("main form")
    form.locator('[name="prizes"]').fill("\n".join(PRIZES))
    submit(page, form)
    assert messages(page) == ["Liste des prix enregistrée."]
    with page.expect_download() as download:
        page.get_by_role("link", name="Classement (PDF)").click()
    pdf_lines = [
        line
        for text in page_texts(download.value.path().read_bytes())
        for line in text.splitlines()
    ]
    (screenshot("prize-list").parent / "standings.txt").write_text("\n".join(pdf_lines))

    page.goto(url + tournament.get_absolute_url(), wait_until="domcontentloaded")
    shown = read_table(page, *STANDINGS_COLUMNS)
    screenshot("standings")
    expect(page.locator("#standings-unranked")).to_have_count(0)

    expected = expected_standings(parties, lots)
    assert shown == expected
    # Unambiguous: no two players on equal points.
    assert len({row[4] for row in expected}) == len(PLAYERS)
    # The sit-outs' credits (partie 3: 9845 / 10 = 984.5, rounded up).
    assert [sit_out_credit(partie) for partie in parties] == [984, 986, 985, 983]
    assert sum(map(sum, parties[2].totals.values())) == 9845
    # The PDF: rank, number, name and club, points, won, difference, then the prize.
    printed = [
        " ".join(filter(None, (rank, player, name, club, points, won, difference, prize)))
        for (rank, player, name, club, points, won, _, _, difference, _), prize in zip(
            expected, [*PRIZES, ""], strict=False
        )
    ]
    assert [line for line in printed if line in pdf_lines] == printed
    # The database: each partie's 5 tables of 4 as the desk showed them, with the totals
    # typed; no partner twice (40 pairs); 8 players sat out, once each.
    stored = Match.objects.filter(round__tournament=tournament).values_list(
        "round__number",
        "table_number",
        "team_a__melee_pair__player_1__number",
        "team_a__melee_pair__player_2__number",
        "team_b__melee_pair__player_1__number",
        "team_b__melee_pair__player_2__number",
        "total_a",
        "total_b",
    )
    assert sorted(
        (n, t, frozenset((a1, a2)), frozenset((b1, b2)), len({a1, a2, b1, b2}), total_a, total_b)
        for n, t, a1, a2, b1, b2, total_a, total_b in stored
    ) == sorted(
        (n, t.number, frozenset(t.pair_a), frozenset(t.pair_b), 4, *partie.totals[t.number])
        for n, partie in enumerate(parties, start=1)
        for t in partie.tables
    )
    pairs = MeleePair.objects.filter(round__tournament=tournament).values_list(
        "round__number", "player_1__number", "player_2__number"
    )
    partners = Counter(frozenset(players) for _, *players in pairs)
    assert (len(partners), set(partners.values())) == (PARTIES * 2 * TABLES, {1})
    assert Counter(n for n, *_ in pairs) == dict.fromkeys(range(1, PARTIES + 1), 2 * TABLES)
    sat_out = SitOut.objects.filter(round__tournament=tournament).values_list(
        "round__number", "player__number"
    )
    assert sorted(sat_out) == sorted(
        (n, player) for n, partie in enumerate(parties, start=1) for player in partie.sit_outs
    )
    assert len({player for _, player in sat_out}) == len(sat_out) == 2 * PARTIES
    assert MeleePlayer.objects.filter(tournament=tournament).count() == len(PLAYERS)
