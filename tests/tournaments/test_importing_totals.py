"""import_played_tournament and import_concours with matches.csv, each table's totals
instead of its deals (RULES.md §G): the held-out sample ranks exactly, bad rows are
refused with their line, column and French message, and nothing is saved then."""

import datetime
import io
import random
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.utils import translation

import scoring
from tests.samples import command_csv, imported_for_a_class, read_csv_rows
from tournaments.importing import ImportProblem, TournamentImportError, import_played_tournament
from tournaments.models import Bye, Club, Deal, Match, Round, Team, Tournament

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "concours-belote-19-totals"
NAME = "Belote de la Saint-Martin"


@pytest.fixture(scope="class")
def sample(django_db_setup, django_db_blocker):
    """The totals sample, imported once for the tests of a class that only read it, in a
    transaction rolled back after the class's last test."""
    yield from imported_for_a_class(django_db_blocker, SAMPLE, NAME)


@pytest.mark.django_db
class TestTheTotalsSample:
    def test_it_gives_the_expected_standings_row_for_row(self, sample):
        rows = command_csv("standings", NAME)

        assert rows == read_csv_rows(SAMPLE / "expected_standings.csv")

    def test_every_match_has_the_totals_of_its_row(self, sample):
        rows = command_csv("matches", NAME)

        assert rows == [row[:6] for row in read_csv_rows(SAMPLE / "matches.csv")]

    def test_its_matches_are_finished_by_their_totals_with_the_sheets_counts(self, sample):
        matches = Match.objects.filter(round__tournament=sample)

        counts = (
            sample.teams.count(),
            sample.rounds.filter(status=Round.Status.CLOSED).count(),
            matches.filter(is_finished=True, is_totals_only=True).count(),
            Deal.objects.filter(match__round__tournament=sample).count(),
            list(
                Bye.objects.filter(round__tournament=sample)
                .order_by("round__number")
                .values_list("round__number", "team__number")
            ),
        )
        first = matches.get(round__number=1, table_number=8)

        assert counts == (19, 4, 36, 0, [(1, 11), (2, 3), (3, 12), (4, 8)])
        assert (
            first.total_a,
            first.total_b,
            first.sheet_deals_played,
            first.sheet_capots,
            first.sheet_belotes,
            first.sheet_declarations,
            first.result,
        ) == (860, 1324, 12, 2, 3, 0, "B")


@pytest.mark.django_db
def test_the_command_imports_the_totals_and_says_how_many_tables():
    out = io.StringIO()

    call_command(
        "import_concours",
        str(SAMPLE),
        "--name",
        "Démo",
        "--ruleset",
        "belote-sans-annonces",
        stdout=out,
    )

    assert out.getvalue() == (
        "Importé « Démo » : 19 équipes, 4 parties, 36 tables par leurs totaux.\n"
    )


TEAMS = """number,player_1,player_2,club
1,Anne Petit,Marc Petit,
2,Luc Bon,Léa Bon,Club de Cahors
3,Paul Roy,Rémi Roy,
4,Eva Gras,Ida Gras,
5,Noé Vert,Zoé Vert,Club de Cahors
"""
HEADER = "round,table,team_a,team_b,total_a,total_b,deals_played,capots,belotes,declarations\n"
#: Two rounds of two tables, one bye each: 2 deals a match, the sums add up.
MATCHES = HEADER + (
    "1,1,1,2,62,262,2,0,0,0\n"
    "1,2,3,4,257,67,2,0,0,0\n"
    "2,1,1,3,191,133,2,0,0,0\n"
    "2,2,2,5,294,120,2,1,0,0\n"
)


def write_folder(directory: Path, matches: str, teams: str = TEAMS, deals: str | None = None):
    directory.mkdir(exist_ok=True)
    (directory / "teams.csv").write_text(teams, encoding="utf-8")
    (directory / "matches.csv").write_text(matches, encoding="utf-8")
    if deals is not None:
        (directory / "deals.csv").write_text(deals, encoding="utf-8")
    return directory


