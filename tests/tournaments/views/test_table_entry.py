"""Table entry on the players' phones (views/table/): the page, the phone form, the
engine's errors beside their fields, confirmation by the other team, and the links' safety."""

import datetime
import html
import re
import secrets

import pytest
from django.core import serializers
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

import scoring
from scoring.matches import FormatKind, MatchDeal, MatchFormat, score_match
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.phone_posts import VALID
from tournaments import selectors, services, urls
from tournaments.forms.table import TableDealForm
from tournaments.models import (
    ConfirmationMode,
    Deal,
    DealEntry,
    DealStatus,
    Match,
    Round,
    Seat,
    TableLink,
    Team,
    TeamLink,
    Tournament,
)
from tournaments.views.table.board import BOARD, KEEPS_FORM, page_context

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def seen() -> dict[str, list[str]]:
    """Return the ``seen`` fields a phone sends: every deal's number and version as shown."""
    return {"seen": [f"{n}:{v}" for n, v in Deal.objects.values_list("deal_number", "version")]}


@pytest.fixture
def tournament(db):
    return TournamentFactory(slug="t", name="Concours de la Saint-André")


@pytest.fixture
def match(tournament):
    round_ = RoundFactory(tournament=tournament, number=1)
    return _match_with_links(round_, table=1, numbers=(3, 5))


def _match_with_links(round_: Round, *, table: int, numbers: tuple[int, int]) -> Match:
    teams = [
        TeamFactory(
            tournament=round_.tournament,
            number=number,
            player_1=f"Joueur {number}a",
            player_2=f"Joueur {number}b",
        )
        for number in numbers
    ]
    match = MatchFactory(round=round_, table_number=table, team_a=teams[0], team_b=teams[1])
    services.ensure_team_links(tournament=round_.tournament, now=NOW)
    return match


@pytest.fixture
def links(match) -> dict[str, Seat]:
    return selectors.match_links(match=match)


@pytest.fixture
def phone():
    """A phone at the table, in French, with htmx."""
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "fr"
    return client


#: The addresses of the team's link itself; every other one names a partie.
TEAM_URLS = ("table-entry", "table-manifest")


def url(name: str, seat: Seat, number: int | None = None) -> str:
    """Return the address ``name`` of ``seat``: the team's page, or a write of its partie."""
    kwargs: dict[str, str | int] = {"token": seat.link.token}
    if name not in TEAM_URLS:
        kwargs["partie"] = seat.match.round.number
    if number is not None:
        kwargs["number"] = number
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def notices(response) -> list[tuple[str, str]]:
    """Return the notices above the board: (level, text)."""
    found = re.findall(
        r'<p class="notice notice-(\w+)" role="status">(.*?)</p>', response.content.decode(), re.S
    )
    return [(level, html.unescape(text)) for level, text in found]


def messages_shown(response) -> list[str]:
    """Return the messages base.html shows after a redirect."""
    found = re.findall(r'<li class="message[^"]*">(.*?)</li>', response.content.decode(), re.S)
    return [html.unescape(text) for text in found]


def errors_beside_fields(response) -> dict[str, list[str]]:
    """Return the errors printed in each field's error box, by field name (non-empty only)."""
    boxes = re.findall(
        r'<div id="([a-z_0-9]+)-errors" class="field-errors">(.*?)</div>',
        response.content.decode(),
        re.S,
    )
    return {
        name: [html.unescape(text) for text in re.findall(r"<li>(.*?)</li>", inner)]
        for name, inner in boxes
        if inner.strip()
    }


def non_field_errors(response) -> list[str]:
    found = re.findall(r'<ul class="errorlist nonfield">(.*?)</ul>', response.content.decode())
    return [html.unescape(t) for inner in found for t in re.findall(r"<li>(.*?)</li>", inner)]


def field_value(response, name: str) -> str:
    """Return the value a field of the form on the page holds (hidden or number input)."""
    found = re.findall(rf'name="{name}" value="([^"]*)"', response.content.decode())
    return found[0] if found else ""


def entry_title(response) -> str:
    found = re.findall(r'<h2 id="entry-title">(.*?)</h2>', response.content.decode())
    return found[0] if found else ""


def snapshot() -> str:
    models = (Tournament, Team, Round, Match, Deal, TeamLink)
    rows = serializers.serialize("json", [o for m in models for o in m.objects.order_by("pk")])
    return f"{rows} history={Deal.history.count()}"


def record(phone, link: Seat, number: int, changes: dict | None = None):
    data = VALID | {"deal_number": str(number)} | (changes or {})
    return phone.post(url("table-deal", link), data)


# The page ---------------------------------------------------------------------------------


def test_it_shows_the_match_its_teams_and_the_form_for_deal_1(phone, match, links):
    response = phone.get(url("table-entry", links["A"]), HTTP_HX_REQUEST="")

    context = response.context
    assert (response.status_code, response["X-Robots-Tag"]) == (200, "noindex, nofollow")
    assert (context["match"], context["rows"], context["form"]["deal_number"].value()) == (
        match,
        [],
        1,
    )
    assert context["form"].fields["taker"].choices == [
        ("A", "3 – Joueur 3a / Joueur 3b"),
        ("B", "5 – Joueur 5a / Joueur 5b"),
    ]
    page = response.content.decode()
    assert re.findall(r'<h1 id="where-now">(.*?)</h1>', page) == [
        "Partie 1 : table 1 contre l’équipe 5"
    ]
    # The team's own code is not on its screen: only in a closed box it opens on request.
    assert re.findall(r'<details class="team-code" id="team-code" data-hide-after="5">', page)
    assert re.findall(r"\b\d{4}\b", page.partition('id="team-code"')[0]) == []
    assert re.findall(r'<strong class="pin">(\d{4})</strong>', page) == [links["A"].link.pin]
    assert links["B"].link.pin not in page


def test_an_unknown_token_is_a_404(phone, match):
    response = phone.get(reverse("tournaments:table-entry", kwargs={"token": "pas-un-jeton"}))

    assert response.status_code == 404


def test_the_address_of_a_former_match_link_opens_its_teams_page(phone, match, links):
    TableLink.objects.create(match=match, side="B", pin="0000", token="ancien-lien", created_at=NOW)
    TableLink.objects.create(
        match=match, side="A", pin="0001", token="ancien-revoque", created_at=NOW, revoked_at=NOW
    )

    moved = phone.get("/table/ancien-lien/", HTTP_HX_REQUEST="", follow=True)
    revoked = phone.get("/table/ancien-revoque/", HTTP_HX_REQUEST="")

    assert moved.redirect_chain == [(url("table-entry", links["B"]), 302)]
    assert re.findall(r'<h1 id="where-now">(.*?)</h1>', moved.content.decode()) == [
        "Partie 1 : table 1 contre l’équipe 3"
    ]
    assert revoked.status_code == 403


