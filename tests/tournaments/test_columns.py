"""The column registry (tournaments/presentation/columns.py): every column's key and
names in both languages, how a row reads in codes, words and brief, and that the CSV
files and the commands print the registry's keys."""

import csv
import io
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation

import scoring
from scoring.rows import DEAL_COLUMNS
from tests.factories import DealFactory, MatchFactory, TeamFactory, TournamentFactory
from tournaments.exports import csv as csv_export
from tournaments.exports import xlsx
from tournaments.importing import DEAL_FILE_COLUMNS
from tournaments.models import DealEntry
from tournaments.presentation.columns import (
    COUNTED_MATCHES,
    DEAL_FILE_KEYS,
    DEALS,
    MATCHES,
    MATCHES_FILE_KEYS,
    STANDINGS,
    STANDINGS_FILE_KEYS,
    Column,
    DealRow,
    deal_rows,
    pick,
)

SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-coinche-16"


def names(columns, language):
    """Return (key, name, heading) of every column, in ``language``."""
    with translation.override(language):
        return [(column.key, str(column.name), str(column.heading)) for column in columns]


def header_of(path: Path) -> list[str]:
    with path.open(newline="", encoding="utf-8") as file:
        return next(csv.reader(file))


# Keys and names


def test_every_standings_column_has_a_key_an_english_and_a_french_name():
    columns = STANDINGS.values()

    english, french = names(columns, "en"), names(columns, "fr")

    assert english == [
        ("rank", "Rank", "Rank"),
        ("team", "Team", "Team"),
        ("points", "Points", "Points"),
        ("match_points", "Match points", "Pts"),
        ("matches_won", "Matches won", "Won"),
        ("matches_drawn", "Matches drawn", "Drawn"),
        ("points_against", "Points against", "Against"),
        ("points_difference", "Points difference", "Difference"),
        ("byes", "Byes", "Byes"),
        ("team_name", "Team name", "Team name"),
        ("players", "Players", "Players"),
        ("player_1", "Player 1", "Player 1"),
        ("player_2", "Player 2", "Player 2"),
        ("club", "Club", "Club"),
        ("head_to_head", "Head-to-head", "Head-to-head"),
        ("lot", "Lot", "Lot"),
        ("best_match_score", "Best match", "Best match"),
        ("belotes", "Belotes", "Belotes"),
        ("capots", "Capots", "Capots"),
        ("coinches_made", "Coinches made", "Coinches made"),
        ("withdrawn", "Withdrawn", "Withdrawn"),
    ]
    assert french == [
        ("rank", "Rang", "Rang"),
        ("team", "Équipe", "Équipe"),
        ("points", "Points", "Points"),
        ("match_points", "Points de match", "Pts"),
        ("matches_won", "Parties gagnées", "Gagnées"),
        ("matches_drawn", "Parties nulles", "Nulles"),
        ("points_against", "Points contre", "Contre"),
        ("points_difference", "Différence de points", "Différence"),
        ("byes", "Exempt", "Exempt"),
        ("team_name", "Nom de l’équipe", "Nom de l’équipe"),
        ("players", "Joueurs", "Joueurs"),
        ("player_1", "Joueur 1", "Joueur 1"),
        ("player_2", "Joueur 2", "Joueur 2"),
        ("club", "Club", "Club"),
        ("head_to_head", "Confrontation", "Confrontation"),
        ("lot", "Tirage au sort", "Tirage au sort"),
        ("best_match_score", "Meilleure partie", "Meilleure partie"),
        ("belotes", "Belotes", "Belotes"),
        ("capots", "Capots", "Capots"),
        ("coinches_made", "Coinches réussies", "Coinches réussies"),
        ("withdrawn", "Forfait", "Forfait"),
    ]


def test_every_match_column_has_a_key_an_english_and_a_french_name():
    columns = MATCHES.values()

    english, french = names(columns, "en"), names(columns, "fr")

    assert [(key, name) for key, name, _heading in english] == [
        ("round", "Round"),
        ("table", "Table"),
        ("team_a", "Team A"),
        ("name_a", "Team name A"),
        ("players_a", "Players A"),
        ("team_b", "Team B"),
        ("name_b", "Team name B"),
        ("players_b", "Players B"),
        ("total_a", "Total A"),
        ("total_b", "Total B"),
        ("result", "Result"),
        ("deals_played", "Deals played"),
    ]
    assert [name for _key, name, _heading in french] == [
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
    ]


