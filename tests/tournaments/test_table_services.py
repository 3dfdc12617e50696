"""The table services (services/table.py) and team links (services/links.py), path by path."""

import datetime
import re

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

import scoring
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory, UserFactory
from tournaments import selectors, services
from tournaments.models import (
    AuditAction,
    ConfirmationMode,
    Deal,
    DealEntry,
    DealStatus,
    Match,
    Round,
    Seat,
    TeamLink,
)
from tournaments.services.links import MAX_PIN_FAILURES

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=5)

#: 90 ♥, 5 tricks, 104 card points: 190 – 60 when the taker is team A.
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
#: The same deal with 120 card points: 210 – 40.
MORE = scoring.Deal(
    trump="H", contract=90, taker_card_points=120, defence_card_points=42, taker_tricks=5
)


@pytest.fixture
def match(db):
    tournament = TournamentFactory(match_format_value=2)
    match = MatchFactory(round=RoundFactory(tournament=tournament, number=1))
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    return match


@pytest.fixture
def links(match) -> dict[str, Seat]:
    return selectors.match_links(match=match)


def submit(link: Seat, number: int, deal=MADE, taker="A", now=NOW) -> Deal:
    return services.submit_deal(
        seat=link, entry=DealEntry(taker, deal), deal_number=number, now=now
    )


def refusal(call) -> tuple[str, dict]:
    with pytest.raises(services.ServiceError) as caught:
        call()
    return caught.value.code, caught.value.params


def audit_of(record) -> tuple:
    """Return who, which side, what, why and when a history record says; the free-text
    change reason must stay empty."""
    assert record.history_change_reason is None
    return (
        record.history_user,
        record.audit_side,
        record.audit_action,
        record.audit_reason,
        record.history_date,
    )


def trust(match: Match) -> None:
    type(match.round.tournament).objects.filter(pk=match.round.tournament_id).update(
        confirmation_mode=ConfirmationMode.TRUST
    )


def statuses(match: Match) -> list[tuple[int, str, str]]:
    return list(
        Deal.objects.filter(match=match)
        .order_by("deal_number")
        .values_list("deal_number", "status", "entered_by_side")
    )


# submit_deal -------------------------------------------------------------------------------


def test_a_deal_from_a_link_waits_for_the_opponents(match, links):
    deal = services.submit_deal(
        seat=links["A"], entry=DealEntry("A", MADE, ("tierce:KH", "")), deal_number=1, now=NOW
    )

    match.refresh_from_db()
    assert (
        deal.status,
        deal.entered_by_side,
        deal.taker_declarations_text,
        deal.created_at,
    ) == (DealStatus.PENDING, "A", "tierce:KH", NOW)
    assert (match.total_a, match.total_b, match.locked_at) == (190, 60, None)


def test_in_trust_mode_a_deal_counts_at_once_and_the_last_one_locks(match, links):
    trust(match)

    first = submit(links["A"], 1)
    submit(links["B"], 2, taker="B", now=LATER)

    match.refresh_from_db()
    assert (first.status, match.is_finished, match.locked_at) == (DealStatus.CONFIRMED, True, LATER)


def test_in_confirm_mode_a_finished_match_stays_open_until_confirmed(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)

    match.refresh_from_db()
    assert (match.is_finished, match.locked_at) == (True, None)


def test_the_same_deal_sent_again_under_its_number_is_refused_as_already_recorded(match, links):
    submit(links["A"], 1)

    assert refusal(lambda: submit(links["B"], 1)) == ("deal_exists", {"number": 1})
    assert Deal.objects.count() == 1


def test_another_deal_under_a_number_already_recorded_is_a_conflict(match, links):
    submit(links["A"], 1)

    assert refusal(lambda: submit(links["B"], 1, taker="B")) == ("deal_conflict", {"number": 1})
    assert list(Deal.objects.values_list("deal_number", "taker", "taker_card_points")) == [
        (1, "A", 104)
    ]


