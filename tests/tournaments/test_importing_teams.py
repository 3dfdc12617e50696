"""team_import: reading CSV and XLSX team files, every problem with its line and column."""

import io
import zipfile

import pytest
from django.utils import translation
from openpyxl import Workbook

from tests.factories import ClubFactory, TeamFactory, TournamentFactory
from tournaments.forms.messages import team_import_problem_message, team_import_service_message
from tournaments.importing.problems import ImportProblem
from tournaments.importing.teams import (
    MAX_LINES,
    TeamFile,
    TeamRow,
    check_team_file,
    read_team_file,
    team_data_for,
)
from tournaments.models import TeamData


def xlsx_bytes(rows: list[list[object]]) -> bytes:
    return workbook_bytes([rows])


def workbook_bytes(sheets: list[list[list[object]]]) -> bytes:
    """Return a workbook with one sheet per item of ``sheets``, in that order."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    for number, rows in enumerate(sheets, start=1):
        sheet = workbook.create_sheet(f"Feuille {number}")
        for row in rows:
            sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def replace_in_sheet(data: bytes, old: str, new: str, sheet: int = 1) -> bytes:
    """Rewrite a sheet's XML, e.g. to store 3 as 3.0 as some tools do."""
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for item in source.infolist():
            content = source.read(item.filename)
            if item.filename == f"xl/worksheets/sheet{sheet}.xml":
                content = content.decode().replace(old, new).encode()
            target.writestr(item, content)
    return buffer.getvalue()


def problem(line: int, column: str, code: str, /, **params) -> ImportProblem:
    return ImportProblem("", line, column, code, params)


def file_problem(code: str, line: int = 0, **params) -> TeamFile:
    return TeamFile(problems=(ImportProblem("", line, "", code, params),))


# Formats and encodings


def test_it_reads_a_utf8_csv_separated_by_commas():
    data = (
        "number,player_1,player_2,club\n1,Hélène Martin,Paul Durand,ACB\n2,Jean Roux,Marie Blanc,\n"
    )

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(
            TeamRow(2, 1, "Hélène Martin", "Paul Durand", "ACB"),
            TeamRow(3, 2, "Jean Roux", "Marie Blanc", ""),
        )
    )


def test_it_reads_a_windows_1252_csv_separated_by_semicolons_with_french_headers():
    data = "Numéro;Joueur 1;Joueur 2;Club\r\n1;« Hélène » Léger;François Cœur;Bélote\r\n"

    team_file = read_team_file("equipes.csv", data.encode("cp1252"))

    assert team_file == TeamFile(
        rows=(TeamRow(2, 1, "« Hélène » Léger", "François Cœur", "Bélote"),)
    )


def test_it_reads_a_utf8_csv_with_a_byte_order_mark():
    data = "\ufeffjoueur 1;joueur 2\nHélène;Paul\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Hélène", "Paul"),))


def test_it_reads_tab_separated_text():
    data = "n°\tjoueur 1\tjoueur 2\n7\tHélène, dite Lili\tPaul\n"

    team_file = read_team_file("equipes.txt", data.encode("utf-8"))

    assert team_file == TeamFile(rows=(TeamRow(2, 7, "Hélène, dite Lili", "Paul"),))


def test_it_reads_excel_unicode_text_in_utf16():
    data = "Numéro\tJoueur 1\tJoueur 2\r\n3\tHélène\tPaul\r\n"

    team_file = read_team_file("equipes.txt", data.encode("utf-16"))

    assert team_file == TeamFile(rows=(TeamRow(2, 3, "Hélène", "Paul"),))


@pytest.mark.parametrize(
    "header",
    [
        "number,player_1,player_2,club",
        "Numéro,Joueur 1,Joueur 2,Club",
        "NUMERO,JOUEUR_1,JOUEUR_2,CLUB",
        "N°, joueur1 , Joueuse 2,club",
        "Nº,Player 1,player-2,Club",
        "n° équipe,joueur 1,joueur 2,club",
    ],
)
def test_it_accepts_english_and_french_headers_in_any_case_with_or_without_accents(header):
    data = f"{header}\n5,Hélène,Paul,ACB\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(rows=(TeamRow(2, 5, "Hélène", "Paul", "ACB"),))


