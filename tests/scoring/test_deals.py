"""Validating and scoring one deal (RULES.md §B1–§B6)."""

from dataclasses import replace

import pytest

from scoring import (
    CoincheLevel,
    Deal,
    DealError,
    DealOutcome,
    DealScore,
    ErrorCode,
    InvalidDeal,
    LineKind,
    LinePart,
    PartKind,
    ScoreLine,
    Side,
    Trump,
    get_ruleset,
    round_to_ten,
    score_deal,
    validate_deal,
)

FFB = get_ruleset("ffb-coinche")
CONTREE = get_ruleset("ffb-contree")
POINTS_FAITS = get_ruleset("contree-points-faits")
POINTS_ANNONCES = get_ruleset("contree-points-annonces")
CLASSIC = get_ruleset("belote-classique")
SANS_ANNONCES = get_ruleset("belote-sans-annonces")

TAKER, DEFENCE = Side.TAKER, Side.DEFENCE
MADE, CHUTE, LITIGE = DealOutcome.MADE, DealOutcome.CHUTE, DealOutcome.LITIGE

#: A valid ffb-coinche deal; each test changes only what it is about.
BASE = Deal(trump="H", contract=90, taker_card_points=100, defence_card_points=62, taker_tricks=5)
#: What a card-point error about a capot quotes: a capot side's 252 card points (RULES.md §A).
CAPOT_PARAMS = (("capot_card_points", 252),)
#: What an error about a wrong total quotes: the total, a deal's 162, a capot's 252.
TOTAL_161_PARAMS = (("total", 161), ("deal_card_points", 162), ("capot_card_points", 252))
#: A valid classic deal.
CLASSIC_BASE = replace(BASE, contract=None)


def line(side, kind, base_points, amount=None, multiplier=1, rule="", parts=()):
    """Build a ScoreLine; ``amount`` defaults to ``base_points`` (no rounding, no multiplier)."""
    amount = base_points if amount is None else amount
    return ScoreLine(side, kind, base_points, amount, multiplier, rule, parts)


def cards(card_points, belote=0, declarations=0):
    """Return the parts of a §B1.4 deal total: card points, then belote and declarations."""
    parts = [LinePart(PartKind.CARD_POINTS, card_points)]
    if belote:
        parts.append(LinePart(PartKind.BELOTE, belote))
    if declarations:
        parts.append(LinePart(PartKind.DECLARATIONS, declarations))
    return tuple(parts)


# --- §B6: one test per code and per reason ---------------------------------------------


def test_it_accepts_a_valid_deal():
    error = validate_deal(BASE, FFB)

    assert error is None


def test_it_accepts_the_trump_and_coinche_as_enums_or_as_text():
    deal = replace(BASE, trump=Trump.HEARTS, coinche=CoincheLevel.COINCHE)

    errors = (validate_deal(deal, FFB), validate_deal(replace(deal, trump="H"), FFB))

    assert errors == (None, None)


def test_it_rejects_an_unknown_trump():
    error = validate_deal(replace(BASE, trump="X"), FFB)

    assert error == DealError(ErrorCode.TRUMP, "unknown", (("trump", "X"),))


def test_it_rejects_a_lower_case_trump_given_to_the_engine_directly():
    error = validate_deal(replace(BASE, trump="h"), FFB)

    assert error == DealError(ErrorCode.TRUMP, "unknown", (("trump", "h"),))


@pytest.mark.parametrize("trump", ["SA", "TA"])
def test_it_rejects_sans_atout_and_tout_atout_in_classic_belote(trump):
    error = validate_deal(replace(CLASSIC_BASE, trump=trump), CLASSIC)

    assert error == DealError(ErrorCode.TRUMP, "not_allowed", (("trump", trump),))


COUNT_FIELDS = [
    "taker_card_points",
    "defence_card_points",
    "taker_tricks",
    "taker_belotes",
    "defence_belotes",
    "taker_declarations",
    "defence_declarations",
]


@pytest.mark.parametrize("field", COUNT_FIELDS)
@pytest.mark.parametrize("value", ["12", 12.0, None])
def test_it_rejects_a_count_that_is_not_an_integer(field, value):
    error = validate_deal(replace(BASE, **{field: value}), FFB)

    assert error == DealError(ErrorCode.NUMBER, "not_integer", (("field", field),))


@pytest.mark.parametrize("field", COUNT_FIELDS)
def test_it_rejects_a_count_given_as_a_bool(field):
    error = validate_deal(replace(BASE, **{field: True}), FFB)

    assert error == DealError(ErrorCode.NUMBER, "not_integer", (("field", field),))


@pytest.mark.parametrize("tricks", [-1, 9])
def test_it_rejects_tricks_outside_0_to_8(tricks):
    error = validate_deal(replace(BASE, taker_tricks=tricks), FFB)

    assert error == DealError(ErrorCode.TRICKS, "range", (("tricks", tricks),))


