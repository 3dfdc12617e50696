"""Organiser views: download a tournament's archive, restore one (tournaments/archive/)."""

from io import BytesIO

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.archive import ArchiveError, restore_tournament, tournament_archive
from tournaments.forms.archive import RestoreForm, restore_refused_message
from tournaments.forms.setup import organiser_clubs
from tournaments.views.lookups import get_tournament_for_organiser
from tournaments.views.requests import AuthenticatedHttpRequest

JSON_CONTENT_TYPE = "application/json"


@login_required
def tournament_archive_download(request: HttpRequest, slug: str) -> FileResponse:
    """Download the whole tournament as one archive, named with the day and time."""
    tournament = get_tournament_for_organiser(request, slug)
    now = timezone.now()
    data = tournament_archive(tournament=tournament, now=now)
    return FileResponse(
        BytesIO(data),
        as_attachment=True,
        filename=f"{tournament.slug}-sauvegarde-{timezone.localtime(now):%Y-%m-%d-%H%M}.json",
        content_type=JSON_CONTENT_TYPE,
    )


@login_required
def tournament_restore(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Restore a tournament from an archive, for one of the organiser's clubs."""
    clubs = organiser_clubs(request.user)
    form = RestoreForm(request.POST or None, request.FILES or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = restore_tournament(
                data=data["file"].read(), now=timezone.now(), club=data["club"], name=data["name"]
            )
        except ArchiveError as error:
            form.add_error("file", restore_refused_message(error.problem))
        else:
            messages.success(request, _("Tournament “%(name)s” restored.") % {"name": tournament})
            return redirect("tournaments:tournament-manage", slug=tournament.slug)
    context = {"form": form, "has_club": form.has_clubs}
    return render(request, "tournaments/tournament_restore.html", context)
