"""Organiser views: the teams of a tournament (register, edit, remove, check in, withdraw)."""

import random
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.messages import (
    kept_in_published_round_message,
    left_out_of_draft_message,
    service_error_message,
)
from tournaments.forms.setup import TeamForm, team_initial
from tournaments.models import Team, TeamData, Tournament
from tournaments.services.registration import next_round_to_draw
from tournaments.tables import team_table
from tournaments.views.lookups import get_team, get_tournament_for_organiser


def _team_data(form: TeamForm, tournament: Tournament) -> TeamData:
    """Return the form's team; its players are linked to the registry of the tournament's
    club, when it has one (picked records, else known or new ones)."""
    data = form.cleaned_data
    return TeamData(
        data["player_1"],
        data["player_2"],
        data["club"],
        data["number"],
        player_1_record=data["player_1_record"],
        player_2_record=data["player_2_record"],
        player_1_licence=data["player_1_licence"],
        player_2_licence=data["player_2_licence"],
        links_registry=tournament.club_id is not None,
    )


def _lookup_url(tournament: Tournament) -> str:
    return reverse("tournaments:player-lookup", kwargs={"slug": tournament.slug})


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("tournaments:team-list", slug=tournament.slug)


@login_required
def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    """List the teams with their state, and register a new one."""
    tournament = get_tournament_for_organiser(request, slug)
    form = TeamForm(request.POST or None, is_focused=True, lookup_url=_lookup_url(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            team = services.register_team(
                tournament=tournament, data=_team_data(form, tournament), rng=random.Random()
            )
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Team %(number)s registered.") % {"number": team.number})
            _warn_left_out_of_draft(request, tournament, count=1)
            return _back(tournament)
    return _team_page(request, tournament, form)


def _team_page(request: HttpRequest, tournament: Tournament, form: TeamForm) -> HttpResponse:
    """Render the teams of ``tournament`` with the registration ``form``."""
    table = team_table(request, tournament=tournament)
    context = {
        "tournament": tournament,
        "table": table,
        "form": form,
        "next_round_to_draw": next_round_to_draw(tournament),
    }
    return render(request, "tournaments/team_list.html", context)


@login_required
def team_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Change a team's number, players or club."""
    tournament = get_tournament_for_organiser(request, slug)
    team = get_team(tournament, number)
    form = TeamForm(
        request.POST or None, initial=team_initial(team), lookup_url=_lookup_url(tournament)
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_team(team=team, data=_team_data(form, tournament))
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Team saved."))
            return _back(tournament)
    context = {"tournament": tournament, "team": team, "form": form}
    return render(request, "tournaments/team_form.html", context)


def _warn_left_out_of_draft(request: HttpRequest, tournament: Tournament, count: int) -> None:
    """Warn that ``count`` present teams are not in the draft draw, if there is one."""
    draft = selectors.draft_round(tournament=tournament)
    if draft is not None and count:
        text = left_out_of_draft_message(count=count, round_number=draft.number)
        messages.warning(request, text)


def _team_action(
    request: HttpRequest,
    slug: str,
    number: int,
    action: Callable[[Team], object],
    done_message: str,
) -> HttpResponse:
    tournament = get_tournament_for_organiser(request, slug)
    team = get_team(tournament, number)
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
    """Mark a team present (``present=1``) or absent (``present=0``).

    Present but left out of a draft draw, it plays from the next round: the organiser is
    told so. Absent while it plays a published round, it keeps its place there.
    """
    tournament = get_tournament_for_organiser(request, slug)
    team = get_team(tournament, number)
    is_present = request.POST.get("present") == "1"
    try:
        check_in = services.set_checked_in(team=team, is_checked_in=is_present)
    except services.ServiceError as refusal:
        messages.error(request, service_error_message(refusal.code, refusal.params))
    else:
        _checked_in_messages(request, check_in)
    return _back(tournament)


def _checked_in_messages(request: HttpRequest, check_in: services.CheckIn) -> None:
    """Say the team's new state, and what it means for a draft or a published round."""
    number = check_in.team.number
    if check_in.team.is_checked_in:
        messages.success(request, _("Team %(number)s is present.") % {"number": number})
    else:
        messages.success(request, _("Team %(number)s is absent.") % {"number": number})
    if check_in.left_out_of_draft is not None:
        text = left_out_of_draft_message(count=1, round_number=check_in.left_out_of_draft)
        messages.warning(request, text)
    if check_in.kept_in_round is not None:
        text = kept_in_published_round_message(
            team_number=number, round_number=check_in.kept_in_round
        )
        messages.info(request, text)


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
    _warn_left_out_of_draft(request, tournament, count=count)
    return _back(tournament)


@login_required
@require_POST
def team_reinstate(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Bring back a team withdrawn by mistake, while nothing is drawn without it."""
    return _team_action(
        request,
        slug,
        number,
        lambda t: services.reinstate_team(team=t),
        _("Team %(number)s is back: it will be drawn again."),
    )
