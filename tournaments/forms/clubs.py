"""The forms of a club's pages: its name, a co-organiser to add."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UsernameField
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club
from tournaments.text import clean_name

#: The longest club name (Club.name).
MAX_CLUB_NAME_LENGTH = Club._meta.get_field("name").max_length


class ClubForm(forms.Form):
    """A club's name, to create the club or rename it (services.create_club, rename_club:
    they refuse a name another club has, without case)."""

    name = forms.CharField(label=_("Club name"), max_length=MAX_CLUB_NAME_LENGTH)

    def clean_name(self) -> str:
        """Clean the name as it is stored: "Club\\x7f" is "Club"; nothing left is an error."""
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Name: enter the club's name."), code="required")
        return name


class OrganiserForm(forms.Form):
    """A co-organiser: the username she logs in with, and her name (services.add_organiser)."""

    username = UsernameField(
        label=_("Username"),
        max_length=150,
        validators=[
            UnicodeUsernameValidator(
                message=_("Username: letters, digits and @ . + - _ only, without spaces.")
            )
        ],
        help_text=_("Letters, digits and @ . + - _ only: the name she logs in with."),
    )
    full_name = forms.CharField(label=_("Name"), max_length=150, required=False)

    def clean_full_name(self) -> str:
        """Clean the name as a name is stored (tournaments.text.clean_name)."""
        return clean_name(self.cleaned_data["full_name"])
