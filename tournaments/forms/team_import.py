"""The team import forms (CSV or XLSX): the file to preview, then the preview to save.

The words of the file's problem codes are in :mod:`tournaments.forms.messages`.
"""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: Largest team file accepted, in bytes: a few hundred teams take a few kilobytes.
TEAM_FILE_MAX_BYTES = 2 * 1024 * 1024


class TeamImportForm(forms.Form):
    """The team file to preview: CSV or XLSX, at most :data:`TEAM_FILE_MAX_BYTES`."""

    file = forms.FileField(
        label=_("Team file"),
        help_text=_(
            "CSV (.csv) or Excel (.xlsx), 2 MB at most. First line: number, player 1, "
            "player 2, club; only the players are required."
        ),
        error_messages={"required": _("Choose the file to import.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,.xlsx"}),
    )

    def clean_file(self) -> UploadedFile:
        """Refuse a file over the size limit before anything reads it."""
        upload = self.cleaned_data["file"]
        if upload.size > TEAM_FILE_MAX_BYTES:
            raise forms.ValidationError(
                gettext("This file is %(size)s: import a file of %(max)s at most.")
                % {"size": filesizeformat(upload.size), "max": filesizeformat(TEAM_FILE_MAX_BYTES)}
            )
        return upload


class TeamImportConfirmForm(forms.Form):
    """The preview to save, named by the token its upload was kept under."""

    token = forms.CharField(widget=forms.HiddenInput, max_length=64)
