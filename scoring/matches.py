"""A match (partie) at one table: running totals, litige reserve and the end (RULES.md §C).

The two teams are sides ``A`` and ``B`` as in the files (:class:`TeamSide`); in each deal
one of them is the taker. Totals are in scored points. :func:`advance_match` plays one
deal on a :class:`MatchState`; :func:`score_match` folds a whole sequence of deals;
:func:`stop_match_for_time` ends a match the organiser stopped before its end;
:func:`decide_result` says who won from the two final totals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from scoring.cards import BELOTE_POINTS, DEAL_CARD_POINTS, TRICKS_PER_DEAL
from scoring.deals import Deal, DealOutcome, DealScore, score_deal
from scoring.rules import RuleSet


class TeamSide(StrEnum):
    """The two teams of a match, A and B, as the files and score sheets name them."""

    A = "A"
    B = "B"

    @property
    def opponent(self) -> TeamSide:
        """Return the other team."""
        return TeamSide.B if self is TeamSide.A else TeamSide.A


class MatchResult(StrEnum):
    """Who won a finished match."""

    A = "A"
    B = "B"
    DRAW = "draw"


class FormatKind(StrEnum):
    """A match is a fixed number of deals, or played to a target score (RULES.md §C)."""

    DEALS = "deals"
    TARGET = "target"


@dataclass(frozen=True)
class MatchFormat:
    """How a match ends: after ``value`` deals played (passed deals excluded), or when a
    team reaches ``value`` scored points."""

    kind: FormatKind
    value: int

    @classmethod
    def parse(cls, text: str) -> MatchFormat:
        """Parse ``"deals:12"`` or ``"target:2000"``; raises ValueError on anything else."""
        kind_text, _, value_text = text.strip().partition(":")
        kind = FormatKind(kind_text)
        if not value_text.isdigit() or int(value_text) < 1:
            raise ValueError(f"not a match format: {text!r}")
        return cls(kind, int(value_text))

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


def nominal_match_total(match_format: MatchFormat) -> int:
    """Return the scored points a match of ``match_format`` is nominally worth (RULES.md §E).

    A fixed number of deals is worth 162 card points a deal (the cards and the dix de
    der, §A); a target score is worth the target. Half of it is one of §E's bye credits.
    """
    if match_format.kind is FormatKind.TARGET:
        return match_format.value
    return match_format.value * DEAL_CARD_POINTS


class MatchFinished(ValueError):
    """Raised when a deal is added to a match that has already ended."""


@dataclass(frozen=True)
class MatchDeal:
    """One deal of a match: which team took, and the deal, or None when all four passed."""

    taker: TeamSide
    deal: Deal | None

    @property
    def is_passed(self) -> bool:
        """Return True for a passed deal (passe): no score, not counted (RULES.md §C)."""
        return self.deal is None


@dataclass(frozen=True)
class MatchState:
    """The running state of a match after some deals.

    Attributes:
        total_a, total_b: scored points of each team so far.
        reserve_a, reserve_b: litige reserve each team has put in and not yet lost
            (RULES.md §B5, §C); their sum goes to the winner of the next deal.
        deals_played: deals counted toward a fixed number of deals (passed ones are not).
        is_finished: the match has ended; ``result`` then says who won.
        waiting_for_trick: teams that reached the target only through their belote on a
            deal they were chuted in or won no trick (ffb-coinche, RULES.md §C).
    """

    total_a: int = 0
    total_b: int = 0
    reserve_a: int = 0
    reserve_b: int = 0
    deals_played: int = 0
    is_finished: bool = False
    result: MatchResult | None = None
    waiting_for_trick: frozenset[TeamSide] = field(default_factory=frozenset)

    @property
    def reserve(self) -> int:
        """Return the whole litige reserve pending, in scored points."""
        return self.reserve_a + self.reserve_b

    def total(self, team: TeamSide) -> int:
        """Return the scored points of ``team``."""
        return self.total_a if team is TeamSide.A else self.total_b


@dataclass(frozen=True)
class MatchStep:
    """One deal of a match with its score (None for a passed deal) and the state after it.

    Attributes:
        reserve_collected: the litige reserve this deal paid, whole, to its winner (the
            taker if made, the defence if chuted), in scored points (RULES.md §C).
        reserve_returned_a, reserve_returned_b: the reserve still pending when this deal
            ended the match, returned to each team that put it in (RULES.md §C).
    """

    match_deal: MatchDeal
    score: DealScore | None
    state: MatchState
    reserve_collected: int = 0
    reserve_returned_a: int = 0
    reserve_returned_b: int = 0


@dataclass(frozen=True)
class MatchScore:
    """A whole match: every step in order and the final state."""

    steps: tuple[MatchStep, ...]
    state: MatchState


def _with_totals(state: MatchState, gains: dict[TeamSide, int]) -> MatchState:
    return replace(
        state,
        total_a=state.total_a + gains.get(TeamSide.A, 0),
        total_b=state.total_b + gains.get(TeamSide.B, 0),
    )


def advance_match(
    state: MatchState, match_deal: MatchDeal, rules: RuleSet, match_format: MatchFormat
) -> MatchStep:
    """Play one deal on ``state`` and return its score and the new state (RULES.md §C).

    Raises InvalidDeal when the deal breaks RULES.md §B6 and MatchFinished when the match
    has already ended; ``state`` is never changed (it is frozen).
    """
    if state.is_finished:
        raise MatchFinished("the match has already ended")
    if match_deal.deal is None:
        return MatchStep(match_deal, None, state)
    deal = match_deal.deal
    score = score_deal(deal, rules)
    # score_deal has checked that these counts are ints (RULES.md §B6, code number).
    taker_tricks, taker_belotes = deal.taker_tricks, deal.taker_belotes
    defence_belotes = deal.defence_belotes
    assert isinstance(taker_tricks, int), taker_tricks
    assert isinstance(taker_belotes, int) and isinstance(defence_belotes, int)
    taker, defence = match_deal.taker, match_deal.taker.opponent
    before = {TeamSide.A: state.total_a, TeamSide.B: state.total_b}
    new = _with_totals(state, {taker: score.taker_score, defence: score.defence_score})
    new = replace(new, deals_played=state.deals_played + 1)
    collected = 0
    if score.outcome is DealOutcome.LITIGE:
        key = "reserve_a" if taker is TeamSide.A else "reserve_b"
        new = replace(new, **{key: getattr(new, key) + score.reserve})
    elif state.reserve:
        winner = taker if score.outcome is DealOutcome.MADE else defence
        collected = state.reserve
        new = replace(_with_totals(new, {winner: collected}), reserve_a=0, reserve_b=0)
    pending = new  # the reserve that ending the match on this deal returns (§C)
    tricks = {taker: taker_tricks, defence: TRICKS_PER_DEAL - taker_tricks}
    if match_format.kind is FormatKind.DEALS:
        if new.deals_played >= match_format.value:
            new = _finish(new)
        return _step(match_deal, score, new, collected, pending)
    # What each team scored this deal is its belote and nothing else: always so for a chuted
    # taker, but not for a trickless defence paid a chute (a capot taker short of a high
    # contract), nor for a trickless taker made by its declarations.
    is_belote_only = {
        taker: score.taker_score == BELOTE_POINTS * taker_belotes,
        defence: score.defence_score == BELOTE_POINTS * defence_belotes,
    }
    waiting = set(new.waiting_for_trick)
    for team in TeamSide:
        if team in waiting and tricks[team] > 0:
            waiting.discard(team)
        elif (
            rules.needs_trick_after_belote_target
            and before[team] < match_format.value <= new.total(team)
            and (tricks[team] == 0 or (team is taker and score.outcome is DealOutcome.CHUTE))
            and is_belote_only[team]
        ):
            # Chuted or trickless, it reached the target through its belote alone (§C).
            waiting.add(team)
    new = replace(new, waiting_for_trick=frozenset(waiting))
    reached = [t for t in TeamSide if new.total(t) >= match_format.value and t not in waiting]
    if len(reached) == 1:
        # A team still waiting for a trick has not reached the target yet, whatever its total.
        is_other_waiting = reached[0].opponent in waiting
        new = _finish(new, MatchResult(reached[0].value) if is_other_waiting else None)
    elif len(reached) == 2 and new.total_a != new.total_b:
        new = _finish(new)
    return _step(match_deal, score, new, collected, pending)


def _step(
    match_deal: MatchDeal,
    score: DealScore,
    state: MatchState,
    collected: int,
    pending: MatchState,
) -> MatchStep:
    """Return the step of a scored deal; a match it ended returned ``pending``'s reserve."""
    is_returned = state.is_finished
    return MatchStep(
        match_deal,
        score,
        state,
        reserve_collected=collected,
        reserve_returned_a=pending.reserve_a if is_returned else 0,
        reserve_returned_b=pending.reserve_b if is_returned else 0,
    )


