"""Team links: each team's secret link, where it plays now, and the former match links."""

from __future__ import annotations

import hashlib
import operator
from dataclasses import dataclass

from django.db.models import F, Q, QuerySet

from tournaments.models import (
    Bye,
    Match,
    Round,
    Seat,
    TableLink,
    Team,
    TeamLink,
    TeamSide,
    Tournament,
)
from tournaments.selectors.prepared import Prepared
from tournaments.selectors.standings import Standing, has_results, tournament_standings


def team_links(*, tournament: Tournament) -> dict[int, TeamLink]:
    """Return the newest link of each team of ``tournament``, revoked or not, by team id.

    A team never given a link is missing. One query. The organiser prints the active ones
    and renews the revoked ones.
    """
    links: dict[int, TeamLink] = {}
    rows = TeamLink.objects.filter(tournament=tournament).order_by("team_id", "-created_at", "-pk")
    for link in rows:
        links.setdefault(link.team_id, link)
    return links


def round_links(*, round: Round) -> dict[int, dict[str, TeamLink]]:
    """Return the newest link of each team of each match of ``round``, revoked or not.

    Keyed by match id, then side ("A", "B"); a team never given a link is missing. Two
    queries.
    """
    links = team_links(tournament=round.tournament)
    by_match: dict[int, dict[str, TeamLink]] = {}
    for match in Match.objects.filter(round=round):
        sides = {TeamSide.A.value: match.team_a_id, TeamSide.B.value: match.team_b_id}
        by_match[match.pk] = {side: links[team] for side, team in sides.items() if team in links}
    return by_match


def team_link_by_token(*, token: str) -> TeamLink | None:
    """Return the team link with ``token`` (revoked or not), its team and tournament joined."""
    return TeamLink.objects.select_related("team", "tournament").filter(token=token).first()


def table_link_by_token(*, token: str) -> TableLink | None:
    """Return the former match link with ``token`` (revoked or not), its match joined."""
    return TableLink.objects.select_related("match").filter(token=token).first()


def active_team_link(*, team_id: int) -> TeamLink | None:
    """Return the active link of team ``team_id``, or None (revoked and not renewed)."""
    return TeamLink.objects.filter(team_id=team_id, revoked_at__isnull=True).first()


def _active_links(*, link_id: int) -> QuerySet[TeamLink]:
    # Its id only: whether it is there is all that is asked. No ORDER BY (see _links).
    return TeamLink.objects.filter(pk=link_id, revoked_at__isnull=True).only("pk").order_by()


#: Whether a link is still active, compiled once per thread. A table write asks it inside
#: the match's locking statement instead (services/locks.py ``lock_seat_match``, one round
#: trip less); this is the question on its own, which tests compare that statement with.
_ACTIVE_LINK = Prepared(_active_links, {"link_id": 32_000})


def is_link_active(*, link_id: int) -> bool:
    """Return True when link ``link_id`` exists and is not revoked, as stored now. One
    query, compiled once per thread (selectors/prepared.py)."""
    return _ACTIVE_LINK.exists(link_id=link_id)


def _seat(link: TeamLink, match: Match | None) -> Seat | None:
    if match is None:
        return None
    return Seat(link, match, TeamSide.A if match.team_a_id == link.team_id else TeamSide.B)


def _seat_matches(*, tournament_id: int, round_number: int, team_id: int) -> QuerySet[Match]:
    return (
        Match.objects.select_related(
            "round__tournament", "team_a__melee_pair", "team_b__melee_pair"
        )
        .filter(round__tournament_id=tournament_id, round__number=round_number)
        .filter(Q(team_a_id=team_id) | Q(team_b_id=team_id))
        # A team plays one match a partie: no ORDER BY. The models' default orders (the
        # round's, then the tournament's: date and name) cost Django more to compile
        # than this whole look-up without them (bench/writes.py).
        .order_by()[:1]
    )


#: The seat's look-up, compiled once per thread: seven joined tables, 98 columns, whose
#: compiling took most of the look-up's CPU at every table write (bench/writes.py).
_SEAT_MATCH = Prepared(
    _seat_matches, {"tournament_id": 32_000, "round_number": 32_001, "team_id": 32_002}
)


def _links(*, token: str) -> QuerySet[TeamLink]:
    # The token is unique: no ORDER BY (the default one joins the team and tournament).
    return TeamLink.objects.filter(token=token).order_by()[:1]


