"""The organiser's round desk: every table's progress, polled; the QR codes of the links."""

import datetime
import re

import pytest
from django.test import RequestFactory

import scoring
from tests.factories import (
    ClubFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import Club, DealEntry, Round, Seat, TeamLink, Tournament
from tournaments.views.lookups import public_url

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
DESK = "/concours/t/gestion/parties/1/"
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def desk(desk, club):
    """The signed-in desk of the Amicale de Cahors, the club of make_round's tournament."""
    return desk


def make_round(tables: int, *, status=Round.Status.PUBLISHED) -> Round:
    """Round 1 of tournament "t" (3 deals a match) with ``tables`` matches and their links."""
    club = Club.objects.get(name="Amicale de Cahors")
    tournament = TournamentFactory(club=club, slug="t", match_format_value=3)
    round_ = RoundFactory(tournament=tournament, number=1, status=status)
    for table in range(1, tables + 1):
        MatchFactory(
            round=round_,
            table_number=table,
            team_a=TeamFactory(
                tournament=tournament, number=2 * table - 1, player_1="Anne", player_2="Bruno"
            ),
            team_b=TeamFactory(
                tournament=tournament, number=2 * table, player_1="Chloé", player_2="Denis"
            ),
        )
    if status != Round.Status.DRAFT:
        services.ensure_team_links(tournament=round_.tournament, now=NOW)
    return round_


def link(round_: Round, table: int, side: str) -> Seat:
    """Return the seat at ``table`` of team ``side``, through its team's active link."""
    return selectors.match_links(match=round_.matches.get(table_number=table))[side]


def test_the_desk_shows_each_tables_deals_totals_and_flags(desk):
    round_ = make_round(3)
    first = round_.matches.get(table_number=1)
    services.record_deal(match=first, entry=DealEntry("A", MADE_90), now=NOW)
    services.submit_deal(
        seat=link(round_, 1, "A"), entry=DealEntry("B", MADE_90), deal_number=2, now=NOW
    )
    services.dispute_deal(seat=link(round_, 1, "B"), deal_number=2, note="Belote oubliée", now=NOW)
    services.submit_deal(
        seat=link(round_, 2, "A"), entry=DealEntry("A", MADE_90), deal_number=1, now=NOW
    )
    for number in (1, 2, 3):
        services.submit_deal(
            seat=link(round_, 3, "A"), entry=DealEntry("A", MADE_90), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=link(round_, 3, "B"), now=NOW)

    response = desk.get(DESK)

    assert table_rows(response, "progress") == [
        [
            "Table",
            "Équipe A",
            "Équipe B",
            "Total A",
            "Total B",
            "Saisies",
            "Confirmées",
            "En attente",
            "Contestées",
            "Avancement",
            "Saisie",
        ],
        # Confirmed totals only: table 1 after its deal 1, table 2 before its deal 1.
        ["1", "1 – Anne / Bruno", "2 – Chloé / Denis", "190", "60", "2", "1", "0", "1",
         "Contestée 2 donnes jouées Arrêter au temps", "Téléphones Passer la table en papier"],
        ["2", "3 – Anne / Bruno", "4 – Chloé / Denis", "0", "0", "1", "0", "1", "0",
         "en cours 1 donne jouée Arrêter au temps", "Téléphones Passer la table en papier"],
        ["3", "5 – Anne / Bruno", "6 – Chloé / Denis", "570", "180", "3", "3", "0", "0",
         "Verrouillée Terminée", "Téléphones Passer la table en papier"],
    ]  # fmt: skip
    page = response.content.decode()
    assert page.count('hx-get="/concours/t/gestion/parties/1/avancement/"') == 1
    assert page.count('hx-trigger="every 10s"') == 1
    assert page.count('href="/concours/t/parties/1/tables/1/"') == 2
    assert re.findall(r'<tr class="([^"]*)"', page) == ["flagged even", "flagged odd", "even"]
    assert re.findall(r'<a class="flag flag-(\w+)" href="([^"]*)"', page) == [
        ("disputed", "/concours/t/parties/1/tables/1/"),
        ("provisional", "/concours/t/parties/1/tables/2/"),
    ]
    assert "Une donne saisie à une table compte quand l’équipe adverse la confirme." in page


def test_the_progress_fragment_is_the_table_alone(desk):
    round_ = make_round(1)
    services.record_deal(match=round_.matches.get(), entry=DealEntry("A", MADE_90), now=NOW)

    response = desk.get(f"{DESK}avancement/")

    page = response.content.decode()
    assert page.strip().startswith('<div id="round-progress" class="table-scroll"')
    assert "<html" not in page
    assert table_rows(response, "progress")[1] == [
        "1", "1 – Anne / Bruno", "2 – Chloé / Denis", "190", "60", "1", "1", "0", "0",
        "1 donne jouée Arrêter au temps", "Téléphones Passer la table en papier",
    ]  # fmt: skip


def test_a_closed_round_is_not_polled(desk):
    make_round(1, status=Round.Status.CLOSED)

    response = desk.get(DESK)

    assert "hx-get" not in response.content.decode()
    assert len(table_rows(response, "progress")) == 2


@pytest.mark.parametrize("tables", [2, 20])
def test_the_progress_fragment_runs_the_same_queries_for_2_and_20_tables(
    desk, django_assert_num_queries, tables
):
    round_ = make_round(tables)
    for match in round_.matches.all():
        services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)

    with django_assert_num_queries(6):
        response = desk.get(f"{DESK}avancement/")

    assert len(table_rows(response, "progress")) == tables + 1