def test_it_rejects_negative_card_points():
    deal = replace(BASE, taker_card_points=172, defence_card_points=-10)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.CARD_POINTS, "negative")


def test_it_rejects_card_points_not_totalling_162():
    deal = replace(BASE, taker_card_points=100, defence_card_points=61)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.CARD_POINTS, "total", TOTAL_161_PARAMS)


def test_it_rejects_a_taker_with_all_8_tricks_but_not_252_to_0():
    deal = replace(BASE, taker_card_points=162, defence_card_points=0, taker_tricks=8)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.CARD_POINTS, "taker_capot", CAPOT_PARAMS)


def test_it_rejects_a_defence_with_all_8_tricks_but_not_0_to_252():
    deal = replace(BASE, taker_card_points=0, defence_card_points=162, taker_tricks=0)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.CARD_POINTS, "defence_capot", CAPOT_PARAMS)


@pytest.mark.parametrize(("taker", "defence"), [(252, 0), (0, 252)])
def test_it_rejects_252_card_points_without_all_8_tricks(taker, defence):
    deal = replace(BASE, taker_card_points=taker, defence_card_points=defence, taker_tricks=7)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.CARD_POINTS, "capot_without_tricks", CAPOT_PARAMS)


def test_it_accepts_all_162_card_points_with_7_tricks_because_capot_counts_tricks():
    deal = replace(BASE, taker_card_points=162, defence_card_points=0, taker_tricks=7)

    error = validate_deal(deal, FFB)

    assert error is None


def test_it_rejects_a_negative_belote_count():
    error = validate_deal(replace(BASE, defence_belotes=-1), FFB)

    assert error == DealError(ErrorCode.BELOTE, "negative")


@pytest.mark.parametrize(
    ("trump", "taker", "defence", "limit"),
    [
        ("H", 1, 1, 1),
        ("S", 2, 0, 1),
        ("SA", 1, 0, 0),
        ("SA", 0, 1, 0),
        ("TA", 3, 2, 4),
        ("TA", 0, 5, 4),
    ],
)
def test_it_rejects_more_belotes_than_the_trump_allows(trump, taker, defence, limit):
    deal = replace(BASE, trump=trump, taker_belotes=taker, defence_belotes=defence)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.BELOTE, "too_many", (("limit", limit),))


@pytest.mark.parametrize(("trump", "taker", "defence"), [("H", 0, 1), ("TA", 2, 2)])
def test_it_accepts_belotes_up_to_the_trumps_limit(trump, taker, defence):
    deal = replace(BASE, trump=trump, taker_belotes=taker, defence_belotes=defence)

    error = validate_deal(deal, FFB)

    assert error is None


def test_it_rejects_negative_declarations():
    error = validate_deal(replace(BASE, taker_declarations=-20), FFB)

    assert error == DealError(ErrorCode.DECLARATIONS, "negative")


def test_it_rejects_declarations_that_are_not_a_multiple_of_ten():
    error = validate_deal(replace(BASE, defence_declarations=25), FFB)

    assert error == DealError(ErrorCode.DECLARATIONS, "step")


def test_it_rejects_declarations_on_both_sides():
    deal = replace(BASE, taker_declarations=20, defence_declarations=50)

    error = validate_deal(deal, FFB)

    assert error == DealError(ErrorCode.DECLARATIONS, "both_sides")


@pytest.mark.parametrize(
    "ruleset_id",
    ["ffb-contree", "contree-points-faits", "contree-points-annonces", "belote-sans-annonces"],
)
def test_it_rejects_declarations_in_a_belote_only_preset(ruleset_id):
    rules = get_ruleset(ruleset_id)
    deal = replace(BASE, contract=BASE.contract if rules.has_contract else None)

    error = validate_deal(replace(deal, defence_declarations=20), rules)

    assert error == DealError(ErrorCode.DECLARATIONS, "not_allowed")


def test_it_rejects_a_missing_contract_where_the_preset_has_contracts():
    error = validate_deal(replace(BASE, contract=None), CONTREE)

    assert error == DealError(ErrorCode.CONTRACT, "missing")


@pytest.mark.parametrize(("contract", "text"), [("cent", "cent"), (100.0, "100.0"), (True, "True")])
def test_it_rejects_a_contract_that_is_not_an_integer(contract, text):
    error = validate_deal(replace(BASE, contract=contract), FFB)

    assert error == DealError(ErrorCode.CONTRACT, "not_integer", (("contract", text),))


def test_it_rejects_a_contract_below_80():
    error = validate_deal(replace(BASE, contract=70), FFB)

    assert error == DealError(ErrorCode.CONTRACT, "below_minimum", (("minimum", 80),))


