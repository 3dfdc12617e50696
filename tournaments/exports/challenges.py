"""A season challenge's ranking as a PDF (WeasyPrint) and a workbook (openpyxl), RULES.md §I.

Both read :func:`tournaments.selectors.challenge_ranking`, computed now from the
concours' confirmed standings. The rows are :func:`challenge_table`'s: the page shows the
same ones. Points are challenge points, scored points are those of the concours.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from openpyxl import Workbook

from tournaments import selectors
from tournaments.challenges import ChallengeRow
from tournaments.exports.cells import CellValue, sheet_title
from tournaments.exports.pdf_render import render_pdf
from tournaments.exports.xlsx import Sheet, sheet_titles, write_sheet
from tournaments.models import Challenge
from tournaments.selectors import ChallengeRanking
from tournaments.text import printable


@dataclass(frozen=True)
class ChallengeLine:
    """One row of a challenge's ranking as printed: ``rank`` is « – » for the unranked,
    ``concours`` the challenge points of each concours in order (« – » where the person
    did not play it, in brackets where it does not count)."""

    rank: int | str
    name: str
    challenge_points: int
    parties_won: int
    scored_points: int
    concours_played: int
    concours: tuple[str, ...]
    is_ranked: bool


def _concours_cells(row: ChallengeRow, count: int) -> tuple[str, ...]:
    played = {score.result.concours: score for score in row.concours}
    cells = []
    for position in range(count):
        score = played.get(position)
        if score is None:
            cells.append("–")
        elif score.is_counted:
            cells.append(str(score.challenge_points))
        else:
            cells.append(f"({score.challenge_points})")
    return tuple(cells)


def challenge_lines(rows: list[ChallengeRow], concours_count: int) -> list[ChallengeLine]:
    """Return the printed lines of ``rows`` (people or pairs), in ranking order."""
    return [
        ChallengeLine(
            rank="–" if row.rank is None else row.rank,
            name=printable(row.name),
            challenge_points=row.challenge_points,
            parties_won=row.parties_won,
            scored_points=row.scored_points,
            concours_played=row.concours_played,
            concours=_concours_cells(row, concours_count),
            is_ranked=row.is_ranked,
        )
        for row in rows
    ]


def challenge_headings(*, pairs: bool = False) -> tuple[str, ...]:
    """Return the headings of the ranking's leading columns, in the active language:
    « Joueur » for people, « Équipe » for the pairs."""
    return (
        _("Rank"),
        _("Team") if pairs else _("Player"),
        _("Challenge points"),
        _("Parties won"),
        _("Scored points"),
        _("Concours played"),
    )


def challenge_context(ranking: ChallengeRanking) -> dict[str, object]:
    """Return what the ranking page, its projector and its PDF show: the lines of the
    people and of the pairs, the headings, and each concours' short name."""
    count = len(ranking.concours)
    return {
        "challenge": ranking.challenge,
        "concours": ranking.concours,
        "headings": challenge_headings(),
        "pair_headings": challenge_headings(pairs=True),
        "people": challenge_lines(ranking.people, count),
        "pairs": challenge_lines(ranking.pairs, count),
    }


def challenge_html(*, challenge: Challenge) -> str:
    """Return the HTML of the challenge's ranking PDF (tests read it)."""
    ranking = selectors.challenge_ranking(challenge=challenge)
    context = challenge_context(ranking) | {"heading": {"name": printable(challenge.name)}}
    return render_to_string("tournaments/pdf/challenge.html", context)


def challenge_pdf(*, challenge: Challenge) -> bytes:
    """Return the PDF of :func:`challenge_html`: A4 pages, the heading row repeated."""
    return render_pdf(challenge_html(challenge=challenge))


def _sheet(title: str, lines: list[ChallengeLine], concours: list[str], *, pairs: bool) -> Sheet:
    header = (*challenge_headings(pairs=pairs), *concours)
    rows: list[tuple[CellValue, ...]] = [
        (
            line.rank if line.is_ranked else None,
            line.name,
            line.challenge_points,
            line.parties_won,
            line.scored_points,
            line.concours_played,
            *(_number_or_text(cell) for cell in line.concours),
        )
        for line in lines
    ]
    return Sheet(title, header, rows)


def _number_or_text(cell: str) -> CellValue:
    """A counted concours is a number, one not counted stays « (12) », none is empty."""
    if cell == "–":
        return None
    return int(cell) if cell.isdigit() else cell


def challenge_sheets(*, challenge: Challenge) -> list[Sheet]:
    """Return « Classement » (people) and, when some pairs always played together,
    « Équipes » (pairs), named in the active language as the concours workbook's sheets
    (``sheet_titles``: « Standings », « Teams » in English): ranked rows, then one column
    per concours in order."""
    ranking = selectors.challenge_ranking(challenge=challenge)
    count = len(ranking.concours)
    names = [printable(tournament.name) for tournament in ranking.concours]
    sheets = [
        _sheet(
            sheet_titles()["standings"], challenge_lines(ranking.people, count), names, pairs=False
        )
    ]
    if ranking.pairs:
        pairs = challenge_lines(ranking.pairs, count)
        sheets.append(_sheet(sheet_titles()["teams"], pairs, names, pairs=True))
    return sheets


def challenge_xlsx(*, challenge: Challenge) -> bytes:
    """Return the challenge's workbook as XLSX bytes (:func:`challenge_sheets`), values
    only, text cleaned as every export cleans it (tournaments/exports/cells.py)."""
    workbook = Workbook()
    first = workbook.active
    if first is not None:
        workbook.remove(first)
    workbook.properties.creator = "Belote Club"
    titles: list[str] = []
    header = printable(challenge.name).replace("&", "&&")
    for sheet in challenge_sheets(challenge=challenge):
        title = sheet_title(sheet.title, taken=titles)
        titles.append(title)
        write_sheet(workbook.create_sheet(title), sheet, header)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
