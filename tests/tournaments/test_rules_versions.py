"""A tournament scores with the version of its preset it stored (RULES.md §B, STYLE.md §2).

The engine gets a changed version 2 of ffb-coinche, as a rules change would add it (here:
no rounding to the ten): a concours finished under version 1 keeps its deals, totals and
standings, even when a match is replayed or a deal corrected, while a concours created
afterwards gets version 2 and scores with it.
"""

import dataclasses
import datetime
import random

import pytest
from django.db import transaction
from django.urls import reverse

import scoring
from scoring.matches import FormatKind, MatchFormat
from tests.factories import UserFactory
from tournaments import selectors
from tournaments.importing import import_played_tournament
from tournaments.models import Deal, Match, Tournament
from tournaments.services import create_tournament
from tournaments.services.scores import replay_match

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
#: ffb-coinche as a version 2 would change it: card points are no longer rounded (§B1.4).
UNROUNDED = dataclasses.replace(
    scoring.get_ruleset("ffb-coinche", 1), version=2, rounds_to_ten=False
)

TEAMS = """number,player_1,player_2,club
1,Anne Petit,Marc Petit,
2,Luc Bon,Léa Bon,
"""
# Two made deals whose card points do not end in 0: rounding changes both sides' scores.
DEALS = (
    "round,table,team_a,team_b,deal,taker_team,passed,trump,contract,coinche,"
    "taker_card_points,defence_card_points,taker_tricks,taker_belotes,defence_belotes,"
    "taker_declarations,defence_declarations\n"
    "1,1,1,2,1,1,no,H,80,none,85,77,5,0,0,0,0\n"
    "1,1,1,2,2,2,no,S,90,none,104,58,5,0,0,0,0\n"
)
#: Under version 1: deal 1, team 1 takes, 90 + 80 against 80; deal 2, team 2 takes,
#: 100 + 90 against 60.
VERSION_1_DEALS = [(1, 170, 80, 170, 80), (2, 190, 60, 60, 190)]
#: Under version 2: 85 + 80 against 77; 104 + 90 against 58.
VERSION_2_DEALS = [(1, 165, 77, 165, 77), (2, 194, 58, 58, 194)]


def import_winter(tmp_path, name):
    directory = tmp_path / name
    directory.mkdir()
    (directory / "teams.csv").write_text(TEAMS, encoding="utf-8")
    (directory / "deals.csv").write_text(DEALS, encoding="utf-8")
    return import_played_tournament(
        directory=directory,
        name=name,
        rules_preset="ffb-coinche",
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
        club="Amicale de Cahors",
    )


def scores_of(tournament: Tournament) -> dict:
    """Return what the tournament stored: its version, each deal's scores, the match, the
    standings (team, points, matches won, points against)."""
    tournament.refresh_from_db()
    deals = Deal.objects.filter(match__round__tournament=tournament).order_by("deal_number")
    match = Match.objects.get(round__tournament=tournament)
    return {
        "version": tournament.rules_version,
        "deals": [
            (d.deal_number, d.taker_score, d.defence_score, d.score_a, d.score_b) for d in deals
        ],
        "match": (match.total_a, match.total_b, match.result),
        "standings": [
            (s.team.number, s.row.points, s.row.matches_won, s.row.points_against)
            for s in selectors.tournament_standings(tournament=tournament)
        ],
    }


VERSION_1_SCORES = {
    "version": 1,
    "deals": VERSION_1_DEALS,
    "match": (230, 270, "B"),
    "standings": [(2, 270, 1, 230), (1, 230, 0, 270)],
}


@pytest.fixture
def winter(db, tmp_path):
    """A concours finished under version 1 of ffb-coinche, the only one there is yet."""
    return import_winter(tmp_path, "Concours d'hiver")


@pytest.fixture
def version_2(winter, monkeypatch):
    """Add version 2 of ffb-coinche to the engine's presets, after ``winter`` finished."""
    monkeypatch.setitem(scoring.PRESETS, ("ffb-coinche", 2), UNROUNDED)


def test_a_finished_tournament_keeps_its_scores_when_a_new_version_comes(winter, monkeypatch):
    before = scores_of(winter)
    monkeypatch.setitem(scoring.PRESETS, ("ffb-coinche", 2), UNROUNDED)

    after = scores_of(winter)

    assert (before, after) == (VERSION_1_SCORES, VERSION_1_SCORES)


def test_replaying_a_match_of_a_version_1_tournament_still_scores_under_version_1(
    winter, version_2
):
    with transaction.atomic():
        match = Match.objects.select_for_update().get(round__tournament=winter)
        replay_match(match, winter.rules, NOW)

    assert (winter.rules, scores_of(winter)) == (
        scoring.get_ruleset("ffb-coinche", 1),
        VERSION_1_SCORES,
    )


def correction(number: int, version: int, **inputs) -> dict:
    """Return the POST data of the organiser's correction form of deal ``number``."""
    values = {
        "version": str(version),
        "reason": "Points mal comptés",
        "coinche": "none",
        "taker_tricks": "5",
        "taker_belotes": "0",
        "defence_belotes": "0",
        "taker_declarations": "0",
        "defence_declarations": "0",
    } | inputs
    return {f"correct-{number}-{name}": value for name, value in values.items()}


def test_correcting_a_deal_of_a_version_1_tournament_still_scores_under_version_1(
    winter, version_2, client
):
    organiser = UserFactory()
    winter.club.organisers.add(organiser)
    client.force_login(organiser)
    url = reverse(
        "tournaments:deal-correct",
        kwargs={"slug": winter.slug, "number": 1, "table": 1, "deal": 2},
    )
    data = correction(
        2,
        Deal.objects.get(deal_number=2).version,
        taker="B",
        trump="S",
        contract="90",
        taker_card_points="105",
        defence_card_points="57",
    )

    client.post(url, data)

    # Version 1 rounds: 110 + 90 against 60 (version 2 would give 195 against 57).
    assert scores_of(winter) == {
        "version": 1,
        "deals": [(1, 170, 80, 170, 80), (2, 200, 60, 60, 200)],
        "match": (230, 280, "B"),
        "standings": [(2, 280, 1, 230), (1, 230, 0, 280)],
    }


def test_a_tournament_imported_after_the_new_version_gets_it_and_scores_with_it(
    winter, version_2, tmp_path
):
    spring = import_winter(tmp_path, "Concours de printemps")

    assert (spring.rules, scores_of(spring), scores_of(winter)) == (
        UNROUNDED,
        {
            "version": 2,
            "deals": VERSION_2_DEALS,
            "match": (223, 271, "B"),
            "standings": [(2, 271, 1, 223), (1, 223, 0, 271)],
        },
        VERSION_1_SCORES,
    )


def test_a_tournament_created_at_the_desk_after_the_new_version_gets_it(winter, version_2):
    spring = create_tournament(
        club=winter.club,
        settings={
            "name": "Concours de printemps",
            "date": datetime.date(2027, 4, 10),
            "rules_preset": "ffb-coinche",
        },
    )

    spring.refresh_from_db()
    assert (spring.rules_version, spring.rules, scores_of(winter)["version"]) == (
        2,
        UNROUNDED,
        1,
    )
