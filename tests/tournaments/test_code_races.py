"""A burst of codes typed at once on one phone (services.confirm_with_pin), in real
transactions, each in its own thread and connection (tests/tournaments/test_round_races.py).

The wrong-code count is read and written under the typing link's row lock, in the same
transaction as the check, so however many guesses arrive together, no more than
MAX_PIN_FAILURES are ever tried: the others find the link blocked. On PostgreSQL the row
locks decide the order; on SQLite the IMMEDIATE transactions run one after the other.
"""

import datetime

import pytest

import scoring
from tests.factories import TeamFactory, TournamentFactory
from tests.tournaments.test_round_races import race
from tournaments import selectors, services
from tournaments.models import DealEntry, DealStatus, TeamLink
from tournaments.services.links import MAX_PIN_FAILURES

pytestmark = pytest.mark.django_db(transaction=True)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
#: 90 ♥ made with 104 card points: the taker's team 190, the other 60.
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
#: Guesses typed at once, more than the limit.
GUESSES = MAX_PIN_FAILURES + 4


def a_deal_waiting_for_team_b():
    """Publish round 1 of a two-team concours; team A records deal 1, which waits."""
    tournament = TournamentFactory(match_format_value=2)
    for number in (1, 2):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_, now=NOW)
    seats = selectors.match_links(match=round_.matches.get())
    services.submit_deal(seat=seats["A"], entry=DealEntry("A", MADE), deal_number=1, now=NOW)
    return seats


def wrong_codes(right: str, own: str) -> list[str]:
    """Return GUESSES different codes, none of them the opponents' or the team's own."""
    return [code for code in (f"{n:04d}" for n in range(100)) if code not in (right, own)][:GUESSES]


def test_a_burst_of_wrong_codes_stops_at_the_limit():
    seats = a_deal_waiting_for_team_b()
    codes = wrong_codes(seats["B"].link.pin, seats["A"].link.pin)

    def guess(code: str):
        return lambda: services.confirm_with_pin(seat=seats["A"], pin=code, now=NOW)

    results = race(*(guess(code) for code in codes))

    assert sorted(results) == sorted(
        [("refused", "pin_blocked", {})] * (GUESSES - MAX_PIN_FAILURES)
        + [("refused", "wrong_pin", {})] * MAX_PIN_FAILURES
    )
    link = TeamLink.objects.get(pk=seats["A"].link.pk)
    assert (link.pin_failures, selectors.match_deals(match=seats["A"].match)[0].status) == (
        MAX_PIN_FAILURES,
        DealStatus.PENDING,
    )
