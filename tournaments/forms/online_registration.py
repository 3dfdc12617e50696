"""Forms of online registration: a pair's registration (or a mêlée player's), and the
organiser's settings.

Every field is bounded (the browser is told with ``maxlength``/``max``, the server refuses
more beside the field), and every name is cleaned as every typed name is. What is typed
is stored as plain text and shown escaped: no markup is ever kept or rendered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.validators import RegexValidator
from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _

from tournaments.forms.bounds import BOUNDED
from tournaments.forms.messages import service_error_message
from tournaments.models import Registration, RegistrationSettings
from tournaments.models.registrations import (
    CLUB_NAME_LENGTH,
    EMAIL_LENGTH,
    MAX_PLACES,
    PHONE_LENGTH,
    PLAYER_NAME_LENGTH,
)
from tournaments.services.errors import Refusal, RefusalParam
from tournaments.services.online_registration import RegistrationData
from tournaments.text import clean_name

#: A phone number as people type it: digits, spaces, dots, dashes, brackets, a leading +.
PHONE_VALIDATOR = RegexValidator(
    r"^\+?[0-9 .()-]*$",
    message=_("Type the phone number with digits only (spaces, dots and a leading + allowed)."),
)
#: The format of a ``datetime-local`` input (minutes, no seconds, no time zone).
LOCAL_INPUT_FORMAT = "%Y-%m-%dT%H:%M"


class RegistrationForm(forms.Form):
    """One pair: both players (required), their club, a phone and an e-mail (optional)."""

    #: Whether the form registers one mêlée player rather than a pair (RULES.md §H).
    is_melee = False

    player_1 = forms.CharField(label=_("Player 1"), max_length=PLAYER_NAME_LENGTH)
    player_2 = forms.CharField(label=_("Player 2"), max_length=PLAYER_NAME_LENGTH)
    club = forms.CharField(label=_("Club"), max_length=CLUB_NAME_LENGTH, required=False)
    phone = forms.CharField(
        label=_("Phone"),
        max_length=PHONE_LENGTH,
        required=False,
        validators=[PHONE_VALIDATOR],
        widget=forms.TextInput(attrs={"inputmode": "tel", "autocomplete": "tel"}),
    )
    email = forms.EmailField(
        label=_("E-mail"),
        max_length=EMAIL_LENGTH,
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def _name(self, field_name: str) -> str:
        name = clean_name(self.cleaned_data[field_name])
        field = self.fields[field_name]
        if field.required and not name:
            raise forms.ValidationError(field.error_messages["required"], code="required")
        return name

    def clean_player_1(self) -> str:
        """Clean the first player's name as every typed name is."""
        return self._name("player_1")

    def clean_player_2(self) -> str:
        """Clean the second player's name as every typed name is."""
        return self._name("player_2")

    def clean_club(self) -> str:
        """Clean the club's name as every typed name is."""
        return self._name("club")

    def registration_data(self) -> RegistrationData:
        """Return the pair as the services take it (call once the form is valid)."""
        data = self.cleaned_data
        return RegistrationData(
            data["player_1"], data["player_2"], data["club"], data["phone"], data["email"]
        )


class MeleeRegistrationForm(RegistrationForm):
    """One mêlée player, who registers alone (RULES.md §H): the name (required), the club,
    a phone and an e-mail (optional)."""

    is_melee = True
    field_order = ["name", "club", "phone", "email"]

    name = forms.CharField(label=_("Player"), max_length=PLAYER_NAME_LENGTH)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Build the form without the pair's two names: a mêlée player registers alone."""
        super().__init__(*args, **kwargs)
        del self.fields["player_1"], self.fields["player_2"]

    def clean_name(self) -> str:
        """Clean the player's name as every typed name is."""
        return self._name("name")

    def registration_data(self) -> RegistrationData:
        """Return the player as the services take it (``player_2`` empty)."""
        data = self.cleaned_data
        return RegistrationData(
            data["name"], "", club=data["club"], phone=data["phone"], email=data["email"]
        )


