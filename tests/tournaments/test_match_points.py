"""Ranking by match points through the site (RULES.md §E last bullet): the settings and
their refusals, the standings of a concours ranked by them, « Pts » on the page, the
projector, the PDF, the CSV and the workbook, and the archive that carries them."""

import datetime
import io
import json

import openpyxl
import pytest
from django.utils import translation

from tests.factories import ByeFactory, MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tests.pdf_reading import html_tables
from tournaments.archive import restore_tournament, tournament_archive
from tournaments.exports import pdf
from tournaments.exports.csv import standings_csv
from tournaments.exports.xlsx import tournament_xlsx
from tournaments.models import Match, Ranking, Round, Tournament
from tournaments.selectors import standings_rules, tournament_standings
from tournaments.standings import MatchPoints, RankingKey

NOW = datetime.datetime(2026, 11, 28, 18, 0, tzinfo=datetime.UTC)


def finished(round_, table, team_a, team_b, total_a, total_b) -> None:
    result = "A" if total_a > total_b else "B" if total_b > total_a else "draw"
    MatchFactory(
        round=round_,
        table_number=table,
        team_a=team_a,
        team_b=team_b,
        total_a=total_a,
        total_b=total_b,
        result=result,
        is_totals_only=True,
        is_finished=True,
    )


@pytest.fixture
def ranked(club):
    """Three teams, 4/3/2/3 match points, a fixed bye credit of 150: round 1, team 1 beats
    team 2 310–300 and team 3 is exempt; round 2, team 1 and team 3 draw 100–100 and
    team 2 is exempt. Match points: 1 → 4 + 3 = 7, 3 → 3 + 3 = 6, 2 → 2 + 3 = 5; scored
    points: 1 → 410, 2 → 300 + 150 = 450, 3 → 150 + 100 = 250."""
    tournament = TournamentFactory(
        club=club,
        slug="mp",
        ranking=Ranking.MATCH_POINTS,
        match_points_win=4,
        match_points_draw=3,
        match_points_loss=2,
        match_points_bye=3,
        bye_credit="fixed",
        bye_credit_value=150,
        number_of_rounds=2,
    )
    one, two, three = (
        TeamFactory(tournament=tournament, number=n, player_1=f"A{n}", player_2=f"B{n}")
        for n in (1, 2, 3)
    )
    first = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    finished(first, 1, one, two, 310, 300)
    ByeFactory(round=first, team=three)
    second = RoundFactory(tournament=tournament, number=2, status=Round.Status.CLOSED)
    finished(second, 1, one, three, 100, 100)
    ByeFactory(round=second, team=two)
    return tournament


@pytest.mark.django_db
def test_the_rules_of_a_concours_ranked_by_match_points(ranked):
    rules = standings_rules(tournament=ranked)

    assert (rules.order, rules.match_points) == (
        (
            RankingKey.MATCH_POINTS,
            RankingKey.POINTS,
            RankingKey.MATCHES_WON,
            RankingKey.POINTS_DIFFERENCE,
            RankingKey.HEAD_TO_HEAD,
            RankingKey.LOT,
        ),
        MatchPoints(win=4, draw=3, loss=2, bye=3),
    )


@pytest.mark.django_db
def test_the_standings_rank_by_match_points_before_scored_points(ranked):
    standings = tournament_standings(tournament=ranked)

    assert [(s.row.rank, s.team.number, s.row.match_points, s.row.points) for s in standings] == [
        (1, 1, 7, 410),
        (2, 3, 6, 250),
        (3, 2, 5, 450),
    ]


@pytest.mark.django_db
def test_the_standings_page_shows_pts_after_the_points(client, ranked):
    client.cookies["django_language"] = "fr"

    rows = table_rows(client.get("/concours/mp/"), "standings")

    assert [row[:6] for row in rows] == [
        ["Rang", "Équipe", "Joueurs", "Club", "Points", "Pts"],
        ["1", "1", "A1 / B1", "", "410", "7"],
        ["2", "3", "A3 / B3", "", "250", "6"],
        ["3", "2", "A2 / B2", "", "450", "5"],
    ]


@pytest.mark.django_db
def test_a_concours_ranked_by_points_shows_no_pts(client, ranked):
    Tournament.objects.filter(pk=ranked.pk).update(ranking=Ranking.POINTS)
    client.cookies["django_language"] = "fr"

    rows = table_rows(client.get("/concours/mp/"), "standings")

    assert [row[:6] for row in rows] == [
        ["Rang", "Équipe", "Joueurs", "Club", "Points", "Gagnées"],
        ["1", "2", "A2 / B2", "", "450", "0"],
        ["2", "1", "A1 / B1", "", "410", "1"],
        ["3", "3", "A3 / B3", "", "250", "0"],
    ]


@pytest.mark.django_db
def test_the_projector_shows_pts(client, ranked):
    client.cookies["django_language"] = "fr"
    address = f"/ecran/{ranked.projector_token}/diapo/?slide=1"

    rows = table_rows(client.get(address), "standings")

    assert rows == [
        ["Rang", "Équipe", "Joueurs", "Pts", "Points", "Gagnées"],
        ["1", "1", "A1 / B1", "7", "410", "1"],
        ["2", "3", "A3 / B3", "6", "250", "0"],
        ["3", "2", "A2 / B2", "5", "450", "0"],
    ]


