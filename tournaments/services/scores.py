"""Replaying a match through the engine: the one place match and deal scores are stored."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable

from django.db import IntegrityError, transaction

import scoring
from scoring.matches import (
    MatchDeal,
    MatchFinished,
    MatchFormat,
    MatchState,
    MatchStep,
    advance_match,
    stop_match_for_time,
)
from tournaments.models import Deal, Match
from tournaments.selectors.deals import read_match_deals
from tournaments.services.errors import Refusal, ServiceError
from tournaments.standings import (
    DEAL_FIGURES_FIELDS,
    MATCH_FIGURES_FIELDS,
    DealFigures,
    MatchFigures,
    match_figures,
)


def _line_json(
    *,
    side: str,
    kind: str,
    base_points: int,
    amount: int,
    multiplier: int,
    rule: str,
    parts: tuple[scoring.LinePart, ...] = (),
) -> dict:
    return {
        "side": side,
        "kind": kind,
        "base_points": base_points,
        "amount": amount,
        "multiplier": multiplier,
        "rule": rule,
        "parts": [{"kind": part.kind.value, "base_points": part.base_points} for part in parts],
    }


def breakdown_to_json(
    score: scoring.DealScore,
    *,
    reserve_collected: int = 0,
    reserve_returned: tuple[int, int] = (0, 0),
) -> dict:
    """Return the engine's breakdown of a deal as JSON-ready data, stored on the deal.

    Each line keeps the engine's :class:`scoring.ScoreLine` fields: ``base_points`` (before
    rounding and the multiplier), ``amount`` (what is added), ``multiplier``, ``rule`` and
    ``parts`` (``[{"kind": "card_points", "base_points": 85}, …]`` for a §B1.4 total, else
    empty). The match adds its own lines (RULES.md §C), in scored points: ``reserve_collected``,
    the litige reserve the deal paid to its winner, and ``reserve_returned``, the reserve
    the deal's end of the match gave back to the taker's and the defence's team. So the
    amounts of each side add up to what its team scored on the deal.

    Raises ValueError for a ``reserve_collected`` on a litige, which has no winner to pay.
    """
    lines = [
        _line_json(
            side=line.side.value,
            kind=line.kind.value,
            base_points=line.base_points,
            amount=line.amount,
            multiplier=line.multiplier,
            rule=line.rule,
            parts=line.parts,
        )
        for line in score.lines
    ]
    if reserve_collected:
        if score.winner is None:
            raise ValueError("a litige has no winner to collect the reserve (RULES.md §C)")
        lines.append(
            _line_json(
                side=score.winner.value,
                kind="reserve_collected",
                base_points=reserve_collected,
                amount=reserve_collected,
                multiplier=1,
                rule="§C",
            )
        )
    for side, returned in zip(scoring.Side, reserve_returned, strict=True):
        if returned:
            lines.append(
                _line_json(
                    side=side.value,
                    kind="reserve_returned",
                    base_points=returned,
                    amount=returned,
                    multiplier=1,
                    rule="§C",
                )
            )
    return {
        "outcome": score.outcome.value,
        "multiplier": score.multiplier,
        "taker_capot": score.taker_capot,
        "defence_capot": score.defence_capot,
        "reserve": score.reserve,
        "lines": lines,
    }


#: The fields of a deal that :func:`replay_match` computes and stores.
SCORE_FIELDS = (
    "score_a",
    "score_b",
    "total_a",
    "total_b",
    "outcome",
    "taker_score",
    "defence_score",
    "reserve",
    "breakdown",
)


def unscored_values() -> dict[str, object]:
    """Return the values of the fields :func:`replay_match` computes on a deal never
    scored: what a deal's history record keeps when it is entered (services/deals.py)."""
    fields = Deal._meta.concrete_fields
    return {field.attname: field.get_default() for field in fields if field.attname in SCORE_FIELDS}


@functools.lru_cache(maxsize=2048)
def _advance(
    state: MatchState, match_deal: MatchDeal, rules: scoring.RuleSet, match_format: MatchFormat
) -> MatchStep:
    """Return ``advance_match(state, match_deal, rules, match_format)``, remembered.

    Each table write replays its whole match (:func:`replay_match`): without this, the
    engine scored every earlier deal again at each write, about 0.1 ms of CPU a deal,
    half a millisecond a write by the middle of a match (bench/writes.py). The engine is
    pure and its values frozen: the step is keyed by every input it depends on (the state
    before the deal, its taker and inputs, the rule set, the match format), so a step
    remembered is the one the engine would return. Inputs equal as values share a step
    (``1`` and ``True``, which the engine's checks tell apart): the deals replayed hold
    the database's types, or the values the services checked before (``_check_entry``).
    What the engine raises (InvalidDeal, MatchFinished) is not remembered: it is raised
    again at each call. About 2,000 steps: the latest deals of a hall's matches.
    """
    return advance_match(state, match_deal, rules, match_format)


