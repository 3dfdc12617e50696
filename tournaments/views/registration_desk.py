"""Organiser views of online registration: settings, the list, edit, cancel, check in."""

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.online_registration import (
    RegistrationForm,
    RegistrationSettingsForm,
    registration_initial,
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
        Registration.objects.select_related("team"), pk=pk, tournament=tournament
    )
    return tournament, registration


def _say_refused(request: AuthenticatedHttpRequest, refusal: services.ServiceError) -> None:
    text = registration_refusal_message(refusal.code, refusal.params, is_desk=True)
    messages.error(request, text)


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("tournaments:registration-list", slug=tournament.slug)


def _list_page(
    request: AuthenticatedHttpRequest, tournament: Tournament, form: RegistrationSettingsForm
) -> HttpResponse:
    context = {
        "tournament": tournament,
        "settings_form": form,
        "lists": selectors.tournament_registrations(tournament=tournament),
        "offer": selectors.registration_offer(tournament=tournament, now=timezone.now()),
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
        text = _("%(players)s move up from the waiting list.")
        messages.info(request, text % {"players": registration.players})
    return _back(tournament)


@login_required
def registration_edit(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Change a registration's names or contact, even once registration has closed."""
    tournament, registration = get_registration_for_organiser(request, slug, pk)
    form = RegistrationForm(request.POST or None, initial=registration_initial(registration))
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
        text = _("%(players)s move up from the waiting list.")
        messages.info(request, text % {"players": cancellation.promoted.players})
    return _back(tournament)


@login_required
@require_POST
def registration_check_in(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Check a confirmed pair in: its team is registered and marked present."""
    tournament, registration = get_registration_for_organiser(request, slug, pk)
    try:
        team = services.check_in_registration(
            registration=registration, now=timezone.now(), user=request.user, rng=random.Random()
        )
    except services.ServiceError as refusal:
        _say_refused(request, refusal)
    else:
        text = _("%(players)s checked in: team %(number)s, present.")
        messages.success(request, text % {"players": team.players, "number": team.number})
    return _back(tournament)
