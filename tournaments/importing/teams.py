"""Import teams from a CSV or XLSX file, with a preview before anything is saved.

Two steps, both without a single write:

1. :func:`read_team_file` reads the bytes (no database): the rows, and every problem the
   file shows on its own (wrong format or encoding, missing columns, a bad number, a
   missing player, one player twice in a team, a number or a pair twice in the file).
2. :func:`check_team_file` adds what only the database knows (one read query): a number
   already taken in the tournament, a pair already registered.

The organiser sees every problem at once; the teams are saved only when there is none, by
:func:`tournaments.services.register_teams` (all or nothing) with :func:`team_data_for`.

Columns (first non-empty line; case, accents, spaces, punctuation and ``_`` ignored):
``number`` (``numéro``, ``n°``), ``player_1`` (``joueur 1``), ``player_2`` (``joueur 2``),
``club``, ``licence_1``/``licence_2`` (``licence joueur 1``: each player's licence number,
matched against the club's registry; one licence number twice in the file is a problem),
``name`` (the team's name: ``nom de l'équipe``, ``équipe``, ``team name``).
Only the players are required; an empty number is assigned on save. Other columns are
not imported, and the preview names them (:attr:`TeamFile.ignored_columns`), as it
names the columns it imports and what each becomes (:attr:`TeamFile.mapped_columns`). CSV: UTF-8 (with or without BOM), Windows-1252 or UTF-16 with a BOM (Excel's
"Unicode text"), separated by ``;``, ``,`` or a tab, read by :mod:`tournaments.importing.text`
as a played concours' files are. XLSX: the first sheet with a non-empty cell (a workbook
may keep an empty sheet before the teams). Every cell is cleaned by
:func:`tournaments.text.clean_name`, as the team form cleans what is typed.

Problems are :class:`tournaments.importing.problems.ImportProblem` codes (with no file
name: the page shows them beside the upload); only ``forms/messages.py`` turns them into
words.
"""

from __future__ import annotations

import dataclasses
import io
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from tournaments.importing.problems import ImportProblem
from tournaments.importing.reading import MAX_CLUB_LENGTH, MAX_PLAYER_LENGTH
from tournaments.importing.text import (
    NotAWholeNumber,
    NumberAboveLimit,
    UnreadableRecord,
    decode_text,
    pair_key,
    parse_whole_number,
    read_records,
)
from tournaments.models import MAX_TEAM_NAME_LENGTH, Team, TeamData, Tournament
from tournaments.text import clean_licence, clean_name

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet  # what read_only=True gives

#: The columns, in display order; only the players are required.
COLUMNS = ("number", "player_1", "licence_1", "player_2", "licence_2", "club", "name")
REQUIRED_COLUMNS = ("player_1", "player_2")

#: Header names as normalised by :func:`_header_key`, for each column.
HEADER_ALIASES = {
    "number": {"number", "numero", "num", "no", "n", "nr", "numeroequipe", "nequipe"},
    "player_1": {"player1", "joueur1", "joueuse1"},
    "player_2": {"player2", "joueur2", "joueuse2"},
    "club": {"club"},
    "licence_1": {"licence1", "license1", "licencejoueur1", "licencejoueuse1"},
    "licence_2": {"licence2", "license2", "licencejoueur2", "licencejoueuse2"},
    "name": {"name", "teamname", "nomdelequipe", "nomequipe", "equipe"},
}

CSV_EXTENSIONS = {".csv", ".txt"}
XLSX_EXTENSIONS = {".xlsx"}

#: Lines read at most, header included: far above any concours, and it bounds the work.
MAX_LINES = 2000
#: Cells read at most per XLSX row: the four columns are expected among the first ones.
MAX_XLSX_COLUMNS = 50
#: Uncompressed size an XLSX may declare; a 2 MB upload cannot unpack into gigabytes.
MAX_XLSX_UNPACKED_BYTES = 50 * 1024 * 1024
#: Team numbers accepted in a file.
MAX_NUMBER = 9999
#: A licence number's length in the registry (models/players.py).
MAX_LICENCE_LENGTH = 30
#: The database's limits, checked here so that a long name is a problem, not a crash.
_MAX_LENGTHS = {
    "player_1": MAX_PLAYER_LENGTH,
    "player_2": MAX_PLAYER_LENGTH,
    "club": MAX_CLUB_LENGTH,
    "licence_1": MAX_LICENCE_LENGTH,
    "licence_2": MAX_LICENCE_LENGTH,
    "name": MAX_TEAM_NAME_LENGTH,
}


