"""Organiser views: a club's registry of players (list and search, add, edit, merge),
a player's page (figures and rank charts), and the team form's type-ahead."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.players import (
    MergeForm,
    PlayerForm,
    RegistrySearchForm,
    add_refusal,
    player_initial,
)
from tournaments.models import Club, Player
from tournaments.presentation.rank_chart import concours_charts, season_charts
from tournaments.views.lookups import (
    get_club_for_organiser,
    get_player,
    get_tournament_for_organiser,
)
from tournaments.views.requests import AuthenticatedHttpRequest


def _player_page(player: Player) -> HttpResponse:
    return redirect("tournaments:player-detail", club=player.club_id, pk=player.pk)


@login_required
def registry_list(request: AuthenticatedHttpRequest, club: int) -> HttpResponse:
    """List the club's players (GET ``q`` searches them) and add one (POST)."""
    found = get_club_for_organiser(request, club)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.create_player(
                club=found, data=form.data_for_service, now=timezone.now(), user=request.user
            )
        except services.ServiceError as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("%(player)s added to the registry.") % {"player": player})
            return _player_page(player)
    return _registry_page(request, found, form)


def _registry_page(request: AuthenticatedHttpRequest, club: Club, form: PlayerForm) -> HttpResponse:
    """Render the registry of ``club``, searched by GET ``q``, with the add ``form``."""
    search = RegistrySearchForm(request.GET)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    context = {
        "club": club,
        "form": form,
        "search": search,
        "players": selectors.registry_players(club=club, search=query),
        "near_duplicates": [] if query else selectors.registry_near_duplicates(club=club),
    }
    return render(request, "tournaments/registry_list.html", context, status=_status(form))


def _status(form: PlayerForm | MergeForm) -> int:
    return 422 if form.is_bound and form.errors else 200


@login_required
def player_detail(request: HttpRequest, club: int, pk: int) -> HttpResponse:
    """Show a player's figures, concours and rank charts (after each partie, by season)."""
    player = get_player(get_club_for_organiser(request, club), pk)
    page = selectors.player_page(player=player)
    context = {
        "club": player.club,
        "page": page,
        "concours_charts": concours_charts(page),
        "season_charts": season_charts(page),
    }
    return render(request, "tournaments/player_detail.html", context)


@login_required
def player_edit(request: AuthenticatedHttpRequest, club: int, pk: int) -> HttpResponse:
    """Change a player's names, licence number or home club."""
    player = get_player(get_club_for_organiser(request, club), pk)
    form = PlayerForm(request.POST or None, initial=player_initial(player))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_player(
                player=player, data=form.data_for_service, now=timezone.now(), user=request.user
            )
        except services.ServiceError as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, _("Player saved."))
            return _player_page(player)
    context = {"club": player.club, "player": player, "form": form}
    return render(request, "tournaments/player_form.html", context, status=_status(form))


@login_required
def player_merge(request: HttpRequest, club: int, pk: int) -> HttpResponse:
    """Choose the record to keep (``kept``), then confirm the merge on this page; it
    never writes (the merge is posted to :func:`player_merge_confirm`)."""
    player = get_player(get_club_for_organiser(request, club), pk)
    form = MergeForm(
        request.GET if "kept" in request.GET else None, club=player.club, merged=player
    )
    return _merge_page(request, player, form)


def _merge_page(request: HttpRequest, player: Player, form: MergeForm) -> HttpResponse:
    """Render the merge of ``player``: the choice, and once a record is chosen, both
    records side by side with the confirm button."""
    kept = form.cleaned_data["kept"] if form.is_bound and form.is_valid() else None
    context = {
        "club": player.club,
        "player": player,
        "form": form,
        "kept": kept,
        "players": selectors.registry_players(club=player.club, ids=(player.pk, kept.pk))
        if kept
        else [],
    }
    return render(request, "tournaments/player_merge.html", context, status=_status(form))


@login_required
@require_POST
def player_merge_confirm(request: AuthenticatedHttpRequest, club: int, pk: int) -> HttpResponse:
    """Merge the player into the record chosen; its teams and history follow."""
    player = get_player(get_club_for_organiser(request, club), pk)
    form = MergeForm(request.POST, club=player.club, merged=player)
    merge = _merge(request, player, form) if form.is_valid() else None
    if merge is None:
        return _merge_page(request, player, form)
    messages.success(request, _("Records merged into %(player)s.") % {"player": merge.kept})
    return _player_page(merge.kept)


def _merge(
    request: AuthenticatedHttpRequest, player: Player, form: MergeForm
) -> services.Merge | None:
    """Merge ``player`` as the valid ``form`` says; None, the refusal on the form, if not."""
    try:
        return services.merge_players(
            merged=player,
            kept=form.cleaned_data["kept"],
            now=timezone.now(),
            user=request.user,
            reason=form.cleaned_data["reason"],
        )
    except services.ServiceError as refusal:
        add_refusal(form, refusal)
        return None


@login_required
def player_lookup(request: HttpRequest, slug: str) -> HttpResponse:
    """Return the type-ahead's suggestions for the team form's player ``field`` (GET
    ``field``: ``player_1`` or ``player_2``; its typed value is sent under that name)."""
    tournament = get_tournament_for_organiser(request, slug)
    field = request.GET.get("field") if request.GET.get("field") in ("player_1", "player_2") else ""
    players = (
        selectors.lookup_players(club=tournament.club, query=request.GET.get(field, ""))
        if field and tournament.club is not None
        else []
    )
    context = {"players": players, "field": field}
    return render(request, "tournaments/player_suggestions.html", context)
