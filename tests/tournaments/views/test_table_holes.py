"""Holes of the phone's deal form that a hand-made request or a fast double tap found:
a deal number other than the next, a declaration select holding several tokens or a
repeated one, a second tap on the next deal's fresh form, and a fuzz of every field
(never a 500, nothing saved on a refusal)."""

import datetime
import html
import re

import pytest
from django.core import serializers
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.phone_posts import VALID
from tournaments import selectors, services
from tournaments.forms.table import DECLARATIONS_PER_SIDE, TableDealForm
from tournaments.models import Deal, Match, Seat, Team, TeamLink, Tournament

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


@pytest.fixture
def match(db) -> Match:
    tournament = TournamentFactory(slug="t", name="Concours de la Saint-André")
    round_ = RoundFactory(tournament=tournament, number=1)
    team_a, team_b = (TeamFactory(tournament=tournament, number=n) for n in (3, 5))
    match = MatchFactory(round=round_, table_number=1, team_a=team_a, team_b=team_b)
    services.ensure_team_links(tournament=tournament, now=NOW)
    return match


@pytest.fixture
def link(match) -> Seat:
    return selectors.match_links(match=match)["A"]


@pytest.fixture
def phone() -> Client:
    """A phone at the table, in French, with htmx."""
    client = Client(HTTP_HX_REQUEST="true")
    client.cookies["django_language"] = "fr"
    return client


def deal_url(seat: Seat) -> str:
    """Return the address where ``seat``'s phone records a deal of its partie."""
    kwargs = {"token": seat.link.token, "partie": seat.match.round.number}
    return reverse("tournaments:table-deal", kwargs=kwargs)


def post(phone: Client, seat: Seat, changes: dict | None = None):
    return phone.post(deal_url(seat), VALID | (changes or {}))


def snapshot() -> str:
    """Return every row a deal could touch, and the history's size."""
    models = (Tournament, Team, Match, Deal, TeamLink)
    rows = serializers.serialize("json", [o for m in models for o in m.objects.order_by("pk")])
    return f"{rows} history={Deal.history.count()}"


def notices(response) -> list[tuple[str, str]]:
    found = re.findall(
        r'<p class="notice notice-(\w+)" role="status">(.*?)</p>', response.content.decode(), re.S
    )
    return [(level, html.unescape(text)) for level, text in found]


def errors_beside_fields(response) -> dict[str, list[str]]:
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


# (a) Only the next deal ---------------------------------------------------------------


@pytest.mark.parametrize(("recorded", "sent", "expected"), [(0, 99, 1), (1, 3, 2), (2, 99, 3)])
def test_a_deal_number_past_the_next_is_refused_and_saves_nothing(
    phone, link, recorded, sent, expected
):
    for number in range(1, recorded + 1):
        post(phone, link, {"deal_number": str(number)})
    before = snapshot()

    response = post(phone, link, {"deal_number": str(sent)})

    assert notices(response) == [
        (
            "error",
            f"La donne {sent} ne peut pas être enregistrée : la prochaine donne de cette "
            f"partie est la donne {expected}.",
        )
    ]
    assert snapshot() == before


def test_after_a_refused_deal_number_the_next_deal_is_still_recorded(phone, link):
    post(phone, link, {"deal_number": "99"})

    response = post(phone, link, {"deal_number": "1"})

    assert notices(response) == [
        ("success", "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone.")
    ]
    assert list(Deal.objects.values_list("deal_number", flat=True)) == [1]


def test_the_service_refuses_a_number_past_the_next(link):
    entry = TableDealForm(VALID, rules=scoring.get_ruleset("ffb-coinche"), team_names=("3", "5"))
    assert entry.is_valid(), entry.errors

    with pytest.raises(services.ServiceError) as refused:
        services.submit_deal(seat=link, entry=entry.cleaned_data["entry"], deal_number=2, now=NOW)

    assert (refused.value.code, refused.value.params) == (
        services.Refusal.DEAL_NOT_NEXT,
        {"number": 2, "next": 1},
    )
    assert Deal.objects.count() == 0


# (b) Declarations a select cannot hold -------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        (
            {"taker_declaration_1": "tierce:KH;carre:Q"},
            {"taker_declaration_1": ["Cette annonce n’existe pas."]},
        ),
        (
            {"defence_declaration_2": "tierce:KH;tierce:KH"},
            {"defence_declaration_2": ["Cette annonce n’existe pas."]},
        ),
        ({"taker_declaration_1": ";"}, {"taker_declaration_1": ["Cette annonce n’existe pas."]}),
        (
            {"taker_declaration_1": "tierce:KH;zzz"},
            {"taker_declaration_1": ["Cette annonce n’existe pas."]},
        ),
        (
            {"taker_declaration_1": "tierce:kh", "taker_declaration_2": "TIERCE:KH"},
            {"taker_declaration_2": ["Cette annonce est déjà choisie plus haut."]},
        ),
        (
            {"defence_declaration_1": "carre:J", "defence_declaration_3": " carre:j "},
            {"defence_declaration_3": ["Cette annonce est déjà choisie plus haut."]},
        ),
    ],
)
def test_a_declaration_select_holding_no_single_token_gets_its_message(
    phone, link, changes, errors
):
    before = snapshot()

    response = post(phone, link, changes)

    assert (response.status_code, errors_beside_fields(response)) == (422, errors)
    assert snapshot() == before


