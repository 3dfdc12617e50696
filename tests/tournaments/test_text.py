"""Text typed by people, made safe to store and print (tournaments/text.py)."""

import pytest

from tournaments.text import clean_name, printable


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What QA typed in the team form.
        ("Ctl\x0bChar", "Ctl Char"),  # a vertical tab is a line break: a space
        ("Esc\x1b[31mRed\x01", "Esc[31mRed"),
        ("Bell\x07Ring", "BellRing"),
        ("Tab\tName\u200b", "Tab Name"),
        ("Club\x7f", "Club"),
        # C1 controls, the byte order mark, zero-width characters and bidi controls.
        ("\x85Anne\x9f\x80", "Anne"),  # \x85 (next line) is whitespace
        ("\ufeffAnne", "Anne"),
        ("Marc\u200bPetit", "MarcPetit"),
        ("Lé\u200ca\u200d", "Léa"),
        ("\u202eLuc\u202c \u2066Bon\u2069\u200e\u200f", "Luc Bon"),
        ("Jo\u2060\u00adël", "Joël"),
        # Whitespace of every kind becomes one space, trimmed at both ends.
        ("  Jean \u00a0\u202f\r\n\t Roux\u2028 ", "Jean Roux"),
        ("Hélène\nMartin", "Hélène Martin"),
        # What a name is made of stays as it is.
        ("Jean-Noël d’Aubigné", "Jean-Noël d’Aubigné"),
        ("L'Écluse « Les As »", "L'Écluse « Les As »"),
        ("Cœur ♠♥♦♣ ❤️ 李", "Cœur ♠♥♦♣ ❤️ 李"),
        ('=HYPERLINK("http://x";"y")', '=HYPERLINK("http://x";"y")'),
        # Nothing visible: nothing left.
        ("", ""),
        (" \t\u200b\x07\x7f\u00a0", ""),
    ],
)
def test_clean_name_drops_invisible_characters_and_collapses_whitespace(text, expected):
    assert clean_name(text) == expected


def test_clean_name_changes_nothing_it_has_already_cleaned():
    text = "\u202e Jean\x07\u00a0\tRoux\u200b « Club\x7f » "

    assert clean_name(clean_name(text)) == clean_name(text) == "Jean Roux « Club »"


def test_printable_drops_control_characters_and_turns_tabs_into_spaces():
    text = "Ana\x07 Léa\tMai\x1b ♠♥♦♣ Cœur\u200dOr\x7f\x9f\r\n"

    assert printable(text) == "Ana Léa Mai ♠♥♦♣ Cœur\u200dOr  "


def test_printable_keeps_a_formula_as_plain_text():
    assert printable('=HYPERLINK("http://x";"y")') == '=HYPERLINK("http://x";"y")'
