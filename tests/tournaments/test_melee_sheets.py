"""A mêlée's sheets and exports name each table's four players at their seats (RULES.md
§H): pair A North (player 1) and South (player 2), pair B East and West. The score
sheets, the filled match sheets, the draw sheet (with the sit-outs and every player by
number), the desk's paper grid, the workbook's « Parties », « Exempts » and « Joueurs »,
and the deals CSV in the §H ``deals.csv`` layout, read back by the importer. Checked
against the held-out sample ``melee-18`` and a partie drawn at the desk."""

import csv
import datetime
import io
import random
import re

import openpyxl
import pytest
from django.utils import translation

from scoring import FormatKind
from scoring.matches import MatchFormat
from tests.factories import TournamentFactory
from tests.pdf_reading import html_tables, page_texts
from tests.tournaments.test_importing_melee import (
    DEAL_HEADER,
    NAME,
    NOW,
    SAMPLE,
    read_csv_rows,
)
from tests.tournaments.test_importing_melee import PLAYERS as NINE_PLAYERS
from tournaments import services
from tournaments.exports import pdf
from tournaments.exports.csv import deals_csv, standings_csv
from tournaments.exports.xlsx import tournament_xlsx
from tournaments.importing import import_played_tournament
from tournaments.models import MeleePlayer, Round
from tournaments.presentation.seats import Seat, SeatedPlayer, Seating
from tournaments.services import MeleePlayerData

#: Each player's number → (name, club) in players.csv.
PLAYERS = {int(row[0]): (row[1], row[2]) for row in read_csv_rows(SAMPLE / "players.csv")[1:]}
#: matches.csv's rows as ints: round, table, a_1, a_2, b_1, b_2, total_a, total_b.
TABLES = [[int(value) for value in row] for row in read_csv_rows(SAMPLE / "matches.csv")[1:]]
DRAWN = datetime.datetime(2026, 12, 1, 14, 0, tzinfo=datetime.UTC)


def seat(name: str, number: int) -> str:
    return f"{name} : {number} {PLAYERS[number][0]}"


def pair_a(row: list[int]) -> str:
    return f"{seat('Nord', row[2])} · {seat('Sud', row[3])}"


def pair_b(row: list[int]) -> str:
    return f"{seat('Est', row[4])} · {seat('Ouest', row[5])}"


def partie(number: int) -> list[list[int]]:
    return [row for row in TABLES if row[0] == number]


def sitting_out(number: int) -> list[int]:
    seated = {player for row in partie(number) for player in row[2:6]}
    return sorted(set(PLAYERS) - seated)


