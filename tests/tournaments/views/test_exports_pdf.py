"""PDF downloads (views/exports_pdf.py): the organiser's score sheets, draw sheet and
filled match sheets, the public standings PDF, and the prize list it prints."""

import datetime
import re

import pytest

from tests.factories import (
    ByeFactory,
    ClubFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tests.pdf_reading import page_size_mm, page_texts
from tournaments.forms.prizes import MAX_PRIZE_LIST_LENGTH
from tournaments.models import MeleeConcours, Round, TeamLink, Tournament
from tournaments.services import ensure_team_links

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tournament(organiser):
    """Round 1 published (tables 1 and 2, team 5 bye), round 2 a draft."""
    club = ClubFactory(name="Club de la Belote")
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, name="Concours de Noël", slug="noel")
    teams = [
        TeamFactory(tournament=tournament, number=1, player_1="Équipe Cœur d'Or", player_2="Zoé"),
        TeamFactory(tournament=tournament, number=2, player_1="Bob\x07", player_2="Ana"),
        TeamFactory(tournament=tournament, number=3, player_1="Marc", player_2="Jean"),
        TeamFactory(tournament=tournament, number=4, player_1="Paul", player_2="Luc"),
        TeamFactory(tournament=tournament, number=5, player_1="Léa", player_2="Noé"),
    ]
    first = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    MatchFactory(
        round=first,
        table_number=1,
        team_a=teams[0],
        team_b=teams[1],
        total_a=-20,
        total_b=182,
        is_finished=True,
        result="B",
    )
    MatchFactory(round=first, table_number=2, team_a=teams[2], team_b=teams[3])
    ByeFactory(round=first, team=teams[4])
    ensure_team_links(tournament=first.tournament, now=NOW)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    MatchFactory(round=draft, table_number=1, team_a=teams[1], team_b=teams[4])
    return tournament


def pdf_of(response) -> bytes:
    return b"".join(response.streaming_content)


def test_the_organiser_downloads_the_score_sheets_one_page_per_table(desk, tournament):
    response = desk.get("/concours/noel/gestion/parties/1/feuilles.pdf")

    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert response["Content-Disposition"] == ('attachment; filename="noel-partie-1-feuilles.pdf"')
    pages = page_texts(pdf_of(response))
    assert len(pages) == 2
    assert "Équipe B 2 Bob / Ana" in pages[0].splitlines()
    # Each team link's URL is printed once under its QR code (wrapped: spaces removed).
    text = "".join(pages[0].split())
    links = TeamLink.objects.filter(team__number__in=(1, 2)).order_by("team__number")
    urls = [f"http://testserver/table/{link.token}/" for link in links]
    assert [text.count(url) for url in urls] == [1, 1]


def test_the_organiser_downloads_the_team_cards_a_late_team_included(desk, tournament):
    TeamFactory(tournament=tournament, number=6, player_1="Tardif", player_2="Aussi")

    response = desk.post("/concours/noel/gestion/cartes-equipes.pdf")

    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert response["Content-Disposition"] == 'attachment; filename="noel-cartes-equipes.pdf"'
    text = "".join(page_texts(pdf_of(response))[0].split())
    links = TeamLink.objects.order_by("team__number")
    assert [link.team.number for link in links] == [1, 2, 3, 4, 5, 6]
    assert [text.count(f"http://testserver/table/{link.token}/") for link in links] == [1] * 6


def test_getting_the_team_cards_writes_nothing_a_team_with_no_link_has_no_card(desk, tournament):
    TeamFactory(tournament=tournament, number=6, player_1="Tardif", player_2="Aussi")

    response = desk.get("/concours/noel/gestion/cartes-equipes.pdf")

    text = "".join(page_texts(pdf_of(response))[0].split())
    links = TeamLink.objects.order_by("team__number")
    assert (response.status_code, [link.team.number for link in links]) == (200, [1, 2, 3, 4, 5])
    assert [text.count(f"http://testserver/table/{link.token}/") for link in links] == [1] * 5


