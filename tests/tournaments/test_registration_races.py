"""Two pairs registering at once never take more places than there are (services/locks.py).

Each test starts two registrations in two threads, each with its own database connection,
at the same moment. The tournament's row lock makes the second wait for the first and
count the places it took: on PostgreSQL the row lock decides the order, on SQLite the
IMMEDIATE transactions run one after the other. Run it on both (DATABASE_URL).
"""

import datetime
import threading
from collections.abc import Callable

import pytest
from django.db import connection

from tests.factories import RegistrationFactory, RegistrationSettingsFactory
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db(transaction=True)

NOW = datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC)


def race(*calls: Callable[[], object]) -> list[tuple]:
    """Run every call at once, each in its own thread and transaction; return for each
    ``("done",)`` or ``("refused", code, params)``, in the order given (any other
    exception too, so that the test shows it)."""
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


def register(tournament, n: int) -> Callable[[], object]:
    data = services.RegistrationData(f"Joueur {n}a", f"Joueur {n}b")
    return lambda: services.register_pair(tournament=tournament, data=data, now=NOW)


def statuses(tournament) -> list[tuple[int, str]]:
    return sorted(
        Registration.objects.filter(tournament=tournament).values_list("position", "status")
    )


def test_two_pairs_for_the_last_place_give_one_confirmed_and_one_refused():
    tournament = RegistrationSettingsFactory(capacity=1, waiting_list=0).tournament

    results = race(register(tournament, 1), register(tournament, 2))

    assert sorted(results) == [
        ("done",),
        ("refused", "registration_full", {"capacity": 1, "waiting_list": 0}),
    ]
    assert statuses(tournament) == [(1, "confirmed")]


def test_two_pairs_for_one_place_and_one_waiting_place_take_one_each():
    tournament = RegistrationSettingsFactory(capacity=1, waiting_list=1).tournament

    results = race(register(tournament, 1), register(tournament, 2))

    assert results == [("done",), ("done",)]
    assert statuses(tournament) == [(1, "confirmed"), (2, "waiting")]


def test_a_cancellation_and_a_registration_at_once_never_overfill_the_places():
    tournament = RegistrationSettingsFactory(capacity=1, waiting_list=1).tournament
    confirmed = RegistrationFactory(tournament=tournament, position=1)
    RegistrationFactory(tournament=tournament, position=2, status="waiting")

    results = race(
        lambda: services.cancel_registration(registration=confirmed, now=NOW),
        register(tournament, 3),
    )

    # Cancelled first: the waiting pair moves up and the new one takes the waiting place.
    # Registered first: the waiting list is full, then the cancellation moves pair 2 up.
    outcomes = {
        ("done",): [(1, "cancelled"), (2, "confirmed"), (3, "waiting")],
        ("refused", "registration_full"): [(1, "cancelled"), (2, "confirmed")],
    }
    assert results[0] == ("done",)
    assert statuses(tournament) == outcomes[results[1][:2]]
