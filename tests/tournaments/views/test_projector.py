"""The projector screen: a private, read-only address that pages through draw and standings."""

import datetime
import re
from html.parser import HTMLParser

import pytest

import scoring
from tests.factories import (
    ByeFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tournaments import selectors, services
from tournaments.models import DealEntry, Match, Round, Team
from tournaments.services import publish_round, record_deal

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)

MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


class SlideReader(HTMLParser):
    """Read a slide: the polling attributes, title, page, table headings and rows.

    A cell's text is its text pieces, each stripped, joined by one space.
    """

    def __init__(self) -> None:
        super().__init__()
        self.main: dict[str, str] = {}
        self.title = ""
        self.page = ""
        self.paragraphs: list[str] = []
        self.head: list[str] = []
        self.rows: list[list[str]] = []
        self._section = ""
        self._capture: str | None = None
        self._pieces: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "main":
            self.main = attributes
        elif tag in ("thead", "tbody"):
            self._section = tag
        elif tag == "tr" and self._section == "tbody":
            self.rows.append([])
        elif tag in ("td", "th") and self._section:
            self._start(tag)
        elif tag == "h1":
            self._start("h1")
        elif tag == "p" and "slide-page" in classes:
            self._start("page")
        elif tag == "p" and self._capture is None:
            self._start("p")

    def handle_endtag(self, tag):
        if tag in ("thead", "tbody"):
            self._section = ""
        elif tag in ("td", "th") and self._capture in ("td", "th"):
            target = self.head if self._section == "thead" else self.rows[-1]
            target.append(self._text())
        elif tag == "h1" and self._capture == "h1":
            self.title = self._text()
        elif tag == "p" and self._capture == "page":
            self.page = self._text()
        elif tag == "p" and self._capture == "p":
            self.paragraphs.append(self._text())

    def handle_data(self, data):
        if self._capture is not None and data.strip():
            self._pieces.append(data.strip())

    def _start(self, what: str) -> None:
        self._capture = what
        self._pieces = []

    def _text(self) -> str:
        self._capture = None
        return re.sub(r"\s+", " ", " ".join(self._pieces))


def read_slide(response) -> SlideReader:
    reader = SlideReader()
    reader.feed(response.content.decode())
    return reader


def french(client):
    client.cookies["django_language"] = "fr"
    return client


def slide(client, tournament, index) -> SlideReader:
    response = client.get(f"/ecran/{tournament.projector_token}/diapo/?slide={index}")
    assert response.status_code == 200
    return read_slide(response)


def create_teams(tournament, count) -> list[Team]:
    """Create ``count`` teams numbered from 1 in one query."""
    return Team.objects.bulk_create(
        TeamFactory.build(
            tournament=tournament,
            number=number,
            player_1=f"Joueur {2 * number - 1}",
            player_2=f"Joueur {2 * number}",
        )
        for number in range(1, count + 1)
    )


def create_matches(round_, teams) -> list[Match]:
    """Seat teams 1 and 2 at table 1, 3 and 4 at table 2, and so on, in one query;
    table t's totals are 100 + t for team A and 200 + t for team B."""
    return Match.objects.bulk_create(
        MatchFactory.build(
            round=round_,
            table_number=table,
            team_a=teams[2 * table - 2],
            team_b=teams[2 * table - 1],
            total_a=100 + table,
            total_b=200 + table,
        )
        for table in range(1, len(teams) // 2 + 1)
    )


def create_full_hall(teams=150):
    """A tournament of ``teams`` teams with round 1 published, every team at a table."""
    tournament = TournamentFactory(name="Grand concours")
    team_rows = create_teams(tournament, teams)
    round_ = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    create_matches(round_, team_rows)
    return tournament


@pytest.mark.django_db
def test_an_unknown_token_is_a_404_on_the_page_and_the_slide(client):
    TournamentFactory()

    page = client.get("/ecran/not-a-token/")
    fragment = client.get("/ecran/not-a-token/diapo/?slide=0")

    assert (page.status_code, fragment.status_code) == (404, 404)


@pytest.mark.django_db
def test_the_address_shows_its_own_tournament_only(client):
    shown = TournamentFactory(name="Concours de Noël")
    TeamFactory(tournament=shown, number=1, player_1="Anne", player_2="Marc")
    other = TournamentFactory(name="Concours de Pâques")
    TeamFactory(tournament=other, number=1, player_1="Luc", player_2="Léa")

    response = french(client).get(f"/ecran/{shown.projector_token}/")

    content = response.content.decode()
    assert response.status_code == 200
    assert re.findall(r"Concours de \w+", content) == ["Concours de Noël", "Concours de Noël"]
    # No result counts yet: no rank (selectors.has_results).
    assert read_slide(response).rows == [["–", "1", "Anne / Marc", "0", "0"]]


@pytest.mark.django_db
def test_the_page_loads_htmx_and_the_projector_stylesheet_from_local_static(client):
    tournament = TournamentFactory()

    response = client.get(f"/ecran/{tournament.projector_token}/")

    content = response.content.decode()
    assert re.findall(r'<script src="([^"]+)"', content) == ["/static/django_htmx/htmx-2.min.js"]
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', content) == [
        "/static/css/projector.css"
    ]
    assert re.findall(r"<(?:header|nav|footer)\b[^>]*class=\"site", content) == []
    assert re.findall(r"\sstyle=|<style|<script>", content) == []


