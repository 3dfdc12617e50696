"""Season challenges (RULES.md §I): several finished concours of one club, one formula,
one ranking of the people who played them. Plain data in, ranked rows out.

Pure code (no Django): the selectors (tournaments/selectors/challenges.py) read each
concours' confirmed standings, turn them into one :class:`ConcoursResult` per person and
concours, and call :func:`rank_people` (or :func:`rank_pairs`); pages and exports read
its rows. Scored points are those of the concours' standings (bye credits included).

Decisions of this project, where §I leaves a choice open:

- **Which concours count when two are worth the same** (best N): a person's concours are
  ordered by challenge points, then parties won, then scored points (the ranking's own
  order), then the earlier concours of the challenge; the first N count. Since the
  ranking compares the same three sums, this choice gives each person the best ranking
  their results allow.
- **Parties won** are matches won at the table: a bye counted as a win by a concours'
  setting (``bye_counts_as_win``) is a bye here (Y), never a party won as well.
- **Rank points** go by the concours' final rank, withdrawn teams included (they rank
  last, RULES.md §E); a rank past the end of the list earns none.
- **Equal on everything, name included** (two people of the same name): consecutive
  ranks, in the order of their keys, so the order is stable.
- **One person twice in one concours** (two teams naming the same player): the
  better-ranked entry counts, the other is ignored.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ChallengeFormula:
    """How a concours turns into challenge points (RULES.md §I).

    Attributes:
        win, draw, loss, bye: challenge points per party won, drawn or lost, and per bye
            (or sit-out); whole numbers, 0 or more.
        counts_scored_points: add the person's scored points of the concours.
        rank_points: points for the 1st, 2nd, … place of the concours' final ranking;
            none beyond the list.
        best_of: only the best N concours of each person count (None: all of them).
        minimum: a person needs at least M concours played to be ranked.

    The default is §I's: scored points only, every concours, ranked from one concours.
    Raises ValueError for a negative value, ``best_of`` or ``minimum`` below 1.
    """

    win: int = 0
    draw: int = 0
    loss: int = 0
    bye: int = 0
    counts_scored_points: bool = True
    rank_points: tuple[int, ...] = ()
    best_of: int | None = None
    minimum: int = 1

    def __post_init__(self) -> None:
        values = (self.win, self.draw, self.loss, self.bye, *self.rank_points)
        if any(value < 0 for value in values):
            raise ValueError("challenge points are never negative")
        if self.best_of is not None and self.best_of < 1:
            raise ValueError("best_of counts at least one concours")
        if self.minimum < 1:
            raise ValueError("minimum is at least one concours")

    def rank_points_for(self, rank: int) -> int:
        """Return the rank points of the ``rank``-th place (1 first); 0 past the list."""
        return self.rank_points[rank - 1] if 1 <= rank <= len(self.rank_points) else 0

    def points(self, result: ConcoursResult) -> int:
        """Return the challenge points ``result`` earns (RULES.md §I)."""
        scored = result.scored_points if self.counts_scored_points else 0
        return (
            self.win * result.won
            + self.draw * result.drawn
            + self.loss * result.lost
            + self.bye * result.byes
            + scored
            + self.rank_points_for(result.rank)
        )


@dataclass(frozen=True)
class ConcoursResult:
    """What one person did in one concours: their team's results (RULES.md §I).

    Attributes:
        person: the person's key, the same in every concours (a registry player, or a
            name, as the selector decides).
        name: the person's name as shown (the last concours' spelling wins).
        concours: the concours' position in the challenge, 0 first.
        won, drawn, lost: parties won, drawn and lost at the table.
        byes: byes (or sit-outs).
        scored_points: the team's scored points in the concours, bye credits included.
        rank: the team's final rank in the concours, 1 first.
        partner: the partner's key in that concours (None: unknown), for :func:`rank_pairs`.
    """

    person: str
    name: str
    concours: int
    won: int
    drawn: int
    lost: int
    byes: int
    scored_points: int
    rank: int
    partner: str | None = None


@dataclass(frozen=True)
class ConcoursScore:
    """One concours of a person: the result, its challenge points, whether it counts."""

    result: ConcoursResult
    challenge_points: int
    is_counted: bool


@dataclass(frozen=True)
class ChallengeRow:
    """One person (or one pair) of the challenge ranking.

    ``rank`` is None for those with fewer concours played than the formula's minimum:
    they are listed after the ranked ones. ``challenge_points``, ``parties_won`` and
    ``scored_points`` add up the counted concours; ``concours_played`` counts them all;
    ``concours`` holds every concours played, in the challenge's order.
    """

    rank: int | None
    person: str
    name: str
    challenge_points: int
    parties_won: int
    scored_points: int
    concours_played: int
    concours: tuple[ConcoursScore, ...]

    @property
    def is_ranked(self) -> bool:
        """Return True when the row has a rank (enough concours played)."""
        return self.rank is not None


def name_key(name: str) -> str:
    """Return ``name`` as the ranking sorts it: case and accents left out (« Émile » sorts
    with « emile »), then the name itself, so the order is the same everywhere."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _score_key(score: ConcoursScore) -> tuple[int, int, int, int]:
    """The order of a person's concours for best N: the best first (module docstring)."""
    result = score.result
    return (-score.challenge_points, -result.won, -result.scored_points, result.concours)


