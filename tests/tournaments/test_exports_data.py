"""Spreadsheet exports (tournaments/exports/): the cell and sheet-title sanitiser, the
tournament workbook (every cell, reopened with openpyxl) and the CSV files (exact bytes)."""

import csv
import datetime
import io
import random
from pathlib import Path

import openpyxl
import pytest
from django.conf import settings
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

import scoring
from tests.factories import (
    ByeFactory,
    ClubFactory,
    DealFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tournaments import selectors, services
from tournaments.exports.cells import (
    FORBIDDEN_IN_SHEET_TITLE,
    csv_field,
    safe_cell_value,
    set_cell,
    sheet_title,
)
from tournaments.exports.csv import deals_csv, standings_csv
from tournaments.exports.xlsx import tournament_xlsx
from tournaments.importing import import_played_tournament
from tournaments.models import DealEntry, Match, Round
from tournaments.services import (
    MeleePlayerData,
    confirm_deals,
    ensure_team_links,
    record_deal,
    submit_deal,
)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
HYPERLINK = '=HYPERLINK("http://x","y")'


def sample_directory() -> Path:
    return Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-coinche-16"


def read_expected_standings() -> list[list[str]]:
    with (sample_directory() / "expected_standings.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def import_sample():
    return import_played_tournament(
        directory=sample_directory(),
        name="Concours de démonstration",
        rules_preset="ffb-coinche",
        now=NOW,
        rng=random.Random(7),
    )


def open_workbook(data: bytes) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(data))


def sheet_values(worksheet) -> list[list]:
    return [[cell.value for cell in row] for row in worksheet.iter_rows()]


@pytest.fixture
def winter(db):
    """Four teams with awkward names, one round of two matches (one with a -20 total),
    a draft round 2 that no export shows, and team 4 withdrawn from round 2."""
    millau = ClubFactory(name="Les Coinchés de Millau")
    tournament = TournamentFactory(name="Concours d'hiver", slug="hiver", club=millau)
    heart = TeamFactory(
        tournament=tournament,
        number=1,
        player_1="Équipe Cœur d'Or",
        player_2="Anaïs Lefèvre",
        lot=11,
        is_checked_in=True,
    )
    formula = TeamFactory(
        tournament=tournament,
        number=2,
        player_1=HYPERLINK,
        player_2="-Bob",
        lot=22,
        is_checked_in=True,
    )
    bell = TeamFactory(
        tournament=tournament,
        number=3,
        player_1="Bob\x07 Martin",
        player_2="Chloé Noël",
        name="=Les As",
        club=millau,
        lot=33,
        is_checked_in=True,
    )
    gone = TeamFactory(
        tournament=tournament,
        number=4,
        player_1="Léa Roux",
        player_2="@Max",
        lot=44,
        withdrawn_from_round=2,
    )
    played = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    first = MatchFactory(
        round=played,
        table_number=1,
        team_a=heart,
        team_b=formula,
        total_a=1060,
        total_b=60,
        result="A",
        deals_played=3,
        is_finished=True,
    )
    DealFactory(
        match=first,
        deal_number=1,
        taker="A",
        trump="H",
        contract_value=80,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=5,
        taker_declarations=20,
        taker_declarations_text="tierce:KH",
        outcome="made",
        score_a=180,
        score_b=60,
        total_a=180,
        total_b=60,
    )
    DealFactory(
        match=first,
        deal_number=2,
        taker="B",
        is_passed=True,
        trump="",
        contract_value=None,
        taker_card_points=0,
        defence_card_points=0,
        taker_tricks=0,
        total_a=180,
        total_b=60,
    )
    DealFactory(
        match=first,
        deal_number=3,
        taker="B",
        trump="S",
        contract_value=100,
        coinche_level="coinche",
        taker_card_points=72,
        defence_card_points=90,
        taker_tricks=3,
        defence_belotes=1,
        outcome="chute",
        score_a=380,
        score_b=0,
        total_a=560,
        total_b=60,
    )
    DealFactory(
        match=first,
        deal_number=4,
        taker="A",
        trump="TA",
        contract_value=None,
        is_capot_bid=True,
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        outcome="made",
        score_a=500,
        score_b=0,
        total_a=1060,
        total_b=60,
    )
    # Built through the ORM: no preset scores a negative total, the exports must not care.
    second = MatchFactory(
        round=played,
        table_number=2,
        team_a=bell,
        team_b=gone,
        total_a=-20,
        total_b=180,
        result="B",
        deals_played=1,
        is_finished=True,
    )
    DealFactory(
        match=second,
        deal_number=1,
        taker="A",
        trump="C",
        contract_value=80,
        taker_card_points=60,
        defence_card_points=102,
        taker_tricks=3,
        outcome="chute",
        score_a=-20,
        score_b=180,
        total_a=-20,
        total_b=180,
    )
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    MatchFactory(round=draft, table_number=1, team_a=heart, team_b=bell)
    return tournament


# The sanitiser: safe_cell_value, set_cell, csv_field


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (-20, (-20, False)),
        (0, (0, False)),
        (11950, (11950, False)),
        (None, (None, False)),
        ("Équipe Cœur d'Or", ("Équipe Cœur d'Or", False)),
        ("Jean-Pierre", ("Jean-Pierre", False)),
        ("", ("", False)),
        (HYPERLINK, (HYPERLINK, True)),
        ("+33 6 12 34 56 78", ("+33 6 12 34 56 78", True)),
        ("-20", ("-20", True)),
        ("-Bob", ("-Bob", True)),
        ("@SUM(A1)", ("@SUM(A1)", True)),
        ("\tcmd", ("\tcmd", True)),
        ("\rcmd", ("\rcmd", True)),
        ("Bob\x07 Martin", ("Bob Martin", False)),
        ("a\nb\tc", ("a\nb\tc", False)),
        ("\x00\x08\x0b\x0c\x0e\x1f", ("", False)),
        ("\x07=1+1", ("=1+1", True)),
    ],
)
def test_it_keeps_numbers_cleans_text_and_flags_formula_like_text(value, expected):
    result = safe_cell_value(value)

    assert result == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "A cell holds an int, a str or None, not bool."),
        (1.5, "A cell holds an int, a str or None, not float."),
        (translation.gettext_lazy("Rank"), "A cell holds an int, a str or None, not __proxy__."),
    ],
)
def test_it_refuses_bools_floats_and_lazy_text(value, message):
    with pytest.raises(TypeError) as raised:
        safe_cell_value(value)

    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (HYPERLINK, (HYPERLINK, "s", True)),
        ("-Bob", ("-Bob", "s", True)),
        ("Équipe Cœur d'Or", ("Équipe Cœur d'Or", "s", False)),
        ("Bob\x07 Martin", ("Bob Martin", "s", False)),
        (-20, (-20, "n", False)),
        (None, (None, "n", False)),
    ],
)
def test_set_cell_stores_formula_like_text_as_quoted_text_and_numbers_as_numbers(value, expected):
    cell = openpyxl.Workbook().active["A1"]

    set_cell(cell, value)

    assert (cell.value, cell.data_type, cell.quotePrefix) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (-20, -20),
        (None, ""),
        ("Équipe Cœur d'Or", "Équipe Cœur d'Or"),
        (HYPERLINK, "'" + HYPERLINK),
        ("@Max", "'@Max"),
        ("Bob\x07 Martin", "Bob Martin"),
        ("\x07+1", "'+1"),
    ],
)
def test_csv_field_puts_an_apostrophe_before_formula_like_text(value, expected):
    field = csv_field(value)

    assert field == expected