#: The link's look-up by its token, compiled once per thread (bench/writes.py).
_LINK = Prepared(_links, {"token": "prepared-token"})


def team_seat(*, link: TeamLink, round_number: int) -> Seat | None:
    """Return ``link``'s seat at its team's match of partie ``round_number``, or None (no
    such round, a bye, or not in that draw). Its match, teams, round and tournament are
    joined, with their mêlée pairs (none in doublettes, RULES.md §H): ``is_pair_seat`` then
    reads no more. One query."""
    match = _SEAT_MATCH.first(
        tournament_id=link.tournament_id, round_number=round_number, team_id=link.team_id
    )
    return _seat(link, match)


#: The path from a match to the team links of its tournament, and the columns of a link
#: (:func:`seat_by_token` reads them with the match, each as ``seat_link_<column>``).
_TOURNAMENT_LINKS = "round__tournament__team_links__"
_LINK_COLUMNS = [field.attname for field in TeamLink._meta.concrete_fields]


def _seat_matches_by_token(*, token: str, round_number: int) -> QuerySet[Match]:
    # :func:`_seat_matches` (same joins, no ORDER BY), its tournament's link ``token``
    # joined, in one filter() so that the team's condition is on that same link's row,
    # then the link's columns from that join (annotate after filter reuses it).
    team = F(_TOURNAMENT_LINKS + "team_id")
    return (
        Match.objects.select_related(
            "round__tournament", "team_a__melee_pair", "team_b__melee_pair"
        )
        .filter(
            Q(**{_TOURNAMENT_LINKS + "token": token}) & (Q(team_a_id=team) | Q(team_b_id=team)),
            round__number=round_number,
        )
        .annotate(**{f"seat_link_{name}": F(_TOURNAMENT_LINKS + name) for name in _LINK_COLUMNS})
        .order_by()[:1]
    )


#: The seat's look-up by the link's token, compiled once per thread (bench/writes.py).
_SEAT_BY_TOKEN = Prepared(
    _seat_matches_by_token, {"token": "prepared-token", "round_number": 32_000}
)


def seat_by_token(*, token: str, round_number: int) -> tuple[TeamLink | None, Seat | None]:
    """Return the team link with ``token`` (revoked or not; None when unknown) and its
    seat at partie ``round_number`` as :func:`team_seat` gives it (None: no match then).

    One query when the link has a match at that partie (every table write and board
    refresh): the match, joined as :func:`team_seat` joins it, with the link's row joined
    by its token in the same query (a round trip less a write, bench/writes.py). The
    link's team and tournament are those that query joins. Otherwise (an unknown token, a
    bye, a partie not drawn) a second query reads the link alone, as before.
    """
    match = _SEAT_BY_TOKEN.first(token=token, round_number=round_number)
    if match is None:
        return _LINK.first(token=token), None
    values = [vars(match).pop(f"seat_link_{name}") for name in _LINK_COLUMNS]
    link = TeamLink.from_db(match._state.db, _LINK_COLUMNS, values)
    seat = _seat(link, match)
    assert seat is not None  # a match was found
    link.team = match.team_a if seat.side == TeamSide.A else match.team_b
    link.tournament = match.round.tournament
    return link, seat


#: A match's own columns: what a write changes (totals, reserve, end, lock, paper mode).
_MATCH_COLUMNS = [
    field.attname
    for field in Match._meta.concrete_fields
    if not field.is_relation and not field.primary_key
]


def refreshed_seat(*, seat: Seat) -> Seat | None:
    """Return ``seat`` with its match's own columns read again, as the last write left
    them; its teams, round and tournament stay as joined. None when the match was deleted
    meanwhile. One query on the match's row alone (team_seat joins four tables)."""
    try:
        seat.match.refresh_from_db(fields=_MATCH_COLUMNS)
    except Match.DoesNotExist:
        return None
    return seat


def seat_as_written(*, seat: Seat, match: Match) -> Seat:
    """Return ``seat`` with its match's own columns taken from ``match``, the same match
    as a table write's transaction left it (services.TableWrite): what
    :func:`refreshed_seat` reads, with no query. Its teams, round and tournament stay as
    joined."""
    for name in _MATCH_COLUMNS:
        setattr(seat.match, name, getattr(match, name))
    return seat


