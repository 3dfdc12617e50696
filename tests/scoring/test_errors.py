"""DealError names the Deal field each §B6 code concerns."""

import pytest

from scoring.errors import DealError, ErrorCode


@pytest.mark.parametrize(
    ("code", "field"),
    [
        (ErrorCode.RULESET, "ruleset"),
        (ErrorCode.TRUMP, "trump"),
        (ErrorCode.TRICKS, "taker_tricks"),
        (ErrorCode.CARD_POINTS, "taker_card_points"),
        (ErrorCode.BELOTE, "taker_belotes"),
        (ErrorCode.DECLARATIONS, "taker_declarations"),
        (ErrorCode.CONTRACT, "contract"),
        (ErrorCode.COINCHE, "coinche"),
    ],
)
def test_it_names_the_field_of_each_code(code, field):
    error = DealError(code)

    assert error.field == field


def test_it_names_the_non_integer_field_for_number():
    error = DealError(ErrorCode.NUMBER, "not_integer", (("field", "defence_belotes"),))

    assert error.field == "defence_belotes"