# The sanitiser: sheet_title


@pytest.mark.parametrize(
    ("title", "taken", "expected"),
    [
        ("Classement", (), "Classement"),
        ("Équipes", (), "Équipes"),
        ("Classement de la finale du dimanche", (), "Classement de la finale du dima"),
        ("Partie 1/2 [finale]: qui? *tous*", (), "Partie 1-2 -finale-- qui- -tous"),
        ("a\\b", (), "a-b"),
        ("", (), "Feuille"),
        ("   ", (), "Feuille"),
        ("\x07\t\n", (), "Feuille"),
        ("''", (), "Feuille"),
        ("'Donnes'", (), "Donnes"),
        ("Tab\there", (), "Tab here"),
        ("Donnes", ("Donnes",), "Donnes (2)"),
        ("Donnes", ("DONNES", "donnes (2)"), "Donnes (3)"),
        ("History", (), "History (2)"),
        ("B" * 40, ("B" * 31,), "B" * 27 + " (2)"),
        ("Parties" + " " * 30, (), "Parties"),
        ("x" * 29 + " 'abc", (), "x" * 29),
    ],
)
def test_it_makes_sheet_titles_valid_short_and_unique(title, taken, expected):
    result = sheet_title(title, taken=taken)

    assert result == expected


@given(st.text(), st.lists(st.text(max_size=40), max_size=5))
def test_a_sanitised_sheet_title_is_always_one_openpyxl_and_excel_accept(title, taken):
    taken_titles = [sheet_title(name) for name in taken]

    result = sheet_title(title, taken=taken_titles)

    workbook = openpyxl.Workbook()
    assert workbook.create_sheet(result).title == result
    assert (
        1 <= len(result) <= 31,
        FORBIDDEN_IN_SHEET_TITLE.search(result),
        result[0] != "'" and result[-1] != "'",
        result.casefold() in {name.casefold() for name in taken_titles} | {"history"},
    ) == (True, None, True, False)


