"""Forms of the organiser’s corrections on the match page: confirm, change or delete a deal, unlock.

Each needs a reason, kept in the audit trail. Every deal of the page has its own forms,
told apart by a prefix (``correct-3``, ``delete-3``), so that an error shows beside the
field of the deal it concerns. The words of the refusals are in
:mod:`tournaments.forms.messages` (:func:`correction_error_message`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.bounds import BOUNDED
from tournaments.forms.deal import DealForm, entry_initial
from tournaments.forms.messages import REASON_REQUIRED
from tournaments.models import MAX_DEAL_VERSION, Deal

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _reason_field(label: StrOrPromise) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=200,
        error_messages={"required": REASON_REQUIRED},
    )


class DealCorrectionForm(DealForm):
    """Every input of a recorded deal, the version the organiser saw, and a reason."""

    version = forms.IntegerField(
        min_value=1, max_value=MAX_DEAL_VERSION, error_messages=BOUNDED, widget=forms.HiddenInput
    )
    reason = _reason_field(_("Reason for the correction"))

    def __init__(self, *args: Any, deal: Deal, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", f"correct-{deal.deal_number}")
        kwargs.setdefault("initial", {"version": deal.version, **entry_initial(deal.entry)})
        super().__init__(*args, **kwargs)
        self.deal = deal
        # The deal's number comes from the URL.
        del self.fields["deal_number"]
        for name, field in self.fields.items():
            field.widget.attrs["aria-describedby"] = f"{self.add_prefix(name)}-errors"

    def declarations_text(self) -> tuple[str, str]:
        """Return the declarations as announced at the table, kept for each side whose
        declaration points did not change; otherwise they no longer say what was announced."""
        data = self.cleaned_data
        if data.get("taker") != self.deal.taker:
            return "", ""
        kept = []
        for side in ("taker", "defence"):
            points = data.get(f"{side}_declarations") or 0
            unchanged = points == getattr(self.deal, f"{side}_declarations")
            kept.append(getattr(self.deal, f"{side}_declarations_text") if unchanged else "")
        return kept[0], kept[1]


class ReasonForm(forms.Form):
    """Only a reason, under ``label``: to delete a deal or to unlock a match."""

    reason = _reason_field(_("Reason"))

    def __init__(self, *args: Any, label: StrOrPromise, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["reason"].label = label
        self.fields["reason"].widget.attrs["aria-describedby"] = (
            f"{self.add_prefix('reason')}-errors"
        )


class ConfirmDealForm(forms.Form):
    """The version of a waiting deal the organiser saw, to confirm it as it stands."""

    version = forms.IntegerField(
        min_value=1, max_value=MAX_DEAL_VERSION, error_messages=BOUNDED, widget=forms.HiddenInput
    )
