"""The prize-list form of the organiser's desk (see services.prizes)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

#: Enough for a prize per team of a large concours, short enough to refuse a pasted file.
MAX_PRIZE_LIST_LENGTH = 20_000


class PrizeListForm(forms.Form):
    """One prize per line, in rank order; blank lines are ignored."""

    prizes = forms.CharField(
        label=_("Prizes"),
        required=False,
        max_length=MAX_PRIZE_LIST_LENGTH,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16}),
        help_text=_(
            "One prize per line, in rank order: the first line goes to the winners, the "
            "second to the team ranked second, and so on. Blank lines are ignored."
        ),
    )