# The workbook


STANDINGS_HEADERS_FR = {
    "rank": "Rang",
    "team": "Équipe",
    "points": "Points",
    "matches_won": "Parties gagnées",
    "matches_drawn": "Parties nulles",
    "points_against": "Points contre",
    "points_difference": "Différence de points",
    "byes": "Exempt",
}


@pytest.mark.django_db
def test_the_sample_concours_classement_equals_expected_standings_cell_for_cell():
    expected = read_expected_standings()
    tournament = import_sample()

    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=tournament))

    rows = [row[:8] for row in sheet_values(workbook["Classement"])]
    assert rows == [
        [STANDINGS_HEADERS_FR[key] for key in expected[0]],
        *[[int(value) for value in row] for row in expected[1:]],
    ]


@pytest.mark.django_db
def test_every_cell_of_the_classement_sheet(winter):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert sheet_values(workbook["Classement"]) == [
        [
            "Rang",
            "Équipe",
            "Points",
            "Parties gagnées",
            "Parties nulles",
            "Points contre",
            "Différence de points",
            "Exempt",
            "Nom de l’équipe",
            "Joueurs",
            "Club",
            "Confrontation",
            "Tirage au sort",
            "Meilleure partie",
            "Belotes",
            "Capots",
            "Coinches réussies",
            "Forfait",
        ],
        [1, 1, 1060, 1, 0, 60, 1000, 0, None, "Équipe Cœur d'Or / Anaïs Lefèvre", None]
        + [0, 11, 1060, 1, 1, 1, None],
        [2, 2, 60, 0, 0, 1060, -1000, 0, None, HYPERLINK + " / -Bob", None]
        + [0, 22, 60, 0, 0, 0, None],
        [3, 3, -20, 0, 0, 180, -200, 0, "=Les As", "Bob Martin / Chloé Noël"]
        + ["Les Coinchés de Millau", 0, 33, -20, 0, 0, 0, None],
        # Withdrawn: ranked after the active teams despite its 180 points (RULES.md §E),
        # and marked « forfait ».
        [4, 4, 180, 1, 0, -20, 200, 0, None, "Léa Roux / @Max", None]
        + [0, 44, 180, 0, 0, 0, "forfait"],
    ]


@pytest.mark.django_db
def test_every_cell_of_the_parties_sheet(winter):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert sheet_values(workbook["Parties"]) == [
        [
            "Partie",
            "Table",
            "Équipe A",
            "Nom de l’équipe A",
            "Joueurs A",
            "Équipe B",
            "Nom de l’équipe B",
            "Joueurs B",
            "Total A",
            "Total B",
            "Résultat",
            "Donnes jouées",
            "Donnes pas encore comptées",
        ],
        [1, 1, 1, None, "Équipe Cœur d'Or / Anaïs Lefèvre", 2, None, HYPERLINK + " / -Bob"]
        + [1060, 60, "Équipe A", 3, 0],
        [1, 2, 3, "=Les As", "Bob Martin / Chloé Noël", 4, None, "Léa Roux / @Max", -20, 180]
        + ["Équipe B", 1, 0],
    ]


@pytest.mark.django_db
def test_every_cell_of_the_donnes_sheet(winter):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert sheet_values(workbook["Donnes"]) == [
        [
            "Partie",
            "Table",
            "Donne",
            "Preneur",
            "Passe",
            "Atout",
            "Contrat",
            "Coinche",
            "Points du preneur",
            "Points de la défense",
            "Plis du preneur",
            "Belotes du preneur",
            "Belotes de la défense",
            "Annonces du preneur",
            "Annonces de la défense",
            "Détail des annonces du preneur",
            "Détail des annonces de la défense",
            "Issue",
            "Score A",
            "Score B",
            "Total A",
            "Total B",
            "État",
        ],
        [1, 1, 1, 1, "Non", "♥", 80, "Aucune", 100, 62, 5, 0, 0, 20, 0]
        + ["tierce au roi de cœur", None, "Réussi", 180, 60, 180, 60, "Confirmée"],
        [1, 1, 2, 2, "Oui", *[None] * 13, 0, 0, 180, 60, "Confirmée"],
        [1, 1, 3, 2, "Non", "♠", 100, "Coinche", 72, 90, 3, 0, 1, 0, 0, None, None]
        + ["Chute", 380, 0, 560, 60, "Confirmée"],
        [1, 1, 4, 1, "Non", "Tout atout", "Capot", "Aucune", 252, 0, 8, 0, 0, 0, 0, None, None]
        + ["Réussi", 500, 0, 1060, 60, "Confirmée"],
        [1, 2, 1, 3, "Non", "♣", 80, "Aucune", 60, 102, 3, 0, 0, 0, 0, None, None]
        + ["Chute", -20, 180, -20, 180, "Confirmée"],
    ]