def _row(person: str, results: Sequence[ConcoursResult], formula: ChallengeFormula) -> ChallengeRow:
    scores = [ConcoursScore(result, formula.points(result), False) for result in results]
    best = sorted(scores, key=_score_key)
    counted = {score.result.concours for score in best[: formula.best_of]}
    scores = [
        ConcoursScore(score.result, score.challenge_points, score.result.concours in counted)
        for score in sorted(scores, key=lambda score: score.result.concours)
    ]
    kept = [score for score in scores if score.is_counted]
    return ChallengeRow(
        rank=None,
        person=person,
        name=scores[-1].result.name,
        challenge_points=sum(score.challenge_points for score in kept),
        parties_won=sum(score.result.won for score in kept),
        scored_points=sum(score.result.scored_points for score in kept),
        concours_played=len(scores),
        concours=tuple(scores),
    )


def _once_per_concours(results: Iterable[ConcoursResult]) -> dict[str, list[ConcoursResult]]:
    """Return each person's results, one per concours: the better-ranked one if twice."""
    chosen: dict[tuple[str, int], ConcoursResult] = {}
    for result in results:
        key = (result.person, result.concours)
        if key not in chosen or result.rank < chosen[key].rank:
            chosen[key] = result
    by_person: dict[str, list[ConcoursResult]] = defaultdict(list)
    for (person, _concours), result in chosen.items():
        by_person[person].append(result)
    return by_person


def _ranked(rows: Iterable[ChallengeRow], formula: ChallengeFormula) -> list[ChallengeRow]:
    """Return ``rows`` in ranking order with their ranks: those with at least the
    minimum of concours ranked 1, 2, …, the others after them, unranked (RULES.md §I)."""

    def sort_key(row: ChallengeRow) -> tuple:
        return (
            row.concours_played < formula.minimum,
            -row.challenge_points,
            -row.parties_won,
            -row.scored_points,
            -row.concours_played,
            name_key(row.name),
            row.name,
            row.person,
        )

    ordered = sorted(rows, key=sort_key)
    ranked: list[ChallengeRow] = []
    for row in ordered:
        is_ranked = row.concours_played >= formula.minimum
        rank = len(ranked) + 1 if is_ranked else None
        ranked.append(_with_rank(row, rank))
    return ranked


def _with_rank(row: ChallengeRow, rank: int | None) -> ChallengeRow:
    return ChallengeRow(
        rank,
        row.person,
        row.name,
        row.challenge_points,
        row.parties_won,
        row.scored_points,
        row.concours_played,
        row.concours,
    )


def rank_people(
    results: Iterable[ConcoursResult], formula: ChallengeFormula = ChallengeFormula()
) -> list[ChallengeRow]:
    """Return the challenge ranking of every person in ``results`` (RULES.md §I).

    Each person's challenge points add up over their best ``formula.best_of`` concours
    (all by default); people rank by challenge points, then parties won, then scored
    points (over the counted concours), then concours played, then name. Those with
    fewer than ``formula.minimum`` concours come after, with no rank, in the same order.
    """
    by_person = _once_per_concours(results)
    return _ranked((_row(person, rows, formula) for person, rows in by_person.items()), formula)


def pair_key(first: str, second: str) -> str:
    """Return the key of the pair of the persons ``first`` and ``second``, whatever their
    order."""
    return " + ".join(sorted((first, second)))


def rank_pairs(
    results: Iterable[ConcoursResult], formula: ChallengeFormula = ChallengeFormula()
) -> list[ChallengeRow]:
    """Return the challenge ranking of the pairs that always played together: two people
    whose every concours of the challenge was played with each other (RULES.md §I, a
    team's results are each of its players' results). A pair earns its team's results,
    ranked as :func:`rank_people` ranks people; its name is both names, « A / B » in the
    order of their names. People who changed partners, or whose partner is unknown, are
    in no pair (the individual ranking has them)."""
    by_person = _once_per_concours(results)
    pairs: list[ChallengeRow] = []
    for person, rows in by_person.items():
        partners = {row.partner for row in rows}
        if len(partners) != 1:
            continue
        (partner,) = partners
        if partner is None or partner not in by_person or not person < partner:
            continue
        if {row.partner for row in by_person[partner]} != {person} or len(
            by_person[partner]
        ) != len(rows):
            continue
        names = sorted((rows[-1].name, by_person[partner][-1].name), key=name_key)
        key = pair_key(person, partner)
        pair_rows = [_as_pair(row, key, " / ".join(names)) for row in rows]
        pairs.append(_row(key, pair_rows, formula))
    return _ranked(pairs, formula)


def _as_pair(result: ConcoursResult, key: str, name: str) -> ConcoursResult:
    return ConcoursResult(
        person=key,
        name=name,
        concours=result.concours,
        won=result.won,
        drawn=result.drawn,
        lost=result.lost,
        byes=result.byes,
        scored_points=result.scored_points,
        rank=result.rank,
    )