@dataclass(frozen=True)
class TeamRow:
    """One team line of the file: its line (1 = first line), number (None: assign one on
    save), both players, the club and the team's name, cleaned by
    :func:`tournaments.text.clean_name`."""

    line: int
    number: int | None
    player_1: str
    player_2: str
    club: str = ""
    #: Each player's licence number (:func:`tournaments.text.clean_licence`), "" if none.
    licence_1: str = ""
    licence_2: str = ""
    name: str = ""


@dataclass(frozen=True)
class TeamFile:
    """A read file: its team rows (problem rows included, so the preview shows every
    line) and its problems, file-level ones first, then by line."""

    rows: tuple[TeamRow, ...] = ()
    problems: tuple[ImportProblem, ...] = ()
    #: The header's names of columns it does not know, in file order: not imported, and
    #: the preview says so (never dropped silently).
    ignored_columns: tuple[str, ...] = ()
    #: ``(header name, column)`` for each column it imports, in file order, e.g.
    #: ``("Nom de l'équipe", "name")``: the preview says what each becomes. Left out of
    #: comparisons: two files with the same rows and problems are the same teams.
    mapped_columns: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)

    @property
    def is_ready(self) -> bool:
        """Return True when the teams can be saved: at least one, and no problem."""
        return bool(self.rows) and not self.problems


class _FileProblem(Exception):
    """Stops reading: the file as a whole cannot be used."""

    def __init__(self, code: str, line: int = 0, **params: str | int) -> None:
        super().__init__(code)
        self.problem = ImportProblem("", line, "", code, params)


def read_team_file(filename: str, data: bytes) -> TeamFile:
    """Read teams from a CSV or XLSX file, named ``filename``, without the database.

    The extension decides the format (``.csv`` or ``.txt``: text; ``.xlsx``: Excel).
    Returns every team row and every problem the file shows on its own; never raises on
    bad input.
    """
    extension = PurePath(filename).suffix.lower()
    try:
        if extension in CSV_EXTENSIONS:
            lines = _csv_lines(data)
        elif extension in XLSX_EXTENSIONS:
            lines = _xlsx_lines(data)
        else:
            raise _FileProblem("extension", extension=extension)
        return _read_lines(lines)
    except _FileProblem as stop:
        return TeamFile(problems=(stop.problem,))


