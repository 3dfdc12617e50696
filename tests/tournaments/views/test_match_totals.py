"""« Saisir les totaux de la table » on the organiser's match page (RULES.md §G): errors in
French beside their fields, a sum that does not add up asks for the reason, and a
totals-only match shows « Totaux seulement » on the desk and the public pages."""

import datetime

import pytest

import scoring
from tests.factories import ClubFactory, MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tournaments import services
from tournaments.models import DealEntry, Match, Round

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
MATCH_URL = "/concours/t/parties/1/tables/1/"
URL = MATCH_URL + "totaux/"
SHEET = {
    "totals-total_a": "969",
    "totals-total_b": "1075",
    "totals-deals_played": "12",
    "totals-capots": "0",
    "totals-belotes": "5",
}
MISMATCH = (
    "Les totaux font 2043, la feuille en annonce 2044 (162 × 12 + 20 × 5) : corrigez, ou "
    "indiquez la raison."
)
CLASSIC_MADE = scoring.Deal(
    trump="S", contract=None, taker_card_points=100, defence_card_points=62, taker_tricks=5
)


def make_match(preset: str = "belote-sans-annonces", status=Round.Status.PUBLISHED) -> Match:
    """Table 1 of round 1 of tournament "t", organised by the Amicale de Cahors."""
    club = ClubFactory(name="Amicale de Cahors")
    tournament = TournamentFactory(club=club, slug="t", rules_preset=preset)
    round_ = RoundFactory(tournament=tournament, number=1, status=status)
    return MatchFactory(
        round=round_,
        table_number=1,
        team_a=TeamFactory(tournament=tournament, number=1, player_1="Anne", player_2="Bruno"),
        team_b=TeamFactory(tournament=tournament, number=2, player_1="Chloé", player_2="Denis"),
    )


@pytest.fixture
def match(organiser):
    match = make_match()
    match.round.tournament.club.organisers.add(organiser)
    return match


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def form_errors(response) -> dict[str, list[str]]:
    form = response.context["totals_form"]
    return {name: [str(e) for e in errors] for name, errors in form.errors.items()}


def saved(match: Match) -> tuple:
    match.refresh_from_db()
    return (match.is_totals_only, match.total_a, match.total_b, match.is_finished, match.result)


def test_a_match_with_no_deal_offers_the_totals_form_without_the_reason(desk, match):
    response = desk.get(MATCH_URL)

    form = response.context["totals_form"]
    page = response.content.decode()
    assert (list(form.fields), form.needs_reason) == (
        ["total_a", "total_b", "deals_played", "capots", "belotes", "reason"],
        False,
    )
    assert "<h2>Saisir les totaux de la table</h2>" in page
    assert 'name="totals-total_a"' in page
    assert 'name="totals-reason"' not in page


@pytest.mark.parametrize(
    ("preset", "fields"),
    [
        (
            "belote-classique",
            ["total_a", "total_b", "deals_played", "capots", "belotes", "declarations", "reason"],
        ),
        ("ffb-coinche", ["total_a", "total_b", "deals_played", "reason"]),
    ],
)
def test_the_form_asks_for_the_counts_the_rules_can_check(desk, organiser, preset, fields):
    match = make_match(preset)
    match.round.tournament.club.organisers.add(organiser)

    response = desk.get(MATCH_URL)

    assert list(response.context["totals_form"].fields) == fields


def test_the_desk_records_the_totals_and_the_page_says_totals_only(desk, match):
    response = desk.post(URL, SHEET)

    assert (response.status_code, response["Location"]) == (302, MATCH_URL)
    assert saved(match) == (True, 969, 1075, True, "B")
    page = desk.get(MATCH_URL)
    html = page.content.decode()
    assert messages_of(page) == ["Totaux de la table 1 enregistrés."]
    assert "<h2>Totaux seulement</h2>" in html
    assert "Sur la feuille : 12 donnes jouées, 0 capot, 5 belotes." in html
    assert '<table class="table deals">' not in html
    assert "<h2>Corriger les totaux de la table</h2>" in html


