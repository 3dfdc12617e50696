"""Forms of a mêlée at the desk (RULES.md §H): a player, and two players to swap in a draft."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.bounds import BOUNDED
from tournaments.forms.setup import _cleaned_name
from tournaments.models import MeleePlayer
from tournaments.models.bounds import MAX_TEAM_NUMBER


class MeleePlayerForm(forms.Form):
    """One mêlée player: number (optional, the next free one when empty), name, club."""

    number = forms.IntegerField(
        label=_("Number"),
        min_value=1,
        max_value=MAX_TEAM_NUMBER,
        error_messages=BOUNDED,
        required=False,
    )
    name = forms.CharField(label=_("Name"), max_length=100)
    club = forms.CharField(label=_("Club"), max_length=150, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["number"].widget.attrs["inputmode"] = "numeric"

    def clean_name(self) -> str:
        """Clean the player's name as every typed name is (a blank name is refused)."""
        return _cleaned_name(self, "name")

    def clean_club(self) -> str:
        """Clean the club's name as every typed name is."""
        return _cleaned_name(self, "club")


def melee_player_initial(player: MeleePlayer) -> dict[str, object]:
    """Return a player's current values, to fill :class:`MeleePlayerForm`."""
    return {
        "number": player.number,
        "name": player.name,
        "club": player.club.name if player.club else "",
    }


class MeleeSwapForm(forms.Form):
    """Two players of a mêlée draft to swap, by number (either may be sitting out)."""

    first = forms.IntegerField(
        label=_("Player"), min_value=1, max_value=MAX_TEAM_NUMBER, error_messages=BOUNDED
    )
    second = forms.IntegerField(
        label=_("with player"), min_value=1, max_value=MAX_TEAM_NUMBER, error_messages=BOUNDED
    )
