"""Reads of a club's registry of players: the list, the type-ahead, how the names of a
team form or an import match the registry, and a player's page (figures and ranks).

A player's figures come from the counted matches of the teams linked to the record
(:func:`tournaments.selectors.standings.counted_matches`' rule: complete matches of
published or closed rounds whose deals are all confirmed), as the standings count them.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from django.db.models import Count, Q, QuerySet, Sum

from tournaments.models import Bye, Club, Deal, Match, Player, Round, Team, Tournament
from tournaments.selectors.results import UNCONFIRMED
from tournaments.selectors.standings import standings_rules
from tournaments.standings import ByeEntry, MatchEntry, TeamEntry, compute_standings
from tournaments.text import clean_licence, is_near_duplicate, is_same_name, name_words

#: Players the type-ahead offers at most.
LOOKUP_LIMIT = 10


def _with_teams(players: QuerySet[Player]) -> QuerySet[Player]:
    return players.annotate(
        team_count=Count("teams_as_player_1", distinct=True)
        + Count("teams_as_player_2", distinct=True)
    )


def registry_players(*, club: Club, search: str = "", ids: Sequence[int] = ()) -> QuerySet[Player]:
    """Return the players of ``club``'s registry, by last then first name, each with
    ``team_count`` (the teams it is linked to). ``search`` keeps those whose last name,
    first name or licence number contains it (case ignored); ``ids``, when given, those
    records only. One query."""
    players = Player.objects.filter(club=club)
    if ids:
        players = players.filter(pk__in=ids)
    for word in search.split():
        players = players.filter(
            Q(last_name__icontains=word)
            | Q(first_name__icontains=word)
            | Q(licence__icontains=clean_licence(word))
        )
    return _with_teams(players).order_by("last_name", "first_name", "pk")


def lookup_players(*, club: Club, query: str) -> list[Player]:
    """Return at most :data:`LOOKUP_LIMIT` players of ``club`` for the team form's
    type-ahead: every word of ``query`` starts a word of the name or the licence number
    (accents, case and hyphens ignored: « jp mar » finds « Jean-Pierre Martin »). Empty
    for a query with no letter or digit. One query (the registry of a club is small)."""
    typed = name_words(query)
    if not typed:
        return []
    found = []
    for player in Player.objects.filter(club=club).order_by("last_name", "first_name", "pk"):
        words = name_words(f"{player.first_name} {player.last_name}")
        initials = "".join(word[0] for word in words)
        licence = player.licence.casefold()
        if all(
            any(word.startswith(part) for word in words)
            or (len(part) > 1 and initials.startswith(part))
            or (licence and licence.startswith(part))
            for part in typed
        ):
            found.append(player)
        if len(found) == LOOKUP_LIMIT:
            break
    return found


class MatchKind(StrEnum):
    """How a name typed or imported stands in the registry."""

    KNOWN = "known"  # one record: by its licence number, or by the same name
    NEW = "new"  # no record like it: a new one is created
    SIMILAR = "similar"  # no record for sure, but near duplicates: a new one is created


@dataclass(frozen=True)
class PlayerMatch:
    """A name (and licence number, maybe empty) matched against a club's registry.

    ``player``: the record it is, for ``KNOWN``. ``similar``: the records that look like
    it (near duplicates, or the same name with another licence number), for ``SIMILAR``;
    the organiser decides whether to merge them, nothing is merged on this alone.
    """

    name: str
    licence: str
    kind: MatchKind
    player: Player | None = None
    similar: tuple[Player, ...] = ()


def match_player(*, players: Sequence[Player], name: str, licence: str) -> PlayerMatch:
    """Return how ``(name, licence)`` stands among ``players`` (a club's registry, read
    once by the caller); see :func:`match_players`. No query."""
    licence = clean_licence(licence)
    if licence:
        for player in players:
            if player.licence == licence:
                return PlayerMatch(name, licence, MatchKind.KNOWN, player)
    same = [p for p in players if is_same_name(p.full_name, name)]
    usable = [p for p in same if not licence or not p.licence]
    if len(usable) == 1 and len(same) == 1:
        return PlayerMatch(name, licence, MatchKind.KNOWN, usable[0])
    similar = tuple(same) + tuple(p for p in players if is_near_duplicate(p.full_name, name))
    if similar:
        return PlayerMatch(name, licence, MatchKind.SIMILAR, similar=similar)
    return PlayerMatch(name, licence, MatchKind.NEW)


def match_players(*, club: Club, names: Sequence[tuple[str, str]]) -> list[PlayerMatch]:
    """Return how each ``(name, licence)`` stands in ``club``'s registry, in order.

    Known: the record with that licence number; else the only record of that name
    (accents, case, hyphens ignored) when neither licence number contradicts the other.
    Similar: several records of that name, one of that name with another licence number,
    or near duplicates (:func:`tournaments.text.is_near_duplicate`). New otherwise. One
    query, whatever the number of names.
    """
    players = list(Player.objects.filter(club=club).order_by("last_name", "first_name", "pk"))
    return [match_player(players=players, name=name, licence=licence) for name, licence in names]


def player_merge_blockers(*, merged: Player, kept: Player) -> tuple[str, int, int] | None:
    """Return why ``merged`` and ``kept`` cannot be one person, or None.

    ``(tournament name, team number, 0)``: they are partners in that team;
    ``(tournament name, team number, other team number)``: both played that concours,
    in two teams. The first such concours by date; two queries.
    """
    teams = Team.objects.select_related("tournament").order_by("tournament__date", "number")
    for team in teams.filter(
        Q(player_1_record=merged, player_2_record=kept)
        | Q(player_1_record=kept, player_2_record=merged)
    ):
        return (team.tournament.name, team.number, 0)
    mine = {team.tournament_id: team for team in teams.filter(_plays(merged)).exclude(_plays(kept))}
    for team in teams.filter(_plays(kept), tournament__in=list(mine)):
        return (team.tournament.name, mine[team.tournament_id].number, team.number)
    return None


def _plays(player: Player) -> Q:
    return Q(player_1_record=player) | Q(player_2_record=player)


@dataclass(frozen=True)
class ConcoursRanks:
    """A player's concours: the team, its rank after each counted partie (index 0 = after
    round 1; None for a round not counted yet), and how many teams it ranked among."""

    tournament: Tournament
    team: Team
    partner: str
    ranks: tuple[int | None, ...]
    team_count: int

    @property
    def final_rank(self) -> int | None:
        """Return the rank after the last counted partie, or None before any."""
        counted = [rank for rank in self.ranks if rank is not None]
        return counted[-1] if counted else None


@dataclass
class PlayerFigures:
    """A player's totals over every counted match of the teams linked to the record.

    ``scored_points``: the match totals of its teams (scored points, as the standings
    add them); ``belotes``, ``capots``: of its side in confirmed deals; ``coinches_made``:
    coinched or surcoinched deals its side defended and won (as the standings count
    them); ``partners``: each partner's name and how many concours they played together,
    most first.
    """

    concours_played: int = 0
    matches_played: int = 0
    matches_won: int = 0
    scored_points: int = 0
    belotes: int = 0
    capots: int = 0
    coinches_made: int = 0
    partners: list[tuple[str, int]] = field(default_factory=list)


@dataclass(frozen=True)
class PlayerPage:
    """What a player's page shows: the record, its figures, and each concours (by date)."""

    player: Player
    figures: PlayerFigures
    concours: tuple[ConcoursRanks, ...]


