"""Online registration pages of a mêlée (RULES.md §H: players register one by one): the
public form asks one player, its confirmation and private link speak of one player, bad
input is refused in French (English when chosen) with nothing saved; the organiser's list
checks a player in as a numbered, present MeleePlayer, and the players page lists the
players registered online who are still to check in."""

import datetime
import html
import re

import pytest
from django.test import Client

from tests.factories import (
    ClubFactory,
    RegistrationFactory,
    RegistrationSettingsFactory,
    TournamentFactory,
    UserFactory,
)
from tests.html_reading import table_rows
from tournaments import services
from tournaments.models import MeleePlayer, Registration, RegistrationSettings
from tournaments.services import MeleePlayerData

pytestmark = pytest.mark.django_db

FAR_CLOSING = datetime.datetime(2099, 6, 1, 17, 0, tzinfo=datetime.UTC)
PAST_CLOSING = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)
PLAYER = {"name": "Ana Roux", "club": "Club de Vic"}
LIST = "/concours/t/gestion/inscriptions/"


def french(client: Client) -> Client:
    client.cookies["django_language"] = "fr"
    return client


def texts(response, pattern: str) -> list[str]:
    found = re.findall(pattern, response.content.decode(), re.S)
    return [
        html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text)).strip()) for text in found
    ]


def status_text(response) -> list[str]:
    return texts(response, r'<p class="notice registration-status">(.*?)</p>')


def errors(response) -> list[str]:
    return texts(response, r'<ul class="errorlist[^"]*">(.*?)</ul>')


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def tournament():
    """« Mêlée du jeudi » (slug t), a mêlée open for registration: 2 places, 1 waiting."""
    owner = ClubFactory(name="Club propriétaire")
    owner.organisers.add(UserFactory(username="owner"))
    tournament = TournamentFactory(club=owner, slug="t", name="Mêlée du jeudi")
    RegistrationSettingsFactory(tournament=tournament, closes_at=FAR_CLOSING)
    services.mark_melee(tournament=tournament)
    return tournament


def registered(tournament, name: str, **fields) -> Registration:
    return RegistrationFactory(tournament=tournament, player_1=name, player_2="", **fields)


def register(client: Client, data: dict = PLAYER):
    return french(client).post("/concours/t/inscription/", data)


def test_the_concours_page_asks_one_player(client, tournament):
    response = french(client).get("/concours/t/")

    form = response.context["registration_form"]
    assert {name: field.widget.attrs.get("maxlength") for name, field in form.fields.items()} == {
        "name": "100",
        "club": "150",
        "phone": "30",
        "email": "254",
    }
    assert texts(response, r'<label for="id_name">(.*?)</label>') == ["Joueur :"]
    assert texts(response, r"<form[^>]*registration-form.*?<button[^>]*>(.*?)</button>") == [
        "Inscrire le joueur"
    ]


def test_a_player_registers_and_the_confirmation_speaks_of_one_player(client, tournament):
    response = register(client)

    registration = Registration.objects.get()
    assert (registration.player_1, registration.player_2, registration.club) == (
        "Ana Roux",
        "",
        "Club de Vic",
    )
    assert response["Location"] == f"/inscription/{registration.token}/confirmation/"
    page = french(client).get(response["Location"])
    assert status_text(page) == ["Ana Roux : inscrit, votre place est confirmée."]


def test_the_third_player_waits_and_is_told_a_player_may_cancel(client, tournament):
    registered(tournament, "Bo")
    registered(tournament, "Cy")

    response = register(client)

    page = french(client).get(response["Location"])
    assert status_text(page) == [
        "Ana Roux : sur la liste d’attente, n° 1. Si un joueur se désiste, vous montez."
    ]


@pytest.mark.parametrize(
    ("data", "field_errors"),
    [
        ({"name": "  "}, {"name": ["Ce champ est obligatoire."]}),
        (
            {"name": "A" * 101},
            {
                "name": [
                    "Assurez-vous que cette valeur comporte au plus 100 caractères "
                    "(actuellement 101)."
                ]
            },
        ),
    ],
)
def test_a_blank_or_too_long_name_is_refused_beside_its_field(
    client, tournament, data, field_errors
):
    response = register(client, data)

    assert (response.status_code, response.context["registration_form"].errors) == (
        200,
        field_errors,
    )
    assert Registration.objects.count() == 0