@pytest.mark.django_db
def test_every_cell_of_the_equipes_sheet(winter):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert sheet_values(workbook["Équipes"]) == [
        [
            "Équipe",
            "Nom de l’équipe",
            "Joueur 1",
            "Joueur 2",
            "Club",
            "Présente",
            "Première partie",
            "Retirée à partir de la partie",
        ],
        [1, None, "Équipe Cœur d'Or", "Anaïs Lefèvre", None, "Oui", 1, None],
        [2, None, HYPERLINK, "-Bob", None, "Oui", 1, None],
        [3, "=Les As", "Bob Martin", "Chloé Noël", "Les Coinchés de Millau", "Oui", 1, None],
        [4, None, "Léa Roux", "@Max", None, "Non", 1, 2],
    ]


@pytest.mark.django_db
def test_the_exempts_sheet_lists_the_byes_of_each_played_round(winter):
    rounds = {r.number: r for r in winter.rounds.all()}
    teams = {t.number: t for t in winter.teams.all()}
    second = RoundFactory(tournament=winter, number=3, status=Round.Status.PUBLISHED)
    ByeFactory(round=second, team=teams[3])
    ByeFactory(round=rounds[1], team=teams[4])
    ByeFactory(round=second, team=teams[1])
    ByeFactory(round=rounds[2], team=teams[2])  # round 2 is a draft: left out

    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert sheet_values(workbook["Exempts"]) == [
        ["Partie", "Équipe", "Nom de l’équipe", "Joueurs"],
        [1, 4, None, "Léa Roux / @Max"],
        [3, 1, None, "Équipe Cœur d'Or / Anaïs Lefèvre"],
        [3, 3, "=Les As", "Bob Martin / Chloé Noël"],
    ]


@pytest.mark.django_db
def test_the_concours_sheet_and_every_page_header_give_the_rule_preset_and_version(winter):
    winter.rules_preset, winter.venue = "belote-classique", "Salle & foyer"
    winter.match_format, winter.match_format_value = "target", 1001
    winter.save()

    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert sheet_values(workbook["Concours"]) == [
        ["Réglage", "Valeur"],
        ["Concours", "Concours d'hiver"],
        ["Date", "28/11/2026"],
        ["Lieu", "Salle & foyer"],
        ["Règles", "Belote classique avec annonces"],
        ["Code des règles", "belote-classique"],
        ["Version des règles", 1],
        ["Format des parties", "Partie en 1001 points"],
    ]
    assert {sheet.oddHeader.center.text for sheet in workbook} == {
        "Concours d'hiver · Belote classique avec annonces · règles, version 1"
    }


@pytest.mark.django_db
def test_the_donnes_sheet_writes_every_declaration_in_words(winter):
    DealFactory(
        match=winter.rounds.get(number=1).matches.get(table_number=2),
        deal_number=2,
        taker="A",
        trump="S",
        contract_value=80,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=5,
        taker_declarations=120,
        taker_declarations_text="carre:J;cinquante:QD",
        defence_declarations_text="tierce;cent:AC",
        outcome="made",
    )

    with translation.override("fr"):
        french = sheet_values(open_workbook(tournament_xlsx(tournament=winter))["Donnes"])
    with translation.override("en"):
        english = sheet_values(open_workbook(tournament_xlsx(tournament=winter))["Deals"])

    assert (french[-1][15:17], english[-1][15:17]) == (
        ["carré de valets, cinquante à la dame de carreau", "tierce, cent à l’as de trèfle"],
        ["carré of jacks, cinquante to the queen of diamonds", "tierce, cent to the ace of clubs"],
    )


