"""Reads of the tournaments app (STYLE.md §3): named for what they return, tuned here.

Pages, tables, exports and commands read only from these functions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Max, Q, QuerySet, Sum

from tournaments.models import (
    Bye,
    Deal,
    DealStatus,
    Match,
    Ranking,
    Round,
    TableLink,
    Team,
    Tournament,
)
from tournaments.standings import (
    ByeCreditRule,
    ByeEntry,
    MatchEntry,
    RankingKey,
    StandingRow,
    StandingsRules,
    TeamEntry,
    compute_standings,
)

#: Scored points of one deal's cards, used for a bye's "half of a nominal match".
NOMINAL_DEAL_POINTS = 162


@dataclass
class TeamFigures:
    """What players look for beside the ranking: best match total, belotes, capots,
    and coinches made (coinched or surcoinched deals the team defended and won)."""

    best_match_score: int = 0
    belotes: int = 0
    capots: int = 0
    coinches_made: int = 0


@dataclass(frozen=True)
class Standing:
    """A standings row with its team and figures, for pages, draws and exports."""

    row: StandingRow
    team: Team
    figures: TeamFigures = field(default_factory=TeamFigures)


def counted_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return the tournament's matches that count in the standings: complete ones of
    published or closed rounds whose deals are all confirmed (RULES.md §E)."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(is_finished=True) | Q(closed_at__isnull=False))
        .exclude(deals__status__in=[DealStatus.PENDING, DealStatus.DISPUTED])
    )


def standings_rules(*, tournament: Tournament) -> StandingsRules:
    """Return the standings settings of ``tournament`` (RULES.md §E)."""
    if tournament.ranking == Ranking.WINS_THEN_POINTS:
        first = (RankingKey.MATCHES_WON, RankingKey.POINTS)
    else:
        first = (RankingKey.POINTS,)
    tie_breaks = [RankingKey(key) for key in tournament.tie_break_keys]
    order = (*first, *(key for key in tie_breaks if key not in first), RankingKey.LOT)
    if tournament.match_format == "target":
        nominal = tournament.match_format_value
    else:
        nominal = tournament.match_format_value * NOMINAL_DEAL_POINTS
    return StandingsRules(
        order=order,
        bye_credit=ByeCreditRule(tournament.bye_credit),
        bye_credit_value=tournament.bye_credit_value,
        nominal_match_total=nominal,
        bye_counts_as_win=tournament.bye_counts_as_win,
    )


def _team_figures(tournament: Tournament, matches: list[tuple]) -> dict[int, TeamFigures]:
    """Return each team's figures from its counted matches, in one query for the deals."""
    figures: dict[int, TeamFigures] = defaultdict(TeamFigures)
    best: dict[int, int] = {}
    for _, team_a, team_b, total_a, total_b in matches:
        for team, total in ((team_a, total_a), (team_b, total_b)):
            best[team] = max(best.get(team, total), total)
    for team, total in best.items():
        figures[team].best_match_score = total
    coinched = ~Q(coinche_level="none")
    rows = (
        Deal.objects.filter(match__in=counted_matches(tournament=tournament), is_passed=False)
        .values("match__team_a_id", "match__team_b_id", "taker")
        .annotate(
            taker_belotes=Sum("taker_belotes"),
            defence_belotes=Sum("defence_belotes"),
            taker_capots=Count("pk", filter=Q(taker_tricks=8)),
            defence_capots=Count("pk", filter=Q(taker_tricks=0)),
            coinches_made=Count("pk", filter=coinched & Q(outcome="chute")),
        )
        .order_by()
    )
    for row in rows:
        team_a, team_b = row["match__team_a_id"], row["match__team_b_id"]
        taker, defence = (team_a, team_b) if row["taker"] == "A" else (team_b, team_a)
        figures[taker].belotes += row["taker_belotes"]
        figures[defence].belotes += row["defence_belotes"]
        figures[taker].capots += row["taker_capots"]
        figures[defence].capots += row["defence_capots"]
        figures[defence].coinches_made += row["coinches_made"]
    return figures


