"""The projector screen: a full-screen, read-only page for the hall, at a private address.

No login: the address carries the tournament's unguessable ``projector_token``, and an
unknown token is a 404 that says nothing about other tournaments. The screen cycles through
*slides*, each one screen of large type: every page of the current round's draw (table, both
teams, their confirmed totals, the bye last; in a mêlée both pairs by their players, then
who sits out), then every page of the standings, then starts over. The hall sees only what both tables agreed to (selectors/results.py): a match with a
deal still waiting for the opponents, or disputed, shows its confirmed totals marked « en
cours », no provisional total and no « Terminé »; the standings count confirmed matches only. Each
slide's fragment asks htmx for the next one (``hx-trigger="every 8s"``), so the cycle needs
no JavaScript of ours, and an index out of range wraps around instead of failing.

Only published data is shown: the current round is the latest published round, or the
latest closed one when none is published; a draft round never appears.

Every slide is rendered at once, once per version of the tournament's results and per
language, and kept in the cache (tournaments/presentation/cache.py): a hall's screens
then cost the lookup of the tournament, whatever the number of teams.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeVar

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments import selectors
from tournaments.models import Bye, Match, Round, SitOut, Tournament
from tournaments.presentation.cache import cached
from tournaments.selectors import ConfirmedMatch, PlayerStanding, Standing

#: Rows per slide that fit 1280×720 at 1rem = 4vh (28.8 px, projector.css): a draw row holds
#: both players of each team on two lines (2.4rem), a standings row one line (1.75rem). Eight
#: draw rows or eleven standings rows take 19.25rem at most, which leaves room for the slide
#: header and the column headings inside 25rem (720 px).
DRAW_ROWS_PER_SLIDE = 8
STANDINGS_ROWS_PER_SLIDE = 11
SECONDS_PER_SLIDE = 8

# Plain ASCII digits, short enough that int() never meets Python's digit limit.
SLIDE_INDEX = re.compile(r"-?[0-9]{1,9}")

_Row = TypeVar("_Row")


@dataclass(frozen=True)
class Slide:
    """One screen of the projector: a page of the draw or of the standings, or the
    waiting screen (``kind == "waiting"``) of a tournament with no team yet."""

    kind: str
    index: int
    next_index: int
    page: int = 1
    pages: int = 1
    round: Round | None = None
    matches: list[ConfirmedMatch] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    #: A mêlée's draw shows each pair by its two players, then who sits out (RULES.md §H).
    is_melee: bool = False
    sit_outs: list[SitOut] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    #: A mêlée's standings slide lists players instead of teams (RULES.md §H).
    players: list[PlayerStanding] = field(default_factory=list)
    #: False before any result counts (selectors.has_results): no rank is shown.
    is_ranked: bool = True


def _current_round(tournament: Tournament) -> Round | None:
    """Return the latest published round, else the latest closed one, else None."""
    rounds = list(selectors.tournament_rounds(tournament=tournament))
    for status in (Round.Status.PUBLISHED, Round.Status.CLOSED):
        shown = [round_ for round_ in rounds if round_.status == status]
        if shown:
            return shown[-1]
    return None


def _pages(rows: list[_Row], size: int) -> list[list[_Row]]:
    """Split ``rows`` into pages of ``size`` rows; no page for no rows."""
    return [rows[start : start + size] for start in range(0, len(rows), size)]


def build_slides(tournament: Tournament) -> list[Slide]:
    """Return every slide of ``tournament``'s projector in order: the pages of the current
    round's draw, then those of the standings; the waiting slide alone when there are none.

    The queries are the same whatever the number of teams: the draw and the standings are
    read whole, then cut into pages here, so every slide knows how many slides there are.
    A mêlée (no team, its players registered alone) shows each table's two pairs by
    their players, a row per player sitting out after the tables, and its individual
    standings, one row per player (RULES.md §H), in the slides' ``players``.
    """
    round_ = _current_round(tournament)
    standings = selectors.tournament_standings(tournament=tournament)
    is_melee = not standings and selectors.is_melee(tournament=tournament)
    draw: list[ConfirmedMatch | Bye | SitOut] = []
    if round_ is not None and is_melee:
        draw = [
            *selectors.melee_round_results(round=round_),
            *selectors.round_sit_outs(round=round_),
        ]
    elif round_ is not None:
        draw = [*selectors.round_results(round=round_), *selectors.round_byes(round=round_)]
    players: list[PlayerStanding] = []
    if is_melee:
        players = selectors.melee_standings(tournament=tournament)
    draw_pages = _pages(draw, DRAW_ROWS_PER_SLIDE)
    team_pages = _pages(standings, STANDINGS_ROWS_PER_SLIDE)
    player_pages = _pages(players, STANDINGS_ROWS_PER_SLIDE)
    standings_count = len(team_pages) or len(player_pages)
    count = len(draw_pages) + standings_count
    if not count:
        return [Slide(kind="waiting", index=0, next_index=0)]
    slides = [
        Slide(
            kind="draw",
            index=index,
            next_index=(index + 1) % count,
            round=round_,
            page=index + 1,
            pages=len(draw_pages),
            matches=[row for row in rows if isinstance(row, Match)],
            byes=[row for row in rows if isinstance(row, Bye)],
            is_melee=is_melee,
            sit_outs=[row for row in rows if isinstance(row, SitOut)],
        )
        for index, rows in enumerate(draw_pages)
    ]
    is_ranked = selectors.has_results(standings) or any(
        player.row.matches_played or player.row.byes for player in players
    )
    for page in range(standings_count):
        index = len(draw_pages) + page
        slides.append(
            Slide(
                kind="standings",
                index=index,
                next_index=(index + 1) % count,
                round=round_,
                page=page + 1,
                pages=standings_count,
                standings=team_pages[page] if team_pages else [],
                players=player_pages[page] if player_pages else [],
                is_ranked=is_ranked,
            )
        )
    return slides


def build_slide(tournament: Tournament, index: int) -> Slide:
    """Return slide ``index`` (modulo the number of slides) of ``tournament``'s projector."""
    slides = build_slides(tournament)
    return slides[index % len(slides)]