def test_without_htmx_a_bad_declaration_is_a_422_with_its_message(link):
    client = Client()
    client.cookies["django_language"] = "fr"

    response = post(client, link, {"taker_declaration_1": "tierce:KH;tierce:KH"})

    assert (response.status_code, errors_beside_fields(response)) == (
        422,
        {"taker_declaration_1": ["Cette annonce n’existe pas."]},
    )
    assert Deal.objects.count() == 0


# (c) A fast double tap -----------------------------------------------------------------


def test_a_second_tap_on_the_next_deals_fresh_form_says_one_calm_line(phone, link):
    post(phone, link)
    # What the fresh form of deal 2 sends untouched: its hidden number and its defaults.
    fresh = {"deal_number": "2", "coinche": "none", "taker_belotes": "0", "defence_belotes": "0"}
    before = snapshot()

    response = phone.post(deal_url(link), fresh)

    assert (errors_beside_fields(response), non_field_errors(response)) == (
        {},
        ["Rien n’est encore saisi pour cette donne."],
    )
    assert snapshot() == before


def test_a_double_tap_of_a_passed_deal_answers_calmly_too(phone, link):
    passed = {"deal_number": "1", "is_passed": "on"}
    url = deal_url(link)
    phone.post(url, passed)
    before = snapshot()

    response = phone.post(url, passed)

    assert notices(response) == [("success", "La donne 1 est bien enregistrée.")]
    assert (errors_beside_fields(response), non_field_errors(response)) == ({}, [])
    assert snapshot() == before


def test_the_same_deal_sent_by_the_other_team_is_still_refused(phone, match, link):
    post(phone, link)
    other = selectors.match_links(match=match)["B"]

    response = post(phone, other)

    assert notices(response) == [("error", "La donne 1 est déjà enregistrée.")]
    assert Deal.objects.get().entered_by_side == "A"


# Fuzz: whatever a phone sends, never a 500 ---------------------------------------------

DECLARATION_FIELDS = [
    f"{side}_declaration_{index}"
    for side in ("taker", "defence")
    for index in range(1, DECLARATIONS_PER_SIDE + 1)
]
#: Values a phone could plausibly send, and some it could not.
PLAUSIBLE = {
    "deal_number": ["1", "2", "0", "-1", "99", "32768", "1e3", " 1 ", "x"],
    "is_passed": ["on", "", "false"],
    "taker": ["A", "B", "", "C", "a"],
    "trump": ["S", "H", "D", "C", "NT", "AT", "", "X", "h"],
    "contract": ["80", "90", "250", "500", "85", "capot", "", "-10", "999999999999"],
    "is_capot": ["on", ""],
    "coinche": ["none", "coinche", "surcoinche", "", "triple"],
    "taker_tricks": [str(n) for n in range(10)] + ["", "-1", "x"],
    "taker_card_points": ["0", "81", "104", "162", "252", "", "-5", "1a", "١٠٤"],
    "taker_belotes": ["0", "1", "2", "4", "5", "on", "", "-1"],
    "defence_belotes": ["0", "1", "2", "4", "5", "on", "", "-1"],
    **{
        name: [
            *("", "tierce:KH", "carre:J", "cent:AS", "tierce:8C", "x", ";"),
            *("tierce:KH;carre:Q", "tierce:KH;tierce:KH", "carre:J;x"),
        ]
        for name in DECLARATION_FIELDS
    },
}


def field_value(name: str) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(PLAUSIBLE[name]), st.text(max_size=40))


phone_posts = st.fixed_dictionaries({}, optional={name: field_value(name) for name in PLAUSIBLE})


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=phone_posts)
def test_whatever_a_phone_sends_to_its_deal_form_is_never_a_500(phone, link, data):
    # Each example starts from the same match: what it saves is rolled back after it.
    with transaction.atomic():
        response = phone.post(deal_url(link), data)
        # Recorded (200), refused as sent (422) or as clashing with a deal (409): a 4xx
        # with its reason, never a 500.
        assert response.status_code in {200, 409, 422}
        assert Deal.objects.count() <= 1
        transaction.set_rollback(True)


@pytest.mark.parametrize("preset", ["ffb-coinche", "belote-classique", "contree-points-faits"])
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=phone_posts)
def test_the_deal_form_checks_anything_without_raising(preset, data):
    form = TableDealForm(data, rules=scoring.get_ruleset(preset), team_names=("3", "5"))

    is_valid = form.is_valid()
    form.preview()

    assert set(form.errors) <= {*form.fields, "__all__"}
    assert is_valid is not bool(form.errors)
    if is_valid:
        deal = form.cleaned_data["entry"].deal
        assert deal is None or scoring.validate_deal(deal, form.rules) is None
