"""Deal inputs read from text (RULES.md §F): counts, contracts and whole rows."""

import pytest

from scoring import Deal
from scoring.rows import MAX_COUNT_DIGITS, deal_from_row, parse_contract, parse_count


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("12", 12),
        (" 162 ", 162),
        ("+5", 5),
        ("-20", -20),
        ("0", 0),
        ("000", 0),
        ("007", 7),
        ("0" * 5000 + "12", 12),
        ("9" * MAX_COUNT_DIGITS, 999_999_999),
        ("-" + "9" * MAX_COUNT_DIGITS, -999_999_999),
    ],
)
def test_it_reads_a_count_written_in_ascii_digits(text, count):
    assert parse_count(text) == count


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x",
        "1 2",
        "1.5",
        "+-1",
        "²",
        "١٠٤",
        "４",
        "1" + "0" * MAX_COUNT_DIGITS,
        "9" * 5000,
        "-" + "9" * 5000,
    ],
)
def test_it_keeps_anything_else_as_text_without_raising(text):
    assert parse_count(f" {text} ") == text


@pytest.mark.parametrize(
    ("text", "contract"),
    [("", None), ("  ", None), ("capot", "capot"), (" Capot ", "capot"), ("90", 90)],
)
def test_it_reads_a_contract(text, contract):
    assert parse_contract(text) == contract


@pytest.mark.parametrize("text", ["cent", "9" * 5000, "٩٠"])
def test_it_keeps_a_contract_that_is_no_number_as_text(text):
    assert parse_contract(text) == text


def test_it_builds_a_deal_from_a_row_leaving_bad_values_to_validation():
    row = {
        "trump": " sa ",
        "contract": "Capot",
        "coinche": "",
        "taker_card_points": "252",
        "defence_card_points": "0",
        "taker_tricks": "8",
        "taker_belotes": "٠",
        "defence_belotes": "0",
        "taker_declarations": "9" * 5000,
        "defence_declarations": " 20 ",
    }

    deal = deal_from_row(row)

    assert deal == Deal(
        trump="SA",
        contract="capot",
        coinche="none",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        taker_belotes="٠",
        defence_belotes=0,
        taker_declarations="9" * 5000,
        defence_declarations=20,
    )