@pytest.mark.django_db
def test_without_teams_the_page_is_a_waiting_screen_that_keeps_polling(client):
    tournament = TournamentFactory(name="Concours de Noël")

    response = french(client).get(f"/ecran/{tournament.projector_token}/")

    reader = read_slide(response)
    assert response.status_code == 200
    assert (reader.title, reader.paragraphs) == (
        "Concours de Noël",
        ["Le concours va bientôt commencer."],
    )
    assert reader.main["hx-get"] == f"/ecran/{tournament.projector_token}/diapo/?slide=0"


@pytest.mark.django_db
def test_with_teams_and_no_round_the_page_shows_only_the_standings(client):
    tournament = TournamentFactory()
    create_teams(tournament, 3)

    response = french(client).get(f"/ecran/{tournament.projector_token}/")

    reader = read_slide(response)
    assert response.status_code == 200
    assert (reader.title, reader.page) == ("Classement", "page 1 / 1")
    assert reader.head == ["Rang", "Équipe", "Joueurs", "Points", "Gagnées"]
    # No result counts yet: no rank (selectors.has_results).
    assert reader.rows == [
        ["–", "1", "Joueur 1 / Joueur 2", "0", "0"],
        ["–", "2", "Joueur 3 / Joueur 4", "0", "0"],
        ["–", "3", "Joueur 5 / Joueur 6", "0", "0"],
    ]
    assert reader.main["hx-get"] == f"/ecran/{tournament.projector_token}/diapo/?slide=0"


@pytest.mark.django_db
def test_one_cycle_over_150_teams_shows_every_table_and_every_team_exactly_once(client):
    tournament = create_full_hall(150)

    slides = [slide(french(client), tournament, index) for index in range(24)]

    draw, standings = slides[:10], slides[10:]
    assert [(s.title, s.page) for s in draw] == [
        ("Tirage – partie 1", f"page {page} / 10") for page in range(1, 11)
    ]
    assert [(s.title, s.page) for s in standings] == [
        ("Classement", f"page {page} / 14") for page in range(1, 15)
    ]
    assert [len(s.rows) for s in slides] == [8] * 9 + [3] + [11] * 13 + [7]
    assert {len(row) for s in slides for row in s.rows} == {5}
    assert [int(row[0].split()[0]) for s in draw for row in s.rows] == list(range(1, 76))
    seated = [int(row[cell].split()[0]) for s in draw for row in s.rows for cell in (1, 4)]
    assert sorted(seated) == list(range(1, 151))
    numbers = [int(row[1]) for s in standings for row in s.rows]
    assert sorted(numbers) == list(range(1, 151))
    # Round 1 is being played, no result counts yet: no rank (selectors.has_results).
    assert [row[0] for s in standings for row in s.rows] == ["–"] * 150
    assert [s.main["hx-get"] for s in slides] == [
        f"/ecran/{tournament.projector_token}/diapo/?slide={(index + 1) % 24}"
        for index in range(24)
    ]


