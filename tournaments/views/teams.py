"""Organiser views: the teams of a tournament (register, edit, remove, check in, withdraw)."""

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.messages import service_error_message
from tournaments.forms.setup import TeamForm
from tournaments.models import Team
from tournaments.services.registration import TeamData
from tournaments.views.lookups import get_tournament_for_organiser


def _team_data(form: TeamForm) -> TeamData:
    data = form.cleaned_data
    return TeamData(data["player_1"], data["player_2"], data["club"], data["number"])


def _back(tournament):
    return redirect("tournaments:team-list", slug=tournament.slug)


@login_required
def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    """List the teams with their state, and register a new one."""
    tournament = get_tournament_for_organiser(request, slug)
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = services.register_team(
                tournament=tournament, data=_team_data(form), rng=random.Random()
            )
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Team %(number)s registered.") % {"number": team.number})
            return _back(tournament)
    context = {
        "tournament": tournament,
        "teams": selectors.tournament_teams(tournament=tournament),
        "form": form,
    }
    return render(request, "tournaments/team_list.html", context)


@login_required
def team_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Change a team's number, players or club."""
    tournament = get_tournament_for_organiser(request, slug)
    team = get_object_or_404(
        Team.objects.select_related("club"), tournament=tournament, number=number
    )
    initial = {
        "number": team.number,
        "player_1": team.player_1,
        "player_2": team.player_2,
        "club": team.club.name if team.club else "",
    }
    form = TeamForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_team(team=team, data=_team_data(form))
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Team saved."))
            return _back(tournament)
    context = {"tournament": tournament, "team": team, "form": form}
    return render(request, "tournaments/team_form.html", context)


def _team_action(request, slug, number, action, done_message):
    tournament = get_tournament_for_organiser(request, slug)
    team = get_object_or_404(Team, tournament=tournament, number=number)
    try:
        action(team)
    except services.ServiceError as refusal:
        messages.error(request, service_error_message(refusal.code, refusal.params))
    else:
        messages.success(request, done_message % {"number": number})
    return _back(tournament)


@login_required
@require_POST
def team_remove(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Delete a team that has not been drawn."""
    return _team_action(
        request, slug, number, lambda t: services.remove_team(team=t), _("Team %(number)s removed.")
    )


@login_required
@require_POST
def team_check_in(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Mark a team present (``present=1``) or absent (``present=0``)."""
    is_present = request.POST.get("present") == "1"
    text = _("Team %(number)s is present.") if is_present else _("Team %(number)s is absent.")
    return _team_action(
        request,
        slug,
        number,
        lambda t: services.set_checked_in(team=t, is_checked_in=is_present),
        text,
    )


@login_required
@require_POST
def team_withdraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Withdraw a team from the next round on."""
    return _team_action(
        request,
        slug,
        number,
        lambda t: services.withdraw_team(team=t),
        _("Team %(number)s has withdrawn: it will not be drawn again."),
    )


@login_required
@require_POST
def team_check_in_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Mark every team present."""
    tournament = get_tournament_for_organiser(request, slug)
    count = services.check_in_all(tournament=tournament)
    messages.success(request, _("%(count)s teams marked present.") % {"count": count})
    return _back(tournament)
