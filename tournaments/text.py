"""Text typed by people, made safe to store and print (used by forms, imports, services and
exports)."""

from __future__ import annotations

import unicodedata

#: Unicode categories dropped from names: control (Cc), invisible format (Cf: zero-width
#: spaces and joiners, byte order mark, bidi controls...) and surrogate (Cs) characters.
#: They print as empty boxes or nothing, and make two names that look the same differ.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})


def clean_name(text: str) -> str:
    """Return a name typed or imported by the organiser, as it is stored and compared.

    Every whitespace character (space, tab, line break, non-breaking space...) becomes a
    space; control and invisible format characters are dropped; runs of spaces become one
    and both ends are trimmed. « Jean\\u00a0\\tRoux\\u200b\\x07 » gives « Jean Roux ».
    Letters, accents, apostrophes, quotes and symbols are kept. Empty when nothing is left.
    Used for player, club, tournament and venue names, by the forms and the importers.
    """
    visible = "".join(
        character
        for character in text
        if character.isspace() or unicodedata.category(character) not in _INVISIBLE_CATEGORIES
    )
    return " ".join(visible.split())


def printable(text: str) -> str:
    """Return ``text`` without control characters; tabs and line breaks become spaces.

    « Bob\\x07 » gives « Bob ». Letters, accents, symbols and format characters (such as
    the joiner inside an emoji) are kept. Unlike :func:`clean_name`, spaces are not
    collapsed: it prepares any text (a line of the prize list, a name stored before
    names were cleaned) for a PDF or a sheet.
    """
    return "".join(
        (" " if character.isspace() else "")
        if unicodedata.category(character) in ("Cc", "Cs")
        else character
        for character in text
    )
