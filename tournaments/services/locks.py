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
write lock at their start (belote_club/settings.py), so writers run one after another.
Call these inside ``transaction.atomic()``.
"""

from __future__ import annotations

from tournaments.models import Club, Match, Registration, Round, TeamLink, Tournament

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


def lock_match(match: Match) -> Match:
    """Lock ``match``'s tournament, its round, then the match; return the match as stored
    now, its round and tournament joined (read while locked, so its round's status is the
    one every other service sees)."""
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
    """Lock ``club``'s row and return it as stored now: every write to its registry of
    players (services/players.py) holds it, so two merges or a merge and an edit never
    interleave. A registration takes it after its tournament's; nothing takes a
    tournament's lock while holding it."""
    return Club.objects.select_for_update(of=_SELF).get(pk=club.pk)