def test_a_revoked_link_gets_a_403_page_in_french(phone, links):
    services.revoke_link(link=links["A"].link, now=NOW)

    response = phone.get(url("table-entry", links["A"]))

    page = response.content.decode()
    assert (response.status_code, re.findall(r'<h1 id="refusal-title">(.*?)</h1>', page)) == (
        403,
        ["Ce lien ne fonctionne plus"],
    )


@pytest.mark.parametrize(
    ("status", "title"),
    [
        (Round.Status.DRAFT, "La partie 1 n’a pas commencé"),
        (Round.Status.CLOSED, "La partie 1 est close"),
    ],
)
def test_a_write_to_a_round_not_being_played_gets_a_403_page(phone, match, links, status, title):
    Round.objects.filter(pk=match.round_id).update(status=status)

    response = record(phone, links["A"], 1)

    page = response.content.decode()
    assert (response.status_code, re.findall(r'<h1 id="refusal-title">(.*?)</h1>', page)) == (
        403,
        [html.escape(title)],
    )


def test_a_closed_round_points_to_the_public_score_sheet(phone, match, links):
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.CLOSED)

    response = record(phone, links["B"], 1)

    assert re.findall(r'<p><a href="([^"]+)">', response.content.decode()) == [
        "/concours/t/parties/1/tables/1/"
    ]


def test_before_the_first_draw_is_published_the_team_page_waits_for_it(phone, match, links):
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.DRAFT)

    response = phone.get(url("table-entry", links["A"]))

    page = response.content.decode()
    assert (response.status_code, re.findall(r'<h1 id="where-now">(.*?)</h1>', page)) == (
        200,
        ["Partie 1 : en attente du tirage"],
    )
    assert ('id="deal-form"' in page, "table 1" in page) == (False, False)


def test_between_two_rounds_the_team_page_waits_and_shows_the_last_match(phone, match, links):
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.CLOSED)

    response = phone.get(url("table-entry", links["B"]))

    page = response.content.decode()
    assert (response.status_code, re.findall(r'<h1 id="where-now">(.*?)</h1>', page)) == (
        200,
        ["Partie 2 : en attente du tirage"],
    )
    assert re.findall(r'<p class="table-note">.*?<a href="([^"]+)">', page) == [
        "/concours/t/parties/1/tables/1/"
    ]


def test_a_write_to_a_revoked_link_through_htmx_reloads_the_page(phone, links):
    services.revoke_link(link=links["A"].link, now=NOW)

    response = record(phone, links["A"], 1)

    assert (response.status_code, response["HX-Refresh"], Deal.objects.count()) == (403, "true", 0)


# Recording deals --------------------------------------------------------------------------


def test_a_deal_is_recorded_and_the_board_shows_totals_and_words(phone, match, links):
    response = record(phone, links["A"], 1)

    match.refresh_from_db()
    deal = Deal.objects.get()
    assert (response.status_code, response["HX-Push-Url"]) == (200, url("table-entry", links["A"]))
    assert notices(response) == [
        ("success", "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone.")
    ]
    assert (match.total_a, match.total_b, deal.status, deal.entered_by_side) == (
        190,
        60,
        DealStatus.PENDING,
        "A",
    )
    assert re.findall(
        r'<section class="last-deal".*?<p class="deal-words">(.*?)</p>',
        response.content.decode(),
        re.S,
    ) == [
        "Contrat réussi : le preneur marque 100 (points de cartes) arrondi de 104 + 90 (contrat) ; "
        "la défense marque 60 (points de cartes) arrondi de 58."
    ]
    assert (field_value(response, "deal_number"), entry_title(response)) == ("2", "Donne 2")


def test_the_board_says_the_litige_reserve_a_deal_collected(phone, match, links):
    Tournament.objects.filter(pk=match.round.tournament_id).update(rules_preset="belote-classique")
    litige = scoring.Deal(
        trump="H", contract=None, taker_card_points=81, defence_card_points=81, taker_tricks=4
    )
    made = scoring.Deal(
        trump="S",
        contract=None,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=5,
        taker_belotes=1,
    )
    services.record_deal(match=match, entry=DealEntry("A", litige), now=NOW)
    services.record_deal(match=match, entry=DealEntry("B", made), now=NOW)

    response = phone.get(url("table-entry", links["A"]), HTTP_HX_REQUEST="")

    deal_list = response.content.decode().partition('<ol class="deal-list">')[2]
    assert re.findall(r'<p class="deal-scores">\s*(.*?)\s*</p>', deal_list, re.S) == [
        '<span>A +62</span>\n    <span>B +201</span>\n    <span class="deal-running">62 – 282</span>',
        '<span>A +0</span>\n    <span>B +81</span>\n    <span class="deal-running">0 – 81</span>',
    ]
    assert re.findall(r'<p class="deal-words">(.*?)</p>', deal_list) == [
        "Le preneur gagne la donne : le preneur marque 100 (points de cartes) + 20 (belote) "
        "+ 81 (réserve de litige) ; la défense marque 62 (points de cartes).",
        "Litige : le preneur marque 0 ; la défense marque 81 (points de cartes). "
        "81 points sont mis en réserve pour le gagnant de la donne suivante.",
    ]


def test_without_htmx_a_deal_is_recorded_then_redirected(match, links):
    client = Client()
    client.cookies["django_language"] = "fr"

    response = record(client, links["A"], 1)

    assert (response.status_code, response["Location"]) == (302, url("table-entry", links["A"]))
    page = client.get(response["Location"])
    assert messages_shown(page) == [
        "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone."
    ]


def test_a_double_tap_stores_one_deal_and_answers_calmly(phone, match, links):
    record(phone, links["A"], 1)

    response = record(phone, links["A"], 1)

    assert notices(response) == [("success", "La donne 1 est bien enregistrée.")]
    assert (Deal.objects.count(), field_value(response, "deal_number")) == (1, "2")
    assert (errors_beside_fields(response), non_field_errors(response)) == ({}, [])
    assert 'id="deal-1"' in response.content.decode()


def test_another_deal_sent_under_a_recorded_number_is_refused(phone, match, links):
    record(phone, links["A"], 1)

    response = record(phone, links["A"], 1, {"taker_card_points": "120"})

    assert (response.status_code, notices(response)) == (
        409,
        [
            (
                "error",
                "La donne 1 a déjà été enregistrée avec d’autres chiffres (par l’autre "
                "téléphone ?) : la vôtre n’a pas été enregistrée. Vérifiez la donne 1 dans la "
                "liste et corrigez-la s’il le faut.",
            )
        ],
    )
    assert list(Deal.objects.values_list("deal_number", "taker_card_points")) == [(1, 104)]