def test_another_deal_under_the_number_that_ended_the_match_is_a_conflict(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)

    assert refusal(lambda: submit(links["B"], 2, deal=MORE)) == ("deal_conflict", {"number": 2})
    assert refusal(lambda: submit(links["B"], 2)) == ("deal_exists", {"number": 2})
    assert Deal.objects.count() == 2


def test_a_deal_after_the_end_of_the_match_is_refused(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)

    assert refusal(lambda: submit(links["A"], 3)) == ("match_finished", {})


def test_a_deal_the_engine_rejects_saves_nothing(match, links):
    bad = scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=57, taker_tricks=5
    )

    with pytest.raises(scoring.InvalidDeal) as caught:
        submit(links["A"], 1, deal=bad)

    assert (caught.value.error.code, Deal.objects.count()) == (scoring.ErrorCode.CARD_POINTS, 0)


def test_a_revoked_link_cannot_write(match, links):
    services.revoke_link(link=links["A"].link, now=NOW)

    assert refusal(lambda: submit(links["A"], 1)) == ("link_revoked", {})


@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.CLOSED])
def test_a_round_not_being_played_cannot_be_written_to(match, links, status):
    Round.objects.filter(pk=match.round_id).update(status=status)

    assert refusal(lambda: submit(links["A"], 1)) == ("not_published", {"number": 1})


def test_a_locked_match_cannot_be_written_to(match, links):
    Match.objects.filter(pk=match.pk).update(locked_at=NOW)

    assert refusal(lambda: submit(links["A"], 1)) == ("match_locked", {})


# edit_deal_at_table --------------------------------------------------------------------------


def edit(link, deal, inputs=MORE, version=1, taker="A"):
    return services.edit_deal_at_table(
        seat=link, deal=deal, entry=DealEntry(taker, inputs), version=version, now=LATER
    )


def test_a_team_corrects_its_own_pending_deal_and_it_waits_again(match, links):
    deal = submit(links["A"], 1)
    services.dispute_deal(seat=links["B"], deal_number=1, note="faux", now=NOW)

    row = edit(links["A"], deal).deal

    match.refresh_from_db()
    assert (row.version, row.status, row.dispute_note, row.updated_at) == (
        2,
        DealStatus.PENDING,
        "",
        LATER,
    )
    assert (match.total_a, match.total_b) == (210, 40)


def test_in_trust_mode_a_correction_counts_at_once(match, links):
    deal = submit(links["A"], 1)
    trust(match)

    row = edit(links["A"], deal).deal

    assert (row.version, row.status) == (2, DealStatus.CONFIRMED)


def test_a_correction_with_no_change_creates_no_version(match, links):
    deal = submit(links["A"], 1)
    history = Deal.history.count()

    correction = edit(links["A"], deal, inputs=MADE)

    assert (correction.is_changed, correction.deal.version, Deal.history.count()) == (
        False,
        1,
        history,
    )


def test_the_other_team_cannot_correct_a_deal(match, links):
    deal = submit(links["A"], 1)

    assert refusal(lambda: edit(links["B"], deal)) == ("not_yours", {"number": 1})


def test_a_confirmed_deal_cannot_be_corrected_at_the_table(match, links):
    deal = submit(links["A"], 1)
    services.confirm_deals(seat=links["B"], now=NOW)

    assert refusal(lambda: edit(links["A"], deal)) == ("already_confirmed", {"number": 1})


def test_a_correction_from_a_stale_version_is_refused(match, links):
    deal = submit(links["A"], 1)
    edit(links["A"], deal)

    assert refusal(lambda: edit(links["A"], deal, inputs=MADE, version=1)) == (
        "stale",
        {"number": 1},
    )
    assert Deal.objects.get().taker_card_points == 120


def test_a_link_cannot_correct_another_matchs_deal(match, links):
    other = MatchFactory(round=match.round)
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    deal = submit(selectors.match_links(match=other)["A"], 1)

    with pytest.raises(Deal.DoesNotExist):
        edit(links["A"], deal)


# confirm_deals ---------------------------------------------------------------------------------


