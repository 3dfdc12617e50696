"""What every table view shares: the link check, the page's context, the answer to a write.

Access. An unknown token is a 404 that says nothing about other matches. A revoked link
is a 403 page. So is a round that is not being played: a draft, or a closed round (the
table link closes with its round, STYLE.md §4; the public match page keeps the results
for reading), and a table on paper, whose sheet the desk types (services/paper.py). A locked match (confirmed) is shown read-only. A token reaches its own
match only: deals are looked up in that match, so another match's numbers give 404.

Writes are POSTs with CSRF (base.html sends the token in htmx's headers) and call one
service each, which locks and re-checks everything. htmx gets the board fragment back
(``table_entry.html#board``: totals, the last deal in words, the deals, a fresh form);
without htmx a write redirects (Post/Redirect/Get) with a message. A refusal of a
service (a double tap, a stale form, a wrong PIN) is a message, never a 500.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django_htmx.http import push_url

from tournaments import selectors, services
from tournaments.forms.messages import service_error_message
from tournaments.forms.table import DisputeForm, PinForm, TableDealForm, deal_initial
from tournaments.models import ConfirmationMode, Deal, DealStatus, Round, TableLink, Team, TeamSide
from tournaments.presentation.breakdown import describe_deal
from tournaments.views.requests import HtmxHttpRequest

TEMPLATE = "tournaments/table_entry.html"
BOARD = f"{TEMPLATE}#board"
#: Where htmx scrolls after a refused form: the first field with an error (no spaces:
#: htmx splits its swap modifiers on them).
FIRST_ERROR = ".errorlist.nonfield,.field-errors:has(li),.field:has(.errorlist)"


@dataclass(frozen=True)
class Notice:
    """A message shown above the board: ``level`` is "success" or "error"."""

    level: str
    text: str


@dataclass(frozen=True)
class DealRow:
    """A deal as a team sees it: its words, and what this team may do with it."""

    deal: Deal
    words: str
    taker_team: Team
    may_edit: bool
    may_confirm: bool

    @property
    def status_label(self) -> str:
        """Return the deal's status as this team reads it: "waiting for you" when it is
        this team's turn to confirm."""
        if self.may_confirm and self.deal.status == DealStatus.PENDING:
            return _("Waiting for your confirmation")
        return self.deal.get_status_display()


def _refusal(link: TableLink) -> str:
    """Return why this link opens nothing ("revoked", "draft", "closed", "paper"), or "".

    A table switched to paper sheets typed at the desk ("paper") neither shows nor writes
    anything on its phones while it is on paper: the page says the desk enters it, and
    links to the public score sheet. Switched back, the same links work again.
    """
    if link.revoked_at is not None:
        return "revoked"
    status = link.match.round.status
    if status != Round.Status.PUBLISHED:
        return str(status)
    return "paper" if link.match.is_paper else ""