def test_two_phones_sending_the_same_deal_store_it_once(phone, match, links):
    record(phone, links["A"], 1)
    other_phone = Client(HTTP_HX_REQUEST="true")
    other_phone.cookies["django_language"] = "fr"

    response = record(other_phone, links["B"], 1)

    deal = Deal.objects.get()
    assert (response.status_code, notices(response)) == (
        409,
        [("error", "La donne 1 est déjà enregistrée.")],
    )
    assert (deal.taker, deal.taker_card_points, deal.entered_by_side) == ("A", 104, "A")


def test_another_deal_under_the_same_number_is_a_conflict_never_merged(phone, match, links):
    record(phone, links["A"], 1)
    other_phone = Client(HTTP_HX_REQUEST="true")
    other_phone.cookies["django_language"] = "fr"

    response = record(other_phone, links["B"], 1, {"taker": "B", "taker_card_points": "80"})

    deal = Deal.objects.get()
    assert (response.status_code, notices(response)) == (
        409,
        [
            (
                "error",
                "La donne 1 a déjà été enregistrée avec d’autres chiffres (par l’autre "
                "téléphone ?) : la vôtre n’a pas été enregistrée. Vérifiez la donne 1 dans "
                "la liste et corrigez-la s’il le faut.",
            )
        ],
    )
    assert (deal.taker, deal.taker_card_points, deal.entered_by_side) == ("A", 104, "A")


@pytest.mark.parametrize("mode", [ConfirmationMode.CONFIRM, ConfirmationMode.TRUST])
def test_a_double_tap_on_the_last_deal_says_it_is_recorded(phone, match, links, mode):
    Tournament.objects.filter(pk=match.round.tournament_id).update(
        match_format_value=1, confirmation_mode=mode
    )
    record(phone, links["A"], 1)

    response = record(phone, links["A"], 1)

    assert (notices(response)[0], Deal.objects.count()) == (
        ("success", "La donne 1 est bien enregistrée."),
        1,
    )


def test_a_passed_deal_needs_nothing_else(phone, match, links):
    response = phone.post(url("table-deal", links["B"]), {"deal_number": "1", "is_passed": "on"})

    deal = Deal.objects.get()
    assert notices(response) == [
        ("success", "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone.")
    ]
    assert (deal.is_passed, deal.score_a, deal.score_b, deal.entered_by_side) == (True, 0, 0, "B")


def test_the_defence_card_points_are_the_complement_and_a_capot_is_252(phone, match, links):
    record(phone, links["A"], 1, {"taker_card_points": "81"})
    record(phone, links["A"], 2, {"taker_tricks": "8", "taker_card_points": ""})
    record(phone, links["A"], 3, {"taker_tricks": "0", "taker_card_points": "0"})

    points = list(Deal.objects.values_list("taker_card_points", "defence_card_points"))
    assert points == [(81, 81), (252, 0), (0, 252)]


def test_points_typed_with_a_mis_tapped_8_tricks_are_refused_not_made_a_capot(phone, links):
    response = record(phone, links["A"], 1, {"taker_tricks": "8", "taker_card_points": "162"})

    assert errors_beside_fields(response) == {
        "taker_card_points": ["Avec les 8 plis (capot), le preneur a 252 points et la défense 0."]
    }
    assert Deal.objects.count() == 0


def test_declarations_are_resolved_and_kept_as_announced(phone, match, links):
    response = record(
        phone,
        links["A"],
        1,
        {
            "taker_declaration_1": "tierce:KH",
            "taker_declaration_2": "carre:Q",
            "defence_declaration_1": "cent:AS",
        },
    )

    deal = Deal.objects.get()
    assert notices(response)[0][0] == "success"
    assert (
        deal.taker_declarations,
        deal.defence_declarations,
        deal.taker_declarations_text,
        deal.defence_declarations_text,
    ) == (120, 0, "tierce:KH;carre:Q", "cent:AS")


# Errors: every §B6 code beside its field, nothing saved -------------------------------------


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        (
            {"trump": "X"},
            {"trump": ["Choisissez un atout : ♠, ♥, ♦, ♣, sans atout ou tout atout."]},
        ),
        ({"taker_card_points": "douze"}, {"taker_card_points": ["Saisissez un nombre entier."]}),
        ({"taker_belotes": "un"}, {"taker_belotes": ["Saisissez un nombre entier."]}),
        ({"taker_tricks": "9"}, {"taker_tricks": ["Le preneur a fait entre 0 et 8 plis."]}),
        (
            {"taker_card_points": "170"},
            {
                "taker_card_points": [
                    "Les points des deux équipes doivent faire 162 (ici 170), ou 252 sur un capot."
                ]
            },
        ),
        (
            {"taker_card_points": "-4"},
            {"taker_card_points": ["Les points ne peuvent pas être négatifs."]},
        ),
        (
            {"taker_card_points": "252"},
            {
                "taker_card_points": [
                    "252 points, c’est un capot : cette équipe doit avoir fait les 8 plis."
                ]
            },
        ),
        (
            {"taker_belotes": "1", "defence_belotes": "1"},
            {"taker_belotes": ["Une seule belote-rebelote avec un atout de couleur."]},
        ),
        (
            {"trump": "SA", "defence_belotes": "1"},
            {"taker_belotes": ["Il n’y a pas de belote à sans atout."]},
        ),
        (
            {"trump": "TA", "taker_belotes": "3", "defence_belotes": "2"},
            {"taker_belotes": ["Quatre belotes au plus à tout atout."]},
        ),
        (
            {"taker_declaration_1": "tierce:KH", "taker_declaration_3": "tierce:KH"},
            {"taker_declaration_3": ["Cette annonce est déjà choisie plus haut."]},
        ),
        (
            {"defence_declaration_2": "tierce:8C"},
            {"defence_declaration_2": ["Cette annonce n’existe pas."]},
        ),
        ({"contract": ""}, {"contract": ["Choisissez un contrat."]}),
        ({"contract": "85"}, {"contract": ["Le contrat monte de 10 en 10."]}),
        ({"contract": "70"}, {"contract": ["Le contrat est d’au moins 80."]}),
        ({"contract": "510"}, {"contract": ["Le contrat est d’au plus 500."]}),
        ({"contract": "cent"}, {"contract": ["Le contrat est un nombre ou « capot »."]}),
        (
            {"coinche": "triple"},
            {"coinche": ["Choisissez : sans coinche, coinche ou surcoinche."]},
        ),
        (
            {"taker": "", "trump": "", "taker_tricks": ""},
            {
                "taker": ["Choisissez l’équipe du preneur."],
                "trump": ["Choisissez l’atout."],
                "taker_tricks": ["Choisissez les plis du preneur."],
            },
        ),
        ({"taker": "Z"}, {"taker": ["Choisissez l’équipe du preneur."]}),
        (
            {"taker_tricks": "4", "taker_card_points": " "},
            {"taker_card_points": ["Saisissez les points du preneur."]},
        ),
    ],
)
def test_a_bad_deal_shows_the_error_beside_its_field_and_saves_nothing(
    phone, match, links, changes, errors
):
    before = snapshot()

    response = record(phone, links["A"], 1, changes)

    assert (response.status_code, errors_beside_fields(response)) == (422, errors)
    assert response["HX-Reswap"] == (
        "outerHTML show:.errorlist.nonfield,.field-errors:has(li),.field:has(.errorlist):top"
    )
    assert snapshot() == before