def test_a_team_confirms_every_deal_of_the_opponents_and_none_of_its_own(match, links):
    submit(links["A"], 1)
    submit(links["B"], 2, taker="B")

    count = services.confirm_deals(seat=links["B"], now=LATER)

    assert (count, statuses(match)) == (1, [(1, "confirmed", "A"), (2, "pending", "B")])
    record = Deal.history.filter(deal_number=1).latest("history_id")
    assert audit_of(record) == (None, "B", AuditAction.CONFIRMED_AT_TABLE, "", LATER)


def test_a_team_confirms_one_deal(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)

    count = services.confirm_deals(seat=links["B"], now=LATER, deal_number=2)

    assert (count, statuses(match)) == (1, [(1, "pending", "A"), (2, "confirmed", "A")])


def test_confirming_a_deal_number_that_is_not_waiting_confirms_nothing(match, links):
    submit(links["A"], 1)

    assert services.confirm_deals(seat=links["B"], now=LATER, deal_number=7) == 0


def test_a_team_cannot_confirm_its_own_deal(match, links):
    submit(links["A"], 1)

    assert refusal(lambda: services.confirm_deals(seat=links["A"], now=LATER, deal_number=1)) == (
        "own_entry",
        {"number": 1},
    )


def test_confirming_a_disputed_deal_by_its_number_clears_the_dispute(match, links):
    submit(links["A"], 1)
    services.dispute_deal(seat=links["B"], deal_number=1, note="faux", now=NOW)

    services.confirm_deals(seat=links["B"], now=LATER, deal_number=1)

    deal = Deal.objects.get()
    assert (deal.status, deal.dispute_note, deal.updated_at) == (DealStatus.CONFIRMED, "", LATER)


def test_confirming_all_leaves_a_disputed_deal_to_the_organiser(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)
    services.dispute_deal(seat=links["B"], deal_number=1, note="faux", now=NOW)

    count = services.confirm_deals(seat=links["B"], now=LATER)

    assert (
        count,
        list(Deal.objects.order_by("deal_number").values_list("status", "dispute_note")),
    ) == (
        1,
        [(DealStatus.DISPUTED, "faux"), (DealStatus.CONFIRMED, "")],
    )


def test_the_match_locks_once_finished_and_all_confirmed(match, links):
    submit(links["A"], 1)
    submit(links["B"], 2, taker="B")
    services.confirm_deals(seat=links["B"], now=NOW)
    match.refresh_from_db()
    assert match.locked_at is None

    services.confirm_deals(seat=links["A"], now=LATER)

    match.refresh_from_db()
    assert match.locked_at == LATER
    assert refusal(lambda: services.confirm_deals(seat=links["A"], now=LATER)) == (
        "match_locked",
        {},
    )


def _confirm_at_b(match, links) -> tuple[list[str], Match, int]:
    """Confirm at seat B; return the SQL of each UPDATE of the match's row it sent, the
    match as it was before and its history records' count before."""
    before = Match.objects.get(pk=match.pk)
    records = Match.history.filter(id=match.pk).count()
    table = connection.ops.quote_name(Match._meta.db_table)
    with CaptureQueriesContext(connection) as queries:
        services.confirm_deals(seat=links["B"], now=LATER)
    updates = [q["sql"] for q in queries if q["sql"].startswith(f"UPDATE {table}")]
    return updates, before, records


def test_a_confirmation_that_locks_the_match_counts_and_locks_it_in_one_update(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2, deal=MORE)

    updates, before, records = _confirm_at_b(match, links)

    assert len(updates) == 1
    assert ('"locked_at" = ' in updates[0], '"results_count" = ' in updates[0]) == (True, True)
    match.refresh_from_db()
    assert (match.locked_at, match.results_count) == (LATER, before.results_count + 1)
    assert Match.history.filter(id=match.pk).count() == records + 1
    assert Match.history.filter(id=match.pk).first().locked_at == LATER


def test_a_confirmation_that_does_not_lock_counts_in_its_own_update(match, links):
    submit(links["A"], 1)
    submit(links["B"], 2, taker="B")

    updates, before, records = _confirm_at_b(match, links)

    assert len(updates) == 1
    assert ('"locked_at" = ' in updates[0], '"results_count" = ' in updates[0]) == (False, True)
    match.refresh_from_db()
    assert (match.locked_at, match.results_count) == (None, before.results_count + 1)
    assert Match.history.filter(id=match.pk).count() == records


