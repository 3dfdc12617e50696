"""CSV exports of a tournament (STYLE.md §5): its standings and its deals, as bytes.

A CSV is for other programs as much as for people, so it reads the same whatever the
site's language: headers are the snake_case keys of RULES.md §F and values are the
stored codes (trump ``H``/``SA``, coinche ``none``, passed ``yes``/``no``, outcome
``made``/``chute``/``litige``, status ``confirmed``…). The standings' first eight
columns are exactly those of ``expected_standings.csv``; the deals' first seventeen are
those of the sample's ``deals.csv``, followed by the declarations as announced and the
scores, so :func:`tournaments.importing.import_played_tournament` reads a deals export
back (with the teams' ``teams.csv``) into the same matches and standings.

Two variants:

- default: UTF-8 without BOM, separated by ``,``;
- ``french_excel=True``: UTF-8 with a BOM and separated by ``;``, which is what Excel
  set to French expects when the file is opened by a double click (without the BOM it
  reads Windows-1252 and garbles « Cœur »; with ``,`` it puts each line in one cell).
  Its headers are the columns' French names (« Rang », « Équipe »…) whatever the site's
  language, for the people who open it; its values are the same codes.

Every row of both ends with the tournament's rule preset (its id, ``ffb-coinche``) and
the version of that preset it is scored by (``rules_preset``, ``rules_version``), so a
file read on its own says which rules gave its scores (RULES.md §B).

Both end lines with CRLF (RFC 4180). Numbers are written plainly (``-20``). Every field
goes through :func:`tournaments.exports.cells.csv_field`: control characters go, and a
text field that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
literal ``'`` in front, so that a spreadsheet shows it instead of running it as a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import TypeVar

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from tournaments import selectors
from tournaments.exports.cells import CellValue, csv_field
from tournaments.exports.xlsx import played_matches
from tournaments.models import Match, Tournament
from tournaments.presentation.columns import (
    DEAL_FILE_KEYS,
    DEALS,
    MELEE_STANDINGS,
    MELEE_STANDINGS_FILE_KEYS,
    STANDINGS,
    STANDINGS_FILE_KEYS,
    Column,
    DealRow,
    pick,
    standings_keys,
)
from tournaments.presentation.seats import MELEE_DEALS, match_seating
from tournaments.selectors import Standing

Row = TypeVar("Row")

#: The standings CSV: the columns of ``expected_standings.csv``, then the team's name
#: (empty when it has none), each player, the
#: club, the other tie-breaks, the team's figures and « forfait » (``match_points`` after ``points``
#: when the tournament ranks by them, :func:`standings_columns`).
STANDINGS_KEYS = (
    *STANDINGS_FILE_KEYS,
    "team_name",
    "player_1",
    "player_2",
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


#: The standings CSV of a mêlée (RULES.md §H): the columns of its ``expected_standings.csv``,
#: then the player's name and club.
MELEE_STANDINGS_COLUMNS = pick(MELEE_STANDINGS, (*MELEE_STANDINGS_FILE_KEYS, "name", "club"))


def standings_columns(tournament: Tournament) -> tuple[Column[Standing], ...]:
    """Return the standings CSV's columns for ``tournament``: :data:`STANDINGS_COLUMNS`,
    with « Pts » after the points when it ranks by match points (RULES.md §E)."""
    ranks = tournament.ranks_by_match_points
    return pick(STANDINGS, standings_keys(STANDINGS_KEYS, ranks_by_match_points=ranks))


#: The deals CSV: the columns of a concours folder's ``deals.csv``, then the declarations
#: as announced, the outcome, the scores, the running totals and the status.
DEALS_COLUMNS = pick(
    DEALS,
    (
        *DEAL_FILE_KEYS,
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


#: The deals CSV of a mêlée (RULES.md §H): the columns of a mêlée folder's ``deals.csv``,
#: the players' numbers ``a_1, a_2, b_1, b_2`` in place of the teams and the taking pair
#: as ``A`` or ``B``, then as :data:`DEALS_COLUMNS`.
def _melee_deals_columns() -> tuple[Column[DealRow], ...]:
    columns: list[Column[DealRow]] = []
    for column in DEALS_COLUMNS:
        if column.key == "team_a":
            columns += [MELEE_DEALS["a_1"], MELEE_DEALS["a_2"]]
        elif column.key == "team_b":
            columns += [MELEE_DEALS["b_1"], MELEE_DEALS["b_2"]]
        else:
            columns.append(MELEE_DEALS.get(column.key, column))
    return tuple(columns)


MELEE_DEALS_COLUMNS = _melee_deals_columns()


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


#: The columns every row ends with: the rule preset and its version (RULES.md §B).
RULES_COLUMNS = (("rules_preset", _("Rule preset")), ("rules_version", _("Rules version")))

#: The language of the French Excel variant's headers.
FRENCH = "fr"


def rules_values(tournament: Tournament) -> tuple[str, int]:
    """Return the values of :data:`RULES_COLUMNS`: the preset's id and its version."""
    return (tournament.rules_preset, tournament.rules_version)


