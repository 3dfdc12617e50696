"""Clubs: create, rename, co-organisers and their one-time password link, the pages."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import ClubFactory, TournamentFactory, UserFactory
from tournaments.models import Club

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    user = UserFactory(username="marie")
    client.force_login(user)
    return user


def test_an_organiser_creates_a_club_and_organises_it(client, organiser):
    response = client.post(reverse("tournaments:club-create"), {"name": "  Belote  de Lyon "})

    club = Club.objects.get()
    assert (club.name, club.slug, list(club.organisers.all())) == (
        "Belote de Lyon",
        "belote-de-lyon",
        [organiser],
    )
    assert response["Location"] == "/organisation/clubs/belote-de-lyon/"


def test_a_club_name_taken_in_another_case_is_refused_naming_the_field(client, organiser):
    ClubFactory(name="Belote de Lyon")

    response = client.post(reverse("tournaments:club-create"), {"name": "BELOTE DE LYON"})

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "name": ["Nom : un club s’appelle déjà « Belote de Lyon ». Choisissez un autre nom."]
    }
    assert Club.objects.count() == 1


def test_an_empty_club_name_is_refused(client, organiser):
    response = client.post(reverse("tournaments:club-create"), {"name": "\u200b "})

    assert response.context["form"].errors == {"name": ["Nom : saisissez le nom du club."]}
    assert Club.objects.count() == 0


def test_renaming_keeps_the_slug_and_refuses_another_clubs_name(client, organiser):
    club = ClubFactory(name="Club A")
    club.organisers.add(organiser)
    ClubFactory(name="Club B")
    url = reverse("tournaments:club-manage", kwargs={"slug": "club-a"})

    refused = client.post(url, {"name": "club b"})
    renamed = client.post(url, {"name": "Club Alpha"})
    same_in_other_case = client.post(url, {"name": "CLUB ALPHA"})

    assert refused.context["form"].errors == {
        "name": ["Nom : un club s’appelle déjà « Club B ». Choisissez un autre nom."]
    }
    assert (renamed.status_code, same_in_other_case.status_code) == (302, 302)
    club.refresh_from_db()
    assert (club.name, club.slug) == ("CLUB ALPHA", "club-a")


def test_a_new_co_organiser_gets_a_link_that_sets_the_password_once(client, organiser):
    club = ClubFactory(name="Club A")
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, slug="t")

    response = client.post(
        reverse("tournaments:organiser-add", kwargs={"slug": "club-a"}),
        {"username": "paul", "full_name": " Paul  Roux "},
        follow=True,
    )

    paul = get_user_model().objects.get(username="paul")
    assert (paul.first_name, paul.has_usable_password(), list(paul.organised_clubs.all())) == (
        "Paul Roux",
        False,
        [club],
    )
    [message] = [str(m) for m in response.context["messages"]]
    link = re.fullmatch(
        r"Donnez ce lien à paul, affiché seulement maintenant : il lui permet de choisir "
        r"un mot de passe, une seule fois\. http://testserver(/comptes/mot-de-passe/\S+/)",
        message,
    )
    assert link is not None
    client.logout()
    # Django's confirm view swaps the token for a session key, then shows the form.
    form_page = client.get(link.group(1), follow=True)
    assert form_page.context["validlink"] is True
    saved = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "tres-bon-mot-2026", "new_password2": "tres-bon-mot-2026"},
    )
    assert saved["Location"] == "/comptes/mot-de-passe/choisi/"
    client.logout()
    again = client.get(link.group(1), follow=True)
    assert again.context["validlink"] is False
    logged_in = client.post(reverse("login"), {"username": "paul", "password": "tres-bon-mot-2026"})
    assert logged_in.status_code == 302
    desk = client.get(reverse("tournaments:tournament-manage", kwargs={"slug": tournament.slug}))
    assert desk.status_code == 200


def test_an_existing_account_is_added_without_a_link(client, organiser):
    club = ClubFactory(name="Club A")
    club.organisers.add(organiser)
    UserFactory(username="jeanne")

    response = client.post(
        reverse("tournaments:organiser-add", kwargs={"slug": "club-a"}),
        {"username": "jeanne", "full_name": ""},
        follow=True,
    )
    twice = client.post(
        reverse("tournaments:organiser-add", kwargs={"slug": "club-a"}),
        {"username": "jeanne", "full_name": ""},
    )

    assert [str(m) for m in response.context["messages"]] == [
        "jeanne organise maintenant ce club, avec le mot de passe qu’il ou elle a déjà."
    ]
    assert twice.context["organiser_form"].errors == {
        "username": ["Identifiant : « jeanne » organise déjà ce club."]
    }
    assert sorted(club.organisers.values_list("username", flat=True)) == ["jeanne", "marie"]


def test_a_bad_username_is_refused_naming_the_field(client, organiser):
    club = ClubFactory(name="Club A")
    club.organisers.add(organiser)

    response = client.post(
        reverse("tournaments:organiser-add", kwargs={"slug": "club-a"}),
        {"username": "paul roux", "full_name": ""},
    )

    assert response.status_code == 200
    assert response.context["organiser_form"].errors == {
        "username": ["Identifiant : lettres, chiffres et @ . + - _ seulement, sans espace."]
    }
    assert get_user_model().objects.count() == 1


def test_removing_an_organiser_ends_their_access_but_never_the_last_one(client, organiser):
    club = ClubFactory(name="Club A")
    paul = UserFactory(username="paul")
    club.organisers.add(organiser, paul)
    TournamentFactory(club=club, slug="t")

    client.post(reverse("tournaments:organiser-remove", kwargs={"slug": "club-a", "pk": paul.pk}))
    last = client.post(
        reverse("tournaments:organiser-remove", kwargs={"slug": "club-a", "pk": organiser.pk}),
        follow=True,
    )

    assert [str(m) for m in last.context["messages"]] == [
        "paul n’organise plus ce club.",
        "« marie » est la seule personne qui organise ce club : ajoutez d’abord un autre "
        "organisateur.",
    ]
    assert list(club.organisers.all()) == [organiser]
    client.force_login(paul)
    assert client.get("/concours/t/gestion/").status_code == 404


def test_a_new_link_only_for_an_organiser_without_password(client, organiser):
    club = ClubFactory(name="Club A")
    club.organisers.add(organiser)
    newcomer = get_user_model().objects.create_user(username="paul")
    club.organisers.add(newcomer)

    fresh = client.post(
        reverse("tournaments:organiser-link", kwargs={"slug": "club-a", "pk": newcomer.pk}),
        follow=True,
    )
    refused = client.post(
        reverse("tournaments:organiser-link", kwargs={"slug": "club-a", "pk": organiser.pk}),
        follow=True,
    )

    [message] = [str(m) for m in fresh.context["messages"]]
    assert message.startswith("Donnez ce lien à paul, affiché seulement maintenant")
    assert [str(m) for m in refused.context["messages"]] == [
        "« marie » a déjà choisi un mot de passe : aucun nouveau lien n’est nécessaire."
    ]


def test_my_clubs_lists_only_my_clubs_and_their_tournaments(client, organiser):
    mine = ClubFactory(name="Club A")
    mine.organisers.add(organiser)
    TournamentFactory(club=mine, name="Printemps", date=datetime.date(2026, 4, 1))
    TournamentFactory(club=mine, name="Automne", date=datetime.date(2026, 10, 1))
    TournamentFactory(club=ClubFactory(name="Club B"), name="Ailleurs")

    response = client.get(reverse("tournaments:club-list"))

    assert [
        (club.name, [t.name for t in club.listed_tournaments]) for club in response.context["clubs"]
    ] == [("Club A", ["Automne", "Printemps"])]


def test_the_tournament_form_offers_only_my_clubs(client, organiser):
    ClubFactory(name="Club A").organisers.add(organiser)
    ClubFactory(name="Club C").organisers.add(organiser)
    ClubFactory(name="Club B")

    response = client.get(reverse("tournaments:tournament-create"))

    choices = [label for _, label in response.context["form"].fields["club"].choices]
    assert choices == ["Club A", "Club C"]


def test_the_public_club_page_lists_its_tournaments(client):
    club = ClubFactory(name="Club A")
    TournamentFactory(club=club, name="Printemps", date=datetime.date(2026, 4, 1))
    TournamentFactory(club=ClubFactory(name="Club B"), name="Ailleurs")

    response = client.get("/clubs/club-a/")

    assert [t.name for t in response.context["tournaments"]] == ["Printemps"]
    assert client.get("/clubs/inconnu/").status_code == 404


def test_a_club_whose_name_gives_a_taken_slug_gets_the_next_free_one():
    first = Club.objects.create(name="Club A")
    second = Club.objects.create(name="Club A !")
    third = Club.objects.create(name="Club-A")

    assert [club.slug for club in (first, second, third)] == ["club-a", "club-a-2", "club-a-3"]


def test_a_club_created_meanwhile_under_the_same_name_is_refused(monkeypatch):
    from tournaments import services
    from tournaments.services import clubs as club_services

    organiser = UserFactory(username="marie")
    ClubFactory(name="Club A")
    # As if the name check ran before another organiser saved the same name.
    monkeypatch.setattr(club_services, "_check_club_name", lambda name, exclude_pk=None: name)

    with pytest.raises(services.ServiceError) as refused:
        services.create_club(name="Club A", organiser=organiser)

    assert (refused.value.code, refused.value.params, Club.objects.count()) == (
        "club_exists",
        {"name": "Club A"},
        1,
    )


def test_a_club_name_taken_with_accented_capitals_is_refused(client, organiser):
    ClubFactory(name="Club de démonstration")

    response = client.post(reverse("tournaments:club-create"), {"name": "Club de DÉMONSTRATION"})

    assert response.context["form"].errors == {
        "name": ["Nom : un club s’appelle déjà « Club de démonstration ». Choisissez un autre nom."]
    }
    assert Club.objects.count() == 1


def test_an_existing_account_typed_in_another_case_is_that_account(client, organiser):
    club = ClubFactory(name="Club A")
    club.organisers.add(organiser)
    jeanne = UserFactory(username="jeanne")

    response = client.post(
        reverse("tournaments:organiser-add", kwargs={"slug": "club-a"}),
        {"username": "Jeanne", "full_name": ""},
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == [
        "jeanne organise maintenant ce club, avec le mot de passe qu’il ou elle a déjà."
    ]
    assert get_user_model().objects.filter(username__iexact="jeanne").get() == jeanne
    assert sorted(club.organisers.values_list("username", flat=True)) == ["jeanne", "marie"]