# confirm_deal_by_organiser ---------------------------------------------------------------------


def test_the_organiser_confirms_a_disputed_deal_as_it_stands_and_the_match_locks(match, links):
    organiser = UserFactory(username="marie")
    submit(links["A"], 1)
    submit(links["B"], 2, taker="B")
    services.confirm_deals(seat=links["A"], now=NOW)
    services.dispute_deal(seat=links["B"], deal_number=1, note="faux", now=NOW)

    services.confirm_deal_by_organiser(
        deal=Deal.objects.get(deal_number=1), version=1, now=LATER, user=organiser
    )

    deal = Deal.objects.get(deal_number=1)
    assert (deal.status, deal.dispute_note, deal.version, deal.updated_at) == (
        DealStatus.CONFIRMED,
        "",
        1,
        LATER,
    )
    last = deal.history.first()
    assert audit_of(last) == (organiser, "", AuditAction.CONFIRMED_BY_ORGANISER, "", LATER)
    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.locked_at) == (250, 250, LATER)


def test_the_organiser_cannot_confirm_a_deal_changed_since_or_already_confirmed(match, links):
    organiser = UserFactory(username="marie")
    edit(links["A"], submit(links["A"], 1))
    deal = Deal.objects.get()

    assert refusal(
        lambda: services.confirm_deal_by_organiser(deal=deal, version=1, now=LATER, user=organiser)
    ) == ("stale", {"number": 1})
    assert Deal.objects.get().status == DealStatus.PENDING

    services.confirm_deals(seat=links["B"], now=NOW)
    assert refusal(
        lambda: services.confirm_deal_by_organiser(deal=deal, version=2, now=LATER, user=organiser)
    ) == ("already_confirmed", {"number": 1})


# confirm_with_pin ------------------------------------------------------------------------------


def test_the_opponents_pin_confirms_this_teams_deals(match, links):
    submit(links["A"], 1)
    submit(links["B"], 2, taker="B")

    count = services.confirm_with_pin(seat=links["A"], pin=f" {links['B'].link.pin} ", now=LATER)

    assert (count, statuses(match)) == (1, [(1, "confirmed", "A"), (2, "pending", "B")])


def test_a_wrong_pin_is_counted_and_confirms_nothing(match, links):
    submit(links["A"], 1)
    wrong = "0000" if links["B"].link.pin != "0000" else "1111"

    code = refusal(lambda: services.confirm_with_pin(seat=links["A"], pin=wrong, now=LATER))

    links["A"].link.refresh_from_db()
    assert (code, links["A"].link.pin_failures, statuses(match)) == (
        ("wrong_pin", {}),
        1,
        [(1, "pending", "A")],
    )


def test_this_teams_own_pin_is_a_wrong_pin(match, links):
    submit(links["A"], 1)

    assert refusal(
        lambda: services.confirm_with_pin(seat=links["A"], pin=links["A"].link.pin, now=LATER)
    ) == ("wrong_pin", {})


def test_a_revoked_opponents_link_has_no_valid_pin(match, links):
    submit(links["A"], 1)
    services.revoke_link(link=links["B"].link, now=NOW)

    assert refusal(
        lambda: services.confirm_with_pin(seat=links["A"], pin=links["B"].link.pin, now=LATER)
    ) == ("wrong_pin", {})


def test_too_many_wrong_pins_block_even_the_right_one(match, links):
    submit(links["A"], 1)
    TeamLink.objects.filter(pk=links["A"].link.pk).update(pin_failures=MAX_PIN_FAILURES)

    code = refusal(
        lambda: services.confirm_with_pin(seat=links["A"], pin=links["B"].link.pin, now=LATER)
    )

    links["A"].link.refresh_from_db()
    assert (code, links["A"].link.pin_failures, statuses(match)) == (
        ("pin_blocked", {}),
        MAX_PIN_FAILURES,
        [(1, "pending", "A")],
    )


