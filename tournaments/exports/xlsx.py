"""The tournament workbook (STYLE.md §5): one XLSX with four sheets, built with openpyxl.

Sheets, in order: « Classement » (the standings, then players, club, the remaining
tie-breaks and the players' figures), « Parties » (every match), « Donnes » (every deal:
inputs and scores) and « Équipes » (the teams). Matches and deals of a draft round are
left out: a draft is not played and may be drawn again.

The sheet titles are French whatever the language, because a club's workbooks, and the
formulas people add to them (='Classement'!C2), must keep the same sheet names whichever
language the organiser reads the site in. Headers and labels (trump, outcome, « oui »)
follow the active language. The first eight columns of « Classement » are the columns of
``expected_standings.csv`` (rank, team, points, matches won, matches drawn, points
against, points difference, byes), under translated headers.

Every cell goes through :func:`tournaments.exports.cells.set_cell` and every title
through :func:`tournaments.exports.cells.sheet_title`: numbers stay ints (negative too),
nothing is a formula, text that looks like one is quoted, control characters go.
"""

from __future__ import annotations

import io
from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from tournaments import selectors
from tournaments.exports.cells import CellValue, safe_cell_value, set_cell, sheet_title
from tournaments.models import Deal, Match, Round, Tournament

STANDINGS_SHEET_TITLE = "Classement"
MATCHES_SHEET_TITLE = "Parties"
DEALS_SHEET_TITLE = "Donnes"
TEAMS_SHEET_TITLE = "Équipes"

#: Column widths, in characters: the longest value plus a margin, within these bounds.
MIN_COLUMN_WIDTH = 6
MAX_COLUMN_WIDTH = 50
COLUMN_MARGIN = 2


@dataclass(frozen=True)
class Sheet:
    """One sheet of the workbook: its title, its header row and its rows of values."""

    title: str
    header: tuple[str, ...]
    rows: list[tuple[CellValue, ...]]


def played_matches(*, tournament: Tournament) -> list[tuple[Match, list[Deal]]]:
    """Return the matches of the tournament's published and closed rounds, by round and
    table, each with its deals in order (every status: the status is exported too).

    Two queries, however many matches: one for the matches, one for all their deals.
    """
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in selectors.tournament_deals(tournament=tournament):
        deals[deal.match_id].append(deal)
    return [
        (match, deals[match.pk])
        for match in selectors.tournament_matches(tournament=tournament)
        if match.round.status != Round.Status.DRAFT
    ]


def _yes_no(value: bool) -> str:
    return _("Yes") if value else _("No")