@pytest.mark.parametrize(("rules", "contract", "maximum"), [(FFB, 510, 500), (CONTREE, 170, 160)])
def test_it_rejects_a_contract_above_the_presets_maximum(rules, contract, maximum):
    error = validate_deal(replace(BASE, contract=contract), rules)

    assert error == DealError(ErrorCode.CONTRACT, "above_maximum", (("maximum", maximum),))


def test_it_rejects_a_contract_that_is_not_a_multiple_of_ten():
    error = validate_deal(replace(BASE, contract=85), FFB)

    assert error == DealError(ErrorCode.CONTRACT, "step", (("step", 10),))


@pytest.mark.parametrize(("rules", "contract"), [(FFB, 500), (CONTREE, 160), (FFB, "capot")])
def test_it_accepts_the_highest_contract_and_capot(rules, contract):
    deal = replace(BASE, contract=contract)

    error = validate_deal(deal, rules)

    assert error is None


@pytest.mark.parametrize("contract", [100, "capot", 0])
def test_it_rejects_any_contract_in_classic_belote(contract):
    error = validate_deal(replace(CLASSIC_BASE, contract=contract), CLASSIC)

    assert error == DealError(ErrorCode.CONTRACT, "not_allowed")


def test_it_rejects_an_unknown_coinche_level():
    error = validate_deal(replace(BASE, coinche="double"), FFB)

    assert error == DealError(ErrorCode.COINCHE, "unknown", (("coinche", "double"),))


@pytest.mark.parametrize("coinche", ["coinche", "surcoinche"])
def test_it_rejects_any_coinche_in_classic_belote(coinche):
    error = validate_deal(replace(CLASSIC_BASE, coinche=coinche), SANS_ANNONCES)

    assert error == DealError(ErrorCode.COINCHE, "not_allowed")


def test_it_lists_the_error_codes_in_the_order_of_rules_b6():
    codes = [code.value for code in ErrorCode]

    assert codes == [
        "ruleset",
        "trump",
        "number",
        "tricks",
        "card_points",
        "belote",
        "declarations",
        "contract",
        "coinche",
    ]


def test_it_reports_the_earliest_of_several_faults_in_b6_order():
    faults = [
        {"trump": "X"},
        {"defence_belotes": "none"},
        {"taker_tricks": 9},
        {"defence_card_points": 61},
        {"taker_belotes": 2},
        {"taker_declarations": 15},
        {"contract": 85},
        {"coinche": "double"},
    ]

    codes = []
    for first in range(len(faults)):
        changes = {key: value for fault in faults[first:] for key, value in fault.items()}
        codes.append(validate_deal(replace(BASE, **changes), CONTREE).code)

    assert codes == [
        ErrorCode.TRUMP,
        ErrorCode.NUMBER,
        ErrorCode.TRICKS,
        ErrorCode.CARD_POINTS,
        ErrorCode.BELOTE,
        ErrorCode.DECLARATIONS,
        ErrorCode.CONTRACT,
        ErrorCode.COINCHE,
    ]


def test_score_deal_raises_invalid_deal_carrying_the_first_failure():
    deal = replace(BASE, defence_card_points=61, contract=85)

    with pytest.raises(InvalidDeal) as info:
        score_deal(deal, FFB)

    assert (info.value.error, str(info.value)) == (
        DealError(ErrorCode.CARD_POINTS, "total", TOTAL_161_PARAMS),
        "card_points: total",
    )


def test_an_invalid_deal_without_a_reason_reads_as_its_code():
    invalid = InvalidDeal(DealError(ErrorCode.CONTRACT))

    assert str(invalid) == "contract"


# --- Rounding ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scored_points", "rounded"),
    [(84, 80), (85, 90), (0, 0), (5, 10), (4, 0), (95, 100), (250, 250), (252, 250)],
)
def test_it_rounds_to_the_nearest_ten_with_5_going_up(scored_points, rounded):
    assert round_to_ten(scored_points) == rounded


def test_a_line_is_rounded_when_its_amount_differs_from_its_points():
    lines = [
        ScoreLine(TAKER, LineKind.DEAL_TOTAL, 85, 90),
        ScoreLine(TAKER, LineKind.DEAL_TOTAL, 80, 80),
        ScoreLine(DEFENCE, LineKind.DEAL_POINTS, 160, 320, multiplier=2),
    ]

    flags = [score_line.is_rounded for score_line in lines]

    assert flags == [True, False, False]


# --- §B1 ffb-coinche ------------------------------------------------------------------


def test_ffb_coinche_made_rounds_each_side_separately_and_adds_the_contract():
    deal = Deal(
        trump="H", contract=80, taker_card_points=85, defence_card_points=77, taker_tricks=5
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=170,
        defence_score=80,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_TOTAL, 85, 90, rule="§B1.4", parts=cards(85)),
            line(TAKER, LineKind.CONTRACT, 80, rule="§B1.4"),
            line(DEFENCE, LineKind.DEAL_TOTAL, 77, 80, rule="§B1.4", parts=cards(77)),
        ),
    )