def test_the_team_cards_are_the_organisers_only(client, tournament):
    response = client.get("/concours/noel/gestion/cartes-equipes.pdf")

    assert (response.status_code, TeamLink.objects.count()) == (302, 5)


def test_two_score_sheets_per_page_halve_the_pages(desk, tournament):
    response = desk.get("/concours/noel/gestion/parties/1/feuilles.pdf?two_per_page=1")

    data = pdf_of(response)
    assert (len(page_texts(data)), page_size_mm(data)) == (1, (297, 210))


def test_a_draft_round_has_score_sheets_without_table_links(desk, tournament):
    response = desk.get("/concours/noel/gestion/parties/2/feuilles.pdf")

    pages = page_texts(pdf_of(response))
    assert len(pages) == 1
    assert "/table/" not in pages[0]


def test_the_draw_sheet_of_a_draft_can_be_checked(desk, tournament):
    response = desk.get("/concours/noel/gestion/parties/2/tirage.pdf")

    assert response["Content-Disposition"] == 'attachment; filename="noel-partie-2-tirage.pdf"'
    pages = page_texts(pdf_of(response))
    assert pages[0].splitlines()[3] == (
        "Brouillon : pas encore publié, les tables peuvent encore changer."
    )


def test_the_filled_match_sheets_print_the_totals(desk, tournament):
    response = desk.get("/concours/noel/gestion/parties/1/resultats.pdf")

    assert response["Content-Disposition"] == ('attachment; filename="noel-partie-1-resultats.pdf"')
    pages = page_texts(pdf_of(response))
    assert len(pages) == 2
    assert pages[0].splitlines()[-3:-1] == [
        "Totaux de la partie -20 182",
        "Gagnée par l’équipe 2.",
    ]


def test_a_draft_round_has_no_filled_match_sheets(desk, tournament):
    response = desk.get("/concours/noel/gestion/parties/2/resultats.pdf")

    assert response.status_code == 404


def test_an_unknown_round_is_404(desk, tournament):
    responses = [
        desk.get(f"/concours/noel/gestion/parties/3/{name}.pdf")
        for name in ("feuilles", "tirage", "resultats")
    ]

    assert [response.status_code for response in responses] == [404, 404, 404]


@pytest.mark.parametrize("name", ["feuilles", "tirage", "resultats"])
def test_another_clubs_organiser_gets_404_for_the_round_pdfs(client, tournament, name):
    intruder = UserFactory(username="intrus")
    ClubFactory(name="Autre club").organisers.add(intruder)
    client.force_login(intruder)

    response = client.get(f"/concours/noel/gestion/parties/1/{name}.pdf")

    assert response.status_code == 404


def test_anyone_downloads_the_standings_pdf(client, tournament):
    response = client.get("/concours/noel/classement.pdf")

    assert response["Content-Disposition"] == 'attachment; filename="noel-classement.pdf"'
    lines = page_texts(pdf_of(response))[0].splitlines()
    assert lines[3:9] == [
        "Rang Équipe Joueurs Club Points Gagnées Différence Confron‐ tation",
        "1 2 Bob / Ana 182 1 202 0",
        "2 5 Léa / Noé 81 0 81 0",
        "3 3 Marc / Jean 0 0 0 0",
        "4 4 Paul / Luc 0 0 0 0",
        "5 1 Équipe Cœur d'Or / Zoé -20 0 -202 0",
    ]


