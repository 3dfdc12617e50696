"""The writes compiled once (services/prepared.py) write what the ORM writes: the INSERT
of a table write's idempotency record, its outcome's UPDATE, and the repeat's read
(selectors/idempotency.py), column for column, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime
import itertools
import threading
import zlib
import zoneinfo

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, connection, models, transaction
from django.db.models import signals
from django.test.utils import CaptureQueriesContext

from tests.tournaments.test_prepared import as_read
from tournaments import services
from tournaments.models import IdempotencyRecord, Tournament
from tournaments.selectors import idempotency_record
from tournaments.services import idempotency
from tournaments.services.prepared import PreparedInsert, _check_plain

pytestmark = pytest.mark.django_db

#: 15:00:00.25 in Paris: 14:00:00.25 UTC, which is what either database keeps.
AT = datetime.datetime(2026, 11, 28, 15, 0, 0, 250_000, tzinfo=zoneinfo.ZoneInfo("Europe/Paris"))
KEY = "8e03978e-40d5-43e8-bc93-6894a57f9324"
OUTCOME = {
    "status": 409,
    "content_type": "text/html; charset=utf-8",
    "headers": {"HX-Push-Url": "/table/é/parties/1/", "HX-Reswap": "none"},
    "body": zlib.compress("<div>Donne 1 déjà enregistrée</div>".encode(), 1),
}
COLUMNS = ("token", "key", "fingerprint", "status", "content_type", "headers", "body")


def stored(key: str) -> tuple:
    """The row of ``key`` as the database keeps it: every column but the id, the JSON and
    the datetime as the database's own text (no converter of Django or of the driver)."""
    table = IdempotencyRecord._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join(COLUMNS)}, CAST(created_at AS TEXT), CAST(headers AS TEXT) "
            f'FROM "{table}" WHERE "key" = %s',
            [key],
        )
        row = cursor.fetchone()
    return (*row[:6], bytes(row[6]), *row[7:])


def orm_created(key: str) -> None:
    IdempotencyRecord.objects.create(
        token="t" * 32, key=key, fingerprint="f" * 64, status=0, created_at=AT
    )


def compiled_created(key: str) -> None:
    idempotency._INSERT.execute(
        token="t" * 32, key=key, fingerprint="f" * 64, status=0, created_at=AT
    )


def test_the_compiled_insert_writes_the_row_the_orm_writes_column_for_column():
    orm_created("orm")
    compiled_created("compiled")

    if connection.vendor == "postgresql":  # a timestamptz, as PostgreSQL shows it in UTC
        created_at = "2026-11-28 14:00:00.25+00"
    else:  # SQLite: text, the datetime naive in UTC (USE_TZ)
        created_at = "2026-11-28 14:00:00.250000"
    assert stored("orm") == ("t" * 32, "orm", "f" * 64, 0, "", "{}", b"", created_at, "{}")
    assert stored("compiled") == (*stored("orm")[:1], "compiled", *stored("orm")[2:])


def test_the_compiled_insert_of_a_key_there_inserts_nothing_and_leaves_its_row():
    orm_created(KEY)
    before = stored(KEY)

    inserted = [
        idempotency._INSERT.execute(
            token="t" * 32, key=key, fingerprint="g" * 64, status=0, created_at=AT
        )
        for key in (KEY, "other")
    ]

    assert (inserted, stored(KEY), IdempotencyRecord.objects.count()) == ([0, 1], before, 2)


def test_without_its_unique_fields_it_is_refused_as_the_orm_s_insert():
    plain = PreparedInsert(IdempotencyRecord)
    compiled_created(KEY)

    with pytest.raises(IntegrityError), transaction.atomic():
        orm_created(KEY)
    with pytest.raises(IntegrityError), transaction.atomic():
        plain.execute(token="t" * 32, key=KEY, fingerprint="f", status=0, created_at=AT)
    with pytest.raises(TypeError):
        plain.execute(token="t", key="k", fingerprint="f", status=0, colour="red")

    assert IdempotencyRecord.objects.count() == 1


