"""Read deal inputs from text, as CSV files and imports give them (RULES.md §F).

Text that is not what a field needs is kept as it is, so that :func:`validate_deal`
reports it with the right §B6 code (``number``, ``contract``, ``trump`` …).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from scoring.deals import Deal
from scoring.rules import CAPOT

#: Longest count read as a number, in significant digits. Real counts have at most three;
#: a longer one (up to thousands of digits) stays text, so validation reports ``number``
#: and ``int()`` never meets Python's 4300-digit limit.
MAX_COUNT_DIGITS = 9

# ASCII digits only: ``\d`` would also take "²" or Arabic-Indic "١٠٤". Leading zeros are
# matched apart so that they do not count as digits.
_INTEGER = re.compile(rf"([+-]?)0*([0-9]{{1,{MAX_COUNT_DIGITS}}})")

#: The deal input columns of RULES.md §F, after ``ruleset``.
DEAL_COLUMNS = (
    "trump",
    "contract",
    "coinche",
    "taker_card_points",
    "defence_card_points",
    "taker_tricks",
    "taker_belotes",
    "defence_belotes",
    "taker_declarations",
    "defence_declarations",
)


def parse_count(text: str) -> int | str:
    """Return ``text`` as an int when it is one (``" 12 "`` → 12), else the stripped text.

    A number is an optional sign and ASCII digits, at most :data:`MAX_COUNT_DIGITS` of
    them after any leading zeros. Never raises.
    """
    text = text.strip()
    match = _INTEGER.fullmatch(text)
    return int(match[1] + match[2]) if match else text


def parse_contract(text: str) -> int | str | None:
    """Return a contract: an int, ``"capot"``, None when empty (classic belote), else the text."""
    text = text.strip()
    if not text:
        return None
    if text.lower() == CAPOT:
        return CAPOT
    return parse_count(text)


def deal_from_row(row: Mapping[str, str]) -> Deal:
    """Build a :class:`Deal` from a CSV row holding the :data:`DEAL_COLUMNS`.

    Trump is upper-cased (``"sa"`` → ``"SA"``) and an empty coinche means none. Never
    raises on bad values: validation reports them. Raises KeyError for a missing column.
    """
    return Deal(
        trump=row["trump"].strip().upper(),
        contract=parse_contract(row["contract"]),
        coinche=row["coinche"].strip().lower() or "none",
        taker_card_points=parse_count(row["taker_card_points"]),
        defence_card_points=parse_count(row["defence_card_points"]),
        taker_tricks=parse_count(row["taker_tricks"]),
        taker_belotes=parse_count(row["taker_belotes"]),
        defence_belotes=parse_count(row["defence_belotes"]),
        taker_declarations=parse_count(row["taker_declarations"]),
        defence_declarations=parse_count(row["defence_declarations"]),
    )
