"""Data migrations: 0006_structured_audit turns the old change reasons into audit columns."""

import datetime
import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

STRUCTURED_AUDIT = ("tournaments", "0006_structured_audit")
structured_audit = importlib.import_module("tournaments.migrations.0006_structured_audit")

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
MINUTE = datetime.timedelta(minutes=1)
LATER = NOW + 5 * MINUTE
LAST = NOW + 10 * MINUTE


@pytest.mark.parametrize(
    ("history_type", "change_reason", "expected"),
    [
        ("+", "table link A", ("entered", "A", "")),
        ("+", "", ("entered", "", "")),
        ("+", None, ("entered", "", "")),
        ("~", "table link B", ("changed_at_table", "B", "")),
        ("~", "table link A – points recomptés", ("changed_at_table", "A", "points recomptés")),
        ("~", "confirmed by table link B", ("confirmed_at_table", "B", "")),
        ("~", "disputed by table link A", ("disputed", "A", "")),
        ("~", "confirmed by the organiser", ("confirmed_by_organiser", "", "")),
        ("~", "Points mal comptés", ("corrected", "", "Points mal comptés")),
        ("~", "table link C", ("corrected", "", "table link C")),
        ("~", "table link Alain absent", ("corrected", "", "table link Alain absent")),
        ("~", None, ("", "", "")),
        ("-", "Donne rejouée", ("deleted", "", "Donne rejouée")),
    ],
)
def test_it_reads_a_deals_old_change_reason(history_type, change_reason, expected):
    audit = structured_audit.deal_audit(history_type, change_reason)

    assert audit == expected


@pytest.mark.parametrize(
    ("change_reason", "expected"),
    [
        ("closed for time", ("stopped_for_time", "", "")),
        ("reopened", ("reopened", "", "")),
        ("Erreur signalée par la table", ("unlocked", "", "Erreur signalée par la table")),
        ("", ("", "", "")),
        (None, ("", "", "")),
    ],
)
def test_it_reads_a_matchs_old_change_reason(change_reason, expected):
    audit = structured_audit.match_audit(change_reason)

    assert audit == expected


@pytest.mark.parametrize(
    ("history_type", "change_reason"),
    [
        ("+", "table link A"),
        ("~", "table link B – points recomptés"),
        ("~", "confirmed by table link B"),
        ("~", "disputed by table link A"),
        ("~", "confirmed by the organiser"),
        ("~", "Points mal comptés"),
        ("-", "Donne rejouée"),
    ],
)
def test_going_back_writes_the_deals_change_reason_the_services_wrote(history_type, change_reason):
    audit = structured_audit.deal_audit(history_type, change_reason)

    assert structured_audit.deal_change_reason(*audit) == change_reason


def migrate(target: list[tuple[str, str]]):
    """Migrate the test database to ``target``; return the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


def history_rows(apps, model_name: str, *names: str) -> list[tuple]:
    model = apps.get_model("tournaments", model_name)
    return list(model.objects.order_by("history_id").values_list(*names))


def store_old_records(apps) -> None:
    """Store history records as the services wrote them before 0006, on a deal and a match,
    and more than one batch of confirmations on a second deal."""
    deal = apps.get_model("tournaments", "HistoricalDeal")
    inputs = {"deal_number": 1, "taker": "A", "created_at": NOW, "updated_at": NOW}
    deal.objects.bulk_create(
        deal(id=1, **inputs, history_date=NOW, history_type=kind, history_change_reason=reason)
        for kind, reason in [
            ("+", "table link A"),
            ("~", "disputed by table link B"),
            ("~", "confirmed by the organiser"),
            ("~", "Points mal comptés"),
            ("-", "Donne rejouée"),
        ]
    )
    deal.objects.bulk_create(
        deal(
            id=2,
            **inputs,
            history_date=NOW,
            history_type="~",
            history_change_reason="confirmed by table link B",
        )
        for _ in range(structured_audit.BATCH + 1)
    )
    match = apps.get_model("tournaments", "HistoricalMatch")
    match.objects.bulk_create(
        match(id=1, table_number=1, history_date=when, history_type=kind, **reason)
        for kind, reason, when in [
            ("+", {}, NOW),
            ("~", {"history_change_reason": "closed for time"}, NOW),
            # The save of the replayed scores, which repeated the reason.
            ("~", {"history_change_reason": "closed for time"}, NOW),
            ("~", {"history_change_reason": "reopened"}, LATER),
            ("~", {"history_change_reason": "reopened"}, LATER),
            ("~", {"history_change_reason": "Erreur de belote"}, LAST),
            ("~", {"history_change_reason": "Erreur de belote"}, LAST + MINUTE),
        ]
    )


@pytest.mark.django_db(transaction=True)
def test_migrating_moves_the_stored_change_reasons_into_columns_and_back():
    before = MigrationExecutor(connection).loader.get_migration(*STRUCTURED_AUDIT).dependencies
    columns = ("history_change_reason", "audit_action", "audit_side", "audit_reason")
    try:
        store_old_records(migrate(before))

        new = migrate([STRUCTURED_AUDIT])
        converted = (
            history_rows(new, "HistoricalDeal", *columns),
            history_rows(new, "HistoricalMatch", *columns),
        )
        restored = migrate(before)
        back = (
            history_rows(restored, "HistoricalDeal", "history_change_reason"),
            history_rows(restored, "HistoricalMatch", "history_change_reason"),
        )
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    confirmations = structured_audit.BATCH + 1
    assert converted == (
        [
            (None, "entered", "A", ""),
            (None, "disputed", "B", ""),
            (None, "confirmed_by_organiser", "", ""),
            (None, "corrected", "", "Points mal comptés"),
            (None, "deleted", "", "Donne rejouée"),
            *[(None, "confirmed_at_table", "B", "")] * confirmations,
        ],
        [
            (None, "", "", ""),
            (None, "stopped_for_time", "", ""),
            (None, "", "", ""),
            (None, "reopened", "", ""),
            (None, "", "", ""),
            (None, "unlocked", "", "Erreur de belote"),
            (None, "unlocked", "", "Erreur de belote"),
        ],
    )
    assert back == (
        [
            ("table link A",),
            ("disputed by table link B",),
            ("confirmed by the organiser",),
            ("Points mal comptés",),
            ("Donne rejouée",),
            *[("confirmed by table link B",)] * confirmations,
        ],
        [
            (None,),
            ("closed for time",),
            (None,),
            ("reopened",),
            (None,),
            ("Erreur de belote",),
            ("Erreur de belote",),
        ],
    )