def test_every_deal_column_has_a_key_an_english_and_a_french_name():
    columns = DEALS.values()

    english, french = names(columns, "en"), names(columns, "fr")

    assert [(key, name) for key, name, _heading in english] == [
        ("round", "Round"),
        ("table", "Table"),
        ("team_a", "Team A"),
        ("team_b", "Team B"),
        ("deal", "Deal"),
        ("taker_team", "Taker"),
        ("passed", "Passed"),
        ("trump", "Trump"),
        ("contract", "Contract"),
        ("coinche", "Coinche"),
        ("taker_card_points", "Taker's card points"),
        ("defence_card_points", "Defence's card points"),
        ("taker_tricks", "Taker's tricks"),
        ("taker_belotes", "Taker's belotes"),
        ("defence_belotes", "Defence's belotes"),
        ("taker_declarations", "Taker's declarations"),
        ("defence_declarations", "Defence's declarations"),
        ("taker_declarations_text", "Taker's declarations as announced"),
        ("defence_declarations_text", "Defence's declarations as announced"),
        ("outcome", "Outcome"),
        ("score_a", "Score A"),
        ("score_b", "Score B"),
        ("total_a", "Total A"),
        ("total_b", "Total B"),
        ("status", "Status"),
    ]
    assert [name for _key, name, _heading in french] == [
        "Partie",
        "Table",
        "Équipe A",
        "Équipe B",
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
    ]


def test_the_deal_input_columns_are_the_engines_in_its_order():
    keys = list(DEALS)

    inputs = keys[keys.index("trump") : keys.index("defence_declarations") + 1]

    assert tuple(inputs) == DEAL_COLUMNS


def test_the_file_layouts_are_the_sample_concours_headers_and_what_the_importer_reads():
    layouts = [DEAL_FILE_KEYS, STANDINGS_FILE_KEYS, MATCHES_FILE_KEYS]

    headers = [
        header_of(SAMPLE / name)
        for name in ("deals.csv", "expected_standings.csv", "expected_matches.csv")
    ]

    assert [list(keys) for keys in layouts] == headers
    assert DEAL_FILE_KEYS == DEAL_FILE_COLUMNS


def test_pick_gives_the_columns_in_the_order_asked():
    picked = pick(STANDINGS, ("lot", "rank"))

    assert picked == (STANDINGS["lot"], STANDINGS["rank"])


def test_pick_refuses_a_key_that_is_not_a_column():
    with pytest.raises(KeyError) as raised:
        pick(STANDINGS, ("rank", "ranking"))

    assert raised.value.args == ("ranking",)


def test_a_column_without_words_or_brief_shows_its_value_and_its_name_as_heading():
    column = Column("lot", translation.gettext_lazy("Lot"), lambda row: row["lot"])

    with translation.override("en"):
        seen = (column.value({"lot": 7}), column.words({"lot": 7}), column.brief({"lot": 7}))
        heading = str(column.heading)

    assert (seen, heading) == ((7, 7, "7"), "Lot")


def test_a_column_brief_of_no_words_is_empty_text():
    column = Column("club", translation.gettext_lazy("Club"), lambda row: None)

    brief = column.brief({})

    assert brief == ""


# Rows: codes, words and brief


@pytest.fixture
def match(db):
    tournament = TournamentFactory()
    return MatchFactory(
        round__tournament=tournament,
        round__number=2,
        table_number=3,
        team_a=TeamFactory(tournament=tournament, number=5),
        team_b=TeamFactory(tournament=tournament, number=6),
    )


def deal_row(match, entry: DealEntry, **scores) -> DealRow:
    """A deal of ``match`` storing ``entry`` (as the deal services store it) and ``scores``."""
    deal = DealFactory.build(match=match, deal_number=4, **scores)
    deal.set_entry(entry)
    return DealRow(match, deal)


SURCOINCHED = DealEntry(
    taker="B",
    deal=scoring.Deal(
        trump="SA",
        contract="capot",
        coinche="surcoinche",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        taker_belotes=0,
        defence_belotes=0,
        taker_declarations=100,
        defence_declarations=0,
    ),
    declarations_text=("cent:AS", ""),
)


