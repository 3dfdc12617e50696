"""PDF downloads (tournaments.exports.pdf) and the prize list the standings PDF prints.

The score sheets, the team cards, the draw sheet and the filled match sheets are the
organiser's; the standings PDF is public, like the standings page.
"""

from io import BytesIO

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.exports import pdf
from tournaments.forms.prizes import PrizeListForm
from tournaments.services.prizes import set_prize_list
from tournaments.views.lookups import (
    get_public_round,
    get_round,
    get_tournament,
    get_tournament_for_organiser,
    public_url,
)


def _pdf_response(data: bytes, filename: str) -> FileResponse:
    return FileResponse(
        BytesIO(data), as_attachment=True, filename=filename, content_type="application/pdf"
    )


@login_required
def score_sheets_pdf(request: HttpRequest, slug: str, number: int) -> FileResponse:
    """Download the blank score sheets of a round, one per table (``?two_per_page=1``: two
    per page)."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    data = pdf.score_sheets_pdf(
        round=round_,
        two_per_page=request.GET.get("two_per_page") == "1",
        base_url=public_url(request, "/"),
    )
    return _pdf_response(data, f"{tournament.slug}-partie-{number}-feuilles.pdf")


@login_required
@require_http_methods(["GET", "POST"])
def team_cards_pdf(request: HttpRequest, slug: str) -> FileResponse:
    """Download the team cards, several to an A4 page: each team's QR code, address and
    own code for the whole concours. GET only reads (the teams that have a link); the
    desk's button POSTs, which first gives a link to each team that has none (a team
    registered since the draw). GET never writes (STYLE.md §4)."""
    tournament = get_tournament_for_organiser(request, slug)
    if request.method == "POST":
        services.ensure_team_links(tournament=tournament, now=timezone.now())
    data = pdf.team_cards_pdf(tournament=tournament, base_url=public_url(request, "/"))
    return _pdf_response(data, f"{tournament.slug}-cartes-equipes.pdf")


@login_required
def draw_sheet_pdf(request: HttpRequest, slug: str, number: int) -> FileResponse:
    """Download the draw of a round for the wall; a draft too, to check it."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    return _pdf_response(
        pdf.draw_sheet_pdf(round=round_), f"{tournament.slug}-partie-{number}-tirage.pdf"
    )


@login_required
def match_sheets_pdf(request: HttpRequest, slug: str, number: int) -> FileResponse:
    """Download the filled sheets of every match of a published or closed round."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_public_round(tournament, number)
    return _pdf_response(
        pdf.match_sheets_pdf(round=round_), f"{tournament.slug}-partie-{number}-resultats.pdf"
    )


def standings_pdf(request: HttpRequest, slug: str) -> FileResponse:
    """Download the standings, with the prizes when the organiser typed them (public)."""
    tournament = get_tournament(slug)
    return _pdf_response(
        pdf.standings_pdf(tournament=tournament), f"{tournament.slug}-classement.pdf"
    )


@login_required
def prize_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Type the prizes, one per line in rank order, for the standings PDF."""
    tournament = get_tournament_for_organiser(request, slug)
    is_melee = selectors.is_melee(tournament=tournament)  # prizes go to players (§H)
    initial = {"prizes": tournament.prize_list}
    form = PrizeListForm(request.POST or None, initial=initial, is_melee=is_melee)
    if request.method == "POST" and form.is_valid():
        set_prize_list(tournament=tournament, text=form.cleaned_data["prizes"])
        messages.success(request, _("Prize list saved."))
        return redirect("tournaments:prize-list", slug=tournament.slug)
    context = {"tournament": tournament, "form": form, "is_melee": is_melee}
    return render(request, "tournaments/prize_list.html", context)