@pytest.mark.django_db
def test_sheet_titles_and_headers_follow_the_language_in_english(winter):
    with translation.override("en"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert (workbook.sheetnames, sheet_values(workbook["Teams"])[0]) == (
        ["Standings", "Matches", "Byes", "Deals", "Teams", "Tournament"],
        [
            "Team",
            "Team name",
            "Player 1",
            "Player 2",
            "Club",
            "Present",
            "First round",
            "Withdrawn from round",
        ],
    )


@pytest.mark.django_db
def test_sheet_titles_stay_french_in_french(winter):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    assert (workbook.sheetnames, sheet_values(workbook["Équipes"])[0][:3]) == (
        ["Classement", "Parties", "Exempts", "Donnes", "Équipes", "Concours"],
        ["Équipe", "Nom de l’équipe", "Joueur 1"],
    )


@pytest.mark.django_db
def test_formula_like_names_are_quoted_text_and_negative_totals_numbers(winter):
    workbook = open_workbook(tournament_xlsx(tournament=winter))

    formula, dash, at, heart, bell, team_name, minus = (
        workbook["Équipes"]["C3"],
        workbook["Équipes"]["D3"],
        workbook["Équipes"]["D5"],
        workbook["Équipes"]["C2"],
        workbook["Équipes"]["C4"],
        workbook["Équipes"]["B4"],
        workbook["Parties"]["I3"],
    )
    cells = (formula, dash, at, heart, bell, team_name)
    assert [(c.value, c.data_type, c.quotePrefix) for c in cells] == [
        (HYPERLINK, "s", True),
        ("-Bob", "s", True),
        ("@Max", "s", True),
        ("Équipe Cœur d'Or", "s", False),
        ("Bob Martin", "s", False),
        ("=Les As", "s", True),
    ]
    assert (minus.value, minus.data_type, minus.quotePrefix) == (-20, "n", False)


@pytest.mark.django_db
def test_no_cell_of_the_workbook_is_a_formula(winter):
    workbook = open_workbook(tournament_xlsx(tournament=winter))

    data_types = {cell.data_type for sheet in workbook for row in sheet.iter_rows() for cell in row}

    assert data_types == {"n", "s"}


@pytest.mark.django_db
def test_headers_are_bold_and_frozen_and_columns_sized_to_their_content(winter):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=winter))

    teams = workbook["Équipes"]
    assert [
        (sheet.title, sheet.freeze_panes, {cell.font.b for cell in sheet[1]}) for sheet in workbook
    ] == [
        ("Classement", "A2", {True}),
        ("Parties", "A2", {True}),
        ("Exempts", "A2", {True}),
        ("Donnes", "A2", {True}),
        ("Équipes", "A2", {True}),
        ("Concours", "A2", {True}),
    ]
    assert {cell.font.b for row in teams.iter_rows(min_row=2) for cell in row} == {False}
    # Longest value + 2, at least 6: "Équipe", "Nom de l’équipe", the HYPERLINK name (26),
    # "Anaïs Lefèvre", "Les Coinchés de Millau", "Présente", "Première partie", "Retirée à
    # partir de la partie".
    assert [teams.column_dimensions[letter].width for letter in "ABCDEFGH"] == [
        8,
        17,
        28,
        15,
        24,
        10,
        17,
        31,
    ]


# The CSV files


@pytest.mark.django_db
def test_the_sample_standings_csv_starts_with_the_columns_of_expected_standings():
    expected = read_expected_standings()
    tournament = import_sample()

    data = standings_csv(tournament=tournament)

    rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    assert [row[:8] for row in rows] == expected


STANDINGS_CSV = (
    "rank,team,points,matches_won,matches_drawn,points_against,points_difference,byes,"
    "team_name,player_1,player_2,club,head_to_head,lot,best_match_score,belotes,capots,"
    "coinches_made,withdrawn,rules_preset,rules_version\r\n"
    "1,1,1060,1,0,60,1000,0,,Équipe Cœur d'Or,Anaïs Lefèvre,,0,11,1060,1,1,1,,ffb-coinche,1\r\n"
    '2,2,60,0,0,1060,-1000,0,,"\'=HYPERLINK(""http://x"",""y"")",\'-Bob,,0,22,60,0,0,0,,'
    "ffb-coinche,1\r\n"
    "3,3,-20,0,0,180,-200,0,'=Les As,Bob Martin,Chloé Noël,Les Coinchés de Millau,0,33,-20,"
    "0,0,0,,ffb-coinche,1\r\n"
    "4,4,180,1,0,-20,200,0,,Léa Roux,'@Max,,0,44,180,0,0,0,yes,ffb-coinche,1\r\n"
)

