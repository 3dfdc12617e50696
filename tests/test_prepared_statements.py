"""On PostgreSQL, the parameters of a query are bound on the server, and a query a
connection runs more than twice is prepared there once (settings: server_side_binding,
prepare_threshold 2); its answers stay the same."""

import pytest
from django.db import connection

from tournaments.models import Tournament

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own statements"),
]


def prepared_lookups() -> list[str]:
    """The statements prepared for this connection that look a tournament up by name."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [
            row[0] for row in cursor.fetchall() if '"tournaments_tournament"."name" = $1' in row[0]
        ]


def test_a_query_run_a_third_time_is_prepared_once_and_gives_the_same_rows():
    runs = []
    prepared = []
    for _ in range(4):
        runs.append(list(Tournament.objects.filter(name="Concours").values_list("pk", flat=True)))
        prepared.append(len(prepared_lookups()))

    assert (runs, prepared) == ([[], [], [], []], [0, 0, 1, 1])


def test_the_parameters_are_bound_on_the_server():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_typeof(%s)::text, %s + 1", [41, 41])
        # Bound by psycopg on the server, a small Python int is sent as a smallint (inlined
        # by the client, the literal 41 would be an integer).
        assert cursor.fetchone() == ("smallint", 42)
