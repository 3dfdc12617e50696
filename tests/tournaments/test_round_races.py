"""Two actions at once on one round, in real transactions (services/locks.py).

Each test starts two services in two threads, each with its own database connection, at
the same moment. Whichever goes first, the other waits for its locks and then sees what
it did: the outcome is one of the two orders, never a mix of both (a closed round with a
match unlocked, unfinished or waiting for the opponents). On PostgreSQL the row locks
decide the order; on SQLite the IMMEDIATE transactions run one after the other.
"""

import datetime
import threading
from collections.abc import Callable

import pytest
from django.db import connection

import scoring
from tests.factories import TeamFactory, TournamentFactory, UserFactory
from tournaments import selectors, services
from tournaments.models import ConfirmationMode, DealEntry, DealStatus, Match, Round

pytestmark = pytest.mark.django_db(transaction=True)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=30)
#: 90 ♥ made with 104 card points: the taker's team 190, the other 60.
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
#: 90 ♥ made with 120 card points: 210 – 40.
MORE = scoring.Deal(
    trump="H", contract=90, taker_card_points=120, defence_card_points=42, taker_tricks=5
)
CONFIRMED, PENDING = DealStatus.CONFIRMED, DealStatus.PENDING


def race(*calls: Callable[[], object]) -> list[tuple]:
    """Run every call at once, each in its own thread and transaction; return for each
    ``("done",)`` or its refusal ``("refused", code, params)``, in the order given.

    Any other exception (a deadlock, say) is returned too, so that the test shows it.
    """
    barrier = threading.Barrier(len(calls))
    results: list[tuple] = [("not run",)] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            call()
            results[index] = ("done",)
        except services.ServiceError as refusal:
            results[index] = ("refused", refusal.code, refusal.params)
        except Exception as error:  # noqa: BLE001 - reported by the test's assertion
            results[index] = ("error", repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def one_table_round(*, deals: int = 2, trust: bool = False) -> tuple[Round, Match]:
    """Publish round 1 of a two-team concours whose matches last ``deals`` deals."""
    tournament = TournamentFactory(
        match_format_value=deals,
        confirmation_mode=ConfirmationMode.TRUST if trust else ConfirmationMode.CONFIRM,
    )
    for number in (1, 2):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_, now=NOW)
    return round_, round_.matches.get()


def submit(match: Match, number: int, deal: scoring.Deal = MADE) -> None:
    link = selectors.match_links(match=match)["A"]
    services.submit_deal(seat=link, entry=DealEntry("A", deal), deal_number=number, now=NOW)


def confirm(match: Match) -> None:
    services.confirm_deals(seat=selectors.match_links(match=match)["B"], now=NOW)


def state(round_: Round, match: Match) -> tuple:
    """Return the round's status, then the match's totals, finished, stopped for time,
    locked, and each deal's (number, status, version)."""
    round_.refresh_from_db()
    match.refresh_from_db()
    deals = list(
        match.deals.order_by("deal_number").values_list("deal_number", "status", "version")
    )
    return (
        round_.status,
        match.total_a,
        match.total_b,
        match.is_finished,
        match.stopped_for_time_at is not None,
        match.locked_at is not None,
        deals,
    )


def counted(round_: Round) -> list[tuple[int, int]]:
    """Return (team, points) of the standings."""
    return [
        (s.team.number, s.row.points)
        for s in selectors.tournament_standings(tournament=round_.tournament)
    ]


