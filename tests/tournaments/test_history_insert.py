"""History records written with the INSERT compiled once (models/history_insert.py, through
``CachedHistoricalRecords.create_historical_record``): column for column the rows, and the
statements, of django-simple-history's own path (``history_instance.save()``), for every
model whose history is a ``CachedHistoricalRecords``, on the database the tests run on."""

import datetime
import importlib.metadata
from collections.abc import Callable, Iterator
from typing import Any

import django
import pytest
from django.apps import apps
from django.db import connection, models, transaction
from django.db.models import Value as V
from django.db.models.functions import Concat
from django.db.models.sql.compiler import SQLInsertCompiler
from django.test import RequestFactory
from simple_history.models import HistoricalRecords
from simple_history.signals import post_create_historical_record, pre_create_historical_record

from tests.factories import (
    ClubFactory,
    DealFactory,
    MatchFactory,
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import AuditAction, Deal, Match, Player, Round, TeamLink
from tournaments.models import audit as audit_module
from tournaments.models.audit import (
    COPIED_SIMPLE_HISTORY_VERSION,
    CachedHistoricalRecords,
    _HistoryDescriptor,
    set_audit,
)
from tournaments.models.history_insert import save_history_instance
from tournaments.models.registrations import Registration

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=5)
LAST = NOW + datetime.timedelta(minutes=9)
PK = 9001  # the audited row's id, the same in both runs (PostgreSQL's sequences go on)


def parent(parents: dict[str, Any], name: str, make: Callable[[], Any]) -> Any:
    """``parents[name]``, made (and saved) the first time: the same parents in every run."""
    if name not in parents:
        parents[name] = make()
    return parents[name]


def new_deal(parents: dict[str, Any]) -> Deal:
    match = parent(parents, "match", MatchFactory)
    return DealFactory.build(id=PK, match=match, deal_number=1, created_at=NOW, updated_at=NOW)


def new_match(parents: dict[str, Any]) -> Match:
    round_ = parent(parents, "round", RoundFactory)
    teams = parent(
        parents, "teams", lambda: TeamFactory.create_batch(2, tournament=round_.tournament)
    )
    return MatchFactory.build(id=PK, round=round_, team_a=teams[0], team_b=teams[1], table_number=7)


def new_round(parents: dict[str, Any]) -> Round:
    tournament = parent(parents, "tournament", TournamentFactory)
    return RoundFactory.build(id=PK, tournament=tournament, number=2, seed=7)


def new_team_link(parents: dict[str, Any]) -> TeamLink:
    team = parent(parents, "team", TeamFactory)
    return TeamLink(
        id=PK, tournament=team.tournament, team=team, token="t" * 40, pin="1234", created_at=NOW
    )


def new_player(parents: dict[str, Any]) -> Player:
    club = parent(parents, "club", ClubFactory)
    return PlayerFactory.build(id=PK, club=club, last_name="Martin", first_name="Anne")


def new_registration(parents: dict[str, Any]) -> Registration:
    tournament = parent(parents, "tournament", TournamentFactory)
    return RegistrationFactory.build(
        id=PK, tournament=tournament, token="r" * 40, player_1="Anne", player_2="Paul", position=1
    )


#: Per audited model: an unsaved instance on saved parents, and two changes of tracked
#: fields: the first made at the second save, whose record keeps the second instead
#: (``history_values``), which the third save then makes. Match's first also changes an
#: excluded field (``results_count``), which its records leave out.
CASES = {
    Deal: (new_deal, {"contract_value": 100}, {"dispute_note": "Revoir la donne"}),
    Match: (new_match, {"pairing_reason": "rematch", "results_count": 3}, {"locked_at": LATER}),
    Round: (new_round, {"status": Round.Status.CLOSED}, {"closed_at": LATER}),
    TeamLink: (new_team_link, {"pin_failures": 1}, {"revoked_at": LATER}),
    Player: (new_player, {"first_name": "Annie"}, {"home_club": "Lyon"}),
    Registration: (new_registration, {"phone": "0600000000"}, {"club": "Lyon"}),
}


def test_every_model_with_a_cached_history_is_a_case():
    # Only CachedHistoricalRecords.finalize sets a _HistoryDescriptor.
    cached = [
        model.__name__
        for model in apps.get_models()
        if type(model.__dict__.get("history")) is _HistoryDescriptor
    ]
    tracked = [
        model.__name__
        for model in apps.get_models()
        if hasattr(model._meta, "simple_history_manager_attribute")
    ]

    assert sorted(cached) == sorted(tracked) == sorted(model.__name__ for model in CASES)


