"""import_played_tournament and import_concours with players.csv: a played mêlée
(RULES.md §H). The held-out sample imports and ranks exactly; bad rows are refused with
their line, column and French message, and nothing is saved then."""

import csv
import datetime
import io
import random
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import translation

from tests.html_reading import table_rows
from tournaments.forms.messages import import_problem_message
from tournaments.importing import TournamentImportError, import_played_tournament
from tournaments.models import MeleePair, MeleePlayer, SitOut, Team, Tournament

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "melee-18"
NAME = "Mêlée du jeudi"


def read_csv_rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def command_csv(*args: str) -> list[list[str]]:
    out = io.StringIO()
    call_command(*args, "--format", "csv", stdout=out)
    return list(csv.reader(io.StringIO(out.getvalue())))


@pytest.fixture(scope="class")
def sample(django_db_setup, django_db_blocker):
    """The mêlée sample, imported once for the tests of a class that only read it, in a
    transaction rolled back after the class's last test."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield import_played_tournament(
            directory=SAMPLE,
            name=NAME,
            rules_preset="belote-sans-annonces",
            now=NOW,
            rng=random.Random(7),
        )
        transaction.set_rollback(True)


@pytest.mark.django_db
class TestTheMeleeSample:
    def test_it_gives_the_expected_individual_standings_row_for_row(self, sample):
        assert command_csv("standings", NAME) == read_csv_rows(SAMPLE / "expected_standings.csv")

    def test_it_registers_the_players_and_no_team(self, sample):
        players = list(MeleePlayer.objects.filter(tournament=sample).order_by("number"))
        first = read_csv_rows(SAMPLE / "players.csv")[1:4]
        assert [
            [str(p.number), p.name, p.club.name if p.club else ""] for p in players[:3]
        ] == first
        assert len(players) == 18
        assert Team.objects.filter(tournament=sample).count() == 0

    def test_each_table_is_two_pairs_of_the_file_and_two_players_sit_out_each_partie(self, sample):
        rows = read_csv_rows(SAMPLE / "matches.csv")[1:]
        pairs = MeleePair.objects.filter(round__tournament=sample).select_related(
            "player_1", "player_2", "team", "round"
        )
        seated = {(pair.round.number, pair.player_1.number, pair.player_2.number) for pair in pairs}
        expected = {(int(r[0]), int(r[2]), int(r[3])) for r in rows} | {
            (int(r[0]), int(r[4]), int(r[5])) for r in rows
        }
        assert seated == expected
        assert Team.every_team.filter(tournament=sample).count() == 2 * len(rows)
        sit_outs = SitOut.objects.filter(round__tournament=sample)
        assert sorted(sit_outs.values_list("round__number", flat=True)) == [1, 1, 2, 2, 3, 3, 4, 4]

    def test_the_import_command_says_what_it_imported(self, sample):
        out = io.StringIO()
        with translation.override("fr"):
            call_command(
                "import_concours",
                SAMPLE,
                "--name",
                "Mêlée bis",
                "--ruleset",
                "belote-sans-annonces",
                stdout=out,
            )
        assert out.getvalue() == (
            "Importé « Mêlée bis » : 18 joueurs, 4 parties, 16 tables par leurs totaux.\n"
        )


def _copy(tmp_path: Path, *, players=None, matches=None) -> Path:
    folder = tmp_path / "melee"
    shutil.copytree(SAMPLE, folder)
    if players is not None:
        (folder / "players.csv").write_text(players, encoding="utf-8")
    if matches is not None:
        (folder / "matches.csv").write_text(matches, encoding="utf-8")
    return folder


HEADER = "round,table,a_1,a_2,b_1,b_2,total_a,total_b\n"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("matches", "message"),
    [
        (
            HEADER + "1,1,5,4,17,99,670,1334\n",
            "matches.csv, ligne 2, colonne « b_2 » [unknown_player] : "
            "Le joueur 99 n’est pas dans players.csv.",
        ),
        (
            HEADER + "1,1,5,4,17,8,670,1334\n1,2,1,9,11,5,1075,999\n",
            "matches.csv, ligne 3, colonne « b_2 » [player_twice] : "
            "Le joueur 5 est déjà placé dans cette partie (ligne 2).",
        ),
        (
            HEADER + "1,1,5,4,5,8,670,1334\n",
            "matches.csv, ligne 2, colonne « b_1 » [player_twice] : "
            "Le joueur 5 est déjà placé dans cette partie (ligne 2).",
        ),
    ],
)
def test_a_bad_row_is_refused_with_its_line_and_nothing_is_saved(tmp_path, matches, message):
    folder = _copy(tmp_path, matches=matches)
    with pytest.raises(TournamentImportError) as refusal:
        import_played_tournament(
            directory=folder,
            name=NAME,
            rules_preset="belote-sans-annonces",
            now=NOW,
            rng=random.Random(1),
        )
    with translation.override("fr"):
        assert import_problem_message(refusal.value.problem) == message
    assert (Tournament.objects.count(), MeleePlayer.objects.count()) == (0, 0)


@pytest.mark.django_db
def test_a_folder_with_teams_and_players_is_refused(tmp_path):
    folder = _copy(tmp_path)
    (folder / "teams.csv").write_text("number,player_1,player_2\n1,A,B\n2,C,D\n", encoding="utf-8")
    with pytest.raises(CommandError) as refusal, translation.override("fr"):
        call_command("import_concours", folder, "--name", NAME, "--ruleset", "belote-sans-annonces")
    assert str(refusal.value) == (
        "Rien n’a été importé. Le dossier a teams.csv (doublettes) et players.csv (mêlée) : "
        "gardez-en un seul."
    )
    assert Tournament.objects.count() == 0


@pytest.mark.django_db
def test_the_public_page_of_a_melee_shows_its_individual_standings(client):
    tournament = import_played_tournament(
        directory=SAMPLE,
        name=NAME,
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(1),
    )
    expected = read_csv_rows(SAMPLE / "expected_standings.csv")[1:]
    names = {row[0]: row[1] for row in read_csv_rows(SAMPLE / "players.csv")[1:]}

    with translation.override("fr"):
        response = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 200
    rows = table_rows(response, "standings")
    assert rows[0][:4] == ["Rang", "Joueur", "Nom", "Club"]
    # Rank, number, name, club, points, won, drawn, against, difference, sit-outs.
    assert [row[:3] + row[4:] for row in rows[1:]] == [
        [rank, player, names[player], points, won, drawn, against, difference, sit_outs]
        for rank, player, points, won, drawn, against, difference, sit_outs in expected
    ]
