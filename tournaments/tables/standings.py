"""The public standings table, a mêlée's individual standings too (RULES.md §E, §H).

:func:`standings_table` reads the selector and applies the request's ``?sort=``;
``tournaments/tables/standings.html`` prints it. Its columns, headings and values are
those of the column registry (:data:`tournaments.presentation.columns.STANDINGS`,
``MELEE_STANDINGS``).

The table is written here in Python, not through django-tables2: 150 rows of 15 cells,
which every phone of the hall reloads after each result, took django-tables2 about 90% of
the page (BENCHMARKS.md), most of it its per-cell machinery. It reads as django-tables2
wrote it: the same cells, classes (``orderable``, ``asc``, ``desc`` on the headings,
``even`` and ``odd`` on the rows, which site.css styles) and sorting links;
tests/tournaments/test_standings_table.py compares both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from html import escape
from operator import itemgetter
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.formats import localize
from django.utils.functional import Promise
from django.utils.html import conditional_escape, format_html
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import selectors
from tournaments.models import Tournament
from tournaments.presentation.columns import MELEE_STANDINGS, STANDINGS, CellValue
from tournaments.selectors import Standing, StandingLine

#: What a cell with no value (None or "") shows, as django-tables2 wrote it.
EMPTY_CELL = "—"
#: The query parameter of the standings' sorting links (``?sort=-points``).
SORT = "sort"

#: A standings row: every registry column's words by key (:func:`standings_rows`).
Record = dict[str, CellValue]


@dataclass(frozen=True)
class StandingsColumn:
    """One column of the public standings (:func:`standings_table`).

    Attributes:
        name: its name in ``?sort=`` (``number`` for the team's number, as the page's
            links have always said).
        key: the column registry key whose words its cells show
            (:data:`~tournaments.presentation.columns.STANDINGS`, ``MELEE_STANDINGS``).
        heading: its translated heading, the registry's (« Gagnées »).
        classes: the classes of its heading and its cells (site.css: ``num``,
            ``wide-only``, ``widest-only``), space-separated in alphabetical order.
        cell_classes: those of its cells where they differ from the heading's.
        is_orderable: whether its heading links to the standings sorted by it.
        default: what a cell with no value shows.
    """

    name: str
    key: str
    heading: Promise
    classes: str = ""
    cell_classes: str | None = None
    is_orderable: bool = True
    default: str = EMPTY_CELL

    @cached_property
    def opening_tag(self) -> str:
        """Return the ``<td>`` tag that opens each of its cells, with their classes."""
        classes = self.classes if self.cell_classes is None else self.cell_classes
        return f'<td class="{classes}">' if classes else "<td>"


def _column(
    registry: Mapping[str, Any], key: str, name: str = "", **options: Any
) -> StandingsColumn:
    """Return the column of the registry's column ``key``, named ``name`` (``key`` by default)."""
    return StandingsColumn(name or key, key, registry[key].heading, **options)


def _standings_column(key: str, name: str = "", **options: Any) -> StandingsColumn:
    return _column(STANDINGS, key, name, **options)


#: The standings' columns, in order. A phone shows the rank, the team and its points; a
#: tablet or a laptop adds the club, the matches and the points (``wide-only``); the match
#: points (« Pts ») show only when the tournament ranks by them, a wide screen the figures
#: too (``widest-only``); « Show every column » shows the others. The random lot, the
#: last tie-break, is not shown: it only orders teams equal on everything else, which
#: their ranks already say.
STANDINGS_COLUMNS = (
    _standings_column("rank", classes="num"),
    _standings_column("team", "number", classes="num"),
    _standings_column("players", cell_classes="players", is_orderable=False),
    _standings_column("club", classes="wide-only", default=""),
    _standings_column("points", classes="num", cell_classes="num strong"),
    _standings_column("match_points", classes="num", cell_classes="num strong"),
    *(
        _standings_column(key, classes="num wide-only")
        for key in (
            "matches_won",
            "matches_drawn",
            "points_against",
            "points_difference",
            "head_to_head",
            "byes",
        )
    ),
    *(
        _standings_column(key, classes="num widest-only")
        for key in ("best_match_score", "belotes", "capots", "coinches_made")
    ),
)

