"""CSV exports of a tournament (STYLE.md §5): its standings and its deals, as bytes.

A CSV is for other programs as much as for people, so it reads the same whatever the
site's language: headers are the snake_case keys of RULES.md §F and values are the
stored codes (trump ``H``/``SA``, coinche ``none``, passed ``yes``/``no``, outcome
``made``/``chute``/``litige``, status ``confirmed``…). The standings' first eight
columns are exactly those of ``expected_standings.csv``; the deals' first seventeen are
those of the sample's ``deals.csv``, followed by the declarations as announced and the
scores, so :func:`tournaments.importing.import_concours` reads a deals export back (with
the teams' ``teams.csv``) into the same matches and standings.

Two variants:

- default: UTF-8 without BOM, separated by ``,``;
- ``french_excel=True``: UTF-8 with a BOM and separated by ``;``, which is what Excel
  set to French expects when the file is opened by a double click (without the BOM it
  reads Windows-1252 and garbles « Cœur »; with ``,`` it puts each line in one cell).

Both end lines with CRLF (RFC 4180). Numbers are written plainly (``-20``). Every field
goes through :func:`tournaments.exports.cells.csv_field`: control characters go, and a
text field that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
literal ``'`` in front, so that a spreadsheet shows it instead of running it as a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from tournaments import selectors
from tournaments.exports.cells import CellValue, csv_field
from tournaments.exports.xlsx import played_matches
from tournaments.models import Deal, Match, Tournament

STANDINGS_COLUMNS = (
    "rank",
    "team",
    "points",
    "matches_won",
    "matches_drawn",
    "points_against",
    "points_difference",
    "byes",
    "player_1",
    "player_2",
    "club",
    "head_to_head",
    "lot",
    "best_match_score",
    "belotes",
    "capots",
    "coinches_made",
)

DEALS_COLUMNS = (
    "round",
    "table",
    "team_a",
    "team_b",
    "deal",
    "taker_team",
    "passed",
    "trump",
    "contract",
    "coinche",
    "taker_card_points",
    "defence_card_points",
    "taker_tricks",
    "taker_belotes",
    "defence_belotes",
    "taker_declarations",
    "defence_declarations",
    "taker_declarations_text",
    "defence_declarations_text",
    "outcome",
    "score_a",
    "score_b",
    "total_a",
    "total_b",
    "status",
)


def write_csv(
    header: Sequence[str], rows: Iterable[Sequence[CellValue]], *, french_excel: bool
) -> bytes:
    """Return ``header`` and ``rows`` as CSV bytes, each field through ``csv_field``.

    ``french_excel`` gives UTF-8 with a BOM and ``;``; otherwise UTF-8 and ``,``.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if french_excel else ",", lineterminator="\r\n")
    for values in (header, *rows):
        writer.writerow([csv_field(value) for value in values])
    return buffer.getvalue().encode("utf-8-sig" if french_excel else "utf-8")


def standings_csv(*, tournament: Tournament, french_excel: bool = False) -> bytes:
    """Return the standings as CSV bytes: :data:`STANDINGS_COLUMNS`, one row per team in
    rank order; points are scored points (RULES.md §E)."""
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
            s.team.player_1,
            s.team.player_2,
            s.team.club.name if s.team.club else "",
            s.row.head_to_head,
            s.row.lot,
            s.figures.best_match_score,
            s.figures.belotes,
            s.figures.capots,
            s.figures.coinches_made,
        )
        for s in selectors.tournament_standings(tournament=tournament)
    ]
    return write_csv(STANDINGS_COLUMNS, rows, french_excel=french_excel)


def _contract(deal: Deal) -> CellValue:
    return "capot" if deal.is_capot_bid else deal.contract_value


def _deal_row(match: Match, deal: Deal) -> tuple[CellValue, ...]:
    taker = match.team_a if deal.taker == "A" else match.team_b
    return (
        match.round.number,
        match.table_number,
        match.team_a.number,
        match.team_b.number,
        deal.deal_number,
        taker.number,
        "yes" if deal.is_passed else "no",
        deal.trump,
        _contract(deal),
        deal.coinche_level,
        deal.taker_card_points,
        deal.defence_card_points,
        deal.taker_tricks,
        deal.taker_belotes,
        deal.defence_belotes,
        deal.taker_declarations,
        deal.defence_declarations,
        deal.taker_declarations_text,
        deal.defence_declarations_text,
        deal.outcome,
        deal.score_a,
        deal.score_b,
        deal.total_a,
        deal.total_b,
        deal.status,
    )


def deals_csv(*, tournament: Tournament, french_excel: bool = False) -> bytes:
    """Return every deal of the published and closed rounds as CSV bytes:
    :data:`DEALS_COLUMNS`, by round, table and deal number.

    A passed deal keeps what is stored for it: empty trump and contract, zero points.
    Card points include the dix de der; declarations are the points that count (RULES.md
    §D); scores are scored points, then the running totals after the deal.
    """
    rows = [
        _deal_row(match, deal)
        for match, deals in played_matches(tournament=tournament)
        for deal in deals
    ]
    return write_csv(DEALS_COLUMNS, rows, french_excel=french_excel)
