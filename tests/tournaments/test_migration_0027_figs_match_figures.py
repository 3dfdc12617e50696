"""Migration 0027_figs_match_figures: every stored match gets its figures (belotes,
capots, coinches made per team) from its deals, as the services compute them; a match
with no deal (totals only, or not played yet) gets zeros."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments.services.scores import deals_figures
from tournaments.standings import MATCH_FIGURES_FIELDS, MatchFigures

MATCH_FIGURES = ("tournaments", "0027_figs_match_figures")
BEFORE = [("tournaments", "0026_meleereg_registration_player")]
NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def migrate(target: list[tuple[str, str]]):
    """Migrate the test database to ``target``; return the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


def store_matches(apps) -> dict[str, int]:
    """Store a round of three matches as the services left them before 0027: one with
    deals (a coinched deal made, a passe, a coinche made by A with its belote, a capot bid
    by A, B chuted with no trick and its belote), one with a single capot for B in
    defence, one with no deal. Return the matches' ids."""
    get = apps.get_model
    tournament = get("tournaments", "Tournament").objects.create(
        name="Concours d'hiver", slug="hiver", date=datetime.date(2026, 12, 5), projector_token="p"
    )
    teams = [
        get("tournaments", "Team").objects.create(
            tournament=tournament, number=number, player_1=f"A{number}", player_2=f"B{number}"
        )
        for number in range(1, 7)
    ]
    round_ = get("tournaments", "Round").objects.create(
        tournament=tournament, number=1, status="closed"
    )
    Match, Deal = get("tournaments", "Match"), get("tournaments", "Deal")
    matches = [
        Match.objects.create(
            round=round_,
            table_number=table,
            team_a=teams[2 * table - 2],
            team_b=teams[2 * table - 1],
        )
        for table in (1, 2, 3)
    ]
    deals = {
        0: [
            # taker, passed, trump, coinche, tricks, belotes (taker, defence), outcome
            ("A", False, "H", "coinche", 5, (1, 0), "made"),
            ("A", True, "", "none", 0, (0, 0), ""),
            ("B", False, "S", "coinche", 3, (0, 1), "chute"),
            ("A", False, "C", "none", 8, (0, 0), "made"),
            ("B", False, "D", "none", 0, (1, 0), "chute"),
        ],
        1: [("A", False, "H", "surcoinche", 0, (0, 0), "chute")],
    }
    for index, rows in deals.items():
        for number, (taker, passed, trump, coinche, tricks, belotes, outcome) in enumerate(
            rows, start=1
        ):
            Deal.objects.create(
                match=matches[index],
                deal_number=number,
                taker=taker,
                is_passed=passed,
                trump=trump,
                contract_value=None if passed else 80,
                coinche_level=coinche,
                taker_tricks=tricks,
                taker_card_points=0
                if passed
                else (252 if tricks == 8 else 0 if not tricks else 81),
                defence_card_points=0
                if passed
                else (0 if tricks == 8 else 252 if not tricks else 81),
                taker_belotes=belotes[0],
                defence_belotes=belotes[1],
                outcome=outcome,
                created_at=NOW,
                updated_at=NOW,
            )
    return {"played": matches[0].pk, "capot": matches[1].pk, "empty": matches[2].pk}


@pytest.mark.django_db(transaction=True)
def test_stored_matches_get_the_figures_of_their_deals():
    try:
        ids = store_matches(migrate(BEFORE))

        new = migrate([MATCH_FIGURES])
        Match, Deal = new.get_model("tournaments", "Match"), new.get_model("tournaments", "Deal")
        figures = {
            name: MatchFigures(
                *Match.objects.filter(pk=pk).values_list(*MATCH_FIGURES_FIELDS).get()
            )
            for name, pk in ids.items()
        }
        # The services' computation, on the same rows.
        computed = {
            name: deals_figures(Deal.objects.filter(match_id=pk)) for name, pk in ids.items()
        }
    finally:
        before = migrate(BEFORE)
        before.get_model("tournaments", "Match").objects.all().delete()
        before.get_model("tournaments", "Tournament").objects.all().delete()
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert (
        figures
        == computed
        == {
            "played": MatchFigures(belotes_a=2, belotes_b=1, capots_a=2, coinches_made_a=1),
            "capot": MatchFigures(capots_b=1, coinches_made_b=1),
            "empty": MatchFigures(),
        }
    )
