"""The tournaments themselves, as the public list shows them."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Tournament


def all_tournaments() -> QuerySet[Tournament]:
    """Return every tournament, most recent first, then by name, with its club."""
    return Tournament.objects.select_related("club").order_by("-date", "name")