@pytest.mark.django_db
class TestTheSampleSheets:
    def test_the_score_sheets_name_both_pairs_at_their_seats(self, melee_sample):
        round_ = melee_sample.rounds.get(number=2)

        with translation.override("fr"):
            html = pdf.score_sheets_html(round=round_, base_url="http://club.example/")

        teams = html_tables(html, "teams")
        assert teams[0] == [
            ["Paire A", "Nord : 6 André David · Sud : 10 Jean Dubois"],
            ["Paire B", "Est : 15 Maurice Garcia · Ouest : 14 Odette Lefèvre"],
        ]
        assert teams == [[["Paire A", pair_a(row)], ["Paire B", pair_b(row)]] for row in partie(2)]
        assert re.findall(r'<div class="signature">(.*?)</div>', html)[:2] == [
            "Signature, paire A",
            "Signature, paire B",
        ]
        assert "Équipe" not in html

    def test_the_printed_score_sheet_shows_the_seats(self, melee_sample):
        round_ = melee_sample.rounds.get(number=1)

        with translation.override("fr"):
            data = pdf.score_sheets_pdf(round=round_, base_url="http://club.example/")

        lines = page_texts(data)[0].splitlines()
        assert lines[6:8] == [
            "Paire A Nord : 5 Gérard Roux · Sud : 4 Geneviève Martin",
            "Paire B Est : 17 Michel David · Ouest : 8 Michel Durand",
        ]

    def test_the_match_sheets_name_both_pairs_at_their_seats(self, melee_sample):
        round_ = melee_sample.rounds.get(number=4)

        with translation.override("fr"):
            html = pdf.match_sheets_html(round=round_)

        assert html_tables(html, "teams") == [
            [["Paire A", pair_a(row)], ["Paire B", pair_b(row)]] for row in partie(4)
        ]
        assert re.findall(r'<th scope="col" class="team-column">(.*?)</th>', html)[:4] == [
            "Paire A",
            "Paire B",
            "Paire A",
            "Paire B",
        ]
        assert [
            re.search(r'<p class="result">(.*?)</p>', sheet).group(1)
            for sheet in html.split('<table class="teams">')[1:]
        ] == [
            "Gagné par la paire A." if row[6] > row[7] else "Gagné par la paire B."
            for row in partie(4)
        ]
        assert "Équipe" not in html and "équipe" not in html

    def test_the_draw_sheet_lists_the_tables_the_sit_outs_and_every_player(self, melee_sample):
        round_ = melee_sample.rounds.get(number=3)

        with translation.override("fr"):
            html = pdf.draw_sheet_html(round=round_)

        (by_table,) = html_tables(html, "draw-by-table")
        assert by_table[0] == ["Table", "Paire A (Nord – Sud)", "Paire B (Est – Ouest)"]
        assert by_table[1] == [
            "1",
            "17",
            "Nord : 17 Michel David Sud : 6 André David",
            "18",
            "Est : 11 Maurice Bernard Ouest : 14 Odette Lefèvre",
        ]
        assert by_table[1:] == [
            [
                str(row[1]),
                str(15 + 2 * row[1]),
                pair_a(row).replace(" · ", " "),
                str(16 + 2 * row[1]),
                pair_b(row).replace(" · ", " "),
            ]
            for row in partie(3)
        ]
        assert sitting_out(3) == [1, 13]
        assert html_tables(html, "draw-sit-outs") == [
            [["1", "Josette Vincent"], ["13", "Geneviève Lefèvre"]]
        ]
        (by_player,) = html_tables(html, "draw-by-team")
        assert by_player[0] == ["Joueur", "Table", "Place"]
        assert by_player[1:4] == [["1", "Exempt"], ["2", "3", "Est"], ["3", "3", "Ouest"]]
        seats = {
            player: [str(row[1]), name]
            for row in partie(3)
            for player, name in zip(row[2:6], ("Nord", "Sud", "Est", "Ouest"), strict=True)
        }
        assert by_player[1:] == [
            [str(number), *seats[number]] if number in seats else [str(number), "Exempt"]
            for number in sorted(PLAYERS)
        ]

    def test_the_printed_draw_sheet_says_who_sits_out(self, melee_sample):
        round_ = melee_sample.rounds.get(number=1)

        with translation.override("fr"):
            text = page_texts(pdf.draw_sheet_pdf(round=round_))[0]

        assert sitting_out(1) == [10, 14]
        lines = text.splitlines()
        at = lines.index("Exempts")
        assert lines[at : at + 3] == ["Exempts", "10 Jean Dubois", "14 Odette Lefèvre"]

    def test_the_parties_sheet_names_the_four_players_of_each_table(self, melee_sample):
        with translation.override("fr"):
            book = openpyxl.load_workbook(io.BytesIO(tournament_xlsx(tournament=melee_sample)))
        rows = [list(row) for row in book["Parties"].iter_rows(values_only=True)]

        assert rows[0] == [
            "Partie", "Table", "Joueur Nord", "Nom Nord", "Joueur Sud", "Nom Sud",
            "Joueur Est", "Nom Est", "Joueur Ouest", "Nom Ouest", "Total A",
            "Total B", "Résultat", "Donnes jouées", "Donnes pas encore comptées",
        ]  # fmt: skip
        assert rows[5] == [
            2, 1, 6, "André David", 10, "Jean Dubois", 15, "Maurice Garcia", 14,
            "Odette Lefèvre", 1002, 1002, "Égalité", 0, 0,
        ]  # fmt: skip
        assert [row[:2] + row[2:10:2] + row[10:12] for row in rows[1:]] == TABLES
        assert [row[3:10:2] for row in rows[1:]] == [
            [PLAYERS[number][0] for number in row[2:6]] for row in TABLES
        ]
        assert [row[12] for row in rows[1:]] == [
            "Égalité" if row[6] == row[7] else "Paire A" if row[6] > row[7] else "Paire B"
            for row in TABLES
        ]

    def test_the_exempts_sheet_lists_each_partie_s_sit_outs(self, melee_sample):
        with translation.override("fr"):
            book = openpyxl.load_workbook(io.BytesIO(tournament_xlsx(tournament=melee_sample)))
        rows = [list(row) for row in book["Exempts"].iter_rows(values_only=True)]

        assert rows[:3] == [
            ["Partie", "Joueur", "Nom", "Club"],
            [1, 10, "Jean Dubois", "Foyer rural de Sète"],
            [1, 14, "Odette Lefèvre", None],
        ]
        assert rows[1:] == [
            [number, player, PLAYERS[player][0], PLAYERS[player][1] or None]
            for number in range(1, 5)
            for player in sitting_out(number)
        ]

    def test_the_players_sheet_replaces_the_teams_sheet_in_english(self, melee_sample):
        with translation.override("en"):
            book = openpyxl.load_workbook(io.BytesIO(tournament_xlsx(tournament=melee_sample)))
        rows = [list(row) for row in book["Players"].iter_rows(values_only=True)]

        assert book.sheetnames == [
            "Standings", "Matches", "Byes", "Deals", "Players", "Tournament",
        ]  # fmt: skip
        assert rows[:2] == [
            ["Player", "Name", "Club", "Present", "Withdrawn"],
            [1, "Josette Vincent", None, "Yes", "No"],
        ]

    def test_the_joueurs_sheet_replaces_the_empty_teams_sheet(self, melee_sample):
        with translation.override("fr"):
            book = openpyxl.load_workbook(io.BytesIO(tournament_xlsx(tournament=melee_sample)))
        rows = [list(row) for row in book["Joueurs"].iter_rows(values_only=True)]

        assert book.sheetnames == [
            "Classement", "Parties", "Exempts", "Donnes", "Joueurs", "Concours",
        ]  # fmt: skip
        assert rows[:3] == [
            ["Joueur", "Nom", "Club", "Présent", "Forfait"],
            [1, "Josette Vincent", None, "Oui", "Non"],
            [2, "Michel Laurent", None, "Oui", "Non"],
        ]
        assert rows[1:] == [
            [number, name, club or None, "Oui", "Non"]
            for number, (name, club) in sorted(PLAYERS.items())
        ]

    def test_the_deals_csv_of_a_melee_recorded_by_its_totals_has_the_seat_columns(
        self, melee_sample
    ):
        rows = list(csv.reader(io.StringIO(deals_csv(tournament=melee_sample).decode())))

        assert rows == [[*DEAL_HEADER.strip().split(","), *DEALS_CSV_TAIL]]


