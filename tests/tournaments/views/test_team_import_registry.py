"""The team import and the club's registry: the preview says who is known, new or like
another record (never merged), a licence number twice is a problem, and the save links
every player."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import ClubFactory, PlayerFactory, TournamentFactory
from tournaments.models import Player, Team

URL = "/concours/t/gestion/equipes/importer/"
CONFIRM_URL = "/concours/t/gestion/equipes/importer/confirmer/"
CSV = (
    "numéro;joueur 1;licence joueur 1;joueur 2;licence joueur 2\n"
    "1;jean-pierre MARTIN;;JP Martin;\n"
    "2;Anne Dubois;l7;Paul Durand;\n"
).encode()


@pytest.fixture
def club(organiser):
    club = ClubFactory()
    club.organisers.add(organiser)
    return club


@pytest.fixture
def desk(client, organiser, club):
    TournamentFactory(club=club, slug="t")
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    return client


def upload(client, data: bytes):
    return client.post(URL, {"file": SimpleUploadedFile("equipes.csv", data)})


def standing(found) -> tuple:
    return (found.kind, found.player, found.similar)


def test_the_preview_says_who_is_known_new_or_like_another_record(desk, club):
    jean_pierre = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin")
    roux = PlayerFactory(club=club, first_name="Léa", last_name="Roux", licence="L7")

    response = upload(desk, CSV)

    assert [
        (line.row.licence_1, standing(line.player_1), standing(line.player_2))
        for line in response.context["lines"]
    ] == [
        ("", ("known", jean_pierre, ()), ("similar", None, (jean_pierre,))),
        ("L7", ("known", roux, ()), ("new", None, ())),
    ]
    page = response.content.decode()
    assert page.count("connu : Jean-Pierre Martin") == 1
    assert page.count("nouveau, ressemble à : Jean-Pierre Martin") == 1
    assert page.count("connu : Léa Roux (L7)") == 1


def test_the_save_links_known_players_and_adds_the_others_never_merging(desk, club):
    jean_pierre = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin")
    token = upload(desk, CSV).context["confirm_form"].initial["token"]

    response = desk.post(CONFIRM_URL, {"token": token})

    assert response.status_code == 302
    assert [
        (t.number, t.player_1_record.full_name, t.player_2_record.full_name)
        for t in Team.objects.select_related("player_1_record", "player_2_record")
    ] == [(1, "Jean-Pierre Martin", "JP Martin"), (2, "Anne Dubois", "Paul Durand")]
    assert Team.objects.get(number=1).player_1_record == jean_pierre
    assert list(Player.objects.order_by("pk").values_list("first_name", "licence")) == [
        ("Jean-Pierre", ""),
        ("JP", ""),
        ("Anne", "L7"),
        ("Paul", ""),
    ]


def test_a_licence_number_twice_in_the_file_is_a_problem_and_nothing_is_saved(desk):
    data = (
        "joueur 1;licence 1;joueur 2;licence 2\n"
        "Anne Dubois;L7;Paul Durand;\n"
        "Léa Roux;;Marc Petit;l 7\n"
    ).encode()

    response = upload(desk, data)

    assert response.status_code == 422
    assert [(line.row.line, line.messages) for line in response.context["lines"]] == [
        (2, ()),
        (3, ("Le numéro de licence L7 est déjà à la ligne 2.",)),
    ]
    assert (Team.objects.count(), Player.objects.count()) == (0, 0)
