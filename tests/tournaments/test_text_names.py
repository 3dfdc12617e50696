"""Comparing people's names (tournaments/text.py): the words compared, the same name, and
the near duplicates the registry flags (never merges)."""

import pytest

from tournaments.text import (
    clean_licence,
    is_near_duplicate,
    is_same_name,
    name_words,
    split_full_name,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jean-Pierre MARTIN", ("jean", "pierre", "martin")),
        ("  jéan\u00a0pierre   Martin ", ("jean", "pierre", "martin")),
        ("J.-P. Martin", ("j", "p", "martin")),
        ("Jeanne D’Arc", ("jeanne", "d", "arc")),
        ("Ōtani Zoë", ("otani", "zoe")),
        ("", ()),
        ("- . -", ()),
    ],
)
def test_it_gives_the_words_of_a_name(text, expected):
    assert name_words(text) == expected


@pytest.mark.parametrize(
    ("name", "other", "expected"),
    [
        ("Jean-Pierre Martin", "jean pierre MARTIN", True),
        ("Hélène Roux", "Helene Roux", True),
        ("Jean Martin", "Martin Jean", False),
        ("JP Martin", "Jean-Pierre Martin", False),
        ("", "", False),
    ],
)
def test_it_tells_the_same_name(name, other, expected):
    assert is_same_name(name, other) is expected


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Jean-Pierre Martin", "JP Martin"),
        ("JP Martin", "Jean-Pierre Martin"),
        ("J.-P. Martin", "Jean Pierre Martin"),
        ("J Martin", "Jean Martin"),
        ("Jean Martin", "Jean-Pierre Martin"),
        ("Martin Jean", "Jean Martin"),
        ("MARTIN Jean-Pierre", "JP Martin"),
        ("Jean Martin", "Jean Martinn"),
        ("Jean Martin", "Jean Matrin"),
        ("Bernard Lefevre", "Bernard Lefèbvre"),
    ],
)
def test_it_flags_near_duplicates(name, other):
    assert is_near_duplicate(name, other) is True


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Jean-Pierre Martin", "jean pierre martin"),  # the same name, not a near duplicate
        ("Jean Martin", "Paul Martin"),
        ("JP Martin", "Jean-Paul Dupont"),
        ("JP Martin", "Jacques Martin"),
        ("Jean Martin", "Jean Dupont"),
        ("Martin", "Jean Martin"),
        ("Léa Roux", "Léo Roux"),  # one letter, but in a word of fewer than 5 letters
        ("Jean Martin", "Jean Marton Dupont"),
        ("", "Jean Martin"),
    ],
)
def test_it_does_not_flag_other_names(name, other):
    assert is_near_duplicate(name, other) is False


@pytest.mark.parametrize(
    ("text", "expected"),
    [(" 04 123 45b ", "0412345B"), ("\t", ""), ("FFB-0412", "FFB-0412")],
)
def test_it_cleans_a_licence_number(text, expected):
    assert clean_licence(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Jean-Pierre  Martin", ("Jean-Pierre", "Martin")),
        ("Marie Claire Roux", ("Marie Claire", "Roux")),
        ("Martin", ("", "Martin")),
        ("  ", ("", "")),
    ],
)
def test_it_splits_a_printed_name_into_first_and_last_name(text, expected):
    assert split_full_name(text) == expected
