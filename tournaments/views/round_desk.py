"""Organiser views of a round being played: the tables' progress and the table links.

The progress fragment is polled by the round page (HTMX). The QR page prints one block
per table with each team's link as a QR code and its PIN; a link can be revoked (it
opens nothing any more) or renewed (a new token and PIN for that team).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.models import Match, TableLink, Team
from tournaments.qr import qr_code_svg
from tournaments.tables import progress_table
from tournaments.views.lookups import get_link, get_round, get_tournament_for_organiser, public_url

#: The round page asks for the tables' progress this often, in seconds.
PROGRESS_SECONDS = 10


@dataclass(frozen=True)
class TeamLinkCard:
    """One team's part of a table's block: its link (the newest, maybe revoked) and QR."""

    side: str
    team: Team
    link: TableLink | None
    url: str
    svg: SafeString | str


def _cards(request: HttpRequest, match: Match, links: dict[str, TableLink]) -> list:
    """Return each team's card of ``match``; none at a table on paper, which shows no code."""
    if match.is_paper:
        return []
    cards = []
    for side, team in (("A", match.team_a), ("B", match.team_b)):
        link = links.get(side)
        if link is None or not link.is_active:
            cards.append(TeamLinkCard(side, team, link, "", ""))
            continue
        url = public_url(request, link.get_absolute_url())
        title = _("Table %(table)s, team %(number)s") % {
            "table": match.table_number,
            "number": team.number,
        }
        cards.append(TeamLinkCard(side, team, link, url, qr_code_svg(url, title=title)))
    return cards


@login_required
def round_progress(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Return the tables' progress (an HTMX fragment the round page polls)."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    context = {
        "tournament": tournament,
        "round": round_,
        "progress_table": progress_table(request, round=round_),
        "progress_seconds": PROGRESS_SECONDS,
    }
    return render(request, "tournaments/round_manage.html#progress", context)


@login_required
def round_qr(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Show every table's two links as QR codes with their PINs, ready to print."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    links = selectors.round_links(round=round_)
    tables = [
        (match, _cards(request, match, links.get(match.pk, {})))
        for match in selectors.round_matches(round=round_)
    ]
    context = {"tournament": tournament, "round": round_, "tables": tables}
    return render(request, "tournaments/round_qr.html", context)


def _back_to_qr(link: TableLink, slug: str) -> HttpResponse:
    """Go back to the link's table on the QR page (its block's #fragment), where the
    organiser clicked, not to the top of the page."""
    page = reverse("tournaments:round-qr", kwargs={"slug": slug, "number": link.match.round.number})
    return redirect(f"{page}#table-{link.match.table_number}")


def _link_words(link: TableLink) -> dict:
    return {"side": link.side, "table": link.match.table_number}


@login_required
@require_POST
def link_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Revoke a table link: it opens nothing any more, until the organiser renews it."""
    link = get_link(get_tournament_for_organiser(request, slug), pk)
    services.revoke_link(link=link, now=timezone.now())
    messages.success(
        request, _("Link of team %(side)s at table %(table)s revoked.") % _link_words(link)
    )
    return _back_to_qr(link, slug)


@login_required
@require_POST
def link_regenerate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Give a team a new link (new QR code and PIN); the old one opens nothing any more."""
    link = get_link(get_tournament_for_organiser(request, slug), pk)
    services.regenerate_link(link=link, now=timezone.now())
    messages.success(
        request,
        _("New link for team %(side)s at table %(table)s: print its QR code again.")
        % _link_words(link),
    )
    return _back_to_qr(link, slug)
