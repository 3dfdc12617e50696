"""Deal entry by an organiser on the match page, and the page's context (its deals, or the
totals of a match recorded by its paper sheet, RULES.md §G)."""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments import selectors, services
from tournaments.forms.deal import DealForm
from tournaments.forms.messages import service_error_message
from tournaments.forms.totals import MatchTotalsForm
from tournaments.models import Match, Round, Tournament
from tournaments.presentation.breakdown import describe_deal
from tournaments.presentation.seats import pair_players, side_names
from tournaments.presentation.totals import sheet_counts_text
from tournaments.views.lookups import get_match_for_organiser, is_organiser
from tournaments.views.match_audit import organiser_match_context
from tournaments.views.requests import AuthenticatedHttpRequest


def deal_form_for(
    match: Match, tournament: Tournament, data: Mapping[str, Any] | None = None
) -> DealForm:
    """Return the deal form for ``match`` under the tournament's rules.

    The form carries the number the next deal will get: a second submission of the same
    deal (a double tap, two phones) is then refused instead of recorded twice.
    """
    names = side_names(match)
    initial = {"deal_number": selectors.next_deal_number(match=match)}
    return DealForm(data, initial=initial, rules=tournament.rules, team_names=names)


def totals_form_for(
    match: Match, tournament: Tournament, data: Mapping[str, Any] | None = None
) -> MatchTotalsForm:
    """Return the form « Saisir les totaux de la table » of ``match`` (RULES.md §G)."""
    return MatchTotalsForm(
        data, match=match, rules=tournament.rules, match_format=tournament.engine_match_format
    )


def _can_type_totals(match: Match, has_deals: bool) -> bool:
    """Return True when the desk may type ``match``'s totals: no deal, a round being
    played, or a closed one whose totals it corrects (services/totals.py)."""
    status = match.round.status
    is_open = status == Round.Status.PUBLISHED
    return not has_deals and (is_open or (status == Round.Status.CLOSED and match.is_totals_only))


def match_page_context(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    form: DealForm | None = None,
    bound: forms.Form | None = None,
    totals_form: MatchTotalsForm | None = None,
) -> dict[str, Any]:
    """Return the match page's context: deals described in words, and the entry form.

    An organiser also gets the audit trail, the correction forms, the one-deal form for a
    table on phones (a table on paper is typed in its grid) and, for a match with no deal,
    the totals form; ``bound`` is a submitted correction form and
    ``totals_form`` a submitted totals form to show again with their errors. A match
    recorded by its totals has no deal: the page says « Totaux seulement » and the
    sheet's counts. The scoreboard shows the confirmed totals (``results``,
    selectors/results.py); while a deal waits, it says « en cours » and gives the
    provisional totals, every deal counted, apart.
    """
    is_classic = not tournament.rules.has_contract
    deals = [
        (deal, describe_deal(deal, is_classic=is_classic))
        for deal in selectors.match_deals(match=match)
    ]
    is_desk = is_organiser(request.user, tournament)
    # A table on paper is typed in its grid (« Saisir la feuille ») or by its totals.
    can_enter = (
        is_desk
        and match.round.status == Round.Status.PUBLISHED
        and not match.is_complete
        and not match.is_paper
    )
    if can_enter and form is None:
        form = deal_form_for(match, tournament)
    can_type_totals = is_desk and _can_type_totals(match, bool(deals))
    if can_type_totals and totals_form is None:
        totals_form = totals_form_for(match, tournament)
    context = {
        "tournament": tournament,
        "round": match.round,
        "match": match,
        "results": selectors.match_results(match=match),
        "deals": deals,
        "is_classic": is_classic,
        "form": form if can_enter else None,
        "is_organiser": is_desk,
        "totals_form": totals_form if can_type_totals else None,
        "sheet_counts": sheet_counts_text(match),
        # A mêlée's pairs by their players' numbers (« 5 Louis Chevalier / 10 René Blanc »):
        # a pair's own number reads as a player's (RULES.md §H). None in doublettes.
        "pair_a": pair_players(match.team_a),
        "pair_b": pair_players(match.team_b),
    }
    if is_desk:
        rows = [deal for deal, _description in deals]
        context |= organiser_match_context(tournament, match, rows, bound)
    return context


def show_match_page(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    *,
    form: DealForm | None = None,
    bound: forms.Form | None = None,
    totals_form: MatchTotalsForm | None = None,
    status: int = 422,
) -> HttpResponse:
    """Render the match page again with a refused ``form`` (a new deal), ``bound`` (a
    correction) or ``totals_form`` (the sheet's totals), its errors beside their fields."""
    context = match_page_context(request, tournament, match, form, bound, totals_form)
    return render(request, "tournaments/match_detail.html", context, status=status)


def _recording(request: AuthenticatedHttpRequest, form: DealForm) -> dict[str, Any]:
    """Return what :func:`services.record_deal` takes from the organiser's deal form."""
    return {
        "entry": form.cleaned_data["entry"],
        "now": timezone.now(),
        "author": services.Author(user=request.user),
        "deal_number": form.cleaned_data["deal_number"],
    }


@login_required
def deal_create(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
    """Record one deal through the engine; errors go back beside their fields.

    A GET (after logging in again, or a reload) goes back to the match page.
    """
    tournament, match = get_match_for_organiser(request, slug, number, table)
    if request.method != "POST":
        return redirect(match)
    form = deal_form_for(match, tournament, request.POST)
    if form.is_valid():
        try:
            deal = services.record_deal(match=match, **_recording(request, form))
            messages.success(request, _("Deal %(number)s recorded.") % {"number": deal.deal_number})
            return redirect(match)
        except scoring.InvalidDeal as invalid:  # only if the rules changed since the form
            form.add_engine_error(invalid.error)
        except services.ServiceError as refusal:
            messages.error(request, service_error_message(refusal.code, refusal.params))
            return redirect(match)
    return show_match_page(request, tournament, match, form=form)
