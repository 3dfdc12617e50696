"""A new deal is scored before its INSERT (services/deals.py ``record_deal_at``,
services/scores.py ``replay_match(new=…)``): one INSERT with its scores and no UPDATE of
it, the later deals replayed as before, and its history record as every entered deal's
(its inputs, unscored: record_deals writes its records before its replay)."""

import datetime

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

import scoring
from tests.factories import MatchFactory, UserFactory
from tournaments.models import Deal, DealEntry, DealStatus, Match
from tournaments.services import Author, record_deal, record_deals
from tournaments.services.deals import record_deal_at
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.scores import replay_match, unscored_values

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
MADE = DealEntry(
    "A",
    scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
    ),
)
CHUTE = DealEntry(
    "B",
    scoring.Deal(
        trump="S", contract=100, taker_card_points=90, defence_card_points=72, taker_tricks=4
    ),
)


def scored(match: Match) -> list[tuple]:
    """Every deal's number and every column the replay computes, as stored."""
    return list(match.deals.order_by("deal_number").values_list("deal_number", *unscored_values()))


def writes_to_deals(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"].split(" (")[0].split(" SET ")[0]
        for q in queries.captured_queries
        if q["sql"].startswith(("INSERT", "UPDATE")) and '"tournaments_deal"' in q["sql"]
    ]


def test_a_new_deal_is_inserted_with_its_scores_and_never_updated():
    match = MatchFactory()
    record_deal(match=match, entry=MADE, now=NOW)

    with CaptureQueriesContext(connection) as queries:
        deal = record_deal(match=match, entry=CHUTE, now=NOW, status=DealStatus.PENDING)

    assert writes_to_deals(queries) == ['INSERT INTO "tournaments_deal"']
    before = scored(match)
    assert before == scored(bulk_recorded([MADE, CHUTE]))  # one replay of both inputs
    assert before[-1] == (2, *(getattr(deal, name) for name in unscored_values()))
    assert deal.total_b > 0
    replay_match(Match.objects.get(pk=match.pk), match.round.tournament.rules, NOW)
    assert scored(match) == before  # what a replay from the stored inputs gives
    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.deals_played) == (deal.total_a, deal.total_b, 2)


def bulk_recorded(entries: list[DealEntry]) -> Match:
    """Another match with ``entries`` as deals 1, 2…, recorded at once, replayed once."""
    match = MatchFactory()
    record_deals(match=match, entries=list(enumerate(entries, start=1)), now=NOW)
    return match


def test_a_deal_recorded_in_a_gap_replays_the_later_deals_as_before():
    match = MatchFactory()
    record_deal(match=match, entry=MADE, now=NOW, deal_number=1)
    record_deal(match=match, entry=MADE, now=NOW, deal_number=3)

    with CaptureQueriesContext(connection) as queries:
        record_deal(match=match, entry=CHUTE, now=NOW, deal_number=2)

    # The new deal inserted; deal 3, whose running totals change, updated.
    assert writes_to_deals(queries) == [
        'INSERT INTO "tournaments_deal"',
        'UPDATE "tournaments_deal"',
    ]
    assert scored(match) == scored(bulk_recorded([MADE, CHUTE, MADE]))


def history_row(deal: Deal) -> dict:
    """The deal's one history record, every column but the ids of the deal and match."""
    (record,) = Deal.history.filter(id=deal.pk).values()
    return {k: v for k, v in record.items() if k not in ("id", "history_id", "match_id")}


def test_an_entered_deal_s_history_record_is_the_one_a_bulk_entry_writes_unscored():
    organiser = UserFactory()
    author = Author(user=organiser)
    one, bulk = MatchFactory(), MatchFactory()
    record_deal(match=one, entry=MADE, now=NOW, author=author)
    record_deals(match=bulk, entries=[(1, MADE)], now=NOW, author=author)

    deal = one.deals.get()
    record = history_row(deal)

    assert record == history_row(bulk.deals.get())
    assert {name: record[name] for name in unscored_values()} == unscored_values()
    assert (deal.score_a + deal.score_b > 0, record["audit_action"]) == (True, "entered")
    assert (record["history_type"], record["history_user_id"]) == ("+", organiser.pk)


def test_the_insert_has_no_savepoint_and_a_number_taken_all_the_same_is_deal_exists():
    match = MatchFactory()
    record_deal(match=match, entry=MADE, now=NOW)

    with CaptureQueriesContext(connection) as queries:
        record_deal(match=match, entry=CHUTE, now=NOW)
    savepoints = [q["sql"].split()[0] for q in queries.captured_queries if "SAVEPOINT" in q["sql"]]
    # record_deal's own atomic block (a savepoint in the test's transaction) and no other.
    assert savepoints == ["SAVEPOINT", "RELEASE"]

    # A caller that says number 2 is free when it is not (every real caller saw it free
    # under the match's lock): the unique constraint refuses the INSERT, deal_exists, and
    # the caller's atomic block is undone; the transaction goes on (PostgreSQL included).
    locked = Match.objects.select_related("round__tournament").get(pk=match.pk)
    with pytest.raises(ServiceError) as refused, transaction.atomic():
        record_deal_at(match=locked, entry=MADE, now=NOW, deal_number=2, is_number_free=True)
    assert (refused.value.code, refused.value.params) == (Refusal.DEAL_EXISTS, {"number": 2})
    assert list(match.deals.order_by("deal_number").values_list("deal_number", "taker")) == [
        (1, "A"),
        (2, "B"),
    ]
