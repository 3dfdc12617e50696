"""Row locks in one order: the tournament, the round, the match (its deals), a team link;
or the tournament, then a registration (online registration); a club's registry of players
by its club's row (after its tournament's, when a registration links players).

Every service that reads a round's or a match's state and decides on it locks these rows
first, always in this order, so that two organiser actions or a table and the organiser
never interleave (closing a round while a match is unlocked, reopening a round while the
next one is drawn…) and never deadlock on PostgreSQL: a transaction that holds a round
never waits for its tournament. Each lock locks only its own row (``of=("self",)``);
PostgreSQL would otherwise lock every joined row, in an order it chooses. On SQLite
``select_for_update`` does nothing: its IMMEDIATE transactions already take the one
write lock at their start (belote_club/settings.py), so writers run one after another,
and :func:`lock_match` reads only the match there.
Call these inside ``transaction.atomic()``.

:func:`lock_match` runs at every table write, as :func:`lock_seat_match` (the link's
revocation read in the match's statement): their queries are compiled once per thread and
database (selectors/prepared.py), the same SQL as the querysets below them.

The table phones' writes lock the tournament and the round FOR SHARE
(``lock_match(..., shared=True)``), their match FOR UPDATE: the 75 tables of a hall then
write side by side, while every organiser action that locks either row FOR UPDATE
(closing or reopening a round, a draw, a correction at the desk) still waits for them, and
they for it. A transaction that holds them shared never writes them nor locks them FOR
UPDATE afterwards (two shared holders that both asked for more would deadlock): a table's
write changes its match's results count, not its tournament's version
(services/cache.py).
"""

from __future__ import annotations

from django.db import connection
from django.db.models import QuerySet, Subquery

from tournaments.models import Club, Match, Registration, Round, TeamLink, Tournament
from tournaments.selectors.prepared import Prepared

_SELF = ("self",)


def lock_tournament(tournament: Tournament) -> Tournament:
    """Lock ``tournament``'s row and return it as stored now."""
    return Tournament.objects.select_for_update(of=_SELF).get(pk=tournament.pk)


def lock_round(round_: Round) -> Round:
    """Lock ``round_``'s tournament, then the round; return the round as stored now, its
    tournament joined.

    Raises Round.DoesNotExist when the round was deleted meanwhile (a draft discarded).
    """
    Tournament.objects.select_for_update(of=_SELF).get(pk=round_.tournament_id)
    return Round.objects.select_for_update(of=_SELF).select_related("tournament").get(pk=round_.pk)


def _match_tournament(*, match_id: int) -> QuerySet[Tournament]:
    # Its id only: the row is locked, not read. No ORDER BY (the default one: date, name).
    return (
        Tournament.objects.select_for_update(of=_SELF)
        .filter(rounds__matches=match_id)
        .only("pk")
        .order_by()
    )


def _match_round(*, match_id: int) -> QuerySet[Round]:
    return Round.objects.select_for_update(of=_SELF).filter(matches=match_id).only("pk").order_by()


def _locked_match(*, match_id: int) -> QuerySet[Match]:
    return (
        Match.objects.select_for_update(of=_SELF)
        .select_related("round__tournament")
        .filter(pk=match_id)
        .order_by()
    )


def _locked_seat_match(*, match_id: int, link_id: int) -> QuerySet[Match]:
    # The match's lock, with the id of link ``link_id`` if it is active (else NULL), as
    # is_link_active asks it (selectors/links.py): a subquery, not a join, so the link's
    # row is not locked. Not Exists(): it compiles its constant 1 as a parameter, which a
    # Prepared query cannot tell from a stand-in.
    active = TeamLink.objects.filter(pk=link_id, revoked_at__isnull=True).order_by()
    return _locked_match(match_id=match_id).annotate(
        seat_link_active=Subquery(active.values("pk")[:1])
    )


#: :func:`lock_match`'s three queries, compiled once per thread and database: compiling
#: the match's (three tables joined) cost a tenth of a table write's CPU (bench/writes.py).
_MATCH_TOURNAMENT = Prepared(_match_tournament, {"match_id": 32_000})
_MATCH_ROUND = Prepared(_match_round, {"match_id": 32_000})
_LOCKED_MATCH = Prepared(_locked_match, {"match_id": 32_000})
_LOCKED_SEAT_MATCH = Prepared(_locked_seat_match, {"match_id": 32_000, "link_id": 32_001})


