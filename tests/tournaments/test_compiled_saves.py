"""The saves compiled once (tournaments/models/compiled_saves.py) send Django's SQL with
Django's parameters and write the rows Django writes: a deal's INSERT, a match's and a
deal's UPDATE, the first time (compiled) and after (the SQL kept)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.models import F, Model
from django.test.utils import CaptureQueriesContext

from tests.factories import MatchFactory
from tournaments.models import Deal, DealStatus, Match, compiled_saves
from tournaments.models.compiled_saves import CompiledSaves

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 12, 2, 15, 4, 5, 123456, tzinfo=datetime.UTC)


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test compiles its saves anew (the cache is per thread, the tests share one)."""
    compiled_saves._local.__dict__.pop("saves", None)
    yield
    compiled_saves._local.__dict__.pop("saves", None)


def django_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make CompiledSaves save as plain Django does."""
    monkeypatch.setattr(CompiledSaves, "_do_insert", Model._do_insert)
    monkeypatch.setattr(CompiledSaves, "_do_update", Model._do_update)


def new_deal(match: Match, number: int, **values: object) -> Deal:
    fields: dict[str, object] = {
        "match": match,
        "deal_number": number,
        "taker": "B",
        "trump": "S",
        "contract_value": 90,
        "taker_card_points": 101,
        "defence_card_points": 61,
        "taker_tricks": 6,
        "breakdown": {"parts": [1, 2], "word": "été"},
        "dispute_note": "",
        "created_at": NOW,
        "updated_at": NOW,
    }
    fields.update(values)
    return Deal(**fields)


def row(pk: int) -> dict[str, object]:
    return Deal.objects.filter(pk=pk).values().get()


def saved_sql(save) -> list[str]:  # noqa: ANN001
    with CaptureQueriesContext(connection) as queries:
        save()
    return [q["sql"] for q in queries.captured_queries if 'tournaments_deal"' in q["sql"]]


def test_a_deal_inserted_compiled_then_kept_sends_django_s_sql_and_writes_its_row(monkeypatch):
    match = MatchFactory()
    first, second = new_deal(match, 1), new_deal(match, 2, dispute_note="x")
    first_sql, second_sql = saved_sql(first.save), saved_sql(second.save)
    compiled_rows = [row(first.pk), row(second.pk)]
    assert Deal.objects.get(match=match, deal_number=2).pk == second.pk  # the pk returned
    Deal.objects.filter(match=match).delete()
    django_s(monkeypatch)
    again_first, again_second = new_deal(match, 1), new_deal(match, 2, dispute_note="x")
    django_first, django_second = saved_sql(again_first.save), saved_sql(again_second.save)

    assert (first_sql, second_sql) == (django_first, django_second)
    assert len(first_sql) == 1 and first_sql[0].startswith('INSERT INTO "tournaments_deal"')
    assert [again_first.pk, again_second.pk] != [first.pk, second.pk]
    assert compiled_rows == [
        {**row(again_first.pk), "id": first.pk},
        {**row(again_second.pk), "id": second.pk},
    ]
    assert compiled_rows[1]["breakdown"] == {"parts": [1, 2], "word": "été"}
    assert compiled_rows[1]["dispute_note"] == "x" and compiled_rows[1]["created_at"] == NOW
    assert isinstance(first.pk, int) and isinstance(second.pk, int)
    assert first._state.adding is False and first._state.db == "default"


def test_a_match_updated_compiled_then_kept_sends_django_s_sql_and_writes_its_row(monkeypatch):
    match = MatchFactory()
    fields = ["total_a", "total_b", "deals_played", "result", "results_count"]

    def update(total_a: int, result: str) -> list[str]:
        match.total_a, match.total_b, match.deals_played = total_a, 162 - total_a, 3
        match.result, match.results_count = result, total_a
        with CaptureQueriesContext(connection) as queries:
            match.save(update_fields=fields)
        return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]

    compiled = [update(100, "A"), update(40, "B")]
    compiled_row = Match.objects.filter(pk=match.pk).values().get()
    django_s(monkeypatch)
    plain = [update(100, "A"), update(40, "B")]

    assert compiled == plain
    assert compiled[0] == [
        'UPDATE "tournaments_match" SET "total_a" = 100, "total_b" = 62, "deals_played" = 3,'
        ' "result" = \'A\', "results_count" = 100 WHERE "tournaments_match"."id" = '
        f"{match.pk}"
    ]
    assert compiled_row == Match.objects.filter(pk=match.pk).values().get()
    assert compiled_row["total_a"] == 40 and compiled_row["result"] == "B"


def test_an_update_of_a_null_then_a_value_is_compiled_for_each_and_a_row_gone_is_false():
    match = MatchFactory()
    match.stopped_for_time_at = None
    match.save(update_fields=["stopped_for_time_at"])
    match.stopped_for_time_at = NOW
    match.save(update_fields=["stopped_for_time_at"])
    assert Match.objects.get(pk=match.pk).stopped_for_time_at == NOW
    match.stopped_for_time_at = None
    match.save(update_fields=["stopped_for_time_at"])
    assert Match.objects.get(pk=match.pk).stopped_for_time_at is None

    gone = Match.objects.get(pk=match.pk)
    Match.objects.filter(pk=match.pk).delete()
    assert (
        gone._do_update(
            Match._base_manager.using("default"),
            "default",
            gone.pk,
            [(Match._meta.get_field("total_a"), None, 5)],
            ["total_a"],
            True,
        )
        is False
    )


def test_a_deal_s_status_update_kept_and_an_expression_left_to_django():
    match = MatchFactory()
    deal = new_deal(match, 1, status=DealStatus.PENDING)
    deal.save()
    for note in ("first", "second"):
        deal.status, deal.dispute_note = DealStatus.DISPUTED, note
        deal.save(update_fields=["status", "dispute_note", "updated_at"])
        assert row(deal.pk)["dispute_note"] == note and row(deal.pk)["status"] == "disputed"

    match.results_count = F("results_count") + 2
    match.save(update_fields=["results_count"])
    assert Match.objects.get(pk=match.pk).results_count == 2
    assert all(
        key[0] != "update" or "results_count" not in str(key) for key in compiled_saves._cache()
    )