def test_every_mistake_of_a_deal_shows_at_once_beside_its_field(phone, match, links):
    before = snapshot()

    response = record(
        phone,
        links["A"],
        1,
        {
            "contract": "75",
            "taker_card_points": "170",
            "taker_belotes": "1",
            "defence_belotes": "1",
        },
    )

    assert (response.status_code, errors_beside_fields(response)) == (
        422,
        {
            "taker_card_points": [
                "Les points des deux équipes doivent faire 162 (ici 170), ou 252 sur un capot."
            ],
            "taker_belotes": ["Une seule belote-rebelote avec un atout de couleur."],
            "contract": ["Le contrat est d’au moins 80.", "Le contrat monte de 10 en 10."],
        },
    )
    assert snapshot() == before


def test_a_missing_field_and_the_engines_mistakes_show_together(phone, match, links):
    before = snapshot()

    response = record(
        phone,
        links["A"],
        1,
        {"trump": "", "taker_tricks": "", "contract": "85", "taker_belotes": "3"},
    )

    # Without a trump the belotes cannot be judged, nor the card points without the
    # tricks: those wait; the contract's step does not.
    assert (response.status_code, errors_beside_fields(response)) == (
        422,
        {
            "trump": ["Choisissez l’atout."],
            "taker_tricks": ["Choisissez les plis du preneur."],
            "contract": ["Le contrat monte de 10 en 10."],
        },
    )
    assert snapshot() == before


def test_without_htmx_a_bad_deal_is_a_422_page(match, links):
    client = Client()
    client.cookies["django_language"] = "fr"

    response = record(client, links["A"], 1, {"taker_tricks": "9"})

    assert (response.status_code, errors_beside_fields(response), Deal.objects.count()) == (
        422,
        {"taker_tricks": ["Le preneur a fait entre 0 et 8 plis."]},
        0,
    )


def test_errors_are_in_english_for_an_english_phone(match, links):
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "en"

    response = record(client, links["A"], 1, {"taker_card_points": "170"})

    assert errors_beside_fields(response) == {
        "taker_card_points": [
            "The two sides' card points must add up to 162 (here 170), or 252 on a capot."
        ]
    }


def test_sans_atout_is_refused_where_the_tournament_plays_suits_only(phone, match, links):
    Tournament.objects.filter(pk=match.round.tournament_id).update(allows_no_trump_all_trump=False)

    # Suits only: the belotes are checkboxes, sent only when ticked (any value ticks one).
    data = {"trump": "SA", "taker_belotes": "", "defence_belotes": ""}
    response = record(phone, links["A"], 1, data)

    assert errors_beside_fields(response) == {
        "trump": ["Le sans atout et le tout atout ne se jouent pas avec cette règle."]
    }
    assert re.findall(r'name="trump" value="(\w+)"', response.content.decode()) == [
        "S",
        "H",
        "D",
        "C",
    ]


@pytest.mark.parametrize(
    ("error", "field", "message"),
    [
        (
            scoring.DealError(scoring.ErrorCode.RULESET, "unknown", (("ruleset", "x"),)),
            None,
            "Règle inconnue « x ».",
        ),
        (
            scoring.DealError(
                scoring.ErrorCode.NUMBER, "not_integer", (("field", "defence_card_points"),)
            ),
            "taker_card_points",
            "Saisissez un nombre entier.",
        ),
        (
            scoring.DealError(
                scoring.ErrorCode.NUMBER, "not_integer", (("field", "defence_belotes"),)
            ),
            "defence_belotes",
            "Saisissez un nombre entier.",
        ),
        (
            scoring.DealError(scoring.ErrorCode.DECLARATIONS, "both_sides"),
            "taker_declaration_1",
            "Une seule équipe marque ses annonces : celle qui a la meilleure.",
        ),
        (
            scoring.DealError(scoring.ErrorCode.DECLARATIONS, "step"),
            "taker_declaration_1",
            "Les annonces valent un multiple de 10.",
        ),
        (
            scoring.DealError(scoring.ErrorCode.CONTRACT, "not_allowed"),
            None,
            "La belote classique n’a pas de contrat.",
        ),
        (
            scoring.DealError(scoring.ErrorCode.COINCHE, "not_allowed"),
            None,
            "Pas de coinche à la belote classique.",
        ),
    ],
)
def test_engine_errors_no_phone_can_cause_still_have_a_place(error, field, message, settings):
    settings.LANGUAGE_CODE = "fr"
    rules = scoring.get_ruleset("ffb-coinche" if field else "belote-classique")
    form = TableDealForm({}, rules=rules, team_names=("3", "5"))
    form.is_valid()
    form.errors.clear()

    form.add_engine_error(error)

    assert form.errors == {field or "__all__": [message]}


# Corrections, double saves and stale forms -----------------------------------------------


def test_a_team_corrects_its_own_pending_deal(phone, match, links):
    record(phone, links["A"], 1)
    page = phone.get(url("table-deal-edit", links["A"], 1), HTTP_HX_REQUEST="")
    assert (page.status_code, page.context["form"]["taker_card_points"].value()) == (200, "104")

    response = phone.post(
        url("table-deal-edit", links["A"], 1),
        VALID | {"version": "1", "taker_card_points": "120"},
    )

    deal = Deal.objects.get()
    assert notices(response) == [
        ("success", "Donne 1 corrigée : les adversaires la confirment à nouveau.")
    ]
    assert (deal.version, deal.taker_card_points, deal.score_a, deal.score_b) == (2, 120, 210, 40)


def test_a_save_with_no_change_creates_no_new_version(phone, match, links):
    record(phone, links["A"], 1)
    history = Deal.history.count()

    response = phone.post(url("table-deal-edit", links["A"], 1), VALID | {"version": "1"})

    assert notices(response) == [("success", "Rien n’a changé : la donne 1 reste telle quelle.")]
    assert (Deal.history.count(), Deal.objects.get().version) == (history, 1)