def _counted(tournaments: list[int]) -> QuerySet[Match]:
    return (
        Match.objects.filter(round__tournament__in=tournaments)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(is_finished=True) | Q(stopped_for_time_at__isnull=False))
        .exclude(deals__status__in=UNCONFIRMED)
    )


def _partner_name(team: Team, player: Player) -> str:
    if team.player_1_record_id == player.pk:
        other, printed = team.player_2_record, team.player_2
    else:
        other, printed = team.player_1_record, team.player_1
    return other.full_name if other is not None else printed


def player_page(*, player: Player) -> PlayerPage:
    """Return ``player``'s figures and ranks; five queries, whatever the number of concours.

    A rank after round *n* is the standings of the concours counting its rounds 1 to *n*
    only (RULES.md §E, the concours' own settings); None for a round with no counted
    match or bye of the team yet.
    """
    teams = list(
        Team.objects.filter(_plays(player))
        .select_related("tournament", "player_1_record", "player_2_record")
        .order_by("tournament__date", "tournament__name")
    )
    figures = PlayerFigures(concours_played=len(teams))
    tournament_ids = [team.tournament_id for team in teams]
    all_teams: dict[int, list[Team]] = defaultdict(list)
    for other in Team.objects.filter(tournament__in=tournament_ids).order_by("number"):
        all_teams[other.tournament_id].append(other)
    matches: dict[int, list[tuple[int, int, int, int, int]]] = defaultdict(list)
    mine = {team.pk for team in teams}
    match_ids = []
    for tournament_id, *entry, result, match_id in _counted(tournament_ids).values_list(
        "round__tournament_id",
        "round__number",
        "team_a_id",
        "team_b_id",
        "total_a",
        "total_b",
        "result",
        "pk",
    ):
        number, team_a, team_b, total_a, total_b = entry
        matches[tournament_id].append((number, team_a, team_b, total_a, total_b))
        if team_a in mine or team_b in mine:
            match_ids.append(match_id)
            figures.matches_played += 1
            figures.scored_points += total_a if team_a in mine else total_b
            figures.matches_won += result == ("A" if team_a in mine else "B")
    byes: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for tournament_id, number, team_id in (
        Bye.objects.filter(round__tournament__in=tournament_ids)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__tournament_id", "round__number", "team_id")
    ):
        byes[tournament_id].append((number, team_id))
    _add_deal_figures(figures, mine, match_ids)
    partners: dict[str, int] = defaultdict(int)
    for team in teams:
        partners[_partner_name(team, player)] += 1
    figures.partners = sorted(partners.items(), key=lambda item: (-item[1], item[0]))
    concours = tuple(
        _concours_ranks(team, player, all_teams[team.tournament_id], matches, byes)
        for team in teams
    )
    return PlayerPage(player=player, figures=figures, concours=concours)