def test_ffb_coinche_made_counts_belote_and_declarations_in_each_sides_total():
    deal = Deal(
        trump="S",
        contract=100,
        taker_card_points=70,
        defence_card_points=92,
        taker_tricks=4,
        taker_belotes=1,
        defence_belotes=0,
        taker_declarations=50,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=240,
        defence_score=90,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_TOTAL, 140, rule="§B1.4", parts=cards(70, 20, 50)),
            line(TAKER, LineKind.CONTRACT, 100, rule="§B1.4"),
            line(DEFENCE, LineKind.DEAL_TOTAL, 92, 90, rule="§B1.4", parts=cards(92)),
        ),
    )


def test_ffb_coinche_coinched_made_doubles_160_declarations_and_contract():
    deal = Deal(
        trump="H",
        contract=100,
        coinche="coinche",
        taker_card_points=110,
        defence_card_points=52,
        taker_tricks=6,
        defence_belotes=1,
        taker_declarations=50,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=620,
        defence_score=20,
        reserve=0,
        outcome=MADE,
        multiplier=2,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_POINTS, 160, 320, 2, "§B1.5"),
            line(TAKER, LineKind.DECLARATIONS, 50, 100, 2, "§B1.5"),
            line(TAKER, LineKind.CONTRACT, 100, 200, 2, "§B1.5"),
            line(DEFENCE, LineKind.BELOTE, 20, rule="§B1.5"),
        ),
    )


def test_ffb_coinche_surcoinched_unbid_capot_takes_250_and_the_defence_declarations():
    deal = Deal(
        trump="S",
        contract=120,
        coinche="surcoinche",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        taker_belotes=1,
        defence_declarations=50,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=1760,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=4,
        taker_capot=True,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_POINTS, 250, 1000, 4, "§B1.5"),
            line(TAKER, LineKind.BELOTE, 20, 80, 4, "§B1.5"),
            line(TAKER, LineKind.OPPONENT_DECLARATIONS, 50, 200, 4, "§B1.5"),
            line(TAKER, LineKind.CONTRACT, 120, 480, 4, "§B1.5"),
        ),
    )


def test_ffb_coinche_unbid_capot_moves_the_defence_declarations_to_the_taker():
    deal = Deal(
        trump="D",
        contract=110,
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        defence_belotes=1,
        defence_declarations=20,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=380,
        defence_score=20,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=True,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_TOTAL, 272, 270, rule="§B1.4", parts=cards(252, 0, 20)),
            line(TAKER, LineKind.CONTRACT, 110, rule="§B1.4"),
            line(DEFENCE, LineKind.DEAL_TOTAL, 20, rule="§B1.4", parts=cards(0, 20)),
        ),
    )


def test_ffb_coinche_capot_bid_made_adds_250():
    deal = Deal(
        trump="C", contract="capot", taker_card_points=252, defence_card_points=0, taker_tricks=8
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=500,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=True,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_TOTAL, 252, 250, rule="§B1.4", parts=cards(252)),
            line(TAKER, LineKind.CONTRACT, 250, rule="§B1.4"),
        ),
    )


def test_ffb_coinche_capot_bid_failed_gives_the_defence_160_plus_250():
    deal = Deal(
        trump="C", contract="capot", taker_card_points=150, defence_card_points=12, taker_tricks=7
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=0,
        defence_score=410,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B1.6"),
            line(DEFENCE, LineKind.CONTRACT, 250, rule="§B1.6"),
        ),
    )


def test_ffb_coinche_coinched_capot_bid_made_doubles_250_plus_250():
    deal = Deal(
        trump="H",
        contract="capot",
        coinche="coinche",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=1000,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=2,
        taker_capot=True,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.DEAL_POINTS, 250, 500, 2, "§B1.5"),
            line(TAKER, LineKind.CONTRACT, 250, 500, 2, "§B1.5"),
        ),
    )


def test_ffb_coinche_chute_keeps_the_taker_belote_and_hands_its_declarations_over():
    deal = Deal(
        trump="D",
        contract=140,
        taker_card_points=95,
        defence_card_points=67,
        taker_tricks=5,
        taker_belotes=1,
        taker_declarations=20,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=20,
        defence_score=320,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.BELOTE, 20, rule="§B1.6"),
            line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B1.6"),
            line(DEFENCE, LineKind.OPPONENT_DECLARATIONS, 20, rule="§B1.6"),
            line(DEFENCE, LineKind.CONTRACT, 140, rule="§B1.6"),
        ),
    )


def test_ffb_coinche_tie_on_totals_is_a_chute():
    deal = Deal(
        trump="C", contract=80, taker_card_points=81, defence_card_points=81, taker_tricks=4
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=0,
        defence_score=240,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B1.6"),
            line(DEFENCE, LineKind.CONTRACT, 80, rule="§B1.6"),
        ),
    )