def test_a_sum_that_does_not_add_up_asks_for_the_reason_then_saves_with_it(desk, match):
    short = SHEET | {"totals-total_b": "1074"}

    first = desk.post(URL, short)

    assert (first.status_code, form_errors(first), saved(match)) == (
        422,
        {"__all__": [MISMATCH]},
        (False, 0, 0, False, ""),
    )
    assert 'name="totals-reason"' in first.content.decode()

    second = desk.post(URL, short | {"totals-reason": "Un point rayé, total signé"})

    assert (second.status_code, saved(match)) == (302, (True, 969, 1074, True, "B"))
    audit = table_rows(desk.get(MATCH_URL), "audit")
    assert audit[1][1:] == [
        "marie",
        "",
        "Totaux saisis Total A : 969 Total B : 1074 Donnes jouées sur la feuille : 12 "
        "Capots sur la feuille : 0 Belotes sur la feuille : 5 Contrôle de la feuille : les "
        "totaux font 2043, la feuille en annonce 2044",
        "Un point rayé, total signé",
    ]


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        ({"totals-total_a": "neuf cents"}, {"total_a": ["Saisissez un nombre entier."]}),
        ({"totals-total_b": ""}, {"total_b": ["Ce champ est obligatoire."]}),
        ({"totals-total_a": "-5"}, {"total_a": ["Un total est un nombre entier de 0 à 99999."]}),
        (
            {"totals-capots": "13"},
            {"capots": ["Il ne peut pas y avoir plus de capots que de donnes jouées (12)."]},
        ),
        (
            {"totals-belotes": "-1"},
            {"belotes": ["Le nombre de belotes ne peut pas être négatif."]},
        ),
        (
            {"totals-deals_played": ""},
            {
                "deals_played": [
                    "Indiquez le nombre de donnes jouées : c’est avec lui que les autres "
                    "comptes vérifient les totaux."
                ]
            },
        ),
        (
            {"totals-deals_played": "100"},
            {"deals_played": ["Le nombre de donnes jouées est un nombre entier de 0 à 99."]},
        ),
    ],
    ids=[
        "letters",
        "missing-total",
        "negative-total",
        "capots-above-deals",
        "negative-belotes",
        "counts-without-deals",
        "too-many-deals",
    ],
)
def test_bad_input_gets_its_fields_french_message_and_saves_nothing(desk, match, changes, errors):
    response = desk.post(URL, SHEET | changes)

    assert (response.status_code, form_errors(response), saved(match)) == (
        422,
        errors,
        (False, 0, 0, False, ""),
    )


def test_declarations_that_are_not_a_multiple_of_10_are_refused_beside_their_field(desk, organiser):
    match = make_match("belote-classique")
    match.round.tournament.club.organisers.add(organiser)

    response = desk.post(URL, SHEET | {"totals-declarations": "25"})

    assert (response.status_code, form_errors(response), saved(match)) == (
        422,
        {"declarations": ["Les annonces valent un multiple de 10."]},
        (False, 0, 0, False, ""),
    )


def test_a_match_with_deals_has_no_totals_form_and_a_post_is_refused(desk, match):
    services.record_deal(match=match, entry=DealEntry("A", CLASSIC_MADE), now=NOW)

    page = desk.get(MATCH_URL)
    response = desk.post(URL, SHEET, follow=True)

    assert page.context["totals_form"] is None
    assert messages_of(response) == [
        "La table 1 a déjà des donnes : corrigez-les ou supprimez-les. Les totaux ne se "
        "saisissent que pour une table sans donne."
    ]
    assert saved(match) == (False, 100, 62, False, "")


def test_correcting_the_totals_needs_a_reason_and_keeps_both_in_the_audit(desk, match):
    desk.post(URL, SHEET)
    corrected = SHEET | {"totals-total_a": "1075", "totals-total_b": "969"}

    refused = desk.post(URL, corrected)
    accepted = desk.post(URL, corrected | {"totals-reason": "Équipes inversées"})

    assert (refused.status_code, form_errors(refused)) == (
        422,
        {"reason": ["Indiquez la raison : elle est gardée dans l’historique."]},
    )
    assert (accepted.status_code, saved(match)) == (302, (True, 1075, 969, True, "A"))
    audit = table_rows(desk.get(MATCH_URL), "audit")
    assert [row[3:] for row in audit[1:]] == [
        ["Totaux corrigés Total A : 969 → 1075 Total B : 1075 → 969", "Équipes inversées"],
        [
            "Totaux saisis Total A : 969 Total B : 1075 Donnes jouées sur la feuille : 12 "
            "Capots sur la feuille : 0 Belotes sur la feuille : 5",
            "",
        ],
    ]


