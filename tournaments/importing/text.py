"""The text layer of both importers: bytes to text, text to CSV records, cells to numbers.

The team file an organiser uploads (:mod:`tournaments.importing.teams`) and the files of
a played concours (:mod:`tournaments.importing.reading`, RULES.md §F) are read the same
way here: the same encodings, the same delimiters, the same records, the same whole
numbers. Nothing here knows columns or the database; each importer turns what goes
wrong into its own :class:`tournaments.importing.problems.ImportProblem`.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

from tournaments.text import clean_name

#: The delimiters a file may use, in the order that wins a tie when the sniffer cannot
#: tell: the comma of RULES.md §F first, then the semicolon of French spreadsheets, then
#: the tab of Excel's "Unicode text".
DELIMITERS = (",", ";", "\t")
#: Non-blank lines the delimiter is guessed from.
SNIFFED_LINES = 10
#: The csv module's limit on one cell, in characters (its default, left as it is): a
#: longer cell makes its record unreadable (:class:`UnreadableRecord`).
CSV_FIELD_LIMIT = 131072

_BYTE_ORDER_MARKS_UTF16 = (b"\xff\xfe", b"\xfe\xff")
_DIGITS = re.compile(r"[0-9]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class UnreadableRecord(Exception):
    """Raised when the csv module refuses a record (a cell over :data:`CSV_FIELD_LIMIT`
    characters); ``line`` is the line where the record starts (1 = first line)."""

    def __init__(self, line: int) -> None:
        super().__init__(f"line {line}")
        self.line = line


class NotAWholeNumber(ValueError):
    """Raised for a cell that is not a whole number of at least 1 in digits 0 to 9."""


class NumberAboveLimit(ValueError):
    """Raised for a whole number above ``limit``."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"above {limit}")
        self.limit = limit


def decode_text(data: bytes) -> str:
    """Decode a file as spreadsheets write it: UTF-16 when it starts with a byte order
    mark (Excel's "Unicode text"), else UTF-8 (with or without a byte order mark), else
    Windows-1252. Never raises: a byte that does not decode becomes U+FFFD."""
    if data.startswith(_BYTE_ORDER_MARKS_UTF16):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def guess_delimiter(text: str) -> str:
    """Return the delimiter of CSV ``text``: one of :data:`DELIMITERS`.

    :class:`csv.Sniffer` reads the first :data:`SNIFFED_LINES` non-blank lines. When it
    cannot tell (lines with different counts, a single line with two candidates…), the
    delimiter is the one the first non-blank line holds most, ties going in the order of
    :data:`DELIMITERS`; a file with none is read with commas.
    """
    lines = [line for line in _LINE_BREAK.split(text) if line.strip()][:SNIFFED_LINES]
    if not lines:
        return DELIMITERS[0]
    try:
        delimiter = csv.Sniffer().sniff("\n".join(lines), delimiters="".join(DELIMITERS))
    except csv.Error:
        return max(DELIMITERS, key=lines[0].count)
    return delimiter.delimiter


def read_records(text: str, delimiter: str | None = None) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line, cells)`` for each record of CSV ``text`` with a non-blank cell.

    ``line`` is where the record starts (1 = first line): a quoted cell may span lines.
    ``delimiter`` defaults to :func:`guess_delimiter`'s; quotes are the csv module's
    defaults (``"``, doubled inside a cell), whatever the sniffer thought. Raises
    UnreadableRecord for a record the csv module refuses.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter or guess_delimiter(text))
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if any(cell.strip() for cell in cells):
                yield line, cells
    except csv.Error:
        raise UnreadableRecord(start) from None


def parse_whole_number(text: str, limit: int, *, allows_zero: bool = False) -> int:
    """Return ``text`` as a whole number from 1 (0 when ``allows_zero``: a count) to
    ``limit``; spaces around are ignored.

    Only ASCII digits count (``str.isdigit`` would take "²" and "١٠٤"), leading zeros are
    dropped ("007" is 7), and the length is checked before ``int()``, which refuses more
    than 4300 digits. Raises NotAWholeNumber for anything else (a sign, a decimal point,
    a letter, zero unless allowed, nothing) and NumberAboveLimit above ``limit``.
    """
    text = text.strip()
    if not _DIGITS.fullmatch(text):
        raise NotAWholeNumber(text[:20])
    digits = text.lstrip("0")
    if not digits:
        if allows_zero:
            return 0
        raise NotAWholeNumber(text[:20])
    if len(digits) > len(str(limit)) or int(digits) > limit:
        raise NumberAboveLimit(limit)
    return int(digits)


def pair_key(player_1: str, player_2: str) -> frozenset[str]:
    """Return what makes two teams the same pair: both names, either order, any case
    (cleaned by :func:`tournaments.text.clean_name`), as the registration service
    compares them."""
    return frozenset((clean_name(player_1).casefold(), clean_name(player_2).casefold()))