def test_ffb_coinche_coinched_chute_doubles_the_defence_belote_and_declarations():
    deal = Deal(
        trump="H",
        contract=100,
        coinche="coinche",
        taker_card_points=85,
        defence_card_points=77,
        taker_tricks=5,
        defence_belotes=1,
        defence_declarations=20,
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=0,
        defence_score=600,
        reserve=0,
        outcome=CHUTE,
        multiplier=2,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.DEAL_POINTS, 160, 320, 2, "§B1.6"),
            line(DEFENCE, LineKind.DECLARATIONS, 20, 40, 2, "§B1.6"),
            line(DEFENCE, LineKind.BELOTE, 20, 40, 2, "§B1.6"),
            line(DEFENCE, LineKind.CONTRACT, 100, 200, 2, "§B1.6"),
        ),
    )


def test_ffb_coinche_capot_taker_short_of_a_high_contract_is_chuted():
    deal = Deal(
        trump="H", contract=500, taker_card_points=252, defence_card_points=0, taker_tricks=8
    )

    score = score_deal(deal, FFB)

    assert score == DealScore(
        taker_score=0,
        defence_score=660,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=True,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B1.6"),
            line(DEFENCE, LineKind.CONTRACT, 500, rule="§B1.6"),
        ),
    )


# --- §B2–§B4 contrée ------------------------------------------------------------------

CONTREE_MADE = Deal(
    trump="H",
    contract=80,
    taker_card_points=105,
    defence_card_points=57,
    taker_tricks=6,
    defence_belotes=1,
)


def test_contree_b2_made_gives_the_taker_its_rounded_cards_the_contract_and_every_belote():
    score = score_deal(CONTREE_MADE, CONTREE)

    assert score == DealScore(
        taker_score=210,
        defence_score=60,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.CARD_POINTS, 105, 110, rule="§B2"),
            line(TAKER, LineKind.CONTRACT, 80, rule="§B2"),
            line(DEFENCE, LineKind.CARD_POINTS, 57, 60, rule="§B2"),
            line(TAKER, LineKind.OPPONENT_BELOTE, 20, rule="§B2"),
        ),
    )


def test_contree_b3_made_gives_the_taker_its_rounded_cards_and_every_belote():
    score = score_deal(CONTREE_MADE, POINTS_FAITS)

    assert score == DealScore(
        taker_score=130,
        defence_score=60,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.CARD_POINTS, 105, 110, rule="§B3"),
            line(DEFENCE, LineKind.CARD_POINTS, 57, 60, rule="§B3"),
            line(TAKER, LineKind.OPPONENT_BELOTE, 20, rule="§B3"),
        ),
    )


def test_contree_b4_made_gives_the_taker_the_contract_only():
    score = score_deal(CONTREE_MADE, POINTS_ANNONCES)

    assert score == DealScore(
        taker_score=80,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(line(TAKER, LineKind.CONTRACT, 80, rule="§B4"),),
    )


CONTREE_CHUTE = Deal(
    trump="S",
    contract=100,
    taker_card_points=79,
    defence_card_points=83,
    taker_tricks=4,
    taker_belotes=1,
)


@pytest.mark.parametrize(
    ("rules", "defence_score", "lines"),
    [
        (
            CONTREE,
            280,
            (
                line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B2"),
                line(DEFENCE, LineKind.CONTRACT, 100, rule="§B2"),
                line(DEFENCE, LineKind.OPPONENT_BELOTE, 20, rule="§B2"),
            ),
        ),
        (
            POINTS_FAITS,
            180,
            (
                line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B3"),
                line(DEFENCE, LineKind.OPPONENT_BELOTE, 20, rule="§B3"),
            ),
        ),
        (
            POINTS_ANNONCES,
            160,
            (line(DEFENCE, LineKind.DEAL_POINTS, 160, rule="§B4"),),
        ),
    ],
    ids=["b2", "b3", "b4"],
)
def test_contree_chute_gives_the_defence_160_and_takes_the_taker_belote(
    rules, defence_score, lines
):
    score = score_deal(CONTREE_CHUTE, rules)

    assert score == DealScore(
        taker_score=0,
        defence_score=defence_score,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=lines,
    )


CONTREE_COINCHED_CHUTE = Deal(
    trump="C",
    contract=110,
    coinche="coinche",
    taker_card_points=80,
    defence_card_points=82,
    taker_tricks=4,
    taker_belotes=1,
)