def test_it_reads_the_first_sheet_of_an_xlsx_workbook():
    data = xlsx_bytes(
        [
            ["Numéro", "Joueur 1", "Joueur 2", "Club", "Téléphone"],
            [1, "Hélène Martin", "Paul Durand", "ACB", "0600000000"],
            [None, None, None, None, None],
            [None, "  Jean   Roux ", "Marie Blanc", None, None],
        ]
    )

    team_file = read_team_file("Equipes.XLSX", data)

    assert team_file == TeamFile(
        rows=(
            TeamRow(2, 1, "Hélène Martin", "Paul Durand", "ACB"),
            TeamRow(4, None, "Jean Roux", "Marie Blanc", ""),
        ),
        ignored_columns=("Téléphone",),
    )


def test_it_reads_the_teams_on_the_second_sheet_when_the_first_is_empty():
    data = workbook_bytes(
        [
            [],
            [
                [None],
                ["Numéro", "Joueur 1", "Joueur 2", "Club"],
                [1, "Hélène Martin", "Paul Durand", "ACB"],
            ],
        ]
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(3, 1, "Hélène Martin", "Paul Durand", "ACB"),))


def test_a_sheet_of_blank_cells_is_empty_and_the_next_sheet_is_read():
    data = workbook_bytes(
        [
            [[None, None], ["  ", "\u200b\t\x7f"]],
            [],
            [["player_1", "player_2"], ["Hélène", "Paul"]],
        ]
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Hélène", "Paul"),))


def test_a_notes_sheet_before_the_teams_is_passed_over():
    data = workbook_bytes(
        [
            [["Concours du 11 novembre : inscriptions"]],
            [["numéro", "joueur 1", "joueur 2", "club"], [4, "Hélène", "Paul", "ACB"]],
        ]
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(2, 4, "Hélène", "Paul", "ACB"),))


def test_without_a_team_sheet_the_first_sheet_with_a_cell_reports_its_columns():
    data = workbook_bytes([[], [["Nom", "Prénom"], ["Martin", "Hélène"]], [["Notes"]]])

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == file_problem("columns", line=1, columns="player_1, player_2")


