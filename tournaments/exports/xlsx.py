"""The tournament workbook (STYLE.md §5): one XLSX with six sheets, built with openpyxl.

Sheets, in order: « Classement » (the standings, then players, club, the remaining
tie-breaks, the drawn lot and the players' figures), « Parties » (every match, its
totals the confirmed ones, as the desk counts them),
« Exempts » (the byes of each round), « Donnes » (every deal: inputs and scores, the
declarations as announced in words, « tierce au roi de cœur »), « Équipes » (the teams)
— a mêlée's « Joueurs » (its players), its « Parties » naming each table's four players
at their seats and its « Exempts » the players who sat out (RULES.md §H) — and « Concours » (the tournament: name, date, venue, rule preset and its version,
format). Matches, byes and deals of a draft round are left out: a draft is not played
and may be drawn again. Every sheet prints the tournament, its rule preset and the
preset's version in its page header (RULES.md §B).

The sheet titles, headers and labels (trump, outcome, « oui ») follow the active
language: in English the sheets are « Standings », « Matches », « Byes », « Deals »,
« Teams » (« Players ») and « Tournament » (:func:`sheet_titles`). A French workbook keeps
its French names, so the formulas a club adds to it (='Classement'!C2) go on working as
long as it downloads it in French. The first eight columns of « Classement » are the columns of
``expected_standings.csv`` (rank, team, points, matches won, matches drawn, points
against, points difference, byes), under translated headers.

The columns of the first three sheets, their headers and their values, come from
:mod:`tournaments.presentation.columns`: the spreadsheet shows each column's name and its
words (« ♥ », « Aucune », « Oui »), where the CSV shows its key and its code.

Every cell goes through :func:`tournaments.exports.cells.set_cell` and every title
through :func:`tournaments.exports.cells.sheet_title`: numbers stay ints (negative too),
nothing is a formula, text that looks like one is quoted, control characters go.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring.rows import DEAL_COLUMNS
from tournaments import selectors
from tournaments.exports.cells import CellValue, safe_cell_value, set_cell, sheet_title
from tournaments.models import Deal, MatchFormatKind, Round, Tournament
from tournaments.presentation.columns import (
    COUNTED_MATCHES,
    DEALS,
    MELEE_STANDINGS,
    MELEE_STANDINGS_FILE_KEYS,
    STANDINGS,
    STANDINGS_FILE_KEYS,
    Column,
    deal_rows,
    pick,
    standings_keys,
    yes_no_words,
)
from tournaments.presentation.seats import MELEE_DEALS, MELEE_MATCHES, seated_matches
from tournaments.selectors import ConfirmedMatch
from tournaments.text import printable

Row = TypeVar("Row")


def sheet_titles() -> dict[str, str]:
    """Return the workbook's sheet titles in the active language, by sheet: ``standings``,
    ``matches``, ``byes``, ``deals``, ``teams``, ``players`` (a mêlée's, RULES.md §H) and
    ``tournament`` — in French « Classement », « Parties », « Exempts », « Donnes »,
    « Équipes », « Joueurs », « Concours »; in English « Standings », « Matches », « Byes »,
    « Deals », « Teams », « Players », « Tournament ». Each is at most 31 characters with
    none of ``[ ] : * ? / \\`` (Excel's limits, STYLE.md §5); :func:`tournament_xlsx`
    passes them through :func:`tournaments.exports.cells.sheet_title` all the same."""
    return {
        "standings": pgettext("workbook sheet", "Standings"),
        "matches": pgettext("workbook sheet", "Matches"),
        "byes": pgettext("workbook sheet", "Byes"),
        "deals": pgettext("workbook sheet", "Deals"),
        "teams": pgettext("workbook sheet", "Teams"),
        "players": pgettext("workbook sheet", "Players"),
        "tournament": pgettext("workbook sheet", "Tournament"),
    }


#: Column widths, in characters: the longest value plus a margin, within these bounds.
MIN_COLUMN_WIDTH = 6
MAX_COLUMN_WIDTH = 50
COLUMN_MARGIN = 2


@dataclass(frozen=True)
class Sheet:
    """One sheet of the workbook: its title, its header row and its rows of values."""

    title: str
    header: tuple[str, ...]
    rows: Sequence[tuple[CellValue, ...]]


def played_matches(*, tournament: Tournament) -> list[tuple[ConfirmedMatch, list[Deal]]]:
    """Return the matches of the tournament's published and closed rounds, by round and
    table, each with its deals in order (every status: the status is exported too), a
    mêlée pair's players joined (:func:`tournaments.selectors.tournament_seated_matches`)
    and its confirmed totals (:func:`tournaments.selectors.with_confirmed_totals`, as the
    desk counts them: RULES.md §E).

    Two queries, however many matches: one for the matches, one for all their deals.
    """
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in selectors.tournament_deals(tournament=tournament):
        deals[deal.match_id].append(deal)
    return [
        (match, deals[match.pk])
        for match in selectors.with_confirmed_totals(
            selectors.tournament_seated_matches(tournament=tournament)
        )
        if match.round.status != Round.Status.DRAFT
    ]


#: « Classement »: the columns of ``expected_standings.csv``, then the team's name, the
#: players, the club,
#: the other tie-breaks and the team's figures (``match_points`` after ``points`` when the
#: tournament ranks by them).
STANDINGS_KEYS = (
    *STANDINGS_FILE_KEYS,
    "team_name",
    "players",
    "club",
    "head_to_head",
    "lot",
    "best_match_score",
    "belotes",
    "capots",
    "coinches_made",
    "withdrawn",
)
STANDINGS_COLUMNS = pick(STANDINGS, STANDINGS_KEYS)
#: « Classement » of a mêlée (RULES.md §H): the columns of its ``expected_standings.csv``,
#: then the player's name and club.
MELEE_STANDINGS_COLUMNS = pick(MELEE_STANDINGS, (*MELEE_STANDINGS_FILE_KEYS, "name", "club"))

#: « Parties »: where each match was played, its teams, its confirmed totals, result
#: (« en cours » while a deal waits), deals played and deals not counted yet (RULES.md §E).
MATCHES_COLUMNS = pick(
    COUNTED_MATCHES,
    (
        "round",
        "table",
        "team_a",
        "name_a",
        "players_a",
        "team_b",
        "name_b",
        "players_b",
        "total_a",
        "total_b",
        "result",
        "deals_played",
        "deals_unconfirmed",
    ),
)
#: « Parties » of a mêlée (RULES.md §H): where each match was played, then each pair's
#: players at their seats (number, name), pair A North and South, pair B East and West,
#: then the confirmed totals, the result (« Paire A », « en cours »), deals played and
#: deals not counted yet. No pair number: it would read as a player's.
MELEE_MATCHES_COLUMNS = pick(
    MELEE_MATCHES,
    (
        "round",
        "table",
        "a_1",
        "a_1_name",
        "a_2",
        "a_2_name",
        "b_1",
        "b_1_name",
        "b_2",
        "b_2_name",
        "total_a",
        "total_b",
        "result",
        "deals_played",
        "deals_unconfirmed",
    ),
)
#: « Donnes »: where each deal was played, its taker's team, the inputs, the
#: declarations as announced, the outcome, the scores, the running totals (« Pas encore
#: comptée » from the first deal not confirmed on), the status.
DEALS_COLUMNS = pick(
    DEALS,
    (
        "round",
        "table",
        "deal",
        "taker_team",
        "passed",
        *DEAL_COLUMNS,
        "taker_declarations_text",
        "defence_declarations_text",
        "outcome",
        "score_a",
        "score_b",
        "total_a",
        "total_b",
        "status",
    ),
)


#: « Donnes » of a mêlée: the taker is its pair's side, A or B, not a pair number (§H).
MELEE_DEALS_COLUMNS = tuple(
    MELEE_DEALS["taker_team"] if column.key == "taker_team" else column for column in DEALS_COLUMNS
)


def columns_sheet(title: str, columns: Sequence[Column[Row]], rows: Iterable[Row]) -> Sheet:
    """Return the sheet ``title`` of ``rows``: the names of ``columns`` as the header, then
    what people read in each column (words in the active language, numbers as ints)."""
    header = tuple(str(column.name) for column in columns)
    return Sheet(title, header, [tuple(column.words(row) for column in columns) for row in rows])


def standings_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Classement »: one row per team in rank order; points are scored points,
    and « Points de match » follow them when the tournament ranks by match points
    (RULES.md §E). A mêlée (no team, its players registered alone) gets one row per
    player instead, :data:`MELEE_STANDINGS_COLUMNS` (RULES.md §H)."""
    standings = selectors.tournament_standings(tournament=tournament)
    if not standings and selectors.is_melee(tournament=tournament):
        players = selectors.melee_standings(tournament=tournament)
        return columns_sheet(sheet_titles()["standings"], MELEE_STANDINGS_COLUMNS, players)
    ranks = tournament.ranks_by_match_points
    columns = pick(STANDINGS, standings_keys(STANDINGS_KEYS, ranks_by_match_points=ranks))
    return columns_sheet(sheet_titles()["standings"], columns, standings)


def matches_sheet(
    *, matches: list[tuple[ConfirmedMatch, list[Deal]]], is_melee: bool = False
) -> Sheet:
    """Return « Parties »: one row per match; totals are the confirmed ones, in scored
    points: a deal pending or disputed, and every deal after it, is not in them, its
    result reads « en cours » and « Donnes pas encore comptées » counts those waiting
    (selectors/results.py, RULES.md §E). A mêlée's (``is_melee``) name each pair's
    players at their seats, :data:`MELEE_MATCHES_COLUMNS`."""
    if is_melee:
        rows = seated_matches(match for match, _deals in matches)
        return columns_sheet(sheet_titles()["matches"], MELEE_MATCHES_COLUMNS, rows)
    return columns_sheet(
        sheet_titles()["matches"], MATCHES_COLUMNS, [match for match, _deals in matches]
    )


def deals_sheet(
    *, matches: list[tuple[ConfirmedMatch, list[Deal]]], is_melee: bool = False
) -> Sheet:
    """Return « Donnes »: one row per deal, by round, table and deal number.

    Card points include the dix de der; declarations are the points that count (RULES.md
    §D), then the declarations as announced; scores are scored points, then the running
    totals after the deal, which read « Pas encore comptée » from the first deal pending
    or disputed on (it is shown, with its status, but not counted: RULES.md §E,
    :func:`~tournaments.presentation.columns.deal_rows`). A passed deal has no inputs
    (RULES.md §C): blank cells. A
    mêlée's (``is_melee``) taker is A or B, :data:`MELEE_DEALS_COLUMNS` (RULES.md §H).
    """
    rows = [row for match, deals in matches for row in deal_rows(match, deals)]
    columns = MELEE_DEALS_COLUMNS if is_melee else DEALS_COLUMNS
    return columns_sheet(sheet_titles()["deals"], columns, rows)


def byes_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Exempts »: one row per bye of a published or closed round, by round and
    team number (a bye's credit is in the standings, RULES.md §E)."""
    header = (_("Round"), _("Team"), _("Team name"), _("Players"))
    rows = [
        (bye.round.number, bye.team.number, bye.team.name or None, bye.team.players)
        for bye in selectors.tournament_played_byes(tournament=tournament)
    ]
    return Sheet(sheet_titles()["byes"], header, rows)


def sit_outs_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Exempts » of a mêlée: one row per player who sat out a published or
    closed partie, by partie and player number (credited like a bye, RULES.md §H)."""
    header = (_("Round"), _("Player"), _("Name"), _("Club"))
    rows = [
        (
            sit_out.round.number,
            sit_out.player.number,
            sit_out.player.name,
            sit_out.player.club.name if sit_out.player.club else None,
        )
        for sit_out in selectors.tournament_sit_outs(tournament=tournament)
    ]
    return Sheet(sheet_titles()["byes"], header, rows)


def rules_text(tournament: Tournament) -> str:
    """Return the rule preset and its version in one line, in the active language:
    « Coinche FFB (annonces, 80 à 500 ou capot) · règles, version 1 »."""
    version = _("rules version %(version)s") % {"version": tournament.rules_version}
    return f"{tournament.get_rules_preset_display()} · {version}"


def _format_text(tournament: Tournament) -> str:
    if tournament.match_format == MatchFormatKind.DEALS:
        return ngettext(
            "%(deals)s deal per match",
            "%(deals)s deals per match",
            tournament.match_format_value,
        ) % {"deals": tournament.match_format_value}
    return _("Match to %(target)s points") % {"target": tournament.match_format_value}


def tournament_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Concours »: the tournament's name, date, venue, rule preset (its name and
    its id), the preset's version and the match format, one per row."""
    rows: list[tuple[CellValue, ...]] = [
        (_("Tournament"), tournament.name),
        (_("Date"), date_format(tournament.date, "SHORT_DATE_FORMAT")),
        (_("Venue"), tournament.venue or None),
        (_("Rule preset"), str(tournament.get_rules_preset_display())),
        (_("Rule preset id"), tournament.rules_preset),
        (_("Rules version"), tournament.rules_version),
        (_("Match format"), _format_text(tournament)),
    ]
    return Sheet(sheet_titles()["tournament"], (_("Setting"), _("Value")), rows)


def players_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Joueurs », a mêlée's in place of « Équipes »: one row per player by
    number, their name, club, and whether present and withdrawn (RULES.md §H)."""
    header = (
        _("Player"),
        _("Name"),
        _("Club"),
        pgettext("mêlée player", "Present"),
        _("Withdrawn"),
    )
    rows = [
        (
            player.number,
            player.name,
            player.club.name if player.club else None,
            yes_no_words(player.is_checked_in),
            yes_no_words(player.is_withdrawn),
        )
        for player in selectors.melee_players(tournament=tournament)
    ]
    return Sheet(sheet_titles()["players"], header, rows)


def teams_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Équipes »: one row per team, by number."""
    header = (
        _("Team"),
        _("Team name"),
        _("Player 1"),
        _("Player 2"),
        _("Club"),
        _("Present"),
        _("First round"),
        _("Withdrawn from round"),
    )
    rows = [
        (
            team.number,
            team.name or None,
            team.player_1,
            team.player_2,
            team.club.name if team.club else None,
            yes_no_words(team.is_checked_in),
            team.first_round,
            team.withdrawn_from_round,
        )
        for team in selectors.tournament_teams(tournament=tournament)
    ]
    return Sheet(sheet_titles()["teams"], header, rows)


def tournament_sheets(*, tournament: Tournament) -> list[Sheet]:
    """Return the six sheets of the tournament's workbook, in order.

    A mêlée (no registered team, RULES.md §H) has its players at their seats in
    « Parties », its sit-outs in « Exempts » and « Joueurs » in place of « Équipes ».
    """
    matches = played_matches(tournament=tournament)
    teams = teams_sheet(tournament=tournament)
    if not teams.rows and selectors.is_melee(tournament=tournament):
        return [
            standings_sheet(tournament=tournament),
            matches_sheet(matches=matches, is_melee=True),
            sit_outs_sheet(tournament=tournament),
            deals_sheet(matches=matches, is_melee=True),
            players_sheet(tournament=tournament),
            tournament_sheet(tournament=tournament),
        ]
    return [
        standings_sheet(tournament=tournament),
        matches_sheet(matches=matches),
        byes_sheet(tournament=tournament),
        deals_sheet(matches=matches),
        teams,
        tournament_sheet(tournament=tournament),
    ]


def page_header(tournament: Tournament) -> str:
    """Return the text each sheet prints at the top of its pages: the tournament's name
    and :func:`rules_text`, control characters dropped and ``&`` doubled (a single one
    starts a header code, such as ``&P`` for the page number)."""
    text = f"{printable(tournament.name)} · {rules_text(tournament)}"
    return text.replace("&", "&&")


def write_sheet(worksheet: Worksheet, sheet: Sheet, header: str) -> None:
    """Write the header in bold, frozen, then the rows; size each column to its content;
    print ``header`` at the top of each page."""
    bold = Font(bold=True)
    widths = [0] * len(sheet.header)
    for row_number, values in enumerate((sheet.header, *sheet.rows), start=1):
        for column, value in enumerate(values, start=1):
            cell = worksheet.cell(row=row_number, column=column)
            assert isinstance(cell, Cell)  # not a MergedCell: nothing is merged here
            set_cell(cell, value)
            if row_number == 1:
                cell.font = bold
            cleaned, _quoted = safe_cell_value(value)
            widths[column - 1] = max(
                widths[column - 1], len("" if cleaned is None else str(cleaned))
            )
    for column, width in enumerate(widths, start=1):
        size = min(max(width + COLUMN_MARGIN, MIN_COLUMN_WIDTH), MAX_COLUMN_WIDTH)
        worksheet.column_dimensions[get_column_letter(column)].width = size
    worksheet.freeze_panes = "A2"
    worksheet.auto_filter.ref = worksheet.dimensions
    page_top = worksheet.oddHeader
    if page_top is not None:  # openpyxl gives every new sheet one
        page_top.center.text = header


def tournament_xlsx(*, tournament: Tournament) -> bytes:
    """Return the tournament's workbook as XLSX bytes: the six sheets of
    :func:`tournament_sheets`, headers bold and frozen, columns sized to their content,
    each printing :func:`page_header` at the top of its pages."""
    workbook = Workbook()
    first = workbook.active
    if first is not None:  # a new workbook comes with one empty sheet: ours replace it
        workbook.remove(first)
    workbook.properties.creator = "Belote Club"
    titles: list[str] = []
    header = page_header(tournament)
    for sheet in tournament_sheets(tournament=tournament):
        title = sheet_title(sheet.title, taken=titles)
        titles.append(title)
        write_sheet(workbook.create_sheet(title), sheet, header)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