#: The individual standings' columns of a mêlée (RULES.md §H), in order: a phone shows
#: the rank, the player and the points, a wider screen the rest.
MELEE_STANDINGS_COLUMNS = (
    _column(MELEE_STANDINGS, "rank", classes="num"),
    _column(MELEE_STANDINGS, "player", classes="num"),
    _column(MELEE_STANDINGS, "name", cell_classes="players", is_orderable=False),
    _column(MELEE_STANDINGS, "club", classes="wide-only", default=""),
    _column(MELEE_STANDINGS, "points", classes="num", cell_classes="num strong"),
    *(
        _column(MELEE_STANDINGS, key, classes="num wide-only")
        for key in (
            "matches_won",
            "matches_drawn",
            "points_against",
            "points_difference",
            "sit_outs",
        )
    ),
)

#: Every ``?sort=`` value the standings understand: each sortable column, either way.
SORTS = frozenset(
    f"{way}{column.name}"
    for column in (*STANDINGS_COLUMNS, *MELEE_STANDINGS_COLUMNS)
    if column.is_orderable
    for way in ("", "-")
)


@dataclass(frozen=True)
class StandingsHeading:
    """A heading of the standings: its text, its classes (the column's, then
    ``orderable`` and ``asc`` or ``desc`` once sorted by it, which site.css draws as
    arrows) and the query of its sorting link ("" for a column that does not sort)."""

    text: Promise
    classes: str
    query: str


@dataclass(frozen=True)
class StandingsTable:
    """The public standings, ready for ``tournaments/tables/standings.html``.

    Attributes:
        headings: one per column, in order.
        rows: one per team (or mêlée player) in the order asked for, each its cells'
            HTML (``<td>``…``</td>``, escaped).
        is_ranked: False before any result counts: the ranks then show « – ».
        empty_text: what the table says when it has no row.
    """

    headings: tuple[StandingsHeading, ...]
    rows: tuple[SafeString, ...]
    is_ranked: bool
    empty_text: Promise

    @cached_property
    def body(self) -> SafeString:
        """Return the rows as the table's body prints them: each in its ``<tr>``, of
        class ``even`` then ``odd`` in turn (site.css), one a line. Written here, not by
        a loop of the template, which took 0.6 ms for 150 rows, this 0.1 (BENCHMARKS.md)."""
        classes = ("even", "odd")
        return mark_safe(
            "".join(
                f'<tr class="{classes[index % 2]}">{row}</tr>\n'
                for index, row in enumerate(self.rows)
            )
        )


def standings_rows(standings: list[Standing]) -> list[Record]:
    """Return the rows of the standings table: for each standing, every registry
    column's words by key (points are scored points, RULES.md §E)."""
    return [
        {key: column.words(standing) for key, column in STANDINGS.items()} for standing in standings
    ]


def standings_table(request: HttpRequest, *, tournament: Tournament) -> StandingsTable:
    """Return the standings of ``tournament`` (RULES.md §E) sorted as ``request`` asks
    (``?sort=``), in rank order otherwise; never paginated. A mêlée (no team, its
    players registered alone) gets its individual standings (RULES.md §H).

    The table is written in Python, not through django-tables2, whose per-cell
    machinery took about 90% of the page for 150 teams (BENCHMARKS.md); it writes what
    django-tables2 wrote (tests/tournaments/test_standings_table.py compares both).
    Sorting by a column keeps rank order among equal values.
    """
    lines = selectors.standings_lines(tournament=tournament)
    if not lines and selectors.is_melee(tournament=tournament):
        players = selectors.melee_standings(tournament=tournament)
        return _table(
            request,
            MELEE_STANDINGS_COLUMNS,
            [
                {key: column.words(standing) for key, column in MELEE_STANDINGS.items()}
                | {"url": _melee_player_url(tournament, standing.player.number)}
                for standing in players
            ],
            is_ranked=any(player.row.matches_played or player.row.byes for player in players),
            empty_text=_("No player is registered yet."),
        )
    # « Pts » only where the tournament ranks by match points (RULES.md §E).
    columns = tuple(
        column
        for column in STANDINGS_COLUMNS
        if column.key != "match_points" or tournament.ranks_by_match_points
    )
    is_ranked = selectors.has_results(lines)
    number = _number_words()
    return _table(
        request,
        columns,
        _line_records(lines, is_ranked),
        is_ranked=is_ranked,
        empty_text=_("No team is registered yet."),
        # The cells' HTML is in each record already (_line_records) unless the language
        # groups thousands: then each cell is written as the mêlée's are.
        write_row=_line_writer(columns) if number is str else None,
    )


