"""Clubs: an organiser's clubs and their concours, a club's page for its organisers
(rename it, add or remove a co-organiser), and the public page of a club."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.clubs import ClubForm, OrganiserForm
from tournaments.forms.messages import service_error_message
from tournaments.models import Club
from tournaments.views.lookups import (
    get_club,
    get_club_for_organiser,
    get_club_organiser,
    public_url,
)
from tournaments.views.requests import AuthenticatedHttpRequest


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show a club's public page: the concours it organises (selectors.club_tournaments)."""
    club = get_club(slug)
    context = {"club": club, "tournaments": selectors.club_tournaments(club=club)}
    return render(request, "tournaments/club_detail.html", context)


@login_required
def club_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    """List the organiser's clubs, each with its concours: only hers."""
    clubs = selectors.organiser_clubs_with_tournaments(request.user)
    return render(request, "tournaments/club_list.html", {"clubs": clubs})


@login_required
def club_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create a club; the organiser who creates it organises it."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.create_club(name=form.cleaned_data["name"], organiser=request.user)
        except services.ServiceError as refusal:
            form.add_error("name", service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Club created. Now create its first tournament."))
            return redirect("tournaments:club-manage", slug=club.slug)
    return render(request, "tournaments/club_form.html", {"form": form})


@login_required
def club_manage(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Show a club to its organisers: rename it (POST), its organisers, add one."""
    club = get_club_for_organiser(request, slug)
    form = ClubForm(request.POST or None, initial={"name": club.name})
    if request.method == "POST" and form.is_valid():
        try:
            services.rename_club(club=club, name=form.cleaned_data["name"])
        except services.ServiceError as refusal:
            form.add_error("name", service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Club renamed."))
            return redirect("tournaments:club-manage", slug=club.slug)
    return _manage_page(request, club, form, OrganiserForm())


@login_required
@require_POST
def organiser_add(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Add a co-organiser; a new account's one-time set-password link is shown once."""
    club = get_club_for_organiser(request, slug)
    form = OrganiserForm(request.POST)
    if form.is_valid():
        try:
            added = services.add_organiser(club=club, **form.cleaned_data)
        except services.ServiceError as refusal:
            form.add_error("username", service_error_message(refusal.code, refusal.params))
        else:
            _say_added(request, added)
            return redirect("tournaments:club-manage", slug=club.slug)
    return _manage_page(request, club, ClubForm(initial={"name": club.name}), form)


@login_required
@require_POST
def organiser_link(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Show, once, a new set-password link for a co-organiser who has no password yet."""
    club = get_club_for_organiser(request, slug)
    user = get_club_organiser(club, pk)
    try:
        path = services.new_password_link(club=club, user=user)
    except services.ServiceError as refusal:
        messages.error(request, service_error_message(refusal.code, refusal.params))
    else:
        _say_link(request, user.get_username(), public_url(request, path))
    return redirect("tournaments:club-manage", slug=club.slug)


@login_required
@require_POST
def organiser_remove(request: AuthenticatedHttpRequest, slug: str, pk: int) -> HttpResponse:
    """Stop an account organising the club (never its last organiser)."""
    club = get_club_for_organiser(request, slug)
    user = get_club_organiser(club, pk)
    try:
        services.remove_organiser(club=club, user=user)
    except services.ServiceError as refusal:
        messages.error(request, service_error_message(refusal.code, refusal.params))
    else:
        messages.success(
            request,
            _("%(username)s no longer organises this club.") % {"username": user.get_username()},
        )
    return redirect("tournaments:club-manage", slug=club.slug)


def _say_added(request: HttpRequest, added: services.OrganiserAdded) -> None:
    username = added.user.get_username()
    if not added.is_new_account:
        text = _("%(username)s organises this club now, with the password they have already.")
        messages.success(request, text % {"username": username})
        return
    path = services.set_password_path(added.user)
    _say_link(request, username, public_url(request, path))


def _say_link(request: HttpRequest, username: str, url: str) -> None:
    text = _(
        "Give %(username)s this link, shown only now: it lets them choose a password, once. %(url)s"
    )
    messages.success(request, text % {"username": username, "url": url}, extra_tags="link")


def _manage_page(
    request: HttpRequest, club: Club, form: ClubForm, organiser_form: OrganiserForm
) -> HttpResponse:
    """Render a club's organiser page with its rename and add-organiser forms."""
    context = {
        "club": club,
        "form": form,
        "organiser_form": organiser_form,
        "organisers": selectors.club_organisers(club=club),
        "tournaments": selectors.club_tournaments(club=club),
    }
    return render(request, "tournaments/club_manage.html", context)