DEALS_ROWS = (
    "1,1,1,2,1,1,no,H,80,none,100,62,5,0,0,20,0,tierce:KH,,made,180,60,180,60,confirmed,"
    "ffb-coinche,1\r\n"
    "1,1,1,2,2,2,yes,,,none,0,0,0,0,0,0,0,,,,0,0,180,60,confirmed,ffb-coinche,1\r\n"
    "1,1,1,2,3,2,no,S,100,coinche,72,90,3,0,1,0,0,,,chute,380,0,560,60,confirmed,"
    "ffb-coinche,1\r\n"
    "1,1,1,2,4,1,no,TA,capot,none,252,0,8,0,0,0,0,,,made,500,0,1060,60,confirmed,"
    "ffb-coinche,1\r\n"
    "1,2,3,4,1,3,no,C,80,none,60,102,3,0,0,0,0,,,chute,-20,180,-20,180,confirmed,"
    "ffb-coinche,1\r\n"
)
DEALS_CSV = (
    "round,table,team_a,team_b,deal,taker_team,passed,trump,contract,coinche,"
    "taker_card_points,defence_card_points,taker_tricks,taker_belotes,defence_belotes,"
    "taker_declarations,defence_declarations,taker_declarations_text,"
    "defence_declarations_text,outcome,score_a,score_b,total_a,total_b,status,"
    "rules_preset,rules_version\r\n" + DEALS_ROWS
)
#: The French Excel deals CSV's header: the columns' French names, whatever the language.
FRENCH_DEALS_HEADER = (
    "Partie;Table;Équipe A;Équipe B;Donne;Preneur;Passe;Atout;Contrat;Coinche;"
    "Points du preneur;Points de la défense;Plis du preneur;Belotes du preneur;"
    "Belotes de la défense;Annonces du preneur;Annonces de la défense;"
    "Détail des annonces du preneur;Détail des annonces de la défense;Issue;"
    "Score A;Score B;Total A;Total B;État;Règles;Version des règles\r\n"
)


@pytest.mark.django_db
def test_the_standings_csv_is_utf8_with_commas(winter):
    data = standings_csv(tournament=winter)

    assert data == STANDINGS_CSV.encode("utf-8")


@pytest.mark.django_db
def test_the_french_excel_standings_csv_has_a_bom_semicolons_and_french_headers(winter):
    with translation.override("en"):
        data = standings_csv(tournament=winter, french_excel=True)

    assert data == (
        b"\xef\xbb\xbf"
        + (
            "Rang;Équipe;Points;Parties gagnées;Parties nulles;Points contre;"
            "Différence de points;Exempt;Nom de l’équipe;Joueur 1;Joueur 2;Club;Confrontation;"
            "Tirage au sort;Meilleure partie;Belotes;Capots;Coinches réussies;Forfait;Règles;"
            "Version des règles\r\n"
            "1;1;1060;1;0;60;1000;0;;Équipe Cœur d'Or;Anaïs Lefèvre;;0;11;1060;1;1;1;;"
            "ffb-coinche;1\r\n"
            '2;2;60;0;0;1060;-1000;0;;"\'=HYPERLINK(""http://x"",""y"")";\'-Bob;;0;22;'
            "60;0;0;0;;ffb-coinche;1\r\n"
            "3;3;-20;0;0;180;-200;0;'=Les As;Bob Martin;Chloé Noël;Les Coinchés de Millau;0;33;"
            "-20;0;0;0;;ffb-coinche;1\r\n"
            "4;4;180;1;0;-20;200;0;;Léa Roux;'@Max;;0;44;180;0;0;0;yes;ffb-coinche;1\r\n"
        ).encode()
    )


@pytest.mark.django_db
def test_the_deals_csv_is_utf8_with_commas(winter):
    data = deals_csv(tournament=winter)

    assert data == DEALS_CSV.encode("utf-8")


@pytest.mark.django_db
def test_the_french_excel_deals_csv_has_a_bom_semicolons_and_french_headers(winter):
    with translation.override("en"):
        data = deals_csv(tournament=winter, french_excel=True)

    rows = DEALS_ROWS.replace(",", ";")
    assert data == b"\xef\xbb\xbf" + (FRENCH_DEALS_HEADER + rows).encode("utf-8")


@pytest.mark.django_db
def test_a_classic_belote_csv_says_its_preset_and_version_on_every_row(winter):
    winter.rules_preset, winter.rules_version = "belote-classique", 1
    winter.save()

    rows = list(csv.reader(io.StringIO(standings_csv(tournament=winter).decode(), newline="")))

    assert [row[-2:] for row in rows] == [
        ["rules_preset", "rules_version"],
        *[["belote-classique", "1"]] * 4,
    ]


@pytest.mark.django_db
def test_the_csv_quotes_formula_like_names_strips_control_characters_keeps_minus_20(winter):
    data = standings_csv(tournament=winter, french_excel=True)

    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))
    assert [row[:11] for row in rows[2:4]] == [
        ["2", "2", "60", "0", "0", "1060", "-1000", "0", "", "'" + HYPERLINK, "'-Bob"],
        ["3", "3", "-20", "0", "0", "180", "-200", "0", "'=Les As", "Bob Martin", "Chloé Noël"],
    ]