#: The key of each team column's HTML in a record of :func:`_line_records`, where it
#: is not the column's own key (whose value, an int, is its HTML as ``str`` writes it).
_LINE_HTML_KEYS = {"rank": "rank_html", "players": "players_html", "club": "club_html"}


def _line_records(lines: list[StandingLine], is_ranked: bool) -> list[Record]:
    """Return the records of the team standings: for each line, the words of the
    registry's columns the page shows, by key (``team_name`` and ``withdrawn`` too, as
    :func:`standings_rows` gives them from the models), and the HTML of the cells that
    are not a plain number (:data:`_LINE_HTML_KEYS`), escaped.

    The page's fast path (BENCHMARKS.md): one dict a team, where reading every
    registry column of 150 teams through its getters, then writing each cell, took
    about 2 ms of the page's 20 or so (these records and rows 0.6). The
    values are the registry's (:data:`~tournaments.presentation.columns.STANDINGS`);
    tests/tournaments/test_standings_table.py compares the table with the registry's
    rows of the models, rendered by django-tables2.
    """
    withdrawn = gettext("withdrawn")
    withdrawn_html = f' <span class="withdrawn">{escape(withdrawn)}</span>'
    records: list[Record] = []
    for line in lines:
        row, team, figures = line.row, line.team, line.figures
        players = team.players
        # escape() as Django's: the same five characters; the names are plain text.
        players_html = escape(f"{team.name} ({players})" if team.name else players)
        if row.is_withdrawn:
            players_html += withdrawn_html
        records.append(
            {
                "rank": row.rank,
                "team": row.number,
                "points": row.points,
                "match_points": row.match_points,
                "matches_won": row.matches_won,
                "matches_drawn": row.matches_drawn,
                "points_against": row.points_against,
                "points_difference": row.points_difference,
                "byes": row.byes,
                "team_name": team.name or None,
                "players": team.players,
                "club": team.club_name,
                "head_to_head": row.head_to_head,
                "best_match_score": figures.best_match_score,
                "belotes": figures.belotes,
                "capots": figures.capots,
                "coinches_made": figures.coinches_made,
                "withdrawn": withdrawn if row.is_withdrawn else None,
                "rank_html": row.rank if is_ranked else "–",
                "players_html": players_html,
                "club_html": escape(team.club_name) if team.club_name else "",
            }
        )
    return records


def _line_writer(columns: tuple[StandingsColumn, ...]) -> Callable[[Record], str]:
    """Return what writes a record of :func:`_line_records` as its cells in
    ``columns``: one format of the row's tags with its cells' HTML, where a number is
    written by ``str``, as ``{{ number }}`` writes it without grouped thousands."""
    template = "".join(f"{column.opening_tag}{{}}</td>" for column in columns)
    read = itemgetter(*(_LINE_HTML_KEYS.get(column.key, column.key) for column in columns))
    return lambda record: template.format(*read(record))


def _melee_player_url(tournament: Tournament, number: int) -> str:
    """Return the public page of mêlée player ``number`` of ``tournament``."""
    return reverse(
        "tournaments:melee-player-detail", kwargs={"slug": tournament.slug, "number": number}
    )