@pytest.mark.django_db
def test_the_standings_pdf_prints_pts_first(ranked):
    with translation.override("fr"):
        html = pdf.standings_html(tournament=ranked)

    assert html_tables(html, "standings") == [
        [
            ["Rang", "Équipe", "Joueurs Club", "Pts", "Points", "Gagnées", "Différence",
             "Confrontation"],
            ["1", "1", "A1 / B1", "7", "410", "1", "10", "0"],
            ["2", "3", "A3 / B3", "6", "250", "0", "150", "0"],
            ["3", "2", "A2 / B2", "5", "450", "0", "140", "0"],
        ]
    ]  # fmt: skip


@pytest.mark.django_db
def test_the_standings_csv_has_match_points_after_the_points(ranked):
    lines = standings_csv(tournament=ranked).decode().splitlines()

    assert [line.split(",")[:4] for line in lines] == [
        ["rank", "team", "points", "match_points"],
        ["1", "1", "410", "7"],
        ["2", "3", "250", "6"],
        ["3", "2", "450", "5"],
    ]


@pytest.mark.django_db
def test_the_classement_sheet_has_match_points_after_the_points(ranked):
    with translation.override("fr"):
        workbook = openpyxl.load_workbook(io.BytesIO(tournament_xlsx(tournament=ranked)))

    sheet = workbook["Classement"]
    assert [[cell.value for cell in row][:4] for row in sheet.iter_rows()] == [
        ["Rang", "Équipe", "Points", "Points de match"],
        [1, 1, 410, 7],
        [2, 3, 250, 6],
        [3, 2, 450, 5],
    ]


@pytest.mark.django_db
def test_the_archive_carries_the_match_points_and_restores_them(ranked):
    data = tournament_archive(tournament=ranked, now=NOW)
    Match.objects.filter(round__tournament=ranked).delete()
    ranked.delete()

    restored = restore_tournament(data=data, now=NOW)

    assert (
        json.loads(data)["tournament"]["match_points_win"],
        restored.ranking,
        restored.match_points_win,
        restored.match_points_draw,
        restored.match_points_loss,
        restored.match_points_bye,
        [s.row.match_points for s in tournament_standings(tournament=restored)],
    ) == (4, "match-points", 4, 3, 2, 3, [7, 6, 5])


@pytest.mark.django_db
def test_an_archive_made_before_match_points_restores_with_their_defaults(ranked):
    document = json.loads(tournament_archive(tournament=ranked, now=NOW))
    for key in ("match_points_win", "match_points_draw", "match_points_loss", "match_points_bye"):
        del document["tournament"][key]
    document["tournament"]["ranking"] = "points"
    Match.objects.filter(round__tournament=ranked).delete()
    ranked.delete()

    restored = restore_tournament(data=json.dumps(document).encode(), now=NOW)

    assert (
        restored.match_points_win,
        restored.match_points_draw,
        restored.match_points_loss,
        restored.match_points_bye,
    ) == (2, 1, 1, 2)


SETTINGS = {
    "name": "Concours aux points de match",
    "date": "2026-12-20",
    "rules_preset": "belote-classique",
    "match_format": "deals",
    "match_format_value": "12",
    "number_of_rounds": "4",
    "bye_credit": "round-mean",
    "bye_credit_value": "0",
    "ranking": "match-points",
    "match_points_win": "4",
    "match_points_draw": "3",
    "match_points_loss": "2",
    "match_points_bye": "3",
    "tie_break_1": "matches_won",
}


@pytest.mark.django_db
def test_an_organiser_creates_a_concours_ranked_by_match_points(desk, club):
    desk.post("/organisation/concours/nouveau/", {**SETTINGS, "club": club.pk})

    tournament = Tournament.objects.get()
    assert (
        tournament.ranking,
        tournament.match_points_win,
        tournament.match_points_draw,
        tournament.match_points_loss,
        tournament.match_points_bye,
    ) == ("match-points", 4, 3, 2, 3)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "match_points_win",
            "-1",
            "Points de match d’une partie gagnée : entrez un nombre entier de 0 à 99.",
        ),
        (
            "match_points_draw",
            "100",
            "Points de match d’une partie nulle : entrez un nombre entier de 0 à 99.",
        ),
        (
            "match_points_loss",
            "deux",
            "Points de match d’une partie perdue : entrez un nombre entier de 0 à 99.",
        ),
        (
            "match_points_bye",
            "1e9",
            "Points de match de l’exempt : entrez un nombre entier de 0 à 99.",
        ),
    ],
)
@pytest.mark.django_db
def test_a_bad_match_points_setting_is_refused_naming_it_and_nothing_is_saved(
    desk, club, field, value, message
):
    response = desk.post(
        "/organisation/concours/nouveau/", {**SETTINGS, "club": club.pk, field: value}
    )

    assert (
        response.status_code,
        response.context["form"].errors[field],
        Tournament.objects.count(),
    ) == (
        200,
        [message],
        0,
    )