@pytest.mark.django_db
def test_the_deals_csv_imports_back_to_the_same_standings_and_deals(tmp_path):
    original = import_sample()
    (tmp_path / "teams.csv").write_bytes((sample_directory() / "teams.csv").read_bytes())
    (tmp_path / "deals.csv").write_bytes(deals_csv(tournament=original))

    copy = import_played_tournament(
        directory=tmp_path, name="Copie", rules_preset="ffb-coinche", now=NOW, rng=random.Random(7)
    )

    assert (standings_csv(tournament=copy), deals_csv(tournament=copy)) == (
        standings_csv(tournament=original),
        deals_csv(tournament=original),
    )


def played_tables(tables: int):
    """A tournament whose closed round 1 has ``tables`` matches of two deals each."""
    tournament = TournamentFactory()
    played = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    for table in range(1, tables + 1):
        match = MatchFactory(round=played, table_number=table, is_finished=True)
        for number in (1, 2):
            DealFactory(match=match, deal_number=number)
    return tournament


def workbook_deal_rows(data: bytes) -> int:
    return open_workbook(data)["Donnes"].max_row - 1


def csv_deal_rows(data: bytes) -> int:
    return len(data.decode("utf-8").splitlines()) - 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("export", "queries", "deal_rows"),
    # The workbook: the standings (3: the teams, the counted matches with their figures,
    # the byes), the matches, their deals, the byes, the teams.
    [(tournament_xlsx, 7, workbook_deal_rows), (deals_csv, 2, csv_deal_rows)],
    ids=["workbook", "deals-csv"],
)
@pytest.mark.parametrize("tables", [1, 3])
def test_the_exports_run_the_same_queries_for_1_and_3_tables(
    django_assert_num_queries, export, queries, deal_rows, tables
):
    tournament = played_tables(tables)

    with django_assert_num_queries(queries):
        data = export(tournament=tournament)

    assert deal_rows(data) == 2 * tables


# A concours recorded by its tables' totals (RULES.md §G)

TOTALS_SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-belote-19-totals"


def import_totals_sample():
    return import_played_tournament(
        directory=TOTALS_SAMPLE,
        name="Belote de la Saint-Martin",
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(7),
    )


@pytest.mark.django_db
def test_a_totals_only_concours_has_its_matches_in_parties_and_no_deal_in_donnes():
    tournament = import_totals_sample()

    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=tournament))

    parties = sheet_values(workbook["Parties"])
    assert (len(parties), parties[1], parties[-1]) == (
        37,
        [1, 1, 5, None, "Michel Dubois / Yvette Dupont", 14, None, "Raymond Moreau / Jean Dubois"]
        + [969, 1075, "Équipe B", 12, 0],
        [4, 9, 11, None, "Jean Girard / Pierre Garcia", 10, None, "Raymond Durand / Noël Moreau"]
        + [802, 1202, "Équipe B", 12, 0],
    )
    assert len(sheet_values(workbook["Donnes"])) == 1


@pytest.mark.django_db
def test_a_totals_only_concours_exports_its_standings_csv_and_an_empty_deals_csv():
    tournament = import_totals_sample()
    with (TOTALS_SAMPLE / "expected_standings.csv").open(newline="", encoding="utf-8") as file:
        expected = list(csv.reader(file))

    standings = standings_csv(tournament=tournament)
    deals = deals_csv(tournament=tournament)

    rows = list(csv.reader(io.StringIO(standings.decode("utf-8"), newline="")))
    assert [row[:8] for row in rows] == expected
    assert deals.decode("utf-8").count("\r\n") == 1


# A match with a deal waiting for the opponents (selectors/results.py, RULES.md §E)

MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
COINCHED_CHUTE = scoring.Deal(
    trump="S",
    contract=100,
    coinche="coinche",
    taker_card_points=70,
    defence_card_points=92,
    taker_tricks=3,
)
NO_TRUMP_80 = scoring.Deal(
    trump="SA", contract=80, taker_card_points=100, defence_card_points=62, taker_tricks=5
)


