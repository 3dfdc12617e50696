"""Forms of the organiser’s corrections on the match page: confirm, change or delete a deal, unlock.

Each needs a reason, kept in the audit trail. Every deal of the page has its own forms,
told apart by a prefix (``correct-3``, ``delete-3``), so that an error shows beside the
field of the deal it concerns. The words of the refusals are in
:mod:`tournaments.forms.messages` (:func:`correction_error_message`).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.forms.deal import DealForm
from tournaments.forms.messages import REASON_REQUIRED
from tournaments.models import Deal


def _reason_field(label: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=200,
        error_messages={"required": REASON_REQUIRED},
    )


def _contract_initial(deal: Deal) -> str:
    if deal.is_capot_bid:
        return scoring.CAPOT
    return "" if deal.contract_value is None else str(deal.contract_value)


class DealCorrectionForm(DealForm):
    """Every input of a recorded deal, the version the organiser saw, and a reason."""

    version = forms.IntegerField(min_value=1, max_value=2_000_000_000, widget=forms.HiddenInput)
    reason = _reason_field(_("Reason for the correction"))

    def __init__(self, *args, deal: Deal, **kwargs):
        kwargs.setdefault("prefix", f"correct-{deal.deal_number}")
        kwargs.setdefault(
            "initial",
            {
                "version": deal.version,
                "taker": deal.taker,
                "is_passed": deal.is_passed,
                "trump": deal.trump,
                "contract": _contract_initial(deal),
                "coinche": deal.coinche_level,
                "taker_tricks": deal.taker_tricks,
                "taker_card_points": deal.taker_card_points,
                "defence_card_points": deal.defence_card_points,
                "taker_belotes": deal.taker_belotes,
                "defence_belotes": deal.defence_belotes,
                "taker_declarations": deal.taker_declarations,
                "defence_declarations": deal.defence_declarations,
            },
        )
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
        if data["taker"] != self.deal.taker:
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

    def __init__(self, *args, label: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].label = label
        self.fields["reason"].widget.attrs["aria-describedby"] = (
            f"{self.add_prefix('reason')}-errors"
        )


class ConfirmDealForm(forms.Form):
    """The version of a waiting deal the organiser saw, to confirm it as it stands."""

    version = forms.IntegerField(min_value=1, max_value=2_000_000_000, widget=forms.HiddenInput)