def test_the_right_code_sets_the_wrong_code_count_back_to_0(match, links):
    submit(links["A"], 1)
    TeamLink.objects.filter(pk=links["A"].link.pk).update(pin_failures=MAX_PIN_FAILURES - 1)

    count = services.confirm_with_pin(seat=links["A"], pin=links["B"].link.pin, now=LATER)

    links["A"].link.refresh_from_db()
    assert (count, links["A"].link.pin_failures, statuses(match)) == (
        1,
        0,
        [(1, "confirmed", "A")],
    )


# dispute_deal ------------------------------------------------------------------------------------


def test_the_opponents_dispute_a_deal_with_a_note_for_the_organiser(match, links):
    submit(links["A"], 1)

    row = services.dispute_deal(seat=links["B"], deal_number=1, note="  " + "x" * 310, now=LATER)

    assert (row.status, row.dispute_note, row.updated_at) == (
        DealStatus.DISPUTED,
        "x" * 300,
        LATER,
    )
    record = Deal.history.latest("history_id")
    assert audit_of(record) == (None, "B", AuditAction.DISPUTED, "", LATER)


def test_disputing_again_with_the_same_note_adds_nothing_to_the_trail(match, links):
    submit(links["A"], 1)
    services.dispute_deal(seat=links["B"], deal_number=1, note="faux", now=NOW)

    services.dispute_deal(seat=links["B"], deal_number=1, note=" faux ", now=LATER)
    services.dispute_deal(seat=links["B"], deal_number=1, note="belote oubliée", now=LATER)

    deal = Deal.objects.get()
    assert [(h.status, h.dispute_note) for h in deal.history.order_by("history_id")] == [
        ("pending", ""),
        ("disputed", "faux"),
        ("disputed", "belote oubliée"),
    ]


def test_a_team_cannot_dispute_its_own_deal(match, links):
    submit(links["A"], 1)

    assert refusal(
        lambda: services.dispute_deal(seat=links["A"], deal_number=1, note="", now=LATER)
    ) == ("own_entry", {"number": 1})


def test_a_confirmed_deal_cannot_be_disputed(match, links):
    submit(links["A"], 1)
    services.confirm_deals(seat=links["B"], now=NOW)

    assert refusal(
        lambda: services.dispute_deal(seat=links["B"], deal_number=1, note="", now=LATER)
    ) == ("already_confirmed", {"number": 1})


def test_disputing_a_deal_that_does_not_exist_raises(match, links):
    with pytest.raises(Deal.DoesNotExist):
        services.dispute_deal(seat=links["B"], deal_number=1, note="", now=LATER)


# unlock_match ----------------------------------------------------------------------------------


def test_an_organiser_unlocks_a_match_with_a_reason(match):
    organiser = UserFactory(username="marie")
    Match.objects.filter(pk=match.pk).update(locked_at=NOW)

    services.unlock_match(match=match, reason="  Erreur de belote  ", now=LATER, user=organiser)

    match.refresh_from_db()
    record = Match.history.latest("history_id")
    assert (match.locked_at, audit_of(record)) == (
        None,
        (organiser, "", AuditAction.UNLOCKED, "Erreur de belote", LATER),
    )


def test_unlocking_needs_a_reason(match):
    Match.objects.filter(pk=match.pk).update(locked_at=NOW)

    assert refusal(
        lambda: services.unlock_match(match=match, reason=" ", now=LATER, user=None)
    ) == ("reason_required", {})
    match.refresh_from_db()
    assert match.locked_at == NOW


# services/links.py -----------------------------------------------------------------------------


def test_every_team_gets_one_link_and_code_for_the_concours(match, links):
    assert sorted(links) == ["A", "B"]
    assert [
        (link.team, bool(re.fullmatch(r"[0-9]{4}", link.pin)), link.created_at, link.revoked_at)
        for link in TeamLink.objects.order_by("team__number")
    ] == [
        (match.team_a, True, NOW, None),
        (match.team_b, True, NOW, None),
    ]


