"""A match at one table: totals, litige reserve, fixed deals and target score (RULES.md §C)."""

from dataclasses import replace

import pytest

from scoring import (
    Deal,
    DealError,
    ErrorCode,
    FormatKind,
    InvalidDeal,
    MatchDeal,
    MatchFinished,
    MatchFormat,
    MatchResult,
    MatchScore,
    MatchState,
    MatchStep,
    TeamSide,
    advance_match,
    decide_result,
    get_ruleset,
    nominal_match_total,
    score_deal,
    score_match,
    stop_match_for_time,
)

FFB = get_ruleset("ffb-coinche")
CONTREE = get_ruleset("ffb-contree")
CLASSIC = get_ruleset("belote-classique")
A, B = TeamSide.A, TeamSide.B

# ffb-coinche deals (scores from RULES.md §B1).
#: Made 90: taker 190, defence 60.
FFB_MADE_90 = Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
#: Made 80 with 85/77: taker 170, defence 80.
FFB_MADE_80 = Deal(
    trump="H", contract=80, taker_card_points=85, defence_card_points=77, taker_tricks=5
)
#: Made 80 on an unbid capot: taker 330, defence 0 (8 tricks to the taker).
FFB_CAPOT_80 = Deal(
    trump="S", contract=80, taker_card_points=252, defence_card_points=0, taker_tricks=8
)
#: The taker's belote does not make 110: taker 20 (its belote), defence 270.
FFB_CHUTE_WITH_BELOTE = Deal(
    trump="H",
    contract=110,
    taker_card_points=80,
    defence_card_points=82,
    taker_tricks=4,
    taker_belotes=1,
)

# Classic deals (RULES.md §B5).
#: Made: taker 100, defence 62.
CLASSIC_MADE = Deal(
    trump="S", contract=None, taker_card_points=100, defence_card_points=62, taker_tricks=5
)
#: Dedans: taker 0, defence 162.
CLASSIC_DEDANS = Deal(
    trump="D", contract=None, taker_card_points=70, defence_card_points=92, taker_tricks=3
)
#: Litige 81-81: taker 0 now and 81 in reserve, defence 81.
CLASSIC_LITIGE = Deal(
    trump="H", contract=None, taker_card_points=81, defence_card_points=81, taker_tricks=4
)
#: Litige 91-91 with the taker's belote: taker 20 now and 71 in reserve, defence 91.
CLASSIC_LITIGE_WITH_BELOTE = Deal(
    trump="C",
    contract=None,
    taker_card_points=71,
    defence_card_points=91,
    taker_tricks=4,
    taker_belotes=1,
)

DEALS_12 = MatchFormat(FormatKind.DEALS, 12)
TARGET_2000 = MatchFormat(FormatKind.TARGET, 2000)


def play(state, match_deals, rules, match_format):
    """Play ``match_deals`` one by one from ``state``; return the state after each."""
    states = []
    for match_deal in match_deals:
        state = advance_match(state, match_deal, rules, match_format).state
        states.append(state)
    return states


# --- Formats and teams --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "match_format"),
    [
        ("deals:12", MatchFormat(FormatKind.DEALS, 12)),
        ("target:2000", MatchFormat(FormatKind.TARGET, 2000)),
        (" deals:1 ", MatchFormat(FormatKind.DEALS, 1)),
    ],
)
def test_it_parses_a_match_format(text, match_format):
    assert MatchFormat.parse(text) == match_format


@pytest.mark.parametrize(
    "text", ["deals:0", "deals:", "deals:-3", "deals:+3", "target:2000.5", "target:x", "deals: 3"]
)
def test_it_rejects_a_format_value_that_is_not_a_positive_integer(text):
    with pytest.raises(ValueError) as info:
        MatchFormat.parse(text)

    assert str(info.value) == f"not a match format: {text!r}"


@pytest.mark.parametrize(
    ("text", "kind"), [("rounds:3", "rounds"), ("Deals:12", "Deals"), ("12", "12"), ("", "")]
)
def test_it_rejects_an_unknown_format_kind(text, kind):
    with pytest.raises(ValueError) as info:
        MatchFormat.parse(text)

    assert str(info.value) == f"{kind!r} is not a valid FormatKind"


