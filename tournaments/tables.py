"""django-tables2 tables (STYLE.md §5): presentation only; the data comes from selectors.

- :class:`StandingsTable`, the public standings, sortable; its columns, headings and
  values are those of the column registry (:data:`tournaments.presentation.columns.STANDINGS`);
- :class:`TeamTable`, the organiser's teams with their state and actions;
- :class:`ProgressTable`, the round desk's tables as they play, polled by the page.

Each is built by a function of the same name in lower case (:func:`standings_table`,
:func:`team_table`, :func:`progress_table`), which reads the selector and applies the
request's ``?sort=``, so that a view only puts the table in its context. The organiser's
tables are not sortable and print without django-tables2's wrapping ``div``
(``tournaments/tables/table.html``): each page puts them in its own ``.table-scroll``.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.models import Round, Team, Tournament
from tournaments.presentation.columns import MELEE_STANDINGS, STANDINGS
from tournaments.presentation.seats import pair_players
from tournaments.selectors import Standing
from tournaments.selectors.rounds import MatchProgress

#: Columns a phone leaves out (site.css hides .wide-only below 48rem, 768 px) until its
#: reader ticks « Toutes les colonnes » (tournaments/templates/tournaments/columns_switch.html).
WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}
WIDE_NUMBER = {"th": {"class": "num wide-only"}, "td": {"class": "num wide-only"}}
#: Columns only a wide screen shows at once (hidden below 90rem, 1440 px), the same way.
WIDEST_NUMBER = {"th": {"class": "num widest-only"}, "td": {"class": "num widest-only"}}
NUMBER = {"th": {"class": "num"}, "td": {"class": "num"}}

#: The organiser's tables: every heading cell is a column heading for screen readers.
HEADING = {"th": {"scope": "col"}}
NUMBER_HEADING = {"th": {"scope": "col", "class": "num"}, "td": {"class": "num"}}
#: Their template: django-tables2's table, without its wrapping div.
ORGANISER_TEMPLATE = "tournaments/tables/table.html"


# The standings (public) ----------------------------------------------------------------


def _standings_column(key: str, **options: Any) -> tables.Column:
    """Return the page's column of the registry's standings column ``key``: its heading
    (the abbreviation, « Gagnées »), reading the row's value under ``key``."""
    return tables.Column(verbose_name=STANDINGS[key].heading, accessor=key, **options)


class StandingsTable(tables.Table):
    """The standings (RULES.md §E): one row per team, rank order by default.

    Rows are dicts of every registry column's words by key (:func:`standings_rows`);
    sorting another column keeps rank order among equal values (Python's sort is
    stable). The team number's column is named ``number``, as the page's ``?sort=number``
    has always said. A phone shows the rank, the team and its points; a tablet or a
    laptop adds the club, the matches and the points (:data:`WIDE_ONLY`); the match
    points (« Pts ») show only when the tournament ranks by them, a wide screen
    the figures too (:data:`WIDEST_NUMBER`); « Show every column » shows the others. The random lot, the last tie-break, is not shown: it only
    orders teams equal on everything else, which their ranks already say.
    """

    rank = _standings_column("rank", attrs=NUMBER)
    number = _standings_column("team", attrs=NUMBER)
    players = _standings_column("players", orderable=False, attrs={"td": {"class": "players"}})
    club = _standings_column("club", default="", attrs=WIDE_ONLY)
    points = _standings_column(
        "points", attrs={"th": {"class": "num"}, "td": {"class": "num strong"}}
    )
    match_points = _standings_column(
        "match_points", attrs={"th": {"class": "num"}, "td": {"class": "num strong"}}
    )
    matches_won = _standings_column("matches_won", attrs=WIDE_NUMBER)
    matches_drawn = _standings_column("matches_drawn", attrs=WIDE_NUMBER)
    points_against = _standings_column("points_against", attrs=WIDE_NUMBER)
    points_difference = _standings_column("points_difference", attrs=WIDE_NUMBER)
    head_to_head = _standings_column("head_to_head", attrs=WIDE_NUMBER)
    byes = _standings_column("byes", attrs=WIDE_NUMBER)
    best_match_score = _standings_column("best_match_score", attrs=WIDEST_NUMBER)
    belotes = _standings_column("belotes", attrs=WIDEST_NUMBER)
    capots = _standings_column("capots", attrs=WIDEST_NUMBER)
    coinches_made = _standings_column("coinches_made", attrs=WIDEST_NUMBER)

    def __init__(self, *args: Any, is_ranked: bool = True, **kwargs: Any) -> None:
        """``is_ranked`` False before any result counts: the rank column shows « – »."""
        super().__init__(*args, **kwargs)
        self.is_ranked = is_ranked

    def render_rank(self, value: int) -> int | str:
        """Show the rank, or « – » while no result counts (selectors.has_results)."""
        return value if self.is_ranked else "–"

    def render_players(self, value: str, record: dict[str, Any]) -> str:
        """Show a named team as « Les As (Anne / Marc) » (a column of its own would not fit
        a laptop's width), then « forfait » for a team that withdrew (RULES.md §E);
        formatting only (STYLE.md §5)."""
        name = record.get("team_name")
        players = f"{name} ({value})" if name else value
        if not record.get("withdrawn"):
            return players
        return format_html('{} <span class="withdrawn">{}</span>', players, record["withdrawn"])

    class Meta:
        order_by = "rank"
        attrs = {"class": "table standings", "id": "standings"}
        empty_text = _("No team is registered yet.")