def tournament_standings(*, tournament: Tournament) -> list[Standing]:
    """Return the ranked standings of ``tournament``, one per team, in four queries.

    Withdrawn teams rank after the active ones (RULES.md §E); only complete matches count.
    """
    teams = list(
        Team.objects.filter(tournament=tournament).select_related("club").order_by("number")
    )
    matches = list(
        counted_matches(tournament=tournament).values_list(
            "round__number", "team_a_id", "team_b_id", "total_a", "total_b"
        )
    )
    byes = (
        Bye.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "team_id")
    )
    rows = compute_standings(
        [
            TeamEntry(team.pk, team.number, is_withdrawn=team.is_withdrawn, lot=team.lot)
            for team in teams
        ],
        [MatchEntry(*values) for values in matches],
        [ByeEntry(*values) for values in byes],
        standings_rules(tournament=tournament),
    )
    by_id = {team.pk: team for team in teams}
    figures = _team_figures(tournament, matches)
    return [Standing(row, by_id[row.team_id], figures[row.team_id]) for row in rows]


def tournament_rounds(*, tournament: Tournament) -> QuerySet[Round]:
    """Return the rounds of ``tournament`` in order (the tournament joined, for their URLs)."""
    return (
        Round.objects.filter(tournament=tournament).select_related("tournament").order_by("number")
    )


def public_rounds(*, tournament: Tournament) -> QuerySet[Round]:
    """Return the published and closed rounds of ``tournament`` in order."""
    return tournament_rounds(tournament=tournament).exclude(status=Round.Status.DRAFT)


def draft_round(*, tournament: Tournament) -> Round | None:
    """Return the round of ``tournament`` whose draw is still a draft, or None."""
    return tournament.rounds.filter(status=Round.Status.DRAFT).first()


def published_round(*, tournament: Tournament) -> Round | None:
    """Return the round of ``tournament`` being played (published, not closed), or None."""
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).first()


def is_in_draw(*, team: Team, round: Round) -> bool:
    """Return True when ``team`` has a table or the bye in the draw of ``round``."""
    return (
        Match.objects.filter(round=round).filter(Q(team_a=team) | Q(team_b=team)).exists()
        or Bye.objects.filter(round=round, team=team).exists()
    )


def tournament_teams(*, tournament: Tournament) -> QuerySet[Team]:
    """Return the teams of ``tournament`` by number, with their club."""
    return Team.objects.filter(tournament=tournament).select_related("club").order_by("number")


@dataclass(frozen=True)
class TeamCounts:
    """How many teams are registered, present, and withdrawn."""

    registered: int
    present: int
    withdrawn: int


def team_counts(*, tournament: Tournament) -> TeamCounts:
    """Return the team counts of ``tournament`` in one query."""
    counts = Team.objects.filter(tournament=tournament).aggregate(
        registered=Count("pk"),
        present=Count("pk", filter=Q(is_checked_in=True, withdrawn_from_round__isnull=True)),
        withdrawn=Count("pk", filter=Q(withdrawn_from_round__isnull=False)),
    )
    return TeamCounts(**counts)


@dataclass(frozen=True)
class PairingLine:
    """A match of a round as the desk shows it, with why it was paired that way.

    ``skipped`` and ``avoided`` are team numbers (RULES.md §E, tournaments.pairing).
    """

    match: Match
    reason: str
    skipped: tuple[int, ...]
    avoided: tuple[int, ...]


def round_pairings(*, round: Round) -> list[PairingLine]:
    """Return the matches of ``round`` with their pairing reasons, team ids as numbers."""
    matches = list(round_matches(round=round))
    numbers = dict(
        Team.objects.filter(tournament_id=round.tournament_id).values_list("pk", "number")
    )
    return [
        PairingLine(
            match=match,
            reason=match.pairing_reason,
            skipped=tuple(numbers[t] for t in match.pairing_detail.get("skipped", ())),
            avoided=tuple(numbers[t] for t in match.pairing_detail.get("avoided", ())),
        )
        for match in matches
    ]