@pytest.mark.parametrize(
    ("match_format", "text"),
    [(MatchFormat(FormatKind.DEALS, 12), "deals:12"), (TARGET_2000, "target:2000")],
)
def test_it_writes_a_format_as_the_files_spell_it(match_format, text):
    assert str(match_format) == text


def test_each_team_has_the_other_as_opponent():
    opponents = (A.opponent, B.opponent)

    assert opponents == (B, A)


def test_a_match_deal_without_a_deal_is_passed():
    flags = (MatchDeal(A, None).is_passed, MatchDeal(A, FFB_MADE_90).is_passed)

    assert flags == (True, False)


def test_the_state_sums_both_reserves_and_reads_each_teams_total():
    state = MatchState(total_a=10, total_b=20, reserve_a=81, reserve_b=71)

    values = (state.reserve, state.total(A), state.total(B))

    assert values == (152, 10, 20)


# --- Deals and passes -----------------------------------------------------------------------


def test_it_adds_the_taker_score_to_the_taking_team_and_the_defence_score_to_the_other():
    match_deal = MatchDeal(B, FFB_MADE_90)

    step = advance_match(MatchState(), match_deal, FFB, DEALS_12)

    assert step == MatchStep(
        match_deal,
        score_deal(FFB_MADE_90, FFB),
        MatchState(total_a=60, total_b=190, deals_played=1),
    )


def test_a_passed_deal_changes_nothing():
    state = MatchState(total_a=190, total_b=60, deals_played=1)
    passed = MatchDeal(A, None)

    step = advance_match(state, passed, FFB, DEALS_12)

    assert step == MatchStep(passed, None, state)


@pytest.mark.parametrize("deal", [FFB_MADE_90, None], ids=["deal", "passed"])
def test_it_refuses_any_deal_after_the_match_has_ended(deal):
    finished = MatchState(total_a=300, total_b=100, deals_played=12, is_finished=True)
    finished = replace(finished, result=MatchResult.A)

    with pytest.raises(MatchFinished) as info:
        advance_match(finished, MatchDeal(A, deal), FFB, DEALS_12)

    assert str(info.value) == "the match has already ended"


def test_it_raises_invalid_deal_for_a_deal_that_breaks_b6():
    bad = replace(FFB_MADE_90, defence_card_points=57)

    with pytest.raises(InvalidDeal) as info:
        advance_match(MatchState(), MatchDeal(A, bad), FFB, DEALS_12)

    assert info.value.error == DealError(
        ErrorCode.CARD_POINTS,
        "total",
        (("total", 161), ("deal_card_points", 162), ("capot_card_points", 252)),
    )


# --- Fixed number of deals --------------------------------------------------------------------


def test_a_fixed_number_of_deals_does_not_count_passed_deals():
    deals = [MatchDeal(A, FFB_MADE_90), MatchDeal(B, None), MatchDeal(B, FFB_MADE_80)]

    states = play(MatchState(), deals, FFB, MatchFormat(FormatKind.DEALS, 2))

    assert states == [
        MatchState(total_a=190, total_b=60, deals_played=1),
        MatchState(total_a=190, total_b=60, deals_played=1),
        MatchState(
            total_a=270, total_b=230, deals_played=2, is_finished=True, result=MatchResult.A
        ),
    ]


def test_equal_totals_after_the_last_deal_are_a_draw():
    deals = [MatchDeal(A, FFB_MADE_90), MatchDeal(B, FFB_MADE_90)]

    states = play(MatchState(), deals, FFB, MatchFormat(FormatKind.DEALS, 2))

    assert states[-1] == MatchState(
        total_a=250, total_b=250, deals_played=2, is_finished=True, result=MatchResult.DRAW
    )


def test_the_team_with_more_points_after_the_last_deal_wins():
    deals = [MatchDeal(A, FFB_MADE_90), MatchDeal(A, FFB_MADE_80)]

    states = play(MatchState(), deals, FFB, MatchFormat(FormatKind.DEALS, 2))

    assert states[-1] == MatchState(
        total_a=360, total_b=140, deals_played=2, is_finished=True, result=MatchResult.A
    )