def standings_rows(standings: list[Standing]) -> list[dict[str, int | str | None]]:
    """Return the rows of :class:`StandingsTable`: for each standing, every registry
    column's words by key (points are scored points, RULES.md §E)."""
    return [
        {key: column.words(standing) for key, column in STANDINGS.items()} for standing in standings
    ]


def standings_table(request: HttpRequest, *, tournament: Tournament) -> tables.Table:
    """Return the standings of ``tournament`` as a table sorted as ``request`` asks
    (``?sort=``), in rank order otherwise; never paginated. A mêlée (no team, its
    players registered alone) gets its individual standings, :class:`MeleeStandingsTable`.
    """
    standings = selectors.tournament_standings(tournament=tournament)
    table: tables.Table
    if not standings and selectors.is_melee(tournament=tournament):
        players = selectors.melee_standings(tournament=tournament)
        table = MeleeStandingsTable(
            [
                {key: column.words(standing) for key, column in MELEE_STANDINGS.items()}
                | {"url": _melee_player_url(tournament, standing.player.number)}
                for standing in players
            ],
            # A result counts once a player played a counted match or sat out (§H).
            is_ranked=any(player.row.matches_played or player.row.byes for player in players),
        )
    else:
        # « Pts » only where the tournament ranks by match points (RULES.md §E).
        hidden = () if tournament.ranks_by_match_points else ("match_points",)
        table = StandingsTable(
            standings_rows(standings),
            exclude=hidden,
            is_ranked=selectors.has_results(standings),
        )
    RequestConfig(request, paginate=False).configure(table)
    return table


def _melee_player_url(tournament: Tournament, number: int) -> str:
    """Return the public page of mêlée player ``number`` of ``tournament``."""
    return reverse(
        "tournaments:melee-player-detail", kwargs={"slug": tournament.slug, "number": number}
    )


def _melee_column(key: str, **options: Any) -> tables.Column:
    """Return the page's column of the registry's mêlée standings column ``key``."""
    return tables.Column(verbose_name=MELEE_STANDINGS[key].heading, accessor=key, **options)


class MeleeStandingsTable(tables.Table):
    """The individual standings of a mêlée (RULES.md §H): one row per player, rank order
    by default; a phone shows the rank, the player and the points, a wider screen the
    rest (:data:`WIDE_ONLY`). Each name links to the player's page (the row's ``url``)."""

    rank = _melee_column("rank", attrs=NUMBER)
    player = _melee_column("player", attrs=NUMBER)
    name = _melee_column(
        "name",
        orderable=False,
        attrs={"td": {"class": "players"}},
        linkify=lambda record: record["url"],
    )
    club = _melee_column("club", default="", attrs=WIDE_ONLY)
    points = _melee_column("points", attrs={"th": {"class": "num"}, "td": {"class": "num strong"}})
    matches_won = _melee_column("matches_won", attrs=WIDE_NUMBER)
    matches_drawn = _melee_column("matches_drawn", attrs=WIDE_NUMBER)
    points_against = _melee_column("points_against", attrs=WIDE_NUMBER)
    points_difference = _melee_column("points_difference", attrs=WIDE_NUMBER)
    sit_outs = _melee_column("sit_outs", attrs=WIDE_NUMBER)

    def __init__(self, *args: Any, is_ranked: bool = True, **kwargs: Any) -> None:
        """``is_ranked`` False before any result counts: the rank column shows « – », and
        the page says the players are ranked after partie 1."""
        super().__init__(*args, **kwargs)
        self.is_ranked = is_ranked

    def render_rank(self, value: int) -> int | str:
        """Show the rank, or « – » while no result counts."""
        return value if self.is_ranked else "–"

    class Meta:
        order_by = "rank"
        attrs = {"class": "table standings", "id": "standings"}
        empty_text = _("No player is registered yet.")


# The teams (organiser) -----------------------------------------------------------------


