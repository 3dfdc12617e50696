"""Every failure of one deal at once (``scoring.deal_errors``, RULES.md §B6 order)."""

from dataclasses import replace

import pytest

from scoring import Deal, DealError, ErrorCode, deal_errors, get_ruleset, validate_deal

FFB = get_ruleset("ffb-coinche")
CLASSIC = get_ruleset("belote-classique")
SANS_ANNONCES = get_ruleset("belote-sans-annonces")

#: A valid ffb-coinche deal; each test changes only what it is about.
BASE = Deal(trump="H", contract=90, taker_card_points=100, defence_card_points=62, taker_tricks=5)
CAPOT_PARAMS = (("capot_card_points", 252),)


def error(code, reason, *params):
    return DealError(code, reason, tuple(params))


def test_a_valid_deal_has_no_error():
    assert deal_errors(BASE, FFB) == []
    assert deal_errors(replace(BASE, contract=None, coinche="none"), CLASSIC) == []


def test_it_lists_one_failure_of_each_code_in_b6_order():
    deal = replace(
        BASE,
        trump="Z",
        taker_tricks=9,
        taker_card_points=-10,
        defence_card_points=100,
        taker_belotes=2,
        taker_declarations=15,
        contract=None,
        coinche="x4",
    )
    assert deal_errors(deal, FFB) == [
        error(ErrorCode.TRUMP, "unknown", ("trump", "Z")),
        error(ErrorCode.TRICKS, "range", ("tricks", 9)),
        # The tricks are refused: only the card points' own check is left.
        error(ErrorCode.CARD_POINTS, "negative"),
        # The trump is unknown: no belote limit to check 2 against.
        error(ErrorCode.DECLARATIONS, "step"),
        error(ErrorCode.CONTRACT, "missing"),
        error(ErrorCode.COINCHE, "unknown", ("coinche", "x4")),
    ]


def test_validate_deal_returns_the_first_of_them():
    deal = replace(BASE, trump="Z", taker_tricks=9, contract=None)
    assert validate_deal(deal, FFB) == deal_errors(deal, FFB)[0]
    assert validate_deal(deal, FFB) == error(ErrorCode.TRUMP, "unknown", ("trump", "Z"))
    assert validate_deal(BASE, FFB) is None


def test_it_names_every_count_that_is_no_integer_and_skips_the_checks_that_need_it():
    deal = replace(
        BASE, taker_card_points="abc", taker_belotes=1.5, defence_declarations=None, contract=85
    )
    assert deal_errors(deal, FFB) == [
        error(ErrorCode.NUMBER, "not_integer", ("field", "taker_card_points")),
        error(ErrorCode.NUMBER, "not_integer", ("field", "taker_belotes")),
        error(ErrorCode.NUMBER, "not_integer", ("field", "defence_declarations")),
        error(ErrorCode.CONTRACT, "step", ("step", 10)),
    ]


def test_a_trump_not_allowed_still_has_its_belote_limit_checked():
    deal = replace(BASE, trump="SA", contract=None, taker_belotes=1, coinche="coinche")
    assert deal_errors(deal, CLASSIC) == [
        error(ErrorCode.TRUMP, "not_allowed", ("trump", "SA")),
        error(ErrorCode.BELOTE, "too_many", ("limit", 0)),
        error(ErrorCode.COINCHE, "not_allowed"),
    ]


def test_negative_card_points_and_a_wrong_total_are_both_reported():
    deal = replace(BASE, taker_card_points=-10, defence_card_points=100)
    assert deal_errors(deal, FFB) == [
        error(ErrorCode.CARD_POINTS, "negative"),
        error(
            ErrorCode.CARD_POINTS,
            "total",
            ("total", 90),
            ("deal_card_points", 162),
            ("capot_card_points", 252),
        ),
    ]


def test_negative_card_points_with_all_eight_tricks_are_no_capot_either():
    deal = replace(BASE, taker_tricks=8, taker_card_points=-252, defence_card_points=0)
    assert deal_errors(deal, FFB) == [
        error(ErrorCode.CARD_POINTS, "negative"),
        error(ErrorCode.CARD_POINTS, "taker_capot", *CAPOT_PARAMS),
    ]


def test_a_negative_belote_and_too_many_are_both_reported():
    deal = replace(BASE, taker_belotes=-1, defence_belotes=3)
    assert deal_errors(deal, FFB) == [
        error(ErrorCode.BELOTE, "negative"),
        error(ErrorCode.BELOTE, "too_many", ("limit", 1)),
    ]


def test_every_declaration_failure_is_reported_in_order():
    deal = replace(BASE, contract=None, taker_declarations=-5, defence_declarations=605)
    assert deal_errors(deal, SANS_ANNONCES) == [
        error(ErrorCode.DECLARATIONS, "negative"),
        error(ErrorCode.DECLARATIONS, "step"),
        error(ErrorCode.DECLARATIONS, "too_high", ("limit", 550)),
        error(ErrorCode.DECLARATIONS, "both_sides"),
        error(ErrorCode.DECLARATIONS, "not_allowed"),
    ]


@pytest.mark.parametrize(
    ("contract", "expected"),
    [
        (75, [("below_minimum", ("minimum", 80)), ("step", ("step", 10))]),
        (505, [("above_maximum", ("maximum", 500)), ("step", ("step", 10))]),
        (510, [("above_maximum", ("maximum", 500))]),
        (70, [("below_minimum", ("minimum", 80))]),
        ("abc", [("not_integer", ("contract", "abc"))]),
    ],
)
def test_a_contract_out_of_bounds_and_off_the_step_has_both_errors(contract, expected):
    errors = deal_errors(replace(BASE, contract=contract), FFB)
    assert errors == [error(ErrorCode.CONTRACT, reason, param) for reason, param in expected]


def test_a_contract_in_classic_belote_comes_alone():
    assert deal_errors(BASE, CLASSIC) == [error(ErrorCode.CONTRACT, "not_allowed")]