#: The queries of the desk's round page, whatever its number of tables: the session, the
#: user, the tournament, the organiser check, the round, then its draw and what its state
#: shows (the draft's pairings and mêlée draft, or the tables' progress; the next round
#: of a closed one), the byes, the sit-outs and the round's history.
DESK_QUERIES = {Round.Status.DRAFT: 10, Round.Status.PUBLISHED: 9, Round.Status.CLOSED: 11}


@pytest.mark.parametrize("status", list(DESK_QUERIES))
@pytest.mark.parametrize("tables", [10, 40])
def test_the_round_desk_runs_the_same_queries_for_10_and_40_tables(
    desk, django_assert_num_queries, tables, status
):
    round_ = make_round(tables, status=status)
    if status == Round.Status.PUBLISHED:
        for match in round_.matches.all():
            services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
        services.submit_deal(
            seat=link(round_, 1, "A"), entry=DealEntry("B", MADE_90), deal_number=2, now=NOW
        )

    with django_assert_num_queries(DESK_QUERIES[status]):
        response = desk.get(DESK)

    assert response.status_code == 200


def qr_urls(page: str) -> list[str]:
    """The address under each QR code, a link to itself: the organiser can click it."""
    links = re.findall(r'<p class="qr-url"><a href="([^"]*)">([^<]*)</a></p>', page)
    assert [href for href, _text in links] == [text for _href, text in links]
    return [href for href, _text in links]


def qr_pins(page: str) -> list[str]:
    return re.findall(r'<p class="qr-pin no-print">Code <strong>(\d{4})</strong></p>', page)


def test_the_qr_page_shows_both_links_of_every_table_with_their_pins(desk):
    round_ = make_round(2)
    links = [link(round_, table, side).link for table in (1, 2) for side in ("A", "B")]

    response = desk.get(f"{DESK}qr/")

    page = response.content.decode()
    assert response.status_code == 200
    assert qr_urls(page) == [f"http://testserver{item.get_absolute_url()}" for item in links]
    assert qr_pins(page) == [item.pin for item in links]
    assert page.count("<svg") == 4
    assert page.count('<svg viewBox="0 0 ') == 4
    assert re.findall(r"<title>([^<]*)</title>", page)[1:] == [
        "Table 1, équipe 1",
        "Table 1, équipe 2",
        "Table 2, équipe 3",
        "Table 2, équipe 4",
    ]


def test_a_revoked_link_has_no_qr_code_until_it_is_renewed(desk):
    round_ = make_round(1)
    old = link(round_, 1, "A").link

    revoked = desk.post(
        f"/concours/t/gestion/liens/{old.pk}/revoquer/", {"round": "1"}, follow=True
    )

    old.refresh_from_db()
    assert revoked.redirect_chain == [(f"{DESK}qr/#table-1", 302)]
    assert messages_of(revoked) == ["Lien de l’équipe 1 révoqué."]
    assert old.revoked_at is not None
    page = revoked.content.decode()
    assert qr_urls(page) == [f"http://testserver{link(round_, 1, 'B').link.get_absolute_url()}"]
    assert page.count("<svg") == 1
    assert "Lien révoqué : il n’ouvre plus rien." in page