#: The columns the deals CSV writes after a deals.csv's.
DEALS_CSV_TAIL = [
    "taker_declarations_text",
    "defence_declarations_text",
    "outcome",
    "score_a",
    "score_b",
    "total_a",
    "total_b",
    "status",
    "rules_preset",
    "rules_version",
]


# The deals CSV, read back -------------------------------------------------------------

NINE_DEALS = (
    DEAL_HEADER
    + "1,1,1,2,3,4,1,A,no,H,,none,100,62,5,0,0,0,0\n"
    + "1,1,1,2,3,4,2,4,no,S,,none,70,92,3,0,0,0,0\n"
    + "1,2,5,6,7,8,1,B,no,C,,none,92,70,5,1,0,0,0\n"
    + "1,2,5,6,7,8,2,B,yes,,,,,,,,,,\n"
    + "1,2,5,6,7,8,3,7,no,H,,none,100,62,5,0,0,0,0\n"
)


def import_folder(folder, deals, name):
    folder.mkdir()
    (folder / "players.csv").write_text(NINE_PLAYERS, encoding="utf-8")
    (folder / "deals.csv").write_text(deals, encoding="utf-8")
    return import_played_tournament(
        directory=folder,
        name=name,
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )


@pytest.mark.django_db
def test_a_melee_match_sheet_names_the_taker_and_the_winner_by_side_never_by_pair_number(
    tmp_path,
):
    """A pair's number would read as a player's: the taker column says A or B, the
    result « Gagné par la paire A. » (RULES.md §H)."""
    tournament = import_folder(tmp_path / "deals", NINE_DEALS, NAME)

    with translation.override("fr"):
        html = pdf.match_sheets_html(round=tournament.rounds.get(number=1))

    assert re.findall(r'<td class="center">([^<]*)</td>', html) == ["A", "B", "B", "B"]
    assert re.findall(r'<p class="result">(.*?)</p>', html) == [
        "Gagné par la paire A.",
        "Gagné par la paire B.",
    ]