def test_closing_a_round_and_unlocking_one_of_its_matches_at_once_never_loses_the_match():
    round_, match = one_table_round()
    submit(match, 1)
    submit(match, 2)
    confirm(match)
    organiser = UserFactory()
    team_a = match.team_a.number

    results = race(
        lambda: services.close_round(round=round_, now=LATER),
        lambda: services.unlock_match(match=match, reason="Erreur", now=LATER, user=organiser),
    )

    # Either order is allowed, nothing in between.
    allowed = {
        "closed, then the unlock refused": (
            [("done",), ("refused", "unlock_in_closed_round", {"number": 1})],
            (
                Round.Status.CLOSED,
                380,
                120,
                True,
                False,
                True,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
            [(team_a, 380), (3 - team_a, 120)],
        ),
        "unlocked, then the closing refused": (
            [("refused", "deals_unconfirmed", {"tables": (1,)}), ("done",)],
            (
                Round.Status.PUBLISHED,
                380,
                120,
                True,
                False,
                False,
                [(1, PENDING, 1), (2, PENDING, 1)],
            ),
            [(1, 0), (2, 0)],
        ),
    }
    assert (results, state(round_, match), counted(round_)) in allowed.values()


def test_closing_a_round_while_the_opponents_confirm_its_last_deal_closes_it_or_waits():
    round_, match = one_table_round()
    submit(match, 1)
    submit(match, 2)

    results = race(
        lambda: services.close_round(round=round_, now=LATER),
        lambda: confirm(match),
    )

    allowed = {
        "confirmed, then closed": (
            [("done",), ("done",)],
            (
                Round.Status.CLOSED,
                380,
                120,
                True,
                False,
                True,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
        ),
        "the closing refused, then confirmed": (
            [("refused", "deals_unconfirmed", {"tables": (1,)}), ("done",)],
            (
                Round.Status.PUBLISHED,
                380,
                120,
                True,
                False,
                True,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
        ),
    }
    assert (results, state(round_, match)) in allowed.values()


def test_closing_a_round_while_a_table_sends_its_last_deal_closes_it_complete_or_not_at_all():
    round_, match = one_table_round(trust=True)
    submit(match, 1)

    results = race(
        lambda: services.close_round(round=round_, now=LATER),
        lambda: submit(match, 2),
    )

    allowed = {
        "the last deal, then closed": (
            [("done",), ("done",)],
            (
                Round.Status.CLOSED,
                380,
                120,
                True,
                False,
                True,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
        ),
        "the closing refused, then the last deal": (
            [("refused", "matches_open", {"tables": (1,)}), ("done",)],
            (
                Round.Status.PUBLISHED,
                380,
                120,
                True,
                False,
                True,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
        ),
    }
    assert (results, state(round_, match)) in allowed.values()


def test_closing_a_round_while_a_match_stopped_for_time_is_reopened_keeps_it_complete():
    round_, match = one_table_round()
    services.record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    services.close_match_for_time(match=match, now=NOW)

    results = race(
        lambda: services.close_round(round=round_, now=LATER),
        lambda: services.reopen_match(match=match, now=LATER),
    )

    allowed = {
        "closed, then the reopening refused": (
            [("done",), ("refused", "not_published", {"number": 1})],
            (Round.Status.CLOSED, 190, 60, False, True, False, [(1, CONFIRMED, 1)]),
        ),
        "reopened, then the closing refused": (
            [("refused", "matches_open", {"tables": (1,)}), ("done",)],
            (Round.Status.PUBLISHED, 190, 60, False, False, False, [(1, CONFIRMED, 1)]),
        ),
    }
    assert (results, state(round_, match)) in allowed.values()


def test_closing_a_round_while_a_deal_is_corrected_to_passed_never_closes_an_unfinished_match():
    round_, match = one_table_round()
    for _number in (1, 2):
        services.record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    second = match.deals.get(deal_number=2)
    organiser = services.Author(user=UserFactory())

    results = race(
        lambda: services.close_round(round=round_, now=LATER),
        lambda: services.correct_deal(
            deal=second,
            entry=DealEntry("A", None),
            version=1,
            now=LATER,
            author=organiser,
            reason="Personne n’a pris",
        ),
    )

    allowed = {
        "closed, then the correction refused": (
            [("done",), ("refused", "closed_round_incomplete", {"table": 1, "number": 1})],
            (
                Round.Status.CLOSED,
                380,
                120,
                True,
                False,
                False,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
        ),
        "corrected, then the closing refused": (
            [("refused", "matches_open", {"tables": (1,)}), ("done",)],
            (
                Round.Status.PUBLISHED,
                190,
                60,
                False,
                False,
                False,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 2)],
            ),
        ),
    }
    assert (results, state(round_, match)) in allowed.values()


def test_closing_a_round_while_one_of_its_deals_is_deleted_never_closes_an_unfinished_match():
    round_, match = one_table_round()
    for _number in (1, 2):
        services.record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    second = match.deals.get(deal_number=2)
    organiser = services.Author(user=UserFactory())

    results = race(
        lambda: services.close_round(round=round_, now=LATER),
        lambda: services.delete_deal(deal=second, reason="En trop", now=LATER, author=organiser),
    )

    allowed = {
        "closed, then the deletion refused": (
            [("done",), ("refused", "delete_in_closed_round", {"number": 1, "deal": 2})],
            (
                Round.Status.CLOSED,
                380,
                120,
                True,
                False,
                False,
                [(1, CONFIRMED, 1), (2, CONFIRMED, 1)],
            ),
        ),
        "deleted, then the closing refused": (
            [("refused", "matches_open", {"tables": (1,)}), ("done",)],
            (Round.Status.PUBLISHED, 190, 60, False, False, False, [(1, CONFIRMED, 1)]),
        ),
    }
    assert (results, state(round_, match)) in allowed.values()


def test_correcting_a_deal_while_the_opponents_confirm_it_keeps_the_correction_confirmed():
    round_, match = one_table_round()
    submit(match, 1)
    confirm(match)
    submit(match, 2)
    second = match.deals.get(deal_number=2)
    organiser = services.Author(user=UserFactory())
    link = selectors.match_links(match=match)["B"]

    results = race(
        lambda: services.correct_deal(
            deal=second,
            entry=DealEntry("A", MORE),
            version=1,
            now=LATER,
            author=organiser,
            reason="Points mal comptés",
        ),
        lambda: services.confirm_deals(seat=link, now=LATER, seen_versions={1: 1, 2: 1}),
    )

    # Whichever goes first, the organiser's correction stands, confirmed, and the match
    # is complete and locked; confirming after it finds nothing left to confirm.
    assert (results, state(round_, match)) == (
        [("done",), ("done",)],
        (
            Round.Status.PUBLISHED,
            400,
            100,
            True,
            False,
            True,
            [(1, CONFIRMED, 1), (2, CONFIRMED, 2)],
        ),
    )


def test_reopening_a_round_while_the_next_one_is_drawn_leaves_no_draft_from_old_results():
    round_, match = one_table_round(deals=1)
    services.record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    services.close_round(round=round_, now=NOW)
    organiser = UserFactory()
    tournament = round_.tournament

    results = race(
        lambda: services.reopen_round(round=round_, reason="Erreur", now=LATER, user=organiser),
        lambda: services.draw_round(tournament=tournament),
    )

    allowed = {
        "reopened, then the draw refused": [("done",), ("refused", "round_open", {"number": 1})],
        "drawn, then its draft discarded by the reopening": [("done",), ("done",)],
    }
    assert results in allowed.values()
    assert list(tournament.rounds.values_list("number", "status")) == [(1, Round.Status.PUBLISHED)]
    assert Match.objects.filter(round__tournament=tournament).count() == 1


def test_reopening_a_round_while_the_next_one_is_published_does_one_or_the_other():
    round_, match = one_table_round(deals=1)
    services.record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    services.close_round(round=round_, now=NOW)
    draft = services.draw_round(tournament=round_.tournament)
    organiser = UserFactory()

    results = race(
        lambda: services.reopen_round(round=round_, reason="Erreur", now=LATER, user=organiser),
        lambda: services.publish_round(round=draft, now=LATER),
    )

    allowed = {
        "reopened, then the publication refused": (
            [("done",), ("refused", "draft_discarded", {"number": 2})],
            [(1, Round.Status.PUBLISHED)],
        ),
        "published, then the reopening refused": (
            [("refused", "next_round_published", {"number": 1, "next": 2}), ("done",)],
            [(1, Round.Status.CLOSED), (2, Round.Status.PUBLISHED)],
        ),
    }
    rounds = list(round_.tournament.rounds.values_list("number", "status"))
    assert (results, rounds) in allowed.values()


def two_table_round() -> tuple[Round, Match, Match]:
    """Publish round 1 of a four-team concours of two-deal matches: its two tables."""
    tournament = TournamentFactory(match_format_value=2)
    for number in (1, 2, 3, 4):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_, now=NOW)
    first, second = round_.matches.order_by("table_number")
    return round_, first, second


def hold(call: Callable[[], object], held: threading.Event, release: threading.Event) -> None:
    """Run ``call`` in a transaction kept open, its locks held, until ``release``;
    ``held`` is set once it has run."""
    from django.db import transaction

    try:
        with transaction.atomic():
            call()
            held.set()
            release.wait(timeout=10)
    finally:
        connection.close()


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="SQLite has one write lock")
def test_two_tables_write_side_by_side_while_the_round_closes_after_them():
    round_, first, second = two_table_round()
    held, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=hold, args=(lambda: submit(first, 1), held, release))
    holder.start()
    assert held.wait(timeout=10)
    # Table 1's write holds its transaction open; table 2 writes meanwhile.
    other = threading.Thread(target=lambda: (submit(second, 1), connection.close()))
    other.start()
    other.join(timeout=5)
    other_finished_while_held = not other.is_alive()
    # The organiser's close waits for table 1 (its tournament and round FOR UPDATE).
    closing = threading.Thread(
        target=lambda: race(lambda: services.close_round(round=round_, now=LATER))
    )
    closing.start()
    closing.join(timeout=1)
    close_waited = closing.is_alive()
    release.set()
    for thread in (holder, other, closing):
        thread.join(timeout=10)

    assert (other_finished_while_held, close_waited) == (True, True)
    # The round stays open: its matches are not complete (one deal of two each, waiting).
    assert [state(round_, match)[0] for match in (first, second)] == ["published"] * 2
    assert [state(round_, match)[6] for match in (first, second)] == [[(1, PENDING, 1)]] * 2
