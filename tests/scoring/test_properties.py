"""Properties of the engine over generated deals and matches (RULES.md §A–§C, STYLE.md §9).

Expected outcomes and totals are computed here, independently, from the RULES.md formulas.
"""

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import (
    PRESET_IDS,
    Deal,
    DealOutcome,
    FormatKind,
    InvalidDeal,
    LineKind,
    MatchDeal,
    MatchFormat,
    MatchResult,
    MatchState,
    TeamSide,
    get_ruleset,
    score_deal,
    score_match,
    validate_deal,
)

PROPERTY = settings(max_examples=200, deadline=None)

CONTRACT_MAXIMUM = {
    "ffb-coinche": 500,
    "ffb-contree": 160,
    "contree-points-faits": 160,
    "contree-points-annonces": 160,
}
CONTRACT_PRESETS = tuple(CONTRACT_MAXIMUM)
CLASSIC_PRESETS = ("belote-classique", "belote-sans-annonces")
DECLARATION_PRESETS = ("ffb-coinche", "belote-classique")
BELOTE_LIMIT = {"S": 1, "H": 1, "D": 1, "C": 1, "SA": 0, "TA": 4}
MADE, CHUTE, LITIGE = DealOutcome.MADE, DealOutcome.CHUTE, DealOutcome.LITIGE


@st.composite
def valid_deals(draw, ruleset_id, *, coinches=None, has_belotes=True):
    """Draw a deal that RULES.md §B6 accepts under ``ruleset_id``."""
    is_classic = ruleset_id in CLASSIC_PRESETS
    trump = draw(st.sampled_from(["S", "H", "D", "C"] if is_classic else list(BELOTE_LIMIT)))
    tricks = draw(st.integers(0, 8))
    if tricks == 8:
        taker_points, defence_points = 252, 0
    elif tricks == 0:
        taker_points, defence_points = 0, 252
    else:
        taker_points = draw(st.integers(0, 162))
        defence_points = 162 - taker_points
    limit = BELOTE_LIMIT[trump] if has_belotes else 0
    taker_belotes = draw(st.integers(0, limit))
    defence_belotes = draw(st.integers(0, limit - taker_belotes))
    declarations = 0
    if ruleset_id in DECLARATION_PRESETS:
        declarations = 10 * draw(st.integers(0, 40))
    declaring_side = draw(st.sampled_from(["taker", "defence"]))
    if is_classic:
        contract, coinche = None, "none"
    else:
        maximum = CONTRACT_MAXIMUM[ruleset_id]
        contract = draw(st.sampled_from([*range(80, maximum + 1, 10), "capot"]))
        coinche = draw(st.sampled_from(coinches or ["none", "coinche", "surcoinche"]))
    return Deal(
        trump=trump,
        contract=contract,
        coinche=coinche,
        taker_card_points=taker_points,
        defence_card_points=defence_points,
        taker_tricks=tricks,
        taker_belotes=taker_belotes,
        defence_belotes=defence_belotes,
        taker_declarations=declarations if declaring_side == "taker" else 0,
        defence_declarations=declarations if declaring_side == "defence" else 0,
    )


@st.composite
def near_contract_deals(draw, ruleset_id):
    """Draw a valid deal whose taker total lies within 9 points of a contract of 80–160."""
    contract = 10 * draw(st.integers(8, 16))
    taker_belotes = draw(st.integers(0, 1))
    declarations = 10 * draw(st.integers(0, 5)) if ruleset_id in DECLARATION_PRESETS else 0
    total = contract + draw(st.integers(-9, 9))
    taker_points = total - 20 * taker_belotes - declarations
    assume(0 <= taker_points <= 162)
    return Deal(
        trump=draw(st.sampled_from(["S", "H", "D", "C"])),
        contract=contract,
        coinche=draw(st.sampled_from(["none", "coinche", "surcoinche"])),
        taker_card_points=taker_points,
        defence_card_points=162 - taker_points,
        taker_tricks=draw(st.integers(1, 7)),
        taker_belotes=taker_belotes,
        taker_declarations=declarations,
    )


def preset_and_deal(presets):
    return st.sampled_from(presets).flatmap(
        lambda ruleset_id: st.tuples(st.just(ruleset_id), valid_deals(ruleset_id))
    )


