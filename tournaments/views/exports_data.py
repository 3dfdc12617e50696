"""Organiser downloads: the tournament workbook (XLSX) and the standings and deals (CSV).

``?excel=fr`` on a CSV URL gives the French Excel variant (UTF-8 with BOM, ``;``).
Filenames come from the tournament's slug.
"""

from io import BytesIO

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest

from tournaments.exports import csv, xlsx
from tournaments.views.lookups import get_tournament_for_organiser

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"


def _is_french_excel(request: HttpRequest) -> bool:
    return request.GET.get("excel") == "fr"


@login_required
def tournament_xlsx(request: HttpRequest, slug: str) -> FileResponse:
    """Download the tournament's workbook: standings, matches, deals and teams."""
    tournament = get_tournament_for_organiser(request, slug)
    data = xlsx.tournament_xlsx(tournament=tournament)
    return FileResponse(
        BytesIO(data),
        as_attachment=True,
        filename=f"{tournament.slug}.xlsx",
        content_type=XLSX_CONTENT_TYPE,
    )


@login_required
def standings_csv(request: HttpRequest, slug: str) -> FileResponse:
    """Download the standings as CSV (``?excel=fr`` for French Excel)."""
    tournament = get_tournament_for_organiser(request, slug)
    data = csv.standings_csv(tournament=tournament, french_excel=_is_french_excel(request))
    return FileResponse(
        BytesIO(data),
        as_attachment=True,
        filename=f"{tournament.slug}-classement.csv",
        content_type=CSV_CONTENT_TYPE,
    )


@login_required
def deals_csv(request: HttpRequest, slug: str) -> FileResponse:
    """Download every deal as CSV (``?excel=fr`` for French Excel)."""
    tournament = get_tournament_for_organiser(request, slug)
    data = csv.deals_csv(tournament=tournament, french_excel=_is_french_excel(request))
    return FileResponse(
        BytesIO(data),
        as_attachment=True,
        filename=f"{tournament.slug}-donnes.csv",
        content_type=CSV_CONTENT_TYPE,
    )
