"""Organiser views of a round being played: the tables' progress and the table links.

The progress fragment is polled by the round page (HTMX). The QR page prints one block
per table with each team's link (one for the whole concours) as a QR code and its code;
a link can be revoked (it opens nothing any more) or renewed (a new token and code for
that team), both kept in the link's history with who did it.
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
from tournaments.models import Match, Team, TeamLink
from tournaments.qr import qr_code_svg
from tournaments.tables import progress_table
from tournaments.views.lookups import get_link, get_round, get_tournament_for_organiser, public_url
from tournaments.views.requests import AuthenticatedHttpRequest

#: The round page asks for the tables' progress this often, in seconds.
PROGRESS_SECONDS = 10


@dataclass(frozen=True)
class TeamLinkCard:
    """One team's part of a table's block: its link (the newest, maybe revoked) and QR."""

    side: str
    team: Team
    link: TeamLink | None
    url: str
    svg: SafeString | str


def _cards(request: HttpRequest, match: Match, links: dict[str, TeamLink]) -> list:
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
    is_melee = selectors.is_melee(tournament=tournament)
    context = {"tournament": tournament, "round": round_, "tables": tables, "is_melee": is_melee}
    return render(request, "tournaments/round_qr.html", context)


def _back(request: HttpRequest, slug: str, link: TeamLink) -> HttpResponse:
    """Go back to the QR page of the round the form was on, at the team's table there (its
    block's #fragment, where the organiser clicked), else to the concours' desk."""
    number = request.POST.get("round", "")
    if not (number.isascii() and number.isdigit() and 0 < int(number[:3]) < 1000):
        return redirect("tournaments:tournament-manage", slug=slug)
    page = reverse("tournaments:round-qr", kwargs={"slug": slug, "number": int(number)})
    seat = selectors.team_seat(link=link, round_number=int(number))
    return redirect(f"{page}#table-{seat.match.table_number}" if seat else page)


@login_required
@require_POST
def link_revoke(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Revoke a team's link: it opens nothing any more, until the organiser renews it."""
    link = get_link(get_tournament_for_organiser(request, slug), pk)
    services.revoke_link(link=link, now=timezone.now(), user=request.user)
    messages.success(request, _("Link of team %(number)s revoked.") % {"number": link.team.number})
    return _back(request, slug, link)


@login_required
@require_POST
def link_regenerate(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Give a team a new link (new QR code and code); the old one opens nothing any more."""
    link = get_link(get_tournament_for_organiser(request, slug), pk)
    services.regenerate_link(link=link, now=timezone.now(), user=request.user)
    messages.success(
        request,
        _("New link for team %(number)s: print its team card again.")
        % {"number": link.team.number},
    )
    return _back(request, slug, link)
