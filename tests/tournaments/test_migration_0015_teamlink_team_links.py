"""Migration 0015_teamlink_team_links: each team with an active table link (one per
match, before) gets one active team link for its concours, keeping the code of its newest
table link unless another team of the concours has it; the old addresses then redirect."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

TEAM_LINKS = ("tournaments", "0015_teamlink_team_links")
BEFORE = [("tournaments", "0014_offline_idempotency")]
NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def migrate(target: list[tuple[str, str]]):
    """Migrate the test database to ``target``; return the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


def store_a_concours(apps) -> dict[str, int]:
    """Store round 1 (closed) and round 2 (published) of teams 1–4, with table links:
    team 1's code 1111 then 2222, team 2's 2222 twice (taken by team 1: a new code),
    team 3's link revoked, team 4 with none. Return the teams' ids by name."""
    get = apps.get_model
    tournament = get("tournaments", "Tournament").objects.create(
        name="Concours d'hiver", slug="hiver", date=datetime.date(2026, 12, 5), projector_token="p"
    )
    teams = {
        number: get("tournaments", "Team").objects.create(
            tournament=tournament, number=number, player_1=f"A{number}", player_2=f"B{number}"
        )
        for number in (1, 2, 3, 4)
    }
    Round, Match = get("tournaments", "Round"), get("tournaments", "Match")
    TableLink = get("tournaments", "TableLink")
    first = Round.objects.create(tournament=tournament, number=1, status="closed")
    second = Round.objects.create(tournament=tournament, number=2, status="published")
    m1 = Match.objects.create(round=first, table_number=1, team_a=teams[1], team_b=teams[2])
    m2 = Match.objects.create(round=second, table_number=1, team_a=teams[2], team_b=teams[1])
    m3 = Match.objects.create(round=second, table_number=2, team_a=teams[3], team_b=teams[4])
    for match, side, pin, token, revoked in (
        (m1, "A", "1111", "old-1-r1", None),
        (m1, "B", "2222", "old-2-r1", None),
        (m2, "B", "2222", "old-1-r2", None),
        (m2, "A", "2222", "old-2-r2", None),
        (m3, "A", "3333", "old-3-r2", NOW),
    ):
        TableLink.objects.create(
            match=match, side=side, pin=pin, token=token, created_at=NOW, revoked_at=revoked
        )
    return {f"team_{number}": team.pk for number, team in teams.items()}


@pytest.mark.django_db(transaction=True)
def test_each_team_with_an_active_table_link_gets_one_team_link_with_a_distinct_code():
    try:
        teams = store_a_concours(migrate(BEFORE))
        apps = migrate([TEAM_LINKS])
        TeamLink = apps.get_model("tournaments", "TeamLink")
        links = {
            link.team_id: (link.pin, link.revoked_at, link.created_at, len(link.token))
            for link in TeamLink.objects.all()
        }
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        answers = [Client().get(f"/table/{token}/") for token in ("old-1-r1", "old-3-r2")]
        team_1_url = f"/table/{TeamLink.objects.get(team_id=teams['team_1']).token}/"
    finally:
        before = migrate(BEFORE)
        before.get_model("tournaments", "Match").objects.all().delete()
        before.get_model("tournaments", "Tournament").objects.all().delete()
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert set(links) == {teams["team_1"], teams["team_2"]}
    assert links[teams["team_1"]] == ("2222", None, NOW, 22)
    team_2_pin = links[teams["team_2"]][0]
    assert (team_2_pin != "2222", len(team_2_pin), team_2_pin.isdigit()) == (True, 4, True)
    # An old address of team 1's redirects to its team page; team 3's was revoked.
    assert [(answer.status_code, answer.get("Location")) for answer in answers] == [
        (302, team_1_url),
        (403, None),
    ]
