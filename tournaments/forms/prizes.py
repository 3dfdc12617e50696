"""The prize-list form of the organiser's desk (see services.prizes)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

#: Enough for a prize per team of a large concours, short enough to refuse a pasted file.
MAX_PRIZE_LIST_LENGTH = 20_000


class PrizeListForm(forms.Form):
    """One prize per line, in rank order, for the teams that may win one (see
    selectors.prizes.award_prizes); blank lines are ignored and a line "-" skips a rank."""

    prizes = forms.CharField(
        label=_("Prizes"),
        required=False,
        max_length=MAX_PRIZE_LIST_LENGTH,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16}),
        help_text=_(
            "One prize per line, in rank order: the first line goes to the winners, the "
            "second to the next team, and so on. A withdrawn team, or one that never played "
            "(no match and no bye), gets no prize: its prize goes to the next team. Blank "
            "lines are ignored; to give a rank no prize, write a line with only “-”."
        ),
    )

    def __init__(self, *args: Any, is_melee: bool = False, **kwargs: Any) -> None:
        """``is_melee``: the prizes go to players, a mêlée having no team (RULES.md §H)."""
        super().__init__(*args, **kwargs)
        if is_melee:
            self.fields["prizes"].help_text = _(
                "One prize per line, in rank order: the first line goes to the winner, the "
                "second to the next player, and so on. A withdrawn player, or one who never "
                "played nor sat out, gets no prize: their prize goes to the next player. "
                "Blank lines are ignored; to give a rank no prize, write a line with only “-”."
            )