def expected_outcome(deal: Deal, ruleset_id: str) -> DealOutcome:
    """Decide made, chute or litige on raw points, as RULES.md §B1.3, §B2 and §B5 say."""
    taker_capot, defence_capot = deal.taker_tricks == 8, deal.taker_tricks == 0
    taker_declarations, defence_declarations = deal.taker_declarations, deal.defence_declarations
    if taker_capot:
        taker_declarations, defence_declarations = taker_declarations + defence_declarations, 0
    elif defence_capot and ruleset_id in CLASSIC_PRESETS:
        taker_declarations, defence_declarations = 0, taker_declarations + defence_declarations
    taker_total = deal.taker_card_points + 20 * deal.taker_belotes + taker_declarations
    defence_total = deal.defence_card_points + 20 * deal.defence_belotes + defence_declarations
    if ruleset_id in CLASSIC_PRESETS:
        if taker_total == defence_total:
            return LITIGE
        return MADE if taker_total > defence_total else CHUTE
    if deal.contract == "capot":
        reaches = taker_capot
    elif ruleset_id == "ffb-coinche":
        reaches = taker_total >= deal.contract
    else:
        reaches = deal.taker_card_points + 20 * deal.taker_belotes >= deal.contract
    if ruleset_id == "ffb-coinche" and taker_total <= defence_total:
        return CHUTE
    return MADE if reaches else CHUTE


# --- Outcomes and rounding -------------------------------------------------------------------


@PROPERTY
@given(preset_and_deal(list(PRESET_IDS)))
def test_the_outcome_follows_raw_points_under_every_preset(case):
    ruleset_id, deal = case

    score = score_deal(deal, get_ruleset(ruleset_id))

    assert score.outcome == expected_outcome(deal, ruleset_id)


@PROPERTY
@given(preset_and_deal(list(PRESET_IDS)))
def test_the_parts_of_a_line_add_up_to_its_base_points_and_only_a_deal_total_has_parts(case):
    ruleset_id, deal = case

    score = score_deal(deal, get_ruleset(ruleset_id))

    assert [
        (line.kind, sum(part.base_points for part in line.parts))
        for line in score.lines
        if line.parts
    ] == [
        (LineKind.DEAL_TOTAL, line.base_points)
        for line in score.lines
        if line.kind is LineKind.DEAL_TOTAL
    ]


@PROPERTY
@given(
    st.sampled_from(CONTRACT_PRESETS).flatmap(
        lambda ruleset_id: st.tuples(st.just(ruleset_id), near_contract_deals(ruleset_id))
    )
)
def test_rounding_never_turns_a_chute_into_a_made_contract_or_back(case):
    ruleset_id, deal = case

    score = score_deal(deal, get_ruleset(ruleset_id))

    assert score.outcome == expected_outcome(deal, ruleset_id)


@PROPERTY
@given(valid_deals("ffb-coinche", coinches=["coinche", "surcoinche"]))
def test_a_coinched_ffb_coinche_deal_scores_multiples_of_ten_on_both_sides(deal):
    score = score_deal(deal, get_ruleset("ffb-coinche"))

    assert (score.taker_score % 10, score.defence_score % 10) == (0, 0)


@PROPERTY
@given(preset_and_deal(CONTRACT_PRESETS))
def test_every_coinche_and_contree_deal_scores_multiples_of_ten(case):
    ruleset_id, deal = case

    score = score_deal(deal, get_ruleset(ruleset_id))

    assert (score.taker_score % 10, score.defence_score % 10, score.reserve) == (0, 0, 0)


# --- Coinche multiplies ----------------------------------------------------------------------


@PROPERTY
@given(valid_deals("ffb-coinche", coinches=["none"], has_belotes=False))
def test_a_coinched_ffb_coinche_chute_doubles_and_a_surcoinched_one_quadruples(deal):
    rules = get_ruleset("ffb-coinche")
    plain = score_deal(deal, rules)
    assume(plain.outcome is CHUTE)

    coinched = score_deal(replace(deal, coinche="coinche"), rules)
    surcoinched = score_deal(replace(deal, coinche="surcoinche"), rules)

    assert [(s.outcome, s.taker_score, s.defence_score) for s in (coinched, surcoinched)] == [
        (CHUTE, 0, 2 * plain.defence_score),
        (CHUTE, 0, 4 * plain.defence_score),
    ]


