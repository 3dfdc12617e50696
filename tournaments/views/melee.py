"""Organiser views of a mêlée (RULES.md §H): its players (register, edit, check in,
withdraw; the players registered online wait there to be checked in) and the swap of two players in a draft partie. Drawing, publishing and closing
a partie are the round views' (views/rounds.py), which call the mêlée's services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.melee import MeleePlayerForm, MeleeSwapForm, melee_player_initial
from tournaments.forms.messages import service_error_message
from tournaments.models import MeleePlayer, Tournament
from tournaments.views.lookups import get_melee_player, get_round, get_tournament_for_organiser


def _player_data(form: MeleePlayerForm) -> services.MeleePlayerData:
    data = form.cleaned_data
    return services.MeleePlayerData(name=data["name"], club=data["club"], number=data["number"])


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("tournaments:melee-players", slug=tournament.slug)


@login_required
def melee_players(request: HttpRequest, slug: str) -> HttpResponse:
    """List the players of a mêlée (number, name, club, present, withdrawn); register one."""
    tournament = get_tournament_for_organiser(request, slug)
    form = MeleePlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            (player,) = services.register_melee_players(
                tournament=tournament, players=[_player_data(form)], rng=None
            )
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(
                request, _("Player %(number)s registered.") % {"number": player.number}
            )
            return _back(tournament)
    return _players_page(request, tournament, form)


def _players_page(
    request: HttpRequest, tournament: Tournament, form: MeleePlayerForm
) -> HttpResponse:
    """Render the players of ``tournament``, the online registrations to check in, and the
    registration ``form`` (422 when refused)."""
    context = {
        "tournament": tournament,
        "players": selectors.melee_players(tournament=tournament),
        "registrations": selectors.registrations_to_check_in(tournament=tournament),
        "form": form,
    }
    status = 422 if form.is_bound else 200
    return render(request, "tournaments/melee_players.html", context, status=status)


@login_required
def melee_player_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Change a player's number, name or club."""
    tournament = get_tournament_for_organiser(request, slug)
    player = get_melee_player(tournament, number)
    form = MeleePlayerForm(request.POST or None, initial=melee_player_initial(player))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_melee_player(player=player, data=_player_data(form))
        except services.ServiceError as refusal:
            form.add_error(None, service_error_message(refusal.code, refusal.params))
        else:
            messages.success(request, _("Player saved."))
            return _back(tournament)
    context = {"tournament": tournament, "player": player, "form": form}
    return render(request, "tournaments/melee_player_form.html", context)


@login_required
@require_POST
def melee_player_check_in(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Mark a player present (``present=1``) or absent (``present=0``)."""
    tournament = get_tournament_for_organiser(request, slug)
    player = get_melee_player(tournament, number)
    is_present = request.POST.get("present") == "1"
    services.set_melee_player_present(player=player, is_present=is_present)
    text = _("Player %(number)s is present.") if is_present else _("Player %(number)s is absent.")
    messages.success(request, _in_draft(text % {"number": number}, player, not is_present))
    return _back(tournament)


@login_required
@require_POST
def melee_player_withdraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Withdraw a player (``withdrawn=1``), or take the withdrawal back (``withdrawn=0``)."""
    tournament = get_tournament_for_organiser(request, slug)
    player = get_melee_player(tournament, number)
    is_withdrawn = request.POST.get("withdrawn") == "1"
    services.set_melee_player_withdrawn(player=player, is_withdrawn=is_withdrawn)
    if is_withdrawn:
        text = _("Player %(number)s withdrawn: no longer drawn, ranked last.")
    else:
        text = _("Player %(number)s is back in the concours.")
    messages.success(request, _in_draft(text % {"number": number}, player, is_withdrawn))
    return _back(tournament)


def _in_draft(text: str, player: MeleePlayer, is_away: bool) -> str:
    """Return ``text``, followed when ``is_away`` by a warning if a draft seats the
    player at a table (publishing it would be refused)."""
    partie = selectors.draft_seating(player=player) if is_away else None
    if partie is None:
        return text
    note = _(
        "Player %(number)s is in the draft of partie %(partie)s: swap them with a player "
        "present, or draw again."
    )
    return f"{text} {note % {'number': player.number, 'partie': partie}}"


@login_required
@require_POST
def melee_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Swap two players of a draft partie, given by their numbers."""
    tournament = get_tournament_for_organiser(request, slug)
    round_ = get_round(tournament, number)
    form = MeleeSwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the numbers of the two players to swap."))
    else:
        try:
            _swapped(request, services.swap_melee_players(round=round_, **form.cleaned_data))
        except services.ServiceError as refusal:
            messages.error(request, service_error_message(refusal.code, refusal.params))
    return redirect("tournaments:round-manage", slug=tournament.slug, number=number)


def _swapped(request: HttpRequest, swap: services.MeleeSwap) -> None:
    """Say which players were swapped, and where the swap repeats a partner or opponent."""
    messages.success(
        request,
        _("Players %(first)s and %(second)s swapped.")
        % {"first": swap.first, "second": swap.second},
    )
    if swap.repeat_tables:
        messages.warning(
            request,
            ngettext(
                "Careful: at table %(tables)s players meet again as partners or opponents.",
                "Careful: at tables %(tables)s players meet again as partners or opponents.",
                len(swap.repeat_tables),
            )
            % {"tables": ", ".join(map(str, swap.repeat_tables))},
        )