def test_a_first_write_stores_its_record_in_one_insert_and_one_update(monkeypatch):
    monkeypatch.setattr(idempotency, "SWEEP_EVERY", 10**9)  # no sweep in this write
    monkeypatch.setattr(idempotency, "_writes", itertools.count(1))

    with CaptureQueriesContext(connection) as queries:
        services.run_once(
            token="t" * 32, key=KEY, fingerprint="f", now=AT, write=lambda: None,
            answer=lambda _: services.Outcome(200, "text/html", "<p>ok</p>"),
        )  # fmt: skip

    # The test's transaction makes the write's a savepoint; the INSERT needs none.
    assert [query["sql"].split()[0] for query in queries.captured_queries] == [
        "SAVEPOINT",
        "INSERT",
        "RELEASE",
        "UPDATE",
    ]
    assert queries.captured_queries[1]["sql"].endswith(' ON CONFLICT ("token", "key") DO NOTHING')


def test_the_compiled_outcome_update_sets_the_row_and_runs_the_orm_s_sql():
    orm_created("orm")
    compiled_created("compiled")

    with CaptureQueriesContext(connection) as queries:
        orm_count = IdempotencyRecord.objects.filter(token="t" * 32, key="orm").update(**OUTCOME)
        compiled_count = idempotency._OUTCOME.execute(token="t" * 32, key="compiled", **OUTCOME)
    none = idempotency._OUTCOME.execute(token="u" * 32, key="compiled", **OUTCOME)

    orm_sql, compiled_sql = (query["sql"] for query in queries.captured_queries)
    assert compiled_sql == orm_sql.replace("'orm'", "'compiled'")
    assert (orm_count, compiled_count, none) == (1, 1, 0)
    if connection.vendor == "postgresql":  # jsonb: its keys shortest first, as it keeps them
        headers = '{"HX-Reswap": "none", "HX-Push-Url": "/table/é/parties/1/"}'
        created_at = "2026-11-28 14:00:00.25+00"
    else:  # the text of json.dumps
        headers = '{"HX-Push-Url": "/table/\\u00e9/parties/1/", "HX-Reswap": "none"}'
        created_at = "2026-11-28 14:00:00.250000"
    assert stored("orm") == (
        "t" * 32, "orm", "f" * 64, 409, "text/html; charset=utf-8", headers, OUTCOME["body"],
        created_at, headers,
    )  # fmt: skip
    assert stored("compiled") == (*stored("orm")[:1], "compiled", *stored("orm")[2:])


def test_the_compiled_update_refuses_a_value_it_has_no_sql_for():
    compiled_created(KEY)

    with pytest.raises(ValueError):
        idempotency._OUTCOME.execute(token="t" * 32, key=KEY, **(OUTCOME | {"headers": None}))


def test_the_compiled_read_reads_the_record_as_the_orm_and_none_for_an_unknown_key():
    compiled_created(KEY)
    idempotency._OUTCOME.execute(token="t" * 32, key=KEY, **OUTCOME)

    record = idempotency_record(token="t" * 32, key=KEY)

    assert as_read(record) == as_read(IdempotencyRecord.objects.get(token="t" * 32, key=KEY))
    assert (record.headers, bytes(record.body), record.created_at) == (  # type: ignore[union-attr]
        OUTCOME["headers"],
        OUTCOME["body"],
        AT,
    )
    assert idempotency_record(token="u" * 32, key=KEY) is None
    assert idempotency_record(token="t" * 32, key="other") is None


def test_the_record_has_no_signal_receiver_the_compiled_writes_would_skip():
    listened = [
        signal.has_listeners(IdempotencyRecord)
        for signal in (signals.pre_init, signals.post_init, signals.pre_save, signals.post_save)
    ]

    assert listened == [False, False, False, False]


def test_each_thread_compiles_its_own_statements_once():
    statements = []

    def compile_twice() -> None:
        statements.append(idempotency._INSERT._statement("default"))
        statements.append(idempotency._INSERT._statement("default"))

    compile_twice()
    thread = threading.Thread(target=compile_twice)
    thread.start()
    thread.join(10)

    assert [statements[0] is s for s in statements] == [True, True, False, False]
    assert statements[2] is statements[3] and statements[2] == statements[0]


def test_a_field_django_fills_at_a_save_is_refused():
    for field in (
        models.DateTimeField(auto_now=True),
        models.DateTimeField(auto_now_add=True),
        models.IntegerField(db_default=1),
    ):
        with pytest.raises(ImproperlyConfigured):
            _check_plain(field)
    with pytest.raises(ImproperlyConfigured, match="created_at is auto_now"):
        PreparedInsert(Tournament)._statement("default")  # its created_at: auto_now_add
