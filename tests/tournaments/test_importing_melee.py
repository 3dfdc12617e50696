"""import_played_tournament and import_concours with players.csv: a played mêlée
(RULES.md §H). The held-out sample imports and ranks exactly; bad rows are refused with
their line, column and French message, and nothing is saved then."""

import io
import random
import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from scoring import FormatKind
from scoring.matches import MatchFormat
from tests.html_reading import table_rows
from tests.samples import IMPORTED, MELEE_NAME, MELEE_SAMPLE, command_csv, read_csv_rows
from tournaments.forms.messages import import_problem_message
from tournaments.importing import TournamentImportError, import_played_tournament
from tournaments.models import MeleePair, MeleePlayer, SitOut, Team, Tournament

NOW = IMPORTED
SAMPLE = MELEE_SAMPLE
NAME = MELEE_NAME


@pytest.mark.django_db
class TestTheMeleeSample:
    def test_it_gives_the_expected_individual_standings_row_for_row(self, melee_sample):
        assert command_csv("standings", NAME) == read_csv_rows(SAMPLE / "expected_standings.csv")

    def test_it_registers_the_players_and_no_team(self, melee_sample):
        players = list(MeleePlayer.objects.filter(tournament=melee_sample).order_by("number"))
        first = read_csv_rows(SAMPLE / "players.csv")[1:4]
        assert [
            [str(p.number), p.name, p.club.name if p.club else ""] for p in players[:3]
        ] == first
        assert len(players) == 18
        assert Team.objects.filter(tournament=melee_sample).count() == 0

    def test_each_table_is_two_pairs_of_the_file_and_two_players_sit_out_each_partie(
        self, melee_sample
    ):
        rows = read_csv_rows(SAMPLE / "matches.csv")[1:]
        pairs = MeleePair.objects.filter(round__tournament=melee_sample).select_related(
            "player_1", "player_2", "team", "round"
        )
        seated = {(pair.round.number, pair.player_1.number, pair.player_2.number) for pair in pairs}
        expected = {(int(r[0]), int(r[2]), int(r[3])) for r in rows} | {
            (int(r[0]), int(r[4]), int(r[5])) for r in rows
        }
        assert seated == expected
        assert Team.every_team.filter(tournament=melee_sample).count() == 2 * len(rows)
        sit_outs = SitOut.objects.filter(round__tournament=melee_sample)
        assert sorted(sit_outs.values_list("round__number", flat=True)) == [1, 1, 2, 2, 3, 3, 4, 4]

    def test_the_import_command_says_what_it_imported(self, melee_sample):
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
        (
            # 12 deals of belote sans annonces give at most 12 × 272 (RULES.md §G, §B5).
            HEADER + "1,1,5,4,17,8,670,1334\n1,2,1,9,11,3,2000,1300\n",
            "matches.csv, ligne 3, colonne « total_a » [totals_implausible] : Ces totaux ne "
            "peuvent pas être justes : les totaux font 3300, plus que 3264 (au plus 272 par "
            "donne, 12 donnes jouées).",
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


DEAL_HEADER = (
    "round,table,a_1,a_2,b_1,b_2,deal,taker_team,passed,trump,contract,coinche,"
    "taker_card_points,defence_card_points,taker_tricks,taker_belotes,defence_belotes,"
    "taker_declarations,defence_declarations\n"
)
PLAYERS = "number,name,club\n" + "".join(f"{n},Joueur {n},\n" for n in range(1, 10))


@pytest.mark.django_db
def test_a_melee_given_by_its_deals_imports_and_ranks(tmp_path):
    """Nine players, two deals a match (belote-sans-annonces, RULES.md §B5): each
    player is credited their pair's totals; the sit-out gets the partie's mean."""
    folder = tmp_path / "melee-deals"
    folder.mkdir()
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    (folder / "deals.csv").write_text(
        DEAL_HEADER
        # Table 1: pair A (1, 2) takes and makes 100 to 62, then B (player 4) goes
        # dedans: A scores 162 more. A: 262, B: 62.
        + "1,1,1,2,3,4,1,A,no,H,,none,100,62,5,0,0,0,0\n"
        + "1,1,1,2,3,4,2,4,no,S,,none,70,92,3,0,0,0,0\n"
        # Table 2: pair B (7, 8) takes with belote: 92 + 20 = 112 to 70; deal 2 is
        # passed and does not count (RULES.md §C), so deal 3 ends the match: B makes
        # 100 to 62. A: 132, B: 212.
        + "1,2,5,6,7,8,1,B,no,C,,none,92,70,5,1,0,0,0\n"
        + "1,2,5,6,7,8,2,B,yes,,,,,,,,,,\n"
        + "1,2,5,6,7,8,3,7,no,H,,none,100,62,5,0,0,0,0\n",
        encoding="utf-8",
    )
    import_played_tournament(
        directory=folder,
        name=NAME,
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )
    # The sit-out (9) gets the mean of the four pairs' totals: (262 + 62 + 132 + 212) / 4.
    assert command_csv("standings", NAME) == [
        MELEE_HEADER,
        ["1", "1", "262", "1", "0", "62", "200", "0"],
        ["2", "2", "262", "1", "0", "62", "200", "0"],
        ["3", "7", "212", "1", "0", "132", "80", "0"],
        ["4", "8", "212", "1", "0", "132", "80", "0"],
        ["5", "9", "167", "0", "0", "0", "167", "1"],
        ["6", "5", "132", "0", "0", "212", "-80", "0"],
        ["7", "6", "132", "0", "0", "212", "-80", "0"],
        ["8", "3", "62", "0", "0", "262", "-200", "0"],
        ["9", "4", "62", "0", "0", "262", "-200", "0"],
    ]


MELEE_HEADER = [
    "rank",
    "player",
    "points",
    "matches_won",
    "matches_drawn",
    "points_against",
    "points_difference",
    "sit_outs",
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("deals", "message"),
    [
        (
            DEAL_HEADER + "1,1,1,2,3,4,1,9,no,H,,none,100,62,5,0,0,0,0\n",
            "deals.csv, ligne 2, colonne « taker_team » [melee_taker] : "
            "Écrivez A ou B pour la paire preneuse, ou le numéro de l’un de ses joueurs.",
        ),
        (
            DEAL_HEADER
            + "1,1,1,2,3,4,1,A,no,H,,none,100,62,5,0,0,0,0\n"
            + "1,1,1,2,3,5,2,A,no,H,,none,100,62,5,0,0,0,0\n",
            "deals.csv, ligne 3, colonne « table » [table_conflict] : "
            "La table 1 a déjà d’autres équipes dans cette partie.",
        ),
    ],
)
def test_a_bad_deal_line_of_a_melee_is_refused_with_its_line(tmp_path, deals, message):
    folder = tmp_path / "melee-deals"
    folder.mkdir()
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    (folder / "deals.csv").write_text(deals, encoding="utf-8")
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
    assert Tournament.objects.count() == 0


@pytest.mark.django_db
def test_every_bad_row_of_a_melee_is_reported_and_nothing_is_saved(tmp_path):
    folder = _copy(
        tmp_path,
        matches="round,table,a_1,a_2,b_1,b_2,total_a,total_b,deals_played\n"
        "1,1,5,4,17,99,670,1334,12\n"  # line 2: player 99 is not in players.csv
        "1,2,1,9,11,16,1075,999,\n"  # line 3: good
        "1,3,18,3,12,6,1000,1106,13\n",  # line 4: 13 deals where a partie has 12
    )
    with pytest.raises(CommandError) as refusal, translation.override("fr"):
        call_command("import_concours", folder, "--name", NAME, "--ruleset", "belote-sans-annonces")

    assert str(refusal.value) == (
        "Rien n’a été importé : 2 problèmes à corriger.\n"
        "matches.csv, ligne 2, colonne « b_2 » [unknown_player] : "
        "Le joueur 99 n’est pas dans players.csv.\n"
        "matches.csv, ligne 4, colonne « deals_played » [totals_implausible] : Ces totaux "
        "ne peuvent pas être justes : 13 donnes jouées, or une partie en compte 12."
    )
    assert (Tournament.objects.count(), MeleePlayer.objects.count()) == (0, 0)
