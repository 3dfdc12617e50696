"""Public views of online registration: register a pair (a player alone in a mêlée,
RULES.md §H), its confirmation, its private link.

No account: the private link's token is the pair's secret (STYLE.md §4, like a team
link). Every write is a POST with its CSRF token; the rate limit of these writes per
address is belote_club/middleware.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.online_registration import (
    RegistrationForm,
    registration_form,
    registration_refusal_message,
)
from tournaments.models import Registration, Tournament
from tournaments.views.lookups import get_tournament, public_url

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def get_registration(token: str) -> Registration:
    """Return the registration of the private link ``token``, or raise 404."""
    registration = selectors.registration_by_token(token=token)
    if registration is None:
        raise Http404
    return registration


def registration_context(tournament: Tournament, form: RegistrationForm | None = None) -> dict:
    """Return what a page showing the registration form needs: the offer now (None when
    registration is not open), whether it registers mêlée players (asked only when it is
    open: the cached concours page then runs no more queries) and the form."""
    offer = selectors.registration_offer(tournament=tournament, now=timezone.now())
    if form is not None:
        is_melee = form.is_melee
    else:
        is_melee = offer is not None and selectors.is_melee(tournament=tournament)
        form = registration_form(is_melee=is_melee)
    return {"offer": offer, "is_melee": is_melee, "registration_form": form}


def registration_create(request: HttpRequest, slug: str) -> HttpResponse:
    """Register a pair, or a mêlée player (the form of the concours page), then show its
    confirmation."""
    tournament = get_tournament(slug)
    is_melee = selectors.is_melee(tournament=tournament)
    form = registration_form(request.POST or None, is_melee=is_melee)
    if request.method == "POST" and form.is_valid():
        registration = _register(tournament, form)
        if registration is not None:
            return redirect("tournaments:registration-done", token=registration.token)
    context = {"tournament": tournament} | registration_context(tournament, form)
    return render(request, "tournaments/registration_create.html", context)


def _register(tournament: Tournament, form: RegistrationForm) -> Registration | None:
    """Register what the valid ``form`` gives; return None with the refusal put on it."""
    register = services.register_player if form.is_melee else services.register_pair
    try:
        return register(tournament=tournament, data=form.registration_data(), now=timezone.now())
    except services.ServiceError as refusal:
        form.add_error(None, registration_refusal_message(refusal.code, refusal.params))
        return None


def _pair_context(request: HttpRequest, registration: Registration) -> dict:
    path = registration_path(registration)
    return {
        "tournament": registration.tournament,
        "registration": registration,
        "is_melee": selectors.is_melee(tournament=registration.tournament),
        "waiting_rank": selectors.waiting_rank(registration=registration),
        "private_url": public_url(request, path),
    }


def registration_path(registration: Registration) -> str:
    """Return the path of the private link of ``registration``."""
    return reverse("tournaments:registration-manage", kwargs={"token": registration.token})


def registration_done(request: HttpRequest, token: str) -> HttpResponse:
    """Confirm a registration: its status, and the private link to keep."""
    context = _pair_context(request, get_registration(token))
    return render(request, "tournaments/registration_done.html", context)


def save_change(
    form: RegistrationForm, registration: Registration, user: User | None = None
) -> bool:
    """Change ``registration`` from the valid ``form`` (``user``: the organiser, or None
    for the private link); return False with the refusal put on the form."""
    try:
        services.change_registration(
            registration=registration, data=form.registration_data(), now=timezone.now(), user=user
        )
    except services.ServiceError as refusal:
        form.add_error(None, registration_refusal_message(refusal.code, refusal.params))
        return False
    return True


def registration_manage(request: HttpRequest, token: str) -> HttpResponse:
    """The private link: the pair's (or mêlée player's) status, its change form and its
    cancel button."""
    registration = get_registration(token)
    context = _pair_context(request, registration)
    form = registration_form(
        request.POST or None, is_melee=context["is_melee"], registration=registration
    )
    if request.method == "POST" and form.is_valid() and save_change(form, registration):
        return redirect("tournaments:registration-manage", token=token)
    return render(request, "tournaments/registration_manage.html", context | {"form": form})


@require_POST
def registration_cancel(request: HttpRequest, token: str) -> HttpResponse:
    """Cancel the registration of the private link; its page then says so (or why not)."""
    registration = get_registration(token)
    try:
        services.cancel_registration(registration=registration, now=timezone.now())
    except services.ServiceError as refusal:
        messages.error(request, registration_refusal_message(refusal.code, refusal.params))
    return redirect("tournaments:registration-manage", token=token)
