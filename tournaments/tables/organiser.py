"""The organiser's tables, django-tables2's (STYLE.md §5): presentation only; the data
comes from selectors.

- :class:`TeamTable`, the organiser's teams with their state and actions;
- :class:`ProgressTable`, the round desk's tables as they play, polled by the page.

Each is built by a function of the same name in lower case (:func:`team_table`,
:func:`progress_table`), which reads the selector, so that a view only puts the table in
its context. They are not sortable and print without django-tables2's wrapping ``div``
(``tournaments/tables/table.html``): each page puts them in its own ``.table-scroll``.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2 import RequestConfig

from tournaments import selectors
from tournaments.models import Round, Team, Tournament
from tournaments.presentation.seats import pair_players
from tournaments.selectors.rounds import MatchProgress

#: The organiser's tables: every heading cell is a column heading for screen readers.
HEADING = {"th": {"scope": "col"}}
NUMBER_HEADING = {"th": {"scope": "col", "class": "num"}, "td": {"class": "num"}}
#: Their template: django-tables2's table, without its wrapping div.
ORGANISER_TEMPLATE = "tournaments/tables/table.html"


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
        """Show team A, or a mêlée pair by its players."""
        return pair_players(record.team_a) or str(record.team_a)

    def render_team_b(self, record: MatchProgress) -> str:
        """Show team B, or a mêlée pair by its players."""
        return pair_players(record.team_b) or str(record.team_b)


def progress_table(request: HttpRequest, *, round: Round) -> ProgressTable:
    """Return the matches of ``round`` with their deal counts, as :class:`ProgressTable`."""
    # A list, not the queryset: django-tables2 would count a queryset in a query of its own.
    table = ProgressTable(list(selectors.round_progress(round=round)))
    RequestConfig(request, paginate=False).configure(table)
    return table