def test_the_correction_form_is_filled_with_the_recorded_totals(desk, match):
    desk.post(URL, SHEET)

    form = desk.get(MATCH_URL).context["totals_form"]

    assert (form.is_correction, form.needs_reason, form.initial) == (
        True,
        True,
        {
            "total_a": 969,
            "total_b": 1075,
            "deals_played": 12,
            "capots": 0,
            "belotes": 5,
            "declarations": None,
        },
    )


def test_someone_who_does_not_organise_the_tournament_gets_a_404(client, organiser):
    make_match()
    client.force_login(organiser)

    response = client.post(URL, SHEET)

    assert (response.status_code, Match.objects.get().is_totals_only) == (404, False)


def test_the_public_pages_show_a_totals_only_match_like_any_other(client, db):
    match = make_match()
    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(969, 1075, 12, 0, 5, 0), now=NOW
    )
    client.cookies["django_language"] = "fr"

    detail = client.get(MATCH_URL)
    round_page = client.get("/concours/t/parties/1/")

    html = detail.content.decode()
    assert (detail.context["totals_form"], "<h2>Totaux seulement</h2>" in html) == (None, True)
    assert '<span class="total">969</span>' in html
    assert table_rows(round_page, "matches")[1] == [
        "1",
        "1 – Anne / Bruno",
        "969",
        "1075",
        "2 – Chloé / Denis",
        "Totaux seulement",
    ]


def test_the_round_desk_shows_a_totals_only_match_finished(desk, match):
    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(969, 1075, 12, 0, 5, 0), now=NOW
    )

    response = desk.get("/concours/t/gestion/parties/1/")

    assert table_rows(response, "progress")[1] == [
        "1",
        "1 – Anne / Bruno",
        "2 – Chloé / Denis",
        "969",
        "1075",
        "0",
        "0",
        "0",
        "0",
        "Terminée – Totaux seulement",
        "Téléphones Passer la table en papier",
    ]


@pytest.mark.parametrize(
    ("closes", "entry"),
    [
        pytest.param(
            False, "Papier Corriger les totaux de la table Passer la table aux téléphones"
        ),
        pytest.param(True, "Papier Corriger les totaux de la table", id="closed-round"),
    ],
)
def test_the_round_desk_offers_a_paper_table_recorded_by_its_totals_its_totals_form(
    desk, match, closes, entry
):
    tournament = match.round.tournament
    services.update_tournament(tournament=tournament, settings={"results_mode": "paper"})
    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(969, 1075, 12, 0, 5, 0), now=NOW
    )
    if closes:
        services.close_round(round=match.round, now=NOW)

    response = desk.get("/concours/t/gestion/parties/1/")

    # The grid's address ends in feuille/, the totals form's in #totals-form.
    links = [
        line.strip()
        for line in response.content.decode().splitlines()
        if "feuille/" in line or "#totals-form" in line
    ]
    assert (table_rows(response, "progress")[1][-1], links) == (
        entry,
        [
            '<a href="/concours/t/parties/1/tables/1/#totals-form">Corriger les totaux de la table</a>'
        ],
    )


@pytest.mark.parametrize(("mode", "deal_form"), [("phones", True), ("paper", False)])
def test_a_paper_tables_page_offers_its_grid_and_totals_not_the_one_deal_form(
    desk, match, mode, deal_form
):
    tournament = match.round.tournament
    services.update_tournament(tournament=tournament, settings={"results_mode": mode})

    response = desk.get(MATCH_URL)

    page = response.content.decode()
    assert (
        "<h2>Saisir une donne</h2>" in page,
        'href="/concours/t/gestion/parties/1/tables/1/feuille/"' in page,
        "<h2>Saisir les totaux de la table</h2>" in page,
    ) == (deal_form, not deal_form, True)