def test_only_the_first_team_sheet_is_read():
    data = workbook_bytes(
        [
            [["player_1", "player_2"], ["Hélène", "Paul"]],
            [["player_1", "player_2"], ["Jean", "Marie"]],
        ]
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Hélène", "Paul"),))


def test_a_formula_without_its_value_on_the_second_sheet_names_its_cell():
    data = workbook_bytes(
        [[], [["player_1", "player_2"], ["Ana", "Léa"], ["Zoé", '=UPPER("bob")']]]
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == file_problem("formula_without_value", line=3, cell="B3")


def test_a_formula_with_its_value_on_the_second_sheet_reads_as_that_value():
    data = workbook_bytes([[], [["player_1", "player_2"], ["Zoé", '=UPPER("bob")']]])
    data = replace_in_sheet(
        data,
        '<c r="B2"><f>UPPER("bob")</f><v /></c>',
        '<c r="B2" t="str"><f>UPPER("bob")</f><v>BOB</v></c>',
        sheet=2,
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Zoé", "BOB"),))


def test_it_reads_whole_float_numbers_of_an_xlsx_as_team_numbers():
    data = xlsx_bytes([["number", "player_1", "player_2"], [3, "Hélène", "Paul"], [2.5, "A", "B"]])
    data = replace_in_sheet(data, "<v>3</v>", "<v>3.0</v>")

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(
        rows=(TeamRow(2, 3, "Hélène", "Paul"), TeamRow(3, None, "A", "B")),
        problems=(problem(3, "number", "number", value="2.5", max=9999),),
    )


def test_a_formula_saved_without_its_value_names_the_cell_to_fix():
    # A program that writes formulas (openpyxl here) does not compute them: only a
    # spreadsheet that opens and saves the file stores their results.
    data = xlsx_bytes([["player_1", "player_2"], ["Ana", "Léa"], ["Zoé", '=UPPER("bob")']])

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == file_problem("formula_without_value", line=3, cell="B3")
    with translation.override("fr"):
        assert team_import_problem_message(team_file.problems[0]) == (
            "La cellule B3 contient une formule dont le fichier n’a pas le résultat : ouvrez "
            "le fichier dans Excel ou LibreOffice, enregistrez-le, puis importez-le à nouveau."
        )


def test_a_formula_saved_with_its_value_reads_as_that_value():
    data = xlsx_bytes([["player_1", "player_2"], ["Zoé", '=UPPER("bob")']])
    data = replace_in_sheet(
        data,
        '<c r="B2"><f>UPPER("bob")</f><v /></c>',
        '<c r="B2" t="str"><f>UPPER("bob")</f><v>BOB</v></c>',
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Zoé", "BOB"),))


def test_it_skips_empty_lines_and_trims_and_collapses_spaces():
    data = "\n\nplayer_1;player_2;club\n\n ;  ; \n  Hélène\u00a0 Martin ; Paul\tDurand ;  ACB  \n\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(rows=(TeamRow(6, None, "Hélène Martin", "Paul Durand", "ACB"),))


def test_it_drops_control_and_invisible_characters_from_names_as_the_team_form_does():
    data = (
        "player_1;player_2;club\n"
        "Ctl\x0bChar;Esc\x1b[31mRed\x01;Club\x7f\n"
        "Bell\x07Ring;Tab\tName\u200b;\u202e« L’Écluse »\u202c\n"
    )

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(
            TeamRow(2, None, "Ctl Char", "Esc[31mRed", "Club"),
            TeamRow(3, None, "BellRing", "Tab Name", "« L’Écluse »"),
        )
    )


def test_it_drops_control_and_invisible_characters_from_xlsx_cells():
    data = xlsx_bytes(
        [["player_1", "player_2", "club"], ["\ufeffHélène\x7f", "Tab\tName\u200b", "Club\x9f"]]
    )

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Hélène", "Tab Name", "Club"),))


def test_it_names_the_columns_it_does_not_import_and_maps_the_team_name():
    data = (
        "club;player_2;note;player_1;Nom de l'équipe;Remarque\nACB;Paul;à l'heure;Hélène;Les As;x\n"
    )

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(TeamRow(2, None, "Hélène", "Paul", "ACB", name="Les As"),),
        ignored_columns=("note", "Remarque"),
    )
    assert team_file.mapped_columns == (
        ("club", "club"),
        ("player_2", "player_2"),
        ("player_1", "player_1"),
        ("Nom de l'équipe", "name"),
    )


@pytest.mark.parametrize("header", ["Nom de l’équipe", "Équipe", "name", "Team name", "NOM_EQUIPE"])
def test_every_team_name_header_maps_to_the_name(header):
    data = f"joueur 1;joueur 2;{header}\nHélène;Paul;  Les\u200b As \n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert (team_file.rows, team_file.mapped_columns[2]) == (
        (TeamRow(2, None, "Hélène", "Paul", "", name="Les As"),),
        (header, "name"),
    )


def test_a_team_name_longer_than_100_characters_is_a_problem_of_its_line():
    data = "player_1;player_2;name\nHélène;Paul;" + "x" * 101 + "\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file.problems == (ImportProblem("", 2, "name", "too_long", {"max": 100}),)
    with translation.override("fr"):
        message = team_import_problem_message(team_file.problems[0])
    assert message == "Trop long (nom de l’équipe) : 100 caractères au plus."


def test_the_team_name_is_registered_with_the_team():
    data = "player_1;player_2;équipe\nHélène;Paul;Les As\nAnne;Marc;\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_data_for(team_file) == [
        TeamData("Hélène", "Paul", "", None, name="Les As"),
        TeamData("Anne", "Marc", "", None, name=""),
    ]


def test_a_line_with_more_values_than_columns_is_a_problem():
    data = "number,player_1,player_2,club\n31,Gérard Lenoir,Henri Leblanc,Club, with comma\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(TeamRow(2, 31, "Gérard Lenoir", "Henri Leblanc", "Club"),),
        problems=(
            ImportProblem(
                "", 2, "", "extra_cells", {"cells": 5, "columns": 4, "extra": "with comma"}
            ),
        ),
    )


def test_empty_cells_past_the_header_are_no_problem():
    data = "player_1;player_2;;\nHélène;Paul;;\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(rows=(TeamRow(2, None, "Hélène", "Paul"),))


def test_a_quoted_cell_over_two_lines_keeps_the_line_where_its_team_starts():
    data = 'player_1,player_2\n"Hélène\nMartin",Paul\nJean,Marie\n'

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(TeamRow(2, None, "Hélène Martin", "Paul"), TeamRow(4, None, "Jean", "Marie"))
    )


# Problems of the file as a whole


