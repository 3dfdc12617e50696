"""The organiser's deal form on the match page: engine errors beside fields, nothing saved."""

import pytest

from tests.factories import ClubFactory, MatchFactory, TournamentFactory, UserFactory
from tournaments.models import Deal

URL = "/concours/t/parties/1/tables/1/donnes/"
MATCH_URL = "/concours/t/parties/1/tables/1/"
VALID = {
    "deal_number": "1",
    "taker": "A",
    "trump": "H",
    "contract": "90",
    "coinche": "none",
    "taker_tricks": "5",
    "taker_card_points": "104",
    "taker_belotes": "0",
    "defence_belotes": "0",
    "taker_declarations": "0",
    "defence_declarations": "0",
}


@pytest.fixture
def match(organiser):
    club = ClubFactory()
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, slug="t", match_format_value=2)
    return MatchFactory(round__tournament=tournament, table_number=1)


def french(client):
    client.cookies["django_language"] = "fr"
    return client


def field_errors(response) -> dict[str, list[str]]:
    form = response.context["form"]
    return {name: [str(e) for e in errors] for name, errors in form.errors.items()}


def test_an_organiser_records_a_deal_and_sees_it(client, organiser, match):
    client.force_login(organiser)

    response = french(client).post(URL, VALID)

    assert (response.status_code, response["Location"]) == (302, MATCH_URL)
    deal = Deal.objects.get()
    assert (deal.deal_number, deal.score_a, deal.score_b) == (1, 190, 60)
    page = client.get(MATCH_URL).content.decode()
    assert "Donne 1 enregistrée." in page


@pytest.mark.parametrize(
    ("changes", "points", "scores"),
    [
        ({}, (104, 58), (190, 60)),
        # A defence typed by an older page is not read: the engine works it out.
        ({"defence_card_points": "57"}, (104, 58), (190, 60)),
        ({"taker_tricks": "8", "taker_card_points": ""}, (252, 0), (340, 0)),
        ({"taker_tricks": "0", "taker_card_points": ""}, (0, 252), (0, 250)),
    ],
    ids=["rest-of-the-deal", "typed-defence-ignored", "capot-by-the-taker", "capot-by-the-defence"],
)
def test_the_desk_types_no_defence_the_engine_gives_its_points_as_on_the_phone(
    client, organiser, match, changes, points, scores
):
    client.force_login(organiser)

    response = french(client).post(URL, VALID | changes)

    assert (response.status_code, response["Location"]) == (302, MATCH_URL)
    deal = Deal.objects.get()
    assert (deal.taker_card_points, deal.defence_card_points) == points
    assert (deal.score_a, deal.score_b) == scores
    assert "defence_card_points" not in client.get(MATCH_URL).context["form"].fields


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        (
            {"taker_card_points": "200"},
            {
                "taker_card_points": [
                    "Les points des deux équipes doivent faire 162 (ici 200), ou 252 sur un capot."
                ]
            },
        ),
        (
            {"taker_tricks": "8"},
            {
                "taker_card_points": [
                    "Avec les 8 plis (capot), le preneur a 252 points et la défense 0."
                ]
            },
        ),
        ({"taker_tricks": "9"}, {"taker_tricks": ["Le preneur a fait entre 0 et 8 plis."]}),
        ({"contract": ""}, {"contract": ["Choisissez un contrat."]}),
        (
            {"contract": "85"},
            {"contract": ["Sélectionnez un choix valide. 85 n’en fait pas partie."]},
        ),
        (
            {"taker_belotes": "1", "defence_belotes": "1"},
            {"taker_belotes": ["Une seule belote-rebelote avec un atout de couleur."]},
        ),
        (
            {"taker_declarations": "20", "defence_declarations": "50"},
            {
                "taker_declarations": [
                    "Une seule équipe marque ses annonces : celle qui a la meilleure."
                ]
            },
        ),
        ({"taker_card_points": "abc"}, {"taker_card_points": ["Saisissez un nombre entier."]}),
        ({"trump": ""}, {"trump": ["Choisissez l’atout."]}),
        ({"taker": "Z"}, {"taker": ["Sélectionnez un choix valide. Z n’en fait pas partie."]}),
    ],
)
def test_a_bad_deal_shows_the_error_beside_its_field_and_saves_nothing(
    client, organiser, match, changes, errors
):
    client.force_login(organiser)

    response = french(client).post(URL, VALID | changes)

    assert (response.status_code, field_errors(response), Deal.objects.count()) == (
        422,
        errors,
        0,
    )