#: The values of a match's own columns, as a tuple in :data:`_MATCH_COLUMNS`' order: the
#: same tuple as ``tuple(getattr(match, name) for name in _MATCH_COLUMNS)``, read at once
#: (:func:`board_version`, at every board).
_match_values = operator.attrgetter(*_MATCH_COLUMNS)


def board_version(*, seat: Seat, language: str | None) -> str:
    """Return a short text (24 hex digits) that changes whenever the board of ``seat``
    could show something else, as its phone reads it in ``language``. No query: it is
    made of what :func:`seat_by_token` or :func:`refreshed_seat` read.

    It covers the match's own columns (its totals, deals played, end, lock, paper mode
    and ``results_count``, up by one at every write under the match's lock that changes
    its deals, their statuses or totals: a deal entered, corrected, confirmed, disputed,
    deleted or replayed, services/cache.py), its round's status and its tournament's
    ``results_version`` (new at each organiser's write: teams, rules, settings), with
    the link, its side and the language. Two boards of the same version show the same
    deals, statuses and totals (views/table/refresh.py gives it as their weak ETag).
    """
    match = seat.match
    parts = (
        seat.link.pk,
        seat.side,
        language,
        match.pk,
        _match_values(match),
        match.round.status,
        match.round.tournament.results_version,
    )
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def is_pair_seat(*, seat: Seat) -> bool:
    """Return True when ``seat`` is a mêlée pair's (RULES.md §H): its match's teams are the
    pairs drawn for one partie. No query for a seat from :func:`team_seat`."""
    return hasattr(seat.match.team_a, "melee_pair")


def is_pair_team(*, team: Team) -> bool:
    """Return True when ``team`` is a mêlée pair, drawn for one partie (RULES.md §H). One
    query, none when its ``melee_pair`` is joined."""
    return hasattr(team, "melee_pair")


def pair_match(*, team: Team) -> Match | None:
    """Return the match a mêlée pair played, with its partie (one query): a pair is drawn
    for one partie only (RULES.md §H)."""
    return Match.objects.filter(Q(team_a=team) | Q(team_b=team)).select_related("round").first()


def match_links(*, match: Match) -> dict[str, Seat]:
    """Return the seats of ``match`` of its teams' active links, by side ("A", "B")."""
    seats = {}
    for side, team_id in ((TeamSide.A, match.team_a_id), (TeamSide.B, match.team_b_id)):
        link = active_team_link(team_id=team_id)
        if link is not None:
            seats[side.value] = Seat(link, match, side.value)
    return seats


@dataclass(frozen=True)
class TeamSituation:
    """Where a team stands now, for its phone.

    ``state`` is one of: "playing" (``seat`` is its match of the partie being played),
    "bye" (exempt in that partie), "absent" (not in that draw: withdrawn or registered
    later), "waiting" (``number`` is the next partie, not drawn yet or still a draft),
    "over" (every partie played). ``round`` is the partie being played or the last one
    played (None before the first draw); ``last_seat`` its match in the last partie
    played, when waiting or over. ``standing`` is its running rank (None before any
    match counts).
    """

    state: str
    number: int
    round: Round | None
    seat: Seat | None
    last_seat: Seat | None
    standing: Standing | None
    team_count: int


def team_situation(*, link: TeamLink) -> TeamSituation:
    """Return where ``link``'s team stands now (see :class:`TeamSituation`)."""
    tournament = link.tournament
    latest = (
        Round.objects.filter(tournament=tournament)
        .exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .first()
    )
    standings = tournament_standings(tournament=tournament)
    standing = None
    if has_results(standings):  # before any result counts, no rank to give
        standing = next((row for row in standings if row.team.pk == link.team_id), None)
    if latest is None:
        return TeamSituation("waiting", 1, None, None, None, standing, len(standings))
    seat = team_seat(link=link, round_number=latest.number)
    if latest.status == Round.Status.PUBLISHED:
        if seat is not None:
            state = "playing"
        elif Bye.objects.filter(round=latest, team_id=link.team_id).exists():
            state = "bye"
        else:
            state = "absent"
        return TeamSituation(state, latest.number, latest, seat, None, standing, len(standings))
    state = "over" if latest.number >= tournament.number_of_rounds else "waiting"
    number = latest.number if state == "over" else latest.number + 1
    return TeamSituation(state, number, latest, None, seat, standing, len(standings))
