"""Row locks in one order: the tournament, the round, the match (its deals), a team link.

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

The table phones' writes lock the tournament and the round FOR SHARE
(``lock_match(..., shared=True)``): the writes of different tables then run side by
side, while every organiser action that locks either row FOR UPDATE (closing or
reopening a round, a draw, a correction at the desk) still waits for them, and they for
it. A transaction that holds them shared never locks them FOR UPDATE afterwards: two
shared holders that both asked for more would deadlock.
"""

from __future__ import annotations

from django.db import connection

from tournaments.models import Match, Round, TeamLink, Tournament

_SELF = ("self",)


def _lock_shared(match: Match) -> None:
    """Lock ``match``'s tournament, then its round, FOR SHARE (PostgreSQL)."""
    quote = connection.ops.quote_name
    tournament, round_, match_table = (
        quote(model._meta.db_table) for model in (Tournament, Round, Match)
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {tournament} WHERE id = (SELECT r.tournament_id FROM {round_} r"
            f" JOIN {match_table} m ON m.round_id = r.id WHERE m.id = %s) FOR SHARE",
            [match.pk],
        )
        cursor.execute(
            f"SELECT id FROM {round_} WHERE id = (SELECT round_id FROM {match_table}"
            " WHERE id = %s) FOR SHARE",
            [match.pk],
        )


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


def lock_match(match: Match, *, shared: bool = False) -> Match:
    """Lock ``match``'s tournament, its round, then the match; return the match as stored
    now, its round and tournament joined (read while locked, so its round's status is the
    one every other service sees).

    ``shared`` locks the tournament and the round FOR SHARE, for a table's write (see
    above), the match always FOR UPDATE. Raises Match.DoesNotExist for a match deleted.
    """
    if connection.features.has_select_for_update:  # SQLite: the transaction is the lock
        if shared:
            _lock_shared(match)
        else:
            Tournament.objects.select_for_update(of=_SELF).get(rounds__matches=match.pk)
            Round.objects.select_for_update(of=_SELF).get(matches=match.pk)
    return (
        Match.objects.select_for_update(of=_SELF)
        .select_related("round__tournament")
        .get(pk=match.pk)
    )


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
