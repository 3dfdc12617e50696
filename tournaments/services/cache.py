"""The public pages' cache: a version of each tournament's results, changed by every write.

The public standings, the public round pages and the projector's slides are rendered once
per version of their tournament's results and kept in Django's cache (Redis when
``REDIS_URL`` is set, local memory otherwise; belote_club/settings.py), so that 500 phones
reloading the standings cost one rendering (tournaments/presentation/cache.py reads it).

The version is a column of the tournament (``Tournament.results_version``), not a cache
entry: it changes in the transaction of the write itself, so a reader sees the new version
exactly when it sees the new results, and two app processes that do not share a cache
(./run's two gunicorn workers without Redis) never serve a page of the old version after
the write committed. Every service that writes what a public page shows — deals, match
totals, rounds, draws, teams, the tournament's settings — calls :func:`results_changed`
inside its transaction; a refusal rolls the change back with the rest. The services
already hold the tournament's row lock (services/locks.py) when they write, so the UPDATE
waits for no one.
"""

from __future__ import annotations

from tournaments.models import Tournament, new_results_version


def results_changed(tournament: Tournament | int) -> str:
    """Give ``tournament`` (an instance or its id) a new results version and return it.

    Call it inside the transaction of a write that changes what the public pages show:
    from the commit on, every public page of the tournament is rendered again on its next
    request. An instance given gets the new version too, so that a later ``save()`` of it
    in the same service keeps it.
    """
    version = new_results_version()
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    Tournament.objects.filter(pk=pk).update(results_version=version)
    if isinstance(tournament, Tournament):
        tournament.results_version = version
    return version