def test_the_codes_of_a_concours_are_all_different(db, monkeypatch):
    tournament = TournamentFactory()
    TeamFactory.create_batch(3, tournament=tournament)
    drawn = iter([1234, 1234, 1234, 42, 1234, 42, 7])
    monkeypatch.setattr("tournaments.services.links.secrets.randbelow", lambda _n: next(drawn))

    services.ensure_team_links(tournament=tournament, now=NOW)

    assert sorted(TeamLink.objects.values_list("pin", flat=True)) == ["0007", "0042", "1234"]


def test_the_database_refuses_two_active_links_with_one_code_in_a_concours(match, links):
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamLink.objects.filter(pk=links["B"].link.pk).update(pin=links["A"].link.pin)


def test_ensuring_links_again_keeps_them_and_replaces_only_revoked_ones(match, links):
    services.revoke_link(link=links["B"].link, now=NOW)

    services.ensure_team_links(tournament=match.round.tournament, now=LATER)

    again = selectors.match_links(match=match)
    assert (again["A"].link, again["B"].link == links["B"].link, again["B"].link.created_at) == (
        links["A"].link,
        False,
        LATER,
    )
    assert TeamLink.objects.count() == 3


def test_one_link_serves_the_team_at_every_round(match, links):
    match.round.status = Round.Status.CLOSED
    match.round.save()
    later = MatchFactory(
        round=RoundFactory(tournament=match.round.tournament, number=2),
        team_a=match.team_b,
        team_b=match.team_a,
    )
    services.ensure_team_links(tournament=match.round.tournament, now=LATER)

    seats = selectors.match_links(match=later)
    assert (seats["B"].link, seats["A"].link, TeamLink.objects.count()) == (
        links["A"].link,
        links["B"].link,
        2,
    )


def test_regenerating_a_link_revokes_it_and_gives_a_new_token_and_code(match, links):
    old = links["A"].link
    TeamLink.objects.filter(pk=old.pk).update(pin_failures=3)

    new = services.regenerate_link(link=old, now=LATER)

    old.refresh_from_db()
    assert (old.revoked_at, new.revoked_at, new.team, new.created_at, new.pin_failures) == (
        LATER,
        None,
        match.team_a,
        LATER,
        0,
    )
    assert (new.token == old.token, new.pin == links["B"].link.pin) == (False, False)
    assert selectors.match_links(match=match)["A"].link == new


def test_revoking_and_renewing_are_in_the_links_history(match, links):
    user = UserFactory()
    services.revoke_link(link=links["A"].link, now=NOW, user=user)
    new = services.regenerate_link(link=links["A"].link, now=LATER, user=user)

    assert [
        (record.id, record.history_type, record.audit_action, record.history_user)
        for record in TeamLink.history.filter(audit_action__gt="").order_by("history_id")
    ] == [
        (links["A"].link.pk, "~", "link_revoked", user),
        (new.pk, "+", "link_renewed", user),
    ]


def test_regenerating_a_revoked_link_keeps_its_revocation_time(match, links):
    services.revoke_link(link=links["A"].link, now=NOW)

    new = services.regenerate_link(link=links["A"].link, now=LATER)

    links["A"].link.refresh_from_db()
    assert (links["A"].link.revoked_at, new.revoked_at, new.created_at) == (NOW, None, LATER)


def test_revoking_twice_keeps_the_first_time(match, links):
    services.revoke_link(link=links["A"].link, now=NOW)

    link = services.revoke_link(link=links["A"].link, now=LATER)

    assert (link.revoked_at, link.is_active) == (NOW, False)


def test_regenerating_an_old_link_when_the_team_has_an_active_one_returns_that_one(match, links):
    new = services.regenerate_link(link=links["A"].link, now=NOW)

    again = services.regenerate_link(link=links["A"].link, now=LATER)

    new.refresh_from_db()
    count = TeamLink.objects.filter(team=match.team_a).count()
    assert (again, new.revoked_at, count) == (new, None, 2)


# Review fixes: confirming what was seen, unlocking, closing ---------------------------------


