"""Say a totals-only match's sheet in words: « 12 donnes jouées, 1 capot, 5 belotes ».

Presentation only: a match recorded by its two totals (RULES.md §G) has no deal to list,
so its pages and its printed sheet say what the paper sheet counted instead, from what
the match stored; nothing is counted or checked here. It also says which limits a
sheet's totals break (:func:`broken_limits_text`), for the desk's refusal, the audit
trail and the import of matches.csv.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext, ngettext

import scoring
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


def _limit_text(limit: scoring.TotalsLimit, values: Mapping[str, object]) -> list[str]:
    """Return what breaking ``limit`` means, with its numbers, in the active language."""
    count = int(str(values.get("deals_played", 0)))
    if limit is scoring.TotalsLimit.MOST_DEALS:
        text = ngettext(
            "%(deals_played)s deal played, but a match has %(most_deals)s",
            "%(deals_played)s deals played, but a match has %(most_deals)s",
            count,
        )
        return [text % values]
    if limit is scoring.TotalsLimit.SCORE_STEP:
        texts = []
        if "score_a" in values:
            texts.append(gettext("total A (%(score_a)s) is not a multiple of %(score_step)s"))
        if "score_b" in values:
            texts.append(gettext("total B (%(score_b)s) is not a multiple of %(score_step)s"))
        return [text % values for text in texts]
    if limit is scoring.TotalsLimit.NO_DEAL:
        return [gettext("%(total)s points with no deal played") % values]
    if limit is scoring.TotalsLimit.LEAST_TOTAL:
        text = ngettext(
            "the totals add up to %(total)s, less than %(lowest)s (at least %(least)s a deal, "
            "%(deals_played)s deal played)",
            "the totals add up to %(total)s, less than %(lowest)s (at least %(least)s a deal, "
            "%(deals_played)s deals played)",
            count,
        )
        return [text % values]
    text = ngettext(
        "the totals add up to %(total)s, more than %(highest)s (at most %(most)s a deal, "
        "%(deals_played)s deal played)",
        "the totals add up to %(total)s, more than %(highest)s (at most %(most)s a deal, "
        "%(deals_played)s deals played)",
        count,
    )
    return [text % values]


def broken_limits_text(values: Mapping[str, object]) -> str:
    """Return the limits a sheet's totals break, in words, joined by « ; » (RULES.md §G).

    ``values`` is what :func:`tournaments.services.implausible_params` gives: ``limits``,
    the broken :class:`scoring.TotalsLimit` values comma-separated, and their numbers
    (scored points, counts of deals). E.g. « 13 donnes jouées, or une partie en compte
    12 ; le total A (35) n’est pas un multiple de 10 ».
    """
    limits = [scoring.TotalsLimit(name) for name in str(values["limits"]).split(",") if name]
    return gettext("; ").join(text for limit in limits for text in _limit_text(limit, values))
