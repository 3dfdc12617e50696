"""What the hall sees is true: the projector, the public round and match pages, the
standings and the round desk show confirmed totals, and mark « en cours » a match whose
deals still wait for the opponents (selectors/results.py); the public round and match
pages, which the phones show, mark « à confirmer » one whose deals are all entered."""

import datetime

import pytest
from django.test import Client

import scoring
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import DealEntry, Match, Round, Seat

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)

#: 90 ♥ made by the taker: 190 scored points to the taker's team, 60 to the defence.
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


def link(match: Match, side: str) -> Seat:
    return selectors.match_links(match=match)[side]


def phone_deal(match: Match, number: int, taker: str = "A") -> None:
    """Team A's phone records deal ``number`` of ``match``: it waits for team B."""
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry(taker, MADE_90), deal_number=number, now=NOW
    )


@pytest.fixture
def hall(club) -> dict[int, Match]:
    """Round 1 of « Concours du Lot » (3 deals a match, the opponents confirm), with:

    - table 1: deal 1 confirmed (190–60), deal 2 taken by B waiting (250–250 with it);
    - table 2: its 3 deals confirmed: finished, 570–180, team A won;
    - table 3: its 3 deals played, none confirmed: complete, but 0–0 confirmed;
    - table 4: its 3 deals typed by the desk from the paper sheet: confirmed, 570–180.
    """
    tournament = TournamentFactory(
        club=club, slug="lot", name="Concours du Lot", match_format_value=3
    )
    round_ = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    matches = {}
    for table in range(1, 5):
        matches[table] = MatchFactory(
            round=round_,
            table_number=table,
            team_a=TeamFactory(tournament=tournament, number=2 * table - 1),
            team_b=TeamFactory(tournament=tournament, number=2 * table),
        )
    services.ensure_team_links(tournament=tournament, now=NOW)
    phone_deal(matches[1], 1)
    services.confirm_deals(seat=link(matches[1], "B"), now=NOW, deal_number=1)
    phone_deal(matches[1], 2, taker="B")
    for number in (1, 2, 3):
        phone_deal(matches[2], number)
        phone_deal(matches[3], number)
    services.confirm_deals(seat=link(matches[2], "B"), now=NOW)
    services.set_match_results_mode(match=matches[4], is_paper=True, now=NOW, user=None)
    for number in (1, 2, 3):
        services.save_sheet_row(
            match=matches[4],
            deal_number=number,
            entry=DealEntry("A", MADE_90),
            version=None,
            now=NOW,
            user=None,
            reason="",
        )
    return matches


def french() -> Client:
    client = Client()
    client.cookies["django_language"] = "fr"
    return client


def test_the_selector_gives_confirmed_totals_and_the_deals_waiting(hall):
    results = selectors.round_results(round=hall[1].round)

    assert [
        (m.table_number, m.confirmed_a, m.confirmed_b, m.deals_unconfirmed, m.total_a, m.total_b)
        for m in results
    ] == [
        (1, 190, 60, 1, 250, 250),
        (2, 570, 180, 0, 570, 180),
        (3, 0, 0, 3, 570, 180),
        (4, 570, 180, 0, 570, 180),
    ]


def test_a_confirmed_deal_after_a_waiting_one_is_not_counted_yet(hall):
    # Table 3: deal 2 confirmed on its own, deals 1 and 3 still wait.
    services.confirm_deals(seat=link(hall[3], "B"), now=NOW, deal_number=2)

    result = selectors.match_results(match=hall[3])

    assert (result.confirmed_a, result.confirmed_b, result.deals_unconfirmed) == (0, 0, 2)


def test_once_every_deal_is_confirmed_the_totals_are_the_matchs(hall):
    services.confirm_deals(seat=link(hall[1], "B"), now=NOW)

    result = selectors.match_results(match=hall[1])

    assert (result.confirmed_a, result.confirmed_b, result.deals_unconfirmed) == (250, 250, 0)


