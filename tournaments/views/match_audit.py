"""The organiser's part of the match page: the audit trail and the correction forms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.forms.corrections import DealCorrectionForm, ReasonForm
from tournaments.models import Deal, Match, Round, Tournament
from tournaments.presentation.audit import audit_entries
from tournaments.presentation.seats import side_names


def correction_form_for(
    deal: Deal, match: Match, tournament: Tournament, data: Mapping[str, Any] | None = None
) -> DealCorrectionForm:
    """Return the correction form of ``deal``, filled with what is recorded."""
    names = side_names(match)
    return DealCorrectionForm(data, deal=deal, rules=tournament.rules, team_names=names)


def delete_form_for(deal: Deal, data: Mapping[str, Any] | None = None) -> ReasonForm:
    """Return the form that deletes ``deal`` (a reason only)."""
    return ReasonForm(data, prefix=f"delete-{deal.deal_number}", label=_("Reason for deleting it"))


def unlock_form(data: Mapping[str, Any] | None = None) -> ReasonForm:
    """Return the form that unlocks a match (a reason only)."""
    return ReasonForm(data, prefix="unlock", label=_("Reason for unlocking"))


def organiser_match_context(
    tournament: Tournament, match: Match, deals: list[Deal], bound: forms.Form | None = None
) -> dict[str, Any]:
    """Return the audit trail, a correction and a delete form per deal, the unlock form.

    In a closed round a deal cannot be deleted nor the match unlocked (services/draws.py):
    the delete forms and the unlock form are None there, and only corrections are offered.
    ``bound`` is a submitted form with its errors: it replaces the blank form with the
    same prefix, and its deal's correction panel is shown open.
    """
    bound_prefix = bound.prefix if bound is not None else None

    def pick(form: forms.Form) -> forms.Form:
        return bound if bound is not None and form.prefix == bound.prefix else form

    is_closed = match.round.status == Round.Status.CLOSED
    corrections = [
        (
            deal,
            pick(correction_form_for(deal, match, tournament)),
            None if is_closed else pick(delete_form_for(deal)),
        )
        for deal in deals
    ]
    is_unlockable = match.locked_at is not None and match.round.status == Round.Status.PUBLISHED
    return {
        "audit": audit_entries(
            deal_records=selectors.match_history(match=match),
            unlock_records=selectors.match_unlocks(match=match),
            rules=tournament.rules,
            match_format=tournament.engine_match_format,
        ),
        "corrections": corrections,
        "open_correction": bound_prefix,
        "unlock_form": pick(unlock_form()) if is_unlockable else None,
    }