# --- Litige reserve ---------------------------------------------------------------------------

TWO_LITIGES = [MatchDeal(A, CLASSIC_LITIGE), MatchDeal(B, CLASSIC_LITIGE_WITH_BELOTE)]
AFTER_TWO_LITIGES = MatchState(total_a=91, total_b=101, reserve_a=81, reserve_b=71, deals_played=2)


def test_consecutive_litiges_accumulate_the_reserve_of_each_taking_team():
    states = play(MatchState(), TWO_LITIGES, CLASSIC, DEALS_12)

    assert states == [
        MatchState(total_a=0, total_b=81, reserve_a=81, deals_played=1),
        AFTER_TWO_LITIGES,
    ]


def test_the_whole_reserve_goes_to_a_taker_that_makes_the_next_deal():
    deals = [*TWO_LITIGES, MatchDeal(A, CLASSIC_MADE)]

    states = play(MatchState(), deals, CLASSIC, DEALS_12)

    assert states[-1] == MatchState(total_a=91 + 100 + 152, total_b=101 + 62, deals_played=3)


def test_the_whole_reserve_goes_to_the_defence_when_the_next_taker_is_dedans():
    deals = [*TWO_LITIGES, MatchDeal(A, CLASSIC_DEDANS)]

    states = play(MatchState(), deals, CLASSIC, DEALS_12)

    assert states[-1] == MatchState(total_a=91, total_b=101 + 162 + 152, deals_played=3)


def test_a_passed_deal_leaves_the_reserve_pending():
    deals = [*TWO_LITIGES, MatchDeal(B, None)]

    states = play(MatchState(), deals, CLASSIC, DEALS_12)

    assert states[-1] == AFTER_TWO_LITIGES


def test_a_reserve_pending_at_the_end_returns_to_each_team_that_put_it_in():
    deals = [
        MatchDeal(A, CLASSIC_MADE),
        MatchDeal(A, CLASSIC_LITIGE),
        MatchDeal(B, CLASSIC_LITIGE_WITH_BELOTE),
    ]

    states = play(MatchState(), deals, CLASSIC, MatchFormat(FormatKind.DEALS, 3))

    assert states == [
        MatchState(total_a=100, total_b=62, deals_played=1),
        MatchState(total_a=100, total_b=143, reserve_a=81, deals_played=2),
        MatchState(
            total_a=191 + 81,
            total_b=163 + 71,
            reserve_a=0,
            reserve_b=0,
            deals_played=3,
            is_finished=True,
            result=MatchResult.A,
        ),
    ]


def test_the_step_that_pays_the_reserve_says_how_much_it_collected():
    state = play(MatchState(), TWO_LITIGES, CLASSIC, DEALS_12)[-1]
    match_deal = MatchDeal(B, CLASSIC_MADE)

    step = advance_match(state, match_deal, CLASSIC, DEALS_12)

    assert step == MatchStep(
        match_deal,
        score_deal(CLASSIC_MADE, CLASSIC),
        MatchState(total_a=91 + 62, total_b=101 + 100 + 152, deals_played=3),
        reserve_collected=152,
    )


def test_a_litige_step_and_a_plain_step_collect_no_reserve():
    match = score_match([*TWO_LITIGES, MatchDeal(A, CLASSIC_MADE)], CLASSIC, DEALS_12)

    collected = [
        (step.reserve_collected, step.reserve_returned_a, step.reserve_returned_b)
        for step in match.steps
    ]

    assert collected == [(0, 0, 0), (0, 0, 0), (152, 0, 0)]


def test_the_last_deal_of_a_match_says_what_reserve_it_returned_to_each_team():
    deals = [MatchDeal(A, CLASSIC_LITIGE), MatchDeal(B, CLASSIC_LITIGE_WITH_BELOTE)]

    match = score_match(deals, CLASSIC, MatchFormat(FormatKind.DEALS, 2))

    assert [
        (step.reserve_collected, step.reserve_returned_a, step.reserve_returned_b)
        for step in match.steps
    ] == [(0, 0, 0), (0, 81, 71)]