def check_team_file(*, tournament: Tournament, team_file: TeamFile) -> TeamFile:
    """Return ``team_file`` with the problems the tournament's teams add (one query).

    ``number_taken``: the number belongs to a registered team. ``pair_registered``: the
    same two players (either order, case ignored) are already a team. ``name_registered``
    (number, name): another team already has that name (case ignored). ``player_playing``
    (player, number): in a concours of a club, whose players join its registry, one of the
    two already plays in another team (case ignored), which saving would refuse, and
    ``player_on_line`` (player, line): there, one of the two plays on an earlier line of
    the file already (not the same pair: that is ``same_pair``). A file that is unusable as a whole (a problem on line 0 or on the
    header) is returned as it is.
    """
    if not team_file.rows:
        return team_file
    taken: dict[int, str] = {}
    pairs: dict[frozenset[str], int] = {}
    registered = Team.objects.filter(tournament=tournament).values_list(
        "number", "player_1", "player_2", "name"
    )
    playing: dict[str, int] = {}
    named: dict[str, tuple[int, str]] = {}  # team name, case ignored -> (number, name)
    for number, player_1, player_2, name in registered:
        taken[number] = f"{player_1} / {player_2}"
        if name:
            named[name.casefold()] = (number, name)
        pairs[pair_key(player_1, player_2)] = number
        playing.update({player_1.casefold(): number, player_2.casefold(): number})
    in_file: dict[str, int] = {}  # a player of an earlier line, case ignored -> its line
    file_pairs: set[frozenset[str]] = set()
    added = []
    for row in team_file.rows:
        if row.number is not None and row.number in taken:
            params: dict[str, str | int] = {"number": row.number, "players": taken[row.number]}
            added.append(ImportProblem("", row.line, "number", "number_taken", params))
        if row.name and row.name.casefold() in named:
            number, name = named[row.name.casefold()]
            named_params: dict[str, str | int] = {"number": number, "name": name}
            added.append(ImportProblem("", row.line, "name", "name_registered", named_params))
        registered_number = pairs.get(pair_key(row.player_1, row.player_2))
        if row.player_1 and row.player_2 and registered_number is not None:
            params = {"number": registered_number}
            added.append(ImportProblem("", row.line, "", "pair_registered", params))
            continue
        for column, player in (("player_1", row.player_1), ("player_2", row.player_2)):
            # Only where the players join the club's registry: there one name is one person.
            links = tournament.club_id is not None
            team_number = playing.get(player.casefold()) if player and links else None
            if team_number is not None:
                params = {"player": player, "number": team_number}
                added.append(ImportProblem("", row.line, column, "player_playing", params))
            # Another pair of the file, saved just before: the same refusal on saving. The
            # same pair twice is ``same_pair`` already, one player twice ``same_player``.
            key = pair_key(row.player_1, row.player_2)
            earlier = in_file.get(player.casefold()) if player and links else None
            if team_number is None and earlier is not None and key not in file_pairs:
                params = {"player": player, "line": earlier}
                added.append(ImportProblem("", row.line, column, "player_on_line", params))
        for player in (row.player_1, row.player_2):
            if player:
                in_file.setdefault(player.casefold(), row.line)
        file_pairs.add(pair_key(row.player_1, row.player_2))
    return dataclasses.replace(team_file, problems=_in_order([*team_file.problems, *added]))


def team_data_for(team_file: TeamFile, *, links_registry: bool = False) -> list[TeamData]:
    """Return the rows as the registration service takes them; with ``links_registry``,
    each player is linked to the registry of the tournament's club (known by licence
    number or name, else a new record: :class:`tournaments.models.TeamData`).

    Numbered teams come first: the service gives a team without a number the next one
    after the highest, so a numberless line must not take a number a later line asks for.
    """
    rows = sorted(team_file.rows, key=lambda row: row.number is None)
    return [
        TeamData(
            row.player_1,
            row.player_2,
            row.club,
            row.number,
            player_1_licence=row.licence_1,
            player_2_licence=row.licence_2,
            links_registry=links_registry,
            name=row.name,
        )
        for row in rows
    ]


# Reading the two formats: each yields (line number, cells as text) for non-empty lines.


def _csv_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    if not data:
        raise _FileProblem("empty")
    text = decode_text(data)
    # A spreadsheet or any other binary file named .csv; text never holds NUL characters.
    if "\x00" in text:
        raise _FileProblem("not_text")
    return _csv_records(text)


def _csv_records(text: str) -> Iterator[tuple[int, list[str]]]:
    try:
        yield from read_records(text)
    except UnreadableRecord:
        raise _FileProblem("unreadable") from None


def _xlsx_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    if not data:
        raise _FileProblem("empty")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(item.file_size for item in archive.infolist())
        if unpacked > MAX_XLSX_UNPACKED_BYTES:
            raise _FileProblem("not_xlsx")
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        # The same cells as written: a formula whose value was never computed and saved
        # (a file made by a program, not a spreadsheet) reads as empty above.
        formulas = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except _FileProblem:
        raise
    # A damaged or foreign file makes openpyxl raise many kinds of errors (BadZipFile,
    # InvalidFileException, KeyError for a missing part, XML parse errors...): all mean
    # "this is not a workbook we can read", never a server error.
    except Exception:
        raise _FileProblem("not_xlsx") from None
    return _xlsx_records(workbook, formulas)


