"""Migration 0007: the breakdowns stored before line parts get them from the engine."""

import datetime
import importlib
import random

import pytest
from django.apps import apps

from scoring.matches import FormatKind, MatchFormat
from tournaments.importing import import_played_tournament
from tournaments.models import Deal

migration = importlib.import_module("tournaments.migrations.0007_breakdown_parts")

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
HEADER = (
    "round,table,team_a,team_b,deal,taker_team,passed,trump,contract,coinche,"
    "taker_card_points,defence_card_points,taker_tricks,taker_belotes,defence_belotes,"
    "taker_declarations,defence_declarations\n"
)
TEAMS = """number,player_1,player_2,club
1,Anne Petit,Marc Petit,
2,Luc Bon,Léa Bon,
3,Paul Roy,Rémi Roy,
4,Eva Gras,Ida Gras,
"""
# Classic: a litige whose reserve the next deal collects, a passed deal, and a litige that
# ends its match and returns its reserve (RULES.md §B5, §C).
CLASSIC_DEALS = HEADER + (
    "1,1,1,2,1,1,no,H,,none,81,81,4,0,0,0,0\n"
    "1,1,1,2,2,2,no,S,,none,80,82,5,1,0,0,0\n"
    "1,2,3,4,1,3,yes,,,,0,0,0,0,0,0,0\n"
    "1,2,3,4,2,3,no,D,,none,95,67,5,0,0,0,0\n"
    "1,2,3,4,3,4,no,C,,none,81,81,4,0,0,0,0\n"
)
# ffb-coinche: "points made" totals with belote and declarations, an unbid capot taking
# the defence's declarations, a coinched chute (RULES.md §B1).
COINCHE_DEALS = HEADER + (
    "1,1,1,2,1,1,no,S,100,none,70,92,4,1,0,50,0\n"
    "1,1,1,2,2,2,no,D,110,none,252,0,8,0,1,0,20\n"
    "1,2,3,4,1,3,no,C,110,coinche,85,77,5,1,0,0,0\n"
    "1,2,3,4,2,4,no,H,90,none,104,58,5,0,0,0,0\n"
)


def import_deals(directory, name, preset, deals):
    directory.mkdir()
    (directory / "teams.csv").write_text(TEAMS, encoding="utf-8")
    (directory / "deals.csv").write_text(deals, encoding="utf-8")
    return import_played_tournament(
        directory=directory,
        name=name,
        rules_preset=preset,
        now=NOW,
        rng=random.Random(1),
        match_format=MatchFormat(FormatKind.DEALS, 2),
    )


def as_stored_before(breakdown: dict) -> dict:
    """Return ``breakdown`` as it was stored before migration 0007: no parts, ``points``."""
    if not breakdown:
        return breakdown
    lines = [
        {
            "side": line["side"],
            "kind": line["kind"],
            "points": line["base_points"],
            "amount": line["amount"],
            "multiplier": line["multiplier"],
            "rule": line["rule"],
        }
        for line in breakdown["lines"]
    ]
    return {**breakdown, "lines": lines}


def stored_breakdowns() -> dict[tuple[str, int, int], dict]:
    rows = Deal.objects.values_list(
        "match__round__tournament__name", "match__table_number", "deal_number", "breakdown"
    )
    return {(name, table, number): breakdown for name, table, number, breakdown in rows}


@pytest.fixture
def concours(db, tmp_path):
    """Two imported concours whose breakdowns are then put back as stored before 0007."""
    import_deals(tmp_path / "classic", "Belote", "belote-classique", CLASSIC_DEALS)
    import_deals(tmp_path / "coinche", "Coinche", "ffb-coinche", COINCHE_DEALS)
    as_scored = stored_breakdowns()
    for deal in Deal.objects.all():
        Deal.objects.filter(pk=deal.pk).update(breakdown=as_stored_before(deal.breakdown))
    return as_scored


def test_it_gives_each_stored_breakdown_what_the_services_now_store(concours):
    before = stored_breakdowns()

    migration.add_breakdown_parts(apps, None)

    # Nine deals, one passed; every breakdown changed, and is now what record_deal stores.
    changed = sorted(key for key in before if before[key] != concours[key])
    assert (len(before), changed, stored_breakdowns()) == (
        9,
        sorted(key for key in concours if concours[key]),
        concours,
    )


def test_it_keeps_the_match_lines_and_adds_the_parts_of_a_points_made_total(concours):
    migration.add_breakdown_parts(apps, None)

    breakdowns = stored_breakdowns()
    assert (breakdowns[("Coinche", 1, 2)]["lines"], breakdowns[("Belote", 1, 2)]["lines"]) == (
        [
            {
                "side": "taker",
                "kind": "deal_total",
                "base_points": 272,
                "amount": 270,
                "multiplier": 1,
                "rule": "§B1.4",
                "parts": [
                    {"kind": "card_points", "base_points": 252},
                    {"kind": "declarations", "base_points": 20},
                ],
            },
            {
                "side": "taker",
                "kind": "contract",
                "base_points": 110,
                "amount": 110,
                "multiplier": 1,
                "rule": "§B1.4",
                "parts": [],
            },
            {
                "side": "defence",
                "kind": "deal_total",
                "base_points": 20,
                "amount": 20,
                "multiplier": 1,
                "rule": "§B1.4",
                "parts": [
                    {"kind": "card_points", "base_points": 0},
                    {"kind": "belote", "base_points": 20},
                ],
            },
        ],
        [
            {
                "side": "taker",
                "kind": "card_points",
                "base_points": 80,
                "amount": 80,
                "multiplier": 1,
                "rule": "§B5.3",
                "parts": [],
            },
            {
                "side": "taker",
                "kind": "belote",
                "base_points": 20,
                "amount": 20,
                "multiplier": 1,
                "rule": "§B5.3",
                "parts": [],
            },
            {
                "side": "defence",
                "kind": "card_points",
                "base_points": 82,
                "amount": 82,
                "multiplier": 1,
                "rule": "§B5.3",
                "parts": [],
            },
            {
                "side": "taker",
                "kind": "reserve_collected",
                "base_points": 81,
                "amount": 81,
                "multiplier": 1,
                "rule": "§C",
                "parts": [],
            },
        ],
    )


def test_running_it_twice_changes_nothing_more(concours):
    migration.add_breakdown_parts(apps, None)

    migration.add_breakdown_parts(apps, None)

    assert stored_breakdowns() == concours


def test_it_stops_at_a_deal_the_engine_would_score_otherwise_and_writes_nothing(concours):
    deal = Deal.objects.get(
        match__round__tournament__name="Coinche", deal_number=1, match__table_number=2
    )
    Deal.objects.filter(pk=deal.pk).update(taker_score=999)
    before = stored_breakdowns()

    with pytest.raises(migration.BreakdownMismatch) as raised:
        migration.add_breakdown_parts(apps, None)

    assert (str(raised.value), stored_breakdowns()) == (
        f"deal {deal.pk}: stored scores 999/540, the engine gives 20/540; correct the deal first",
        before,
    )
