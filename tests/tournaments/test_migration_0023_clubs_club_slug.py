"""Migration 0023_clubs_club_slug: every stored club gets a slug no other club has."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

CLUB_SLUG = ("tournaments", "0023_clubs_club_slug")
BEFORE = [("tournaments", "0022_challenge_challenges")]


def migrate(target: list[tuple[str, str]]):
    """Migrate the test database to ``target``; return the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_stored_clubs_get_their_name_as_slug_numbered_on_a_clash():
    try:
        old = migrate(BEFORE).get_model("tournaments", "Club")
        for name in ("Amicale de Cahors", "Amicale  de Cahors !", "???", "Club Élan"):
            old.objects.create(name=name)

        new = migrate([CLUB_SLUG]).get_model("tournaments", "Club")
        slugs = list(new.objects.order_by("pk").values_list("name", "slug"))
    finally:
        migrate(BEFORE).get_model("tournaments", "Club").objects.all().delete()
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert slugs == [
        ("Amicale de Cahors", "amicale-de-cahors"),
        ("Amicale  de Cahors !", "amicale-de-cahors-2"),
        ("???", "club"),
        ("Club Élan", "club-elan"),
    ]