def test_a_played_deal_reads_as_codes_words_and_brief(match):
    row = deal_row(
        match, SURCOINCHED, outcome="made", score_a=0, score_b=2440, total_a=0, total_b=2440
    )

    with translation.override("fr"):
        seen = [
            (column.key, column.value(row), column.words(row), column.brief(row))
            for column in DEALS.values()
        ]

    assert seen == [
        ("round", 2, 2, "2"),
        ("table", 3, 3, "3"),
        ("team_a", 5, 5, "5"),
        ("team_b", 6, 6, "6"),
        ("deal", 4, 4, "4"),
        ("taker_team", 6, 6, "6"),
        ("passed", "no", "Non", "Non"),
        ("trump", "SA", "Sans atout", "SA"),
        ("contract", "capot", "Capot", "Capot"),
        ("coinche", "surcoinche", "Surcoinche", "Surcoinche"),
        ("taker_card_points", 252, 252, "252"),
        ("defence_card_points", 0, 0, "0"),
        ("taker_tricks", 8, 8, "8"),
        ("taker_belotes", 0, 0, "0"),
        ("defence_belotes", 0, 0, "0"),
        ("taker_declarations", 100, 100, "100"),
        ("defence_declarations", 0, 0, "0"),
        ("taker_declarations_text", "cent:AS", "cent à l’as de pique", "cent à l’as de pique"),
        ("defence_declarations_text", "", None, ""),
        ("outcome", "made", "Réussi", "Réussi"),
        ("score_a", 0, 0, "0"),
        ("score_b", 2440, 2440, "2440"),
        ("total_a", 0, 0, "0"),
        ("total_b", 2440, 2440, "2440"),
        ("status", "confirmed", "Confirmée", ""),
    ]


def test_a_passed_deal_keeps_its_stored_codes_and_shows_no_inputs(match):
    row = deal_row(match, DealEntry(taker="A", deal=None), status="pending", total_b=160)

    with translation.override("en"):
        seen = [
            (column.key, column.value(row), column.words(row), column.brief(row))
            for column in DEALS.values()
        ]

    assert seen == [
        ("round", 2, 2, "2"),
        ("table", 3, 3, "3"),
        ("team_a", 5, 5, "5"),
        ("team_b", 6, 6, "6"),
        ("deal", 4, 4, "4"),
        ("taker_team", 5, 5, "5"),
        ("passed", "yes", "Yes", "Yes"),
        ("trump", "", None, ""),
        ("contract", None, None, ""),
        ("coinche", "none", None, ""),
        ("taker_card_points", 0, None, ""),
        ("defence_card_points", 0, None, ""),
        ("taker_tricks", 0, None, ""),
        ("taker_belotes", 0, None, ""),
        ("defence_belotes", 0, None, ""),
        ("taker_declarations", 0, None, ""),
        ("defence_declarations", 0, None, ""),
        ("taker_declarations_text", "", None, ""),
        ("defence_declarations_text", "", None, ""),
        ("outcome", "", None, ""),
        ("score_a", 0, 0, "0"),
        ("score_b", 0, 0, "0"),
        ("total_a", 0, 0, "0"),
        ("total_b", 160, 160, "160"),
        ("status", "pending", "Waiting for the opponents", "Waiting for the opponents"),
    ]


@pytest.mark.parametrize(
    ("trump", "words", "brief"),
    [
        ("S", "♠", "♠"),
        ("H", "♥", "♥"),
        ("D", "♦", "♦"),
        ("C", "♣", "♣"),
        ("SA", "Sans atout", "SA"),
        ("TA", "Tout atout", "TA"),
    ],
)
def test_a_trump_is_a_code_in_the_csv_a_word_in_the_workbook_and_short_on_the_sheet(
    match, trump, words, brief
):
    entry = DealEntry(
        taker="A",
        deal=scoring.Deal(
            trump=trump,
            contract=80,
            taker_card_points=100,
            defence_card_points=62,
            taker_tricks=5,
        ),
    )
    row = deal_row(match, entry)

    with translation.override("fr"):
        seen = (DEALS["trump"].value(row), DEALS["trump"].words(row), DEALS["trump"].brief(row))

    assert seen == (trump, words, brief)


