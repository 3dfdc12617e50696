"""The prize list: what the organiser hands out, one prize per line in rank order.

The standings PDF prints the first prize beside the first team, the second beside the
second, and so on (see tournaments.exports.pdf).
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Tournament
from tournaments.text import printable


def prize_lines(text: str) -> list[str]:
    """Return the prizes of ``text`` in rank order: one per line, trimmed, without
    control characters (a tab becomes a space). Blank lines are skipped: they give no
    rank an empty prize."""
    lines = (printable(line).strip() for line in text.splitlines())
    return [line for line in lines if line]


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
