"""Migration 0011_integer_ranges: before it adds the integer ranges, it names the stored
values out of range (a lot of 2 147 483 647, say, the largest PostgreSQL
integers hold)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

INTEGER_RANGES = ("tournaments", "0011_integer_ranges")
BEFORE = [("tournaments", "0010_totals_only")]


def migrate(target: list[tuple[str, str]]):
    """Migrate the test database to ``target``; return the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


def store_a_team(apps, *, lot: int, first_round: int) -> int:
    """Store a tournament and its team 1 with ``lot``; return the team's id."""
    tournament = apps.get_model("tournaments", "Tournament").objects.create(
        name="Concours d'été", slug="ete", date=datetime.date(2026, 7, 14), projector_token="t"
    )
    team = apps.get_model("tournaments", "Team").objects.create(
        tournament=tournament,
        number=1,
        player_1="Anne",
        player_2="Bruno",
        lot=lot,
        first_round=first_round,
    )
    return team.pk


def leave_empty_and_migrated() -> None:
    """Delete what the test stored, then migrate to the latest state again."""
    migrate(BEFORE).get_model("tournaments", "Tournament").objects.all().delete()
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_it_names_the_stored_values_out_of_range_and_adds_no_constraint():
    try:
        team = store_a_team(migrate(BEFORE), lot=2**31 - 1, first_round=0)

        with pytest.raises(RuntimeError) as refusal:
            migrate([INTEGER_RANGES])
        applied = MigrationExecutor(connection).loader.applied_migrations
    finally:
        leave_empty_and_migrated()

    assert (str(refusal.value), INTEGER_RANGES in applied) == (
        "Some stored values are out of the ranges of migration 0011; change them, then "
        "migrate again:\n"
        f"  team {team}: lot=2147483647 (team_lot_max)\n"
        f"  team {team}: first_round=0 (team_first_round_range)",
        False,
    )


@pytest.mark.django_db(transaction=True)
def test_it_adds_the_ranges_when_every_stored_value_is_within_them():
    try:
        store_a_team(migrate(BEFORE), lot=999_999, first_round=21)

        after = migrate([INTEGER_RANGES])
        lots = list(after.get_model("tournaments", "Team").objects.values_list("lot", flat=True))
    finally:
        leave_empty_and_migrated()

    assert lots == [999_999]
