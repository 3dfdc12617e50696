"""The desk's backup: « Télécharger la sauvegarde » and the restore page (views/archive.py)."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from tests.factories import ClubFactory, TournamentFactory, UserFactory
from tests.played_concours import NAME, START, play_concours
from tournaments.archive import tournament_archive
from tournaments.forms.archive import ARCHIVE_MAX_BYTES, RestoreForm
from tournaments.models import Club, Match, Tournament

RESTORE = "/organisation/concours/restaurer/"


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def archive_file(data: bytes, name: str = "saint-martin.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/json")


@pytest.fixture
def saint_martin(club):
    """The concours of tests.played_concours (its club: the organiser's), archived and then
    deleted: the archive bytes."""
    tournament = play_concours()
    data = tournament_archive(tournament=tournament, now=START)
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
    return data


def test_the_desk_offers_to_download_the_backup_and_to_restore_one(desk, club):
    tournament = TournamentFactory(club=club, slug="hiver")

    response = desk.get("/concours/hiver/gestion/")

    links = re.findall(
        r'<a class="button[^"]*" href="([^"]+)"[^>]*>([^<]+)</a>',
        response.content.decode().split("<h2>Sauvegarde</h2>")[1].split("</section>")[0],
    )
    assert (tournament.slug, links) == (
        "hiver",
        [
            ("/concours/hiver/gestion/sauvegarde.json", "Télécharger la sauvegarde"),
            (RESTORE, "Restaurer une sauvegarde"),
        ],
    )


def test_the_download_is_the_tournaments_archive_as_a_json_attachment(desk, club):
    tournament = TournamentFactory(club=club, slug="hiver", name="Concours d'hiver")

    response = desk.get("/concours/hiver/gestion/sauvegarde.json")

    data = b"".join(response.streaming_content)
    disposition = re.fullmatch(
        r'attachment; filename="hiver-sauvegarde-(\d{4}-\d\d-\d\d-\d{4})\.json"',
        response["Content-Disposition"],
    )
    document = json.loads(data)
    assert (
        response["Content-Type"],
        disposition is not None,
        document["format"],
        document["tournament"]["name"],
    ) == ("application/json", True, "belote-club-concours", tournament.name)


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["/concours/hiver/gestion/sauvegarde.json", RESTORE])
def test_only_a_signed_in_organiser_reaches_the_backup(client, address):
    TournamentFactory(slug="hiver")

    response = client.get(address)

    assert (response.status_code, response["Location"]) == (
        302,
        f"/comptes/connexion/?next={address}",
    )


@pytest.mark.django_db
def test_another_clubs_organiser_cannot_download_the_backup(client):
    TournamentFactory(slug="hiver")
    client.force_login(UserFactory())

    response = client.get("/concours/hiver/gestion/sauvegarde.json")

    assert response.status_code == 404


def test_an_organiser_restores_a_backup_for_her_club(desk, club, saint_martin):
    response = desk.post(
        RESTORE, {"file": archive_file(saint_martin), "club": club.pk}, follow=True
    )

    tournament = Tournament.objects.get()
    assert (response.redirect_chain, messages_of(response), tournament.name, tournament.club) == (
        [("/concours/concours-de-la-saint-martin/gestion/", 302)],
        [f"Concours « {NAME} » restauré."],
        NAME,
        club,
    )


def test_an_organiser_restores_a_backup_under_another_name(desk, club, saint_martin):
    desk.post(RESTORE, {"file": archive_file(saint_martin), "club": club.pk})

    response = desk.post(
        RESTORE,
        {"file": archive_file(saint_martin), "club": club.pk, "name": " Copie\x07 "},
        follow=True,
    )

    assert (
        response.redirect_chain,
        sorted(Tournament.objects.values_list("name", flat=True)),
    ) == ([("/concours/copie/gestion/", 302)], ["Concours de la Saint-Martin", "Copie"])


def test_a_damaged_backup_is_refused_beside_the_file_and_nothing_is_restored(desk, club):
    response = desk.post(RESTORE, {"file": archive_file(b"{"), "club": club.pk})

    assert (response.status_code, response.context["form"].errors, Tournament.objects.count()) == (
        200,
        {
            "file": [
                "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : il "
                "ne se lit pas comme du texte JSON."
            ]
        },
        0,
    )


def test_an_organiser_cannot_restore_for_a_club_she_does_not_run(desk, club, saint_martin):
    other = ClubFactory(name="Les Coinchés de Millau")

    response = desk.post(RESTORE, {"file": archive_file(saint_martin), "club": other.pk})

    assert (response.context["form"].errors, Tournament.objects.count()) == (
        {
            "club": [
                "Sélectionnez un choix valide. Ce choix ne fait pas partie de ceux disponibles."
            ]
        },
        0,
    )


@pytest.mark.django_db
def test_an_organiser_of_no_club_is_told_to_create_one_or_ask_for_one(client):
    client.force_login(UserFactory())
    client.cookies["django_language"] = "fr"

    response = client.get(RESTORE)

    notices = re.findall(r'<p class="notice">([^<]+)</p>', response.content.decode())
    assert (response.context["has_club"], notices) == (
        False,
        [
            "Vous n’organisez encore aucun club. Créez votre club, ou demandez à l’un de ses "
            "organisateurs de vous ajouter."
        ],
    )
    assert re.findall(
        r'<a class="button" href="([^"]+)">Nouveau club</a>', response.content.decode()
    ) == ["/organisation/clubs/nouveau/"]


@pytest.mark.django_db
def test_the_restore_form_refuses_a_file_over_its_size_limit():
    club = ClubFactory()
    upload = archive_file(b" " * (ARCHIVE_MAX_BYTES + 1))

    form = RestoreForm(data={"club": club.pk}, files={"file": upload}, clubs=Club.objects.all())

    with translation.override("fr"):
        assert form.errors == {
            "file": ["Ce fichier fait 40,0\xa0Mio : restaurez un fichier de 40,0\xa0Mio au plus."]
        }
