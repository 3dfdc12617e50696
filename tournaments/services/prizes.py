"""The prize list: the organiser stores what they hand out, one prize per line in rank order.

Reading it (which team wins which prize) is :mod:`tournaments.selectors.prizes`.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Tournament
from tournaments.selectors.prizes import prize_lines


def set_prize_list(*, tournament: Tournament, text: str) -> Tournament:
    """Store ``text`` as the prize list of ``tournament``, one trimmed prize per line.

    An empty text removes the list (the standings PDF then has no prize column).
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        tournament.prize_list = "\n".join(prize_lines(text))
        tournament.full_clean(validate_unique=False, validate_constraints=False)
        tournament.save(update_fields=["prize_list"])
    return tournament
