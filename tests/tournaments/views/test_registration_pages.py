"""Online registration pages: the public form on the concours page, its confirmation, the
private link; the organiser's list, settings, edit, cancel and check-in; the bounds."""

import datetime
import html
import re

import pytest
from django.test import Client

from tests.factories import (
    ClubFactory,
    RegistrationFactory,
    RegistrationSettingsFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tests.html_reading import table_rows
from tournaments.models import AuditAction, Registration, RegistrationSettings, Team

pytestmark = pytest.mark.django_db

#: In the site's time zone (Europe/Paris, summer time): 1 June 2099 at 19:00.
FAR_CLOSING = datetime.datetime(2099, 6, 1, 17, 0, tzinfo=datetime.UTC)
#: Already past on the machine's clock: 27 November 2026 at 18:00 in Paris.
PAST_CLOSING = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)
PAIR = {"player_1": "Ana Roux", "player_2": "Bo Vidal", "club": "Club de Vic"}


def french(client: Client) -> Client:
    client.cookies["django_language"] = "fr"
    return client


def texts(response, pattern: str) -> list[str]:
    """Return the text of every match of ``pattern`` (one group) in the page, tags
    removed and spaces collapsed."""
    found = re.findall(pattern, response.content.decode(), re.S)
    return [
        html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text)).strip()) for text in found
    ]


def offer_texts(response) -> list[str]:
    return texts(
        response, r'<section class="registration" id="inscription">\s*<h2>(.*?)</h2>'
    ) + texts(response, r'<section class="registration".*?<p class="meta">(.*?)</p>')


def status_text(response) -> list[str]:
    return texts(response, r'<p class="notice registration-status">(.*?)</p>')


def errors(response) -> list[str]:
    return texts(response, r'<ul class="errorlist[^"]*">(.*?)</ul>')


@pytest.fixture
def tournament():
    """« Concours d’hiver » (slug t), open for registration: 2 places, 1 waiting."""
    owner = ClubFactory(name="Club propriétaire")
    owner.organisers.add(UserFactory(username="owner"))
    tournament = TournamentFactory(club=owner, slug="t", name="Concours d’hiver")
    RegistrationSettingsFactory(tournament=tournament, closes_at=FAR_CLOSING)
    return tournament


def register(client: Client, data: dict = PAIR, **extra):
    return french(client).post("/concours/t/inscription/", data, **extra)


def test_the_concours_page_shows_the_places_left_the_closing_time_and_the_form(client, tournament):
    RegistrationFactory(tournament=tournament)

    response = french(client).get("/concours/t/")

    assert offer_texts(response) == [
        "Inscriptions ouvertes — 1 place restante",
        "Clôture des inscriptions le 1 juin 2099 19:00.",
    ]
    assert list(response.context["registration_form"].fields) == [
        "player_1",
        "player_2",
        "club",
        "phone",
        "email",
    ]


def test_a_full_concours_shows_the_places_left_on_the_waiting_list(client, tournament):
    RegistrationFactory(tournament=tournament)
    RegistrationFactory(tournament=tournament)

    response = french(client).get("/concours/t/")

    assert offer_texts(response)[0] == (
        "Inscriptions ouvertes — complet, 1 place restante sur la liste d’attente"
    )


def test_the_concours_page_offers_nothing_while_registration_is_closed(client, tournament):
    RegistrationSettings.objects.filter(tournament=tournament).update(closes_at=PAST_CLOSING)

    response = french(client).get("/concours/t/")

    assert (offer_texts(response), response.context["offer"]) == ([], None)


def test_a_pair_registers_and_its_confirmation_gives_the_private_link(client, tournament, settings):
    settings.BELOTE_PUBLIC_URL = "http://192.168.1.10:8000"

    response = register(client)

    registration = Registration.objects.get()
    assert response["Location"] == f"/inscription/{registration.token}/confirmation/"
    confirmation = french(client).get(response["Location"])
    assert status_text(confirmation) == [
        "Ana Roux / Bo Vidal : inscrits, votre place est confirmée."
    ]
    assert texts(confirmation, r'<a class="private-link" href="([^"]*)"') == [
        f"http://192.168.1.10:8000/inscription/{registration.token}/"
    ]


