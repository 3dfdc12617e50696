"""Organiser views of online registration: settings, the list, edit, cancel, check in (a
pair's team, or a mêlée player, RULES.md §H)."""

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.online_registration import (
    RegistrationSettingsForm,
    registration_form,
    registration_refusal_message,
    settings_initial,
)
from tournaments.models import Registration, Tournament
from tournaments.views.lookups import get_tournament_for_organiser
from tournaments.views.registration_public import save_change
from tournaments.views.requests import AuthenticatedHttpRequest


def get_registration_for_organiser(
    request: AuthenticatedHttpRequest, slug: str, pk: int
) -> tuple[Tournament, Registration]:
    """Return the tournament the user organises and its registration ``pk``; 404 for
    another tournament's registration, or a tournament she does not organise."""
    tournament = get_tournament_for_organiser(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("team", "melee_player"), pk=pk, tournament=tournament
    )
    return tournament, registration


def _say_refused(request: AuthenticatedHttpRequest, refusal: services.ServiceError) -> None:
    text = registration_refusal_message(refusal.code, refusal.params, is_desk=True)
    messages.error(request, text)


def moved_up_text(registration: Registration) -> str:
    """Return what to tell the organiser of ``registration`` moved up from the waiting
    list: a pair, or a mêlée player (one name, RULES.md §H)."""
    if registration.player_2:
        text = _("%(players)s move up from the waiting list.")
    else:
        text = pgettext("mêlée player", "%(players)s move up from the waiting list.")
    return text % {"players": registration.players}


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("tournaments:registration-list", slug=tournament.slug)


def _list_page(
    request: AuthenticatedHttpRequest, tournament: Tournament, form: RegistrationSettingsForm
) -> HttpResponse:
    context = {
        "tournament": tournament,
        "is_melee": selectors.is_melee(tournament=tournament),
        "settings_form": form,
        "lists": selectors.tournament_registrations(tournament=tournament),
        "offer": selectors.registration_offer(tournament=tournament, now=timezone.now()),
        "has_begun": selectors.latest_played_round_number(tournament=tournament) is not None,
    }
    return render(request, "tournaments/registration_list.html", context)


@login_required
def registration_list(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """List the registrations (confirmed, waiting list, cancelled) and the settings."""
    tournament = get_tournament_for_organiser(request, slug)
    settings = selectors.registration_settings(tournament=tournament)
    form = RegistrationSettingsForm(initial=settings_initial(settings))
    return _list_page(request, tournament, form)


@login_required
@require_POST
def registration_settings(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Save the registration settings; more places move the waiting list up."""
    tournament = get_tournament_for_organiser(request, slug)
    form = RegistrationSettingsForm(request.POST)
    if not form.is_valid():
        return _list_page(request, tournament, form)
    promoted = services.set_registration_settings(
        tournament=tournament, **form.cleaned_data, now=timezone.now(), user=request.user
    )
    messages.success(request, _("Registration settings saved."))
    for registration in promoted:
        messages.info(request, moved_up_text(registration))
    return _back(tournament)


@login_required
def registration_edit(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Change a registration's names or contact, even once registration has closed."""
    tournament, registration = get_registration_for_organiser(request, slug, pk)
    is_melee = selectors.is_melee(tournament=tournament)
    form = registration_form(request.POST or None, is_melee=is_melee, registration=registration)
    if (
        request.method == "POST"
        and form.is_valid()
        and save_change(form, registration, request.user)
    ):
        messages.success(request, _("Registration saved."))
        return _back(tournament)
    context = {"tournament": tournament, "registration": registration, "form": form}
    return render(request, "tournaments/registration_edit.html", context)


@login_required
@require_POST
def registration_cancel_by_organiser(
    request: AuthenticatedHttpRequest, slug: str, pk: int
) -> HttpResponse:
    """Cancel a registration; the first pair of the waiting list takes its place."""
    tournament, registration = get_registration_for_organiser(request, slug, pk)
    try:
        cancellation = services.cancel_registration(
            registration=registration, now=timezone.now(), user=request.user
        )
    except services.ServiceError as refusal:
        _say_refused(request, refusal)
        return _back(tournament)
    messages.success(
        request, _("Registration of %(players)s cancelled.") % {"players": registration.players}
    )
    if cancellation.promoted is not None:
        messages.info(request, moved_up_text(cancellation.promoted))
    return _back(tournament)


@login_required
@require_POST
def registration_check_in(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Check a confirmed pair in: its team is registered and marked present; in a mêlée,
    the player is (RULES.md §H). ``back=players`` returns to a mêlée's players page."""
    tournament, registration = get_registration_for_organiser(request, slug, pk)
    is_melee = selectors.is_melee(tournament=tournament)
    check_in = _check_in_player if is_melee else _check_in_pair
    try:
        messages.success(request, check_in(request, registration))
    except services.ServiceError as refusal:
        _say_refused(request, refusal)
    if is_melee and request.POST.get("back") == "players":
        return redirect("tournaments:melee-players", slug=tournament.slug)
    return _back(tournament)


def _check_in_pair(request: AuthenticatedHttpRequest, registration: Registration) -> str:
    """Check a pair in and return what to tell the organiser."""
    team = services.check_in_registration(
        registration=registration, now=timezone.now(), user=request.user, rng=random.Random()
    )
    text = _("%(players)s checked in: team %(number)s, present.")
    return text % {"players": team.players, "number": team.number}


def _check_in_player(request: AuthenticatedHttpRequest, registration: Registration) -> str:
    """Check a mêlée player in and return what to tell the organiser."""
    player = services.check_in_melee_registration(
        registration=registration, now=timezone.now(), user=request.user
    )
    text = _("%(name)s checked in: player %(number)s, present.")
    return text % {"name": player.name, "number": player.number}
