"""The public pages' cache: a version of each tournament's results, changed by every write.

The public standings, the public round pages and the projector's slides are rendered once
per version of their tournament's results and kept in Django's cache (Redis when
``REDIS_URL`` is set, local memory otherwise; belote_club/settings.py), so that 500 phones
reloading the standings cost one rendering (tournaments/presentation/cache.py reads it).

The version is kept in the database, not in the cache: it changes in the transaction of
the write itself, so a reader sees the new version exactly when it sees the new results,
and two app processes that do not share a cache (./run's two gunicorn workers without
Redis) never serve a page of the old version after the write committed. It has two parts
(selectors.results_version reads them):

- the tournament's ``results_version``, a new random value at each organiser's write
  (rounds, draws, teams, settings): :func:`results_changed`, under the tournament's lock;
- the sum of its matches' ``results_count``, each one up by one at each write under that
  match's lock (a deal entered, confirmed, disputed at the table, a replay):
  :func:`match_results_changed`. The table phones' writes lock their tournament and round
  shared (services/locks.py), so that the 75 tables of a hall write side by side: they
  must not write the tournament's row, and write only their match's.

Within one tournament version the sum only grows, one at each such write; every write that
deletes a match (a draft discarded, drawn again) is an organiser's and changes the
tournament's version: so a version is never seen twice. Every service that writes what a
public page shows calls one of the two inside its transaction; a refusal rolls the change
back with the rest.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Match, Tournament, new_results_version
from tournaments.services.prepared import PreparedUpdate


def results_changed(tournament: Tournament | int) -> str:
    """Give ``tournament`` (an instance or its id) a new results version and return it.

    Call it inside the transaction of a write that changes what the public pages show,
    holding the tournament's row lock (services/locks.py: never from a table's write,
    which holds it shared): from the commit on, every public page of the tournament is
    rendered again on its next request. An instance given gets the new version too, so
    that a later ``save()`` of it in the same service keeps it.
    """
    version = new_results_version()
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    Tournament.objects.filter(pk=pk).update(results_version=version)
    if isinstance(tournament, Tournament):
        tournament.results_version = version
    return version


def _match(*, pk: int) -> QuerySet[Match]:
    return Match.objects.filter(pk=pk)


#: The UPDATE of a match's results count, compiled once per thread (services/prepared.py):
#: compiling ``filter(pk=…).update(…)`` at each confirmation at a table was about a
#: twentieth of its CPU (bench/writes.py).
_RESULTS_COUNT = PreparedUpdate(_match, {"pk": 32_000}, {"results_count": 1})


def match_results_changed(match: Match) -> None:
    """Count a change of what the public pages show of ``match`` (its deals, their
    statuses, its totals) in its tournament's results version: one UPDATE of the match's
    row, which the caller holds locked (services/locks.py ``lock_match``), setting its
    count one above ``match``'s, the count read under that lock (and kept by every write
    since: ``match`` gets the new count too). :func:`~tournaments.services.scores.replay_match`
    counts its own replay in the match's save, with no query of its own, and a
    confirmation that locks its match counts in the lock's UPDATE (services/table.py).
    """
    _RESULTS_COUNT.execute(pk=match.pk, results_count=match.results_count + 1)
    match.results_count += 1
