"""Season challenges (RULES.md §I): the organiser's pages to create one, set its formula
and choose its concours; the public ranking, its projector screen, PDF and workbook."""

from io import BytesIO

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments import selectors, services
from tournaments.exports import challenges as exports
from tournaments.forms.challenges import AddConcoursForm, ChallengeForm
from tournaments.forms.messages import service_error_message
from tournaments.forms.setup import organiser_clubs
from tournaments.models import Challenge
from tournaments.views.exports_data import XLSX_CONTENT_TYPE
from tournaments.views.lookups import (
    get_challenge,
    get_challenge_concours,
    get_challenge_for_organiser,
)
from tournaments.views.requests import AuthenticatedHttpRequest


@login_required
def challenge_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    """List the challenges of the organiser's clubs, with a form to create one."""
    form = ChallengeForm(request.POST or None, clubs=organiser_clubs(request.user))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            challenge = services.create_challenge(
                club=data["club"], name=data["name"], formula=form.formula()
            )
        except services.ServiceError as refusal:
            form.add_error("name", service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Challenge created. Now add its concours."))
            return redirect("tournaments:challenge-manage", slug=challenge.slug)
    return _list_page(request, form)


def _list_page(request: AuthenticatedHttpRequest, form: ChallengeForm) -> HttpResponse:
    clubs = organiser_clubs(request.user)
    context = {
        "form": form,
        "clubs": [(club, selectors.challenges_of_club(club=club)) for club in clubs],
    }
    return render(request, "tournaments/challenge_list.html", context)


@login_required
def challenge_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """Change a challenge's name and formula; list its concours, add or remove one."""
    challenge = get_challenge_for_organiser(request, slug)
    form = ChallengeForm(request.POST or None, instance=get_challenge(slug), clubs=None)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_challenge(
                challenge=challenge, name=form.cleaned_data["name"], formula=form.formula()
            )
        except services.ServiceError as refusal:
            form.add_error("name", service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Challenge saved."))
            return redirect("tournaments:challenge-manage", slug=challenge.slug)
    return _manage_page(request, challenge, form=form)


def _manage_page(
    request: HttpRequest,
    challenge: Challenge,
    *,
    form: ChallengeForm | None = None,
    add_form: AddConcoursForm | None = None,
) -> HttpResponse:
    choices = selectors.concours_to_add(challenge=challenge)
    context = {
        "challenge": challenge,
        "form": form or ChallengeForm(instance=challenge, clubs=None),
        "add_form": add_form or AddConcoursForm(choices=choices),
        "concours": selectors.challenge_concours(challenge=challenge),
    }
    return render(request, "tournaments/challenge_manage.html", context)


@login_required
@require_POST
def challenge_add_concours(request: HttpRequest, slug: str) -> HttpResponse:
    """Add a finished concours of the club to the challenge (it counts at once)."""
    challenge = get_challenge_for_organiser(request, slug)
    form = AddConcoursForm(request.POST, choices=selectors.concours_to_add(challenge=challenge))
    if form.is_valid():
        try:
            added = services.add_concours(
                challenge=challenge, tournament=form.cleaned_data["concours"]
            )
        except services.ServiceError as refusal:
            form.add_error("concours", service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("“%(name)s” added.") % {"name": added.tournament.name})
            return redirect("tournaments:challenge-manage", slug=challenge.slug)
    return _manage_page(request, challenge, add_form=form)


@login_required
@require_POST
def challenge_remove_concours(request: HttpRequest, slug: str, concours: str) -> HttpResponse:
    """Take a concours out of the challenge."""
    challenge = get_challenge_for_organiser(request, slug)
    tournament = get_challenge_concours(challenge, concours)
    try:
        services.remove_concours(challenge=challenge, tournament=tournament)
    except services.ServiceError as refusal:
        messages.error(request, service_error_message(refusal.code, refusal.params))
    else:
        messages.success(request, _("“%(name)s” removed.") % {"name": tournament.name})
    return redirect("tournaments:challenge-manage", slug=challenge.slug)


@require_GET
def challenge_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the challenge's ranking (public): people, then pairs that always played together."""
    challenge = get_challenge(slug)
    ranking = selectors.challenge_ranking(challenge=challenge)
    context = exports.challenge_context(ranking)
    return render(request, "tournaments/challenge_detail.html", context)


@never_cache
@require_GET
def challenge_projector(request: HttpRequest, token: str) -> HttpResponse:
    """Show the challenge's ranking on the hall's screen (its secret address)."""
    challenge = selectors.challenge_by_projector_token(token)
    if challenge is None:
        raise Http404
    context = exports.challenge_context(selectors.challenge_ranking(challenge=challenge))
    return render(request, "tournaments/challenge_projector.html", context)


@require_GET
def challenge_pdf(request: HttpRequest, slug: str) -> FileResponse:
    """Download the challenge's ranking as a PDF (public)."""
    challenge = get_challenge(slug)
    data = exports.challenge_pdf(challenge=challenge)
    return FileResponse(
        BytesIO(data),
        as_attachment=True,
        filename=f"{challenge.slug}.pdf",
        content_type="application/pdf",
    )


@login_required
def challenge_xlsx(request: HttpRequest, slug: str) -> FileResponse:
    """Download the challenge's workbook: the ranking of people, and of pairs."""
    challenge = get_challenge_for_organiser(request, slug)
    data = exports.challenge_xlsx(challenge=challenge)
    return FileResponse(
        BytesIO(data),
        as_attachment=True,
        filename=f"{challenge.slug}.xlsx",
        content_type=XLSX_CONTENT_TYPE,
    )