def test_a_target_match_ended_on_a_litige_says_what_reserve_it_returned():
    deals = [MatchDeal(A, CLASSIC_LITIGE), MatchDeal(B, CLASSIC_LITIGE_WITH_BELOTE)]

    match = score_match(deals, CLASSIC, MatchFormat(FormatKind.TARGET, 100))

    assert [
        (step.reserve_collected, step.reserve_returned_a, step.reserve_returned_b)
        for step in match.steps
    ] == [(0, 0, 0), (0, 81, 71)]


# --- Stopped for time (RULES.md §C, §E) ------------------------------------------------------


def test_a_match_stopped_for_time_returns_the_pending_reserve_and_equal_totals_draw():
    state = AFTER_TWO_LITIGES

    stopped = stop_match_for_time(state)

    assert stopped == MatchState(
        total_a=172, total_b=172, deals_played=2, is_finished=True, result=MatchResult.DRAW
    )


def test_a_match_stopped_for_time_is_won_by_the_team_with_more_points_after_the_reserve():
    state = MatchState(total_a=300, total_b=250, reserve_b=81, deals_played=3)

    stopped = stop_match_for_time(state)

    assert stopped == MatchState(
        total_a=300, total_b=331, deals_played=3, is_finished=True, result=MatchResult.B
    )


def test_a_match_stopped_for_time_before_any_deal_is_a_0_0_draw():
    stopped = stop_match_for_time(MatchState())

    assert stopped == MatchState(is_finished=True, result=MatchResult.DRAW)


def test_stopping_a_match_that_had_already_ended_changes_nothing():
    state = MatchState(
        total_a=1300, total_b=900, deals_played=12, is_finished=True, result=MatchResult.A
    )

    stopped = stop_match_for_time(state)

    assert stopped == state


@pytest.mark.parametrize(
    ("total_a", "total_b", "result"),
    [
        (1075, 969, MatchResult.A),
        (969, 1075, MatchResult.B),
        (1022, 1022, MatchResult.DRAW),
        (0, 0, MatchResult.DRAW),
    ],
    ids=["a-more", "b-more", "equal", "nothing"],
)
def test_the_team_with_more_points_wins_and_equal_totals_are_a_draw(total_a, total_b, result):
    decided = decide_result(total_a, total_b)

    assert decided == result


@pytest.mark.parametrize(
    ("match_format", "expected"),
    [(DEALS_12, 1944), (MatchFormat(FormatKind.DEALS, 1), 162), (TARGET_2000, 2000)],
)
def test_the_nominal_total_of_a_match_is_162_a_deal_or_its_target(match_format, expected):
    total = nominal_match_total(match_format)

    assert total == expected


# --- Target score -------------------------------------------------------------------------------


def test_a_match_to_a_target_goes_on_while_nobody_has_reached_it():
    state = MatchState(total_a=1700, total_b=1500, deals_played=8)

    step = advance_match(state, MatchDeal(A, FFB_MADE_90), FFB, TARGET_2000)

    assert step.state == MatchState(total_a=1890, total_b=1560, deals_played=9)


def test_the_first_team_to_reach_the_target_wins():
    state = MatchState(total_a=1810, total_b=1500, deals_played=8)

    step = advance_match(state, MatchDeal(A, FFB_MADE_90), FFB, TARGET_2000)

    assert step.state == MatchState(
        total_a=2000, total_b=1560, deals_played=9, is_finished=True, result=MatchResult.A
    )


def test_when_both_teams_pass_the_target_the_higher_total_wins():
    state = MatchState(total_a=1900, total_b=1950, deals_played=8)

    step = advance_match(state, MatchDeal(A, FFB_MADE_90), FFB, TARGET_2000)

    assert step.state == MatchState(
        total_a=2090, total_b=2010, deals_played=9, is_finished=True, result=MatchResult.A
    )


