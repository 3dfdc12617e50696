"""``Model.history`` with its manager class built once (models/audit.py
``CachedHistoricalRecords``): the same history records as django-simple-history's own
descriptor writes, and the same managers to read them."""

import datetime

import pytest
from simple_history.manager import HistoryDescriptor
from simple_history.models import HistoricalRecords

from tests.factories import MatchFactory, UserFactory
from tests.tournaments.test_deal_insert import CHUTE, MADE  # the same two deals
from tournaments.models import Deal, DealStatus, Match, Player, Round, TeamLink
from tournaments.models.audit import CachedHistoricalRecords, _HistoryDescriptor
from tournaments.models.registrations import Registration
from tournaments.services import (
    Author,
    confirm_deal_by_organiser,
    correct_deal,
    delete_deal,
    record_deal,
)

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=5)
AUDITED = (Deal, Match, Round, TeamLink, Player, Registration)


def test_every_audited_model_s_history_is_the_cached_descriptor():
    for model in AUDITED:
        assert type(model.__dict__["history"]) is _HistoryDescriptor, model


def play(match: Match) -> None:
    """Entries, a table's pending deal, a correction, a confirmation and a deletion."""
    organiser = Author(user=UserFactory())
    record_deal(match=match, entry=MADE, now=NOW, author=organiser)
    pending = record_deal(
        match=match, entry=MADE, now=NOW, author=Author(side="B"), status=DealStatus.PENDING
    )
    changed = correct_deal(
        deal=pending,
        entry=CHUTE,
        version=1,
        now=LATER,
        author=Author(side="B"),
        status=DealStatus.PENDING,
    ).deal
    confirm_deal_by_organiser(deal=changed, version=changed.version, now=LATER, user=None)
    delete_deal(deal=match.deals.get(deal_number=1), reason="Erreur", now=LATER, author=organiser)


def records(match: Match) -> list[tuple[str, dict]]:
    """Every history record the match and its deals have, ids and users left out."""
    ids = ("id", "history_id", "match_id", "history_user_id", "round_id", "team_a_id", "team_b_id")

    def as_written(row: dict) -> dict:
        # The factory's match is created at the clock's time, the services' changes at theirs.
        when = row["history_date"] if row["history_date"] in (NOW, LATER) else "created"
        return {k: v for k, v in row.items() if k not in ids} | {"history_date": when}

    rows = [
        ("match", row) for row in Match.history.filter(id=match.pk).order_by("history_id").values()
    ]
    rows += [
        ("deal", row)
        for row in Deal.history.filter(match_id=match.pk).order_by("history_id").values()
    ]
    return [(kind, as_written(row)) for kind, row in rows]


def test_the_records_written_are_those_of_the_library_s_own_descriptor(monkeypatch):
    cached = MatchFactory()
    play(cached)
    stock = MatchFactory(table_number=cached.table_number)
    for model in (Deal, Match):
        descriptor = model.__dict__["history"]
        own = HistoryDescriptor(
            descriptor.model, descriptor.manager_class, descriptor.queryset_class
        )
        monkeypatch.setattr(model, "history", own)
    play(stock)
    monkeypatch.undo()

    written = records(cached)
    assert written == records(stock)
    assert len(written) > 6 and {row["history_type"] for _, row in written} == {"+", "~", "-"}


def test_the_managers_read_the_same_records_as_the_library_s():
    match = MatchFactory()
    deal = record_deal(match=match, entry=MADE, now=NOW)
    descriptor = Deal.__dict__["history"]
    own = HistoryDescriptor(descriptor.model, descriptor.manager_class, descriptor.queryset_class)

    for instance in (None, deal):
        cached, stock = descriptor.__get__(instance, Deal), own.__get__(instance, Deal)
        assert type(cached).__mro__[1:] == type(stock).__mro__[1:]
        assert (cached.model, cached.instance) == (stock.model, stock.instance)
        assert list(cached.all()) == list(stock.all()) != []
    assert deal.history.most_recent() == Deal.objects.get(pk=deal.pk)
    assert issubclass(CachedHistoricalRecords, HistoricalRecords)
