"""Organiser views on the match page: confirm, correct or delete a deal, unlock a match.

Each change needs a reason, kept in the audit trail with who and when; confirming a
waiting deal as it stands needs none. A correction replays
the match; the standings follow, and a draft draw of a later round is drawn again.
In a closed round the services refuse a deletion, an unlock, and a correction that would
leave the match unfinished: the refusal is shown and nothing is saved.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring
from tournaments import services
from tournaments.forms.corrections import ConfirmDealForm, DealCorrectionForm
from tournaments.forms.messages import confirmation_error_message, correction_error_message
from tournaments.models import Match, Tournament
from tournaments.views.entry import show_match_page
from tournaments.views.lookups import get_deal, get_match_for_organiser
from tournaments.views.match_audit import correction_form_for, delete_form_for, unlock_form
from tournaments.views.requests import AuthenticatedHttpRequest


def _show_errors(
    request: HttpRequest, tournament: Tournament, match: Match, form: forms.Form
) -> HttpResponse:
    """Render the match page with ``form``'s errors in its open panel. The form was posted
    to its address with the panel's #fragment (match_organiser.html), so the browser
    shows the panel and its errors, not the top of the page."""
    return show_match_page(request, tournament, match, bound=form)


def _top_of(match: Match) -> HttpResponse:
    """Redirect to the top of the match page, where the messages are. The explicit
    #fragment replaces the panel's, which a redirect would otherwise keep."""
    return redirect(f"{match.get_absolute_url()}#content")


def _refused(request: HttpRequest, refusal: services.ServiceError) -> None:
    """Say why, at the top of the match page."""
    messages.error(request, correction_error_message(refusal.code, refusal.params))


def _correction(request: AuthenticatedHttpRequest, form: DealCorrectionForm) -> dict[str, Any]:
    """Return what :func:`services.correct_deal` takes from the organiser's form."""
    data = form.cleaned_data
    return {
        "entry": data["entry"],
        "version": data["version"],
        "now": timezone.now(),
        "author": services.Author(user=request.user),
        "reason": data["reason"],
    }


@login_required
@require_POST
def deal_correct(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int, deal: int
) -> HttpResponse:
    """Change a recorded deal, with a reason; a stale version is refused."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    form = correction_form_for(get_deal(match, deal), match, tournament, request.POST)
    if form.is_valid():
        try:
            corrected = services.correct_deal(deal=form.deal, **_correction(request, form))
        except scoring.InvalidDeal as invalid:  # only if the rules changed since the form
            form.add_engine_error(invalid.error)
        except services.ServiceError as refusal:
            return _refused_correction(request, tournament, match, form, refusal)
        else:
            _corrected_messages(request, deal, corrected)
            return _top_of(match)
    return _show_errors(request, tournament, match, form)


def _refused_correction(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    form: DealCorrectionForm,
    refusal: services.ServiceError,
) -> HttpResponse:
    """Show a correction the services refused: in its open panel, beside the organiser's
    values, unless the deal changed meanwhile; then the message says to check it in the
    deals table, at the top of the page, where the deal is shown as it is now."""
    if refusal.code == services.Refusal.STALE:
        _refused(request, refusal)
        return _top_of(match)
    form.add_error(None, correction_error_message(refusal.code, refusal.params))
    return _show_errors(request, tournament, match, form)


def _corrected_messages(request: HttpRequest, number: int, corrected: services.Correction) -> None:
    """Say whether deal ``number`` changed."""
    if corrected.is_changed:
        text = _("Deal %(number)s corrected.")
    else:
        text = _("Deal %(number)s already had these values: nothing changed.")
    messages.success(request, text % {"number": number})


@login_required
@require_POST
def deal_confirm(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int, deal: int
) -> HttpResponse:
    """Confirm a waiting or disputed deal as it stands (the organiser settles it)."""
    match = get_match_for_organiser(request, slug, number, table)[1]
    row = get_deal(match, deal)
    form = ConfirmDealForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("This form is out of date: reload the page and try again."))
        return redirect(match)
    try:
        services.confirm_deal_by_organiser(
            deal=row, version=form.cleaned_data["version"], now=timezone.now(), user=request.user
        )
    except services.ServiceError as refusal:
        messages.error(request, confirmation_error_message(refusal.code, refusal.params))
    else:
        messages.success(request, _("Deal %(number)s confirmed.") % {"number": deal})
    return redirect(match)


@login_required
@require_POST
def deal_delete(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int, deal: int
) -> HttpResponse:
    """Delete a recorded deal, with a reason; the match is replayed without it."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    row = get_deal(match, deal)
    form = delete_form_for(row, request.POST)
    if not form.is_valid():
        return _show_errors(request, tournament, match, form)
    author = services.Author(user=request.user)
    try:
        services.delete_deal(
            deal=row, reason=form.cleaned_data["reason"], now=timezone.now(), author=author
        )
    except services.ServiceError as refusal:
        _refused(request, refusal)
        return _top_of(match)
    messages.success(request, _("Deal %(number)s deleted.") % {"number": deal})
    return _top_of(match)


@login_required
@require_POST
def match_unlock(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
    """Unlock a confirmed match, with a reason, so that the table can change it again."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    if match.locked_at is None:
        messages.info(request, _("Table %(table)s is not locked.") % {"table": table})
        return redirect(match)
    form = unlock_form(request.POST)
    if not form.is_valid():
        return _show_errors(request, tournament, match, form)
    _unlock(request, match, form.cleaned_data["reason"])
    return _top_of(match)


def _unlock(request: AuthenticatedHttpRequest, match: Match, reason: str) -> None:
    """Unlock ``match`` for the table and say so, or say why not (a closed round)."""
    try:
        services.unlock_match(match=match, reason=reason, now=timezone.now(), user=request.user)
    except services.ServiceError as refusal:
        _refused(request, refusal)
        return
    text = _("Table %(table)s unlocked: the teams can change it again.")
    messages.success(request, text % {"table": match.table_number})