def test_a_stale_form_gets_a_conflict_and_the_deal_as_it_is_now(phone, match, links):
    record(phone, links["A"], 1)
    phone.post(
        url("table-deal-edit", links["A"], 1), VALID | {"version": "1", "taker_card_points": "120"}
    )
    before = snapshot()

    response = phone.post(
        url("table-deal-edit", links["A"], 1),
        VALID | {"version": "1", "taker_card_points": "90"},
    )

    assert notices(response) == [
        (
            "error",
            "La donne 1 a été modifiée sur un autre téléphone entre-temps : la voici telle "
            "qu’elle est maintenant. Vérifiez-la, puis corrigez-la de nouveau s’il le faut.",
        )
    ]
    assert (field_value(response, "version"), field_value(response, "taker_card_points")) == (
        "2",
        "120",
    )
    assert snapshot() == before


def test_without_htmx_a_stale_form_is_a_409(match, links):
    client = Client()
    phone = Client(HTTP_HX_REQUEST="true")
    record(phone, links["A"], 1)
    phone.post(
        url("table-deal-edit", links["A"], 1), VALID | {"version": "1", "taker_card_points": "120"}
    )

    response = client.post(url("table-deal-edit", links["A"], 1), VALID | {"version": "1"})

    assert (response.status_code, Deal.objects.get().taker_card_points) == (409, 120)


def test_the_other_team_cannot_correct_a_deal(phone, match, links):
    record(phone, links["A"], 1)
    before = snapshot()

    page = phone.get(url("table-deal-edit", links["B"], 1), HTTP_HX_REQUEST="")
    response = phone.post(
        url("table-deal-edit", links["B"], 1), VALID | {"version": "1", "taker_card_points": "80"}
    )

    message = "La donne 1 a été saisie par les adversaires : eux seuls peuvent la corriger."
    assert (page.status_code, notices(page), page.context["editing"]) == (
        403,
        [("error", message)],
        None,
    )
    assert notices(response) == [("error", message)]
    assert snapshot() == before


def test_a_confirmed_deal_cannot_be_corrected_at_the_table(phone, match, links):
    record(phone, links["A"], 1)
    phone.post(url("table-confirm", links["B"], 1), seen())

    response = phone.post(url("table-deal-edit", links["A"], 1), VALID | {"version": "1"})

    assert notices(response) == [
        (
            "error",
            "La donne 1 est déjà confirmée : demandez toute correction à l’organisateur.",
        )
    ]


def test_a_correction_with_a_bad_value_shows_the_error_and_keeps_the_deal(phone, match, links):
    record(phone, links["A"], 1)
    before = snapshot()

    response = phone.post(
        url("table-deal-edit", links["A"], 1), VALID | {"version": "1", "taker_tricks": "9"}
    )

    assert (errors_beside_fields(response), entry_title(response)) == (
        {"taker_tricks": ["Le preneur a fait entre 0 et 8 plis."]},
        "Corriger la donne 1",
    )
    assert snapshot() == before


# Confirmation, disputes, PINs -------------------------------------------------------------


def test_the_other_team_confirms_one_deal(phone, match, links):
    record(phone, links["A"], 1)

    page = phone.get(url("table-entry", links["B"]), HTTP_HX_REQUEST="")
    response = phone.post(url("table-confirm", links["B"], 1), seen())

    assert [row.deal.deal_number for row in page.context["to_confirm"]] == [1]
    assert re.findall(
        r'<span class="deal-status status-pending">(.*?)</span>', page.content.decode()
    ) == [
        "À vous de confirmer",
        "À vous de confirmer",
        "À vous de confirmer",
    ]
    assert notices(response) == [("success", "Donne 1 confirmée.")]
    assert Deal.objects.get().status == DealStatus.CONFIRMED


def test_confirming_twice_says_it_is_already_confirmed(phone, match, links):
    record(phone, links["A"], 1)
    phone.post(url("table-confirm", links["B"], 1), seen())

    response = phone.post(url("table-confirm", links["B"], 1), seen())

    assert notices(response) == [("success", "La donne 1 est déjà confirmée.")]


def test_a_team_cannot_confirm_its_own_deal(phone, match, links):
    record(phone, links["A"], 1)

    response = phone.post(url("table-confirm", links["A"], 1), seen())

    assert notices(response) == [
        (
            "error",
            "La donne 1 a été saisie par votre équipe : les adversaires la confirment, "
            "ou la contestent.",
        )
    ]
    assert Deal.objects.get().status == DealStatus.PENDING


def test_confirm_all_confirms_only_the_other_teams_deals(phone, match, links):
    record(phone, links["A"], 1)
    record(phone, links["B"], 2, {"taker": "B"})
    record(phone, links["A"], 3)

    response = phone.post(url("table-confirm-all", links["B"]), seen())
    again = phone.post(url("table-confirm-all", links["B"]), seen())

    assert notices(response) == [("success", "2 donnes confirmées.")]
    assert notices(again) == [("success", "Aucune donne n’attendait de confirmation.")]
    assert list(Deal.objects.values_list("deal_number", "status")) == [
        (1, "confirmed"),
        (2, "pending"),
        (3, "confirmed"),
    ]


def test_a_disputed_deal_is_flagged_then_corrected_by_its_team(phone, match, links):
    record(phone, links["A"], 1)

    response = phone.post(
        url("table-dispute", links["B"], 1), {"note": "  Nous avions la belote.  "}
    )
    page = phone.get(url("table-entry", links["A"]))

    deal = Deal.objects.get()
    assert notices(response) == [("success", "Donne 1 contestée : l’organisateur est prévenu.")]
    assert (deal.status, deal.dispute_note) == (DealStatus.DISPUTED, "Nous avions la belote.")
    assert re.findall(r'<p class="deal-note">(.*?)</p>', page.content.decode()) == [
        "Contestée : Nous avions la belote."
    ]

    phone.post(
        url("table-deal-edit", links["A"], 1),
        VALID | {"version": "1", "defence_belotes": "1"},
    )

    deal.refresh_from_db()
    assert (deal.status, deal.dispute_note, deal.defence_belotes) == (DealStatus.PENDING, "", 1)


def test_a_team_cannot_dispute_its_own_deal(phone, match, links):
    record(phone, links["A"], 1)

    response = phone.post(url("table-dispute", links["A"], 1), {"note": "non"})

    assert (notices(response)[0][0], Deal.objects.get().status) == ("error", DealStatus.PENDING)


def test_the_opponents_pin_typed_on_this_phone_confirms_this_teams_deals(phone, match, links):
    record(phone, links["A"], 1)
    record(phone, links["A"], 2)

    response = phone.post(url("table-pin", links["A"]), {"pin": links["B"].link.pin})

    assert notices(response) == [("success", "2 donnes confirmées.")]
    assert set(Deal.objects.values_list("status", flat=True)) == {DealStatus.CONFIRMED}