def test_equal_totals_past_the_target_need_one_more_deal():
    state = MatchState(total_a=1830, total_b=1920, deals_played=8)
    deals = [MatchDeal(A, FFB_MADE_80), MatchDeal(B, FFB_MADE_90)]

    states = play(state, deals, FFB, TARGET_2000)

    assert states == [
        MatchState(total_a=2000, total_b=2000, deals_played=9),
        MatchState(
            total_a=2060, total_b=2190, deals_played=10, is_finished=True, result=MatchResult.B
        ),
    ]


# --- ffb-coinche: reaching the target through a belote (RULES.md §C) --------------------------


def test_a_chuted_taker_reaching_the_target_only_through_its_belote_has_not_won():
    state = MatchState(total_a=1990, total_b=1000, deals_played=10)

    step = advance_match(state, MatchDeal(A, FFB_CHUTE_WITH_BELOTE), FFB, TARGET_2000)

    assert step.state == MatchState(
        total_a=2010, total_b=1270, deals_played=11, waiting_for_trick=frozenset({A})
    )


def test_a_waiting_team_wins_at_the_end_of_the_first_later_deal_in_which_it_takes_a_trick():
    state = MatchState(total_a=1990, total_b=1000, deals_played=10)
    deals = [
        MatchDeal(A, FFB_CHUTE_WITH_BELOTE),
        MatchDeal(B, FFB_CAPOT_80),
        MatchDeal(B, FFB_MADE_90),
    ]

    states = play(state, deals, FFB, TARGET_2000)

    assert states == [
        MatchState(total_a=2010, total_b=1270, deals_played=11, waiting_for_trick=frozenset({A})),
        MatchState(total_a=2010, total_b=1600, deals_played=12, waiting_for_trick=frozenset({A})),
        MatchState(
            total_a=2070, total_b=1790, deals_played=13, is_finished=True, result=MatchResult.A
        ),
    ]


def test_a_defence_without_a_trick_reaching_the_target_through_its_belote_has_not_won():
    state = MatchState(total_a=1990, total_b=1000, deals_played=10)
    capot_against_belote = replace(FFB_CAPOT_80, defence_belotes=1)
    deals = [MatchDeal(B, capot_against_belote), MatchDeal(A, FFB_MADE_90)]

    states = play(state, deals, FFB, TARGET_2000)

    assert states == [
        MatchState(total_a=2010, total_b=1330, deals_played=11, waiting_for_trick=frozenset({A})),
        MatchState(
            total_a=2200, total_b=1390, deals_played=12, is_finished=True, result=MatchResult.A
        ),
    ]


def test_while_one_team_waits_for_a_trick_the_other_reaching_the_target_wins():
    state = MatchState(total_a=1990, total_b=1700, deals_played=10)
    deals = [MatchDeal(A, FFB_CHUTE_WITH_BELOTE), MatchDeal(B, FFB_CAPOT_80)]

    states = play(state, deals, FFB, TARGET_2000)

    assert states == [
        MatchState(total_a=2010, total_b=1970, deals_played=11, waiting_for_trick=frozenset({A})),
        MatchState(
            total_a=2010,
            total_b=2300,
            deals_played=12,
            is_finished=True,
            result=MatchResult.B,
            waiting_for_trick=frozenset({A}),
        ),
    ]


def test_a_defence_that_took_a_trick_and_reached_the_target_through_its_belote_wins():
    state = MatchState(total_a=1990, total_b=1000, deals_played=10)
    coinched = Deal(
        trump="H",
        contract=100,
        coinche="coinche",
        taker_card_points=110,
        defence_card_points=52,
        taker_tricks=6,
        defence_belotes=1,
    )

    step = advance_match(state, MatchDeal(B, coinched), FFB, TARGET_2000)

    assert step.state == MatchState(
        total_a=2010, total_b=1520, deals_played=11, is_finished=True, result=MatchResult.A
    )


def test_a_defence_without_a_trick_reaching_the_target_through_a_chute_wins_at_once():
    state = MatchState(total_a=1400, total_b=1000, deals_played=10)
    capot_short_of_500 = replace(FFB_CAPOT_80, trump="H", contract=500)

    step = advance_match(state, MatchDeal(B, capot_short_of_500), FFB, TARGET_2000)

    assert step.state == MatchState(
        total_a=2060, total_b=1000, deals_played=11, is_finished=True, result=MatchResult.A
    )


