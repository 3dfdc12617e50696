"""The teams of a tournament and how many are present."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from tournaments.models import (
    Team,
    Tournament,
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
