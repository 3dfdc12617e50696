"""The tables (tournaments/tables/): the standings read the column registry, the
organiser's tables are built from their selectors."""

import datetime
import re

import pytest
from django.test import RequestFactory
from django.utils import translation

import scoring
from tests.factories import ClubFactory, MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tournaments import selectors, services
from tournaments.models import DealEntry, Team
from tournaments.presentation.columns import STANDINGS
from tournaments.selectors import Standing, TeamFigures
from tournaments.standings import StandingRow
from tournaments.tables import (
    STANDINGS_COLUMNS,
    StandingsHeading,
    progress_table,
    standings_rows,
    standings_table,
    team_table,
)

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


def test_the_standings_headings_are_the_registry_headings_of_their_columns_without_the_lot():
    with translation.override("fr"):
        headings = [(column.name, column.key, str(column.heading)) for column in STANDINGS_COLUMNS]

    assert headings == [
        (name, key, str(STANDINGS[key].heading))
        for name, key in [
            ("rank", "rank"),
            ("number", "team"),
            ("players", "players"),
            ("club", "club"),
            ("points", "points"),
            ("match_points", "match_points"),
            ("matches_won", "matches_won"),
            ("matches_drawn", "matches_drawn"),
            ("points_against", "points_against"),
            ("points_difference", "points_difference"),
            ("head_to_head", "head_to_head"),
            ("byes", "byes"),
            ("best_match_score", "best_match_score"),
            ("belotes", "belotes"),
            ("capots", "capots"),
            ("coinches_made", "coinches_made"),
        ]
    ]


def test_a_standings_row_holds_every_registry_column_by_key():
    team = Team(number=4, player_1="Anne", player_2="Marc", name="Les As")
    row = StandingRow(
        rank=2,
        team_id=9,
        number=4,
        points=1450,
        matches_played=3,
        matches_won=2,
        matches_drawn=1,
        matches_lost=0,
        points_against=980,
        points_difference=470,
        byes=1,
        bye_points=410,
        head_to_head=2,
        lot=17,
        is_withdrawn=False,
    )
    figures = TeamFigures(best_match_score=620, belotes=3, capots=1, coinches_made=2)

    rows = standings_rows([Standing(row, team, figures)])

    assert rows == [
        {
            "rank": 2,
            "team": 4,
            "points": 1450,
            "match_points": 0,
            "matches_won": 2,
            "matches_drawn": 1,
            "points_against": 980,
            "points_difference": 470,
            "byes": 1,
            "team_name": "Les As",
            "players": "Anne / Marc",
            "player_1": "Anne",
            "player_2": "Marc",
            "club": None,
            "head_to_head": 2,
            "lot": 17,
            "best_match_score": 620,
            "belotes": 3,
            "capots": 1,
            "coinches_made": 2,
            "withdrawn": None,
        }
    ]


@pytest.mark.django_db
def test_the_standings_table_sorts_by_team_number_as_the_request_asks():
    tournament = TournamentFactory()
    for number, lot in ((1, 30), (2, 10), (3, 20)):
        TeamFactory(tournament=tournament, number=number, lot=lot)
    request = RequestFactory().get("/", {"sort": "-number"})

    with translation.override("fr"):
        table = standings_table(request, tournament=tournament)

    # With no result yet the page shows « – » for each rank (selectors.has_results).
    assert [re.findall(r'<td class="num">([^<]*)</td>', row) for row in table.rows] == [
        ["–", "3"],
        ["–", "2"],
        ["–", "1"],
    ]
    assert (table.is_ranked, table.headings[:3]) == (
        False,
        (
            StandingsHeading(STANDINGS["rank"].heading, "num orderable", "?sort=rank"),
            StandingsHeading(STANDINGS["team"].heading, "desc num orderable", "?sort=number"),
            StandingsHeading(STANDINGS["players"].heading, "", ""),
        ),
    )


@pytest.mark.django_db
def test_the_team_table_has_every_team_by_number_without_sorting():
    tournament = TournamentFactory()
    club = ClubFactory(name="Amicale de Cahors")
    for number in (3, 1, 2):
        TeamFactory(tournament=tournament, number=number, club=club if number == 2 else None)
    request = RequestFactory().get("/", {"sort": "-number"})

    table = team_table(request, tournament=tournament)

    assert [(row.get_cell("number"), row.get_cell("club")) for row in table.rows] == [
        (1, ""),
        (2, club),
        (3, ""),
    ]


@pytest.mark.django_db
def test_the_progress_table_flags_a_match_with_a_disputed_or_a_pending_deal():
    tournament = TournamentFactory()
    round_ = RoundFactory(tournament=tournament, number=1)
    quiet = MatchFactory(round=round_, table_number=1)
    disputed = MatchFactory(round=round_, table_number=2)
    pending = MatchFactory(round=round_, table_number=3)
    services.ensure_team_links(tournament=round_.tournament, now=NOW)
    services.record_deal(match=quiet, entry=DealEntry("A", MADE_90), now=NOW)
    links = selectors.match_links(match=disputed)
    services.submit_deal(seat=links["A"], entry=DealEntry("A", MADE_90), deal_number=1, now=NOW)
    services.dispute_deal(seat=links["B"], deal_number=1, note="Belote oubliée", now=NOW)
    pending_seat = selectors.match_links(match=pending)["A"]
    services.submit_deal(seat=pending_seat, entry=DealEntry("A", MADE_90), deal_number=1, now=NOW)

    table = progress_table(RequestFactory().get("/"), round=round_)

    assert [
        (
            row.get_cell("table_number"),
            row.get_cell("deals_pending"),
            row.get_cell("deals_disputed"),
            row.attrs["class"],
        )
        for row in table.rows
    ] == [
        (f'<a href="{quiet.get_absolute_url()}">1</a>', 0, 0, "even"),
        (f'<a href="{disputed.get_absolute_url()}">2</a>', 0, 1, "flagged odd"),
        (f'<a href="{pending.get_absolute_url()}">3</a>', 1, 0, "flagged even"),
    ]