def test_the_prize_list_form_shows_the_stored_list(desk, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(prize_list="Un jambon\nUne bouteille")

    response = desk.get("/concours/noel/gestion/prix/")

    assert response.status_code == 200
    assert response.context["form"]["prizes"].value() == "Un jambon\nUne bouteille"


def test_the_prize_list_page_says_who_gets_no_prize_and_how_to_skip_a_rank(desk, tournament):
    response = desk.get("/concours/noel/gestion/prix/")

    assert re.findall(r'<p class="helptext">(.*?)</p>', response.content.decode()) == [
        "Un prix par ligne, dans l’ordre du classement : la première ligne va aux vainqueurs, "
        "la deuxième à l’équipe suivante, et ainsi de suite. Une équipe forfait, ou qui n’a "
        "jamais joué (ni partie ni exempt), n’a pas de prix : le sien va à l’équipe suivante. "
        "Les lignes vides sont ignorées ; pour ne donner aucun prix à un rang, écrivez une "
        "ligne avec seulement « - »."
    ]


def test_the_prize_list_page_of_a_melee_says_the_prizes_go_to_the_players(desk, tournament):
    melee = TournamentFactory(club=tournament.club, name="Mêlée de Noël", slug="melee")
    MeleeConcours.objects.create(tournament=melee)
    intro = r"<h1>Liste des prix</h1>\s*<p>(.*?)\s*<a "

    found = re.search(intro, desk.get("/concours/melee/gestion/prix/").content.decode())
    teams = re.search(intro, desk.get("/concours/noel/gestion/prix/").content.decode())

    assert found is not None and found.group(1) == (
        "Concours à la mêlée : le classement en PDF imprime ces prix en face des joueurs, dans "
        "l’ordre du classement ; un joueur forfait, ou qui n’a jamais joué ni été exempt, "
        "n’a pas de prix."
    )
    assert teams is not None and teams.group(1) == (
        "Le classement en PDF imprime ces prix en face des équipes, dans l’ordre du classement."
    )


def test_the_organiser_types_the_prizes_and_the_standings_pdf_prints_them(desk, tournament):
    response = desk.post("/concours/noel/gestion/prix/", {"prizes": " Un jambon \n\n=A1\x07\n"})

    assert (response.status_code, response["Location"]) == (302, "/concours/noel/gestion/prix/")
    assert Tournament.objects.get(pk=tournament.pk).prize_list == "Un jambon\n=A1"
    lines = page_texts(pdf_of(desk.get("/concours/noel/classement.pdf")))[0].splitlines()
    assert lines[4:6] == ["1 2 Bob / Ana 182 1 202 0 Un jambon", "2 5 Léa / Noé 81 0 81 0 =A1"]


def test_a_prize_list_too_long_is_refused_and_nothing_is_saved(desk, tournament):
    response = desk.post(
        "/concours/noel/gestion/prix/", {"prizes": "x" * (MAX_PRIZE_LIST_LENGTH + 1)}
    )

    assert response.status_code == 200
    assert response.context["form"].errors["prizes"] == [
        f"Assurez-vous que cette valeur comporte au plus {MAX_PRIZE_LIST_LENGTH} caractères "
        f"(actuellement {MAX_PRIZE_LIST_LENGTH + 1})."
    ]
    assert Tournament.objects.get(pk=tournament.pk).prize_list == ""


@pytest.mark.parametrize(
    ("url", "first_lines"),
    [
        ("/concours/noel/gestion/parties/1/feuilles.pdf", ["Round 1", "Table 1", "Signature, team 1"]),
        ("/concours/noel/gestion/parties/1/tirage.pdf", ["Draw, round 1"]),
        ("/concours/noel/gestion/parties/1/resultats.pdf", ["Round 1", "Table 1", "Match sheet"]),
        ("/concours/noel/classement.pdf", ["Standings"]),
    ],
)  # fmt: skip
def test_every_pdf_is_in_english_when_the_organiser_reads_the_site_in_english(
    desk, tournament, url, first_lines
):
    desk.cookies["django_language"] = "en"

    lines = page_texts(pdf_of(desk.get(url)))[0].splitlines()

    assert lines[: len(first_lines)] == first_lines
    assert (
        lines.count(
            "FFB coinche (declarations, 80 to 500 or capot) · 12 deals per match · rules version 1"
        )
        == 1
    )


@pytest.mark.parametrize(
    ("language", "text"), [("fr", "Préparation du fichier…"), ("en", "Preparing the file…")]
)
def test_every_page_loads_the_script_that_says_a_download_is_being_prepared(
    desk, tournament, language, text
):
    desk.cookies["django_language"] = language

    html = desk.get("/concours/noel/gestion/parties/1/").content.decode()

    scripts = re.findall(r'<script src="/static/js/download\.js"[^>]*>', html)
    assert scripts == [f'<script src="/static/js/download.js" data-preparing="{text}" defer>']