@pytest.mark.parametrize(
    ("rules", "defence_score", "lines"),
    [
        (
            CONTREE,
            560,
            (
                line(DEFENCE, LineKind.DEAL_POINTS, 160, 320, 2, "§B2"),
                line(DEFENCE, LineKind.CONTRACT, 110, 220, 2, "§B2"),
                line(DEFENCE, LineKind.OPPONENT_BELOTE, 20, rule="§B2"),
            ),
        ),
        (
            POINTS_FAITS,
            340,
            (
                line(DEFENCE, LineKind.DEAL_POINTS, 160, 320, 2, "§B3"),
                line(DEFENCE, LineKind.OPPONENT_BELOTE, 20, rule="§B3"),
            ),
        ),
        (
            POINTS_ANNONCES,
            220,
            (line(DEFENCE, LineKind.CONTRACT, 110, 220, 2, "§B4"),),
        ),
    ],
    ids=["b2", "b3", "b4"],
)
def test_contree_coinched_chute_multiplies_before_the_belote_is_added(rules, defence_score, lines):
    score = score_deal(CONTREE_COINCHED_CHUTE, rules)

    assert score == DealScore(
        taker_score=0,
        defence_score=defence_score,
        reserve=0,
        outcome=CHUTE,
        multiplier=2,
        taker_capot=False,
        defence_capot=False,
        lines=lines,
    )


CONTREE_COINCHED_CAPOT = Deal(
    trump="H",
    contract=100,
    coinche="coinche",
    taker_card_points=252,
    defence_card_points=0,
    taker_tricks=8,
    taker_belotes=1,
)


@pytest.mark.parametrize(
    ("rules", "taker_score", "lines"),
    [
        (
            CONTREE,
            720,
            (
                line(TAKER, LineKind.DEAL_POINTS, 250, 500, 2, "§B2"),
                line(TAKER, LineKind.CONTRACT, 100, 200, 2, "§B2"),
                line(TAKER, LineKind.BELOTE, 20, rule="§B2"),
            ),
        ),
        (
            POINTS_FAITS,
            440,
            (
                line(TAKER, LineKind.DEAL_POINTS, 160, 320, 2, "§B3"),
                line(TAKER, LineKind.CAPOT_BONUS, 100, rule="§B3"),
                line(TAKER, LineKind.BELOTE, 20, rule="§B3"),
            ),
        ),
        (
            POINTS_ANNONCES,
            200,
            (line(TAKER, LineKind.CONTRACT, 100, 200, 2, "§B4"),),
        ),
    ],
    ids=["b2", "b3", "b4"],
)
def test_contree_coinched_unbid_capot_scores_as_each_counting_says(rules, taker_score, lines):
    score = score_deal(CONTREE_COINCHED_CAPOT, rules)

    assert score == DealScore(
        taker_score=taker_score,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=2,
        taker_capot=True,
        defence_capot=False,
        lines=lines,
    )


CONTREE_UNBID_CAPOT = Deal(
    trump="C",
    contract=100,
    taker_card_points=252,
    defence_card_points=0,
    taker_tricks=8,
    defence_belotes=1,
)


@pytest.mark.parametrize(
    ("rules", "taker_score", "lines"),
    [
        (
            CONTREE,
            370,
            (
                line(TAKER, LineKind.DEAL_POINTS, 250, rule="§B2"),
                line(TAKER, LineKind.CONTRACT, 100, rule="§B2"),
                line(TAKER, LineKind.OPPONENT_BELOTE, 20, rule="§B2"),
            ),
        ),
        (
            POINTS_FAITS,
            270,
            (
                line(TAKER, LineKind.DEAL_POINTS, 250, rule="§B3"),
                line(TAKER, LineKind.OPPONENT_BELOTE, 20, rule="§B3"),
            ),
        ),
        (
            POINTS_ANNONCES,
            100,
            (line(TAKER, LineKind.CONTRACT, 100, rule="§B4"),),
        ),
    ],
    ids=["b2", "b3", "b4"],
)
def test_contree_unbid_capot_scores_250_where_cards_count(rules, taker_score, lines):
    score = score_deal(CONTREE_UNBID_CAPOT, rules)

    assert score == DealScore(
        taker_score=taker_score,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=True,
        defence_capot=False,
        lines=lines,
    )


CONTREE_CAPOT_BID_MADE = Deal(
    trump="C",
    contract="capot",
    taker_card_points=252,
    defence_card_points=0,
    taker_tricks=8,
    defence_belotes=1,
)


@pytest.mark.parametrize(
    ("rules", "taker_score", "lines"),
    [
        (
            CONTREE,
            520,
            (
                line(TAKER, LineKind.CAPOT_BID, 500, rule="§B2"),
                line(TAKER, LineKind.OPPONENT_BELOTE, 20, rule="§B2"),
            ),
        ),
        (
            POINTS_FAITS,
            520,
            (
                line(TAKER, LineKind.CAPOT_BID, 500, rule="§B3"),
                line(TAKER, LineKind.OPPONENT_BELOTE, 20, rule="§B3"),
            ),
        ),
        (
            POINTS_ANNONCES,
            250,
            (line(TAKER, LineKind.CAPOT_BID, 250, rule="§B4"),),
        ),
    ],
    ids=["b2", "b3", "b4"],
)
def test_contree_capot_bid_made_scores_the_capot_value(rules, taker_score, lines):
    score = score_deal(CONTREE_CAPOT_BID_MADE, rules)

    assert score == DealScore(
        taker_score=taker_score,
        defence_score=0,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=True,
        defence_capot=False,
        lines=lines,
    )


