"""Safe spreadsheet values (STYLE.md §5): the one place that cleans cells and sheet titles.

Every cell of every export goes through :func:`safe_cell_value`, through
:func:`set_cell` (XLSX) or :func:`csv_field` (CSV); every sheet title through
:func:`sheet_title`.

- Numbers are ints and stay numbers, negative ones too: a -20 match total is the number
  -20, never text and never a formula. Nothing is ever written as a formula.
- Text loses the control characters openpyxl refuses (``ILLEGAL_CHARACTERS_RE``: every C0
  control but tab, line feed and carriage return), so « Bob\\x07 » becomes « Bob ».
- Text that a spreadsheet would read as a formula, starting with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return (checked after the cleaning), gets Excel's leading
  apostrophe. How depends on the format:

  * XLSX: the way Excel itself stores a typed ``'=A1``, the text unchanged in a string
    cell (``data_type == "s"``) whose style has ``quotePrefix`` set. Excel and
    LibreOffice show « =HYPERLINK("http://x","y") » exactly as the team wrote it and keep
    it text when the cell is edited; openpyxl would otherwise store it as a formula.
  * CSV: a file has no styles, so a literal ``'`` is put before the text (OWASP's advice
    against CSV injection); Excel then shows the text with that apostrophe.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell

#: What a cell may hold: a whole number, text, or nothing.
CellValue = int | str | None

#: First characters that make a spreadsheet read text as a formula (or as a DDE call).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Excel's limit on a sheet title, in characters.
MAX_SHEET_TITLE_LENGTH = 31
#: Characters Excel refuses in a sheet title, and what replaces each of them.
FORBIDDEN_IN_SHEET_TITLE = re.compile(r"[\[\]:*?/\\]")
SHEET_TITLE_REPLACEMENT = "-"
#: The title of a sheet whose name is empty once cleaned. Sheet titles are French
#: whatever the language (see tournaments.exports.xlsx).
FALLBACK_SHEET_TITLE = "Feuille"
#: A title Excel keeps for itself, compared without case.
RESERVED_SHEET_TITLES = frozenset({"history"})
#: Spaces and apostrophes at either end of a title (Excel refuses an apostrophe there).
_TITLE_ENDS = re.compile(r"^[\s']+|[\s']+$")


def safe_cell_value(value: CellValue) -> tuple[CellValue, bool]:
    """Return ``value`` as a cell may store it, and whether it needs the leading apostrophe.

    Ints and None come back unchanged, with False. Text loses the control characters
    openpyxl refuses; the flag is True when what is left starts with one of
    :data:`FORMULA_STARTS`. Raises TypeError for any other type, a bool included (whether
    a bool is "1", "TRUE" or « oui » is for the caller to say).
    """
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value, False
    if not isinstance(value, str):
        raise TypeError(f"A cell holds an int, a str or None, not {type(value).__name__}.")
    text = ILLEGAL_CHARACTERS_RE.sub("", value)
    return text, text.startswith(FORMULA_STARTS)


def set_cell(cell: Cell, value: CellValue) -> None:
    """Store ``value`` in an openpyxl ``cell``, cleaned by :func:`safe_cell_value`.

    Text that looks like a formula is kept as it is, as a string cell (data_type "s")
    with ``quotePrefix`` set, which is how Excel stores a leading apostrophe.
    """
    cleaned, needs_apostrophe = safe_cell_value(value)
    cell.value = cleaned
    if needs_apostrophe:
        # openpyxl marks text starting with "=" as a formula; make it a string again.
        cell.data_type = "s"
        cell.quotePrefix = True


def csv_field(value: CellValue) -> int | str:
    """Return ``value`` as a CSV field: an int as it is, None as "", text cleaned by
    :func:`safe_cell_value` with a literal ``'`` before text that looks like a formula."""
    cleaned, needs_apostrophe = safe_cell_value(value)
    if cleaned is None:
        return ""
    return f"'{cleaned}" if needs_apostrophe else cleaned


def sheet_title(title: str, *, taken: Collection[str] = ()) -> str:
    """Return ``title`` made a valid sheet title, distinct from every title in ``taken``.

    Control characters and runs of spaces become one space; each of ``[ ] : * ? / \\``
    becomes ``-``; apostrophes are trimmed from both ends (Excel refuses them there); an
    empty result becomes :data:`FALLBACK_SHEET_TITLE`. The result has at most 31
    characters. When it matches a title in ``taken`` or Excel's reserved "History"
    (ignoring case, as Excel does), " (2)", " (3)" … is added, shortening the title to
    make room.
    """
    printable = "".join(char if char.isprintable() else " " for char in title)
    cleaned = FORBIDDEN_IN_SHEET_TITLE.sub(SHEET_TITLE_REPLACEMENT, printable)
    cleaned = _TITLE_ENDS.sub("", " ".join(cleaned.split()))
    base = _TITLE_ENDS.sub("", cleaned[:MAX_SHEET_TITLE_LENGTH]) or FALLBACK_SHEET_TITLE
    unavailable = {name.casefold() for name in taken} | RESERVED_SHEET_TITLES
    candidate, copy = base, 1
    while candidate.casefold() in unavailable:
        copy += 1
        suffix = f" ({copy})"
        candidate = _TITLE_ENDS.sub("", base[: MAX_SHEET_TITLE_LENGTH - len(suffix)]) + suffix
    return candidate
