"""import_played_tournament and the import_concours command: the sample concours end to
end, classic presets, odd counts, bad rows."""

import datetime
import io
import random
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import transaction

from scoring.matches import FormatKind, MatchFormat
from tests.samples import command_csv, read_csv_rows
from tournaments.importing import ImportProblem, TournamentImportError, import_played_tournament
from tournaments.models import Bye, Club, Deal, Match, Round, Team, Tournament

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-coinche-16"


def import_sample(name: str = "Concours de démonstration") -> Tournament:
    return import_played_tournament(
        directory=SAMPLE, name=name, rules_preset="ffb-coinche", now=NOW, rng=random.Random(7)
    )


@pytest.fixture(scope="class")
def sample(django_db_setup, django_db_blocker):
    """The sample concours, imported once for the tests of a class that only read it.

    It is imported in a transaction rolled back after the class's last test, so no other
    test sees it, and each test of the class runs in its own savepoint inside it
    (pytest-django's ``db``), so none sees what another wrote.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield import_sample()
        transaction.set_rollback(True)


@pytest.mark.django_db
class TestTheSampleConcours:
    def test_it_gives_the_expected_standings_row_for_row(self, sample):
        rows = command_csv("standings", "Concours de démonstration")

        assert rows == read_csv_rows(SAMPLE / "expected_standings.csv")

    def test_it_gives_every_expected_match_total(self, sample):
        rows = command_csv("matches", "Concours de démonstration")

        assert rows == read_csv_rows(SAMPLE / "expected_matches.csv")

    def test_its_import_stores_teams_rounds_deals_and_passed_deals(self, sample):
        counts = (
            sample.teams.count(),
            sample.rounds.filter(status=Round.Status.CLOSED).count(),
            Match.objects.filter(round__tournament=sample, is_finished=True).count(),
            Deal.objects.filter(match__round__tournament=sample).count(),
            Deal.objects.filter(match__round__tournament=sample, is_passed=True).count(),
            Bye.objects.filter(round__tournament=sample).count(),
            sorted(Club.objects.values_list("name", flat=True)),
        )

        assert counts == (
            16,
            4,
            32,
            398,
            14,
            0,
            ["Amicale de Saint-Étienne", "Foyer rural de Sète", "Les Coinchés de Millau"],
        )

    def test_importing_it_again_under_its_name_is_refused_and_saves_nothing_more(self, sample):
        with pytest.raises(CommandError) as raised:
            call_command(
                "import_concours",
                str(SAMPLE),
                "--name",
                "Concours de démonstration",
                "--ruleset",
                "ffb-coinche",
            )

        assert (str(raised.value), Tournament.objects.count(), Team.objects.count()) == (
            "Rien n’a été importé. Un concours porte déjà ce nom.",
            1,
            16,
        )


@pytest.mark.django_db
def test_nothing_of_the_sample_of_the_class_above_is_left_for_other_tests():
    assert (Tournament.objects.count(), Team.objects.count(), Club.objects.count()) == (0, 0, 0)


@pytest.mark.django_db
def test_the_command_imports_and_reports_what_it_did():
    out = io.StringIO()

    call_command(
        "import_concours", str(SAMPLE), "--name", "Démo", "--ruleset", "ffb-coinche", stdout=out
    )

    assert out.getvalue() == "Importé « Démo » : 16 équipes, 4 parties, 398 donnes.\n"


# A small classic concours: 5 teams (one bye a round), litiges, a passed deal, a capot.
CLASSIC_TEAMS = """number,player_1,player_2,club
1,Anne Petit,Marc Petit,
2,Luc Bon,Léa Bon,Club de Cahors
3,Paul Roy,Rémi Roy,
4,Eva Gras,Ida Gras,
5,Noé Vert,Zoé Vert,Club de Cahors
"""
CLASSIC_DEALS_HEADER = (
    "round,table,team_a,team_b,deal,taker_team,passed,trump,contract,coinche,"
    "taker_card_points,defence_card_points,taker_tricks,taker_belotes,defence_belotes,"
    "taker_declarations,defence_declarations\n"
)
CLASSIC_DEALS = CLASSIC_DEALS_HEADER + (
    "1,1,1,2,1,1,no,H,,none,81,81,4,0,0,0,0\n"
    "1,1,1,2,2,2,no,S,,none,100,62,5,0,0,0,0\n"
    "1,2,3,4,1,3,no,D,,none,95,67,5,0,0,0,0\n"
    "1,2,3,4,2,4,no,C,,none,70,92,3,0,0,0,0\n"
    "2,1,1,3,1,1,no,H,,none,110,52,6,0,0,0,0\n"
    "2,1,1,3,2,3,no,S,,none,81,81,4,0,0,0,0\n"
    "2,2,2,5,1,2,yes,,,,0,0,0,0,0,0,0\n"
    "2,2,2,5,2,5,no,C,,none,120,42,6,0,0,0,0\n"
    "2,2,2,5,3,2,no,H,,none,252,0,8,0,0,0,0\n"
)


def write_tournament_files(
    directory: Path, teams: str, deals: str, encoding: str = "utf-8"
) -> Path:
    directory.mkdir(exist_ok=True)
    (directory / "teams.csv").write_text(teams, encoding=encoding)
    (directory / "deals.csv").write_text(deals, encoding=encoding)
    return directory


@pytest.mark.django_db
@pytest.mark.parametrize("preset", ["belote-classique", "belote-sans-annonces"])
def test_a_classic_concours_with_litiges_and_byes_imports_and_ranks(tmp_path, preset):
    directory = write_tournament_files(tmp_path / "classic", CLASSIC_TEAMS, CLASSIC_DEALS)
    import_played_tournament(
        directory=directory,
        name="Belote de Cahors",
        rules_preset=preset,
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )

    matches = command_csv("matches", "Belote de Cahors")
    standings = command_csv("standings", "Belote de Cahors")

    assert matches == [
        ["round", "table", "team_a", "team_b", "total_a", "total_b"],
        ["1", "1", "1", "2", "62", "262"],
        ["1", "2", "3", "4", "257", "67"],
        ["2", "1", "1", "3", "191", "133"],
        ["2", "2", "2", "5", "294", "120"],
    ]
    assert standings == [
        [
            "rank",
            "team",
            "points",
            "matches_won",
            "matches_drawn",
            "points_against",
            "points_difference",
            "byes",
        ],
        ["1", "2", "556", "2", "0", "182", "374", "0"],
        ["2", "3", "390", "1", "0", "258", "132", "0"],
        ["3", "5", "282", "0", "0", "294", "-12", "1"],
        ["4", "1", "253", "1", "0", "395", "-142", "0"],
        ["5", "4", "252", "0", "0", "257", "-5", "1"],
    ]


@pytest.mark.django_db
def test_it_reads_semicolons_and_windows_1252(tmp_path):
    teams = CLASSIC_TEAMS.replace(",", ";")
    deals = CLASSIC_DEALS.replace(",", ";")
    directory = write_tournament_files(tmp_path / "cp1252", teams, deals, encoding="cp1252")

    tournament = import_played_tournament(
        directory=directory,
        name="Belote",
        rules_preset="belote-classique",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )

    assert list(tournament.teams.values_list("player_1", flat=True)) == [
        "Anne Petit",
        "Luc Bon",
        "Paul Roy",
        "Eva Gras",
        "Noé Vert",
    ]


@pytest.mark.django_db
def test_it_reads_tabs_and_utf16_with_a_byte_order_mark_after_blank_lines(tmp_path):
    teams = "\n\n" + CLASSIC_TEAMS.replace(",", "\t")
    deals = CLASSIC_DEALS.replace(",", "\t")
    directory = write_tournament_files(tmp_path / "utf16", teams, deals, encoding="utf-16")

    tournament = import_played_tournament(
        directory=directory,
        name="Belote",
        rules_preset="belote-classique",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )

    assert list(tournament.teams.values_list("player_1", "club__name")) == [
        ("Anne Petit", None),
        ("Luc Bon", "Club de Cahors"),
        ("Paul Roy", None),
        ("Eva Gras", None),
        ("Noé Vert", "Club de Cahors"),
    ]


def classic_with(deal_line: str, line: int = 2) -> str:
    lines = CLASSIC_DEALS.splitlines(keepends=True)
    lines[line - 1] = deal_line
    return "".join(lines)


BAD_DEALS = [
    (
        classic_with("1,1,1,2,1,1,no,H,,none,81,80,4,0,0,0,0\n"),
        ImportProblem(
            "deals.csv",
            2,
            "taker_card_points",
            "card_points",
            {"total": 161, "deal_card_points": 162, "capot_card_points": 252},
        ),
    ),
    (
        classic_with("1,1,1,2,1,1,no,H,,none,81,81,4,x,0,0,0\n"),
        ImportProblem("deals.csv", 2, "taker_belotes", "number", {"field": "taker_belotes"}),
    ),
    (
        classic_with("1,1,1,2,1,1,no,H,90,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "contract", "contract"),
    ),
    (
        classic_with("1,1,1,2,1,1,no,SA,,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "trump", "trump", {"trump": "SA"}),
    ),
    (
        classic_with("1,1,1,9,1,1,no,H,,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "team_b", "unknown_team", {"number": 9}),
    ),
    (
        classic_with("1,1,1,2,1,3,no,H,,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "taker_team", "taker_team"),
    ),
    (
        classic_with("1,x,1,2,1,1,no,H,,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "table", "number"),
    ),
    (
        classic_with("1,1,1,2,1,1,no,H,,none,81,81,4,0,0,0,0\n", line=3),
        ImportProblem("deals.csv", 3, "deal", "duplicate_deal", {"number": 1}),
    ),
    (
        classic_with("1,2,3,5,2,3,no,C,,none,70,92,3,0,0,0,0\n", line=5),
        ImportProblem("deals.csv", 5, "table", "table_conflict", {"table": 2}),
    ),
    (
        classic_with("1,3,1,5,1,1,no,H,,none,81,81,4,0,0,0,0\n", line=4),
        ImportProblem("deals.csv", 4, "team_a", "team_twice", {"number": 1}),
    ),
    (
        classic_with("1,1,1,2,1,1,maybe,H,,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "passed", "passed"),
    ),
    (
        classic_with("1,1,1,1,1,1,no,H,,none,81,81,4,0,0,0,0\n"),
        ImportProblem("deals.csv", 2, "team_b", "same_team"),
    ),
    (
        CLASSIC_DEALS + "1,1,1,2,3,1,no,H,,none,100,62,5,0,0,0,0\n",
        ImportProblem("deals.csv", 11, "deal", "match_finished"),
    ),
    (
        "round,table\n1,1\n",
        ImportProblem(
            "deals.csv",
            1,
            "team_a",
            "columns",
            {
                "columns": "team_a, team_b, deal, taker_team, passed, trump, contract, coinche, taker_card_points, defence_card_points, taker_tricks, taker_belotes, defence_belotes, taker_declarations, defence_declarations",
            },
        ),
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("deals", "problem"), BAD_DEALS, ids=[p.code for _, p in BAD_DEALS])
def test_a_bad_deal_row_stops_the_import_and_saves_nothing(tmp_path, deals, problem):
    directory = write_tournament_files(tmp_path / "bad", CLASSIC_TEAMS, deals)

    with pytest.raises(TournamentImportError) as raised:
        import_played_tournament(
            directory=directory,
            name="Belote",
            rules_preset="belote-classique",
            now=NOW,
            rng=random.Random(1),
            match_format=MatchFormat(FormatKind.DEALS, 2),
        )

    found = raised.value.problem
    assert (found.file, found.line, found.column, found.code, found.params) == (
        problem.file,
        problem.line,
        problem.column,
        problem.code,
        problem.params,
    )
    assert (Tournament.objects.count(), Team.objects.count(), Deal.objects.count()) == (0, 0, 0)


BAD_TEAMS = [
    ("number,player_1,player_2\nx,A,B\n", ImportProblem("teams.csv", 2, "number", "number")),
    (
        "number,player_1,player_2\n1,A,B\n1,C,D\n",
        ImportProblem("teams.csv", 3, "number", "duplicate_number", {"number": 1}),
    ),
    (
        "number,player_1,player_2\n1,A,\n",
        ImportProblem("teams.csv", 2, "player_2", "missing_player"),
    ),
    (
        "numero,player_1,player_2\n1,A,B\n",
        ImportProblem("teams.csv", 1, "number", "columns", {"columns": "number"}),
    ),
    (
        "number,player_1,player_2\n1,Anne,Marc\n2,MARC,anne\n",
        ImportProblem("teams.csv", 3, "", "same_pair", {"line": 2}),
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("teams", "problem"), BAD_TEAMS, ids=[p.code for _, p in BAD_TEAMS])
def test_a_bad_team_row_stops_the_import(tmp_path, teams, problem):
    directory = write_tournament_files(tmp_path / "bad", teams, CLASSIC_DEALS_HEADER)

    with pytest.raises(TournamentImportError) as raised:
        import_played_tournament(
            directory=directory,
            name="B",
            rules_preset="belote-classique",
            now=NOW,
            rng=random.Random(1),
        )

    assert raised.value.problem == problem
    assert Tournament.objects.count() == 0


@pytest.mark.django_db
def test_the_command_names_file_line_field_and_code_in_french(tmp_path):
    deals = classic_with("1,1,1,2,1,1,no,H,,none,81,80,4,0,0,0,0\n")
    directory = write_tournament_files(tmp_path / "bad", CLASSIC_TEAMS, deals)

    with pytest.raises(CommandError) as raised:
        call_command(
            "import_concours", str(directory), "--name", "B", "--ruleset", "belote-classique"
        )

    assert str(raised.value) == (
        "Rien n’a été importé. deals.csv, ligne 2, colonne « taker_card_points » "
        "[card_points] : Les points des deux équipes doivent faire 162 (ici 161), "
        "ou 252 sur un capot."
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--ruleset", "coinche-maison"],
            "Rien n’a été importé. Règle inconnue « coinche-maison ».",
        ),
        (
            ["--ruleset", "ffb-coinche", "--format", "douze"],
            "Le format de partie s’écrit deals:N ou target:T, pas « douze ».",
        ),
        (
            ["--ruleset", "ffb-coinche", "--date", "28/11/2026"],
            "La date s’écrit AAAA-MM-JJ, pas « 28/11/2026 ».",
        ),
    ],
)
def test_the_command_refuses_bad_options_clearly(args, message):
    with pytest.raises(CommandError) as raised:
        call_command("import_concours", str(SAMPLE), "--name", "X", *args)

    assert (str(raised.value), Tournament.objects.count()) == (message, 0)


@pytest.mark.django_db
def test_a_missing_directory_is_reported():
    with pytest.raises(CommandError) as raised:
        call_command("import_concours", "/nonexistent", "--name", "X", "--ruleset", "ffb-coinche")

    assert str(raised.value) == (
        "Rien n’a été importé. teams.csv [file] : Le fichier ne peut pas être lu."
    )


@pytest.mark.django_db
def test_standings_of_an_unknown_tournament_is_a_clear_error():
    with pytest.raises(CommandError) as raised:
        call_command("standings", "Inconnu")

    assert str(raised.value) == "Aucun concours ne s’appelle « Inconnu »."


# --- Bad input through the command: one French line, exit status 1, nothing saved ---------


def saved_counts() -> tuple[int, int, int, int]:
    return (
        Tournament.objects.count(),
        Team.objects.count(),
        Club.objects.count(),
        Deal.objects.count(),
    )


def refused_import(directory: Path, *options: str) -> tuple[str, int]:
    """Run import_concours with --club, which must fail; return its message and status."""
    with pytest.raises(CommandError) as raised:
        call_command(
            "import_concours",
            str(directory),
            "--name",
            "Belote",
            "--ruleset",
            "belote-classique",
            "--format",
            "deals:2",
            "--club",
            "Amicale de Cahors",
            *options,
        )
    return str(raised.value), raised.value.returncode


def deal_line(
    round_: str = "1", table: str = "1", deal: str = "1", inputs: str = "H,,none,81,81,4,0,0,0,0"
) -> str:
    return f"{round_},{table},1,2,{deal},1,no,{inputs}\n"


NOTHING = "Rien n’a été importé. "
NUMBER_MESSAGE = "Écrivez un nombre entier d’au moins 1, avec les chiffres 0 à 9."
TEAM_NUMBER_LIMIT = "[too_large] : Le nombre ne peut pas dépasser 9999."
MISSING_ROUND = (
    "n’a aucune donne alors que les suivantes en ont : numérotez les parties à partir de 1, "
    "sans trou."
)
BAD_INPUTS = [
    (
        "player_name_over_100_characters",
        CLASSIC_TEAMS.replace("Anne Petit", "A" * 101),
        CLASSIC_DEALS,
        (),
        "teams.csv, ligne 2, colonne « player_1 » [too_long] : Trop long : 100 caractères au plus.",
    ),
    (
        "club_over_150_characters",
        CLASSIC_TEAMS.replace("Club de Cahors", "C" * 151, 1),
        CLASSIC_DEALS,
        (),
        "teams.csv, ligne 3, colonne « club » [too_long] : Trop long : 150 caractères au plus.",
    ),
    (
        "nul_in_a_player_name",
        CLASSIC_TEAMS.replace("Marc Petit", "Marc\x00Petit"),
        CLASSIC_DEALS,
        (),
        "teams.csv, ligne 2, colonne « player_2 » [nul] : "
        "Le texte contient un caractère nul (code 0) : supprimez-le.",
    ),
    (
        "player_name_of_control_characters_only",
        CLASSIC_TEAMS.replace("Marc Petit", "\t\u200b\x07"),
        CLASSIC_DEALS,
        (),
        "teams.csv, ligne 2, colonne « player_2 » [missing_player] : "
        "Les noms des deux joueurs sont obligatoires.",
    ),
    (
        "twenty_digit_team_number",
        CLASSIC_TEAMS.replace("1,Anne", "99999999999999999999,Anne"),
        CLASSIC_DEALS,
        (),
        f"teams.csv, ligne 2, colonne « number » {TEAM_NUMBER_LIMIT}",
    ),
    (
        "5000_digit_team_number",
        CLASSIC_TEAMS.replace("1,Anne", "9" * 5000 + ",Anne"),
        CLASSIC_DEALS,
        (),
        f"teams.csv, ligne 2, colonne « number » {TEAM_NUMBER_LIMIT}",
    ),
    (
        "superscript_team_number",
        CLASSIC_TEAMS.replace("1,Anne", "²,Anne"),
        CLASSIC_DEALS,
        (),
        f"teams.csv, ligne 2, colonne « number » [number] : {NUMBER_MESSAGE}",
    ),
    (
        "team_number_zero",
        CLASSIC_TEAMS.replace("1,Anne", "000,Anne"),
        CLASSIC_DEALS,
        (),
        f"teams.csv, ligne 2, colonne « number » [number] : {NUMBER_MESSAGE}",
    ),
    (
        "same_pair_twice",
        CLASSIC_TEAMS.replace("Noé Vert,Zoé Vert", "Marc  Petit,anne petit"),
        CLASSIC_DEALS,
        (),
        "teams.csv, ligne 6 [same_pair] : Les deux mêmes joueurs sont déjà à la ligne 2.",
    ),
    (
        "no_team",
        "number,player_1,player_2,club\n",
        CLASSIC_DEALS,
        (),
        "teams.csv [no_teams] : Un concours demande au moins 2 équipes ; ce fichier en compte 0.",
    ),
    (
        "one_team",
        "number,player_1,player_2,club\n1,Anne Petit,Marc Petit,\n",
        CLASSIC_DEALS,
        (),
        "teams.csv [no_teams] : Un concours demande au moins 2 équipes ; ce fichier en compte 1.",
    ),
    (
        "no_deal",
        CLASSIC_TEAMS,
        CLASSIC_DEALS_HEADER,
        (),
        "deals.csv [no_deals] : Le fichier ne contient aucune donne : ajoutez une ligne par "
        "donne sous la ligne d’en-tête.",
    ),
    (
        "blank_lines_only",
        CLASSIC_TEAMS,
        CLASSIC_DEALS_HEADER + "\n,,,\n",
        (),
        "deals.csv [no_deals] : Le fichier ne contient aucune donne : ajoutez une ligne par "
        "donne sous la ligne d’en-tête.",
    ),
    (
        "round_21",
        CLASSIC_TEAMS,
        classic_with(deal_line(round_="21")),
        (),
        "deals.csv, ligne 2, colonne « round » [too_many_rounds] : "
        "Un concours compte au plus 20 parties.",
    ),
    (
        "5000_digit_round",
        CLASSIC_TEAMS,
        classic_with(deal_line(round_="1" * 5000)),
        (),
        "deals.csv, ligne 2, colonne « round » [too_many_rounds] : "
        "Un concours compte au plus 20 parties.",
    ),
    (
        "deals_only_in_round_3",
        CLASSIC_TEAMS,
        CLASSIC_DEALS_HEADER + deal_line(round_="3"),
        (),
        f"deals.csv, ligne 2, colonne « round » [missing_round] : La partie 1 {MISSING_ROUND}",
    ),
    (
        "round_2_missing",
        CLASSIC_TEAMS,
        CLASSIC_DEALS.replace("\n2,", "\n3,"),
        (),
        f"deals.csv, ligne 6, colonne « round » [missing_round] : La partie 2 {MISSING_ROUND}",
    ),
    (
        "table_40000",
        CLASSIC_TEAMS,
        classic_with(deal_line(table="40000")),
        (),
        "deals.csv, ligne 2, colonne « table » [too_large] : Le nombre ne peut pas dépasser 999.",
    ),
    (
        "arabic_indic_table",
        CLASSIC_TEAMS,
        classic_with(deal_line(table="١٠٤")),
        (),
        f"deals.csv, ligne 2, colonne « table » [number] : {NUMBER_MESSAGE}",
    ),
    (
        "deal_40000",
        CLASSIC_TEAMS,
        classic_with(deal_line(deal="40000")),
        (),
        "deals.csv, ligne 2, colonne « deal » [too_large] : Le nombre ne peut pas dépasser 99.",
    ),
    (
        "5000_digit_card_points",
        CLASSIC_TEAMS,
        classic_with(deal_line(inputs="H,,none," + "9" * 5000 + ",81,4,0,0,0,0")),
        (),
        "deals.csv, ligne 2, colonne « taker_card_points » [number] : Saisissez un nombre entier.",
    ),
    (
        "arabic_indic_tricks",
        CLASSIC_TEAMS,
        classic_with(deal_line(inputs="H,,none,81,81,٤,0,0,0,0")),
        (),
        "deals.csv, ligne 2, colonne « taker_tricks » [number] : Saisissez un nombre entier.",
    ),
    (
        "cell_over_the_csv_limit",
        CLASSIC_TEAMS,
        classic_with(deal_line(inputs="H,,none,81,81,4,0,0,0," + "0" * 200_000)),
        (),
        "deals.csv, ligne 2 [csv] : Cette ligne ne peut pas être lue : une cellule est "
        "beaucoup trop longue.",
    ),
    (
        "deal_after_the_match_ended",
        CLASSIC_TEAMS,
        CLASSIC_DEALS + "1,1,1,2,3,1,no,H,,none,100,62,5,0,0,0,0\n",
        (),
        "deals.csv, ligne 11, colonne « deal » [match_finished] : "
        "Cette partie est terminée : on ne peut plus ajouter de donne.",
    ),
    (
        "tournament_name_over_150_characters",
        CLASSIC_TEAMS,
        CLASSIC_DEALS,
        ("--name", "N" * 151),
        "Le nom du concours est trop long : 150 caractères au plus.",
    ),
    (
        "tournament_name_of_spaces_and_tabs",
        CLASSIC_TEAMS,
        CLASSIC_DEALS,
        ("--name", " \t "),
        "Donnez un nom au concours.",
    ),
    (
        "blank_club",
        CLASSIC_TEAMS,
        CLASSIC_DEALS,
        ("--club", "   "),
        "Donnez un nom au club, ou retirez l’option --club.",
    ),
    (
        "club_option_over_150_characters",
        CLASSIC_TEAMS,
        CLASSIC_DEALS,
        ("--club", "C" * 151),
        "Le nom du club est trop long : 150 caractères au plus.",
    ),
    (
        "format_of_100_deals",
        CLASSIC_TEAMS,
        CLASSIC_DEALS,
        ("--format", "deals:100"),
        "Le format de partie va au plus jusqu’à deals:99.",
    ),
    (
        "target_of_10000",
        CLASSIC_TEAMS,
        CLASSIC_DEALS,
        ("--format", "target:10000"),
        "Le format de partie va au plus jusqu’à target:9999.",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("teams", "deals", "options", "message"),
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_bad_input_ends_in_one_french_line_and_saves_nothing_not_even_the_club(
    tmp_path, teams, deals, options, message
):
    directory = write_tournament_files(tmp_path / "bad", teams, deals)

    refusal = refused_import(directory, *options)

    assert (refusal, saved_counts()) == ((NOTHING + message, 1), (0, 0, 0, 0))


@pytest.mark.django_db
def test_a_format_written_with_arabic_indic_digits_is_refused(tmp_path):
    directory = write_tournament_files(tmp_path / "bad", CLASSIC_TEAMS, CLASSIC_DEALS)

    refusal = refused_import(directory, "--format", "deals:١٢")

    assert (refusal, saved_counts()) == (
        ("Le format de partie s’écrit deals:N ou target:T, pas « deals:١٢ ».", 1),
        (0, 0, 0, 0),
    )


@pytest.mark.django_db
def test_declaration_points_no_side_can_hold_are_refused_before_the_database(tmp_path):
    deals = classic_with(deal_line(inputs="H,,none,81,81,4,0,0,40000,0"))
    directory = write_tournament_files(tmp_path / "bad", CLASSIC_TEAMS, deals)

    refusal = refused_import(directory)

    assert (refusal, saved_counts()) == (
        (
            NOTHING + "deals.csv, ligne 2, colonne « taker_declarations » [declarations] : "
            "Les annonces d’une équipe ne dépassent pas 550 points.",
            1,
        ),
        (0, 0, 0, 0),
    )


@pytest.mark.django_db
def test_a_name_already_taken_creates_no_club(tmp_path):
    import_sample("Belote")
    before = saved_counts()
    directory = write_tournament_files(tmp_path / "again", CLASSIC_TEAMS, CLASSIC_DEALS)

    refusal = refused_import(directory, "--club", "Club tout neuf")

    assert (refusal, saved_counts()) == (
        (NOTHING + "Un concours porte déjà ce nom.", 1),
        before,
    )


# --- What a good import keeps -------------------------------------------------------------


@pytest.mark.django_db
def test_the_club_option_is_cleaned_and_created_with_the_tournament(tmp_path):
    directory = write_tournament_files(tmp_path / "ok", CLASSIC_TEAMS, CLASSIC_DEALS)

    call_command(
        "import_concours",
        str(directory),
        "--name",
        " Belote\tde  Cahors ",
        "--ruleset",
        "belote-classique",
        "--format",
        "deals:2",
        "--club",
        "  Amicale\nde Cahors ",
        stdout=io.StringIO(),
    )

    tournament = Tournament.objects.get()
    assert (tournament.name, tournament.club.name, list(Club.objects.values_list("name"))) == (
        "Belote de Cahors",
        "Amicale de Cahors",
        [("Amicale de Cahors",), ("Club de Cahors",)],
    )


@pytest.mark.django_db
def test_the_club_option_finds_an_existing_club(tmp_path):
    club = Club.objects.create(name="Club de Cahors")
    directory = write_tournament_files(tmp_path / "ok", CLASSIC_TEAMS, CLASSIC_DEALS)

    tournament = import_played_tournament(
        directory=directory,
        name="Belote",
        rules_preset="belote-classique",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
        club="Club de Cahors",
    )

    assert (tournament.club, Club.objects.count(), Team.objects.filter(club=club).count()) == (
        club,
        1,
        2,
    )


@pytest.mark.django_db
def test_names_lose_control_and_invisible_characters_and_numbers_their_leading_zeros(tmp_path):
    teams = (
        CLASSIC_TEAMS.replace("1,Anne Petit", "0001,Anne\tPetit\x07")
        .replace("Marc Petit", "Marc\u200b Petit\ufeff")
        .replace("Luc Bon", "\u202eLuc  Bon")
        .replace("Club de Cahors", '"Club de\r\nCahors"', 1)
    )
    deals = CLASSIC_DEALS.replace("1,1,1,2,1,1", "001,01,1,002,1,1")
    directory = write_tournament_files(tmp_path / "ok", teams, deals)

    tournament = import_played_tournament(
        directory=directory,
        name="Belote",
        rules_preset="belote-classique",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )

    assert list(
        tournament.teams.values_list("number", "player_1", "player_2", "club__name")[:2]
    ) == [
        (1, "Anne Petit", "Marc Petit", None),
        (2, "Luc Bon", "Léa Bon", "Club de Cahors"),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("deals", "message"),
    [
        (
            CLASSIC_DEALS_HEADER + deal_line(),
            "Importé « Belote » : 5 équipes, 1 partie, 1 donne.\n",
        ),
        (CLASSIC_DEALS, "Importé « Belote » : 5 équipes, 2 parties, 9 donnes.\n"),
    ],
    ids=["singular", "plural"],
)
def test_the_success_line_agrees_each_count_with_its_noun(tmp_path, deals, message):
    directory = write_tournament_files(tmp_path / "ok", CLASSIC_TEAMS, deals)
    out = io.StringIO()

    call_command(
        "import_concours",
        str(directory),
        "--name",
        "Belote",
        "--ruleset",
        "belote-classique",
        "--format",
        "deals:2",
        stdout=out,
    )

    assert out.getvalue() == message


@pytest.mark.django_db
def test_a_teams_file_with_a_name_column_imports_the_team_names(tmp_path):
    teams = CLASSIC_TEAMS.replace(
        "number,player_1,player_2,club\n", "number,player_1,player_2,club,name\n"
    )
    teams = teams.replace("1,Anne Petit,Marc Petit,\n", "1,Anne Petit,Marc Petit,, Les\tAs \n")
    teams = "\n".join(line if line.count(",") == 4 else line + "," for line in teams.splitlines())
    directory = write_tournament_files(tmp_path / "names", teams + "\n", CLASSIC_DEALS)

    call_command(
        "import_concours",
        str(directory),
        "--name",
        "Belote",
        "--ruleset",
        "belote-classique",
        "--format",
        "deals:2",
        stdout=io.StringIO(),
    )

    assert list(Team.objects.order_by("number").values_list("number", "name")) == [
        (1, "Les As"),
        (2, ""),
        (3, ""),
        (4, ""),
        (5, ""),
    ]
