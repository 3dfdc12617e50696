"""Organiser views: the desk page, drawing rounds, editing a draft, closing matches and rounds."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.archive import copy_database_or_log
from tournaments.forms.messages import service_error_message
from tournaments.forms.setup import SwapForm
from tournaments.models import Round
from tournaments.tables import progress_table
from tournaments.views.lookups import get_match, get_round, get_tournament_for_organiser, public_url
from tournaments.views.round_desk import PROGRESS_SECONDS


def _refused(request, refusal: services.ServiceError) -> None:
    messages.error(request, service_error_message(refusal.code, refusal.params))


def _round_page(tournament, number):
    return redirect("tournaments:round-manage", slug=tournament.slug, number=number)


@login_required
def tournament_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's desk: settings, teams, rounds and what to do next."""
    tournament = get_tournament_for_organiser(request, slug)
    rounds = list(selectors.tournament_rounds(tournament=tournament))
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "last_round": rounds[-1] if rounds else None,
        "team_counts": selectors.team_counts(tournament=tournament),
        "is_frozen": services.is_settings_frozen(tournament),
        "projector_url": public_url(request, f"/ecran/{tournament.projector_token}/"),
    }
    return render(request, "tournaments/tournament_manage.html", context)


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the next round as a draft (once, however many clicks)."""
    tournament = get_tournament_for_organiser(request, slug)
    try:
        round_ = services.draw_round(tournament=tournament)
    except services.ServiceError as refusal:
        _refused(request, refusal)
        return redirect("tournaments:tournament-manage", slug=tournament.slug)
    messages.success(
        request, _("Round %(number)s drawn: check it, then publish it.") % {"number": round_.number}
    )
    return _round_page(tournament, round_.number)


@login_required
def round_manage(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A round seen from the desk: the draft with its reasons, or the tables' progress."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    is_draft = round_.status == Round.Status.DRAFT
    context = {
        "tournament": tournament,
        "round": round_,
        "pairings": selectors.round_pairings(round=round_) if is_draft else (),
        "progress_table": None if is_draft else progress_table(request, round=round_),
        "progress_seconds": PROGRESS_SECONDS,
        "byes": selectors.round_byes(round=round_),
        "swap_form": SwapForm(),
    }
    return render(request, "tournaments/round_manage.html", context)


def _round_action(request, slug, number, action, done_message):
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    try:
        action(round_)
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        messages.success(request, done_message % {"number": number})
    return _round_page(tournament, number)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Swap two teams of a draft draw, given by their numbers."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the numbers of the two teams to swap."))
        return _round_page(tournament, number)
    try:
        swap = services.swap_teams_in_draft(round=round_, **form.cleaned_data)
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        _swapped_messages(request, swap)
    return _round_page(tournament, number)


def _swapped_messages(request: HttpRequest, swap: services.SwapResult) -> None:
    """Say what a swap did: which teams, a bye given to another team, any rematch made."""
    messages.success(
        request,
        _("Teams %(first)s and %(second)s swapped.") % {"first": swap.first, "second": swap.second},
    )
    if swap.moved_bye:
        messages.warning(
            request,
            _(
                "Team %(number)s now has the bye instead of team %(before)s: by the rules "
                "it goes to the lowest-ranked team that has not had one."
            )
            % {"number": swap.bye_after, "before": swap.bye_before},
        )
    if swap.rematch_tables:
        messages.warning(
            request,
            ngettext(
                "Careful: at table %(tables)s the two teams have already met.",
                "Careful: at tables %(tables)s the two teams have already met.",
                len(swap.rematch_tables),
            )
            % {"tables": ", ".join(map(str, swap.rematch_tables))},
        )


@login_required
@require_POST
def round_publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Publish a draft draw."""
    return _round_action(
        request,
        slug,
        number,
        lambda r: services.publish_round(round=r, now=timezone.now()),
        _("Round %(number)s published: the tables can play."),
    )


@login_required
@require_POST
def round_discard(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Throw a draft away, to draw again."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    try:
        services.discard_draft(round=round_)
    except services.ServiceError as refusal:
        _refused(request, refusal)
        return _round_page(tournament, number)
    messages.success(request, _("Draft of round %(number)s discarded.") % {"number": number})
    return redirect("tournaments:tournament-manage", slug=tournament.slug)


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Close a round whose matches are all complete, then copy the SQLite database
    (var/backups/): a copy that fails is logged and never undoes the close."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    now = timezone.now()
    try:
        services.close_round(round=round_, now=now)
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        messages.success(request, _("Round %(number)s closed.") % {"number": number})
        copy_database_or_log(now=now)
    return _round_page(tournament, number)


@login_required
@require_POST
def match_close(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Stop a match for time: it counts with the totals it has."""
    tournament = get_tournament_for_organiser(request, slug)
    match = get_match(get_round(tournament, number), table)
    try:
        services.close_match_for_time(match=match, now=timezone.now(), user=request.user)
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        messages.success(request, _("Table %(table)s closed for time.") % {"table": table})
    return _round_page(tournament, number)


@login_required
@require_POST
def match_reopen(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Undo "closed for time" while the round is still being played."""
    tournament = get_tournament_for_organiser(request, slug)
    match = get_match(get_round(tournament, number), table)
    try:
        services.reopen_match(match=match, now=timezone.now(), user=request.user)
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        messages.success(request, _("Table %(table)s reopened.") % {"table": table})
    return _round_page(tournament, number)