def test_the_third_pair_goes_on_the_waiting_list_and_is_told_its_rank(client, tournament):
    RegistrationFactory(tournament=tournament)
    RegistrationFactory(tournament=tournament)

    response = register(client)

    page = french(client).get(response["Location"])
    assert status_text(page) == [
        "Ana Roux / Bo Vidal : sur la liste d’attente, n° 1. Si une doublette se désiste, "
        "vous montez."
    ]


def test_a_name_too_long_is_refused_beside_its_field_and_nothing_is_saved(client, tournament):
    response = register(client, PAIR | {"player_1": "A" * 101, "email": "pas-un-mail"})

    assert response.status_code == 200
    assert response.context["registration_form"].errors == {
        "player_1": [
            "Assurez-vous que cette valeur comporte au plus 100 caractères (actuellement 101)."
        ],
        "email": ["Saisissez une adresse de courriel valide."],
    }
    assert Registration.objects.count() == 0


def test_every_field_is_bounded_in_the_browser_too(client, tournament):
    response = french(client).get("/concours/t/")

    form = response.context["registration_form"]
    assert {name: field.widget.attrs.get("maxlength") for name, field in form.fields.items()} == {
        "player_1": "100",
        "player_2": "100",
        "club": "150",
        "phone": "30",
        "email": "254",
    }


def test_a_registration_after_closing_is_refused_in_french_and_nothing_is_saved(client, tournament):
    RegistrationSettings.objects.filter(tournament=tournament).update(closes_at=PAST_CLOSING)

    response = register(client)

    assert (response.status_code, errors(response)) == (
        200,
        ["Inscriptions closes depuis le 27 novembre 2026 18:00 : adressez-vous à l’organisateur."],
    )
    assert Registration.objects.count() == 0


def test_a_registration_past_the_places_and_the_waiting_list_is_refused(client, tournament):
    for status in ("confirmed", "confirmed", "waiting"):
        RegistrationFactory(tournament=tournament, status=status)

    response = register(client)

    assert (response.status_code, errors(response)) == (
        200,
        ["Le concours est complet, liste d’attente comprise : il ne reste aucune place."],
    )
    assert Registration.objects.count() == 3


def test_a_registration_with_no_settings_is_refused_not_a_500(client):
    TournamentFactory(slug="t")

    response = register(client)

    assert (response.status_code, errors(response)) == (
        200,
        ["Les inscriptions en ligne à ce concours ne sont pas ouvertes."],
    )


def test_markup_typed_in_a_name_is_stored_and_shown_as_text(client, tournament):
    response = register(client, PAIR | {"player_1": "<script>alert(1)</script>"})

    page = french(client).get(response["Location"])
    assert Registration.objects.get().player_1 == "<script>alert(1)</script>"
    assert "<script>alert" not in page.content.decode()
    assert status_text(page) == [
        "<script>alert(1)</script> / Bo Vidal : inscrits, votre place est confirmée."
    ]


def test_a_registration_without_its_csrf_token_is_refused(tournament):
    client = Client(enforce_csrf_checks=True)

    response = register(client)

    assert (response.status_code, Registration.objects.count()) == (403, 0)


def test_registrations_from_one_address_over_the_limit_get_the_429_page(tournament, settings):
    settings.BELOTE_RATE_LIMIT_WINDOW_SECONDS = 10**10
    settings.BELOTE_REGISTRATION_RATE_LIMIT = 2
    RegistrationSettings.objects.filter(tournament=tournament).update(capacity=10)
    client = Client(REMOTE_ADDR="192.168.1.77")
    other = Client(REMOTE_ADDR="192.168.1.78")

    statuses = [
        register(client, {"player_1": f"A{n}", "player_2": f"B{n}"}).status_code for n in (1, 2, 3)
    ]
    other_address = register(other, {"player_1": "C", "player_2": "D"}).status_code

    assert (statuses, other_address) == ([302, 302, 429], 302)
    assert Registration.objects.count() == 3