def test_a_deal_corrected_since_the_phone_showed_it_is_not_confirmed_blind(match, links):
    deal = submit(links["A"], 1)
    services.edit_deal_at_table(
        seat=links["A"], deal=deal, entry=DealEntry("A", MORE), version=1, now=LATER
    )

    code = refusal(lambda: services.confirm_deals(seat=links["B"], now=LATER, seen_versions={1: 1}))

    assert code == ("changed", {"numbers": (1,)})
    assert statuses(match) == [(1, "pending", "A")]


def test_confirming_the_versions_seen_confirms_them(match, links):
    submit(links["A"], 1)

    count = services.confirm_deals(seat=links["B"], now=LATER, seen_versions={1: 1})

    assert (count, statuses(match)) == (1, [(1, "confirmed", "A")])


def test_unlocking_puts_the_tables_deals_back_to_waiting_for_the_opponents(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)
    services.confirm_deals(seat=links["B"], now=LATER)

    services.unlock_match(match=match, reason="Plis mal comptés", now=LATER, user=UserFactory())

    match.refresh_from_db()
    assert (match.locked_at, statuses(match)) == (None, [(1, "pending", "A"), (2, "pending", "A")])


def test_a_round_with_unconfirmed_deals_cannot_close(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2)

    code = refusal(lambda: services.close_round(round=match.round, now=LATER))

    assert code == ("deals_unconfirmed", {"tables": (match.table_number,)})
    assert Round.objects.get(pk=match.round_id).status == Round.Status.PUBLISHED


def test_a_match_closed_for_time_keeps_its_result_after_a_correction(match, links):
    deal = submit(links["A"], 1)
    services.close_match_for_time(match=match, now=LATER)

    services.correct_deal(
        deal=deal,
        entry=DealEntry("B", MORE),
        version=1,
        now=LATER,
        reason="Mauvais preneur",
        author=services.Author(),
    )

    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.result, match.is_complete) == (40, 210, "B", True)


def test_a_match_closed_for_time_can_be_reopened_while_the_round_is_played(match, links):
    submit(links["A"], 1)
    services.close_match_for_time(match=match, now=LATER)

    services.reopen_match(match=match, now=LATER)

    match.refresh_from_db()
    assert (match.stopped_for_time_at, match.result, match.is_complete) == (None, "", False)
    code = refusal(lambda: services.reopen_match(match=match, now=LATER))
    assert code == ("not_closed_for_time", {"table": match.table_number})


# What a table write left (services.TableWrite: the board is drawn from it) ----------------


def _as_stored(match: Match) -> tuple[tuple, list[tuple]]:
    """Return ``match``'s own columns and its deals' fields, as read from the database."""
    stored = Match.objects.get(pk=match.pk)
    return _columns(stored), [_fields(deal) for deal in Deal.objects.filter(match=match)]


def _columns(match: Match) -> tuple:
    return (
        match.total_a,
        match.total_b,
        match.reserve,
        match.deals_played,
        match.is_finished,
        match.result,
        match.locked_at,
    )


def _fields(deal: Deal) -> tuple:
    names = [field.attname for field in Deal._meta.concrete_fields]
    return tuple(getattr(deal, name) for name in names)


def test_a_deal_entered_gives_back_the_match_and_its_deals_as_stored(match, links):
    submit(links["A"], 1)

    written = services.enter_deal(
        seat=links["B"], entry=DealEntry("B", MORE), deal_number=2, now=LATER
    )

    assert (written.deal.deal_number, written.count) == (2, 0)
    assert (_columns(written.match), [_fields(deal) for deal in written.deals]) == _as_stored(match)


def test_a_confirmation_gives_back_the_locked_match_and_its_deals_as_stored(match, links):
    submit(links["A"], 1)
    submit(links["A"], 2, deal=MORE)

    written = services.confirm_deals_at_table(
        seat=links["B"], now=LATER, seen_versions={1: 1, 2: 1}
    )

    assert (written.count, written.match.locked_at) == (2, LATER)
    assert (_columns(written.match), [_fields(deal) for deal in written.deals]) == _as_stored(match)