class TeamTable(tables.Table):
    """The teams of a tournament by number: name, players, club, state and the actions on each
    (``tournaments/tables/team_state.html`` and ``team_actions.html``, which need the
    page's ``tournament``)."""

    number = tables.Column(verbose_name=_("No."), attrs=NUMBER_HEADING)
    name = tables.Column(verbose_name=_("Team name"), default="", attrs=HEADING)
    players = tables.Column(verbose_name=_("Players"), attrs=HEADING)
    club = tables.Column(verbose_name=_("Club"), default="", attrs=HEADING)
    state = tables.TemplateColumn(
        template_name="tournaments/tables/team_state.html",
        verbose_name=_("State"),
        attrs=HEADING,
    )
    actions = tables.TemplateColumn(
        template_name="tournaments/tables/team_actions.html",
        verbose_name=_("Actions"),
        attrs={"th": {"scope": "col"}, "td": {"class": "row-actions"}},
    )

    class Meta:
        model = Team
        fields = ("number", "name", "players", "club")
        orderable = False
        template_name = ORGANISER_TEMPLATE
        attrs = {"class": "table teams"}
        empty_text = _("No team is registered yet.")


def team_table(request: HttpRequest, *, tournament: Tournament) -> TeamTable:
    """Return the teams of ``tournament`` by number, as :class:`TeamTable`."""
    # A list, not the queryset: django-tables2 would count a queryset in a query of its own.
    table = TeamTable(list(selectors.tournament_teams(tournament=tournament)))
    RequestConfig(request, paginate=False).configure(table)
    return table


# The round desk (organiser) ------------------------------------------------------------


def _is_flagged(record: MatchProgress) -> str:
    """Flag a match the desk must look at: a deal disputed, or waiting for the opponents."""
    return "flagged" if record.deals_disputed or record.deals_pending else ""


class ProgressTable(tables.Table):
    """The matches of a round as they play: both teams, their totals (scored points), the
    deals recorded by status, and where each match stands, with the desk's actions
    (``tournaments/tables/match_progress.html``, which needs the page's ``tournament``
    and ``round``), then who enters its results, with the switch between paper and
    phones and the link to a paper table's grid (``match_results_mode.html``). A match
    with a disputed deal, or one waiting for the opponents (« en cours »), is flagged, and
    says which. The totals are the confirmed ones, as the hall sees them
    (selectors/results.py).

    Its headings may wrap and its team names break anywhere (site.css), so that a
    laptop's 1280 px show every column of the longest names."""

    table_number = tables.Column(verbose_name=_("Table"), linkify=True, attrs=NUMBER_HEADING)
    team_a = tables.Column(verbose_name=_("Team A"), attrs=HEADING)
    team_b = tables.Column(verbose_name=_("Team B"), attrs=HEADING)
    total_a = tables.Column(
        verbose_name=_("Total A"),
        accessor="confirmed_a",
        attrs={"th": {"scope": "col", "class": "num"}, "td": {"class": "num strong"}},
    )
    total_b = tables.Column(
        verbose_name=_("Total B"),
        accessor="confirmed_b",
        attrs={"th": {"scope": "col", "class": "num"}, "td": {"class": "num strong"}},
    )
    deals_entered = tables.Column(
        verbose_name=pgettext_lazy("deal count", "Recorded"), attrs=NUMBER_HEADING
    )
    deals_confirmed = tables.Column(
        verbose_name=pgettext_lazy("deal count", "Confirmed"), attrs=NUMBER_HEADING
    )
    deals_pending = tables.Column(
        verbose_name=pgettext_lazy("deal count", "Pending"), attrs=NUMBER_HEADING
    )
    deals_disputed = tables.Column(
        verbose_name=pgettext_lazy("deal count", "Disputed"), attrs=NUMBER_HEADING
    )
    progress = tables.TemplateColumn(
        template_name="tournaments/tables/match_progress.html",
        verbose_name=_("Progress"),
        attrs=HEADING,
    )
    results_mode = tables.TemplateColumn(
        template_name="tournaments/tables/match_results_mode.html",
        verbose_name=_("Results entry"),
        attrs=HEADING,
    )

    class Meta:
        orderable = False
        template_name = ORGANISER_TEMPLATE
        attrs = {"class": "table progress"}
        row_attrs = {"class": _is_flagged}
        empty_text = None

    def __init__(self, data: list[MatchProgress], **kwargs: Any) -> None:
        """A mêlée's matches (RULES.md §H) head their pairs « Paire A », « Paire B », each
        by its players' numbers and names: a pair's own number would read as a player's."""
        super().__init__(data, **kwargs)
        if data and pair_players(data[0].team_a) is not None:
            self.columns["team_a"].column.verbose_name = _("Pair A")
            self.columns["team_b"].column.verbose_name = _("Pair B")

    def render_team_a(self, record: MatchProgress) -> str:
        return pair_players(record.team_a) or str(record.team_a)

    def render_team_b(self, record: MatchProgress) -> str:
        return pair_players(record.team_b) or str(record.team_b)


def progress_table(request: HttpRequest, *, round: Round) -> ProgressTable:
    """Return the matches of ``round`` with their deal counts, as :class:`ProgressTable`."""
    # A list, not the queryset: django-tables2 would count a queryset in a query of its own.
    table = ProgressTable(list(selectors.round_progress(round=round)))
    RequestConfig(request, paginate=False).configure(table)
    return table
