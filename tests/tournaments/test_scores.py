"""breakdown_to_json: the engine's breakdown of a deal as the JSON stored on the deal;
the replay's steps remembered (services/scores.py ``_advance``)."""

import dataclasses

import pytest

import scoring
from scoring.matches import FormatKind, MatchDeal, MatchFormat, MatchState, TeamSide, advance_match
from tournaments.services import breakdown_to_json
from tournaments.services.scores import _advance


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


def test_a_step_remembered_is_the_engine_s_own_and_a_refusal_is_raised_again():
    rules = scoring.get_ruleset("ffb-coinche")
    twelve = MatchFormat(FormatKind.DEALS, 12)
    made = scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
    )
    # Equal inputs built anew, as each replay builds them from the deals' rows.
    again = dataclasses.replace(made)
    bad = dataclasses.replace(made, taker_card_points=105)
    after_one = MatchState(total_a=190, total_b=60, deals_played=1)

    first = _advance(after_one, MatchDeal(TeamSide.B, made), rules, twelve)
    second = _advance(after_one, MatchDeal(TeamSide.B, again), rules, twelve)
    other_taker = _advance(after_one, MatchDeal(TeamSide.A, again), rules, twelve)
    refusals = []
    for _ in range(2):
        with pytest.raises(scoring.InvalidDeal) as raised:
            _advance(after_one, MatchDeal(TeamSide.B, bad), rules, twelve)
        refusals.append(raised.value.error.code)

    assert again is not made and again == made
    assert second is first
    assert first == advance_match(after_one, MatchDeal(TeamSide.B, made), rules, twelve)
    assert (first.state.total_a, first.state.total_b, first.state.deals_played) == (250, 250, 2)
    assert (other_taker.state.total_a, other_taker.state.total_b) == (380, 120)
    assert refusals == ["card_points", "card_points"]
