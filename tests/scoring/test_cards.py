"""Card values and deal totals (RULES.md §A)."""

import pytest

from scoring import Trump
from scoring.cards import (
    card_points_fixed_by_tricks,
    card_value,
    count_card_points,
    defence_card_points,
)

ALL_CARDS = [rank + suit for suit in "SHDC" for rank in "789TJQKA"]


def values_of(suit: str, trump: Trump) -> dict[str, int]:
    return {rank: card_value(rank + suit, trump) for rank in "789TJQKA"}


def test_the_deck_has_32_distinct_cards():
    assert len(set(ALL_CARDS)) == 32


def test_it_values_the_trump_suit_j_9_a_10_k_q_8_7():
    values = values_of("H", Trump.HEARTS)

    assert values == {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}


def test_it_values_a_plain_suit_a_10_k_q_j_9_8_7():
    values = values_of("S", Trump.HEARTS)

    assert values == {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


@pytest.mark.parametrize("suit", "SHDC")
def test_it_values_every_suit_alike_at_sans_atout(suit):
    values = values_of(suit, Trump.NO_TRUMP)

    assert values == {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


@pytest.mark.parametrize("suit", "SHDC")
def test_it_values_every_suit_alike_at_tout_atout(suit):
    values = values_of(suit, Trump.ALL_TRUMP)

    assert values == {"J": 13, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 2, "8": 0, "7": 0}


@pytest.mark.parametrize("trump", list(Trump))
def test_the_32_cards_are_worth_152_at_every_trump(trump):
    total = sum(card_value(card, trump) for card in ALL_CARDS)

    assert total == 152


@pytest.mark.parametrize("trump", list(Trump))
def test_the_32_cards_and_the_dix_de_der_make_162(trump):
    total = count_card_points(ALL_CARDS, trump, has_last_trick=True)

    assert total == 162


@pytest.mark.parametrize("trump", list(Trump))
def test_the_32_cards_without_the_last_trick_make_152(trump):
    total = count_card_points(ALL_CARDS, trump, has_last_trick=False)

    assert total == 152


def test_it_counts_a_sides_cards_and_adds_ten_for_the_last_trick():
    cards = ["JC", "9C", "AS", "7D"]

    points = count_card_points(cards, Trump.CLUBS, has_last_trick=True)

    assert points == 20 + 14 + 11 + 0 + 10


def test_it_counts_no_cards_as_zero():
    points = count_card_points([], Trump.SPADES, has_last_trick=False)

    assert points == 0


@pytest.mark.parametrize("card", ["", "J", "JHS", "1H", "6S", "JX", "jh", "HJ", "10H"])
def test_it_rejects_a_card_that_is_not_one_of_the_32(card):
    with pytest.raises(ValueError) as info:
        card_value(card, Trump.HEARTS)

    assert str(info.value) == f"not a card: {card!r}"


def test_it_rejects_a_bad_card_when_counting_a_side():
    with pytest.raises(ValueError) as info:
        count_card_points(["JH", "ZZ"], Trump.HEARTS, has_last_trick=True)

    assert str(info.value) == "not a card: 'ZZ'"


@pytest.mark.parametrize(
    ("taker_tricks", "expected"), [(8, (252, 0)), (0, (0, 252)), (5, None), (1, None), (None, None)]
)
def test_only_a_capot_fixes_both_sides_card_points(taker_tricks, expected):
    fixed = card_points_fixed_by_tricks(taker_tricks)

    assert fixed == expected


@pytest.mark.parametrize(
    ("taker_card_points", "taker_tricks", "expected"),
    [
        (100, 5, 62),
        (162, 7, 0),
        (0, 1, 162),
        (200, 4, 0),  # a wrong total stays wrong (200 in all), never a negative count
        (150, 8, 0),  # a capot fixes the defence's, whatever the taker's
        (252, 8, 0),
        (0, 0, 252),
        (30, 0, 252),
        (100, None, 62),  # the tricks are not known yet: the rest of the deal's 162
    ],
)
def test_the_defence_has_the_rest_of_162_or_what_a_capot_fixes(
    taker_card_points, taker_tricks, expected
):
    defence = defence_card_points(taker_card_points, taker_tricks=taker_tricks)

    assert defence == expected


def test_the_defence_has_the_rest_of_162_when_no_tricks_are_given():
    defence = defence_card_points(90)

    assert defence == 72