def test_a_wrong_pin_is_counted_and_refused(phone, match, links):
    record(phone, links["A"], 1)
    wrong = "0000" if links["B"].link.pin != "0000" else "1111"

    response = phone.post(url("table-pin", links["A"]), {"pin": wrong})
    empty = phone.post(url("table-pin", links["A"]), {"pin": ""})

    links["A"].link.refresh_from_db()
    assert notices(response) == [
        (
            "error",
            "Code erroné : les adversaires tapent leur propre code, celui de leur carte d’équipe.",
        )
    ]
    assert notices(empty) == [
        ("error", "Les adversaires tapent leur propre code, celui de leur carte d’équipe.")
    ]
    assert (links["A"].link.pin_failures, Deal.objects.get().status) == (1, DealStatus.PENDING)


def test_five_wrong_pins_block_pin_confirmation(phone, match, links):
    record(phone, links["A"], 1)
    TeamLink.objects.filter(pk=links["A"].link.pk).update(pin_failures=5)

    response = phone.post(url("table-pin", links["A"]), {"pin": links["B"].link.pin})

    assert notices(response) == [
        (
            "error",
            "Trop de codes erronés : confirmez sur le téléphone des adversaires, ou "
            "demandez à l’organisateur.",
        )
    ]
    assert Deal.objects.get().status == DealStatus.PENDING


# Preview -----------------------------------------------------------------------------------


def outputs(response) -> dict[str, str]:
    found = re.findall(r'<output id="([a-z-]+)"[^>]*>(.*?)</output>', response.content.decode())
    return {name: html.unescape(text) for name, text in found}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"trump": "H", "taker_tricks": "5", "taker_card_points": "104"},
            {"defence-points": "Défense : 58 points.", "declarations-result": ""},
        ),
        (
            {"trump": "H", "taker_tricks": "8"},
            {
                "defence-points": "Capot du preneur : 252 points, la défense 0.",
                "declarations-result": "",
            },
        ),
        (
            {"taker_tricks": "0"},
            {
                "defence-points": "Capot de la défense : 252 points, le preneur 0.",
                "declarations-result": "",
            },
        ),
        (
            {
                "trump": "S",
                "taker_card_points": "200",
                "taker_declaration_1": "tierce:KH",
                "taker_declaration_2": "carre:Q",
                "defence_declaration_1": "tierce:QS",
            },
            {
                "defence-points": "",
                "declarations-result": "Le preneur a la meilleure annonce et marque 120.",
            },
        ),
        (
            {"trump": "SA", "taker_declaration_1": "carre:J", "defence_declaration_1": "carre:A"},
            {
                "defence-points": "",
                "declarations-result": "La défense a la meilleure annonce et marque 200.",
            },
        ),
        (
            {
                "trump": "C",
                "taker_declaration_1": "tierce:KH",
                "defence_declaration_1": "tierce:KS",
            },
            {
                "defence-points": "",
                "declarations-result": "Meilleures annonces égales : aucune ne compte.",
            },
        ),
    ],
)
def test_the_preview_shows_the_defence_points_and_the_declarations_that_count(
    phone, match, links, data, expected
):
    before = snapshot()

    response = phone.post(url("table-preview", links["A"]), data)

    assert (response.status_code, outputs(response)) == (200, expected)
    assert snapshot() == before


# Classic belote ------------------------------------------------------------------------------


def test_classic_belote_has_no_contract_and_belotes_are_checkboxes(phone, db):
    tournament = TournamentFactory(rules_preset="belote-classique")
    match = _match_with_links(RoundFactory(tournament=tournament), table=1, numbers=(1, 2))
    link = selectors.match_links(match=match)["A"]

    response = phone.post(
        url("table-deal", link),
        {
            "deal_number": "1",
            "taker": "A",
            "trump": "C",
            "contract": "90",
            "taker_tricks": "5",
            "taker_card_points": "91",
            "taker_belotes": "on",
            "taker_declaration_1": "tierce:KC",
        },
    )

    deal = Deal.objects.get()
    deal_form = re.findall(r'<form id="deal-form".*?</form>', response.content.decode(), re.S)[0]
    assert sorted(set(re.findall(r'name="([a-z_0-9]+)"', deal_form))) == [
        "csrfmiddlewaretoken",
        "deal_number",
        "defence_belotes",
        "defence_declaration_1",
        "defence_declaration_2",
        "defence_declaration_3",
        "is_passed",
        "taker",
        "taker_belotes",
        "taker_card_points",
        "taker_declaration_1",
        "taker_declaration_2",
        "taker_declaration_3",
        "taker_tricks",
        "trump",
    ]
    assert (deal.contract_value, deal.taker_belotes, deal.taker_declarations) == (None, 1, 20)
    assert (deal.score_a, deal.score_b) == (131, 71)


# A whole match, trust mode, standings, locks --------------------------------------------------

#: A match of 12 deals and a passe, each entered on the taker's phone: coinche, surcoinche,
#: a capot bid, a defence capot, belotes, declarations on both sides, sans atout.
FULL_MATCH = [
    {"taker": "A", "trump": "H", "contract": "90", "taker_tricks": "5", "taker_card_points": "104"},
    {"taker": "B", "trump": "S", "contract": "100", "coinche": "coinche", "taker_tricks": "3", "taker_card_points": "70"},
    {"taker": "A", "trump": "D", "is_capot": "on", "taker_tricks": "8"},
    {"taker": "B", "trump": "C", "contract": "80", "taker_tricks": "6", "taker_card_points": "95", "taker_belotes": "1"},
    {"taker": "A", "trump": "SA", "contract": "120", "taker_tricks": "7", "taker_card_points": "130"},
    {"taker": "A", "is_passed": "on"},
    {"taker": "B", "trump": "H", "contract": "110", "coinche": "surcoinche", "taker_tricks": "6", "taker_card_points": "110", "taker_belotes": "1"},
    {"taker": "A", "trump": "S", "contract": "90", "taker_tricks": "5", "taker_card_points": "85", "taker_declaration_1": "cinquante:AS", "defence_declaration_1": "tierce:KH"},
    {"taker": "B", "trump": "C", "contract": "100", "taker_tricks": "5", "taker_card_points": "100", "taker_declaration_1": "tierce:KC", "defence_declaration_1": "carre:J"},
    {"taker": "A", "trump": "H", "contract": "80", "taker_tricks": "0"},
    {"taker": "B", "trump": "D", "contract": "90", "coinche": "coinche", "taker_tricks": "6", "taker_card_points": "100"},
    {"taker": "A", "trump": "S", "contract": "100", "taker_tricks": "6", "taker_card_points": "100", "defence_belotes": "1"},
    {"taker": "A", "trump": "C", "contract": "80", "taker_tricks": "5", "taker_card_points": "90"},
]  # fmt: skip
FULL_MATCH_SCORES = [
    (190, 60),
    (520, 0),
    (500, 0),
    (70, 200),
    (250, 30),
    (0, 0),
    (0, 1160),
    (230, 80),
    (460, 0),
    (0, 240),
    (0, 500),
    (200, 80),
    (170, 70),
]