def play(model: type[models.Model], parents: dict[str, Any], users: list[Any]) -> models.Model:
    """Create, change with an audit note and a change reason, change with neither (the user
    from the history middleware's request), then delete one ``model`` row; return it."""
    build, first, second = CASES[model]
    instance = build(parents)
    set_audit(instance, action=AuditAction.ENTERED, now=NOW, user=users[0], side="A")
    instance.save()

    for name, value in first.items():
        setattr(instance, name, value)
    set_audit(
        instance,
        action=AuditAction.CORRECTED,
        now=LATER,
        user=users[1],
        reason="Erreur de saisie",
        history_values=second,
    )
    instance._change_reason = "corrigé"  # type: ignore[attr-defined]  # simple-history's API
    instance.save()

    fresh = model.objects.get(pk=instance.pk)  # as the next request loads it
    for name, value in second.items():
        setattr(fresh, name, value)
    fresh._history_date = LAST  # type: ignore[attr-defined]  # simple-history's API
    request = RequestFactory().post("/")
    request.user = users[0]
    HistoricalRecords.context.request = request  # what HistoryRequestMiddleware does
    try:
        fresh.save()
    finally:
        del HistoricalRecords.context.request

    set_audit(fresh, action=AuditAction.DELETED, now=LAST, user=users[1], reason="Doublon")
    fresh.delete()
    return instance


