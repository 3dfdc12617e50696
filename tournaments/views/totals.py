"""The desk types a table's paper sheet by its two totals (RULES.md §G), on the match page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring
from tournaments import services
from tournaments.forms.messages import service_error_message
from tournaments.forms.totals import MatchTotalsForm
from tournaments.views.entry import show_match_page, totals_form_for
from tournaments.views.lookups import get_match_for_organiser
from tournaments.views.requests import AuthenticatedHttpRequest


def _recording(request: AuthenticatedHttpRequest, form: MatchTotalsForm) -> dict[str, Any]:
    """Return what :func:`services.record_match_totals` takes from the desk's form."""
    return {
        "totals": form.cleaned_data["totals"],
        "now": timezone.now(),
        "author": services.Author(user=request.user),
        "reason": form.cleaned_data["reason"],
    }


@login_required
@require_POST
def match_totals(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
    """Record (or correct) a match by the two totals of its sheet; errors go back beside
    their fields, and a sum that does not add up asks for the reason."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    form = totals_form_for(match, tournament, request.POST)
    if form.is_valid():
        try:
            services.record_match_totals(match=match, **_recording(request, form))
        except scoring.InvalidTotals as invalid:  # only if the rules changed since the form
            form.add_totals_error(invalid.error, form.cleaned_data["totals"])
        except services.ServiceError as refusal:
            messages.error(request, service_error_message(refusal.code, refusal.params))
            return redirect(match)
        else:
            messages.success(request, _("Totals of table %(table)s recorded.") % {"table": table})
            return redirect(match)
    return show_match_page(request, tournament, match, totals_form=form)
