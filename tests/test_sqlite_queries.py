"""The SQLite backend's placeholders, converted once per query text
(belote_club/sqlite_backend/base.py ``CursorWrapper``): the same SQL as Django's cursor."""

import sqlite3

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper

from belote_club.sqlite_backend.base import (
    LONGEST_CONVERTED_QUERY,
    CursorWrapper,
    converted_query,
)

QUERIES = [
    "SELECT 1",
    'SELECT "a"."id" FROM "a" WHERE "a"."token" = %s LIMIT 1',
    "SELECT %s, %s WHERE x LIKE '%%s' OR y LIKE '50%%' OR z = '%%%s'",
    "UPDATE t SET v = %s WHERE id IN (%s, %s, %s)",
    "SELECT '%%%%s', %s",
]


@pytest.fixture
def cursors():
    """Django's cursor and ours, on one in-memory database (no Django connection)."""
    database = sqlite3.connect(":memory:")
    yield database.cursor(factory=SQLiteCursorWrapper), database.cursor(factory=CursorWrapper)
    database.close()


@pytest.mark.parametrize("query", QUERIES)
def test_a_query_converts_as_djangos(cursors, query):
    django_cursor, cursor = cursors
    expected = django_cursor.convert_query(query)
    assert converted_query(query) == expected
    assert cursor.convert_query(query) == expected
    assert cursor.convert_query(query) == expected  # the second time, from the cache


def test_the_conversion_is_kept_per_query_text(cursors):
    _django_cursor, cursor = cursors
    query = "SELECT %s AS kept_once"
    cursor.convert_query(query)
    hits = converted_query.cache_info().hits
    assert cursor.convert_query("SELECT %s AS " + "kept_once") == "SELECT ? AS kept_once"
    assert converted_query.cache_info().hits == hits + 1


def test_named_parameters_and_long_queries_go_through_djangos_conversion(cursors):
    django_cursor, cursor = cursors
    named = "SELECT %(a)s, %(b)s WHERE x LIKE '%%'"
    assert cursor.convert_query(named, param_names=["a", "b"]) == "SELECT :a, :b WHERE x LIKE '%'"
    long = "SELECT " + ", ".join(["%s"] * (LONGEST_CONVERTED_QUERY // 4)) + " WHERE '%%'"
    assert len(long) > LONGEST_CONVERTED_QUERY
    misses = converted_query.cache_info().misses
    assert cursor.convert_query(long) == django_cursor.convert_query(long)
    assert converted_query.cache_info().misses == misses


def test_a_query_runs_with_its_values(cursors):
    _django_cursor, cursor = cursors
    cursor.execute("SELECT %s || '%%', %s + 1", ["50", 41])
    assert cursor.fetchone() == ("50%", 42)
    cursor.execute("CREATE TABLE row (name TEXT)")
    cursor.executemany("INSERT INTO row VALUES (%s || '%%')", [["a"], ["b"]])
    cursor.execute("SELECT name FROM row ORDER BY name")
    assert cursor.fetchall() == [("a%",), ("b%",)]


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backend's cursor")
def test_the_sites_connection_uses_it():
    with connection.cursor() as cursor:
        assert type(cursor.cursor) is CursorWrapper
        cursor.execute("SELECT %s", ["ok"])
        assert cursor.fetchone() == ("ok",)