@PROPERTY
@given(valid_deals("ffb-coinche", coinches=["coinche", "surcoinche"]))
def test_a_coinched_ffb_coinche_made_deal_multiplies_160_or_250_and_everything_else(deal):
    k = {"coinche": 2, "surcoinche": 4}[deal.coinche]
    base = 250 if deal.taker_tricks == 8 else 160
    contract_value = 250 if deal.contract == "capot" else deal.contract
    declarations = deal.taker_declarations + deal.defence_declarations

    score = score_deal(deal, get_ruleset("ffb-coinche"))

    assume(score.outcome is MADE)
    assert (score.taker_score, score.defence_score) == (
        k * (base + declarations + 20 * deal.taker_belotes + contract_value),
        20 * deal.defence_belotes,
    )


# --- Classic belote conserves points ------------------------------------------------------------


@PROPERTY
@given(preset_and_deal(CLASSIC_PRESETS))
def test_classic_deals_without_litige_conserve_cards_belotes_and_declarations(case):
    ruleset_id, deal = case
    card_total = 252 if deal.taker_tricks in (0, 8) else 162

    score = score_deal(deal, get_ruleset(ruleset_id))

    assume(score.outcome is not LITIGE)
    assert score.taker_score + score.defence_score == (
        card_total
        + 20 * (deal.taker_belotes + deal.defence_belotes)
        + deal.taker_declarations
        + deal.defence_declarations
    )


