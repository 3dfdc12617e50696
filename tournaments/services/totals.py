"""A match recorded by its two totals, as the desk types them from a paper sheet (RULES.md §G).

The engine checks the sheet (:func:`scoring.check_match_totals`): a problem on a field
(a negative count, more capots than deals, declarations where the rules count none…)
raises :class:`scoring.InvalidTotals`, whose code names the field, as
:class:`scoring.InvalidDeal` does for a deal. Under the classic presets the counts check
the sum of the totals; a sheet that does not add up is saved only with the organiser's
reason, kept in the audit trail; so are totals that cannot be true under the
tournament's preset and format (:func:`scoring.check_totals_plausibility`: more deals
than the format has, a score off the preset's step, a sum outside what the deals played
can score). The match is then finished, its result follows from the totals
(:func:`scoring.decide_result`, RULES.md §E), and it counts in the standings, the draws
and the byes like a match recorded deal by deal.

Rounds, as for deals (services/deals.py): a draft is not played; in a published round
the totals are recorded, then corrected; in a closed round they can only be corrected
(a match is never added to a closed round: reopen it first), and a draft of a later
round is drawn again from the corrected standings. Rows are locked in the house order:
the tournament, the round, then the match.
"""

from __future__ import annotations

import datetime

from django.db import transaction

import scoring
from tournaments.models import AuditAction, Match, Round, set_audit
from tournaments.services.cache import results_changed
from tournaments.services.deals import NOBODY, Author
from tournaments.services.draws import redraw_later_draft
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_match
from tournaments.services.scores import set_match_figures
from tournaments.standings import MatchFigures

#: The fields of a match that its sheet gives, as :func:`record_match_totals` stores them.
TOTALS_FIELDS = (
    "total_a",
    "total_b",
    "sheet_deals_played",
    "sheet_capots",
    "sheet_belotes",
    "sheet_declarations",
)


def _mismatch(totals: scoring.MatchTotals, error: scoring.TotalsError) -> ServiceError:
    """Return the refusal of a sheet whose totals do not add up, with what its message
    quotes: both sums and the counts (0 where the sheet gives none)."""
    params = dict(error.params)
    return ServiceError(
        Refusal.TOTALS_MISMATCH,
        total=params["total"],
        expected=params["expected"],
        deals_played=totals.deals_played or 0,
        capots=totals.capots or 0,
        belotes=totals.belotes or 0,
        declarations=totals.declarations or 0,
    )


def implausible_params(problems: list[scoring.BrokenLimit]) -> dict[str, int | str]:
    """Return what a ``totals_implausible`` refusal (and an import's problem) carries for
    the limits ``problems`` break (scoring.check_totals_plausibility, RULES.md §G):
    ``limits``, their :class:`scoring.TotalsLimit` values comma-separated, in order, then
    every limit's params (scored points or counts of deals), which share their names'
    meaning, so one dict holds them all."""
    params: dict[str, int | str] = {"limits": ",".join(problem.limit for problem in problems)}
    for problem in problems:
        params.update(problem.params)
    return params


def _implausible(totals: scoring.MatchTotals, match: Match) -> list[scoring.BrokenLimit]:
    """Return the limits the sheet breaks under the tournament's rules and format."""
    tournament = match.round.tournament
    return scoring.check_totals_plausibility(
        tournament.rules,
        totals.deals_played,
        totals.total_a,
        totals.total_b,
        match_format=tournament.engine_match_format,
    )


def record_match_totals(
    *,
    match: Match,
    totals: scoring.MatchTotals,
    now: datetime.datetime,
    author: Author = NOBODY,
    reason: str = "",
) -> Match:
    """Record ``match`` by the two totals of its paper sheet (scored points), or correct
    them, and return it finished (RULES.md §G).

    ``totals`` holds both totals and the sheet's counts (None where it gives none). The
    match's result follows from the totals (RULES.md §E); it keeps no deal and no litige
    reserve (one returned at the end is inside the totals). ``author`` is who typed it
    (kept in the audit trail, at ``now``, with ``reason``). A first recording needs a
    ``reason`` only when the counts say the totals do not add up; a correction (the match
    already has totals) always needs one, as a deal's does. Totals equal to those stored
    change nothing and add no audit record. A correction in a closed round draws a draft
    of a later round again from the corrected standings.

    Raises scoring.InvalidTotals for a problem on a field (scoring.check_match_totals),
    and ServiceError ``not_published`` (number: the round is a draft, or closed and the
    match has no totals yet), ``has_deals`` (table: the match has deals; correct or
    delete them instead), ``reason_required`` (a correction without a reason) or
    ``totals_mismatch`` (total, expected and the counts: the sum does not add up and no
    reason is given) or ``totals_implausible`` (:func:`implausible_params`: the totals
    break a limit of scoring.check_totals_plausibility, deals above the format's count,
    a score off the step, a sum outside what the deals played can score, and no reason
    is given). Nothing is saved then.
    """
    reason = reason.strip()
    with transaction.atomic():
        match = lock_match(match)
        round_ = match.round
        error = scoring.check_match_totals(totals, round_.tournament.rules)
        if error is not None and error.code is not scoring.TotalsField.SUM:
            raise scoring.InvalidTotals(error)
        is_correction = match.is_totals_only
        if round_.status == Round.Status.DRAFT or (
            round_.status == Round.Status.CLOSED and not is_correction
        ):
            raise ServiceError(Refusal.NOT_PUBLISHED, number=round_.number)
        if match.deals.exists():
            raise ServiceError(Refusal.HAS_DEALS, table=match.table_number)
        if is_correction and not reason:
            raise ServiceError(Refusal.REASON_REQUIRED)
        if error is not None and not reason:
            raise _mismatch(totals, error)
        problems = _implausible(totals, match)
        if problems and not reason:
            raise ServiceError(Refusal.TOTALS_IMPLAUSIBLE, **implausible_params(problems))
        before = [getattr(match, name) for name in TOTALS_FIELDS]
        apply_match_totals(match, totals)
        if is_correction and [getattr(match, name) for name in TOTALS_FIELDS] == before:
            return match
        action = AuditAction.TOTALS_CORRECTED if is_correction else AuditAction.TOTALS_RECORDED
        set_audit(match, action=action, now=now, user=author.user, side=author.side, reason=reason)
        # The match is the row locked above, its teams are its own: no query to check them.
        match.full_clean(
            exclude=["round", "team_a", "team_b"],
            validate_unique=False,
            validate_constraints=False,
        )
        match.save()
        results_changed(round_.tournament_id)
        if round_.status == Round.Status.CLOSED:
            redraw_later_draft(match=match)
    return match


def apply_match_totals(match: Match, totals: scoring.MatchTotals) -> None:
    """Set ``totals`` (scored points, and the sheet's counts) on ``match``, unsaved, and
    finish it with the result they give (RULES.md §G, §E): no deal to count, no litige
    reserve left. What :func:`record_match_totals` stores, and what a restored archive
    must hold for a totals-only match (tournaments/archive/restoring.py)."""
    match.is_totals_only = True
    match.total_a, match.total_b = totals.total_a, totals.total_b
    match.sheet_deals_played = totals.deals_played
    match.sheet_capots = totals.capots
    match.sheet_belotes = totals.belotes
    match.sheet_declarations = totals.declarations
    match.deals_played = totals.deals_played or 0
    match.reserve = 0
    # No deal: no belote, capot or coinche made to show (the sheet's counts are its own).
    set_match_figures(match, MatchFigures())
    match.is_finished = True
    match.result = scoring.decide_result(totals.total_a, totals.total_b).value
