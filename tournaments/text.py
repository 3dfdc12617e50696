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


#: Characters that separate the parts of a name: « Jean-Pierre », « J.-P. », « D'Arc ».
_NAME_SEPARATORS = str.maketrans(dict.fromkeys("-‐‑–—.'’`´_,;/", " "))


def name_words(text: str) -> tuple[str, ...]:
    """Return the words of a person's name as they are compared, in order.

    Accents, case, hyphens, dots and apostrophes are ignored: « Jean-Pierre MARTIN »,
    « jean pierre Martin » and « Jéan-Pierre Martin » all give ("jean", "pierre", "martin");
    « J.-P. Martin » gives ("j", "p", "martin"). Empty for a name with no letter or digit.
    """
    decomposed = unicodedata.normalize("NFKD", clean_name(text).casefold())
    plain = "".join(character for character in decomposed if not unicodedata.combining(character))
    return tuple(plain.translate(_NAME_SEPARATORS).split())


def _initials(words: tuple[str, ...]) -> str:
    return "".join(word[0] for word in words)


def _abbreviation(words: tuple[str, ...]) -> str:
    """Return the letters of ``words`` when they are only initials (« JP », « J P »), else ""."""
    return "".join(words) if words and all(len(word) <= 2 for word in words) else ""


def _first_names_match(first: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Tell whether two sets of first names may be one person's: equal, initials of the
    other (« JP » / « Jean-Pierre », « J » / « Jean »), or one the start of the other
    (« Jean » / « Jean-Pierre »)."""
    if not first or not other:
        return False
    if first == other:
        return True
    if _abbreviation(first) and _abbreviation(first) == _initials(other):
        return True
    if _abbreviation(other) and _abbreviation(other) == _initials(first):
        return True
    shorter, longer = sorted((first, other), key=len)
    return longer[: len(shorter)] == shorter


def _one_letter_apart(word: str, other: str) -> bool:
    """Tell whether one letter added, removed, changed or two swapped turns ``word`` into
    ``other`` (« Martin » / « Martinn », « Martin » / « Matrin »), for words of 5 letters
    or more."""
    if word == other or min(len(word), len(other)) < 5 or abs(len(word) - len(other)) > 1:
        return False
    if len(word) == len(other):
        differences = [
            index for index, (a, b) in enumerate(zip(word, other, strict=True)) if a != b
        ]
        if len(differences) == 1:
            return True
        first, second = differences[0], differences[-1]
        return (
            len(differences) == 2
            and second == first + 1
            and (word[first], word[second]) == (other[second], other[first])
        )
    shorter, longer = sorted((word, other), key=len)
    return any(longer[:index] + longer[index + 1 :] == shorter for index in range(len(longer)))


def is_same_name(name: str, other: str) -> bool:
    """Tell whether two full names are the same name once accents, case, hyphens, dots and
    apostrophes are ignored (« Jean-Pierre MARTIN » / « jean pierre martin »). Two empty
    names are not the same name."""
    words = name_words(name)
    return bool(words) and words == name_words(other)


def is_near_duplicate(name: str, other: str) -> bool:
    """Tell whether two full names (« first names then last name », either order) look like
    one person written twice, without being :func:`is_same_name`.

    Near duplicates share a last-name word of at least two letters and their other words
    match as first names (initials: « JP Martin » / « Jean-Pierre Martin »; the start:
    « Jean Martin » / « Jean-Pierre Martin »), or their words are the same in another order
    (« Martin Jean » / « Jean Martin »), or they differ by one letter in one word of five
    letters or more (« Jean Martin » / « Jean Martinn »). The registry flags them for the
    organiser, who decides; nothing is ever merged on this alone.
    """
    words, other_words = name_words(name), name_words(other)
    if not words or not other_words or words == other_words:
        return False
    if sorted(words) == sorted(other_words):
        return True
    if len(words) == len(other_words):
        differing = [(a, b) for a, b in zip(words, other_words, strict=True) if a != b]
        if len(differing) == 1 and _one_letter_apart(*differing[0]):
            return True
    for index, word in enumerate(words):
        if len(word) < 2 or word not in other_words:
            continue
        rest = words[:index] + words[index + 1 :]
        other_index = other_words.index(word)
        other_rest = other_words[:other_index] + other_words[other_index + 1 :]
        if _first_names_match(rest, other_rest):
            return True
    return False


def clean_licence(text: str) -> str:
    """Return a licence number as it is stored and compared: cleaned like a name, without
    spaces, in capitals (« 04 123 45b » gives « 0412345B »). Empty when none was typed."""
    return clean_name(text).replace(" ", "").upper()


def split_full_name(text: str) -> tuple[str, str]:
    """Return ``(first_name, last_name)`` of a name printed « first names last name », as
    a team's line gives it: the last word is the last name (« Jean-Pierre Martin » gives
    ("Jean-Pierre", "Martin"); « Martin » gives ("", "Martin")). The text is cleaned by
    :func:`clean_name`; both are empty for a blank name."""
    words = clean_name(text).split(" ")
    return " ".join(words[:-1]), words[-1]
