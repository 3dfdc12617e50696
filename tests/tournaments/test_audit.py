"""The audit columns of the history (models/audit.py): what each service says it did.

Every history record of a deal or a match keeps who (``history_user``, ``audit_side``),
when, what (``audit_action``) and why (``audit_reason``, only what the organiser typed);
the free-text change reason stays empty.
"""

import datetime

import pytest

import scoring
from tests.factories import MatchFactory, RoundFactory, TournamentFactory
from tournaments import selectors, services
from tournaments.models import AuditAction, Deal, DealEntry, Match
from tournaments.services.deals import Author

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=5)
LAST = NOW + datetime.timedelta(minutes=10)
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
MORE = scoring.Deal(
    trump="H", contract=90, taker_card_points=120, defence_card_points=42, taker_tricks=5
)


@pytest.fixture
def match(db):
    tournament = TournamentFactory(match_format_value=2)
    match = MatchFactory(round=RoundFactory(tournament=tournament, number=1))
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    return match


def links(match: Match):
    return selectors.match_links(match=match)


def trail(model, **lookup) -> list[tuple]:
    """Return each history record of ``model`` matching ``lookup``, oldest first, as
    (type, user, side, action, reason, change reason, when)."""
    return [
        (
            record.history_type,
            record.history_user,
            record.audit_side,
            record.audit_action,
            record.audit_reason,
            record.history_change_reason,
            record.history_date,
        )
        for record in model.history.filter(**lookup).order_by("history_id")
    ]


def test_it_keeps_the_side_of_the_table_that_entered_changed_and_confirmed_a_deal(match):
    table = links(match)
    deal = services.submit_deal(seat=table["A"], entry=DealEntry("A", MADE), deal_number=1, now=NOW)
    services.edit_deal_at_table(
        seat=table["A"], deal=deal, entry=DealEntry("A", MORE), version=1, now=LATER
    )

    services.confirm_deals(seat=table["B"], now=LAST)

    assert trail(Deal, deal_number=1) == [
        ("+", None, "A", AuditAction.ENTERED, "", None, NOW),
        ("~", None, "A", AuditAction.CHANGED_AT_TABLE, "", None, LATER),
        ("~", None, "B", AuditAction.CONFIRMED_AT_TABLE, "", None, LAST),
    ]


def test_it_keeps_the_organiser_and_the_reason_of_an_entry_a_correction_and_a_deletion(
    match, organiser
):
    deal = services.record_deal(
        match=match, entry=DealEntry("A", MADE), now=NOW, author=Author(user=organiser)
    )
    deal = services.correct_deal(
        deal=deal,
        entry=DealEntry("A", MORE),
        version=1,
        now=LATER,
        author=Author(user=organiser),
        reason="  Points mal comptés ",
    ).deal

    services.delete_deal(deal=deal, reason="Donne rejouée", now=LAST, author=Author(organiser))

    assert trail(Deal, deal_number=1) == [
        ("+", organiser, "", AuditAction.ENTERED, "", None, NOW),
        ("~", organiser, "", AuditAction.CORRECTED, "Points mal comptés", None, LATER),
        ("-", organiser, "", AuditAction.DELETED, "Donne rejouée", None, LAST),
    ]


def test_it_keeps_the_dispute_and_the_organisers_confirmation(match, organiser):
    table = links(match)
    services.submit_deal(seat=table["A"], entry=DealEntry("A", MADE), deal_number=1, now=NOW)
    services.dispute_deal(seat=table["B"], deal_number=1, note="Belote oubliée", now=LATER)

    services.confirm_deal_by_organiser(deal=Deal.objects.get(), version=1, now=LAST, user=organiser)

    assert trail(Deal, deal_number=1) == [
        ("+", None, "A", AuditAction.ENTERED, "", None, NOW),
        ("~", None, "B", AuditAction.DISPUTED, "", None, LATER),
        ("~", organiser, "", AuditAction.CONFIRMED_BY_ORGANISER, "", None, LAST),
    ]


def test_an_unlock_is_kept_on_the_match_and_on_each_deal_it_sends_back(match, organiser):
    table = links(match)
    for number in (1, 2):
        services.submit_deal(
            seat=table["A"], entry=DealEntry("A", MADE), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=table["B"], now=NOW)
    records = Match.history.count()

    services.unlock_match(match=match, reason=" Erreur signalée ", now=LATER, user=organiser)

    assert trail(Match)[records:] == [
        ("~", organiser, "", AuditAction.UNLOCKED, "Erreur signalée", None, LATER),
    ]
    assert [entry[1:] for entry in trail(Deal)[-2:]] == [
        (organiser, "", AuditAction.UNLOCKED, "Erreur signalée", None, LATER),
        (organiser, "", AuditAction.UNLOCKED, "Erreur signalée", None, LATER),
    ]


def test_stopping_a_match_for_time_and_reopening_it_are_each_kept_once(match, organiser):
    records = Match.history.count()

    services.close_match_for_time(match=match, now=LATER, user=organiser)
    services.reopen_match(match=match, now=LAST, user=organiser)

    # The match is saved twice each time (its scores are replayed): only the organiser's
    # change is described.
    assert [entry[1:] for entry in trail(Match)[records:]] == [
        (organiser, "", AuditAction.STOPPED_FOR_TIME, "", None, LATER),
        (organiser, "", "", "", None, LATER),
        (organiser, "", AuditAction.REOPENED, "", None, LAST),
        (organiser, "", "", "", None, LAST),
    ]
    assert [
        (record.audit_action, record.history_date)
        for record in selectors.match_unlocks(match=match)
    ] == [(AuditAction.REOPENED, LAST), (AuditAction.STOPPED_FOR_TIME, LATER)]


def test_it_reads_who_confirmed_a_deal_at_the_table_and_when(match):
    table = links(match)
    services.submit_deal(seat=table["A"], entry=DealEntry("A", MADE), deal_number=1, now=NOW)
    services.confirm_deals(seat=table["B"], now=LATER)

    record = selectors.deal_confirmation(deal=Deal.objects.get())

    assert (record.history_user, record.audit_side, record.audit_action, record.history_date) == (
        None,
        "B",
        AuditAction.CONFIRMED_AT_TABLE,
        LATER,
    )


def test_the_last_confirmation_of_a_deal_is_the_one_read(match, organiser):
    table = links(match)
    for number in (1, 2):
        services.submit_deal(
            seat=table["A"], entry=DealEntry("A", MADE), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=table["B"], now=NOW)
    services.unlock_match(match=match, reason="Erreur", now=LATER, user=organiser)

    services.confirm_deal_by_organiser(
        deal=Deal.objects.get(deal_number=1), version=1, now=LAST, user=organiser
    )

    record = selectors.deal_confirmation(deal=Deal.objects.get(deal_number=1))
    assert (record.history_user, record.audit_side, record.audit_action, record.history_date) == (
        organiser,
        "",
        AuditAction.CONFIRMED_BY_ORGANISER,
        LAST,
    )


def test_a_deal_that_counted_at_once_was_never_confirmed(match, organiser):
    deal = services.record_deal(
        match=match, entry=DealEntry("A", MADE), now=NOW, author=Author(user=organiser)
    )

    assert selectors.deal_confirmation(deal=deal) is None