def test_classic_belote_does_not_make_a_team_reaching_the_target_by_its_belote_wait():
    state = MatchState(total_a=990, total_b=500, deals_played=10)
    dedans_with_belote = replace(CLASSIC_DEDANS, taker_belotes=1)

    step = advance_match(
        state, MatchDeal(A, dedans_with_belote), CLASSIC, MatchFormat(FormatKind.TARGET, 1001)
    )

    assert step.state == MatchState(
        total_a=1010, total_b=662, deals_played=11, is_finished=True, result=MatchResult.A
    )


def test_the_belote_rule_follows_the_ruleset_setting():
    rules = replace(FFB, needs_trick_after_belote_target=False)
    state = MatchState(total_a=1990, total_b=1000, deals_played=10)

    step = advance_match(state, MatchDeal(A, FFB_CHUTE_WITH_BELOTE), rules, TARGET_2000)

    assert step.state == MatchState(
        total_a=2010, total_b=1270, deals_played=11, is_finished=True, result=MatchResult.A
    )


# --- score_match ----------------------------------------------------------------------------------


def test_score_match_returns_every_step_and_the_final_state():
    deals = [MatchDeal(A, FFB_MADE_90), MatchDeal(A, None), MatchDeal(B, FFB_MADE_80)]

    match = score_match(deals, FFB, MatchFormat(FormatKind.DEALS, 2))

    first = MatchState(total_a=190, total_b=60, deals_played=1)
    last = MatchState(
        total_a=270, total_b=230, deals_played=2, is_finished=True, result=MatchResult.A
    )
    assert match == MatchScore(
        steps=(
            MatchStep(deals[0], score_deal(FFB_MADE_90, FFB), first),
            MatchStep(deals[1], None, first),
            MatchStep(deals[2], score_deal(FFB_MADE_80, FFB), last),
        ),
        state=last,
    )


def test_score_match_of_no_deal_is_an_empty_unfinished_match():
    match = score_match([], FFB, DEALS_12)

    assert match == MatchScore(steps=(), state=MatchState())


def test_score_match_refuses_a_deal_after_the_end():
    deals = [MatchDeal(A, FFB_MADE_90), MatchDeal(B, FFB_MADE_80)]

    with pytest.raises(MatchFinished) as info:
        score_match(deals, FFB, MatchFormat(FormatKind.DEALS, 1))

    assert str(info.value) == "the match has already ended"


def test_score_match_raises_for_the_first_invalid_deal():
    deals = [MatchDeal(A, FFB_MADE_90), MatchDeal(B, replace(FFB_MADE_80, contract=85))]

    with pytest.raises(InvalidDeal) as info:
        score_match(deals, FFB, DEALS_12)

    assert info.value.error == DealError(ErrorCode.CONTRACT, "step", (("step", 10),))


def test_contree_presets_add_plain_deal_scores_without_reserve():
    made = Deal(
        trump="H", contract=80, taker_card_points=105, defence_card_points=57, taker_tricks=6
    )

    match = score_match([MatchDeal(A, made), MatchDeal(B, made)], CONTREE, DEALS_12)

    assert match.state == MatchState(total_a=190 + 60, total_b=60 + 190, deals_played=2)


def test_a_target_match_ended_by_one_team_is_won_on_totals_after_the_reserve_returns():
    deals = [MatchDeal(A, CLASSIC_LITIGE), MatchDeal(B, CLASSIC_LITIGE_WITH_BELOTE)]

    states = play(MatchState(), deals, CLASSIC, MatchFormat(FormatKind.TARGET, 100))

    assert states == [
        MatchState(total_a=0, total_b=81, reserve_a=81, deals_played=1),
        MatchState(
            total_a=91 + 81,
            total_b=101 + 71,
            deals_played=2,
            is_finished=True,
            result=MatchResult.DRAW,
        ),
    ]