CONTREE_CAPOT_BID_FAILED = Deal(
    trump="S",
    contract="capot",
    coinche="coinche",
    taker_card_points=150,
    defence_card_points=12,
    taker_tricks=7,
    taker_belotes=1,
)


@pytest.mark.parametrize(
    ("rules", "defence_score", "lines"),
    [
        (
            CONTREE,
            1020,
            (
                line(DEFENCE, LineKind.CAPOT_BID, 500, 1000, 2, "§B2"),
                line(DEFENCE, LineKind.OPPONENT_BELOTE, 20, rule="§B2"),
            ),
        ),
        (
            POINTS_FAITS,
            1020,
            (
                line(DEFENCE, LineKind.CAPOT_BID, 500, 1000, 2, "§B3"),
                line(DEFENCE, LineKind.OPPONENT_BELOTE, 20, rule="§B3"),
            ),
        ),
        (
            POINTS_ANNONCES,
            500,
            (line(DEFENCE, LineKind.CAPOT_BID, 250, 500, 2, "§B4"),),
        ),
    ],
    ids=["b2", "b3", "b4"],
)
def test_contree_coinched_capot_bid_failed_gives_the_defence_the_capot_value(
    rules, defence_score, lines
):
    score = score_deal(CONTREE_CAPOT_BID_FAILED, rules)

    assert score == DealScore(
        taker_score=0,
        defence_score=defence_score,
        reserve=0,
        outcome=CHUTE,
        multiplier=2,
        taker_capot=False,
        defence_capot=False,
        lines=lines,
    )


def test_contree_counts_the_taker_belote_toward_the_contract_but_not_the_defence_total():
    deal = Deal(
        trump="H",
        contract=80,
        taker_card_points=62,
        defence_card_points=100,
        taker_tricks=3,
        taker_belotes=1,
    )

    score = score_deal(deal, CONTREE)

    assert score == DealScore(
        taker_score=160,
        defence_score=100,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.CARD_POINTS, 62, 60, rule="§B2"),
            line(TAKER, LineKind.CONTRACT, 80, rule="§B2"),
            line(DEFENCE, LineKind.CARD_POINTS, 100, rule="§B2"),
            line(TAKER, LineKind.BELOTE, 20, rule="§B2"),
        ),
    )


# --- §B5 classic belote ---------------------------------------------------------------


def test_classic_made_gives_each_side_its_own_total():
    deal = replace(CLASSIC_BASE, taker_card_points=95, defence_card_points=67, taker_belotes=1)
    deal = replace(deal, taker_declarations=20)

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=135,
        defence_score=67,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.CARD_POINTS, 95, rule="§B5.3"),
            line(TAKER, LineKind.BELOTE, 20, rule="§B5.3"),
            line(TAKER, LineKind.DECLARATIONS, 20, rule="§B5.3"),
            line(DEFENCE, LineKind.CARD_POINTS, 67, rule="§B5.3"),
        ),
    )


def test_classic_made_without_declarations_gives_the_defence_its_belote():
    deal = replace(CLASSIC_BASE, taker_card_points=120, defence_card_points=42, defence_belotes=1)

    score = score_deal(deal, SANS_ANNONCES)

    assert score == DealScore(
        taker_score=120,
        defence_score=62,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.CARD_POINTS, 120, rule="§B5.3"),
            line(DEFENCE, LineKind.CARD_POINTS, 42, rule="§B5.3"),
            line(DEFENCE, LineKind.BELOTE, 20, rule="§B5.3"),
        ),
    )


def test_classic_taker_capot_takes_the_defence_declarations():
    deal = replace(
        CLASSIC_BASE,
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        defence_belotes=1,
        defence_declarations=50,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=302,
        defence_score=20,
        reserve=0,
        outcome=MADE,
        multiplier=1,
        taker_capot=True,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.CARD_POINTS, 252, rule="§B5.3"),
            line(TAKER, LineKind.OPPONENT_DECLARATIONS, 50, rule="§B5.1"),
            line(DEFENCE, LineKind.BELOTE, 20, rule="§B5.3"),
        ),
    )


def test_classic_dedans_gives_the_defence_162_and_every_declaration():
    deal = replace(
        CLASSIC_BASE,
        taker_card_points=60,
        defence_card_points=102,
        taker_tricks=3,
        taker_belotes=1,
        taker_declarations=20,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=20,
        defence_score=182,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.BELOTE, 20, rule="§B5.4"),
            line(DEFENCE, LineKind.DEAL_POINTS, 162, rule="§B5.4"),
            line(DEFENCE, LineKind.OPPONENT_DECLARATIONS, 20, rule="§B5.4"),
        ),
    )