def _shared_locks() -> tuple[str, str]:
    """Return the SQL that locks a match's tournament, then its round, FOR SHARE (Django's
    ORM has no FOR SHARE): each selects the row's id, ``%s`` the match's id."""
    quote = connection.ops.quote_name
    tournament, round_, match = (
        quote(model._meta.db_table) for model in (Tournament, Round, Match)
    )
    return (
        f"SELECT id FROM {tournament} WHERE id = (SELECT r.tournament_id FROM {round_} r"
        f" JOIN {match} m ON m.round_id = r.id WHERE m.id = %s) FOR SHARE",
        f"SELECT id FROM {round_} WHERE id = (SELECT round_id FROM {match} WHERE id = %s)"
        " FOR SHARE",
    )


def lock_match(match: Match, *, shared: bool = False) -> Match:
    """Lock ``match``'s tournament, its round, then the match; return the match as stored
    now, its round and tournament joined (read while locked, so its round's status is the
    one every other service sees).

    ``shared`` locks the tournament and the round FOR SHARE, for a table's write (see
    above): the caller then writes neither row. The match is always locked FOR UPDATE.
    Raises Match.DoesNotExist for a match deleted.
    """
    _lock_tournament_and_round(match, shared=shared)
    locked = _LOCKED_MATCH.first(match_id=match.pk)
    if locked is None:
        raise Match.DoesNotExist("Match matching query does not exist.")
    return locked


def lock_seat_match(match: Match, *, link_id: int, shared: bool = False) -> tuple[Match, bool]:
    """Lock ``match`` as :func:`lock_match` does; return it and whether team link
    ``link_id`` exists and is not revoked (selectors.is_link_active), asked in the match's
    own locking statement: a query less at every table write (bench/writes.py). The
    link's row is read, not locked (a subquery), as is_link_active reads it.

    What it sees: on SQLite, the link as stored at that statement, the write lock held
    (no writer between). On PostgreSQL, the link as committed when that statement
    started, after the tournament and round were locked by the statements before it: a
    renewal (services/links.py ``regenerate_link``, which locks the tournament FOR
    UPDATE first) is always seen committed; a plain revocation (``revoke_link``, the
    link's row alone) committed while the statement waited for the match's row (another
    write of that match) is not, and the write, which began before that revocation
    ended, goes through as if it had come just before it: the next write is refused.
    Raises Match.DoesNotExist for a match deleted.
    """
    _lock_tournament_and_round(match, shared=shared)
    locked = _LOCKED_SEAT_MATCH.first(match_id=match.pk, link_id=link_id)
    if locked is None:
        raise Match.DoesNotExist("Match matching query does not exist.")
    return locked, vars(locked).pop("seat_link_active") is not None


def _lock_tournament_and_round(match: Match, *, shared: bool) -> None:
    """Lock ``match``'s tournament, then its round (FOR SHARE if ``shared``), where
    ``select_for_update`` locks (PostgreSQL). Raises Match.DoesNotExist for a match
    deleted."""
    if connection.features.has_select_for_update:  # SQLite: the transaction is the lock
        if shared:
            with connection.cursor() as cursor:
                for sql in _shared_locks():
                    cursor.execute(sql, [match.pk])
                    if cursor.fetchone() is None:  # a match deleted has neither row
                        raise Match.DoesNotExist("Match matching query does not exist.")
        # A match deleted has no tournament nor round to lock either.
        elif not _MATCH_TOURNAMENT.exists(match_id=match.pk):
            raise Match.DoesNotExist("Match matching query does not exist.")
        else:
            _MATCH_ROUND.exists(match_id=match.pk)


def lock_round_matches(round_: Round) -> list[Match]:
    """Lock every match of ``round_`` (its round locked first, by :func:`lock_round`), in
    table order, and return them."""
    return list(
        Match.objects.select_for_update(of=_SELF).filter(round=round_).order_by("table_number")
    )


def lock_team_link(link: TeamLink) -> TeamLink:
    """Lock ``link``'s row (after its match's, when a table writes) and return it as stored
    now: its wrong-code count is read and written under this lock (services/table.py)."""
    return TeamLink.objects.select_for_update(of=_SELF).get(pk=link.pk)


def lock_registration(registration: Registration) -> Registration:
    """Lock ``registration``'s tournament, then the registration; return it as stored now,
    its tournament joined (services/online_registration.py: the places of a tournament
    are counted under its lock)."""
    Tournament.objects.select_for_update(of=_SELF).get(pk=registration.tournament_id)
    return (
        Registration.objects.select_for_update(of=_SELF)
        .select_related("tournament")
        .get(pk=registration.pk)
    )


def lock_club(club: Club) -> Club:
    """Lock ``club``'s row and return it as stored now: its name and organisers
    (services/clubs.py) and every write to its registry of players (services/players.py)
    change under this lock, so two merges or a merge and an edit never interleave. A
    registration takes it after its tournament's; nothing takes a tournament's lock while
    holding it."""
    return Club.objects.select_for_update(of=_SELF).get(pk=club.pk)
