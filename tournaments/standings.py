"""Standings of a tournament (RULES.md §E): plain data in, ranked rows out.

Pure code (no Django): the selectors load teams, counted matches and byes, call
:func:`compute_standings`, and the pages, draws and exports read its rows. Points are
scored points. Only complete, confirmed matches are passed in.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class RankingKey(StrEnum):
    """Metrics the standings can be ordered by, highest first (RULES.md §E)."""

    POINTS = "points"
    MATCH_POINTS = "match_points"
    MATCHES_WON = "matches_won"
    POINTS_DIFFERENCE = "points_difference"
    HEAD_TO_HEAD = "head_to_head"
    LOT = "lot"


class ByeCreditRule(StrEnum):
    """What a bye is credited with (RULES.md §E)."""

    ROUND_MEAN = "round-mean"
    HALF_NOMINAL = "half-nominal"
    FIXED = "fixed"
    ZERO = "zero"


#: The default order: total points, then matches won, difference, head-to-head, lot.
DEFAULT_ORDER = (
    RankingKey.POINTS,
    RankingKey.MATCHES_WON,
    RankingKey.POINTS_DIFFERENCE,
    RankingKey.HEAD_TO_HEAD,
    RankingKey.LOT,
)


@dataclass(frozen=True)
class TeamEntry:
    """A registered team: its id, number, whether it withdrew, its recorded lot."""

    team_id: int
    number: int
    is_withdrawn: bool = False
    lot: int = 0


@dataclass(frozen=True)
class MatchEntry:
    """A counted match: round, both teams and their totals in scored points."""

    round_number: int
    team_a: int
    team_b: int
    total_a: int
    total_b: int


@dataclass(frozen=True)
class ByeEntry:
    """A team exempt in a round."""

    round_number: int
    team_id: int


@dataclass(frozen=True)
class MatchPoints:
    """What a match gives when ranking by match points (RULES.md §E, a setting): ``win`` to
    its winner, ``draw`` to each side of a draw, ``loss`` to its loser, ``bye`` to an
    exempt team (e.g. 2/1/1/2 or 4/3/2/3). Whole numbers, not scored points.

    A bye gives ``bye`` even when the tournament counts it as a match won (the setting
    ``bye_counts_as_win`` adds to matches won, not to match points): §E gives a bye its own
    value.
    """

    win: int = 0
    draw: int = 0
    loss: int = 0
    bye: int = 0


@dataclass(frozen=True)
class StandingsRules:
    """The tournament settings that shape the standings (RULES.md §E).

    Attributes:
        order: metrics compared in turn, highest first; the first is the ranking
            (points, or matches won then points), the rest the tie-breaks.
        bye_credit: how a bye is credited; ``bye_credit_value`` is used by FIXED.
        nominal_match_total: a match's nominal total in scored points (HALF_NOMINAL).
        bye_counts_as_win: a bye also counts as a match won.
        match_points: what each match and bye gives in match points (zeros unless the
            tournament ranks by match points, RULES.md §E).
    """

    order: tuple[RankingKey, ...] = DEFAULT_ORDER
    bye_credit: ByeCreditRule = ByeCreditRule.ROUND_MEAN
    bye_credit_value: int = 0
    nominal_match_total: int = 0
    bye_counts_as_win: bool = False
    match_points: MatchPoints = MatchPoints()


@dataclass(frozen=True)
class StandingRow:
    """One ranked team. ``points`` include bye credits; ``head_to_head`` counts the
    wins (2) and draws (1) against the teams it is tied with before that tie-break;
    ``match_points`` are those of :class:`MatchPoints` (0 when the rules give none)."""

    rank: int
    team_id: int
    number: int
    points: int
    matches_played: int
    matches_won: int
    matches_drawn: int
    matches_lost: int
    points_against: int
    points_difference: int
    byes: int
    bye_points: int
    head_to_head: int
    lot: int
    is_withdrawn: bool
    match_points: int = 0


@dataclass
class _Tally:
    points: int = 0
    against: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    bye_points: int = 0
    head_to_head: int = 0
    results: dict[int, int] = field(default_factory=lambda: defaultdict(int))


def round_half_up(numerator: int, denominator: int) -> int:
    """Return numerator / denominator rounded to the nearest integer, halves going up."""
    return (2 * numerator + denominator) // (2 * denominator)


def bye_credits(
    matches: Iterable[MatchEntry], byes: Iterable[ByeEntry], rules: StandingsRules
) -> dict[int, int]:
    """Return the scored points a bye is worth in each round that has one (RULES.md §E).

    ROUND_MEAN: the mean of the match totals of every team that played that round,
    rounded half up (0 while no match of the round counts yet).
    """
    rounds = {bye.round_number for bye in byes}
    if rules.bye_credit is ByeCreditRule.FIXED:
        return dict.fromkeys(rounds, rules.bye_credit_value)
    if rules.bye_credit is ByeCreditRule.ZERO:
        return dict.fromkeys(rounds, 0)
    if rules.bye_credit is ByeCreditRule.HALF_NOMINAL:
        return dict.fromkeys(rounds, round_half_up(rules.nominal_match_total, 2))
    sums: dict[int, int] = defaultdict(int)
    counts: dict[int, int] = defaultdict(int)
    for match in matches:
        sums[match.round_number] += match.total_a + match.total_b
        counts[match.round_number] += 2
    return {
        number: round_half_up(sums[number], counts[number]) if counts[number] else 0
        for number in rounds
    }


def compute_standings(
    teams: Sequence[TeamEntry],
    matches: Sequence[MatchEntry],
    byes: Sequence[ByeEntry],
    rules: StandingsRules = StandingsRules(),
) -> list[StandingRow]:
    """Rank every team (RULES.md §E) and return one row per team, rank 1 first.

    Active teams come before withdrawn ones; within each, the metrics of
    ``rules.order`` decide, highest first; teams still equal keep team-number order
    and get consecutive ranks, so the order is stable.
    """
    tallies = {team.team_id: _Tally() for team in teams}
    for match in matches:
        _add_match(tallies[match.team_a], match.total_a, match.total_b, match.team_b)
        _add_match(tallies[match.team_b], match.total_b, match.total_a, match.team_a)
    credits = bye_credits(matches, byes, rules)
    for bye in byes:
        tally = tallies[bye.team_id]
        tally.byes += 1
        tally.bye_points += credits[bye.round_number]
        tally.points += credits[bye.round_number]
        if rules.bye_counts_as_win:
            tally.won += 1
    by_id = {team.team_id: team for team in teams}
    # Each key reads its one metric: building every metric at each call (a draw or a page
    # of 150 teams makes about 1,200) was a fifth of the standings' time.
    readers: dict[RankingKey, Callable[[int, _Tally], int]] = {
        RankingKey.POINTS: lambda team_id, tally: tally.points,
        RankingKey.MATCH_POINTS: lambda team_id, tally: _match_points(tally, rules.match_points),
        RankingKey.MATCHES_WON: lambda team_id, tally: tally.won,
        RankingKey.POINTS_DIFFERENCE: lambda team_id, tally: tally.points - tally.against,
        RankingKey.HEAD_TO_HEAD: lambda team_id, tally: tally.head_to_head,
        RankingKey.LOT: lambda team_id, tally: by_id[team_id].lot,
    }

    def metric(team_id: int, key: RankingKey) -> int:
        return readers[key](team_id, tallies[team_id])

    order = list(rules.order)
    if RankingKey.HEAD_TO_HEAD in order:
        before = order[: order.index(RankingKey.HEAD_TO_HEAD)]
        groups: dict[tuple, list[int]] = defaultdict(list)
        for team in teams:
            key = (team.is_withdrawn, *(metric(team.team_id, k) for k in before))
            groups[key].append(team.team_id)
        for members in groups.values():
            for team_id in members:
                results = tallies[team_id].results
                tallies[team_id].head_to_head = sum(results[other] for other in members)

    def sort_key(team: TeamEntry) -> tuple:
        return (
            team.is_withdrawn,
            *(-metric(team.team_id, key) for key in order),
            team.number,
        )

    ranked = sorted(teams, key=sort_key)
    return [
        _row(rank, team, tallies[team.team_id], rules.match_points)
        for rank, team in enumerate(ranked, 1)
    ]


def _match_points(tally: _Tally, points: MatchPoints) -> int:
    """Return a team's match points (RULES.md §E): its matches won, drawn and lost, then
    its byes. Matches won are counted from the matches played, so that a bye counted as a
    win (``bye_counts_as_win``) gives ``points.bye`` only, never ``points.win`` as well."""
    won = tally.played - tally.drawn - tally.lost
    return (
        points.win * won
        + points.draw * tally.drawn
        + points.loss * tally.lost
        + points.bye * tally.byes
    )


def _add_match(tally: _Tally, scored: int, conceded: int, opponent: int) -> None:
    tally.points += scored
    tally.against += conceded
    tally.played += 1
    if scored > conceded:
        tally.won += 1
        tally.results[opponent] += 2
    elif scored == conceded:
        tally.drawn += 1
        tally.results[opponent] += 1
    else:
        tally.lost += 1


def _row(rank: int, team: TeamEntry, tally: _Tally, points: MatchPoints) -> StandingRow:
    return StandingRow(
        rank=rank,
        team_id=team.team_id,
        number=team.number,
        points=tally.points,
        matches_played=tally.played,
        matches_won=tally.won,
        matches_drawn=tally.drawn,
        matches_lost=tally.lost,
        points_against=tally.against,
        points_difference=tally.points - tally.against,
        byes=tally.byes,
        bye_points=tally.bye_points,
        head_to_head=tally.head_to_head,
        lot=team.lot,
        is_withdrawn=team.is_withdrawn,
        match_points=_match_points(tally, points),
    )


#: The columns of a stored deal (tournaments.models.Deal) that :func:`match_figures` reads,
#: in the order of :class:`DealFigures`.
DEAL_FIGURES_FIELDS = (
    "taker",
    "is_passed",
    "taker_belotes",
    "defence_belotes",
    "taker_tricks",
    "coinche_level",
    "outcome",
)


@dataclass(frozen=True, slots=True)
class DealFigures:
    """What a deal gives to its match's figures, as its row stores it: the taker's team
    (``"A"`` or ``"B"``), passed or not, each side's belotes, the taker's tricks, the
    coinche level (``"none"``, ``"coinche"``, ``"surcoinche"``) and the engine's outcome
    (``"made"``, ``"chute"``…; empty for a passed deal)."""

    taker: str
    is_passed: bool
    taker_belotes: int
    defence_belotes: int
    taker_tricks: int
    coinche_level: str
    outcome: str


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """A match's figures beside its totals, for each team (A, B): belotes held, capots
    (all 8 tricks, as taker or in defence) and coinches made (a coinched or surcoinched
    deal the team defended and the taker lost). The standings add them up per team."""

    belotes_a: int = 0
    belotes_b: int = 0
    capots_a: int = 0
    capots_b: int = 0
    coinches_made_a: int = 0
    coinches_made_b: int = 0


#: The fields of :class:`MatchFigures`, as tournaments.models.Match stores them.
MATCH_FIGURES_FIELDS = (
    "belotes_a",
    "belotes_b",
    "capots_a",
    "capots_b",
    "coinches_made_a",
    "coinches_made_b",
)


def match_figures(deals: Iterable[DealFigures]) -> MatchFigures:
    """Return the figures of a match from its ``deals`` (every one, any order).

    A passed deal gives nothing. A capot is known from the tricks (RULES.md §A): 8 for
    the taker's team, 0 for the defence's. A coinche made is a coinched or surcoinched
    deal the taker lost (``chute``), counted for the defence.
    """
    # Per team: belotes, capots, coinches made.
    counts = {"A": [0, 0, 0], "B": [0, 0, 0]}
    for deal in deals:
        if deal.is_passed:
            continue
        taker = counts[deal.taker]
        defence = counts["B" if deal.taker == "A" else "A"]
        taker[0] += deal.taker_belotes
        defence[0] += deal.defence_belotes
        if deal.taker_tricks == 8:
            taker[1] += 1
        elif deal.taker_tricks == 0:
            defence[1] += 1
        if deal.coinche_level != "none" and deal.outcome == "chute":
            defence[2] += 1
    (belotes_a, capots_a, made_a), (belotes_b, capots_b, made_b) = counts["A"], counts["B"]
    return MatchFigures(belotes_a, belotes_b, capots_a, capots_b, made_a, made_b)