def play_full_match(phone, links) -> None:
    for number, inputs in enumerate(FULL_MATCH, start=1):
        data = {"deal_number": str(number), "coinche": "none"} | inputs
        response = phone.post(url("table-deal", links[inputs["taker"]]), data)
        assert notices(response)[0][0] == "success", (number, notices(response))


def standings_points(tournament) -> list[tuple[int, int]]:
    return [
        (s.team.number, s.row.points) for s in selectors.tournament_standings(tournament=tournament)
    ]


def test_a_whole_match_through_the_phones_confirmed_by_the_other_link(phone, match, links):
    play_full_match(phone, links)
    before_confirmation = standings_points(match.round.tournament)

    phone.post(url("table-confirm-all", links["A"]), seen())
    response = phone.post(url("table-confirm-all", links["B"]), seen())

    match.refresh_from_db()
    rows = list(Deal.objects.order_by("deal_number"))
    engine = score_match(
        [MatchDeal(scoring.TeamSide(row.taker), row.to_engine()) for row in rows],
        match.round.tournament.rules,
        MatchFormat(FormatKind.DEALS, 12),
    )
    assert [(row.score_a, row.score_b) for row in rows] == FULL_MATCH_SCORES
    assert (match.total_a, match.total_b, match.result) == (2590, 2420, "A")
    assert (engine.state.total_a, engine.state.total_b) == (match.total_a, match.total_b)
    assert {row.status for row in rows} == {DealStatus.CONFIRMED}
    assert (match.locked_at is not None, entry_title(response)) == (True, "")
    assert before_confirmation == [(3, 0), (5, 0)]
    assert standings_points(match.round.tournament) == [(3, 2590), (5, 2420)]


def test_a_locked_match_is_read_only(phone, match, links):
    play_full_match(phone, links)
    phone.post(url("table-confirm-all", links["A"]), seen())
    phone.post(url("table-confirm-all", links["B"]), seen())
    before = snapshot()

    page = phone.get(url("table-entry", links["A"]), HTTP_HX_REQUEST="")
    response = record(phone, links["A"], 14)

    assert (page.status_code, page.context["form"], page.context["is_writable"]) == (
        200,
        None,
        False,
    )
    assert notices(page) == [
        (
            "locked",
            "Cette partie est confirmée et verrouillée : elle ne peut plus changer à la table. "
            "Demandez toute correction à l’organisateur.",
        )
    ]
    assert notices(response) == [
        (
            "error",
            "Cette partie est confirmée et verrouillée : demandez toute correction à l’organisateur.",
        ),
        notices(page)[0],
    ]
    assert snapshot() == before


def test_in_trust_mode_entries_count_at_once(phone, match, links):
    Tournament.objects.filter(pk=match.round.tournament_id).update(
        confirmation_mode=ConfirmationMode.TRUST
    )

    first = record(phone, links["A"], 1)
    play_rest = FULL_MATCH[1:]
    for number, inputs in enumerate(play_rest, start=2):
        phone.post(
            url("table-deal", links[inputs["taker"]]),
            {"deal_number": str(number), "coinche": "none"} | inputs,
        )

    match.refresh_from_db()
    assert notices(first) == [("success", "Donne 1 enregistrée.")]
    assert set(Deal.objects.values_list("status", flat=True)) == {DealStatus.CONFIRMED}
    assert (match.locked_at is not None, match.total_a, match.total_b) == (True, 2590, 2420)
    assert standings_points(match.round.tournament) == [(3, 2590), (5, 2420)]


def test_a_finished_match_waiting_for_confirmation_offers_no_new_deal(phone, match, links):
    play_full_match(phone, links)

    page = phone.get(url("table-entry", links["B"]), HTTP_HX_REQUEST="")
    response = record(phone, links["B"], 14)

    assert (page.context["form"], len(page.context["to_confirm"])) == (None, 8)
    assert notices(response) == [
        ("error", "Cette partie est terminée : on ne peut plus ajouter de donne.")
    ]


# Security: every table URL, other tokens, revoked links, CSRF --------------------------------

#: Each table URL, whether it takes a deal number, and the methods it answers.
TABLE_URLS = {
    "table-entry": (False, ["get"]),
    "table-deal": (False, ["post"]),
    "table-deal-edit": (True, ["get", "post"]),
    "table-confirm": (True, ["post"]),
    "table-dispute": (True, ["post"]),
    "table-confirm-all": (False, ["post"]),
    "table-pin": (False, ["post"]),
    "table-preview": (False, ["post"]),
    "table-board": (False, ["get"]),
    "table-manifest": (False, ["get"]),
}


def test_every_table_url_is_tried_below():
    names = {p.name for p in urls.urlpatterns if p.name and p.name.startswith("table-")}

    assert names == set(TABLE_URLS)


@pytest.fixture
def two_matches(phone, match, links):
    """Table 1 has deal 1; table 2 of the same round has deals 1 to 3."""
    record(phone, links["A"], 1)
    other = _match_with_links(match.round, table=2, numbers=(7, 8))
    other_links = selectors.match_links(match=other)
    for number in (1, 2, 3):
        record(phone, other_links["A"], number)
    return links, other_links


def post_data(link: Seat) -> dict:
    return VALID | {"version": "1", "pin": link.link.pin, "note": "faux"}


def cases_with_numbers():
    return [
        (name, method)
        for name, (numbered, methods) in TABLE_URLS.items()
        if numbered
        for method in methods
    ]


def all_cases():
    return [(name, method) for name, (_, methods) in TABLE_URLS.items() for method in methods]


@pytest.mark.parametrize(("name", "method"), cases_with_numbers())
def test_a_token_never_reaches_another_matchs_deals(phone, two_matches, name, method):
    links, other_links = two_matches
    before = snapshot()

    target = url(name, links["B"], 3)  # deal 3 exists only at table 2
    response = getattr(phone, method)(
        target, post_data(other_links["B"]) if method == "post" else None
    )

    assert (response.status_code, snapshot()) == (404, before)


@pytest.mark.parametrize(("name", "method"), all_cases())
def test_a_revoked_token_gets_403_and_changes_nothing(phone, two_matches, name, method):
    links, _ = two_matches
    services.revoke_link(link=links["B"].link, now=NOW)
    before = snapshot()

    numbered = TABLE_URLS[name][0]
    target = url(name, links["B"], 1 if numbered else None)
    response = getattr(phone, method)(target, post_data(links["A"]) if method == "post" else None)

    assert (response.status_code, snapshot()) == (403, before)