def test_the_same_name_twice_is_refused_in_french_and_nothing_is_saved(client, tournament):
    registered(tournament, "Ana Roux", position=1)

    response = register(client, {"name": "ana ROUX"})

    assert (response.status_code, errors(response)) == (
        200,
        ["« ana ROUX » est déjà inscrit (inscription n° 1)."],
    )
    assert Registration.objects.count() == 1


def test_the_same_name_twice_is_refused_in_english_when_chosen(client, tournament):
    registered(tournament, "Ana Roux", position=1)
    client.cookies["django_language"] = "en"

    response = client.post("/concours/t/inscription/", {"name": "ana ROUX"})

    assert errors(response) == ["“ana ROUX” is already registered (registration 1)."]


def test_a_registration_after_closing_is_refused_in_french(client, tournament):
    RegistrationSettings.objects.filter(tournament=tournament).update(closes_at=PAST_CLOSING)

    response = register(client)

    assert (response.status_code, errors(response)) == (
        200,
        ["Inscriptions closes depuis le 27 novembre 2026 18:00 : adressez-vous à l’organisateur."],
    )
    assert Registration.objects.count() == 0


def test_a_full_melee_with_no_waiting_list_refuses_the_player(client, tournament):
    RegistrationSettings.objects.filter(tournament=tournament).update(waiting_list=0)
    registered(tournament, "Bo")
    registered(tournament, "Cy")

    response = register(client)

    assert (response.status_code, errors(response)) == (
        200,
        ["Le concours est complet, liste d’attente comprise : il ne reste aucune place."],
    )
    assert Registration.objects.count() == 2


def test_a_pair_posted_to_a_melee_keeps_only_the_player(client, tournament):
    response = register(client, {"name": "Ana", "player_1": "X", "player_2": "Y"})

    registration = Registration.objects.get()
    assert (response.status_code, registration.player_1, registration.player_2) == (302, "Ana", "")


def test_the_private_link_renames_the_player_then_cancels_and_the_waiting_one_moves_up(
    client, tournament
):
    first = registered(tournament, "Ana", position=1, phone="06 12 34 56 78")
    registered(tournament, "Bo", position=2)
    waiting = registered(tournament, "Cy", position=3, status="waiting")
    path = f"/inscription/{first.token}/"

    shown = french(client).get(path)
    changed = french(client).post(path, {"name": "Anaïs", "phone": "06 12 34 56 78"})
    cancelled = french(client).post(f"{path}annuler/")

    first.refresh_from_db()
    waiting.refresh_from_db()
    assert shown.context["form"].initial == {
        "name": "Ana",
        "club": "",
        "phone": "06 12 34 56 78",
        "email": "",
    }
    assert (changed["Location"], cancelled["Location"]) == (path, path)
    assert (first.players, first.status, waiting.status) == ("Anaïs", "cancelled", "confirmed")
    assert status_text(french(client).get(path)) == ["Anaïs : inscription annulée."]


def test_the_private_link_refuses_a_name_taken_in_french(client, tournament):
    first = registered(tournament, "Ana", position=1)
    registered(tournament, "Bo", position=2)

    response = french(client).post(f"/inscription/{first.token}/", {"name": "BO"})

    first.refresh_from_db()
    assert (response.status_code, errors(response), first.players) == (
        200,
        ["« BO » est déjà inscrit (inscription n° 2)."],
        "Ana",
    )


@pytest.fixture
def organiser(client, tournament):
    client.force_login(UserFactory(username="owner"))
    return french(client)


def test_the_organiser_lists_players_and_checks_one_in_with_the_next_number(organiser, tournament):
    services.register_melee_players(
        tournament=tournament, players=[MeleePlayerData("Zoé")], rng=None
    )
    registration = registered(tournament, "Ana", position=1, club="Vic", email="a@b.fr")

    before = organiser.get(LIST)
    response = organiser.post(f"{LIST}{registration.pk}/pointer/")

    heading = ["N°", "Joueur", "Club", "Contact", "Inscrite le", "Actions"]
    assert table_rows(before, "registrations-confirmed") == [
        heading,
        ["1", "Ana", "Vic", "a@b.fr", "20 novembre 2026 10:00", "Modifier Pointer Annuler"],
    ]
    assert response["Location"] == LIST
    page = organiser.get(LIST)
    assert messages_of(page) == ["Ana pointé : joueur 2, présent."]
    assert table_rows(page, "registrations-confirmed")[1][5] == "Pointé : joueur 2"
    assert list(
        MeleePlayer.objects.order_by("number").values_list(
            "number", "name", "club__name", "is_checked_in", "registration"
        )
    ) == [(1, "Zoé", None, True, None), (2, "Ana", "Vic", True, registration.pk)]


