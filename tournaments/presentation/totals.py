"""Say a totals-only match's sheet in words: « 12 donnes jouées, 1 capot, 5 belotes ».

Presentation only: a match recorded by its two totals (RULES.md §G) has no deal to list,
so its pages and its printed sheet say what the paper sheet counted instead, from what
the match stored; nothing is counted or checked here.
"""

from __future__ import annotations

from django.utils.translation import ngettext

from tournaments.models import Match


def sheet_counts_text(match: Match) -> str:
    """Return the counts the sheet of a totals-only ``match`` gave, in the active
    language, in the order of RULES.md §G (deals played, capots, belotes, declaration
    points), leaving out those it did not give; "" for a match with deals, or a sheet
    with no count."""
    if not match.is_totals_only:
        return ""
    counts = (
        (
            match.sheet_deals_played,
            ngettext(
                "%(count)s deal played", "%(count)s deals played", match.sheet_deals_played or 0
            ),
        ),
        (
            match.sheet_capots,
            ngettext("%(count)s capot", "%(count)s capots", match.sheet_capots or 0),
        ),
        (
            match.sheet_belotes,
            ngettext("%(count)s belote", "%(count)s belotes", match.sheet_belotes or 0),
        ),
        (
            match.sheet_declarations,
            ngettext(
                "%(count)s declaration point",
                "%(count)s declaration points",
                match.sheet_declarations or 0,
            ),
        ),
    )
    words = [text % {"count": count} for count, text in counts if count is not None]
    return ", ".join(words)
