"""Organiser views: the desk page, drawing rounds, editing a draft, closing matches and rounds,
and reopening a closed round while the next one is not published (services/draws.py)."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.archive import copy_database_or_log
from tournaments.forms.corrections import ReasonForm
from tournaments.forms.melee import MeleeSwapForm
from tournaments.forms.messages import service_error_message
from tournaments.forms.setup import SwapForm
from tournaments.models import Round, Tournament
from tournaments.presentation.audit import round_audit_entries
from tournaments.tables import progress_table
from tournaments.views.lookups import get_match, get_round, get_tournament_for_organiser, public_url
from tournaments.views.requests import AuthenticatedHttpRequest
from tournaments.views.round_desk import PROGRESS_SECONDS


def _refused(request: HttpRequest, refusal: services.ServiceError) -> None:
    messages.error(request, service_error_message(refusal.code, refusal.params))


def _round_page(tournament: Tournament, number: int) -> HttpResponse:
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
        "is_melee": selectors.is_melee(tournament=tournament),
        "is_frozen": services.is_settings_frozen(tournament),
        "projector_url": public_url(request, f"/ecran/{tournament.projector_token}/"),
    }
    return render(request, "tournaments/tournament_manage.html", context)


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the next round as a draft (once, however many clicks): a mêlée's next partie
    by players (services/melee_draws.py), else the teams' round."""
    tournament = get_tournament_for_organiser(request, slug)
    is_melee = selectors.is_melee(tournament=tournament)
    draw = services.draw_melee_partie if is_melee else services.draw_round
    try:
        round_ = draw(tournament=tournament)
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
    context = _round_page_context(request, tournament, get_round(tournament, number))
    return render(request, "tournaments/round_manage.html", context)


def _reopen_form(data: QueryDict | None = None) -> ReasonForm:
    """Return the form that reopens a closed round (a reason only)."""
    return ReasonForm(data, prefix="reopen", label=_("Reason for reopening"))


def _round_page_context(
    request: HttpRequest,
    tournament: Tournament,
    round_: Round,
    reopen_form: ReasonForm | None = None,
) -> dict[str, object]:
    """Return the round page's context; ``reopen_form`` is a refused reopening to show again.

    The reopening form is offered only while the round may be reopened: closed, and the
    next round not published. A closed round offers the next round: its page once it is
    drawn, else its draw while rounds remain (``next_number``, ``next_round``).
    """
    is_draft = round_.status == Round.Status.DRAFT
    is_closed = round_.status == Round.Status.CLOSED
    is_melee = selectors.is_melee(tournament=tournament)
    if reopen_form is None and services.is_reopenable(round=round_):
        reopen_form = _reopen_form()
    return {
        "tournament": tournament,
        "round": round_,
        "next_number": round_.number + 1,
        "next_round": selectors.next_round(round=round_) if is_closed else None,
        "pairings": selectors.round_pairings(round=round_) if is_draft else (),
        "progress_table": None if is_draft else progress_table(request, round=round_),
        "progress_seconds": PROGRESS_SECONDS,
        "byes": selectors.round_byes(round=round_),
        "melee_draft": selectors.melee_draft(round=round_) if is_draft and is_melee else None,
        "is_melee": is_melee,
        "sit_outs": selectors.round_sit_outs(round=round_) if is_melee and not is_draft else (),
        "swap_form": SwapForm(),
        "melee_swap_form": MeleeSwapForm(),
        "reopen_form": reopen_form,
        "history": round_audit_entries(records=selectors.round_history(round=round_)),
    }


def _round_action(
    request: HttpRequest,
    slug: str,
    number: int,
    action: Callable[[Round], object],
    done_message: str,
) -> HttpResponse:
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
    """Publish a draft draw (a mêlée's: its pairs, tables and sit-outs are saved then)."""
    return _round_action(
        request,
        slug,
        number,
        lambda r: services.publish_draft(round=r, now=timezone.now()),
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
def round_close(request: AuthenticatedHttpRequest, slug: str, number: int) -> HttpResponse:
    """Close a round whose matches are all complete, then copy the SQLite database
    (var/backups/): a copy that fails is logged and never undoes the close."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    now = timezone.now()
    try:
        services.close_round(round=round_, now=now, user=request.user)
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        messages.success(request, _("Round %(number)s closed.") % {"number": number})
        copy_database_or_log(now=now)
    return _round_page(tournament, number)


@login_required
@require_POST
def round_reopen(request: AuthenticatedHttpRequest, slug: str, number: int) -> HttpResponse:
    """Reopen a closed round, with a reason, while the next round is not published."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    form = _reopen_form(request.POST)
    if not form.is_valid():
        context = _round_page_context(request, tournament, round_, reopen_form=form)
        return render(request, "tournaments/round_manage.html", context, status=422)
    try:
        reopening = services.reopen_round(
            round=round_, reason=form.cleaned_data["reason"], now=timezone.now(), user=request.user
        )
    except services.ServiceError as refusal:
        _refused(request, refusal)
    else:
        _reopened_messages(request, reopening)
    return _round_page(tournament, number)


def _reopened_messages(request: HttpRequest, reopening: services.Reopening) -> None:
    """Say that the round is open again, and which draft of the next round went."""
    number = reopening.round.number
    messages.success(
        request,
        _("Round %(number)s reopened: correct its tables, then close it again.")
        % {"number": number},
    )
    if reopening.discarded_draft is not None:
        messages.warning(
            request,
            _(
                "The draft of round %(next)s was discarded: it will be drawn again, from the "
                "corrected standings, once round %(number)s is closed."
            )
            % {"number": number, "next": reopening.discarded_draft},
        )


@login_required
@require_POST
def match_close(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
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
def match_reopen(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
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