def test_classic_dedans_from_defence_declarations_keeps_them_with_the_defence():
    deal = replace(
        CLASSIC_BASE,
        taker_card_points=90,
        defence_card_points=72,
        taker_tricks=5,
        defence_belotes=1,
        defence_declarations=50,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=0,
        defence_score=232,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.DEAL_POINTS, 162, rule="§B5.4"),
            line(DEFENCE, LineKind.DECLARATIONS, 50, rule="§B5.4"),
            line(DEFENCE, LineKind.BELOTE, 20, rule="§B5.4"),
        ),
    )


def test_classic_defence_capot_scores_252_and_takes_the_taker_declarations():
    deal = replace(
        CLASSIC_BASE,
        taker_card_points=0,
        defence_card_points=252,
        taker_tricks=0,
        defence_belotes=1,
        taker_declarations=50,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=0,
        defence_score=322,
        reserve=0,
        outcome=CHUTE,
        multiplier=1,
        taker_capot=False,
        defence_capot=True,
        lines=(
            line(DEFENCE, LineKind.DEAL_POINTS, 252, rule="§B5.4"),
            line(DEFENCE, LineKind.OPPONENT_DECLARATIONS, 50, rule="§B5.4"),
            line(DEFENCE, LineKind.BELOTE, 20, rule="§B5.4"),
        ),
    )


def test_classic_litige_scores_the_defence_now_and_puts_the_taker_total_in_reserve():
    deal = replace(
        CLASSIC_BASE,
        trump="C",
        taker_card_points=71,
        defence_card_points=91,
        taker_tricks=4,
        taker_belotes=1,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=20,
        defence_score=91,
        reserve=71,
        outcome=LITIGE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(TAKER, LineKind.BELOTE, 20, rule="§B5.5"),
            line(DEFENCE, LineKind.CARD_POINTS, 91, rule="§B5.5"),
        ),
    )


def test_classic_litige_on_totals_puts_the_taker_declarations_in_reserve():
    deal = replace(
        CLASSIC_BASE,
        trump="D",
        taker_card_points=31,
        defence_card_points=131,
        taker_tricks=1,
        defence_belotes=1,
        taker_declarations=120,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=0,
        defence_score=151,
        reserve=151,
        outcome=LITIGE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.CARD_POINTS, 131, rule="§B5.5"),
            line(DEFENCE, LineKind.BELOTE, 20, rule="§B5.5"),
        ),
    )


def test_classic_litige_with_defence_declarations_scores_them_now():
    deal = replace(
        CLASSIC_BASE,
        taker_card_points=111,
        defence_card_points=51,
        taker_tricks=6,
        defence_declarations=60,
    )

    score = score_deal(deal, CLASSIC)

    assert score == DealScore(
        taker_score=0,
        defence_score=111,
        reserve=111,
        outcome=LITIGE,
        multiplier=1,
        taker_capot=False,
        defence_capot=False,
        lines=(
            line(DEFENCE, LineKind.CARD_POINTS, 51, rule="§B5.5"),
            line(DEFENCE, LineKind.DECLARATIONS, 60, rule="§B5.5"),
        ),
    )


# --- The winner of a deal ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "winner"), [(MADE, Side.TAKER), (CHUTE, Side.DEFENCE), (LITIGE, None)]
)
def test_the_taker_wins_a_made_deal_the_defence_a_chute_and_nobody_a_litige(outcome, winner):
    score = DealScore(0, 0, 0, outcome, 1, False, False, ())

    assert score.winner == winner


def test_a_scored_litige_has_no_winner():
    deal = replace(CLASSIC_BASE, taker_card_points=81, defence_card_points=81, taker_tricks=4)

    score = score_deal(deal, CLASSIC)

    assert (score.outcome, score.winner) == (LITIGE, None)


@pytest.mark.parametrize(("taker", "defence"), [(560, 0), (0, 99999999990)])
def test_it_rejects_more_declaration_points_than_a_side_can_hold(taker, defence):
    deal = Deal(
        trump="H",
        contract=80,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=5,
        taker_declarations=taker,
        defence_declarations=defence,
    )

    error = validate_deal(deal, get_ruleset("ffb-coinche"))

    assert error == DealError(ErrorCode.DECLARATIONS, "too_high", (("limit", 550),))


def test_it_accepts_the_most_declaration_points_a_side_can_hold():
    deal = Deal(
        trump="H",
        contract=80,
        taker_card_points=100,
        defence_card_points=62,
        taker_tricks=5,
        taker_declarations=550,
    )

    error = validate_deal(deal, get_ruleset("ffb-coinche"))

    assert error is None