# The outputs print the registry's keys


def test_the_standings_csv_header_is_its_registry_keys_in_order(db):
    tournament = TournamentFactory()

    data = csv_export.standings_csv(tournament=tournament)

    header = data.decode().splitlines()[0].split(",")
    assert header == [
        *(column.key for column in csv_export.STANDINGS_COLUMNS),
        "rules_preset",
        "rules_version",
    ]
    assert header[:8] == list(STANDINGS_FILE_KEYS) == header_of(SAMPLE / "expected_standings.csv")


def test_the_deals_csv_header_is_its_registry_keys_and_starts_with_the_import_columns(db):
    tournament = TournamentFactory()

    data = csv_export.deals_csv(tournament=tournament)

    header = data.decode().splitlines()[0].split(",")
    assert header == [
        *(column.key for column in csv_export.DEALS_COLUMNS),
        "rules_preset",
        "rules_version",
    ]
    assert header[:17] == list(DEAL_FILE_KEYS) == header_of(SAMPLE / "deals.csv")


def test_the_workbook_headers_are_the_registry_names(db):
    tournament = TournamentFactory()

    with translation.override("en"):
        sheets = xlsx.tournament_sheets(tournament=tournament)
        names_by_sheet = [
            [str(column.name) for column in columns]
            for columns in (xlsx.STANDINGS_COLUMNS, xlsx.MATCHES_COLUMNS, xlsx.DEALS_COLUMNS)
        ]

    assert [list(sheets[index].header) for index in (0, 1, 3)] == names_by_sheet


@pytest.mark.parametrize(
    ("command", "expected"),
    [("standings", "expected_standings.csv"), ("matches", "expected_matches.csv")],
)
def test_each_command_prints_the_header_of_its_expected_file(db, command, expected):
    tournament = TournamentFactory(name="Vide")
    out = io.StringIO()

    call_command(command, tournament.name, "--format", "csv", stdout=out)

    assert out.getvalue().splitlines() == [",".join(header_of(SAMPLE / expected))]


@pytest.mark.parametrize(
    ("text", "french", "english"),
    [
        ("tierce:KH", "tierce au roi de cœur", "tierce to the king of hearts"),
        ("carre:J", "carré de valets", "carré of jacks"),
        ("cent:AS;carre:9", "cent à l’as de pique, carré de neuf", "cent to the ace of spades, carré of nines"),
        ("cinquante:TD", "cinquante au dix de carreau", "cinquante to the ten of diamonds"),
        ("tierce;cinquante", "tierce, cinquante", "tierce, cinquante"),
        ("quinte:AS", "quinte:AS", "quinte:AS"),
        ("", "", ""),
    ],
)  # fmt: skip
def test_declarations_are_written_in_words(text, french, english):
    from tournaments.presentation.cards import declaration_words

    with translation.override("fr"):
        in_french = declaration_words(text)
    with translation.override("en"):
        in_english = declaration_words(text)

    assert (in_french, in_english) == (french, english)


def test_the_counted_match_columns_are_the_match_columns_and_the_deals_not_counted_yet():
    columns = COUNTED_MATCHES.values()

    english, french = names(columns, "en"), names(columns, "fr")

    assert [key for key, _name, _heading in english] == [*MATCHES, "deals_unconfirmed"]
    assert (english[-1][1], french[-1][1]) == (
        "Deals not counted yet",
        "Donnes pas encore comptées",
    )


def test_deals_count_up_to_the_first_one_waiting_and_their_totals_say_so(match):
    statuses = ("confirmed", "disputed", "confirmed", "pending")
    deals = [
        DealFactory.build(match=match, deal_number=number, status=status, total_a=10 * number)
        for number, status in enumerate(statuses, start=1)
    ]

    rows = deal_rows(match, deals)

    assert [row.is_counted for row in rows] == [True, False, False, False]
    with translation.override("fr"):
        assert [DEALS["total_a"].words(row) for row in rows] == [10] + ["Pas encore comptée"] * 3
    with translation.override("en"):
        assert [DEALS["total_a"].words(row) for row in rows] == [10] + ["Not counted yet"] * 3
    # The CSV's value stays the stored running total.
    assert [DEALS["total_a"].value(row) for row in rows] == [10, 20, 30, 40]
