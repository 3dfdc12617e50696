"""The registry's forms: a player's record, the registry search, and a merge.

The services' refusals (a licence number taken, a merge into itself…) are worded in
:mod:`tournaments.forms.messages`.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.messages import SERVICE_MESSAGES, service_error_message
from tournaments.models import Club, Player
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.players import PlayerData


class PlayerForm(forms.Form):
    """A player's record: last name (required), first name, licence number, home club."""

    last_name = forms.CharField(
        label=_("Last name"),
        max_length=100,
        error_messages={"required": _("Last name: type the player's last name.")},
    )
    first_name = forms.CharField(label=_("First name"), max_length=100, required=False)
    licence = forms.CharField(
        label=_("Licence number"),
        max_length=30,
        required=False,
        help_text=_("Optional; unique in the club's registry."),
    )
    home_club = forms.CharField(
        label=_("Home club"),
        max_length=150,
        required=False,
        help_text=_("Empty when the player belongs to this club."),
    )

    @property
    def data_for_service(self) -> PlayerData:
        """Return the checked values as the services take them."""
        values = self.cleaned_data
        return PlayerData(
            values["last_name"], values["first_name"], values["licence"], values["home_club"]
        )


def player_initial(player: Player) -> dict[str, object]:
    """Return :class:`PlayerForm`'s initial values for a record."""
    return {
        "last_name": player.last_name,
        "first_name": player.first_name,
        "licence": player.licence,
        "home_club": player.home_club,
    }


class RegistrySearchForm(forms.Form):
    """The registry's search box: part of a name or a licence number."""

    q = forms.CharField(label=_("Search"), max_length=100, required=False)


class PlayerChoiceField(forms.ModelChoiceField):
    """A record of a registry, shown « LAST First (licence · home club) »."""

    def label_from_instance(self, obj: Any) -> str:
        """Return how ``obj`` (a Player) reads in the list."""
        extra = " · ".join(part for part in (obj.licence, obj.home_club) if part)
        return f"{obj.last_name} {obj.first_name}" + (f" ({extra})" if extra else "")


class MergeForm(forms.Form):
    """Which record of the same club keeps the merged player's history, and why."""

    kept = PlayerChoiceField(
        label=_("Player kept"),
        queryset=Player.objects.none(),
        error_messages={
            "required": _("Player kept: choose the record to keep."),
            "invalid_choice": _("Player kept: choose a record of this club's registry."),
        },
    )
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args: Any, club: Club, merged: Player, **kwargs: Any) -> None:
        """Offer the records of ``club``'s registry, to keep instead of ``merged``."""
        super().__init__(*args, **kwargs)
        self.merged = merged
        field = self.fields["kept"]
        assert isinstance(field, PlayerChoiceField)
        field.queryset = Player.objects.filter(club=club).order_by("last_name", "first_name", "pk")

    def clean_kept(self) -> Player:
        """Refuse the merged record itself, with the service's words, before any merge."""
        kept = self.cleaned_data["kept"]
        if kept.pk == self.merged.pk:
            raise forms.ValidationError(str(SERVICE_MESSAGES[Refusal.MERGE_INTO_ITSELF]))
        return kept


#: The field a refusal of the registry's services is about, for the form's error.
REFUSAL_FIELDS = {
    Refusal.PLAYER_LAST_NAME: "last_name",
    Refusal.LICENCE_TAKEN: "licence",
    Refusal.MERGE_INTO_ITSELF: "kept",
    Refusal.MERGE_OTHER_CLUB: "kept",
    Refusal.MERGE_PARTNERS: "kept",
    Refusal.MERGE_SAME_TOURNAMENT: "kept",
}


def add_refusal(form: forms.Form, refusal: ServiceError) -> None:
    """Show ``refusal`` on ``form``: beside the field it is about, else above the form."""
    field = REFUSAL_FIELDS.get(Refusal(refusal.code))
    form.add_error(
        field if field in form.fields else None,
        service_error_message(refusal.code, refusal.params),
    )