def replay_match(
    match: Match,
    rules: scoring.RuleSet,
    now: datetime.datetime,
    deals: list[Deal] | None = None,
    *,
    new: Deal | None = None,
) -> list[Deal]:
    """Replay the match's deals in order through the engine and store every score.

    Returns the match's deals in order, as stored now (read under the caller's lock,
    scores included), and ``match`` holds its new totals. ``deals`` are those deals when
    the caller has them at hand, every one of the match, in order, as stored under its
    lock (services/table.py: read once for the number check, then replayed): they are
    not read again.

    A match the organiser stopped for time ends after its last deal, as the engine says
    (``scoring.stop_match_for_time``, RULES.md §C); it stays not finished (it was closed,
    not played to its end). The match row must be locked by the caller. Raises ServiceError
    ``match_finished`` if a deal comes after the end of the match.

    ``new`` is a deal of ``deals`` not saved yet (services/deals.py): it is scored with
    the others, then inserted with its scores, in one INSERT (its history record with it)
    and no UPDATE, without a savepoint (the caller saw its number free under the match's
    lock: see below); ServiceError ``deal_exists`` should its number be taken all the same,
    the caller's atomic block then marked to roll back.

    The replay counts as a change of the match's results (services/cache.py): its
    ``results_count`` goes up by one in the same UPDATE of the match, the row the caller
    holds locked and read under that lock.

    A totals-only match (RULES.md §G) has no deal to replay: its totals come from its
    sheet (services/totals.py) and are left as they are (``new`` is not saved).
    """
    if match.is_totals_only:
        return []
    if deals is None:
        deals = read_match_deals(match=match)
    state = MatchState()
    match_format = match.round.tournament.engine_match_format
    changed = []
    for row in deals:
        stored = [getattr(row, name) for name in SCORE_FIELDS]
        previous = state
        try:
            step = _advance(
                state, MatchDeal(scoring.TeamSide(row.taker), row.to_engine()), rules, match_format
            )
        except MatchFinished:
            raise ServiceError(Refusal.MATCH_FINISHED) from None
        state = step.state
        score = step.score
        row.score_a = state.total_a - previous.total_a
        row.score_b = state.total_b - previous.total_b
        row.total_a, row.total_b = state.total_a, state.total_b
        if score is None:
            row.outcome, row.taker_score, row.defence_score, row.reserve = "", 0, 0, 0
            row.breakdown = {}
        else:
            row.outcome = score.outcome.value
            row.taker_score, row.defence_score = score.taker_score, score.defence_score
            row.reserve = score.reserve
            returned = (step.reserve_returned_a, step.reserve_returned_b)
            row.breakdown = breakdown_to_json(
                score,
                reserve_collected=step.reserve_collected,
                # Taker's team first, as the breakdown's sides.
                reserve_returned=returned if row.taker == "A" else returned[::-1],
            )
        if row is not new and [getattr(row, name) for name in SCORE_FIELDS] != stored:
            changed.append(row)
    if new is not None:
        # No savepoint of its own (two statements less a deal entered, bench/writes.py):
        # every caller (services/deals.py record_deal_at) has seen the number free under
        # the match's lock, and every writer of a match's deals holds that lock
        # (record_deal, record_deals, enter_deal: lock_match; services/paper.py through
        # record_deal) - FOR UPDATE on PostgreSQL, the one write lock on SQLite - so no
        # other insert of this number can come between. Should one come all the same
        # (a writer that skips the lock), the refusal marks the caller's atomic block to
        # roll back (on PostgreSQL the transaction is aborted until then): its savepoint
        # or transaction is undone as for any refusal, nothing of the deal kept.
        try:
            new.save()
        except IntegrityError:
            transaction.set_rollback(True)
            raise ServiceError(Refusal.DEAL_EXISTS, number=new.deal_number) from None
    # Only the deals whose scores changed, one UPDATE each: bulk_update builds a CASE per
    # field and deal, which costs Django more than the queries it saves (about 18 ms
    # against 2 ms for a match of 12 deals, bench/import.py).
    for row in changed:
        Deal.objects.filter(pk=row.pk).update(**{name: getattr(row, name) for name in SCORE_FIELDS})
    match.is_finished = state.is_finished
    if match.stopped_for_time_at is not None:
        state = stop_match_for_time(state)
    match.total_a, match.total_b = state.total_a, state.total_b
    match.reserve = state.reserve
    match.deals_played = state.deals_played
    match.result = state.result.value if state.result else ""
    set_match_figures(match, deals_figures(deals))
    match.results_count += 1
    match.save(
        update_fields=[
            "total_a",
            "total_b",
            "reserve",
            "deals_played",
            "is_finished",
            "result",
            *MATCH_FIGURES_FIELDS,
            "results_count",
        ]
    )
    return deals


def deals_figures(deals: Iterable[Deal]) -> MatchFigures:
    """Return the figures of a match from its ``deals``, as stored or just replayed
    (tournaments.standings.match_figures: belotes, capots, coinches made per team)."""
    return match_figures(
        DealFigures(*(getattr(deal, name) for name in DEAL_FIGURES_FIELDS)) for deal in deals
    )


def set_match_figures(match: Match, figures: MatchFigures) -> None:
    """Set ``figures`` on ``match``, unsaved: what the standings read of it beside its
    totals (selectors.standings). Every writer of a match's deals or totals sets them:
    :func:`replay_match` from the deals, services.totals (no deal) zeros."""
    for name in MATCH_FIGURES_FIELDS:
        setattr(match, name, getattr(figures, name))