def _xlsx_records(workbook: Workbook, formulas: Workbook) -> Iterator[tuple[int, list[str]]]:
    """Yield the records of the team sheet: the first sheet whose first line names the
    player columns, else the first sheet with a non-empty cell (whose header problem is
    then reported); none when no sheet has one.

    ``workbook`` holds the values, ``formulas`` the same file as written: both are read
    at the same sheet index, row by row.
    """
    try:
        first_non_empty = None
        for sheets in zip(workbook.worksheets, formulas.worksheets, strict=True):
            records = _sheet_records(*sheets)
            header = next(records, None)
            if header is None:
                continue
            if _names_the_player_columns(header[1]):
                yield header
                yield from records
                return
            first_non_empty = first_non_empty or sheets
        if first_non_empty is not None:
            yield from _sheet_records(*first_non_empty)
    except _FileProblem:
        raise
    except Exception:  # The sheet's XML is read lazily: damage shows up here.
        raise _FileProblem("not_xlsx") from None
    finally:
        workbook.close()
        formulas.close()


def _names_the_player_columns(header: list[str]) -> bool:
    keys = {_header_key(name) for name in header}
    return all(keys & HEADER_ALIASES[column] for column in REQUIRED_COLUMNS)


def _sheet_records(
    sheet: ReadOnlyWorksheet, sheet_as_written: ReadOnlyWorksheet
) -> Iterator[tuple[int, list[str]]]:
    """Yield (line, cells) for the non-empty lines of one sheet.

    Raises _FileProblem ``formula_without_value`` on a formula whose value the file lacks.
    """
    # types-openpyxl gives ReadOnlyWorksheet the iter_rows of Worksheet, whose self it
    # then refuses: the method is right, its stub is not.
    rows = sheet.iter_rows(  # type: ignore[misc]
        max_row=MAX_LINES + 1, max_col=MAX_XLSX_COLUMNS, values_only=True
    )
    written = sheet_as_written.iter_rows(  # type: ignore[misc]
        max_row=MAX_LINES + 1, max_col=MAX_XLSX_COLUMNS, values_only=True
    )
    for line, (values, as_written) in enumerate(zip(rows, written, strict=False), start=1):
        for column, (value, formula) in enumerate(zip(values, as_written, strict=False), start=1):
            if value is None and isinstance(formula, str) and formula.startswith("="):
                cell = f"{get_column_letter(column)}{line}"
                raise _FileProblem("formula_without_value", line=line, cell=cell)
        cells = [_cell_text(value) for value in values]
        if any(cells):
            yield line, cells