@pytest.mark.django_db
def test_a_draw_row_shows_the_table_both_teams_and_their_totals(client):
    tournament = TournamentFactory()
    teams = create_teams(tournament, 4)
    round_ = RoundFactory(tournament=tournament, number=2)
    create_matches(round_, teams)

    reader = slide(french(client), tournament, 0)

    assert reader.head == ["Table", "Équipe A", "Total A", "Total B", "Équipe B"]
    assert reader.rows == [
        ["1 0 donne", "1 Joueur 1 Joueur 2", "101", "201", "2 Joueur 3 Joueur 4"],
        ["2 0 donne", "3 Joueur 5 Joueur 6", "102", "202", "4 Joueur 7 Joueur 8"],
    ]


@pytest.mark.django_db
def test_the_totals_shown_are_the_live_match_totals(client):
    tournament = TournamentFactory(match_format_value=2)
    match = MatchFactory(
        round__tournament=tournament,
        table_number=1,
        team_a=TeamFactory(tournament=tournament, number=1, player_1="Anne", player_2="Marc"),
        team_b=TeamFactory(tournament=tournament, number=2, player_1="Luc", player_2="Léa"),
    )
    record_deal(match=match, entry=DealEntry("B", MADE_90), now=NOW)
    match.refresh_from_db()

    reader = slide(french(client), tournament, 0)

    assert (match.total_a, match.total_b) == (60, 190)
    assert reader.rows == [["1 1 donne", "1 Anne Marc", "60", "190", "2 Luc Léa"]]


@pytest.mark.django_db
def test_a_finished_match_says_so_and_the_bye_comes_last(client):
    tournament = TournamentFactory(match_format_value=1)
    teams = create_teams(tournament, 3)
    match = MatchFactory(
        round__tournament=tournament, table_number=1, team_a=teams[0], team_b=teams[1]
    )
    ByeFactory(round=match.round, team=teams[2])
    record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)

    reader = slide(french(client), tournament, 0)

    assert reader.rows == [
        ["1 Terminée", "1 Joueur 1 Joueur 2", "190", "60", "2 Joueur 3 Joueur 4"],
        ["Exempt", "3 Joueur 5 Joueur 6", "", "", ""],
    ]


@pytest.mark.django_db
def test_a_draft_round_is_never_shown(client):
    tournament = TournamentFactory()
    teams = create_teams(tournament, 4)
    published = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    create_matches(published, teams)
    create_matches(draft, [teams[0], teams[2], teams[1], teams[3]])

    slides = [slide(french(client), tournament, index) for index in range(2)]

    assert [(s.title, s.page) for s in slides] == [
        ("Tirage – partie 1", "page 1 / 1"),
        ("Classement", "page 1 / 1"),
    ]
    assert [row[1] for row in slides[0].rows] == ["1 Joueur 1 Joueur 2", "3 Joueur 5 Joueur 6"]


@pytest.mark.django_db
def test_with_only_a_draft_round_the_slides_are_the_standings_alone(client):
    tournament = TournamentFactory()
    teams = create_teams(tournament, 2)
    draft = RoundFactory(tournament=tournament, number=1, status=Round.Status.DRAFT)
    create_matches(draft, teams)

    reader = slide(french(client), tournament, 0)

    assert (reader.title, reader.page) == ("Classement", "page 1 / 1")
    assert reader.main["hx-get"] == f"/ecran/{tournament.projector_token}/diapo/?slide=0"


@pytest.mark.django_db
def test_a_closed_round_shows_as_results_until_the_next_one_is_published(client):
    tournament = TournamentFactory()
    teams = create_teams(tournament, 2)
    closed = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    create_matches(closed, teams)
    later = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    create_matches(later, [teams[1], teams[0]])

    before = slide(french(client), tournament, 0)
    publish_round(round=later, now=NOW)
    after = slide(french(client), tournament, 0)

    assert (before.title, before.rows[0][1]) == ("Résultats – partie 1", "1 Joueur 1 Joueur 2")
    assert (after.title, after.rows[0][1]) == ("Tirage – partie 2", "2 Joueur 3 Joueur 4")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("asked", "shown", "next_slide"),
    [("2", 2, 0), ("3", 0, 1), ("1000", 1, 2), ("-1", 2, 0), ("abc", 0, 1), ("", 0, 1)],
)
def test_a_slide_index_out_of_range_wraps_around(client, asked, shown, next_slide):
    tournament = TournamentFactory()
    create_teams(tournament, 24)  # 3 standings slides of 11, 11 and 2 teams
    token = tournament.projector_token

    response = french(client).get(f"/ecran/{token}/diapo/?slide={asked}")

    reader = read_slide(response)
    assert response.status_code == 200
    assert (reader.page, reader.main["hx-get"]) == (
        f"page {shown + 1} / 3",
        f"/ecran/{token}/diapo/?slide={next_slide}",
    )