def _table(
    request: HttpRequest,
    columns: tuple[StandingsColumn, ...],
    records: list[Record],
    *,
    is_ranked: bool,
    empty_text: Promise,
    write_row: Callable[[Record], str] | None = None,
) -> StandingsTable:
    """Return the table of ``records`` in ``columns``, sorted as ``request`` asks, each
    row written by ``write_row`` (its cells' HTML), else cell by cell (:func:`_cell`)."""
    ordered = _sort(records, columns, request.GET.getlist(SORT) or ["rank"])
    headings = tuple(_heading(column, ordered.get(column.name), request) for column in columns)
    if write_row is None:
        number = _number_words()

        def write_row(record: Record) -> str:
            return "".join(
                f"{column.opening_tag}{_cell(column, record, is_ranked, number)}</td>"
                for column in columns
            )

    rows = tuple(SafeString(write_row(record)) for record in records)
    return StandingsTable(headings, rows, is_ranked, empty_text)


def _sort(
    records: list[Record], columns: tuple[StandingsColumn, ...], aliases: list[str]
) -> dict[str, str]:
    """Sort ``records`` in place by ``aliases`` (column names, ``-`` first for
    descending, the first one the most significant), leaving those that name no sortable
    column out, as django-tables2 did; equal rows keep their order. Return the alias
    used for each column sorted by, by column name."""
    sortable = {column.name: column for column in columns if column.is_orderable}
    used = [alias for alias in aliases if alias.removeprefix("-") in sortable]
    # One stable sort per alias, the least significant first: equal rows keep the order
    # of the next alias, then the ranks' (Python's sort is stable, reversed too).
    for alias in reversed(used):
        key = sortable[alias.removeprefix("-")].key
        records.sort(key=lambda record: _sort_key(record[key]), reverse=alias.startswith("-"))
    ordered: dict[str, str] = {}
    for alias in used:
        ordered.setdefault(alias.removeprefix("-"), alias)
    return ordered


def _sort_key(value: CellValue) -> tuple[int] | tuple[int, int | str]:
    """Return the sort key of a cell's value: nothing (no club) before any value."""
    return (0,) if value is None else (1, value)


def _heading(column: StandingsColumn, alias: str | None, request: HttpRequest) -> StandingsHeading:
    """Return the heading of ``column``, sorted by ``alias`` (None when not sorted by
    it): its link sorts by it, ascending first, then the other way; the link keeps the
    request's other parameters."""
    classes = set(column.classes.split())
    if not column.is_orderable:
        return StandingsHeading(column.heading, " ".join(sorted(classes)), "")
    classes.add("orderable")
    if alias is None:
        following = column.name
    elif alias.startswith("-"):
        classes.add("desc")
        following = column.name
    else:
        classes.add("asc")
        following = f"-{column.name}"
    parameters: dict[str, Any] = dict(request.GET.lists())
    parameters[SORT] = following
    query = "?" + urlencode(parameters, doseq=True)
    return StandingsHeading(column.heading, " ".join(sorted(classes)), query)


def _number_words() -> Callable[[int], str]:
    """Return how ``{{ number }}`` writes a whole number in the active language:
    ``localize``, which is ``str`` unless the format groups thousands
    (``USE_THOUSAND_SEPARATOR``): then ``str``, much the faster for 2,000 cells."""
    return str if localize(-1234567) == "-1234567" else localize


def _cell(
    column: StandingsColumn, record: Record, is_ranked: bool, number: Callable[[int], str]
) -> str:
    """Return the HTML of ``record``'s cell in ``column``: escaped, numbers written as
    the templates write them, « – » for a rank before any result, a team's name before
    its players and « forfait » after a team that withdrew (RULES.md §E), a mêlée
    player's name as a link to their page (the record's ``url``, RULES.md §H)."""
    value = record[column.key]
    if value is None or value == "":
        return conditional_escape(column.default)
    if isinstance(value, int):
        return "–" if column.key == "rank" and not is_ranked else number(value)
    if column.key == "name" and record.get("url"):
        # A mêlée player's name links to their page (RULES.md §H).
        return format_html('<a href="{}">{}</a>', record["url"], value)
    if column.key != "players":
        return conditional_escape(value)
    name = record.get("team_name")
    players = f"{name} ({value})" if name else value
    if not record.get("withdrawn"):
        return conditional_escape(players)
    return format_html('{} <span class="withdrawn">{}</span>', players, record["withdrawn"])
