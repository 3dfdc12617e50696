"""Confirmation at the table: confirm the opponents' deals, dispute one, or confirm one's
own deals with the opponents' PIN typed on this phone."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.table import DisputeForm, PinForm
from tournaments.models import Seat
from tournaments.views.requests import HtmxHttpRequest
from tournaments.views.table.board import (
    Notice,
    answer,
    answer_refused,
    get_link_deal,
    seat_required,
    show_dispute,
)
from tournaments.views.table.once import sent_once


@require_POST
@seat_required
@sent_once
def table_confirm(request: HtmxHttpRequest, seat: Seat, number: int) -> HttpResponse:
    """Confirm one of the opponents' deals; 404 for a number no deal of the match has,
    before any refusal (the service reads every deal: no query of its own for it)."""
    try:
        written = services.confirm_deals_at_table(
            seat=seat, now=timezone.now(), deal_number=number, seen_versions=_seen(request)
        )
    except services.ServiceError as refusal:
        get_link_deal(seat, number)  # an unknown deal: 404 before any refusal, as always
        return answer_refused(request, seat, refusal)
    if all(deal.deal_number != number for deal in written.deals):
        raise Http404
    return answer(request, seat, _confirmed(number, written.count), written=written)


def _confirmed(number: int, count: int) -> Notice:
    if count == 0:
        return Notice("success", _("Deal %(number)s is already confirmed.") % {"number": number})
    return Notice("success", _("Deal %(number)s confirmed.") % {"number": number})


@require_POST
@seat_required
@sent_once
def table_confirm_all(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Confirm every deal of the opponents still waiting."""
    try:
        written = services.confirm_deals_at_table(
            seat=seat, now=timezone.now(), seen_versions=_seen(request)
        )
    except services.ServiceError as refusal:
        return answer_refused(request, seat, refusal)
    return answer(request, seat, _confirmed_count(written.count), written=written)


def _seen(request: HtmxHttpRequest) -> dict[int, int]:
    """Return the deal versions the phone showed (``seen=number:version`` fields).

    A phone that sends none (an old page) confirms nothing blind: the service then finds
    every deal "changed" and the page shows them as they are now.
    """
    seen = {}
    for value in request.POST.getlist("seen"):
        number, _colon, version = value.partition(":")
        if number.isascii() and number.isdigit() and version.isascii() and version.isdigit():
            seen[int(number[:6])] = int(version[:9])
    return seen


def _confirmed_count(count: int) -> Notice:
    if count == 0:
        return Notice("success", _("No deal was waiting for confirmation."))
    text = ngettext("%(count)s deal confirmed.", "%(count)s deals confirmed.", count)
    return Notice("success", text % {"count": count})


@require_POST
@seat_required
@sent_once
def table_dispute(request: HtmxHttpRequest, seat: Seat, number: int) -> HttpResponse:
    """Flag one of the opponents' deals as disputed; the organiser sees it and decides."""
    deal = get_link_deal(seat, number)
    form = DisputeForm(request.POST)
    if not form.is_valid():  # no reason given: 422, the reason's box says so
        return show_dispute(request, seat, deal.deal_number, form)
    note = form.cleaned_data["note"]
    try:
        services.dispute_deal(
            seat=seat, deal_number=deal.deal_number, note=note, now=timezone.now()
        )
    except services.ServiceError as refusal:
        return answer_refused(request, seat, refusal)
    text = _("Deal %(number)s disputed: the organiser has been told.")
    return answer(request, seat, Notice("success", text % {"number": deal.deal_number}))


@require_POST
@seat_required
@sent_once
def table_pin(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Confirm this team's waiting deals with the opponents' PIN typed on this phone."""
    form = PinForm(request.POST, is_pair=selectors.is_pair_seat(seat=seat))
    if not form.is_valid():
        return answer(request, seat, Notice("error", str(form.errors["pin"][0])), status=422)
    try:
        count = services.confirm_with_pin(
            seat=seat, pin=form.cleaned_data["pin"], now=timezone.now()
        )
    except services.ServiceError as refusal:
        return answer_refused(request, seat, refusal)
    return answer(request, seat, _confirmed_count(count))