@pytest.mark.parametrize(
    ("filename", "data", "expected"),
    [
        ("equipes.xls", b"\xd0\xcf\x11\xe0", file_problem("extension", extension=".xls")),
        ("equipes.ods", b"PK", file_problem("extension", extension=".ods")),
        ("equipes", b"player_1,player_2\nA,B\n", file_problem("extension", extension="")),
        ("equipes.csv", b"", file_problem("empty")),
        ("equipes.csv", b"\n \n;;\n", file_problem("empty")),
        ("equipes.xlsx", b"", file_problem("empty")),
        ("equipes.xlsx", xlsx_bytes([]), file_problem("empty")),
        ("equipes.xlsx", workbook_bytes([[], [], []]), file_problem("empty")),
        ("equipes.xlsx", workbook_bytes([[], [[None, " "], ["\u200b"]]]), file_problem("empty")),
        ("equipes.xlsx", b"player_1;player_2\nA;B\n", file_problem("not_xlsx")),
        ("equipes.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", file_problem("not_text")),
        ("equipes.csv", xlsx_bytes([["player_1", "player_2"]]), file_problem("not_text")),
        ("equipes.csv", b"player_1;player_2\n", file_problem("no_rows", line=1)),
        ("equipes.csv", b"\n\nplayer_1;player_2\n\n", file_problem("no_rows", line=3)),
        (
            "equipes.csv",
            "numéro;joueur;partenaire\n1;A;B\n".encode(),
            file_problem("columns", line=1, columns="player_1, player_2"),
        ),
        (
            "equipes.csv",
            b"joueur 1;club\n1;A\n",
            file_problem("columns", line=1, columns="player_2"),
        ),
        (
            "equipes.csv",
            b"player_1;player_2;joueur 2\nA;B;C\n",
            file_problem("column_twice", line=1, column="player_2"),
        ),
    ],
)
def test_a_file_that_cannot_be_used_gives_one_problem_and_no_row(filename, data, expected):
    team_file = read_team_file(filename, data)

    assert team_file == expected


def test_a_zip_that_is_not_a_workbook_is_not_an_xlsx():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("notes.txt", "player_1,player_2")

    team_file = read_team_file("equipes.xlsx", buffer.getvalue())

    assert team_file == file_problem("not_xlsx")


def test_a_workbook_with_a_damaged_sheet_is_not_an_xlsx():
    data = replace_in_sheet(xlsx_bytes([["player_1", "player_2"], ["A", "B"]]), "</row>", "<row>")

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == file_problem("not_xlsx")


def test_a_csv_longer_than_the_limit_is_refused():
    lines = ["player_1;player_2"] + [f"A{n};B{n}" for n in range(MAX_LINES)]

    team_file = read_team_file("equipes.csv", "\n".join(lines).encode())

    assert team_file == file_problem("too_many_lines", max=MAX_LINES)


def test_an_xlsx_longer_than_the_limit_is_refused():
    data = xlsx_bytes([["player_1", "player_2"]] + [[f"A{n}", f"B{n}"] for n in range(MAX_LINES)])

    team_file = read_team_file("equipes.xlsx", data)

    assert team_file == file_problem("too_many_lines", max=MAX_LINES)


def test_a_file_of_exactly_the_limit_is_read():
    lines = ["player_1;player_2"] + [f"A{n};B{n}" for n in range(MAX_LINES - 1)]

    team_file = read_team_file("equipes.csv", "\n".join(lines).encode())

    assert (len(team_file.rows), team_file.problems) == (MAX_LINES - 1, ())


# Problems of a line


@pytest.mark.parametrize("value", ["x", "0", "-1", "2.5", "10000", "１", "3 bis"])
def test_a_number_that_is_not_a_whole_number_from_1_to_9999_is_a_problem(value):
    data = f"number;player_1;player_2\n{value};Hélène;Paul\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(TeamRow(2, None, "Hélène", "Paul"),),
        problems=(problem(2, "number", "number", value=value, max=9999),),
    )


def test_a_number_of_5000_digits_is_a_problem_not_a_crash():
    data = f"number;player_1;player_2\n{'9' * 5000};Hélène;Paul\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file == TeamFile(
        rows=(TeamRow(2, None, "Hélène", "Paul"),),
        problems=(problem(2, "number", "number", value="9" * 5000, max=9999),),
    )