@pytest.mark.django_db
def test_the_slide_is_a_small_fragment_that_polls_for_the_next_one(client):
    tournament = create_full_hall(4)

    response = client.get(f"/ecran/{tournament.projector_token}/diapo/?slide=0")

    content = response.content.decode()
    assert re.findall(r"<(?:html|head|body|link|script|title)\b", content) == []
    assert re.findall(r"<main\b", content) == ["<main"]
    assert read_slide(response).main == {
        "id": "slide",
        "class": "slide slide-draw",
        "hx-get": f"/ecran/{tournament.projector_token}/diapo/?slide=1",
        "hx-trigger": "every 8s",
        "hx-swap": "outerHTML",
    }
    assert response.headers["Cache-Control"] == (
        "max-age=0, no-cache, no-store, must-revalidate, private"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/ecran/{token}/", "/ecran/{token}/diapo/?slide=0"])
def test_the_projector_answers_get_only(client, path):
    tournament = TournamentFactory()

    response = client.post(path.format(token=tournament.projector_token))

    assert response.status_code == 405


@pytest.mark.django_db
def test_the_page_is_english_for_an_english_browser(client):
    tournament = create_full_hall(4)

    response = client.get(f"/ecran/{tournament.projector_token}/", HTTP_ACCEPT_LANGUAGE="en")

    reader = read_slide(response)
    assert (reader.title, reader.page) == ("Draw – round 1", "page 1 / 1")
    assert reader.head == ["Table", "Team A", "Total A", "Total B", "Team B"]


@pytest.mark.django_db
@pytest.mark.parametrize("teams", [4, 150])
@pytest.mark.parametrize("path", ["/ecran/{token}/", "/ecran/{token}/diapo/?slide={last}"])
def test_every_slide_runs_the_same_queries_for_4_and_150_teams(
    client, django_assert_num_queries, teams, path
):
    tournament = create_full_hall(teams)
    last = {4: 1, 150: 23}[teams]  # the last standings slide
    url = path.format(token=tournament.projector_token, last=last)

    # 8: the standings read their figures with the counted matches (migration 0027); one
    # for the results' count of the cache key (services/cache.py).
    with django_assert_num_queries(8):
        response = client.get(url)

    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("tables", [10, 40])
@pytest.mark.parametrize("slide_index", [0, 1])
def test_every_slide_of_a_round_at_play_runs_the_same_queries_for_10_and_40_tables(
    client, django_assert_num_queries, tables, slide_index
):
    tournament = TournamentFactory()
    round_ = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    matches = create_matches(round_, create_teams(tournament, 2 * tables))
    services.ensure_team_links(tournament=tournament, now=NOW)
    # Every table has a confirmed deal; every other one a deal waiting for the opponents.
    for match in matches:
        record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    for match in matches[::2]:
        seat = selectors.match_links(match=match)["B"]
        services.submit_deal(seat=seat, entry=DealEntry("B", MADE_90), deal_number=2, now=NOW)
    url = f"/ecran/{tournament.projector_token}/diapo/?slide={slide_index}"

    # 8: the standings read their figures with the counted matches (migration 0027); one
    # for the results' count of the cache key (services/cache.py).
    with django_assert_num_queries(8):
        response = client.get(url)

    assert response.status_code == 200


@pytest.mark.django_db
def test_a_named_team_shows_its_name_over_its_players_on_the_draw_and_the_standings(client):
    tournament = TournamentFactory()
    teams = create_teams(tournament, 2)
    Team.objects.filter(pk=teams[0].pk).update(name="Les As")
    round_ = RoundFactory(tournament=tournament, number=1)
    create_matches(round_, teams)

    draw = slide(french(client), tournament, 0)
    standings = slide(french(client), tournament, 1)

    assert draw.rows == [
        ["1 0 donne", "1 Les As Joueur 1 / Joueur 2", "101", "201", "2 Joueur 3 Joueur 4"]
    ]
    assert [row[2] for row in standings.rows] == [
        "Les As (Joueur 1 / Joueur 2)",
        "Joueur 3 / Joueur 4",
    ]
