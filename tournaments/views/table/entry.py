"""Table entry: the page, record the next deal, correct one's own deal, the live preview."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import scoring
from tournaments import selectors, services
from tournaments.forms.table import TableDealForm
from tournaments.models import Deal, DealStatus, Seat, TeamLink
from tournaments.views.requests import HtmxHttpRequest
from tournaments.views.table.board import (
    TEMPLATE,
    Notice,
    answer,
    answer_refused,
    edit_form,
    get_link_deal,
    may_edit,
    new_deal_form,
    page_context,
    refusal_status,
    refused,
    seat_required,
    show,
    team_link_required,
    team_page,
)
from tournaments.views.table.once import sent_once


def _as_double_tap(seat: Seat, data: dict, refusal: services.ServiceError) -> Notice:
    """Word a refused new deal; a second tap of the same deal is no error.

    The services find the match over (or locked, in trust mode) before they look at the
    number: a second tap on a match's last deal is "already recorded" too. When the deal
    recorded under that number is the one this team sent, the phone is only told, calmly,
    that its deal is in: the board then shows it, with a clean form for the next one.
    """
    number = data["deal_number"]
    is_over = refusal.code in (services.Refusal.MATCH_FINISHED, services.Refusal.MATCH_LOCKED)
    if is_over and selectors.next_deal_number(match=seat.match) > number:
        refusal = services.ServiceError(services.Refusal.DEAL_EXISTS, number=number)
    if refusal.code == services.Refusal.DEAL_EXISTS and selectors.is_recorded_as(
        match=seat.match, deal_number=number, entry=data["entry"], side=seat.side
    ):
        return Notice("success", _("Deal %(number)s is recorded.") % {"number": number})
    return refused(refusal)


def _status(notice: Notice, refusal: services.ServiceError) -> int:
    """Return 200 for a calm double tap, else the refusal's 4xx (board.refusal_status):
    409 for a number already recorded, 422 for a number that is not the next one."""
    return 200 if notice.level == "success" else refusal_status(refusal.code)


def _recorded(written: services.TableWrite) -> Notice:
    deal = written.deal
    assert deal is not None  # services.enter_deal records one, or raises
    if deal.status == DealStatus.CONFIRMED:
        text = _("Deal %(number)s recorded.")
    else:
        text = _("Deal %(number)s recorded: the opponents confirm it on their phone.")
    return Notice("success", text % {"number": deal.deal_number})


@require_GET
@team_link_required
def table_entry(request: HtmxHttpRequest, link: TeamLink) -> HttpResponse:
    """Show the team's page: where it plays now, its rank, and its match (totals, deals in
    words, the form, what to confirm) while a partie is played."""
    return team_page(request, link)


@require_POST
@seat_required
@sent_once
def table_deal(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Record the next deal; the deal number the phone expected guards against double taps."""
    form = new_deal_form(seat, request.POST)
    if not form.is_valid():
        return show(request, seat, form, status=422)
    data = form.cleaned_data
    try:
        written = services.enter_deal(
            seat=seat, entry=data["entry"], deal_number=data["deal_number"], now=timezone.now()
        )
    except scoring.InvalidDeal as invalid:  # only if the rules changed since the form checked
        form.add_engine_error(invalid.error)
        return show(request, seat, form, status=422)
    except services.ServiceError as refusal:
        notice = _as_double_tap(seat, data, refusal)
        return answer(request, seat, notice, status=_status(notice, refusal))
    return answer(request, seat, _recorded(written), written=written)


@require_http_methods(["GET", "POST"])
@seat_required
@sent_once
def table_deal_edit(request: HtmxHttpRequest, seat: Seat, number: int) -> HttpResponse:
    """Correct a deal this team recorded while it is not confirmed (GET shows the form)."""
    deal = get_link_deal(seat, number)
    if not may_edit(seat, deal):
        return _not_editable(request, seat, deal)
    form = edit_form(seat, deal, request.POST if request.method == "POST" else None)
    if not form.is_valid():
        status = 422 if form.is_bound else 200
        return show(request, seat, form, editing=deal, status=status)
    return _save_correction(request, seat, deal, form)


def _not_editable(request: HtmxHttpRequest, seat: Seat, deal: Deal) -> HttpResponse:
    """Refuse to correct the other team's deal or a confirmed one, saying why (403)."""
    is_yours = deal.entered_by_side == seat.side
    code = services.Refusal.ALREADY_CONFIRMED if is_yours else services.Refusal.NOT_YOURS
    notice = refused(services.ServiceError(code, number=deal.deal_number))
    if request.method == "POST":
        return answer(request, seat, notice, status=403)
    return render(request, TEMPLATE, page_context(seat, notice=notice), status=403)


def _save_correction(
    request: HtmxHttpRequest, seat: Seat, deal: Deal, form: TableDealForm
) -> HttpResponse:
    """Save the corrected deal; a stale form shows the deal as it is now, to check again."""
    data = form.cleaned_data
    try:
        corrected = services.edit_deal_at_table(
            seat=seat, deal=deal, entry=data["entry"], version=data["version"], now=timezone.now()
        )
    except services.ServiceError as refusal:
        if refusal.code != services.Refusal.STALE:
            return answer_refused(request, seat, refusal)
        deal.refresh_from_db()
        fresh = edit_form(seat, deal)
        return show(request, seat, fresh, editing=deal, notice=refused(refusal), status=409)
    if corrected.is_changed:
        text = _("Deal %(number)s corrected: the opponents confirm it again.")
    else:
        text = _("Nothing changed: deal %(number)s stays as it was.")
    return answer(request, seat, Notice("success", text % {"number": deal.deal_number}))


@require_POST
@seat_required
def table_preview(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Return the defence's card points and the declarations that count, as filled in.

    Reads and writes nothing but the form: htmx swaps the two outputs out of band.
    """
    form = new_deal_form(seat, request.POST)
    context = {"form": form, "preview": form.preview(), "rules": form.rules, "oob": True}
    return render(request, f"{TEMPLATE}#preview", context)