def registration_form(
    data: Mapping[str, Any] | None = None,
    *,
    is_melee: bool,
    registration: Registration | None = None,
) -> RegistrationForm:
    """Return the registration form of a concours: one player in a mêlée
    (:class:`MeleeRegistrationForm`), else a pair; bound to ``data`` when given, filled
    with ``registration``'s values when given."""
    form_class = MeleeRegistrationForm if is_melee else RegistrationForm
    initial = registration_initial(registration, is_melee=is_melee) if registration else None
    return form_class(data, initial=initial)


def registration_initial(
    registration: Registration, *, is_melee: bool = False
) -> dict[str, object]:
    """Return :class:`RegistrationForm`'s initial values for a registration
    (:class:`MeleeRegistrationForm`'s when ``is_melee``)."""
    contact = {name: getattr(registration, name) for name in ("club", "phone", "email")}
    if is_melee:
        return {"name": registration.player_1} | contact
    return {"player_1": registration.player_1, "player_2": registration.player_2} | contact


class RegistrationSettingsForm(forms.Form):
    """The organiser's registration settings: open or not, places, waiting list, closing
    time (typed in the site's time zone)."""

    is_open = forms.BooleanField(label=_("Registration open"), required=False)
    capacity = forms.IntegerField(
        label=_("Places"), min_value=0, max_value=MAX_PLACES, error_messages=BOUNDED
    )
    waiting_list = forms.IntegerField(
        label=_("Places on the waiting list"),
        min_value=0,
        max_value=MAX_PLACES,
        error_messages=BOUNDED,
    )
    closes_at = forms.DateTimeField(
        label=_("Registration closes at"),
        required=False,
        input_formats=[LOCAL_INPUT_FORMAT],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_INPUT_FORMAT),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Build the form; numbers get a numeric keyboard."""
        super().__init__(*args, **kwargs)
        for name in ("capacity", "waiting_list"):
            self.fields[name].widget.attrs.update(inputmode="numeric", max=str(MAX_PLACES))

    def clean(self) -> dict[str, Any]:
        """Refuse to open registration with no place."""
        data = super().clean() or {}
        if data.get("is_open") and data.get("capacity") == 0:
            self.add_error("capacity", _("Give the number of places to open registration."))
        return data


def settings_initial(settings: RegistrationSettings) -> dict[str, object]:
    """Return :class:`RegistrationSettingsForm`'s initial values, the closing time in the
    site's time zone."""
    closes_at = settings.closes_at
    return {
        "is_open": settings.is_open,
        "capacity": settings.capacity,
        "waiting_list": settings.waiting_list,
        "closes_at": timezone.localtime(closes_at) if closes_at is not None else None,
    }


#: Refusals worded for the organiser's desk otherwise than for the pair's private link.
DESK_MESSAGES = {
    Refusal.REGISTRATION_CHECKED_IN: _(
        "This pair is checked in as team %(number)s: withdraw or edit the team on the team "
        "list instead."
    ),
    Refusal.PLAYER_CHECKED_IN: _(
        "This player is checked in as player %(number)s: withdraw or edit the player on the "
        "players page instead."
    ),
}


def registration_refusal_message(
    code: Refusal, params: Mapping[str, RefusalParam], *, is_desk: bool = False
) -> str:
    """Return the translated message of a refused registration: the closing time is
    written in the site's time zone (« 12 décembre 2026 18:00 »); ``is_desk`` words it
    for the organiser (:data:`DESK_MESSAGES`)."""
    if is_desk and code in DESK_MESSAGES:
        return str(DESK_MESSAGES[code]) % params
    values = dict(params)
    closes_at = values.get("closes_at")
    if isinstance(closes_at, str):
        moment = parse_datetime(closes_at)
        if moment is not None:
            values["closes_at"] = formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")
    return service_error_message(code, values)