def _add_deal_figures(figures: PlayerFigures, mine: set[int], match_ids: list[int]) -> None:
    coinched = ~Q(coinche_level="none")
    rows = (
        Deal.objects.filter(match__in=match_ids, is_passed=False)
        .filter(Q(match__team_a__in=mine) | Q(match__team_b__in=mine))
        .values("match__team_a_id", "taker")
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
        is_taker = (row["match__team_a_id"] in mine) == (row["taker"] == "A")
        if is_taker:
            figures.belotes += row["taker_belotes"]
            figures.capots += row["taker_capots"]
        else:
            figures.belotes += row["defence_belotes"]
            figures.capots += row["defence_capots"]
            figures.coinches_made += row["coinches_made"]


def _concours_ranks(
    team: Team,
    player: Player,
    teams: list[Team],
    matches: dict[int, list[tuple[int, int, int, int, int]]],
    byes: dict[int, list[tuple[int, int]]],
) -> ConcoursRanks:
    tournament = team.tournament
    entries = [
        TeamEntry(other.pk, other.number, is_withdrawn=other.is_withdrawn, lot=other.lot)
        for other in teams
    ]
    rules = standings_rules(tournament=tournament)
    played = matches.get(tournament.pk, [])
    had_byes = byes.get(tournament.pk, [])
    ranks: list[int | None] = []
    for number in range(1, tournament.number_of_rounds + 1):
        round_matches = [MatchEntry(*m) for m in played if m[0] <= number]
        round_byes = [ByeEntry(*b) for b in had_byes if b[0] <= number]
        is_counted = any(m[0] == number and team.pk in (m[1], m[2]) for m in played) or any(
            b == (number, team.pk) for b in had_byes
        )
        if not is_counted:
            ranks.append(None)
            continue
        rows = compute_standings(entries, round_matches, round_byes, rules)
        ranks.append(next(row.rank for row in rows if row.team_id == team.pk))
    while ranks and ranks[-1] is None:
        ranks.pop()
    return ConcoursRanks(
        tournament=tournament,
        team=team,
        partner=_partner_name(team, player),
        ranks=tuple(ranks),
        team_count=len(teams),
    )


def season_of(date: datetime.date) -> int:
    """Return the season a concours dated ``date`` belongs to, by the year it starts: a
    season runs from September to August (« 2026-2027 » is 2026)."""
    return date.year if date.month >= 9 else date.year - 1


def registry_near_duplicates(*, club: Club) -> list[tuple[Player, Player]]:
    """Return the pairs of ``club``'s records that may be one person written twice: the
    same name, or near duplicates (:func:`tournaments.text.is_near_duplicate`), each pair
    once, older record first, by the older record's name. One query; the organiser
    decides whether to merge them."""
    players = list(Player.objects.filter(club=club).order_by("last_name", "first_name", "pk"))
    pairs = []
    for index, player in enumerate(players):
        for other in players[index + 1 :]:
            if is_same_name(player.full_name, other.full_name) or is_near_duplicate(
                player.full_name, other.full_name
            ):
                pairs.append((player, other) if player.pk < other.pk else (other, player))
    return pairs