def test_every_problem_of_a_file_is_listed_with_its_line_and_column():
    data = (
        "numéro;joueur 1;joueur 2;club\n"
        "1;Hélène Martin;Paul Durand;ACB\n"
        "2;Jean Roux;;\n"
        "1;Luc Petit;Anne Morel;\n"
        ";paul durand;HÉLÈNE MARTIN;\n"
        "x;;Marie Blanc;\n"
        f"4;{'A' * 101};B;{'C' * 151}\n"
        "2;Jean Roux;\n"
    )

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file.problems == (
        problem(3, "player_2", "missing_player"),
        problem(4, "number", "duplicate_number", number=1, line=2),
        problem(5, "", "same_pair", line=2),
        problem(6, "number", "number", value="x", max=9999),
        problem(6, "player_1", "missing_player"),
        problem(7, "player_1", "too_long", max=100),
        problem(7, "club", "too_long", max=150),
        problem(8, "number", "duplicate_number", number=2, line=3),
        problem(8, "player_2", "missing_player"),
    )


def test_the_preview_keeps_every_line_even_with_problems():
    data = "number,player_1,player_2\n1,Hélène,\nx,Jean,Marie\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert (team_file.rows, team_file.is_ready) == (
        (TeamRow(2, 1, "Hélène", ""), TeamRow(3, None, "Jean", "Marie")),
        False,
    )


def test_a_file_with_teams_and_no_problem_is_ready():
    team_file = read_team_file("equipes.csv", b"player_1,player_2\nA,B\n")

    assert team_file.is_ready is True


# Against the tournament's teams


@pytest.mark.django_db
def test_it_finds_numbers_taken_and_pairs_already_registered_in_the_tournament():
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=1, player_1="Hélène Martin", player_2="Paul Durand")
    TeamFactory(tournament=tournament, number=2, player_1="Jean Roux", player_2="Marie Blanc")
    TeamFactory(number=3, player_1="Luc Petit", player_2="Anne Morel")  # another tournament
    data = (
        "number;player_1;player_2\n"
        "1;Luc Petit;Anne Morel\n"
        ";PAUL DURAND;hélène martin\n"
        "3;Léa Fort;Tom Vif\n"
        "2;Jean Roux;Marie Blanc\n"
    )
    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    checked = check_team_file(tournament=tournament, team_file=team_file)

    assert checked == TeamFile(
        rows=team_file.rows,
        problems=(
            problem(2, "number", "number_taken", number=1, players="Hélène Martin / Paul Durand"),
            problem(3, "", "pair_registered", number=1),
            problem(5, "number", "number_taken", number=2, players="Jean Roux / Marie Blanc"),
            problem(5, "", "pair_registered", number=2),
        ),
    )


@pytest.mark.django_db
def test_it_finds_a_player_who_already_plays_in_another_team_of_the_tournament():
    tournament = TournamentFactory(club=ClubFactory())
    TeamFactory(tournament=tournament, number=2, player_1="Albert Camus", player_2="Paul Durand")
    data = "player_1;player_2\nLéa Fort;ALBERT CAMUS\nTom Vif;Zoé Roux\n"
    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    checked = check_team_file(tournament=tournament, team_file=team_file)

    assert checked.problems == (
        problem(2, "player_2", "player_playing", player="ALBERT CAMUS", number=2),
    )
    assert not checked.is_ready
    with translation.override("fr"):
        assert team_import_problem_message(checked.problems[0]) == (
            "ALBERT CAMUS joue déjà dans l’équipe 2 de ce concours."
        )


@pytest.mark.django_db
def test_a_file_problem_is_returned_without_reading_the_database(django_assert_num_queries):
    tournament = TournamentFactory()
    team_file = read_team_file("equipes.csv", b"")

    with django_assert_num_queries(0):
        checked = check_team_file(tournament=tournament, team_file=team_file)

    assert checked == file_problem("empty")


@pytest.mark.django_db
def test_a_new_set_of_teams_adds_no_problem_in_one_query(django_assert_num_queries):
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=1, player_1="Hélène", player_2="Paul")
    # « Helene » is not « Hélène »; nobody of the file plays in team 1 already.
    team_file = read_team_file("equipes.csv", b"player_1;player_2\nHelene;Pierre\nLuc;Jean\n")

    with django_assert_num_queries(1):
        checked = check_team_file(tournament=tournament, team_file=team_file)

    assert checked == team_file