@pytest.mark.django_db
def test_a_small_totals_concours_ranks_with_its_byes_as_a_deals_one_does(tmp_path):
    directory = write_folder(tmp_path / "totals", MATCHES)
    import_played_tournament(
        directory=directory,
        name="Cahors",
        rules_preset="belote-classique",
        now=NOW,
        rng=random.Random(1),
    )

    standings = command_csv("standings", "Cahors")

    # The classic sample of test_importing.py, typed by its totals: the same standings.
    assert standings[1:] == [
        ["1", "2", "556", "2", "0", "182", "374", "0"],
        ["2", "3", "390", "1", "0", "258", "132", "0"],
        ["3", "5", "282", "0", "0", "294", "-12", "1"],
        ["4", "1", "253", "1", "0", "395", "-142", "0"],
        ["5", "4", "252", "0", "0", "257", "-5", "1"],
    ]


@pytest.mark.django_db
def test_a_file_without_the_counts_is_imported_unchecked_under_a_coinche_preset(tmp_path):
    matches = "round,table,team_a,team_b,total_a,total_b\n1,1,1,2,1500,1210\n1,2,3,4,980,1990\n"
    directory = write_folder(tmp_path / "coinche", matches)
    import_played_tournament(
        directory=directory,
        name="Coinche",
        rules_preset="ffb-coinche",
        now=NOW,
        rng=random.Random(1),
    )

    rows = command_csv("matches", "Coinche")

    assert rows == [
        ["round", "table", "team_a", "team_b", "total_a", "total_b"],
        ["1", "1", "1", "2", "1500", "1210"],
        ["1", "2", "3", "4", "980", "1990"],
    ]


def refusal(directory: Path, ruleset: str) -> TournamentImportError:
    """Import ``directory`` through the service (concours « B »), which must refuse it;
    return its error."""
    with pytest.raises(TournamentImportError) as raised:
        import_played_tournament(
            directory=directory, name="B", rules_preset=ruleset, now=NOW, rng=random.Random(1)
        )
    return raised.value


def refused(directory: Path, ruleset: str = "belote-sans-annonces") -> str:
    """Run import_concours, which must fail; return its message once nothing is saved."""
    with pytest.raises(CommandError) as raised:
        call_command(
            "import_concours",
            str(directory),
            "--name",
            "Belote",
            "--ruleset",
            ruleset,
            "--format",
            "deals:2",
            "--club",
            "Amicale de Cahors",
        )
    counts = (Tournament.objects.count(), Team.objects.count(), Club.objects.count())
    assert (counts, raised.value.returncode) == ((0, 0, 0), 1)
    return str(raised.value)