def test_the_private_link_changes_the_pair_then_cancels_it_and_the_waiting_pair_moves_up(
    client, tournament
):
    first = RegistrationFactory(tournament=tournament, position=1)
    RegistrationFactory(tournament=tournament, position=2)
    waiting = RegistrationFactory(tournament=tournament, position=3, status="waiting")
    path = f"/inscription/{first.token}/"

    changed = french(client).post(path, PAIR | {"phone": "06 12 34 56 78"})
    cancelled = french(client).post(f"{path}annuler/")

    first.refresh_from_db()
    waiting.refresh_from_db()
    assert (changed["Location"], cancelled["Location"]) == (path, path)
    assert (first.players, first.phone, first.status, waiting.status) == (
        "Ana Roux / Bo Vidal",
        "06 12 34 56 78",
        "cancelled",
        "confirmed",
    )
    assert status_text(french(client).get(path)) == ["Ana Roux / Bo Vidal : inscription annulée."]


def test_a_bad_phone_number_is_refused_beside_its_field(client, tournament):
    registration = RegistrationFactory(tournament=tournament)

    response = french(client).post(f"/inscription/{registration.token}/", PAIR | {"phone": "<b>"})

    assert response.context["form"].errors == {
        "phone": [
            "Tapez le numéro de téléphone en chiffres (espaces, points et un + au début permis)."
        ]
    }


def test_an_unknown_private_link_is_not_found(client, tournament):
    assert client.get("/inscription/inconnu/").status_code == 404


def test_cancelling_a_cancelled_registration_says_so_in_french(client, tournament):
    registration = RegistrationFactory(tournament=tournament, status="cancelled")

    response = french(client).post(f"/inscription/{registration.token}/annuler/")

    page = french(client).get(response["Location"])
    assert [str(message) for message in page.context["messages"]] == [
        "Cette inscription est annulée : inscrivez-vous à nouveau depuis la page du concours."
    ]


@pytest.fixture
def organiser(client, tournament):
    client.force_login(UserFactory(username="owner"))
    return french(client)


def test_the_organiser_lists_confirmed_waiting_and_cancelled_pairs(organiser, tournament):
    RegistrationFactory(
        tournament=tournament, position=1, player_1="Ana", player_2="Bo", email="a@b.fr"
    )
    RegistrationFactory(
        tournament=tournament, position=2, player_1="Cy", player_2="Di", status="waiting"
    )
    RegistrationFactory(
        tournament=tournament, position=3, player_1="Ed", player_2="Flo", status="cancelled"
    )

    response = organiser.get("/concours/t/gestion/inscriptions/")

    heading = ["N°", "Joueurs", "Club", "Contact", "Inscrite le", "Actions"]
    assert table_rows(response, "registrations-confirmed") == [
        heading,
        ["1", "Ana / Bo", "", "a@b.fr", "20 novembre 2026 10:00", "Modifier Pointer Annuler"],
    ]
    assert table_rows(response, "registrations-waiting") == [
        heading,
        ["2", "Cy / Di", "", "", "20 novembre 2026 10:00", "Modifier Annuler"],
    ]
    assert table_rows(response, "registrations-cancelled") == [
        heading,
        ["3", "Ed / Flo", "", "", "20 novembre 2026 10:00", ""],
    ]


def test_the_organiser_opens_registration_with_a_closing_time_in_french_time(organiser, tournament):
    data = {
        "is_open": "on",
        "capacity": "24",
        "waiting_list": "4",
        "closes_at": "2026-12-12T18:30",
    }

    response = organiser.post("/concours/t/gestion/inscriptions/reglages/", data)

    stored = RegistrationSettings.objects.get(tournament=tournament)
    assert response["Location"] == "/concours/t/gestion/inscriptions/"
    assert (stored.is_open, stored.capacity, stored.waiting_list, stored.closes_at) == (
        True,
        24,
        4,
        datetime.datetime(2026, 12, 12, 17, 30, tzinfo=datetime.UTC),
    )


