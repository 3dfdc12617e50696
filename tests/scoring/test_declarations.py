"""Declarations (annonces): parsing, values and resolution (RULES.md §D, §F)."""

import pytest

from scoring import (
    DealError,
    Declaration,
    DeclarationKind,
    DeclarationResult,
    ErrorCode,
    InvalidDeclaration,
    Side,
    Trump,
    parse_declarations,
    resolve_declarations,
)
from scoring.declarations import parse_declaration

TIERCE, CINQUANTE, CENT, CARRE = (
    DeclarationKind.TIERCE,
    DeclarationKind.CINQUANTE,
    DeclarationKind.CENT,
    DeclarationKind.CARRE,
)


def carre(rank: str) -> Declaration:
    return Declaration(CARRE, rank)


# --- Parsing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "declaration"),
    [
        ("tierce:KH", Declaration(TIERCE, "K", "H")),
        ("cinquante:AS", Declaration(CINQUANTE, "A", "S")),
        ("cent:AD", Declaration(CENT, "A", "D")),
        ("carre:J", Declaration(CARRE, "J")),
        ("carre:T", Declaration(CARRE, "T")),
    ],
)
def test_it_parses_each_kind_of_declaration(token, declaration):
    assert parse_declaration(token) == declaration


@pytest.mark.parametrize(
    ("token", "declaration"),
    [
        (" Tierce : kh ", Declaration(TIERCE, "K", "H")),
        ("CINQUANTE:ts", Declaration(CINQUANTE, "T", "S")),
        ("Carre:q", Declaration(CARRE, "Q")),
    ],
)
def test_it_ignores_case_and_surrounding_spaces(token, declaration):
    assert parse_declaration(token) == declaration


@pytest.mark.parametrize(
    ("token", "declaration"),
    [
        ("tierce:9S", Declaration(TIERCE, "9", "S")),
        ("cinquante:TS", Declaration(CINQUANTE, "T", "S")),
        ("cent:JS", Declaration(CENT, "J", "S")),
    ],
)
def test_it_accepts_the_lowest_top_card_of_each_sequence(token, declaration):
    assert parse_declaration(token) == declaration


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("quinte:AS", "unknown_kind"),
        (":AS", "unknown_kind"),
        ("AS", "unknown_kind"),
        ("carre:JH", "bad_rank"),
        ("carre:", "bad_rank"),
        ("carre:5", "bad_rank"),
        ("tierce:5S", "bad_card"),
        ("tierce:AX", "bad_card"),
        ("tierce:A", "bad_card"),
        ("tierce", "bad_card"),
        ("tierce:8C", "top_card_too_low"),
        ("cinquante:9S", "top_card_too_low"),
        ("cent:TS", "top_card_too_low"),
    ],
)
def test_it_rejects_a_declaration_that_cannot_exist_and_says_why(token, reason):
    with pytest.raises(InvalidDeclaration) as info:
        parse_declaration(token)

    assert (info.value.token, info.value.reason, str(info.value), info.value.error) == (
        token,
        reason,
        f"{token!r}: {reason}",
        DealError(ErrorCode.DECLARATIONS, reason, (("token", token),)),
    )


def test_it_parses_a_semicolon_separated_list_in_order():
    declarations = parse_declarations("tierce:KH; carre:9 ;cent:AS")

    assert declarations == (
        Declaration(TIERCE, "K", "H"),
        Declaration(CARRE, "9"),
        Declaration(CENT, "A", "S"),
    )


@pytest.mark.parametrize("text", ["", "   ", ";", " ; ; "])
def test_it_parses_empty_text_as_no_declaration(text):
    assert parse_declarations(text) == ()