@pytest.fixture
def waiting(db):
    """Round 1 published, one table: deal 1 typed by the desk (190–60); deals 2 (520–0)
    and 3 (180–60) entered on team 1's phone, and team 2 confirms deal 3 only. Deal 2
    waits, so neither counts yet: stored totals 890–120, confirmed totals 190–60."""
    tournament = TournamentFactory(name="Concours d'automne", slug="automne")
    anne = TeamFactory(tournament=tournament, number=1, player_1="Anne", player_2="Bruno")
    chloe = TeamFactory(tournament=tournament, number=2, player_1="Chloé", player_2="Denis")
    played = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    match = MatchFactory(round=played, table_number=1, team_a=anne, team_b=chloe)
    ensure_team_links(tournament=tournament, now=NOW)
    seats = selectors.match_links(match=match)
    record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    submit_deal(seat=seats["A"], entry=DealEntry("B", COINCHED_CHUTE), deal_number=2, now=NOW)
    submit_deal(seat=seats["A"], entry=DealEntry("A", NO_TRUMP_80), deal_number=3, now=NOW)
    confirm_deals(seat=seats["B"], deal_number=3, now=NOW)
    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.result) == (890, 120, "")
    return tournament


def test_the_parties_sheet_counts_only_the_confirmed_deals_of_a_match_still_waiting(waiting):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=waiting))

    assert sheet_values(workbook["Parties"]) == [
        ["Partie", "Table", "Équipe A", "Nom de l’équipe A", "Joueurs A", "Équipe B",
         "Nom de l’équipe B", "Joueurs B", "Total A", "Total B", "Résultat", "Donnes jouées",
         "Donnes pas encore comptées"],
        [1, 1, 1, None, "Anne / Bruno", 2, None, "Chloé / Denis", 190, 60, "en cours", 3, 1],
    ]  # fmt: skip


def test_the_donnes_sheet_shows_the_waiting_deal_labelled_and_not_counted(waiting):
    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=waiting))

    rows = sheet_values(workbook["Donnes"])
    assert [row[:3] + row[17:] for row in rows] == [
        ["Partie", "Table", "Donne", "Issue", "Score A", "Score B", "Total A", "Total B",
         "État"],
        [1, 1, 1, "Réussi", 190, 60, 190, 60, "Confirmée"],
        [1, 1, 2, "Chute", 520, 0, "Pas encore comptée", "Pas encore comptée",
         "En attente des adversaires"],
        [1, 1, 3, "Réussi", 180, 60, "Pas encore comptée", "Pas encore comptée", "Confirmée"],
    ]  # fmt: skip
    # The waiting deal is shown whole: who took, its inputs, no declaration.
    assert rows[2][:17] == [1, 1, 2, 2, "Non", "♠", 100, "Coinche", 70, 92, 3, 0, 0, 0, 0] + [
        None,
        None,
    ]


def test_the_workbook_says_a_deal_is_not_counted_yet_in_english(waiting):
    with translation.override("en"):
        workbook = open_workbook(tournament_xlsx(tournament=waiting))

    parties = sheet_values(workbook["Matches"])
    donnes = sheet_values(workbook["Deals"])
    assert (parties[0][8:], parties[1][8:]) == (
        ["Total A", "Total B", "Result", "Deals played", "Deals not counted yet"],
        [190, 60, "ongoing", 3, 1],
    )
    assert [row[-3:] for row in donnes] == [
        ["Total A", "Total B", "Status"],
        [190, 60, "Confirmed"],
        ["Not counted yet", "Not counted yet", "Waiting for the opponents"],
        ["Not counted yet", "Not counted yet", "Confirmed"],
    ]


def test_the_deals_csv_keeps_the_stored_totals_of_a_waiting_deal_and_says_its_status(waiting):
    with translation.override("fr"):
        data = deals_csv(tournament=waiting)

    rows = list(csv.reader(io.StringIO(data.decode(), newline="")))
    assert [row[4:5] + row[20:25] for row in rows] == [
        ["deal", "score_a", "score_b", "total_a", "total_b", "status"],
        ["1", "190", "60", "190", "60", "confirmed"],
        ["2", "520", "0", "710", "60", "pending"],
        ["3", "180", "60", "890", "120", "confirmed"],
    ]


def test_a_melee_parties_sheet_counts_only_the_confirmed_deals_too(db):
    tournament = TournamentFactory(slug="melee", match_format_value=4)
    services.register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, 5)],
        rng=None,
    )
    services.publish_draft(round=services.draw_melee_partie(tournament=tournament, seed=7), now=NOW)
    match = Match.objects.get()
    record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    seat = selectors.match_links(match=match)["A"]
    submit_deal(seat=seat, entry=DealEntry("B", COINCHED_CHUTE), deal_number=2, now=NOW)

    with translation.override("fr"):
        workbook = open_workbook(tournament_xlsx(tournament=tournament))

    parties = sheet_values(workbook["Parties"])
    assert (parties[0][10:], parties[1][10:]) == (
        ["Total A", "Total B", "Résultat", "Donnes jouées", "Donnes pas encore comptées"],
        [190, 60, "en cours", 2, 1],
    )