def test_numbered_teams_are_registered_before_teams_without_a_number():
    team_file = read_team_file(
        "equipes.csv", b"number;player_1;player_2;club\n;A;B;X\n1;C;D;\n;E;F;\n5;G;H;Y\n"
    )

    assert team_data_for(team_file) == [
        TeamData("C", "D", "", 1),
        TeamData("G", "H", "Y", 5),
        TeamData("A", "B", "X", None),
        TeamData("E", "F", "", None),
    ]


# The words of each problem (forms/messages.py), in French


@pytest.mark.parametrize(
    ("found", "message"),
    [
        (
            problem(0, "", "extension", extension=".xls"),
            "Ce fichier n’est ni un CSV (.csv, .txt) ni un classeur Excel (.xlsx) : enregistrez "
            "le tableau dans l’un de ces formats.",
        ),
        (
            problem(0, "", "unreadable"),
            "Le fichier ne peut pas être lu comme un CSV : enregistrez de nouveau le tableau en "
            "CSV ou en Excel (.xlsx).",
        ),
        (
            problem(0, "", "too_many_lines", max=2000),
            "Le fichier a plus de 2000 lignes : importez au plus 2000 lignes à la fois.",
        ),
        (
            problem(1, "", "columns", columns="player_2"),
            "Colonne(s) manquante(s) : joueur 2. La première ligne doit nommer les colonnes : "
            "numéro, joueur 1, joueur 2, club, nom de l’équipe (seuls les joueurs sont "
            "obligatoires).",
        ),
        (problem(4, "player_1", "missing_player"), "Le nom du joueur 1 manque."),
        (problem(4, "club", "too_long", max=150), "Trop long (club) : 150 caractères au plus."),
        (
            problem(4, "player_2", "too_long", max=100),
            "Trop long (joueur 2) : 100 caractères au plus.",
        ),
        (
            problem(4, "number", "number_taken", number=3, players="A / B"),
            "Le numéro 3 est déjà pris par l’équipe A / B.",
        ),
        (
            problem(4, "", "pair_registered", number=3),
            "Ces deux joueurs sont déjà inscrits comme équipe 3.",
        ),
    ],
)
def test_each_problem_reads_as_a_french_sentence(found, message):
    with translation.override("fr"):
        text = team_import_problem_message(found)

    assert text == message


def test_a_refusal_of_the_service_says_that_nothing_was_saved():
    with translation.override("fr"):
        text = team_import_service_message("duplicate_number", {"number": 3})

    assert text == "Rien n’a été enregistré. Le numéro d’équipe 3 est déjà pris."


def test_it_finds_a_team_name_twice_in_the_file_case_ignored():
    data = "player_1;player_2;name\nA;B;Les As\nC;D;\nE;F;LES AS\nG;H;Les Rois\n"

    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    assert team_file.problems == (problem(4, "name", "same_name", name="LES AS", line=2),)


@pytest.mark.django_db
def test_it_finds_a_team_name_already_taken_in_the_tournament():
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=3, player_1="A", player_2="B", name="Les As")
    TeamFactory(number=4, player_1="C", player_2="D", name="Les Rois")  # another tournament
    data = "player_1;player_2;name\nE;F;les as\nG;H;Les Rois\n"
    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    checked = check_team_file(tournament=tournament, team_file=team_file)

    assert checked.problems == (problem(2, "name", "name_registered", number=3, name="Les As"),)


@pytest.mark.django_db
@pytest.mark.parametrize("has_club", [True, False])
def test_it_finds_a_player_on_an_earlier_line_and_one_player_twice_in_a_team(has_club):
    # Only a club's concours links its players to one record each: there one name is one
    # person (as ``player_playing``); one player twice in a team is wrong everywhere.
    tournament = TournamentFactory(club=ClubFactory() if has_club else None)
    data = "player_1;player_2\nAnne A;Bob B\nAnne A;Carl C\nEve E;EVE E\nBob B;Anne A\n"
    team_file = read_team_file("equipes.csv", data.encode("utf-8"))

    checked = check_team_file(tournament=tournament, team_file=team_file)

    on_line = [problem(3, "player_1", "player_on_line", player="Anne A", line=2)]
    assert checked.problems == (
        *(on_line if has_club else []),
        problem(4, "player_2", "same_player", player="Eve E"),
        problem(5, "", "same_pair", line=2),
    )
    assert not checked.is_ready