def test_it_reports_the_first_bad_token_of_a_list():
    with pytest.raises(InvalidDeclaration) as info:
        parse_declarations("tierce:KH;quinte:AS;carre:X")

    assert (info.value.token, info.value.reason) == ("quinte:AS", "unknown_kind")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("carre:J;carre:J", "carre:J"),
        ("tierce:KH; Tierce:kh ", " Tierce:kh "),
        ("cent:AS;carre:9;cent:AS", "cent:AS"),
    ],
)
def test_it_refuses_a_side_listing_the_same_carre_or_sequence_twice(text, token):
    with pytest.raises(InvalidDeclaration) as info:
        parse_declarations(text)

    assert (info.value.token, info.value.reason, info.value.error) == (
        token,
        "duplicate",
        DealError(ErrorCode.DECLARATIONS, "duplicate", (("token", token),)),
    )


def test_the_same_top_card_in_another_suit_or_of_another_length_is_no_duplicate():
    declarations = parse_declarations("tierce:KH;tierce:KS;cinquante:KH")

    assert declarations == (
        Declaration(TIERCE, "K", "H"),
        Declaration(TIERCE, "K", "S"),
        Declaration(CINQUANTE, "K", "H"),
    )


# --- Values and text ------------------------------------------------------------------------


@pytest.mark.parametrize("trump", list(Trump))
def test_sequences_are_worth_20_50_and_100_at_every_trump(trump):
    sequences = [
        Declaration(TIERCE, "K", "H"),
        Declaration(CINQUANTE, "A", "S"),
        Declaration(CENT, "A", "C"),
    ]

    values = [declaration.value(trump) for declaration in sequences]

    assert values == [20, 50, 100]


@pytest.mark.parametrize("trump", [Trump.HEARTS, Trump.CLUBS, Trump.ALL_TRUMP])
def test_carres_are_worth_200_for_jacks_150_for_nines_at_a_suit_or_tout_atout(trump):
    values = {rank: carre(rank).value(trump) for rank in "789TJQKA"}

    assert values == {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100, "8": 0, "7": 0}