@PROPERTY
@given(
    st.integers(0, 162),
    st.integers(0, 1),
    st.integers(0, 1),
    st.integers(0, 40),
    st.sampled_from(["taker", "defence"]),
)
def test_a_classic_litige_conserves_every_point_counting_the_reserve(
    taker_points, taker_belotes, defence_belotes, tens, declaring_side
):
    assume(taker_belotes + defence_belotes <= 1)
    declarations = 10 * tens
    taker_declarations = declarations if declaring_side == "taker" else 0
    defence_declarations = declarations if declaring_side == "defence" else 0
    # Choose the split of the 162 card points that ties the two totals, if there is one.
    defence_points = 162 - taker_points
    gap = (taker_points + 20 * taker_belotes + taker_declarations) - (
        defence_points + 20 * defence_belotes + defence_declarations
    )
    assume(gap % 2 == 0 and 0 <= taker_points - gap // 2 <= 162)
    taker_points -= gap // 2
    deal = Deal(
        trump="H",
        contract=None,
        taker_card_points=taker_points,
        defence_card_points=162 - taker_points,
        taker_tricks=4,
        taker_belotes=taker_belotes,
        defence_belotes=defence_belotes,
        taker_declarations=taker_declarations,
        defence_declarations=defence_declarations,
    )

    score = score_deal(deal, get_ruleset("belote-classique"))

    assert (score.outcome, score.taker_score + score.defence_score + score.reserve) == (
        LITIGE,
        162 + 20 * (taker_belotes + defence_belotes) + declarations,
    )


# --- Rejected deals never score ------------------------------------------------------------------

BAD_VALUES = {
    "trump": ["X", "", "h", "SA", "TA", None],
    "contract": [85, 70, 510, 170, "cent", None, True, 100, "capot", 90.0],
    "coinche": ["double", "", "COINCHE", "coinche", None],
    "taker_card_points": [-1, 161, 252, "x", 1.5, True],
    "defence_card_points": [-1, 0, 252, "", None, False],
    "taker_tricks": [-1, 9, 0, 8, "5", 5.0],
    "taker_belotes": [-1, 1, 2, 5, "1", True],
    "defence_belotes": [-1, 1, 2, 5, None],
    "taker_declarations": [-10, 15, 20, 500, "20", True],
    "defence_declarations": [-10, 25, 50, 1.0],
}


@st.composite
def corrupted_deals(draw):
    """Draw a ruleset and a valid deal with one or more fields given a likely bad value."""
    ruleset_id = draw(st.sampled_from(list(PRESET_IDS)))
    deal = draw(valid_deals(ruleset_id))
    fields = draw(st.lists(st.sampled_from(list(BAD_VALUES)), min_size=1, max_size=4, unique=True))
    changes = {field: draw(st.sampled_from(BAD_VALUES[field])) for field in fields}
    return ruleset_id, replace(deal, **changes)


@PROPERTY
@given(corrupted_deals())
def test_a_rejected_deal_never_returns_scores(case):
    ruleset_id, deal = case
    rules = get_ruleset(ruleset_id)
    error = validate_deal(deal, rules)
    assume(error is not None)

    with pytest.raises(InvalidDeal) as info:
        score_deal(deal, rules)

    assert info.value.error == error


# --- Matches add deal scores ---------------------------------------------------------------------


@st.composite
def matches(draw):
    """Draw a ruleset, a sequence of match deals (some passed) and a fixed number of deals."""
    ruleset_id = draw(st.sampled_from(list(PRESET_IDS)))
    match_deals = []
    for _ in range(draw(st.integers(0, 12))):
        taker = draw(st.sampled_from([TeamSide.A, TeamSide.B]))
        is_passed = draw(st.integers(0, 5)) == 0
        match_deals.append(MatchDeal(taker, None if is_passed else draw(valid_deals(ruleset_id))))
    # A passed deal after the last one would come after the end of a match that has ended.
    while match_deals and match_deals[-1].is_passed:
        match_deals.pop()
    played = sum(1 for match_deal in match_deals if not match_deal.is_passed)
    deals_in_match = max(1, played + draw(st.integers(0, 2)))
    return ruleset_id, match_deals, MatchFormat(FormatKind.DEALS, deals_in_match)


def expected_match_state(match_deals, rules, match_format) -> MatchState:
    """Add up deal scores, paying and returning the litige reserve as RULES.md §C says."""
    totals = {TeamSide.A: 0, TeamSide.B: 0}
    reserve = {TeamSide.A: 0, TeamSide.B: 0}
    played = 0
    for match_deal in match_deals:
        if match_deal.deal is None:
            continue
        score = score_deal(match_deal.deal, rules)
        taker, defence = match_deal.taker, match_deal.taker.opponent
        totals[taker] += score.taker_score
        totals[defence] += score.defence_score
        played += 1
        if score.outcome is LITIGE:
            reserve[taker] += score.reserve
        else:
            totals[taker if score.outcome is MADE else defence] += sum(reserve.values())
            reserve = {TeamSide.A: 0, TeamSide.B: 0}
    is_finished = played == match_format.value
    result = None
    if is_finished:
        totals = {team: totals[team] + reserve[team] for team in TeamSide}
        reserve = {TeamSide.A: 0, TeamSide.B: 0}
        if totals[TeamSide.A] == totals[TeamSide.B]:
            result = MatchResult.DRAW
        else:
            result = MatchResult.A if totals[TeamSide.A] > totals[TeamSide.B] else MatchResult.B
    return MatchState(
        total_a=totals[TeamSide.A],
        total_b=totals[TeamSide.B],
        reserve_a=reserve[TeamSide.A],
        reserve_b=reserve[TeamSide.B],
        deals_played=played,
        is_finished=is_finished,
        result=result,
    )


@PROPERTY
@given(matches())
def test_match_totals_are_the_sums_of_deal_scores_with_the_reserve_handled(case):
    ruleset_id, match_deals, match_format = case
    rules = get_ruleset(ruleset_id)

    match = score_match(match_deals, rules, match_format)

    assert match.state == expected_match_state(match_deals, rules, match_format)


@PROPERTY
@given(matches().filter(lambda case: case[0] in CONTRACT_PRESETS))
def test_coinche_and_contree_match_totals_are_plain_sums(case):
    ruleset_id, match_deals, match_format = case
    rules = get_ruleset(ruleset_id)

    match = score_match(match_deals, rules, match_format)

    scores = [step.score for step in match.steps if step.score is not None]
    assert (match.state.total_a + match.state.total_b, match.state.reserve) == (
        sum(score.taker_score + score.defence_score for score in scores),
        0,
    )
