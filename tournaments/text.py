"""Text typed by people, made safe to store and print (used by services and exports)."""

from __future__ import annotations

import unicodedata


def printable(text: str) -> str:
    """Return ``text`` without control characters; tabs and line breaks become spaces.

    « Bob\\x07 » gives « Bob ». Letters, accents, symbols and format characters (such as
    the joiner inside an emoji) are kept.
    """
    return "".join(
        (" " if character.isspace() else "")
        if unicodedata.category(character) in ("Cc", "Cs")
        else character
        for character in text
    )