def slides_html(tournament: Tournament) -> list[str]:
    """Return every slide of ``tournament``'s projector as its htmx fragment, in order,
    from the cache (rendered once per results version and language)."""

    def build() -> list[str]:
        return [
            render_to_string(
                "tournaments/projector.html#slide",
                {"tournament": tournament, "slide": slide, "seconds": SECONDS_PER_SLIDE},
            )
            for slide in build_slides(tournament)
        ]

    return cached(tournament, "projector", build)


def _get_tournament_for_projector(token: str) -> Tournament:
    """Return the tournament whose projector address is ``token``, or raise 404."""
    return get_object_or_404(Tournament, projector_token=token)


def _slide_index(request: HttpRequest) -> int:
    """Return the ``slide`` query parameter as an int; anything else counts as 0."""
    value = request.GET.get("slide", "")
    return int(value) if SLIDE_INDEX.fullmatch(value) else 0


def _slide_html(tournament: Tournament, index: int) -> SafeString:
    """Return slide ``index`` (modulo the number of slides) as its htmx fragment."""
    slides = slides_html(tournament)
    return mark_safe(slides[index % len(slides)])


@never_cache
@require_GET
def projector(request: HttpRequest, token: str) -> HttpResponse:
    """Show the full-screen projector page, starting on the first slide."""
    tournament = _get_tournament_for_projector(token)
    context = {"tournament": tournament, "slide_html": _slide_html(tournament, 0)}
    return render(request, "tournaments/projector.html", context)


@never_cache
@require_GET
def projector_slide(request: HttpRequest, token: str) -> HttpResponse:
    """Return one slide as an htmx fragment; it polls for the next slide itself."""
    tournament = _get_tournament_for_projector(token)
    return HttpResponse(_slide_html(tournament, _slide_index(request)))
