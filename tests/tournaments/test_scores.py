"""breakdown_to_json: the engine's breakdown of a deal as the JSON stored on the deal."""

import pytest

import scoring
from tournaments.services import breakdown_to_json


def test_it_refuses_a_reserve_collected_by_a_litige_which_has_no_winner():
    litige = scoring.DealScore(
        taker_score=0,
        defence_score=81,
        reserve=81,
        outcome=scoring.DealOutcome.LITIGE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(),
    )

    with pytest.raises(ValueError) as raised:
        breakdown_to_json(litige, reserve_collected=80)

    assert str(raised.value) == "a litige has no winner to collect the reserve (RULES.md §C)"