def test_the_form_is_refused_once_the_match_is_over(client, organiser, match):
    client.force_login(organiser)
    french(client).post(URL, VALID)
    french(client).post(URL, VALID | {"deal_number": "2"})

    response = french(client).post(URL, VALID | {"deal_number": "3"}, follow=True)

    assert (response.status_code, Deal.objects.count()) == (200, 2)
    assert [str(m) for m in response.context["messages"]] == [
        "Donne 1 enregistrée.",
        "Donne 2 enregistrée.",
        "Cette partie est terminée : on ne peut plus ajouter de donne.",
    ]


def test_a_passed_deal_needs_no_other_input(client, organiser, match):
    client.force_login(organiser)

    response = client.post(URL, {"deal_number": "1", "is_passed": "on"})

    assert response.status_code == 302
    assert list(Deal.objects.values_list("is_passed", "taker", "deal_number")) == [(True, "A", 1)]


def test_an_anonymous_visitor_is_sent_to_log_in_and_nothing_is_saved(client, match):
    response = client.post(URL, VALID)

    assert (response.status_code, response["Location"], Deal.objects.count()) == (
        302,
        f"/comptes/connexion/?next={URL}",
        0,
    )


def test_another_clubs_organiser_gets_404_and_nothing_is_saved(client, match):
    client.force_login(UserFactory(username="intrus"))

    response = client.post(URL, VALID)

    assert (response.status_code, Deal.objects.count()) == (404, 0)


def test_the_form_is_only_shown_to_the_clubs_organisers(client, organiser, match):
    anonymous_page = client.get(MATCH_URL).content.decode()
    client.force_login(organiser)

    organiser_page = client.get(MATCH_URL).content.decode()

    assert (URL in anonymous_page, URL in organiser_page) == (False, True)


def test_get_on_the_entry_url_goes_back_to_the_match_page(client, organiser, match):
    client.force_login(organiser)

    response = client.get(URL)

    assert (response.status_code, response["Location"]) == (302, MATCH_URL)


def test_the_same_deal_sent_twice_is_recorded_once(client, organiser, match):
    client.force_login(organiser)
    french(client).post(URL, VALID)

    response = french(client).post(URL, VALID, follow=True)

    assert [str(m) for m in response.context["messages"]] == [
        "Donne 1 enregistrée.",
        "La donne 1 est déjà enregistrée.",
    ]
    assert Deal.objects.count() == 1


def test_an_empty_form_names_every_missing_field(client, organiser, match):
    client.force_login(organiser)

    response = french(client).post(URL, {"deal_number": "1"})

    assert field_errors(response) == {
        "taker": ["Choisissez l’équipe du preneur."],
        "trump": ["Choisissez l’atout."],
        "contract": ["Choisissez un contrat."],
        "taker_tricks": ["Ce champ est obligatoire."],
        "taker_card_points": ["Ce champ est obligatoire."],
    }
    assert Deal.objects.count() == 0


def test_classic_rules_have_no_contract_or_coinche_field(client, organiser, match):
    match.round.tournament.rules_preset = "belote-classique"
    match.round.tournament.save()
    client.force_login(organiser)

    response = client.get(MATCH_URL)

    assert list(response.context["form"].fields) == [
        "deal_number",
        "taker",
        "is_passed",
        "trump",
        "taker_tricks",
        "taker_card_points",
        "taker_belotes",
        "defence_belotes",
        "taker_declarations",
        "defence_declarations",
    ]
    assert [value for value, _ in response.context["form"].fields["trump"].choices] == [
        "",
        "S",
        "H",
        "D",
        "C",
    ]