def write_columns_csv(
    columns: Sequence[Column[Row]],
    rows: Iterable[Row],
    *,
    tournament: Tournament,
    french_excel: bool,
) -> bytes:
    """Return ``rows`` as CSV bytes (:func:`write_csv`): a header, then each row's values,
    the stored codes (never words), each row ending with :func:`rules_values`.

    The header is the keys of ``columns`` and of :data:`RULES_COLUMNS`, or, with
    ``french_excel``, their French names.
    """
    if french_excel:
        with translation.override(FRENCH):
            header = [str(column.name) for column in columns]
            header += [str(name) for _key, name in RULES_COLUMNS]
    else:
        header = [column.key for column in columns] + [key for key, _name in RULES_COLUMNS]
    rules = rules_values(tournament)
    values = ([*(column.value(row) for column in columns), *rules] for row in rows)
    return write_csv(header, values, french_excel=french_excel)


def standings_csv(*, tournament: Tournament, french_excel: bool = False) -> bytes:
    """Return the standings as CSV bytes: :func:`standings_columns`, one row per team in
    rank order; points are scored points (RULES.md §E).

    A mêlée (no team, its players registered alone) gives its individual standings
    instead: :data:`MELEE_STANDINGS_COLUMNS`, one row per player (RULES.md §H).
    """
    standings = selectors.tournament_standings(tournament=tournament)
    if not standings and selectors.is_melee(tournament=tournament):
        return write_columns_csv(
            MELEE_STANDINGS_COLUMNS,
            selectors.melee_standings(tournament=tournament),
            tournament=tournament,
            french_excel=french_excel,
        )
    return write_columns_csv(
        standings_columns(tournament), standings, tournament=tournament, french_excel=french_excel
    )


def deals_csv(*, tournament: Tournament, french_excel: bool = False) -> bytes:
    """Return every deal of the published and closed rounds as CSV bytes:
    :data:`DEALS_COLUMNS`, by round, table and deal number.

    A mêlée's (RULES.md §H) are :data:`MELEE_DEALS_COLUMNS`: each seat's player number
    in place of the teams, as a mêlée folder's ``deals.csv``, which
    :func:`tournaments.importing.import_played_tournament` reads back.

    A passed deal keeps what is stored for it: empty trump and contract, zero points.
    Card points include the dix de der; declarations are the points that count (RULES.md
    §D); scores are scored points, then the running totals after the deal.
    """
    matches = played_matches(tournament=tournament)
    rows = [DealRow(match, deal) for match, deals in matches for deal in deals]
    columns = DEALS_COLUMNS
    if _is_melee(tournament, [match for match, _deals in matches]):
        columns = MELEE_DEALS_COLUMNS
    return write_columns_csv(columns, rows, tournament=tournament, french_excel=french_excel)


def _is_melee(tournament: Tournament, matches: Sequence[Match]) -> bool:
    """Return True for a mêlée: its matches are of pairs, or it has none yet and is one."""
    if matches:
        return match_seating(matches[0]) is not None
    return selectors.is_melee(tournament=tournament)
