"""Organiser views: create a tournament, change its settings, the preset summary fragment."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.forms.messages import service_error_message
from tournaments.forms.setup import PRESET_SUMMARIES, TournamentForm, organiser_clubs
from tournaments.models import Tournament
from tournaments.views.lookups import get_tournament, get_tournament_for_organiser
from tournaments.views.requests import AuthenticatedHttpRequest


@login_required
def tournament_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create a tournament for one of the organiser's clubs."""
    form = TournamentForm(request.POST or None, clubs=organiser_clubs(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(
                club=form.cleaned_data["club"], settings=form.settings(), is_melee=form.is_melee
            )
        except services.ServiceError as refusal:
            form.add_error("name", service_error_message(refusal.code, refusal.params))
        else:
            return _created(request, tournament, is_melee=form.is_melee)
    return _form_page(request, form)


def _created(request: HttpRequest, tournament: Tournament, *, is_melee: bool) -> HttpResponse:
    """Say the tournament is created and open its teams, or its players for a mêlée."""
    if is_melee:
        messages.success(request, _("Mêlée created. Now register the players."))
        return redirect("tournaments:melee-players", slug=tournament.slug)
    messages.success(request, _("Tournament created. Now register the teams."))
    return redirect("tournaments:team-list", slug=tournament.slug)


@login_required
def tournament_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Change a tournament's settings (the rules only until round 1 is published)."""
    tournament = get_tournament_for_organiser(request, slug)
    # The form gets its own copy: validating it changes its instance, not the page's.
    form = TournamentForm(request.POST or None, instance=get_tournament(slug), clubs=None)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(tournament=tournament, settings=form.settings())
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Settings saved."))
            return redirect("tournaments:tournament-manage", slug=tournament.slug)
    return _form_page(request, form, tournament)


def _form_page(
    request: HttpRequest, form: TournamentForm, tournament: Tournament | None = None
) -> HttpResponse:
    """Render the settings form of a new tournament, or of ``tournament`` as stored."""
    context: dict[str, object] = {"form": form, "summary": _summary(form)}
    if tournament is None:
        context["has_club"] = form.has_clubs
    else:
        context |= {"tournament": tournament, "is_frozen": services.is_settings_frozen(tournament)}
    return render(request, "tournaments/tournament_form.html", context)


def _summary(form: TournamentForm) -> str:
    preset = form["rules_preset"].value()
    return str(PRESET_SUMMARIES.get(preset, ""))


def preset_summary(request: HttpRequest) -> HttpResponse:
    """Return the one-line summary of the preset chosen in the form (an HTMX fragment)."""
    summary = PRESET_SUMMARIES.get(request.GET.get("rules_preset", ""), "")
    return HttpResponse(str(summary))
