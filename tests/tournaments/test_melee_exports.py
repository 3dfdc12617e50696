"""The exports and the projector of a mêlée give its individual standings (RULES.md §H):
the standings CSV, « Classement » of the workbook, the standings PDF and the projector's
standings slides, checked cell for cell against the held-out sample's
``expected_standings.csv``."""

import csv
import io

import openpyxl
import pytest
from django.utils import translation

from tests.pdf_reading import html_tables
from tests.samples import MELEE_SAMPLE as SAMPLE
from tests.samples import read_csv_rows
from tests.tournaments.views.test_projector import french, slide
from tournaments.exports import pdf
from tournaments.exports.csv import standings_csv
from tournaments.exports.xlsx import tournament_xlsx

EXPECTED = read_csv_rows(SAMPLE / "expected_standings.csv")
#: Each player's number → (name, club) in players.csv.
PLAYERS = {row[0]: (row[1], row[2]) for row in read_csv_rows(SAMPLE / "players.csv")[1:]}


@pytest.mark.django_db
class TestMeleeExports:
    def test_the_standings_csv_is_expected_standings_then_name_club_and_rules(self, melee_sample):
        rows = list(csv.reader(io.StringIO(standings_csv(tournament=melee_sample).decode())))

        assert rows[0] == [*EXPECTED[0], "name", "club", "rules_preset", "rules_version"]
        assert [row[:8] for row in rows[1:]] == EXPECTED[1:]
        assert [row[8:] for row in rows[1:4]] == [
            ["Hélène Thomas", "Foyer rural de Sète", "belote-sans-annonces", "1"],
            ["Michel David", "Foyer rural de Sète", "belote-sans-annonces", "1"],
            ["Yvette David", "Café du Commerce", "belote-sans-annonces", "1"],
        ]
        assert [row[8:10] for row in rows[1:]] == [list(PLAYERS[row[1]]) for row in EXPECTED[1:]]

    def test_the_french_excel_csv_has_french_headers(self, melee_sample):
        data = standings_csv(tournament=melee_sample, french_excel=True)
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))

        assert rows[0] == [
            "Rang", "Joueur", "Points", "Parties gagnées", "Parties nulles", "Points contre",
            "Différence de points", "Exempts", "Nom", "Club", "Règles", "Version des règles",
        ]  # fmt: skip
        assert rows[1] == [
            "1", "16", "4856", "3", "0", "3410", "1446", "0", "Hélène Thomas",
            "Foyer rural de Sète", "belote-sans-annonces", "1",
        ]  # fmt: skip

    def test_the_classement_sheet_is_one_row_per_player_as_expected(self, melee_sample):
        with translation.override("fr"):
            data = tournament_xlsx(tournament=melee_sample)
        sheet = openpyxl.load_workbook(io.BytesIO(data))["Classement"]
        rows = [list(row) for row in sheet.iter_rows(values_only=True)]

        assert rows[0] == [
            "Rang", "Joueur", "Points", "Parties gagnées", "Parties nulles", "Points contre",
            "Différence de points", "Exempts", "Nom", "Club",
        ]  # fmt: skip
        assert rows[1:] == [
            [*(int(value) for value in row), PLAYERS[row[1]][0], PLAYERS[row[1]][1] or None]
            for row in EXPECTED[1:]
        ]

    def test_the_standings_pdf_prints_the_players_and_gives_them_the_prizes(self, melee_sample):
        melee_sample.prize_list = "Un jambon\n-\nUne bouteille"
        with translation.override("fr"):
            html = pdf.standings_html(tournament=melee_sample)

        (table,) = html_tables(html, "standings")
        assert table[0] == ["Rang", "Joueur", "Nom Club", "Points", "Gagnées", "Différence", "Prix"]
        assert table[1:4] == [
            ["1", "16", "Hélène Thomas Foyer rural de Sète", "4856", "3", "1446", "Un jambon"],
            ["2", "17", "Michel David Foyer rural de Sète", "4784", "3", "2388", ""],
            ["3", "7", "Yvette David Café du Commerce", "4630", "4", "1194", "Une bouteille"],
        ]
        assert [row[:2] + row[3:6] for row in table[1:]] == [
            [row[0], row[1], row[2], row[3], row[6]] for row in EXPECTED[1:]
        ]

    def test_the_projector_standings_slides_list_the_players(self, melee_sample, client):
        first = slide(french(client), melee_sample, 1)
        second = slide(client, melee_sample, 2)

        assert first.head == ["Rang", "Joueur", "Nom", "Points", "Gagnées"]
        assert (first.page, second.page) == ("page 1 / 2", "page 2 / 2")
        assert first.rows[:2] == [
            ["1", "16", "Hélène Thomas", "4856", "3"],
            ["2", "17", "Michel David", "4784", "3"],
        ]
        assert [*first.rows, *second.rows] == [
            [row[0], row[1], PLAYERS[row[1]][0], row[2], row[3]] for row in EXPECTED[1:]
        ]