@pytest.mark.django_db
def test_a_melee_workbooks_deals_name_the_taker_a_or_b(tmp_path):
    tournament = import_folder(tmp_path / "deals", NINE_DEALS, NAME)

    with translation.override("fr"):
        book = openpyxl.load_workbook(io.BytesIO(tournament_xlsx(tournament=tournament)))
    rows = [list(row) for row in book["Donnes"].iter_rows(values_only=True)]

    assert rows[0][3] == "Preneur"
    assert [row[3] for row in rows[1:]] == ["A", "B", "B", "B", "B"]  # as deals.csv has it


@pytest.mark.django_db
def test_the_deals_csv_of_a_melee_is_its_deals_file_and_imports_back_the_same(tmp_path):
    first = import_folder(tmp_path / "first", NINE_DEALS, NAME)

    exported = deals_csv(tournament=first).decode()
    again = import_folder(tmp_path / "again", exported, "Mêlée relue")

    rows = list(csv.reader(io.StringIO(exported)))
    assert rows[0] == [*DEAL_HEADER.strip().split(","), *DEALS_CSV_TAIL]
    assert rows[1:3] == [
        ["1", "1", "1", "2", "3", "4", "1", "A", "no", "H", "", "none", "100", "62", "5", "0",
         "0", "0", "0", "", "", "made", "100", "62", "100", "62", "confirmed",
         "belote-sans-annonces", "1"],
        ["1", "1", "1", "2", "3", "4", "2", "B", "no", "S", "", "none", "70", "92", "3", "0",
         "0", "0", "0", "", "", "chute", "162", "0", "262", "62", "confirmed",
         "belote-sans-annonces", "1"],
    ]  # fmt: skip
    assert [row[:6] + row[7:9] for row in rows[3:]] == [
        ["1", "2", "5", "6", "7", "8", "B", "no"],
        ["1", "2", "5", "6", "7", "8", "B", "yes"],
        ["1", "2", "5", "6", "7", "8", "B", "no"],
    ]
    assert standings_csv(tournament=again) == standings_csv(tournament=first)
    assert deals_csv(tournament=again) == deals_csv(tournament=first)


# A partie drawn at the desk -------------------------------------------------------------


def drawn_melee(count=22, **fields):
    """A mêlée of ``count`` players « Joueur 1 »…, partie 1 drawn from seed 7 (a draft):
    tables (6, 18 | 21, 16), (8, 15 | 22, 20), (7, 19 | 14, 17), (9, 1 | 10, 12),
    (4, 3 | 2, 13); 5 and 11 sit out (tests/tournaments/test_melee_draws.py)."""
    tournament = TournamentFactory(number_of_rounds=3, **fields)
    services.register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, count + 1)],
        rng=None,
    )
    return services.draw_melee_partie(tournament=tournament, seed=7)


def joueur(name: str, number: int) -> str:
    return f"{name} : {number} Joueur {number}"