def test_checking_a_waiting_player_in_is_refused_in_french(organiser, tournament):
    registration = registered(tournament, "Ana", status="waiting")

    response = organiser.post(f"{LIST}{registration.pk}/pointer/")

    assert messages_of(organiser.get(response["Location"])) == [
        "Ce joueur est sur la liste d’attente : seul un joueur qui a une place se pointe."
    ]
    assert MeleePlayer.objects.count() == 0


def test_the_organiser_cancels_a_player_and_the_waiting_one_moves_up(organiser, tournament):
    first = registered(tournament, "Ana", position=1)
    registered(tournament, "Bo", position=2)
    registered(tournament, "Cy", position=3, status="waiting")

    response = organiser.post(f"{LIST}{first.pk}/annuler/")

    assert messages_of(organiser.get(response["Location"])) == [
        "Inscription de Ana annulée.",
        "Cy sort de la liste d’attente : sa place est confirmée.",
    ]


def test_a_checked_in_player_is_not_cancelled_and_the_organiser_is_told_why(organiser, tournament):
    registration = registered(tournament, "Ana")
    services.check_in_melee_registration(registration=registration, now=FAR_CLOSING, user=None)

    response = organiser.post(f"{LIST}{registration.pk}/annuler/")

    registration.refresh_from_db()
    assert messages_of(organiser.get(response["Location"])) == [
        "Ce joueur est pointé, joueur 1 : retirez ou modifiez plutôt le joueur sur la page "
        "des joueurs."
    ]
    assert registration.status == "confirmed"


def test_the_private_link_of_a_checked_in_player_offers_no_change(client, tournament):
    registration = registered(tournament, "Ana")
    services.check_in_melee_registration(registration=registration, now=FAR_CLOSING, user=None)

    page = french(client).get(f"/inscription/{registration.token}/")
    refused = french(client).post(f"/inscription/{registration.token}/", {"name": "Zoé"})

    assert status_text(page) == ["Ana : inscrit, votre place est confirmée."]
    # Neither the change form nor the cancel button.
    assert texts(page, r'<form method="post"( class="form card"|[^>]*annuler/")') == []
    assert errors(refused) == [
        "Ce joueur est pointé, joueur 1 : adressez-vous à l’organisateur pour tout changement."
    ]


def test_the_organiser_edits_a_player(organiser, tournament):
    registration = registered(tournament, "Ana")

    shown = organiser.get(f"{LIST}{registration.pk}/")
    response = organiser.post(f"{LIST}{registration.pk}/", {"name": "Anaïs", "club": "Vic"})

    registration.refresh_from_db()
    assert list(shown.context["form"].fields) == ["name", "club", "phone", "email"]
    assert (response["Location"], registration.players, registration.club) == (
        LIST,
        "Anaïs",
        "Vic",
    )


def test_the_players_page_lists_the_players_to_check_in_and_checks_one_in(organiser, tournament):
    ana = registered(tournament, "Ana", position=1, club="Vic")
    bo = registered(tournament, "Bo", position=2)
    registered(tournament, "Cy", position=3, status="waiting")
    services.check_in_melee_registration(registration=bo, now=FAR_CLOSING, user=None)

    before = organiser.get("/concours/t/gestion/joueurs/")
    response = organiser.post(f"{LIST}{ana.pk}/pointer/", {"back": "players"})

    assert table_rows(before, "melee-registrations") == [
        ["N°", "Joueur", "Club", "Actions"],
        ["1", "Ana", "Vic", "Pointer"],
    ]
    assert response["Location"] == "/concours/t/gestion/joueurs/"
    after = organiser.get("/concours/t/gestion/joueurs/")
    assert messages_of(after) == ["Ana pointé : joueur 2, présent."]
    assert table_rows(after, "melee-players")[1:] == [
        ["1", "Bo", "", "oui", "non", "Modifier Marquer absent Retirer"],
        ["2", "Ana", "Vic", "oui", "non", "Modifier Marquer absent Retirer"],
    ]
    assert table_rows(after, "melee-registrations") == []


def test_the_desk_of_a_melee_links_its_online_registration(organiser, tournament):
    response = organiser.get("/concours/t/gestion/")

    assert texts(response, r'<a class="button button-secondary" href="([^"]*inscriptions/)"') == [
        LIST
    ]