def round_progress(*, round: Round) -> QuerySet[Match]:
    """Return the matches of ``round`` with their deal counts by status, for the desk.

    ``deals_entered`` counts every recorded deal, passes included, so that it is the sum
    of ``deals_confirmed``, ``deals_pending`` and ``deals_disputed``. One query, with the
    round and tournament joined for each match's URL.
    """
    return (
        round_matches(round=round)
        .select_related("round__tournament")
        .annotate(
            deals_entered=Count("deals"),
            deals_confirmed=Count("deals", filter=Q(deals__status=DealStatus.CONFIRMED)),
            deals_pending=Count("deals", filter=Q(deals__status=DealStatus.PENDING)),
            deals_disputed=Count("deals", filter=Q(deals__status=DealStatus.DISPUTED)),
        )
    )


def round_links(*, round: Round) -> dict[int, dict[str, TableLink]]:
    """Return the newest link of each team of each match of ``round``, revoked or not.

    Keyed by match id, then side ("A", "B"); a side never given a link is missing. One
    query. The organiser prints the active ones and renews the revoked ones.
    """
    links: dict[int, dict[str, TableLink]] = defaultdict(dict)
    rows = TableLink.objects.filter(match__round=round).order_by(
        "match_id", "side", "-created_at", "-pk"
    )
    for link in rows:
        links[link.match_id].setdefault(link.side, link)
    return dict(links)


def active_link(*, token: str) -> TableLink | None:
    """Return the table link with ``token`` (revoked or not), its match and teams joined."""
    return (
        TableLink.objects.select_related(
            "match__round__tournament", "match__team_a", "match__team_b"
        )
        .filter(token=token)
        .first()
    )


def match_links(*, match: Match) -> dict[str, TableLink]:
    """Return the active links of ``match`` by side ("A", "B")."""
    return {
        link.side: link for link in TableLink.objects.filter(match=match, revoked_at__isnull=True)
    }


def match_history(*, match: Match) -> list:
    """Return the audit trail of ``match``'s deals, newest first: who, when, what changed."""
    records = list(
        Deal.history.filter(match_id=match.pk)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    previous: dict[int, object] = {}
    for record in reversed(records):
        before = previous.get(record.id)
        record.changes = record.diff_against(before).changes if before is not None else []
        previous[record.id] = record
    return records


def match_unlocks(*, match: Match) -> list:
    """Return the organiser's actions on ``match`` (its history records with a reason:
    unlocked, closed for time, reopened), newest first, with who did it."""
    return list(
        Match.history.filter(id=match.pk)
        .exclude(history_change_reason__isnull=True)
        .exclude(history_change_reason="")
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )


def round_matches(*, round: Round) -> QuerySet[Match]:
    """Return the matches of ``round`` by table, with both teams joined."""
    return (
        Match.objects.filter(round=round)
        .select_related("team_a", "team_b")
        .order_by("table_number")
    )


def round_byes(*, round: Round) -> QuerySet[Bye]:
    """Return the byes of ``round`` with their teams."""
    return Bye.objects.filter(round=round).select_related("team").order_by("team__number")


def tournament_matches(*, tournament: Tournament) -> QuerySet[Match]:
    """Return every match of ``tournament`` by round and table, with teams and round."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "table_number")
    )


def next_deal_number(*, match: Match) -> int:
    """Return the number the next deal of ``match`` will get."""
    last = Deal.objects.filter(match=match).aggregate(last=Max("deal_number"))["last"]
    return (last or 0) + 1


def match_deals(*, match: Match) -> QuerySet[Deal]:
    """Return the deals of ``match`` in order."""
    return Deal.objects.filter(match=match).order_by("deal_number")


def round_deals(*, round: Round) -> QuerySet[Deal]:
    """Return every deal of ``round`` in one query, by table, then deal number."""
    return Deal.objects.filter(match__round=round).order_by("match__table_number", "deal_number")


def tournament_deals(*, tournament: Tournament) -> QuerySet[Deal]:
    """Return every deal of the published and closed rounds of ``tournament`` in one
    query, by round, table, then deal number; a draft round's deals are left out."""
    return (
        Deal.objects.filter(match__round__tournament=tournament)
        .exclude(match__round__status=Round.Status.DRAFT)
        .order_by("match__round__number", "match__table_number", "deal_number")
    )
