"""Organiser downloads: the tournament workbook and the standings and deals CSV files."""

import io

import openpyxl
import pytest
from django.urls import reverse

from tests.factories import (
    ClubFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.exports.csv import deals_csv, standings_csv
from tournaments.models import Round

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"


@pytest.fixture
def tournament(db):
    club = ClubFactory(name="Club de Sète")
    club.organisers.add(UserFactory(username="owner"))
    tournament = TournamentFactory(club=club, slug="coupe-d-hiver", name="Coupe d'hiver")
    heart = TeamFactory(
        tournament=tournament, number=1, player_1="Équipe Cœur d'Or", player_2="Anaïs"
    )
    formula = TeamFactory(tournament=tournament, number=2, player_1="=1+1", player_2="Bob")
    played = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    MatchFactory(
        round=played,
        table_number=1,
        team_a=heart,
        team_b=formula,
        total_a=182,
        total_b=-20,
        result="A",
        is_finished=True,
    )
    return tournament


@pytest.fixture
def owner_client(client, tournament):
    client.force_login(UserFactory(username="owner"))
    return client


def download(client, name: str, query: str = ""):
    url = reverse(f"tournaments:{name}", kwargs={"slug": "coupe-d-hiver"})
    response = client.get(url + query)
    return response, b"".join(response.streaming_content) if response.status_code == 200 else b""


def test_the_organiser_downloads_the_workbook(owner_client):
    response, body = download(owner_client, "tournament-xlsx")

    workbook = openpyxl.load_workbook(io.BytesIO(body))
    assert (
        response.status_code,
        response["Content-Type"],
        response["Content-Disposition"],
        workbook.sheetnames,
        [cell.value for cell in workbook["Parties"][2]],
    ) == (
        200,
        XLSX,
        'attachment; filename="coupe-d-hiver.xlsx"',
        ["Classement", "Parties", "Exempts", "Donnes", "Équipes", "Concours"],
        [1, 1, 1, None, "Équipe Cœur d'Or / Anaïs", 2, None, "=1+1 / Bob", 182, -20]
        + ["Équipe A", 0, 0],
    )


@pytest.mark.parametrize(
    ("name", "query", "filename", "build", "french_excel"),
    [
        ("standings-csv", "", "coupe-d-hiver-classement.csv", standings_csv, False),
        ("standings-csv", "?excel=fr", "coupe-d-hiver-classement.csv", standings_csv, True),
        ("deals-csv", "", "coupe-d-hiver-donnes.csv", deals_csv, False),
        ("deals-csv", "?excel=fr", "coupe-d-hiver-donnes.csv", deals_csv, True),
    ],
)
def test_the_organiser_downloads_each_csv_in_both_variants(
    owner_client, tournament, name, query, filename, build, french_excel
):
    response, body = download(owner_client, name, query)

    assert (
        response.status_code,
        response["Content-Type"],
        response["Content-Disposition"],
        body,
    ) == (
        200,
        CSV,
        f'attachment; filename="{filename}"',
        build(tournament=tournament, french_excel=french_excel),
    )


def test_the_standings_csv_for_french_excel_starts_with_a_bom_and_quotes_formulas(owner_client):
    owner_client.cookies["django_language"] = "en"
    response, body = download(owner_client, "standings-csv", "?excel=fr")

    assert body.decode("utf-8").splitlines()[:3] == [
        "\ufeffRang;Équipe;Points;Parties gagnées;Parties nulles;Points contre;"
        "Différence de points;Exempt;Nom de l’équipe;Joueur 1;Joueur 2;Club;Confrontation;"
        "Tirage au sort;Meilleure partie;Belotes;Capots;Coinches réussies;Forfait;Règles;"
        "Version des règles",
        "1;1;182;1;0;-20;202;0;;Équipe Cœur d'Or;Anaïs;;0;0;182;0;0;0;;ffb-coinche;1",
        "2;2;-20;0;0;182;-202;0;;'=1+1;Bob;;0;0;-20;0;0;0;;ffb-coinche;1",
    ]


@pytest.mark.parametrize("name", ["tournament-xlsx", "standings-csv", "deals-csv"])
def test_another_clubs_organiser_gets_404(client, tournament, name):
    intruder = UserFactory(username="intrus")
    ClubFactory(name="Autre club").organisers.add(intruder)
    client.force_login(intruder)

    response, _body = download(client, name)

    assert response.status_code == 404


@pytest.mark.parametrize("name", ["tournament-xlsx", "standings-csv", "deals-csv"])
def test_an_anonymous_visitor_is_sent_to_log_in(client, tournament, name):
    url = reverse(f"tournaments:{name}", kwargs={"slug": "coupe-d-hiver"})

    response = client.get(url)

    assert (response.status_code, response["Location"]) == (302, f"/comptes/connexion/?next={url}")
