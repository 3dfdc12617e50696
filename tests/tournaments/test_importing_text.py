"""tournaments/importing/text.py: the one reader of both importers (encodings, delimiters,
CSV records, whole numbers)."""

import pytest

from tournaments.importing.text import (
    CSV_FIELD_LIMIT,
    NotAWholeNumber,
    NumberAboveLimit,
    UnreadableRecord,
    decode_text,
    guess_delimiter,
    pair_key,
    parse_whole_number,
    read_records,
)

# decode_text


@pytest.mark.parametrize(
    ("data", "text"),
    [
        pytest.param("Hélène;Cœur".encode(), "Hélène;Cœur", id="utf8"),
        pytest.param("\ufeffHélène;Cœur".encode(), "Hélène;Cœur", id="utf8_with_bom"),
        pytest.param("Hélène;Cœur".encode("utf-16"), "Hélène;Cœur", id="utf16_with_bom"),
        pytest.param(
            b"\xfe\xff" + "Hélène;Cœur".encode("utf-16-be"), "Hélène;Cœur", id="utf16_big_endian"
        ),
        pytest.param("Hélène;Cœur".encode("cp1252"), "Hélène;Cœur", id="windows_1252"),
        pytest.param(b"Caf\xe9 \x81", "Café \ufffd", id="windows_1252_undefined_byte"),
    ],
)
def test_it_decodes_what_spreadsheets_write(data, text):
    assert decode_text(data) == text


# guess_delimiter


@pytest.mark.parametrize(
    ("text", "delimiter"),
    [
        pytest.param("number,player_1,player_2\n1,A,B\n", ",", id="commas"),
        pytest.param("Numéro;Joueur 1;Joueur 2\r\n1;A, dite Lili;B\r\n", ";", id="semicolons"),
        pytest.param("n°\tjoueur 1\tjoueur 2\n7\tA, dite Lili\tB\n", "\t", id="tabs"),
        pytest.param("\n\n \nplayer_1;player_2\n\nA;B\n", ";", id="blank_lines_first"),
        pytest.param('player_1,player_2\n"A\nB",C\nD,E\n', ",", id="quoted_cell_over_two_lines"),
        pytest.param("player_1;player_2\n", ";", id="header_only"),
    ],
)
def test_the_sniffer_finds_the_delimiter(text, delimiter):
    assert guess_delimiter(text) == delimiter


@pytest.mark.parametrize(
    ("text", "delimiter"),
    [
        # Four then five semicolons: no delimiter is regular, the first line decides.
        pytest.param("club;player_2;note;player_1\nA;B;C;D;E\n", ";", id="uneven_lines"),
        pytest.param("a;b,c\n1;2;3,4,5\n", ",", id="tie_goes_to_the_comma"),
        pytest.param("a;b\tc\n1;2;3\t4\t5\n", ";", id="tie_of_semicolon_and_tab"),
        pytest.param("player\nA\n", ",", id="one_column"),
        pytest.param("", ",", id="empty"),
    ],
)
def test_when_the_sniffer_cannot_tell_the_first_line_decides(text, delimiter):
    assert guess_delimiter(text) == delimiter


# read_records


def test_it_yields_each_record_with_the_line_where_it_starts_and_skips_blank_ones():
    text = 'player_1,player_2\n\n , \n"Hélène\nMartin",Paul\nJean,Marie\n'

    records = list(read_records(text))

    assert records == [
        (1, ["player_1", "player_2"]),
        (4, ["Hélène\nMartin", "Paul"]),
        (6, ["Jean", "Marie"]),
    ]


def test_it_reads_quotes_the_csv_way_whatever_the_sniffer_thinks():
    text = "club;note\nACB;à l'heure;\n'x';\"y;z\"\n"

    records = list(read_records(text))

    assert records == [(1, ["club", "note"]), (2, ["ACB", "à l'heure", ""]), (3, ["'x'", "y;z"])]


def test_a_cell_over_the_csv_limit_makes_its_record_unreadable_naming_its_line():
    text = f"a,b\n1,2\n3,{'0' * (CSV_FIELD_LIMIT + 1)}\n"

    with pytest.raises(UnreadableRecord) as raised:
        list(read_records(text))

    assert raised.value.line == 3


def test_a_cell_of_exactly_the_csv_limit_is_read():
    text = f"a,b\n1,{'0' * CSV_FIELD_LIMIT}\n"

    records = list(read_records(text))

    assert [(line, len(cells[1])) for line, cells in records] == [(1, 1), (2, CSV_FIELD_LIMIT)]


# parse_whole_number


@pytest.mark.parametrize(
    ("text", "number"), [("7", 7), (" 007 ", 7), ("9999", 9999), ("0001", 1), ("1", 1)]
)
def test_it_reads_whole_numbers_in_ascii_digits(text, number):
    assert parse_whole_number(text, 9999) == number


@pytest.mark.parametrize(
    "text", ["", " ", "0", "000", "-1", "+1", "2.5", "3 bis", "x", "²", "١٠٤", "１", "1e3"]
)
def test_anything_but_a_whole_number_of_at_least_1_in_digits_0_to_9_is_refused(text):
    with pytest.raises(NotAWholeNumber):
        parse_whole_number(text, 9999)


@pytest.mark.parametrize(("text", "number"), [("0", 0), (" 000 ", 0), ("012", 12)])
def test_a_count_may_be_zero(text, number):
    assert parse_whole_number(text, 99, allows_zero=True) == number


@pytest.mark.parametrize("text", ["", "-1", "x"])
def test_a_count_is_still_a_whole_number_in_digits(text):
    with pytest.raises(NotAWholeNumber):
        parse_whole_number(text, 99, allows_zero=True)


@pytest.mark.parametrize("text", ["10000", "99999999999999999999", "9" * 5000, "0" * 10 + "10000"])
def test_a_number_above_the_limit_is_refused_with_the_limit(text):
    with pytest.raises(NumberAboveLimit) as raised:
        parse_whole_number(text, 9999)

    assert raised.value.limit == 9999


# pair_key


def test_two_teams_are_the_same_pair_in_either_order_and_any_case():
    assert pair_key("Hélène  Martin", "paul") == pair_key("PAUL", "hélène martin\u200b")