@pytest.mark.django_db
def test_the_draw_sheet_of_a_draft_partie_seats_its_players_with_no_pair_number():
    round_ = drawn_melee()

    with translation.override("fr"):
        html = pdf.draw_sheet_html(round=round_)

    (by_table,) = html_tables(html, "draw-by-table")
    assert by_table[1:3] == [
        ["1", "", f"{joueur('Nord', 6)} {joueur('Sud', 18)}", "",
         f"{joueur('Est', 21)} {joueur('Ouest', 16)}"],
        ["2", "", f"{joueur('Nord', 8)} {joueur('Sud', 15)}", "",
         f"{joueur('Est', 22)} {joueur('Ouest', 20)}"],
    ]  # fmt: skip
    assert len(by_table) == 6
    assert html_tables(html, "draw-sit-outs") == [[["5", "Joueur 5"], ["11", "Joueur 11"]]]
    (by_player,) = html_tables(html, "draw-by-team")
    assert by_player[1:7] == [
        ["1", "4", "Sud"],
        ["2", "5", "Est"],
        ["3", "5", "Sud"],
        ["4", "5", "Nord"],
        ["5", "Exempt"],
        ["6", "1", "Nord"],
    ]
    assert "Brouillon : pas encore publié" in html


@pytest.mark.django_db
def test_a_published_partie_s_score_sheets_seat_its_pairs_beside_their_codes():
    round_ = services.publish_draft(round=drawn_melee(), now=DRAWN)

    with translation.override("fr"):
        html = pdf.score_sheets_html(round=round_, base_url="http://club.example/")

    assert html_tables(html, "teams")[4] == [
        ["Paire A", "Nord : 4 Joueur 4 · Sud : 3 Joueur 3"],
        ["Paire B", "Est : 2 Joueur 2 · Ouest : 13 Joueur 13"],
    ]
    assert re.findall(r"Paire ([AB]) : scannez", html)[8:] == ["A", "B"]


#: The tables of :func:`drawn_melee`'s draft: pair A (North, South), pair B (East, West).
DRAFT_TABLES = [(6, 18, 21, 16), (8, 15, 22, 20), (7, 19, 14, 17), (9, 1, 10, 12), (4, 3, 2, 13)]


@pytest.mark.django_db
def test_a_draft_partie_prints_a_score_sheet_per_table_of_its_draft_with_no_qr_code():
    """As a doublettes draft does (tests/tournaments/test_exports_pdf.py): one sheet per
    table, marked « Brouillon », with no code (a draft has no link yet)."""
    round_ = drawn_melee()

    with translation.override("fr"):
        html = pdf.score_sheets_html(round=round_, base_url="http://club.example/")

    assert html_tables(html, "teams") == [
        [
            ["Paire A", f"{joueur('Nord', north)} · {joueur('Sud', south)}"],
            ["Paire B", f"{joueur('Est', east)} · {joueur('Ouest', west)}"],
        ]
        for north, south, east, west in DRAFT_TABLES
    ]
    assert re.findall(r'<span class="sheet-table">(.*?)</span>', html) == [
        f"Table {number}" for number in range(1, 6)
    ]
    assert (html.count('<span class="sheet-draft">Brouillon</span>'), html.count("<svg")) == (5, 0)
    assert (
        re.findall(r'<div class="signature">(.*?)</div>', html)
        == [
            "Signature, paire A",
            "Signature, paire B",
        ]
        * 5
    )
    assert "Équipe" not in html and "None" not in html


@pytest.mark.django_db
def test_a_printed_draft_sheet_seats_its_players_and_says_draft():
    round_ = drawn_melee(name="Mêlée du jeudi")

    with translation.override("fr"):
        data = pdf.score_sheets_pdf(round=round_, base_url="http://club.example/")

    pages = page_texts(data)
    lines = pages[0].splitlines()
    assert (len(pages), lines[:3]) == (5, ["Partie 1", "Table 1", "BROUILLON"])
    assert lines[7:9] == [
        "Paire A Nord : 6 Joueur 6 · Sud : 18 Joueur 18",
        "Paire B Est : 21 Joueur 21 · Ouest : 16 Joueur 16",
    ]
    assert lines[-1] == (
        "Mêlée du jeudi · Feuilles de marque, partie 1 · Brouillon : pas encore publié, "
        "les tables peuvent encore changer. page 1 / 5"
    )