def test_opening_registration_with_no_place_is_refused_beside_the_field(organiser, tournament):
    data = {"is_open": "on", "capacity": "0", "waiting_list": "100000"}

    response = organiser.post("/concours/t/gestion/inscriptions/reglages/", data)

    assert response.context["settings_form"].errors == {
        "capacity": ["Indiquez le nombre de places pour ouvrir les inscriptions."],
        "waiting_list": ["Saisissez un nombre au plus égal à 9999."],
    }
    assert RegistrationSettings.objects.get(tournament=tournament).capacity == 2


def test_the_organiser_edits_a_pair(organiser, tournament):
    registration = RegistrationFactory(tournament=tournament)

    response = organiser.post(f"/concours/t/gestion/inscriptions/{registration.pk}/", PAIR)

    registration.refresh_from_db()
    assert (response["Location"], registration.players, registration.club) == (
        "/concours/t/gestion/inscriptions/",
        "Ana Roux / Bo Vidal",
        "Club de Vic",
    )


def test_the_organiser_checks_a_pair_in_and_its_team_is_present(organiser, tournament):
    registration = RegistrationFactory(tournament=tournament, player_1="Ana", player_2="Bo")

    response = organiser.post(f"/concours/t/gestion/inscriptions/{registration.pk}/pointer/")

    team = Team.objects.get()
    registration.refresh_from_db()
    assert (team.number, team.players, team.is_checked_in, registration.team) == (
        1,
        "Ana / Bo",
        True,
        team,
    )
    page = organiser.get(response["Location"])
    assert [str(message) for message in page.context["messages"]] == [
        "Ana / Bo pointés : équipe 1, présente."
    ]
    assert table_rows(page, "registrations-confirmed")[1][5] == "Pointée : équipe 1"


def test_the_organiser_cancels_a_pair_and_the_waiting_one_moves_up(organiser, tournament):
    first = RegistrationFactory(tournament=tournament, position=1, player_1="Ana", player_2="Bo")
    RegistrationFactory(tournament=tournament, position=2)
    waiting = RegistrationFactory(
        tournament=tournament, position=3, player_1="Cy", player_2="Di", status="waiting"
    )

    response = organiser.post(f"/concours/t/gestion/inscriptions/{first.pk}/annuler/")

    page = organiser.get(response["Location"])
    waiting.refresh_from_db()
    last = waiting.history.latest("history_date")
    assert [str(message) for message in page.context["messages"]] == [
        "Inscription de Ana / Bo annulée.",
        "Cy / Di sortent de la liste d’attente : leur place est confirmée.",
    ]
    assert (waiting.status, last.audit_action, last.history_user.username) == (
        "confirmed",
        AuditAction.PROMOTED,
        "owner",
    )


def test_the_private_link_shows_the_pair_as_registered_in_its_form(client, tournament):
    registration = RegistrationFactory(
        tournament=tournament, player_1="Ana", player_2="Bo", phone="06 12 34 56 78"
    )

    response = french(client).get(f"/inscription/{registration.token}/")

    assert response.context["form"].initial == {
        "player_1": "Ana",
        "player_2": "Bo",
        "club": "",
        "phone": "06 12 34 56 78",
        "email": "",
    }
    assert status_text(response) == ["Ana / Bo : inscrits, votre place est confirmée."]


def test_the_private_link_changes_nothing_after_closing_and_says_why(client, tournament):
    registration = RegistrationFactory(tournament=tournament, player_1="Ana", player_2="Bo")
    RegistrationSettings.objects.filter(tournament=tournament).update(closes_at=PAST_CLOSING)

    response = french(client).post(f"/inscription/{registration.token}/", PAIR)

    registration.refresh_from_db()
    assert (response.status_code, errors(response), registration.players) == (
        200,
        ["Inscriptions closes depuis le 27 novembre 2026 18:00 : adressez-vous à l’organisateur."],
        "Ana / Bo",
    )