def test_renewing_a_link_gives_a_new_token_and_pin_and_revokes_the_old_one(desk):
    round_ = make_round(1)
    old = link(round_, 1, "B").link

    renewed = desk.post(
        f"/concours/t/gestion/liens/{old.pk}/renouveler/", {"round": "1"}, follow=True
    )
    again = desk.post(f"/concours/t/gestion/liens/{old.pk}/renouveler/", follow=True)

    old.refresh_from_db()
    new = link(round_, 1, "B").link
    # Without the round it came from, the desk goes back to the concours' page.
    assert (renewed.redirect_chain, again.redirect_chain) == (
        [(f"{DESK}qr/#table-1", 302)],
        [("/concours/t/gestion/", 302)],
    )
    assert messages_of(renewed) == [
        "Nouveau lien pour l’équipe 2 : imprimez de nouveau sa carte d’équipe."
    ]
    assert (old.revoked_at is not None, new.token != old.token, new.pk != old.pk) == (
        True,
        True,
        True,
    )
    assert TeamLink.objects.filter(team=old.team).count() == 2
    assert qr_urls(renewed.content.decode())[1] == f"http://testserver{new.get_absolute_url()}"
    assert [
        (record.id, record.audit_action, record.history_user.username)
        for record in TeamLink.history.filter(team=old.team).order_by("history_id")
        if record.audit_action
    ] == [(old.pk, "link_revoked", "marie"), (new.pk, "link_renewed", "marie")]


def test_a_link_of_another_tournament_is_not_found(desk):
    make_round(1)
    elsewhere = MatchFactory(round__tournament__slug="ailleurs")
    services.ensure_team_links(tournament=elsewhere.round.tournament, now=NOW)
    foreign = TeamLink.objects.get(team=elsewhere.team_a)

    response = desk.post(f"/concours/t/gestion/liens/{foreign.pk}/revoquer/")

    foreign.refresh_from_db()
    assert (response.status_code, foreign.revoked_at) == (404, None)


def test_a_draft_round_has_no_links_yet(desk):
    make_round(1, status=Round.Status.DRAFT)

    response = desk.get(f"{DESK}qr/")

    page = response.content.decode()
    assert (
        "Une équipe reçoit son lien à la publication de la première partie, ou à "
        "l’impression des cartes d’équipe." in page
    )
    assert page.count("<svg") == 0


def test_the_confirmation_mode_changes_after_round_1_and_shows_on_the_desk(desk):
    round_ = make_round(1)
    form = {
        "name": "Concours du Lot",
        "date": "2026-11-28",
        "rules_preset": "ffb-coinche",
        "allows_no_trump_all_trump": "on",
        "match_format": "deals",
        "match_format_value": "3",
        "number_of_rounds": "4",
        "bye_credit": "round-mean",
        "bye_credit_value": "0",
        "ranking": "points",
        "tie_break_1": "matches_won",
        "tie_break_2": "points_difference",
        "tie_break_3": "head_to_head",
        "confirmation_mode": "trust",
    }

    saved = desk.post("/concours/t/gestion/reglages/", form, follow=True)
    round_page = desk.get(DESK).content.decode()

    tournament = Tournament.objects.get(pk=round_.tournament_id)
    assert messages_of(saved) == ["Réglages enregistrés."]
    assert (tournament.name, tournament.confirmation_mode) == ("Concours du Lot", "trust")
    assert "Une donne saisie à une table compte tout de suite." in saved.content.decode()
    assert "Une donne saisie à une table compte tout de suite." in round_page


def test_a_settings_form_without_the_mode_keeps_it(desk):
    round_ = make_round(1)
    Tournament.objects.filter(pk=round_.tournament_id).update(confirmation_mode="trust")
    form = {
        "name": "Concours du Lot",
        "date": "2026-11-28",
        "rules_preset": "ffb-coinche",
        "allows_no_trump_all_trump": "on",
        "match_format": "deals",
        "match_format_value": "3",
        "number_of_rounds": "4",
        "bye_credit": "round-mean",
        "bye_credit_value": "0",
        "ranking": "points",
        "tie_break_1": "matches_won",
        "tie_break_2": "points_difference",
        "tie_break_3": "head_to_head",
    }

    saved = desk.post("/concours/t/gestion/reglages/", form, follow=True)

    tournament = Tournament.objects.get(pk=round_.tournament_id)
    assert messages_of(saved) == ["Réglages enregistrés."]
    assert (tournament.name, tournament.confirmation_mode) == ("Concours du Lot", "trust")