@pytest.mark.django_db
def test_a_draft_partie_on_paper_prints_the_paper_grid_by_pair():
    round_ = drawn_melee(results_mode="paper", rules_preset="belote-classique")

    with translation.override("fr"):
        html = pdf.score_sheets_html(round=round_, base_url="http://club.example/")

    first = html.split('<section class="sheet">')[1]
    assert (
        re.findall(r'<th scope="col" class="team-column">(.*?)</th>', first)
        == [
            "Paire A",
            "Paire B",
        ]
        * 3
    )
    assert re.findall(r'<table class="totals-box">.*?<th scope="col">(.*?)</th>\s*'
                      r'<th scope="col">(.*?)</th>', first, re.S) == [
        ("Total, paire A", "Total, paire B")
    ]  # fmt: skip
    assert re.findall(r"<dt>Belote</dt> <dd>(.*?)</dd>", first) == ["A ou B, la paire qui l’a"]
    assert (html.count('class="deals paper-deals'), html.count("<svg")) == (5, 0)
    assert "Équipe" not in html and "équipe" not in html


@pytest.mark.django_db
def test_a_doublettes_draft_with_no_table_prints_no_sheet():
    tournament = TournamentFactory()
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.Status.DRAFT)

    html = pdf.score_sheets_html(round=round_, base_url="http://club.example/")

    assert html.count('<section class="sheet">') == 0


@pytest.mark.parametrize("players", [4, 12])
def test_the_sheets_of_a_melee_run_the_same_queries_for_1_and_3_tables(
    db, django_assert_num_queries, players
):
    round_ = services.publish_draft(round=drawn_melee(players), now=DRAWN)
    round_ = Round.objects.select_related("tournament").get(pk=round_.pk)

    with django_assert_num_queries(2):
        html = pdf.match_sheets_html(round=round_)
    with django_assert_num_queries(2):
        draw = pdf.draw_sheet_html(round=round_)

    assert len(html_tables(html, "teams")) == players // 4
    assert len(html_tables(draw, "draw-by-table")[0]) == 1 + players // 4


@pytest.mark.django_db
def test_the_paper_grid_of_a_melee_table_names_its_four_players(desk, club):
    round_ = services.publish_draft(round=drawn_melee(club=club, slug="t"), now=DRAWN)

    page = desk.get(f"/concours/t/gestion/parties/{round_.number}/tables/1/feuille/")

    seats = re.search(r'<ul class="sheet-seats"[^>]*>(.*?)</ul>', page.content.decode(), re.S)
    assert [
        " ".join(re.sub(r"<[^>]+>", " ", item).split())
        for item in seats.group(1).split("</li>")[:2]
    ] == [
        "Paire A · Nord : 6 Joueur 6 · Sud : 18 Joueur 18",
        "Paire B · Est : 21 Joueur 21 · Ouest : 16 Joueur 16",
    ]
    text = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode().split("<main", 1)[1]).split())
    assert "Défense Paire A Paire B Paire A Paire B Paire A Paire B 1 2 3" in text
    assert "Paire A 0 Paire B 0" in text
    assert "Équipe" not in text and "équipe" not in text


def test_a_seating_puts_pair_a_north_south_and_pair_b_east_west_in_either_language():
    players = [MeleePlayer(number=number, name=f"Joueur {number}") for number in (3, 9, 4, 12)]
    seating = Seating.of((players[0], players[1]), (players[2], players[3]))

    with translation.override("en"):
        english = (seating.side_text("A"), seating.side_text("B"))
    with translation.override("fr"):
        french = [player.text for player in seating.players]

    assert english == (
        "North: 3 Joueur 3 · South: 9 Joueur 9",
        "East: 4 Joueur 4 · West: 12 Joueur 12",
    )
    assert french == [
        "Nord : 3 Joueur 3",
        "Sud : 9 Joueur 9",
        "Est : 4 Joueur 4",
        "Ouest : 12 Joueur 12",
    ]
    assert seating.at(Seat.WEST) == SeatedPlayer(Seat.WEST, 12, "Joueur 12")