def test_the_organiser_edit_page_shows_the_pair(organiser, tournament):
    registration = RegistrationFactory(tournament=tournament, player_1="Ana", player_2="Bo")

    response = organiser.get(f"/concours/t/gestion/inscriptions/{registration.pk}/")

    assert (response.status_code, response.context["form"].initial["player_1"]) == (200, "Ana")


def test_the_organiser_cannot_cancel_a_checked_in_pair_and_is_told_why(organiser, tournament):
    team = TeamFactory(tournament=tournament, number=3)
    registration = RegistrationFactory(tournament=tournament, team=team)

    response = organiser.post(f"/concours/t/gestion/inscriptions/{registration.pk}/annuler/")

    page = organiser.get(response["Location"])
    registration.refresh_from_db()
    assert [str(message) for message in page.context["messages"]] == [
        "Cette doublette est pointée, équipe 3 : retirez ou modifiez plutôt l’équipe dans la "
        "liste des équipes."
    ]
    assert registration.status == "confirmed"


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("draft", "Ouvertes sur la page publique : 2 places restantes."),
        (
            "published",
            "Closes depuis la publication de la partie 1 : les retardataires s’inscrivent "
            "à la table de marque.",
        ),
    ],
)
def test_the_organiser_is_told_registration_closed_when_round_1_was_published(
    organiser, tournament, status, expected
):
    RoundFactory(tournament=tournament, number=1, status=status)

    response = organiser.get("/concours/t/gestion/inscriptions/")

    assert texts(response, r'<h1>Inscriptions en ligne</h1>\s*<p class="meta">(.*?)</p>') == [
        expected
    ]


def test_a_player_of_another_pair_is_refused_at_once_in_french_and_nothing_is_saved(
    client, tournament
):
    register(client, {"player_1": "Zora Q", "player_2": "Yann Q"})

    response = register(client, {"player_1": " zora q ", "player_2": "Xavier Q"})

    assert (response.status_code, errors(response)) == (
        200,
        ["« zora q » est déjà inscrit (inscription n° 1)."],
    )
    assert list(Registration.objects.values_list("player_1", "player_2")) == [("Zora Q", "Yann Q")]


def test_a_player_of_another_pair_is_refused_in_english(client, tournament):
    register(client, {"player_1": "Zora Q", "player_2": "Yann Q"})
    client.cookies["django_language"] = "en"

    response = client.post("/concours/t/inscription/", {"player_1": "X Q", "player_2": "YANN Q"})

    assert errors(response) == ["“YANN Q” is already registered (registration 1)."]
    assert Registration.objects.count() == 1


def test_the_same_pair_twice_keeps_its_own_message(client, tournament):
    register(client, {"player_1": "Zora Q", "player_2": "Yann Q"})

    response = register(client, {"player_1": "yann q", "player_2": " ZORA Q"})

    assert errors(response) == ["Ces deux joueurs sont déjà inscrits (inscription n° 1)."]
    assert Registration.objects.count() == 1


def test_a_player_of_a_registered_team_is_refused_as_at_the_desk(client, tournament):
    TeamFactory(tournament=tournament, number=4, player_1="Zora Q", player_2="Yann Q")

    response = register(client, {"player_1": "Xavier Q", "player_2": "ZORA q "})

    assert (response.status_code, errors(response)) == (
        200,
        ["Joueurs : ZORA q joue déjà dans l’équipe 4 de ce concours."],
    )
    assert Registration.objects.count() == 0


def test_a_cancelled_pairs_players_may_register_again(client, tournament):
    RegistrationFactory(
        tournament=tournament, player_1="Zora Q", player_2="Yann Q", status="cancelled"
    )

    response = register(client, {"player_1": "zora q", "player_2": "Xavier Q"})

    assert response.status_code == 302
    assert Registration.objects.filter(status="confirmed").count() == 1