def standings_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Classement »: one row per team in rank order; points are scored points."""
    header = (
        _("Rank"),
        _("Team"),
        _("Points"),
        _("Matches won"),
        _("Matches drawn"),
        _("Points against"),
        _("Points difference"),
        _("Byes"),
        _("Players"),
        _("Club"),
        _("Head-to-head"),
        _("Lot"),
        _("Best match"),
        _("Belotes"),
        _("Capots"),
        _("Coinches made"),
    )
    rows = [
        (
            s.row.rank,
            s.row.number,
            s.row.points,
            s.row.matches_won,
            s.row.matches_drawn,
            s.row.points_against,
            s.row.points_difference,
            s.row.byes,
            s.team.players,
            s.team.club.name if s.team.club else None,
            s.row.head_to_head,
            s.row.lot,
            s.figures.best_match_score,
            s.figures.belotes,
            s.figures.capots,
            s.figures.coinches_made,
        )
        for s in selectors.tournament_standings(tournament=tournament)
    ]
    return Sheet(STANDINGS_SHEET_TITLE, header, rows)


def matches_sheet(*, matches: list[tuple[Match, list[Deal]]]) -> Sheet:
    """Return « Parties »: one row per match; totals are scored points."""
    header = (
        _("Round"),
        _("Table"),
        _("Team A"),
        _("Players A"),
        _("Team B"),
        _("Players B"),
        _("Total A"),
        _("Total B"),
        _("Result"),
        _("Deals played"),
    )
    rows = [
        (
            match.round.number,
            match.table_number,
            match.team_a.number,
            match.team_a.players,
            match.team_b.number,
            match.team_b.players,
            match.total_a,
            match.total_b,
            match.get_result_display() or None,
            match.deals_played,
        )
        for match, _deals in matches
    ]
    return Sheet(MATCHES_SHEET_TITLE, header, rows)


def _contract(deal: Deal) -> CellValue:
    return _("Capot") if deal.is_capot_bid else deal.contract_value


def _deal_row(match: Match, deal: Deal) -> tuple[CellValue, ...]:
    taker = match.team_a if deal.taker == "A" else match.team_b
    where = (match.round.number, match.table_number, deal.deal_number, taker.number)
    scores = (deal.score_a, deal.score_b, deal.total_a, deal.total_b, deal.get_status_display())
    if deal.is_passed:
        # A passed deal has no inputs (RULES.md §C): blank cells, not zeros.
        return (*where, _yes_no(True), *(None,) * 13, *scores)
    return (
        *where,
        _yes_no(False),
        deal.get_trump_display() or None,
        _contract(deal),
        deal.get_coinche_level_display(),
        deal.taker_card_points,
        deal.defence_card_points,
        deal.taker_tricks,
        deal.taker_belotes,
        deal.defence_belotes,
        deal.taker_declarations,
        deal.defence_declarations,
        deal.taker_declarations_text or None,
        deal.defence_declarations_text or None,
        deal.get_outcome_display() or None,
        *scores,
    )


def deals_sheet(*, matches: list[tuple[Match, list[Deal]]]) -> Sheet:
    """Return « Donnes »: one row per deal, by round, table and deal number.

    Card points include the dix de der; declarations are the points that count (RULES.md
    §D), then the declarations as announced; scores are scored points, then the running
    totals after the deal.
    """
    header = (
        _("Round"),
        _("Table"),
        _("Deal"),
        _("Taker"),
        _("Passed"),
        _("Trump"),
        _("Contract"),
        _("Coinche"),
        _("Taker's card points"),
        _("Defence's card points"),
        _("Taker's tricks"),
        _("Taker's belotes"),
        _("Defence's belotes"),
        _("Taker's declarations"),
        _("Defence's declarations"),
        _("Taker's declarations as announced"),
        _("Defence's declarations as announced"),
        _("Outcome"),
        _("Score A"),
        _("Score B"),
        _("Total A"),
        _("Total B"),
        _("Status"),
    )
    rows = [_deal_row(match, deal) for match, deals in matches for deal in deals]
    return Sheet(DEALS_SHEET_TITLE, header, rows)


def teams_sheet(*, tournament: Tournament) -> Sheet:
    """Return « Équipes »: one row per team, by number."""
    header = (
        _("Team"),
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
            team.player_1,
            team.player_2,
            team.club.name if team.club else None,
            _yes_no(team.is_checked_in),
            team.first_round,
            team.withdrawn_from_round,
        )
        for team in selectors.tournament_teams(tournament=tournament)
    ]
    return Sheet(TEAMS_SHEET_TITLE, header, rows)


def tournament_sheets(*, tournament: Tournament) -> list[Sheet]:
    """Return the four sheets of the tournament's workbook, in order."""
    matches = played_matches(tournament=tournament)
    return [
        standings_sheet(tournament=tournament),
        matches_sheet(matches=matches),
        deals_sheet(matches=matches),
        teams_sheet(tournament=tournament),
    ]


def _write_sheet(worksheet: Worksheet, sheet: Sheet) -> None:
    """Write the header in bold, frozen, then the rows; size each column to its content."""
    bold = Font(bold=True)
    widths = [0] * len(sheet.header)
    for row_number, values in enumerate((sheet.header, *sheet.rows), start=1):
        for column, value in enumerate(values, start=1):
            cell = worksheet.cell(row=row_number, column=column)
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


def tournament_xlsx(*, tournament: Tournament) -> bytes:
    """Return the tournament's workbook as XLSX bytes: the four sheets of
    :func:`tournament_sheets`, headers bold and frozen, columns sized to their content."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    workbook.properties.creator = "Belote Club"
    titles: list[str] = []
    for sheet in tournament_sheets(tournament=tournament):
        title = sheet_title(sheet.title, taken=titles)
        titles.append(title)
        _write_sheet(workbook.create_sheet(title), sheet)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
