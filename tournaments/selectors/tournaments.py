"""The tournaments themselves, as the public list shows them, and their results version."""

from __future__ import annotations

from django.db.models import QuerySet, Sum

from tournaments.models import Match, Tournament


def all_tournaments() -> QuerySet[Tournament]:
    """Return every tournament, most recent first, then by name, with its club."""
    return Tournament.objects.select_related("club").order_by("-date", "name")


def results_version(tournament: Tournament) -> str:
    """Return the version of ``tournament``'s results as stored now (services/cache.py):
    its own ``results_version``, a dot, then the sum of its matches' ``results_count``
    (one query). It changes at every write of what its public pages show, and a value is
    never seen twice for a tournament."""
    count = Match.objects.filter(round__tournament=tournament).aggregate(
        count=Sum("results_count")
    )["count"]
    return f"{tournament.results_version}.{count or 0}"