def test_a_disputed_deal_does_not_count_either(hall):
    services.dispute_deal(seat=link(hall[1], "B"), deal_number=2, note="Belote oubliée", now=NOW)

    result = selectors.match_results(match=hall[1])

    assert (result.confirmed_a, result.confirmed_b, result.deals_unconfirmed) == (190, 60, 1)


def test_the_projector_shows_confirmed_totals_and_marks_the_matches_waiting(hall):
    tournament = hall[1].round.tournament

    response = french().get(f"/ecran/{tournament.projector_token}/diapo/?slide=0")

    rows = [[row[0], row[2], row[3]] for row in table_rows(response, "draw")[1:]]
    assert rows == [
        ["1 en cours", "190", "60"],
        ["2 Terminée", "570", "180"],
        ["3 à confirmer", "0", "0"],
        ["4 Terminée", "570", "180"],
    ]


def test_the_projector_standings_count_only_confirmed_matches(hall):
    tournament = hall[1].round.tournament

    response = french().get(f"/ecran/{tournament.projector_token}/diapo/?slide=1")

    points = {row[1]: row[3] for row in table_rows(response, "standings")[1:]}
    # Teams 3 and 7 won tables 2 and 4; the teams of tables 1 and 3 have nothing yet.
    assert points == {
        "1": "0",
        "2": "0",
        "3": "570",
        "4": "180",
        "5": "0",
        "6": "0",
        "7": "570",
        "8": "180",
    }


def test_the_round_page_shows_confirmed_totals_en_cours_and_no_winner_yet(hall):
    response = french().get("/concours/lot/parties/1/")

    # Table 3 has all its deals, none confirmed: « à confirmer », no longer « en cours ».
    rows = [[row[0], row[2], row[3], row[5]] for row in table_rows(response, "matches")[1:]]
    assert rows == [
        ["1 en cours", "190", "60", "2 donnes jouées"],
        ["2", "570", "180", "Terminée"],
        ["3 à confirmer", "0", "0", "3 donnes jouées"],
        ["4", "570", "180", "Terminée"],
    ]
    assert response.content.decode().count('class="winner"') == 2


def test_the_match_page_shows_confirmed_totals_and_the_provisional_ones_apart(hall):
    response = french().get("/concours/lot/parties/1/tables/1/")

    page = response.content.decode()
    totals = [piece.split("</span>")[0] for piece in page.split('<span class="total">')[1:]]
    assert totals == ["190", "60"]
    assert "Totaux confirmés : 1 donne n’est pas encore confirmée. Avec elle : 250 – 250." in page


@pytest.mark.parametrize(("table", "flag"), [(1, "en cours"), (3, "à confirmer")])
def test_the_match_page_says_a_match_with_all_its_deals_is_to_confirm(hall, table, flag):
    response = french().get(f"/concours/lot/parties/1/tables/{table}/")

    page = response.content.decode()
    found = [piece.split("</span>")[0] for piece in page.split('"flag flag-provisional">')[1:]]
    assert found == [flag]


def test_the_round_page_says_to_confirm_in_english_too(hall):
    client = Client()
    client.cookies["django_language"] = "en"

    response = client.get("/concours/lot/parties/1/")

    rows = [row[0] for row in table_rows(response, "matches")[1:]]
    assert rows == ["1 ongoing", "2", "3 to confirm", "4"]


def test_a_match_page_with_every_deal_confirmed_says_nothing_provisional(hall):
    response = french().get("/concours/lot/parties/1/tables/4/")

    page = response.content.decode()
    assert ("Totaux confirmés" in page, "flag-provisional" in page) == (False, False)


def test_the_desk_shows_confirmed_totals_with_en_cours_or_a_confirmer(hall, desk):
    response = desk.get("/concours/lot/gestion/parties/1/avancement/")

    rows = [[row[0], row[3], row[4], row[9]] for row in table_rows(response, "progress")[1:]]
    assert rows == [
        ["1", "190", "60", "en cours 2 donnes jouées Arrêter au temps"],
        ["2", "570", "180", "Verrouillée Terminée"],
        ["3", "0", "0", "à confirmer 3 donnes jouées"],
        ["4", "570", "180", "Terminée"],
    ]