@pytest.mark.parametrize(("name", "method"), all_cases())
def test_a_random_token_gets_404_and_changes_nothing(phone, two_matches, name, method):
    before = snapshot()
    kwargs: dict[str, str | int] = {"token": secrets.token_urlsafe(16)}
    if name not in TEAM_URLS:
        kwargs["partie"] = 1
    if TABLE_URLS[name][0]:
        kwargs["number"] = 1

    target = reverse(f"tournaments:{name}", kwargs=kwargs)
    response = getattr(phone, method)(target, VALID if method == "post" else None)

    assert (response.status_code, snapshot()) == (404, before)


@pytest.mark.parametrize(
    "name", sorted(n for n, (_, methods) in TABLE_URLS.items() if "post" in methods)
)
def test_every_write_needs_the_csrf_token(match, links, name):
    phone = Client(enforce_csrf_checks=True)
    Client(HTTP_HX_REQUEST="true").post(url("table-deal", links["A"]), VALID)
    before = snapshot()
    numbered = TABLE_URLS[name][0]

    response = phone.post(url(name, links["B"], 1 if numbered else None), post_data(links["A"]))

    assert (response.status_code, snapshot()) == (403, before)


def test_a_write_with_the_csrf_token_goes_through(match, links):
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(url("table-entry", links["A"]))
    token = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[0]

    response = phone.post(url("table-deal", links["A"]), VALID | {"csrfmiddlewaretoken": token})

    assert (response.status_code, Deal.objects.count()) == (302, 1)


def test_table_tokens_are_long_random_and_unrelated(match, links):
    _match_with_links(match.round, table=2, numbers=(7, 8))

    tokens = [link.token for link in TeamLink.objects.order_by("pk")]

    assert [bool(re.fullmatch(r"[A-Za-z0-9_-]{22}", token)) for token in tokens] == [True] * 4
    assert len(set(tokens)) == 4


def test_a_deal_corrected_since_the_page_was_shown_is_not_confirmed_blind(phone, match, links):
    record(phone, links["A"], 1)
    shown = seen()
    Deal.objects.update(version=2)

    response = phone.post(url("table-confirm", links["B"], 1), shown)

    assert notices(response) == [
        (
            "error",
            "Les adversaires ont modifié la donne 1 entre-temps : vérifiez-la telle qu’elle "
            "est maintenant, puis confirmez à nouveau.",
        )
    ]
    assert Deal.objects.get().status == "pending"


def test_the_phone_names_its_team_and_the_taker_choices_by_their_names(phone, match, links):
    Team.objects.filter(number=3).update(name="Les As")

    response = phone.get(url("table-entry", links["A"]), HTTP_HX_REQUEST="")

    page = response.content.decode()
    assert re.findall(r'<p class="table-team">(.*?)</p>', page) == [
        "Équipe 3 – Les As (Joueur 3a / Joueur 3b)"
    ]
    assert response.context["form"].fields["taker"].choices == [
        ("A", "3 – Les As (Joueur 3a / Joueur 3b)"),
        ("B", "5 – Joueur 5a / Joueur 5b"),
    ]


# A phone that keeps its blank deal form (views/table/board.py KEEPS_FORM): the answer to
# its write leaves the form out and says only how to number it. -------------------------

KEEPS = {KEEPS_FORM: "1"}
SECTION = re.compile(r'<section class="entry" id="saisie".*?</section>\n', re.S)
SLOT = re.compile(r'<div id="deal-form-kept" hidden [^>]*></div>\n')


def slot(response) -> str:
    """Return the kept form's slot of an answer, or ""."""
    found = SLOT.findall(response.content.decode())
    return found[0].strip() if found else ""


def test_the_answer_to_a_phone_keeping_its_form_numbers_it_and_leaves_it_out(phone, match, links):
    response = phone.post(url("table-deal", links["A"]), VALID, headers=KEEPS)
    body = response.content.decode()

    assert (response.status_code, notices(response)[0], slot(response)) == (
        200,
        ("success", "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone."),
        '<div id="deal-form-kept" hidden data-next-deal="2" data-deals-played="1"'
        ' data-deals-in-match="12"></div>',
    )
    assert ('id="deal-form"' in body, "Donne 1" in body) == (False, True)


def test_without_the_header_the_answer_has_the_blank_form_for_the_next_deal(phone, match, links):
    response = phone.post(url("table-deal", links["A"]), VALID)
    body = response.content.decode()

    assert (slot(response), 'name="deal_number" value="2"' in body, " data-blank " in body) == (
        "",
        True,
        True,
    )


def test_the_opponents_confirming_get_their_form_numbered_after_the_deal(phone, match, links):
    record(phone, links["A"], 1)

    response = phone.post(url("table-confirm", links["B"], 1), {"seen": "1:1"}, headers=KEEPS)

    assert (notices(response)[0][0], slot(response)) == (
        "success",
        '<div id="deal-form-kept" hidden data-next-deal="2" data-deals-played="1"'
        ' data-deals-in-match="12"></div>',
    )


def test_a_deal_sent_back_with_its_errors_comes_back_in_its_form(phone, match, links):
    response = phone.post(
        url("table-deal", links["A"]), VALID | {"taker_tricks": "9"}, headers=KEEPS
    )
    body = response.content.decode()

    assert (response.status_code, slot(response), 'id="deal-form"' in body) == (422, "", True)
    assert " data-blank " not in body
    assert Deal.objects.count() == 0


def test_a_match_over_has_neither_form_nor_slot(phone, match, links):
    Tournament.objects.filter(pk=match.round.tournament_id).update(match_format_value=1)

    response = phone.post(url("table-deal", links["A"]), VALID, headers=KEEPS)
    body = response.content.decode()

    assert (slot(response), 'id="deal-form"' in body) == ("", False)
    assert "Confirmez les donnes encore en attente." in body


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_kept_board_is_the_full_board_with_the_slot_in_the_forms_place(
    phone, match, links, language
):
    record(phone, links["A"], 1)
    seat = selectors.team_seat(link=links["B"].link, round_number=1)
    request = RequestFactory().get("/")
    with translation.override(language):
        full = render_to_string(BOARD, page_context(seat), request=request)
        kept = render_to_string(BOARD, page_context(seat, keeps_form=True), request=request)

    sections, slots = SECTION.findall(full), SLOT.findall(kept)
    assert (len(sections), len(slots)) == (1, 1)
    # The CSRF token is masked afresh at each rendering: compare the rest, word by word.
    csrf = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
    assert csrf.sub("", SECTION.sub(slots[0], full)).split() == csrf.sub("", kept).split()
