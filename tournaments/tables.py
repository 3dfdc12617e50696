"""django-tables2 tables: presentation only; the data comes from selectors."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

#: Columns a phone leaves out (site.css hides .wide-only on narrow screens).
WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}
WIDE_NUMBER = {"th": {"class": "wide-only"}, "td": {"class": "num wide-only"}}


class StandingsTable(tables.Table):
    """The standings (RULES.md §E): one row per team, rank order by default.

    Rows are dicts built from :class:`tournaments.selectors.Standing`; sorting another
    column keeps rank order among equal values (Python's sort is stable).
    """

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    number = tables.Column(verbose_name=_("Team"), attrs={"td": {"class": "num"}})
    players = tables.Column(verbose_name=_("Players"), orderable=False)
    club = tables.Column(verbose_name=_("Club"), default="", attrs=WIDE_ONLY)
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num strong"}})
    matches_won = tables.Column(verbose_name=_("Won"), attrs={"td": {"class": "num"}})
    matches_drawn = tables.Column(verbose_name=_("Drawn"), attrs=WIDE_NUMBER)
    points_against = tables.Column(verbose_name=_("Against"), attrs=WIDE_NUMBER)
    points_difference = tables.Column(verbose_name=_("Difference"), attrs={"td": {"class": "num"}})
    head_to_head = tables.Column(verbose_name=_("Head-to-head"), attrs=WIDE_NUMBER)
    byes = tables.Column(verbose_name=_("Byes"), attrs=WIDE_NUMBER)
    best_match_score = tables.Column(verbose_name=_("Best match"), attrs=WIDE_NUMBER)
    belotes = tables.Column(verbose_name=_("Belotes"), attrs=WIDE_NUMBER)
    capots = tables.Column(verbose_name=_("Capots"), attrs=WIDE_NUMBER)
    coinches_made = tables.Column(verbose_name=_("Coinches made"), attrs=WIDE_NUMBER)
    lot = tables.Column(verbose_name=_("Lot"), attrs=WIDE_NUMBER)

    class Meta:
        order_by = "rank"
        attrs = {"class": "table standings"}
        empty_text = _("No team is registered yet.")


def standings_table_data(standings) -> list[dict]:
    """Return the rows of :class:`StandingsTable` for a list of selectors.Standing."""
    return [
        {
            "rank": s.row.rank,
            "number": s.row.number,
            "players": s.team.players,
            "club": s.team.club.name if s.team.club else "",
            "points": s.row.points,
            "matches_won": s.row.matches_won,
            "matches_drawn": s.row.matches_drawn,
            "points_against": s.row.points_against,
            "points_difference": s.row.points_difference,
            "head_to_head": s.row.head_to_head,
            "byes": s.row.byes,
            "best_match_score": s.figures.best_match_score,
            "belotes": s.figures.belotes,
            "capots": s.figures.capots,
            "coinches_made": s.figures.coinches_made,
            "lot": s.row.lot,
        }
        for s in standings
    ]