def _cell_text(value: object) -> str:
    """Return an XLSX cell as text; a whole float (3.0) is written as an int (3)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return clean_name(str(value))


# Shared checks on (line, cells) records.


def _read_lines(lines: Iterable[tuple[int, list[str]]]) -> TeamFile:
    records = iter(lines)
    first = next(records, None)
    if first is None:
        raise _FileProblem("empty")
    header_line, header = first
    positions = _column_positions(header_line, header)
    width = max((index + 1 for index, name in enumerate(header) if clean_name(name)), default=0)
    ignored = tuple(
        clean_name(name)
        for index, name in enumerate(header)
        if clean_name(name) and index not in positions.values()
    )
    mapped = tuple(
        (clean_name(header[index]), column)
        for column, index in sorted(positions.items(), key=lambda item: item[1])
    )
    rows: list[TeamRow] = []
    problems: list[ImportProblem] = []
    numbers: dict[int, int] = {}  # number -> first line
    pairs: dict[frozenset[str], int] = {}  # pair -> first line
    names: dict[str, int] = {}  # team name, case ignored -> first line
    licences: dict[str, int] = {}  # licence number -> first line
    for line, cells in records:
        if line > MAX_LINES:
            raise _FileProblem("too_many_lines", max=MAX_LINES)
        values = {
            column: clean_name(cells[index]) if index < len(cells) else ""
            for column, index in positions.items()
        }
        row, row_problems = _read_row(line, values)
        extra = [cell for cell in cells[width:] if clean_name(cell)]
        if extra:
            params_extra: dict[str, str | int] = {
                "cells": width + len(extra),
                "columns": width,
                "extra": clean_name(extra[0]),
            }
            row_problems.append(ImportProblem("", line, "", "extra_cells", params_extra))
        if row.number is not None:
            if row.number in numbers:
                params: dict[str, str | int] = {"number": row.number, "line": numbers[row.number]}
                row_problems.append(ImportProblem("", line, "number", "duplicate_number", params))
            numbers.setdefault(row.number, line)
        if row.player_1 and row.player_1.casefold() == row.player_2.casefold():
            same: dict[str, str | int] = {"player": row.player_1}
            row_problems.append(ImportProblem("", line, "player_2", "same_player", same))
        elif row.player_1 and row.player_2:
            key = pair_key(row.player_1, row.player_2)
            if key in pairs:
                row_problems.append(ImportProblem("", line, "", "same_pair", {"line": pairs[key]}))
            pairs.setdefault(key, line)
        if row.name:
            if row.name.casefold() in names:
                name_params: dict[str, str | int] = {
                    "name": row.name,
                    "line": names[row.name.casefold()],
                }
                row_problems.append(ImportProblem("", line, "name", "same_name", name_params))
            names.setdefault(row.name.casefold(), line)
        for column, licence in (("licence_1", row.licence_1), ("licence_2", row.licence_2)):
            if licence and licence in licences:
                params = {"licence": licence, "line": licences[licence]}
                row_problems.append(ImportProblem("", line, column, "licence_twice", params))
            if licence:
                licences.setdefault(licence, line)
        rows.append(row)
        problems.extend(row_problems)
    if not rows:
        raise _FileProblem("no_rows", line=header_line)
    return TeamFile(
        rows=tuple(rows),
        problems=_in_order(problems),
        ignored_columns=ignored,
        mapped_columns=mapped,
    )


def _column_positions(line: int, header: list[str]) -> dict[str, int]:
    """Return the index of each known column in the header line."""
    positions: dict[str, int] = {}
    for index, name in enumerate(header):
        key = _header_key(name)
        column = next((c for c, aliases in HEADER_ALIASES.items() if key in aliases), None)
        if column is None:
            continue
        if column in positions:
            raise _FileProblem("column_twice", line=line, column=column)
        positions[column] = index
    missing = [column for column in REQUIRED_COLUMNS if column not in positions]
    if missing:
        raise _FileProblem("columns", line=line, columns=", ".join(missing))
    return positions


def _read_row(line: int, values: dict[str, str]) -> tuple[TeamRow, list[ImportProblem]]:
    """Return one team row and the problems it shows on its own."""
    problems = []
    number = None
    raw_number = values.get("number", "")
    if raw_number:
        number = _whole_number(raw_number)
        if number is None:
            params: dict[str, str | int] = {"value": raw_number, "max": MAX_NUMBER}
            problems.append(ImportProblem("", line, "number", "number", params))
    for column, max_length in _MAX_LENGTHS.items():
        if column in REQUIRED_COLUMNS and not values[column]:
            problems.append(ImportProblem("", line, column, "missing_player"))
        elif len(values.get(column, "")) > max_length:
            problems.append(ImportProblem("", line, column, "too_long", {"max": max_length}))
    row = TeamRow(
        line,
        number,
        values["player_1"],
        values["player_2"],
        values.get("club", ""),
        clean_licence(values.get("licence_1", "")),
        clean_licence(values.get("licence_2", "")),
        values.get("name", ""),
    )
    return row, problems


def _in_order(problems: Iterable[ImportProblem]) -> tuple[ImportProblem, ...]:
    """Sort problems by line, then in column order, whole-line ones last."""
    order = {column: index for index, column in enumerate(COLUMNS)}
    return tuple(sorted(problems, key=lambda p: (p.line, order.get(p.column, len(order)))))


def _whole_number(text: str) -> int | None:
    """Return ``text`` as a team number (1 to MAX_NUMBER), or None
    (:func:`tournaments.importing.text.parse_whole_number`)."""
    try:
        return parse_whole_number(text, MAX_NUMBER)
    except (NotAWholeNumber, NumberAboveLimit):
        return None


def _header_key(name: str) -> str:
    """Return a header name without case, accents, spaces or punctuation: "N°" -> "n"."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if char.isascii() and char.isalnum())
