"""The tie-breaks a tournament's settings form offers (RULES.md §E), and a mêlée's (§H:
head-to-head does not apply when partners change at every partie)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import TieBreak

#: Each tie-break to choose, or none (« — »).
TIE_BREAK_CHOICES = [("", "—"), *TieBreak.choices]
#: A mêlée's: every tie-break but head-to-head (RULES.md §H).
MELEE_TIE_BREAK_CHOICES = [
    choice for choice in TIE_BREAK_CHOICES if choice[0] != TieBreak.HEAD_TO_HEAD
]
#: A mêlée sent with head-to-head as a tie-break anyway (a crafted form, or « À la mêlée »
#: ticked on a new concours with head-to-head still chosen).
MELEE_HEAD_TO_HEAD = _(
    "Head-to-head does not apply to a mêlée: partners change at every partie. Choose "
    "another tie-break, or none."
)


class TieBreakField(forms.ChoiceField):
    """A tie-break to choose. Any of :data:`TIE_BREAK_CHOICES` is a valid value, even one
    a mêlée's form does not offer, so that the form says why it is refused
    (:data:`MELEE_HEAD_TO_HEAD`) rather than « not one of the available choices »."""

    def valid_value(self, value: str) -> bool:
        """Return True for a tie-break key, offered here or not, or none."""
        return value in dict(TIE_BREAK_CHOICES)
