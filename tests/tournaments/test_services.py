"""record_deal: the one writer of deals, for the form and the importer."""

import datetime
import threading

import pytest
from django.db import connection

import scoring
from tests.factories import MatchFactory
from tournaments.models import Deal, DealEntry, Match
from tournaments.services import ServiceError, record_deal

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


def match_totals(match):
    match.refresh_from_db()
    return (match.total_a, match.total_b, match.deals_played, match.is_finished, match.result)


@pytest.mark.django_db
def test_it_stores_inputs_scores_breakdown_and_match_totals():
    match = MatchFactory()

    deal = record_deal(match=match, entry=DealEntry("B", MADE), now=NOW)

    assert (
        deal.deal_number,
        deal.trump,
        deal.contract_value,
        deal.taker_score,
        deal.defence_score,
        deal.score_a,
        deal.score_b,
        deal.total_a,
        deal.total_b,
        deal.outcome,
        deal.breakdown,
    ) == (
        1,
        "H",
        90,
        190,
        60,
        60,
        190,
        60,
        190,
        "made",
        {
            "outcome": "made",
            "multiplier": 1,
            "taker_capot": False,
            "defence_capot": False,
            "reserve": 0,
            "lines": [
                {
                    "side": "taker",
                    "kind": "deal_total",
                    "base_points": 104,
                    "amount": 100,
                    "multiplier": 1,
                    "rule": "§B1.4",
                    "parts": [{"kind": "card_points", "base_points": 104}],
                },
                {
                    "side": "taker",
                    "kind": "contract",
                    "base_points": 90,
                    "amount": 90,
                    "multiplier": 1,
                    "rule": "§B1.4",
                    "parts": [],
                },
                {
                    "side": "defence",
                    "kind": "deal_total",
                    "base_points": 58,
                    "amount": 60,
                    "multiplier": 1,
                    "rule": "§B1.4",
                    "parts": [{"kind": "card_points", "base_points": 58}],
                },
            ],
        },
    )
    assert match_totals(match) == (60, 190, 1, False, "")


CLASSIC_LITIGE = scoring.Deal(
    trump="H", contract=None, taker_card_points=81, defence_card_points=81, taker_tricks=4
)


def reserve_lines(deal):
    return [line for line in deal.breakdown["lines"] if line["rule"] == "§C"]


@pytest.mark.django_db
def test_the_deal_after_a_litige_stores_the_reserve_its_winner_collected():
    match = MatchFactory(round__tournament__rules_preset="belote-classique")
    litige = record_deal(match=match, entry=DealEntry("A", CLASSIC_LITIGE), now=NOW)
    made = scoring.Deal(
        trump="S", contract=None, taker_card_points=100, defence_card_points=62, taker_tricks=5
    )

    deal = record_deal(match=match, entry=DealEntry("B", made), now=NOW)

    litige.refresh_from_db()
    assert (reserve_lines(litige), deal.score_b, reserve_lines(deal)) == (
        [],
        181,
        [
            {
                "side": "taker",
                "kind": "reserve_collected",
                "base_points": 81,
                "amount": 81,
                "multiplier": 1,
                "rule": "§C",
                "parts": [],
            }
        ],
    )


@pytest.mark.django_db
def test_a_litige_ending_the_match_stores_the_reserve_given_back_to_the_taker():
    match = MatchFactory(
        round__tournament__rules_preset="belote-classique",
        round__tournament__match_format_value=1,
    )

    deal = record_deal(match=match, entry=DealEntry("B", CLASSIC_LITIGE), now=NOW)

    assert (deal.score_a, deal.score_b, reserve_lines(deal)) == (
        81,
        81,
        [
            {
                "side": "taker",
                "kind": "reserve_returned",
                "base_points": 81,
                "amount": 81,
                "multiplier": 1,
                "rule": "§C",
                "parts": [],
            }
        ],
    )


@pytest.mark.django_db
def test_a_deal_the_engine_rejects_saves_nothing():
    match = MatchFactory()
    bad = scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=57, taker_tricks=5
    )

    with pytest.raises(scoring.InvalidDeal) as raised:
        record_deal(match=match, entry=DealEntry("A", bad), now=NOW)

    assert raised.value.error == scoring.DealError(
        scoring.ErrorCode.CARD_POINTS,
        "total",
        (("total", 161), ("deal_card_points", 162), ("capot_card_points", 252)),
    )
    assert (Deal.objects.count(), match_totals(match)) == (0, (0, 0, 0, False, ""))


@pytest.mark.django_db
def test_the_match_ends_after_its_number_of_deals_and_refuses_more():
    match = MatchFactory(round__tournament__match_format_value=2)
    record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    record_deal(match=match, entry=DealEntry("A", None), now=NOW)
    record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)

    with pytest.raises(ServiceError) as raised:
        record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)

    assert (raised.value.code, Deal.objects.count()) == ("match_finished", 3)
    assert match_totals(match) == (380, 120, 2, True, "A")


@pytest.mark.django_db
def test_a_deal_number_already_recorded_is_refused():
    match = MatchFactory()
    record_deal(match=match, entry=DealEntry("A", MADE), now=NOW, deal_number=1)

    with pytest.raises(ServiceError) as raised:
        record_deal(match=match, entry=DealEntry("B", MADE), now=NOW, deal_number=1)

    assert (raised.value.code, raised.value.params, Deal.objects.count()) == (
        "deal_exists",
        {"number": 1},
        1,
    )


@pytest.mark.django_db
def test_an_unknown_taker_is_refused():
    match = MatchFactory()

    with pytest.raises(ServiceError) as raised:
        record_deal(match=match, entry=DealEntry("C", MADE), now=NOW)

    assert (raised.value.code, Deal.objects.count()) == ("taker", 0)


@pytest.mark.django_db(transaction=True)
def test_two_phones_saving_at_once_keep_both_deals():
    match = MatchFactory()
    barrier = threading.Barrier(2)
    errors = []

    def save() -> None:
        try:
            barrier.wait()
            record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=save) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert sorted(Deal.objects.values_list("deal_number", flat=True)) == [1, 2]
    assert Match.objects.values_list("total_a", "deals_played").get() == (380, 2)