def test_carres_are_worth_200_for_aces_150_for_tens_at_sans_atout():
    values = {rank: carre(rank).value(Trump.NO_TRUMP) for rank in "789TJQKA"}

    assert values == {"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100, "9": 100, "8": 0, "7": 0}


@pytest.mark.parametrize(
    ("declaration", "text"),
    [
        (Declaration(TIERCE, "K", "H"), "tierce:KH"),
        (Declaration(CENT, "A", "S"), "cent:AS"),
        (Declaration(CARRE, "J"), "carre:J"),
    ],
)
def test_it_writes_a_declaration_as_the_files_spell_it(declaration, text):
    assert str(declaration) == text


def test_it_tells_a_carre_from_a_sequence():
    flags = (carre("J").is_carre, Declaration(TIERCE, "K", "H").is_carre)

    assert flags == (True, False)


# --- Resolution ---------------------------------------------------------------------------


def test_nobody_declaring_gives_nothing_and_no_tie():
    result = resolve_declarations([], [], Trump.SPADES)

    assert result == DeclarationResult(0, 0, None, is_tie=False)


def test_the_defence_alone_declaring_scores_all_its_declarations():
    defence = [Declaration(CINQUANTE, "A", "D"), Declaration(TIERCE, "9", "C")]

    result = resolve_declarations([], defence, Trump.SPADES)

    assert result == DeclarationResult(0, 70, Side.DEFENCE)


def test_the_taker_with_the_best_declaration_scores_all_of_its_own_and_the_defence_none():
    taker = [Declaration(CINQUANTE, "K", "H"), Declaration(TIERCE, "9", "C")]
    defence = [Declaration(TIERCE, "A", "S"), Declaration(TIERCE, "K", "D")]

    result = resolve_declarations(taker, defence, Trump.SPADES)

    assert result == DeclarationResult(70, 0, Side.TAKER)


@pytest.mark.parametrize(
    ("taker", "defence", "expected"),
    [
        ("K", "J", DeclarationResult(100, 0, Side.TAKER)),
        ("Q", "9", DeclarationResult(100, 0, Side.TAKER)),
        ("J", "Q", DeclarationResult(0, 100, Side.DEFENCE)),
        ("9", "J", DeclarationResult(0, 100, Side.DEFENCE)),
    ],
)
def test_carres_of_equal_value_at_sans_atout_rank_k_q_j_9(taker, defence, expected):
    result = resolve_declarations([carre(taker)], [carre(defence)], Trump.NO_TRUMP)

    assert result == expected


def test_a_carre_of_tens_at_sans_atout_beats_a_carre_of_kings_with_150():
    result = resolve_declarations([carre("K")], [carre("T")], Trump.NO_TRUMP)

    assert result == DeclarationResult(0, 150, Side.DEFENCE)


def test_a_carre_of_aces_at_sans_atout_scores_200():
    result = resolve_declarations([carre("A")], [carre("J")], Trump.NO_TRUMP)

    assert result == DeclarationResult(200, 0, Side.TAKER)


def test_carres_of_equal_value_at_a_suit_rank_a_above_10():
    result = resolve_declarations([carre("T")], [carre("A")], Trump.DIAMONDS)

    assert result == DeclarationResult(0, 100, Side.DEFENCE)


def test_at_tout_atout_carres_keep_the_suit_values_and_order():
    result = resolve_declarations([carre("9")], [carre("A")], Trump.ALL_TRUMP)

    assert result == DeclarationResult(150, 0, Side.TAKER)


def test_a_sequence_in_the_trump_suit_is_no_better_at_tout_atout():
    taker = [Declaration(CINQUANTE, "A", "H")]
    defence = [Declaration(CINQUANTE, "A", "S")]

    result = resolve_declarations(taker, defence, Trump.ALL_TRUMP)

    assert result == DeclarationResult(0, 0, None, is_tie=True)


def test_a_sequence_in_the_trump_suit_beats_an_equal_one_at_a_suit():
    taker = [Declaration(CINQUANTE, "A", "C")]
    defence = [Declaration(CINQUANTE, "A", "H")]

    result = resolve_declarations(taker, defence, Trump.HEARTS)

    assert result == DeclarationResult(0, 50, Side.DEFENCE)


def test_a_longer_sequence_beats_a_higher_top_card():
    taker = [Declaration(TIERCE, "A", "H")]
    defence = [Declaration(CINQUANTE, "T", "S")]

    result = resolve_declarations(taker, defence, Trump.HEARTS)

    assert result == DeclarationResult(0, 50, Side.DEFENCE)


def test_a_lone_zero_valued_carre_is_no_declaration():
    result = resolve_declarations([carre("7")], [], Trump.SPADES)

    assert result == DeclarationResult(0, 0, None, is_tie=False)


def test_zero_valued_carres_on_both_sides_are_no_tie():
    result = resolve_declarations([carre("8")], [carre("7")], Trump.SPADES)

    assert result == DeclarationResult(0, 0, None, is_tie=False)


def test_a_zero_valued_carre_neither_wins_nor_adds_to_its_sides_points():
    taker = [carre("8"), Declaration(TIERCE, "K", "H")]
    defence = [Declaration(TIERCE, "Q", "S")]

    result = resolve_declarations(taker, defence, Trump.CLUBS)

    assert result == DeclarationResult(20, 0, Side.TAKER)


def test_equal_best_declarations_cancel_every_declaration_and_flag_a_tie():
    taker = [Declaration(TIERCE, "K", "S"), Declaration(TIERCE, "9", "C")]
    defence = [Declaration(TIERCE, "K", "D")]

    result = resolve_declarations(taker, defence, Trump.HEARTS)

    assert result == DeclarationResult(0, 0, None, is_tie=True)


def test_it_resolves_declarations_given_as_any_iterable():
    taker = (declaration for declaration in [carre("J")])

    result = resolve_declarations(taker, iter([carre("9")]), Trump.SPADES)

    assert result == DeclarationResult(200, 0, Side.TAKER)