NOTHING = "Rien n’a été importé. "
BAD_ROWS = [
    (
        "sum-fails",
        HEADER + "1,1,1,2,62,262,2,0,0,0\n1,2,3,4,257,66,2,0,0,0\n",
        "matches.csv, ligne 3, colonne « total_a » [sum] : Les totaux font 323, la feuille "
        "en annonce 324 (162 × 2).",
    ),
    (
        "sum-fails-with-capots-and-belotes",
        HEADER + "1,1,1,2,400,300,3,1,2,0\n",
        "matches.csv, ligne 2, colonne « total_a » [sum] : Les totaux font 700, la feuille "
        "en annonce 616 (162 × 3 + 90 × 1 + 20 × 2).",
    ),
    (
        "team-at-two-tables",
        HEADER + "1,1,1,2,62,262,2,0,0,0\n1,2,3,1,257,67,2,0,0,0\n",
        "matches.csv, ligne 3, colonne « team_b » [team_twice] : L’équipe 1 joue à deux "
        "tables dans cette partie.",
    ),
    (
        "unknown-team",
        HEADER + "1,1,1,9,62,262,2,0,0,0\n",
        "matches.csv, ligne 2, colonne « team_b » [unknown_team] : L’équipe 9 n’est pas "
        "dans teams.csv.",
    ),
    (
        "same-team",
        HEADER + "1,1,2,2,62,262,2,0,0,0\n",
        "matches.csv, ligne 2, colonne « team_b » [same_team] : Une équipe ne peut pas "
        "jouer contre elle-même.",
    ),
    (
        "letters-in-a-total",
        HEADER + "1,1,1,2,soixante,262,2,0,0,0\n",
        "matches.csv, ligne 2, colonne « total_a » [count] : Écrivez un nombre entier "
        "(0 ou plus), avec les chiffres 0 à 9.",
    ),
    (
        "a-negative-count",
        HEADER + "1,1,1,2,62,262,2,-1,0,0\n",
        "matches.csv, ligne 2, colonne « capots » [count] : Écrivez un nombre entier "
        "(0 ou plus), avec les chiffres 0 à 9.",
    ),
    (
        "a-missing-total",
        HEADER + "1,1,1,2,62,,2,0,0,0\n",
        "matches.csv, ligne 2, colonne « total_b » [count] : Écrivez un nombre entier "
        "(0 ou plus), avec les chiffres 0 à 9.",
    ),
    (
        "a-total-too-large",
        HEADER + "1,1,1,2,100000,262,2,0,0,0\n",
        "matches.csv, ligne 2, colonne « total_a » [too_large] : Le nombre ne peut pas "
        "dépasser 99999.",
    ),
    (
        "capots-above-deals",
        HEADER + "1,1,1,2,62,262,2,3,0,0\n",
        "matches.csv, ligne 2, colonne « capots » [capots] : Il ne peut pas y avoir plus "
        "de capots que de donnes jouées (2).",
    ),
    (
        "declarations-under-sans-annonces",
        HEADER + "1,1,1,2,62,282,2,0,0,20\n",
        "matches.csv, ligne 2, colonne « declarations » [declarations] : Les annonces ne "
        "comptent pas avec cette règle (belote-rebelote seulement).",
    ),
    (
        "counts-without-deals-played",
        HEADER + "1,1,1,2,62,262,,0,0,0\n",
        "matches.csv, ligne 2, colonne « deals_played » [deals_played] : Indiquez le "
        "nombre de donnes jouées : c’est avec lui que les autres comptes vérifient les "
        "totaux.",
    ),
    (
        "table-twice",
        HEADER + "1,1,1,2,62,262,2,0,0,0\n1,1,3,4,257,67,2,0,0,0\n",
        "matches.csv, ligne 3, colonne « table » [duplicate_table] : La table 1 de cette "
        "partie est déjà à la ligne 2.",
    ),
    (
        "a-round-missing",
        HEADER + "1,1,1,2,62,262,2,0,0,0\n3,1,1,3,191,133,2,0,0,0\n",
        "matches.csv, ligne 3, colonne « round » [empty_round] : La partie 2 n’a aucune "
        "table alors que les suivantes en ont : numérotez les parties à partir de 1, sans "
        "trou.",
    ),
    (
        "no-row",
        HEADER,
        "matches.csv [no_matches] : Le fichier ne contient aucune table : ajoutez une ligne "
        "par table sous l’en-tête.",
    ),
    (
        "a-missing-column",
        "round,table,team_a,team_b,total_a\n1,1,1,2,62\n",
        "matches.csv, ligne 1, colonne « total_b » [columns] : Colonne(s) manquante(s) : total_b.",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("matches", "message"),
    [case[1:] for case in BAD_ROWS],
    ids=[case[0] for case in BAD_ROWS],
)
def test_a_bad_row_is_refused_in_french_naming_its_line_and_column(tmp_path, matches, message):
    directory = write_folder(tmp_path / "bad", matches)

    text = refused(directory)

    assert text == NOTHING + message


@pytest.mark.django_db
def test_a_folder_with_both_deals_and_totals_is_refused(tmp_path):
    directory = write_folder(tmp_path / "both", MATCHES, deals="round,table\n")

    text = refused(directory)

    assert text == NOTHING + (
        "Le dossier contient à la fois deals.csv et matches.csv : gardez-en un, deals.csv "
        "pour les donnes ou matches.csv pour les totaux de chaque table."
    )


@pytest.mark.django_db
def test_a_folder_with_neither_deals_nor_totals_is_refused(tmp_path):
    directory = tmp_path / "neither"
    directory.mkdir()
    (directory / "teams.csv").write_text(TEAMS, encoding="utf-8")

    text = refused(directory)

    assert text == NOTHING + (
        "Le dossier ne contient ni deals.csv (les donnes) ni matches.csv (les totaux de "
        "chaque table) : ajoutez l’un des deux."
    )


@pytest.mark.django_db
def test_the_problem_of_a_sum_that_fails_carries_the_engines_error_and_the_row(tmp_path):
    directory = write_folder(tmp_path / "bad", HEADER + "1,1,1,2,62,261,2,0,0,0\n")

    raised = refusal(directory, "belote-classique")

    assert raised.problem == ImportProblem(
        "matches.csv",
        2,
        "total_a",
        "sum",
        {"total": 323, "expected": 324},
        error=scoring.TotalsError(
            scoring.TotalsField.SUM, "mismatch", (("total", 323), ("expected", 324))
        ),
        totals=scoring.MatchTotals(62, 261, 2, 0, 0, 0),
    )


IMPLAUSIBLE_ROWS = [
    (
        "more-deals-than-the-format",
        "belote-sans-annonces",
        HEADER + "1,1,1,2,62,262,2,0,0,0\n1,2,3,4,200,286,3,0,0,0\n",
        "matches.csv, ligne 3, colonne « deals_played » [totals_implausible] : Ces totaux "
        "ne peuvent pas être justes : 3 donnes jouées, or une partie en compte 2.",
    ),
    (
        "a-coinche-total-off-the-step",
        "ffb-coinche",
        "round,table,team_a,team_b,total_a,total_b\n1,1,1,2,1005,300\n",
        "matches.csv, ligne 2, colonne « total_a » [totals_implausible] : Ces totaux ne "
        "peuvent pas être justes : le total A (1005) n’est pas un multiple de 10.",
    ),
    (
        "a-coinche-sum-above-two-deals",
        "ffb-coinche",
        "round,table,team_a,team_b,total_a,total_b\n1,1,1,2,500,600\n1,2,3,4,11050,0\n",
        "matches.csv, ligne 3, colonne « total_a » [totals_implausible] : Ces totaux ne "
        "peuvent pas être justes : les totaux font 11050, plus que 11040 (au plus 5520 par "
        "donne, 2 donnes jouées).",
    ),
    (
        "a-coinche-sum-below-its-deals",
        "ffb-coinche",
        "round,table,team_a,team_b,total_a,total_b,deals_played\n1,1,1,2,300,100,2\n",
        "matches.csv, ligne 2, colonne « total_a » [totals_implausible] : Ces totaux ne "
        "peuvent pas être justes : les totaux font 400, moins que 480 (au moins 240 par "
        "donne, 2 donnes jouées).",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ruleset", "matches", "message"),
    [case[1:] for case in IMPLAUSIBLE_ROWS],
    ids=[case[0] for case in IMPLAUSIBLE_ROWS],
)
def test_a_row_whose_totals_cannot_be_true_is_refused_naming_its_line_and_limit(
    tmp_path, ruleset, matches, message
):
    directory = write_folder(tmp_path / "impossible", matches)

    text = refused(directory, ruleset)

    assert text == NOTHING + message


@pytest.mark.django_db
def test_the_problem_of_impossible_totals_names_each_limit_with_its_numbers(tmp_path):
    directory = write_folder(tmp_path / "bad", HEADER + "1,1,1,2,1000,1106,13,0,0,0\n")

    raised = refusal(directory, "belote-classique")

    assert raised.problems == (
        ImportProblem(
            "matches.csv",
            2,
            "deals_played",
            "totals_implausible",
            {"limits": "most_deals", "deals_played": 13, "most_deals": 12},
        ),
    )


@pytest.mark.django_db
def test_every_bad_row_is_reported_with_its_line_and_column_and_nothing_is_saved(tmp_path):
    directory = write_folder(
        tmp_path / "bad",
        HEADER
        + "1,1,1,9,62,262,2,0,0,0\n"  # line 2: team 9 is not in teams.csv
        + "1,2,3,4,257,66,2,0,0,0\n"  # line 3: the sum is 323, not 324
        + "2,1,1,3,191,133,2,0,0,0\n"  # line 4: good
        + "2,2,2,5,300,186,3,0,0,0\n",  # line 5: 3 deals where a match has 2
    )

    text = refused(directory)

    assert text == (
        "Rien n’a été importé : 3 problèmes à corriger.\n"
        "matches.csv, ligne 2, colonne « team_b » [unknown_team] : L’équipe 9 n’est pas "
        "dans teams.csv.\n"
        "matches.csv, ligne 3, colonne « total_a » [sum] : Les totaux font 323, la feuille "
        "en annonce 324 (162 × 2).\n"
        "matches.csv, ligne 5, colonne « deals_played » [totals_implausible] : Ces totaux "
        "ne peuvent pas être justes : 3 donnes jouées, or une partie en compte 2."
    )


@pytest.mark.django_db
def test_every_bad_row_is_reported_in_english_too(tmp_path):
    directory = write_folder(
        tmp_path / "bad", HEADER + "1,1,1,2,62,soixante,2,0,0,0\n1,2,3,4,300,186,3,0,0,0\n"
    )

    with translation.override("en"):
        text = refused(directory)

    assert text == (
        "Nothing was imported: 2 problems to fix.\n"
        "matches.csv, line 2, column “total_b” [count]: Write a whole number (0 or more), "
        "in digits 0 to 9.\n"
        "matches.csv, line 3, column “deals_played” [totals_implausible]: These totals "
        "cannot be true: 3 deals played, but a match has 2."
    )


@pytest.mark.django_db
def test_the_error_holds_every_bad_row_first_the_first(tmp_path):
    directory = write_folder(
        tmp_path / "bad",
        HEADER
        + "1,1,1,2,62,262,2,0,0,0\n"
        + "1,1,3,4,257,67,2,0,0,0\n"  # line 3: table 1 again
        + "1,2,3,3,1,1,\n"  # line 4: team 3 against itself
        + "2,1,1,3,191,132,2,0,0,0\n"  # line 5: the sum is 323, not 324
        + "2,1,2,4,191,133,2,0,0,0\n",  # line 6: table 1 of round 2 again (line 5)
    )

    raised = refusal(directory, "belote-sans-annonces")

    assert (raised.problem, raised.problems) == (
        ImportProblem("matches.csv", 3, "table", "duplicate_table", {"table": 1, "line": 2}),
        (
            ImportProblem("matches.csv", 3, "table", "duplicate_table", {"table": 1, "line": 2}),
            ImportProblem("matches.csv", 4, "team_b", "same_team", {}),
            ImportProblem(
                "matches.csv",
                5,
                "total_a",
                "sum",
                {"total": 323, "expected": 324},
                error=scoring.TotalsError(
                    scoring.TotalsField.SUM, "mismatch", (("total", 323), ("expected", 324))
                ),
                totals=scoring.MatchTotals(191, 132, 2, 0, 0, 0),
            ),
            ImportProblem("matches.csv", 6, "table", "duplicate_table", {"table": 1, "line": 5}),
        ),
    )
    assert Tournament.objects.count() == 0