@pytest.mark.django_db
def test_printed_links_use_the_public_address_not_localhost(client, settings):
    settings.BELOTE_PUBLIC_URL = "http://192.168.1.20:8000/"
    request = RequestFactory().get("/", HTTP_HOST="localhost:8000")

    url = public_url(request, "/table/abc/")

    assert url == "http://192.168.1.20:8000/table/abc/"


@pytest.mark.django_db
def test_without_a_public_address_links_follow_the_browser(client, settings):
    settings.BELOTE_PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    request = RequestFactory().get("/", HTTP_HOST="192.168.1.20:8000")

    url = public_url(request, "/table/abc/")

    assert url == "http://192.168.1.20:8000/table/abc/"


@pytest.mark.django_db
def test_a_table_closed_for_time_can_be_reopened_and_both_show_in_the_audit(client):
    from tests.factories import MatchFactory, TournamentFactory

    organiser = UserFactory(username="lucie")
    club = ClubFactory()
    club.organisers.add(organiser)
    match = MatchFactory(
        round__tournament=TournamentFactory(club=club, slug="t"), round__number=1, table_number=1
    )
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"

    client.post("/concours/t/gestion/parties/1/tables/1/arreter/")
    response = client.post("/concours/t/gestion/parties/1/tables/1/rouvrir/", follow=True)

    match.refresh_from_db()
    assert [str(m) for m in response.context["messages"]] == [
        "Table 1 arrêtée au temps.",
        "Table 1 rouverte.",
    ]
    assert (match.stopped_for_time_at, match.is_complete) == (None, False)
    page = client.get("/concours/t/parties/1/tables/1/").content.decode()
    actions = re.findall(r"<strong>(Arrêtée au temps|Table rouverte)</strong>", page)
    # One line for each, newest first (not a second one for the scores replayed after it).
    assert actions == ["Table rouverte", "Arrêtée au temps"]


def next_round_block(response) -> str:
    """Return the round page's « next round » block, spaces collapsed, or "" without one."""
    found = re.search(
        r'<div class="actions next-round" id="next-round">(.*?)\n  </div>',
        response.content.decode(),
        re.S,
    )
    return re.sub(r"\s+", " ", found.group(1)).strip() if found else ""


def test_a_closed_round_offers_to_draw_the_next_one(desk):
    round_ = make_round(1, status=Round.Status.CLOSED)
    Tournament.objects.filter(pk=round_.tournament_id).update(number_of_rounds=3)

    response = desk.get(DESK)

    assert re.sub(r'value="[^"]+"', 'value="…"', next_round_block(response)) == (
        '<form method="post" action="/concours/t/gestion/tirer/"> '
        '<input type="hidden" name="csrfmiddlewaretoken" value="…"> '
        '<button type="submit" class="button">Tirer la partie 2</button> </form>'
    )


def test_a_closed_round_whose_next_one_is_drawn_leads_to_it(desk):
    round_ = make_round(1, status=Round.Status.CLOSED)
    Tournament.objects.filter(pk=round_.tournament_id).update(number_of_rounds=3)
    RoundFactory(tournament=round_.tournament, number=2, status=Round.Status.DRAFT)

    response = desk.get(DESK)

    assert next_round_block(response) == (
        '<a class="button" href="/concours/t/gestion/parties/2/">Aller à la partie 2</a>'
    )


def test_the_last_round_closed_says_the_standings_are_final(desk):
    round_ = make_round(1, status=Round.Status.CLOSED)
    Tournament.objects.filter(pk=round_.tournament_id).update(number_of_rounds=1)

    response = desk.get(DESK)

    assert next_round_block(response) == (
        '<p class="notice">Toutes les parties sont jouées : le classement est définitif.</p>'
    )


def test_a_round_being_played_offers_no_next_round(desk):
    make_round(1)

    response = desk.get(DESK)

    assert next_round_block(response) == ""
