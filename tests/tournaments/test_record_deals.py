"""record_deals (tournaments/services/deals.py): a match's deals recorded at once, as a
score sheet or an imported file gives them, with one replay of the match."""

import datetime

import pytest

import scoring
from tests.factories import MatchFactory, UserFactory
from tournaments.models import ENTRY_FIELDS, Deal, DealEntry, Match, Round
from tournaments.services import (
    Author,
    Refusal,
    ServiceError,
    close_match_for_time,
    record_deal,
    record_deals,
)

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
# ffb-coinche: made, taker 100 + 90 = 190 and defence 60 (RULES.md §B1.4).
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
# ffb-coinche: chute, taker 0 and defence 160 + 100 = 260 (RULES.md §B1.6).
CHUTE = scoring.Deal(
    trump="S", contract=100, taker_card_points=90, defence_card_points=72, taker_tricks=4
)
# belote-classique: a litige, taker 0, defence 81, reserve 81 (RULES.md §B5.5).
LITIGE = scoring.Deal(
    trump="H", contract=None, taker_card_points=81, defence_card_points=81, taker_tricks=4
)
# belote-classique: made, taker 100 and defence 62 (RULES.md §B5.3).
CLASSIC_MADE = scoring.Deal(
    trump="S", contract=None, taker_card_points=100, defence_card_points=62, taker_tricks=5
)
SCORE_FIELDS = (
    "score_a",
    "score_b",
    "total_a",
    "total_b",
    "outcome",
    "taker_score",
    "defence_score",
    "reserve",
    "breakdown",
)


def match_totals(match):
    match.refresh_from_db()
    return (match.total_a, match.total_b, match.deals_played, match.is_finished, match.result)


def history(match):
    """The deals' history records: who, when, and the audit columns (what, side, why)."""
    return list(
        Deal.history.filter(match_id=match.pk)
        .order_by("deal_number", "history_id")
        .values_list(
            "deal_number",
            "history_type",
            "history_user",
            "history_date",
            "history_change_reason",
            "audit_action",
            "audit_side",
            "audit_reason",
        )
    )


def stored_deals(match):
    fields = ("deal_number", *ENTRY_FIELDS, *SCORE_FIELDS, "status", "rules_version")
    return list(match.deals.order_by("deal_number").values_list(*fields))


@pytest.mark.django_db
def test_it_stores_every_deal_with_its_scores_and_the_match_totals():
    match = MatchFactory()

    deals = record_deals(
        match=match,
        entries=[(1, DealEntry("B", MADE)), (2, DealEntry("A", None)), (3, DealEntry("A", CHUTE))],
        now=NOW,
    )

    assert [
        (d.deal_number, d.taker, d.is_passed, d.score_a, d.score_b, d.total_a, d.total_b, d.outcome)
        for d in deals
    ] == [
        (1, "B", False, 60, 190, 60, 190, "made"),
        (2, "A", True, 0, 0, 60, 190, ""),
        (3, "A", False, 0, 260, 60, 450, "chute"),
    ]
    assert match_totals(match) == (60, 450, 2, False, "")


@pytest.mark.django_db
def test_it_stores_what_record_deal_stores_one_deal_at_a_time():
    classic = {
        "round__tournament__rules_preset": "belote-classique",
        "round__tournament__match_format_value": 2,
    }
    one_by_one, at_once = MatchFactory(**classic), MatchFactory(**classic)
    entries = [
        (1, DealEntry("A", LITIGE)),
        (2, DealEntry("B", None)),
        (3, DealEntry("B", CLASSIC_MADE)),
    ]
    for number, entry in entries:
        record_deal(match=one_by_one, entry=entry, deal_number=number, now=NOW)

    record_deals(match=at_once, entries=entries, now=NOW)

    assert (stored_deals(at_once), match_totals(at_once), history(at_once)) == (
        stored_deals(one_by_one),
        match_totals(one_by_one),
        history(one_by_one),
    )
    assert match_totals(at_once) == (62, 262, 2, True, "B")


@pytest.mark.django_db
def test_it_replays_the_match_once_for_all_its_deals():
    match = MatchFactory()
    entries = [(number, DealEntry("A", MADE)) for number in range(1, 13)]

    record_deals(match=match, entries=entries, now=NOW)

    # Each replay saves the match once: its creation, then one replay.
    assert (Match.history.filter(id=match.pk).count(), match_totals(match)) == (
        2,
        (2280, 720, 12, True, "A"),
    )


@pytest.mark.django_db
def test_it_returns_the_deals_in_number_order_whatever_the_order_given():
    match = MatchFactory()

    deals = record_deals(
        match=match, entries=[(2, DealEntry("A", CHUTE)), (1, DealEntry("B", MADE))], now=NOW
    )

    assert [(d.deal_number, d.total_a, d.total_b) for d in deals] == [(1, 60, 190), (2, 60, 450)]


@pytest.mark.django_db
def test_it_adds_deals_after_those_already_recorded():
    match = MatchFactory()
    record_deal(match=match, entry=DealEntry("B", MADE), now=NOW)

    deals = record_deals(match=match, entries=[(2, DealEntry("A", CHUTE))], now=NOW)

    assert ([(d.deal_number, d.score_a, d.score_b, d.total_a, d.total_b) for d in deals]) == [
        (2, 0, 260, 60, 450)
    ]
    assert match_totals(match) == (60, 450, 2, False, "")


