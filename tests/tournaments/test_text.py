"""Text typed by people, made safe to store and print (tournaments/text.py)."""

from tournaments.text import printable


def test_printable_drops_control_characters_and_turns_tabs_into_spaces():
    text = "Ana\x07 Léa\tMai\x1b ♠♥♦♣ Cœur\u200dOr\x7f\x9f\r\n"

    assert printable(text) == "Ana Léa Mai ♠♥♦♣ Cœur\u200dOr  "


def test_printable_keeps_a_formula_as_plain_text():
    assert printable('=HYPERLINK("http://x";"y")') == '=HYPERLINK("http://x";"y")'
