"""Organiser views: import teams from a CSV or XLSX file, preview them, then save them.

The preview keeps the uploaded file in the session (base64, under a random token, one
file per session) only when it has no problem; the confirm step reads and checks that
file again and never trusts posted rows. The kept file is dropped as soon as a confirm
takes it, so a double click registers the teams once.
"""

from __future__ import annotations

import base64
import random
import secrets
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import selectors, services
from tournaments.forms.messages import (
    left_out_of_draft_message,
    team_import_problem_message,
    team_import_service_message,
)
from tournaments.forms.team_import import TeamImportConfirmForm, TeamImportForm
from tournaments.importing.teams import (
    TeamFile,
    TeamRow,
    check_team_file,
    read_team_file,
    team_data_for,
)
from tournaments.models import TeamData, Tournament
from tournaments.services.registration import next_round_to_draw
from tournaments.views.lookups import get_tournament_for_organiser

TEMPLATE = "tournaments/team_import.html"
SESSION_KEY = "team_import"


@dataclass(frozen=True)
class PreviewLine:
    """One line of the preview: the row, its problems in words, the columns they concern,
    and how each player stands in the club's registry (none without a club)."""

    row: TeamRow
    messages: tuple[str, ...]
    problem_columns: frozenset[str]
    player_1: selectors.PlayerMatch | None = None
    player_2: selectors.PlayerMatch | None = None


@login_required
def team_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the upload form (GET), or read the uploaded file and preview its teams (POST)."""
    tournament = get_tournament_for_organiser(request, slug)
    if request.method != "POST":
        return render(request, TEMPLATE, {"tournament": tournament, "form": TeamImportForm()})
    form = TeamImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, TEMPLATE, {"tournament": tournament, "form": form}, status=422)
    upload = form.cleaned_data["file"]
    data = upload.read()
    team_file = check_team_file(tournament=tournament, team_file=read_team_file(upload.name, data))
    token = _keep_upload(request, tournament, upload.name, data, team_file)
    return _render_preview(request, tournament, team_file, token)


@login_required
@require_POST
def team_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Register the previewed teams, all or none, then go to the teams page."""
    tournament = get_tournament_for_organiser(request, slug)
    team_file = _kept_team_file(request, tournament)
    if team_file is None:
        return redirect("tournaments:team-import", slug=tournament.slug)
    if not team_file.is_ready:
        return _render_preview(request, tournament, team_file, token="")
    try:
        teams = services.register_teams(
            tournament=tournament, teams=_team_data(tournament, team_file), rng=random.Random()
        )
    except services.ServiceError as refusal:
        messages.error(request, team_import_service_message(refusal.code, refusal.params))
        return redirect("tournaments:team-import", slug=tournament.slug)
    _registered_messages(request, tournament, count=len(teams))
    return redirect("tournaments:team-list", slug=tournament.slug)


def _team_data(tournament: Tournament, team_file: TeamFile) -> list[TeamData]:
    """Return the file's teams; their players are linked to the registry of the
    tournament's club when it has one (known records, else new ones)."""
    return team_data_for(team_file, links_registry=tournament.club_id is not None)


def _kept_team_file(request: HttpRequest, tournament: Tournament) -> TeamFile | None:
    """Return the previewed file, read and checked again (the teams may have changed), or
    None, saying so, when no preview is kept for this tournament."""
    kept = _take_upload(request, tournament)
    if kept is None:
        messages.error(request, _("This preview is no longer available: upload the file again."))
        return None
    return check_team_file(tournament=tournament, team_file=read_team_file(*kept))


def _registered_messages(request: HttpRequest, tournament: Tournament, *, count: int) -> None:
    """Say how many teams the file registered, and that a draft draw lacks them."""
    messages.success(request, _registered_message(count))
    draft = selectors.draft_round(tournament=tournament)
    if draft is not None:
        text = left_out_of_draft_message(count=count, round_number=draft.number)
        messages.warning(request, text)


def _keep_upload(
    request: HttpRequest, tournament: Tournament, filename: str, data: bytes, team_file: TeamFile
) -> str:
    """Keep a ready file for the confirm step, replacing any other; return its token.

    A file with problems is not kept and makes the session forget any earlier one: its
    token is "", and the confirm step then has nothing to save.
    """
    if not team_file.is_ready:
        request.session.pop(SESSION_KEY, None)
        return ""
    token = secrets.token_urlsafe(16)
    request.session[SESSION_KEY] = {
        "tournament": tournament.pk,
        "token": token,
        "filename": filename,
        "data": base64.b64encode(data).decode("ascii"),
    }
    return token


def _take_upload(request: HttpRequest, tournament: Tournament) -> tuple[str, bytes] | None:
    """Return the kept ``(filename, data)`` named by the posted token, and forget it.

    None when nothing is kept, or it was kept for another tournament or another preview.
    """
    form = TeamImportConfirmForm(request.POST)
    kept = request.session.get(SESSION_KEY)
    if not form.is_valid() or not kept or kept["tournament"] != tournament.pk:
        return None
    if not secrets.compare_digest(kept["token"], form.cleaned_data["token"]):
        return None
    del request.session[SESSION_KEY]
    return kept["filename"], base64.b64decode(kept["data"])


def _render_preview(
    request: HttpRequest, tournament: Tournament, team_file: TeamFile, token: str
) -> HttpResponse:
    """Render every line with its problems, the file's own problems and the summary.

    While a round is a draft, the summary says the teams play from the round after it.
    """
    lines_with_rows = {row.line for row in team_file.rows}
    by_line: dict[int, list] = {}
    for problem in team_file.problems:
        by_line.setdefault(problem.line, []).append(problem)
    matches = _registry_matches(tournament, team_file)
    lines = [
        PreviewLine(
            row=row,
            messages=tuple(team_import_problem_message(p) for p in by_line.get(row.line, [])),
            problem_columns=frozenset(p.column for p in by_line.get(row.line, [])),
            player_1=matches[2 * index] if matches else None,
            player_2=matches[2 * index + 1] if matches else None,
        )
        for index, row in enumerate(team_file.rows)
    ]
    file_problems = [
        team_import_problem_message(p) for p in team_file.problems if p.line not in lines_with_rows
    ]
    context = {
        "tournament": tournament,
        "form": TeamImportForm(),
        "lines": lines,
        "file_problems": file_problems,
        "ignored_columns": team_file.ignored_columns,
        "ready_count": sum(1 for line in lines if not line.messages),
        "problem_count": len(team_file.problems),
        "first_round": next_round_to_draw(tournament),
        "draft_warning": _draft_warning(tournament, count=len(lines)),
        "confirm_form": TeamImportConfirmForm(initial={"token": token}) if token else None,
        "is_preview": True,
    }
    return render(request, TEMPLATE, context, status=200 if token else 422)


def _registry_matches(tournament: Tournament, team_file: TeamFile) -> list[selectors.PlayerMatch]:
    """Return how both players of each row stand in the registry of the tournament's club
    (known, new, or like other records), two per row in order; none without a club."""
    if tournament.club is None:
        return []
    names = []
    for row in team_file.rows:
        names += [(row.player_1, row.licence_1), (row.player_2, row.licence_2)]
    return selectors.match_players(club=tournament.club, names=names)


def _draft_warning(tournament: Tournament, count: int) -> str:
    draft = selectors.draft_round(tournament=tournament)
    if draft is None:
        return ""
    return left_out_of_draft_message(count=count, round_number=draft.number)


def _registered_message(count: int) -> str:
    return ngettext("%(count)s team registered.", "%(count)s teams registered.", count) % {
        "count": count
    }