def _finish(state: MatchState, result: MatchResult | None = None) -> MatchState:
    """End the match: a pending reserve returns to the teams that put it in (RULES.md §C).

    Without ``result`` the team with more points wins and equal totals are a draw.
    """
    total_a = state.total_a + state.reserve_a
    total_b = state.total_b + state.reserve_b
    if result is None:
        result = decide_result(total_a, total_b)
    return replace(
        state,
        total_a=total_a,
        total_b=total_b,
        reserve_a=0,
        reserve_b=0,
        is_finished=True,
        result=result,
    )


def decide_result(total_a: int, total_b: int) -> MatchResult:
    """Return who won a match that ended on these totals (scored points): the team with
    more points wins, equal totals are a draw (RULES.md §E). A match recorded by its two
    totals gets its result here too (RULES.md §G). Never raises."""
    if total_a > total_b:
        return MatchResult.A
    if total_b > total_a:
        return MatchResult.B
    return MatchResult.DRAW


def stop_match_for_time(state: MatchState) -> MatchState:
    """Return the end of a match the organiser stopped for time after the deals of ``state``.

    The litige reserve still pending returns to the teams that put it in, then the team
    with more scored points wins and equal totals are a draw (RULES.md §C, §E): a table
    stopped before any deal is 0–0, a draw. A match that had already ended is returned
    as it is. Never raises.
    """
    if state.is_finished:
        return state
    return _finish(state)


def score_match(
    deals: Iterable[MatchDeal], rules: RuleSet, match_format: MatchFormat
) -> MatchScore:
    """Score a whole match in order and return every step and the final state (RULES.md §C).

    Raises InvalidDeal for the first deal that breaks RULES.md §B6, and MatchFinished
    for a deal played after the match ended.
    """
    state = MatchState()
    steps = []
    for match_deal in deals:
        step = advance_match(state, match_deal, rules, match_format)
        steps.append(step)
        state = step.state
    return MatchScore(tuple(steps), state)