def written(
    model: type[models.Model], parents: dict[str, Any], users: list[Any]
) -> tuple[list[dict[str, Any]], list[str], list[tuple[Any, ...]]]:
    """Play ``model``'s changes in a savepoint rolled back after; return the history rows
    written (``history_id`` as 1, 2…; a column ``auto_now_add`` fills as ``"auto"`` once
    checked equal to the row's), the INSERT statements into the history table, and the
    ``pre_save``/``post_save`` signals its records sent (with their arguments, and whether
    the record was saved yet)."""
    history_model = model.history.model  # type: ignore[attr-defined]
    table = history_model._meta.db_table
    statements: list[str] = []
    signals: list[tuple[Any, ...]] = []

    def note(signal: Any, instance: Any, **kwargs: Any) -> None:
        kwargs.pop("sender")
        name = "pre_save" if signal is models.signals.pre_save else "post_save"
        saved = (instance._state.adding, instance._state.db, instance.history_id is None)
        signals.append((name, sorted(kwargs.items()), instance.history_type, saved))

    def keep(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if sql.startswith(f"INSERT INTO {connection.ops.quote_name(table)}"):
            statements.append(sql)
        return execute(sql, params, many, context)

    savepoint = transaction.savepoint()
    models.signals.pre_save.connect(note, sender=history_model)
    models.signals.post_save.connect(note, sender=history_model)
    try:
        with connection.execute_wrapper(keep):
            instance = play(model, parents, users)
        rows = list(history_model.objects.filter(id=PK).order_by("history_id").values())
    finally:
        models.signals.pre_save.disconnect(note, sender=history_model)
        models.signals.post_save.disconnect(note, sender=history_model)
        transaction.savepoint_rollback(savepoint)

    return _numbered(rows, model, instance), statements, signals


def _numbered(rows: list[dict], model, instance=None) -> list[dict]:
    """Return ``rows`` with ``history_id`` as 1, 2… and each ``auto_now_add`` column as
    ``"auto"`` (checked first against ``instance``'s value when one is given)."""
    first_id = rows[0]["history_id"]
    automatic = [f.attname for f in model._meta.fields if getattr(f, "auto_now_add", False)]
    for row in rows:
        row["history_id"] -= first_id - 1
        for name in automatic:
            if instance is not None:
                assert row[name] == getattr(instance, name)
            row[name] = "auto"
    return rows


@pytest.fixture
def compilations(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The tables of the INSERTs Django compiles from here on (a spy on its compiler)."""
    tables: list[str] = []
    as_sql = SQLInsertCompiler.as_sql

    def spied(self: SQLInsertCompiler) -> Any:
        tables.append(self.query.model._meta.db_table)
        return as_sql(self)

    monkeypatch.setattr(SQLInsertCompiler, "as_sql", spied)
    yield tables


@pytest.mark.parametrize("model", list(CASES), ids=lambda model: model.__name__)
def test_the_records_are_those_of_the_library_s_save(model, monkeypatch, compilations):
    parents: dict[str, Any] = {}
    users = [UserFactory(), UserFactory()]
    table = model.history.model._meta.db_table
    written(model, parents, users)  # this thread's statement compiled, if not yet
    compilations.clear()

    compiled_once, compiled_once_statements, compiled_once_signals = written(model, parents, users)
    compiled_once_compilations = compilations.count(table)
    monkeypatch.setattr(
        CachedHistoricalRecords,
        "create_historical_record",
        HistoricalRecords.create_historical_record,
    )
    library, library_statements, library_signals = written(model, parents, users)

    assert compiled_once == library
    assert compiled_once_statements == library_statements
    assert compiled_once_signals == library_signals
    assert [(name, history_type) for name, _, history_type, _ in library_signals] == [
        (name, history_type) for history_type in "+~~-" for name in ("pre_save", "post_save")
    ]
    assert (compiled_once_compilations, compilations.count(table)) == (0, 4)
    audit = [
        (
            row["history_id"],
            row["history_type"],
            row["history_date"],
            row["history_user_id"],
            row["history_change_reason"],
            row["audit_action"],
            row["audit_side"],
            row["audit_reason"],
            row["id"],
        )
        for row in compiled_once
    ]
    assert audit == [
        (1, "+", NOW, users[0].pk, None, "entered", "A", "", PK),
        (2, "~", LATER, users[1].pk, "corrigé", "corrected", "", "Erreur de saisie", PK),
        (3, "~", LAST, users[0].pk, None, "", "", "", PK),
        (4, "-", LAST, users[1].pk, None, "deleted", "", "Doublon", PK),
    ]
    _, first, second = CASES[model]
    tracked = {name: value for name, value in first.items() if name != "results_count"}
    assert [{name: row[name] for name in second} for row in compiled_once] == [
        {name: getattr(CASES[model][0]({**parents}), name) for name in second}
    ] + [second] * 3
    assert [{name: row[name] for name in tracked} for row in compiled_once[1:]] == [tracked] * 3
    assert ("results_count" in compiled_once[0]) is False


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL always has RETURNING")
def test_the_primary_key_read_back_without_returning_is_the_row_s(monkeypatch, compilations):
    # SQLite before 3.35 (Debian 11's 3.34) has no RETURNING: Django reads lastrowid.
    monkeypatch.setattr(connection.features, "can_return_columns_from_insert", False)
    parents: dict[str, Any] = {}
    users = [UserFactory(), UserFactory()]
    written(Deal, parents, users)
    compilations.clear()

    compiled_once, compiled_once_statements, _ = written(Deal, parents, users)
    compiled_once_compilations = compilations.count("tournaments_historicaldeal")
    monkeypatch.setattr(
        CachedHistoricalRecords,
        "create_historical_record",
        HistoricalRecords.create_historical_record,
    )
    library, library_statements, _ = written(Deal, parents, users)

    assert compiled_once == library
    assert compiled_once_statements == library_statements
    assert compiled_once_statements[0].endswith(")") is True  # no RETURNING clause
    assert compiled_once_compilations == 0


def test_a_saved_record_reads_back_as_after_save():
    match = MatchFactory()
    history_model = Match.history.model
    history_instance = history_model(
        id=match.pk,
        table_number=match.table_number,
        round_id=match.round_id,
        team_a_id=match.team_a_id,
        team_b_id=match.team_b_id,
        history_date=NOW,
        history_type="~",
    )

    save_history_instance(history_instance)

    stored = history_model.objects.get(history_id=history_instance.history_id)
    assert (history_instance._state.adding, history_instance._state.db) == (False, "default")
    assert [getattr(stored, f.attname) for f in history_model._meta.concrete_fields] == [
        getattr(history_instance, f.attname) for f in history_model._meta.concrete_fields
    ]
    records = history_model.objects.filter(id=match.pk).order_by("history_id")
    assert list(records.values_list("history_type", "history_id")) == [
        ("+", history_instance.history_id - 1),
        ("~", history_instance.history_id),
    ]


def test_a_record_with_an_expression_or_its_own_id_is_saved_as_save_saves_it():
    match = MatchFactory()
    history_model = Match.history.model
    row = {"id": match.pk, "table_number": 3, "history_date": NOW, "history_type": "~"}
    with_expression = history_model(**row, audit_reason=Concat(V("a"), V("b")))
    with_id = history_model(**row, history_id=PK)

    save_history_instance(with_expression)
    save_history_instance(with_id)

    records = history_model.objects.filter(id=match.pk, history_date=NOW).order_by("history_id")
    assert list(records.values_list("history_id", "audit_reason")) == [
        (with_expression.history_id, "ab"),
        (PK, ""),
    ]
    assert (with_id._state.adding, with_expression._state.adding) == (False, False)


def test_a_record_whose_user_is_unsaved_is_refused_as_save_refuses_it():
    match = MatchFactory()
    history_instance = Match.history.model(
        id=match.pk, history_date=NOW, history_type="~", history_user=UserFactory.build()
    )

    with pytest.raises(ValueError) as refused:
        save_history_instance(history_instance)

    assert str(refused.value) == (
        "save() prohibited to prevent data loss due to unsaved related object 'history_user'."
    )


def test_the_copied_method_is_the_installed_simple_history_s():
    # CachedHistoricalRecords.create_historical_record copies this release's method: on an
    # upgrade, compare the new one, update the copy, then this version.
    assert importlib.metadata.version("django-simple-history") == COPIED_SIMPLE_HISTORY_VERSION


def test_the_internals_used_are_django_5_2_s():
    # models/history_insert.py follows Django 5.2's Model.save and SQLInsertCompiler.
    assert django.VERSION[:2] == (5, 2)


def play_without_user(model: type[models.Model], parents: dict[str, Any]) -> None:
    """Create, change with an audit note, ``history_values`` and a change reason, change
    with neither, then delete one ``model`` row: no user anywhere (a table's writes)."""
    build, first, second = CASES[model]
    instance = build(parents)
    set_audit(instance, action=AuditAction.ENTERED, now=NOW, side="A")
    instance.save()
    for name, value in first.items():
        setattr(instance, name, value)
    set_audit(
        instance, action=AuditAction.CORRECTED, now=LATER, reason="Erreur", history_values=second
    )
    instance._change_reason = "corrigé"  # type: ignore[attr-defined]  # simple-history's API
    instance.save()
    for name, value in second.items():
        setattr(instance, name, value)
    instance._history_date = LAST  # type: ignore[attr-defined]  # simple-history's API
    del instance._change_reason  # type: ignore[attr-defined]
    instance.save()
    set_audit(instance, action=AuditAction.DELETED, now=LAST, side="B")
    instance.delete()


def rows_without_user(model: type[models.Model], parents: dict[str, Any]) -> list[dict[str, Any]]:
    """Play ``model``'s changes without a user in a savepoint rolled back after; return
    its history rows (``history_id`` as 1, 2…; an ``auto_now_add`` column as ``"auto"``)."""
    history_model = model.history.model  # type: ignore[attr-defined]
    savepoint = transaction.savepoint()
    try:
        play_without_user(model, parents)
        rows = list(history_model.objects.filter(id=PK).order_by("history_id").values())
    finally:
        transaction.savepoint_rollback(savepoint)
    return _numbered(rows, model)


@pytest.mark.parametrize("model", list(CASES), ids=lambda model: model.__name__)
def test_a_record_without_a_user_is_written_without_an_instance_as_the_library_writes_it(
    model, monkeypatch
):
    parents: dict[str, Any] = {}
    built: list[Any] = []
    monkeypatch.setattr(
        audit_module, "save_history_instance", lambda instance, **kwargs: built.append(instance)
    )
    without_instance = rows_without_user(model, parents)
    monkeypatch.undo()
    monkeypatch.setattr(
        CachedHistoricalRecords,
        "create_historical_record",
        HistoricalRecords.create_historical_record,
    )
    library = rows_without_user(model, parents)

    assert built == []  # no history instance saved: the four records went without one
    assert without_instance == library
    assert [
        (row["history_type"], row["history_date"], row["history_user_id"])
        + (row["history_change_reason"], row["audit_action"], row["audit_side"])
        for row in without_instance
    ] == [
        ("+", NOW, None, None, "entered", "A"),
        ("~", LATER, None, "corrigé", "corrected", ""),
        ("~", LAST, None, None, "", ""),
        ("-", LAST, None, None, "deleted", "B"),
    ]
    _, _, second = CASES[model]
    assert [{name: row[name] for name in second} for row in without_instance[1:]] == [second] * 3


@pytest.mark.parametrize("signal", ["pre_save", "post_save", "pre_create", "post_create"])
def test_a_record_whose_signals_have_a_receiver_is_built_for_it(signal, monkeypatch):
    match = MatchFactory()
    history_model = Match.history.model
    sent: list[Any] = []
    signals = {
        "pre_save": models.signals.pre_save,
        "post_save": models.signals.post_save,
        "pre_create": pre_create_historical_record,
        "post_create": post_create_historical_record,
    }

    def receiver(sender: Any, **kwargs: Any) -> None:
        sent.append(kwargs.get("history_instance", kwargs.get("instance")))

    signals[signal].connect(receiver, sender=history_model)
    try:
        set_audit(match, action=AuditAction.CONFIRMED_AT_TABLE, now=LATER, side="B")
        match.save(update_fields=["locked_at"])
    finally:
        signals[signal].disconnect(receiver, sender=history_model)

    assert [type(instance) for instance in sent] == [history_model]
    record = history_model.objects.filter(id=match.pk).order_by("history_id").last()
    assert (record.history_id, record.audit_action, record.audit_side) == (
        sent[0].history_id,
        "confirmed_at_table",
        "B",
    )