def table_link_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Look the link up by its token: 404 when unknown, 403 page when it opens nothing.

    The wrapped view gets the :class:`TableLink` instead of the token. Responses are never
    cached and ask robots not to index them (the URL is the secret).
    """

    @functools.wraps(view)
    def wrapper(request: HtmxHttpRequest, token: str, **kwargs: Any) -> HttpResponse:
        link = selectors.table_link_by_token(token=token)
        if link is None:
            raise Http404
        refusal = _refusal(link)
        if refusal:
            context = {"refusal": refusal, "match": link.match, "round": link.match.round}
            response = render(request, TEMPLATE, context, status=403)
            if request.htmx:
                response["HX-Refresh"] = "true"  # htmx swaps no 403: reload to show it
        else:
            response = view(request, link, **kwargs)
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response

    return never_cache(wrapper)


def _team_names(link: TableLink) -> tuple[str, str]:
    return (str(link.match.team_a), str(link.match.team_b))


def new_deal_form(link: TableLink, data: Mapping[str, Any] | None = None) -> TableDealForm:
    """Return the form for the next deal, carrying the number it will get."""
    return TableDealForm(
        data,
        initial={"deal_number": selectors.next_deal_number(match=link.match)},
        rules=link.match.round.tournament.rules,
        team_names=_team_names(link),
    )


def edit_form(link: TableLink, deal: Deal, data: Mapping[str, Any] | None = None) -> TableDealForm:
    """Return the form to correct ``deal``, filled with what was recorded."""
    return TableDealForm(
        data,
        initial=deal_initial(deal),
        rules=link.match.round.tournament.rules,
        team_names=_team_names(link),
        is_edit=True,
    )


def may_edit(link: TableLink, deal: Deal) -> bool:
    """Return True when this team recorded ``deal`` and it is not confirmed yet."""
    return deal.entered_by_side == link.side and deal.status != DealStatus.CONFIRMED


def _may_confirm(link: TableLink, deal: Deal) -> bool:
    """Return True when the other team recorded ``deal`` and it waits for this team."""
    return deal.entered_by_side not in ("", link.side) and deal.status != DealStatus.CONFIRMED


def page_context(
    link: TableLink,
    *,
    form: TableDealForm | None = None,
    editing: Deal | None = None,
    notice: Notice | None = None,
) -> dict[str, Any]:
    """Return the page's context for ``link``: the match, its deals as this team sees them,
    the form when the table may still write, and what is waiting for confirmation."""
    fresh = selectors.table_link_by_token(token=link.token)  # the match as the last write left it
    if fresh is None:  # the link was deleted meanwhile: like an unknown token
        raise Http404
    link = fresh
    match = link.match
    tournament = match.round.tournament
    is_classic = not tournament.rules.has_contract
    rows = [
        DealRow(
            deal,
            describe_deal(deal, is_classic=is_classic),
            taker_team=match.team_a if deal.taker == TeamSide.A else match.team_b,
            may_edit=may_edit(link, deal),
            may_confirm=_may_confirm(link, deal),
        )
        for deal in selectors.match_deals(match=match)
    ]
    is_writable = match.locked_at is None
    if editing is not None and not may_edit(link, editing):
        editing = None
    if form is None or (form.is_edit and editing is None):
        form = new_deal_form(link)
    if not is_writable or (match.is_complete and editing is None):
        form = None
    return {
        "link": link,
        "match": match,
        "round": match.round,
        "tournament": tournament,
        "rules": tournament.rules,
        "is_classic": is_classic,
        "is_confirm_mode": tournament.confirmation_mode == ConfirmationMode.CONFIRM,
        "is_writable": is_writable,
        "rows": rows,
        "last_row": rows[-1] if rows else None,
        "to_confirm": [row for row in rows if row.may_confirm],
        "own_waiting": [row for row in rows if row.may_edit],
        "unconfirmed": sum(row.deal.status != DealStatus.CONFIRMED for row in rows),
        "form": form,
        "editing": editing,
        "preview": form.preview() if form is not None else None,
        "pin_form": PinForm(),
        "dispute_form": DisputeForm(),
        "notice": notice,
    }


def answer(
    request: HtmxHttpRequest, link: TableLink, notice: Notice, *, status: int = 200
) -> HttpResponse:
    """Answer a write: htmx gets the fresh board with ``notice`` (and ``status``: 409 for a
    conflict), a plain form a redirect."""
    if request.htmx:
        response = render(request, BOARD, page_context(link, notice=notice), status=status)
        return push_url(response, link.get_absolute_url())
    level = messages.SUCCESS if notice.level == "success" else messages.ERROR
    messages.add_message(request, level, notice.text)
    return redirect(link)


def show(
    request: HtmxHttpRequest,
    link: TableLink,
    form: TableDealForm,
    *,
    editing: Deal | None = None,
    notice: Notice | None = None,
    status: int = 200,
) -> HttpResponse:
    """Show ``form`` (with its errors) on the board for htmx, or on the whole page.

    htmx only swaps a 2xx answer, so the board comes back as 200 with the errors in it.
    """
    context = page_context(link, form=form, editing=editing, notice=notice)
    if not request.htmx:
        return render(request, TEMPLATE, context, status=status)
    response = render(request, BOARD, context)
    if form.errors:  # scroll to the first error rather than to the totals
        response["HX-Reswap"] = f"outerHTML show:{FIRST_ERROR}:top"
    return response


def refused(refusal: services.ServiceError) -> Notice:
    """Return the notice that words a service's refusal."""
    return Notice("error", service_error_message(refusal.code, refusal.params))


def get_link_deal(link: TableLink, number: int) -> Deal:
    """Return deal ``number`` of this link's match, or 404 (another match's deal too)."""
    return get_object_or_404(Deal, match_id=link.match_id, deal_number=number)