@pytest.mark.django_db
def test_the_audit_trail_keeps_who_recorded_each_deal_and_when():
    match = MatchFactory()
    organiser = UserFactory(username="marie")

    record_deals(
        match=match,
        entries=[(1, DealEntry("B", MADE)), (2, DealEntry("A", CHUTE))],
        now=NOW,
        author=Author(user=organiser),
    )

    assert history(match) == [
        (1, "+", organiser.pk, NOW, None, "entered", "", ""),
        (2, "+", organiser.pk, NOW, None, "entered", "", ""),
    ]


@pytest.mark.django_db
def test_a_table_link_is_recorded_as_the_side_that_entered_the_deals():
    match = MatchFactory()

    deals = record_deals(
        match=match, entries=[(1, DealEntry("B", MADE))], now=NOW, author=Author(side="A")
    )

    assert ([(d.entered_by_side, d.status) for d in deals], history(match)) == (
        [("A", "confirmed")],
        [(1, "+", None, NOW, None, "entered", "A", "")],
    )


@pytest.mark.django_db
def test_no_entry_records_nothing():
    match = MatchFactory()

    deals = record_deals(match=match, entries=[], now=NOW)

    assert (deals, Deal.objects.count(), match_totals(match)) == ([], 0, (0, 0, 0, False, ""))


# Refusals: nothing is saved -------------------------------------------------------------------


def refusal(match, entries):
    with pytest.raises(ServiceError) as raised:
        record_deals(match=match, entries=entries, now=NOW)
    return raised.value.code, raised.value.params


@pytest.mark.django_db
def test_a_deal_after_the_end_of_the_match_is_refused_by_its_number():
    match = MatchFactory(round__tournament__match_format_value=2)
    entries = [(number, DealEntry("A", MADE)) for number in (1, 2, 3)]

    refused = refusal(match, entries)

    assert (refused, Deal.objects.count(), match_totals(match)) == (
        (Refusal.MATCH_FINISHED, {"number": 3}),
        0,
        (0, 0, 0, False, ""),
    )


@pytest.mark.django_db
def test_a_passed_deal_does_not_count_towards_the_end_of_the_match():
    match = MatchFactory(round__tournament__match_format_value=2)
    entries = [(1, DealEntry("A", MADE)), (2, DealEntry("B", None)), (3, DealEntry("A", MADE))]

    record_deals(match=match, entries=entries, now=NOW)

    assert match_totals(match) == (380, 120, 2, True, "A")


@pytest.mark.django_db
def test_a_finished_match_refuses_any_deal():
    match = MatchFactory(round__tournament__match_format_value=1)
    record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)

    refused = refusal(match, [(2, DealEntry("A", MADE)), (3, DealEntry("B", MADE))])

    assert (refused, Deal.objects.count()) == ((Refusal.MATCH_FINISHED, {"number": 2}), 1)


@pytest.mark.django_db
def test_a_match_closed_for_time_refuses_any_deal():
    match = MatchFactory()
    record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    close_match_for_time(match=match, now=NOW)

    refused = refusal(match, [(2, DealEntry("A", MADE))])

    assert (refused, Deal.objects.count()) == ((Refusal.MATCH_FINISHED, {"number": 2}), 1)


@pytest.mark.django_db
def test_a_deal_the_engine_rejects_saves_none_of_the_deals():
    match = MatchFactory()
    bad = scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=57, taker_tricks=5
    )

    with pytest.raises(scoring.InvalidDeal) as raised:
        record_deals(
            match=match, entries=[(1, DealEntry("A", MADE)), (2, DealEntry("A", bad))], now=NOW
        )

    assert (raised.value.error, Deal.objects.count(), match_totals(match)) == (
        scoring.DealError(
            scoring.ErrorCode.CARD_POINTS,
            "total",
            (("total", 161), ("deal_card_points", 162), ("capot_card_points", 252)),
        ),
        0,
        (0, 0, 0, False, ""),
    )


@pytest.mark.django_db
def test_a_deal_number_given_twice_is_refused():
    match = MatchFactory()

    refused = refusal(match, [(1, DealEntry("A", MADE)), (1, DealEntry("B", MADE))])

    assert (refused, Deal.objects.count()) == ((Refusal.DEAL_EXISTS, {"number": 1}), 0)


@pytest.mark.django_db
def test_a_deal_number_already_recorded_is_refused():
    match = MatchFactory()
    record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)

    refused = refusal(match, [(2, DealEntry("A", MADE)), (1, DealEntry("B", MADE))])

    assert (refused, Deal.objects.count()) == ((Refusal.DEAL_EXISTS, {"number": 1}), 1)


@pytest.mark.django_db
def test_an_unknown_taker_is_refused():
    match = MatchFactory()

    refused = refusal(match, [(1, DealEntry("A", MADE)), (2, DealEntry("C", MADE))])

    assert (refused, Deal.objects.count()) == ((Refusal.TAKER, {}), 0)


@pytest.mark.django_db
def test_a_round_not_being_played_is_refused():
    match = MatchFactory(round__status=Round.Status.CLOSED)

    refused = refusal(match, [(1, DealEntry("A", MADE))])

    assert (refused, Deal.objects.count()) == ((Refusal.NOT_PUBLISHED, {"number": 1}), 0)


@pytest.mark.django_db
def test_a_deal_number_below_1_is_a_programming_error():
    match = MatchFactory()

    with pytest.raises(ValueError):
        record_deals(match=match, entries=[(0, DealEntry("A", MADE))], now=NOW)

    assert Deal.objects.count() == 0
