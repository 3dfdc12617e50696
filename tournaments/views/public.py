"""Pages anyone can read: tournaments, standings, rounds, matches, a mêlée's players.

The standings, the round pages and a mêlée player's page are what every phone in the hall
reloads: their results (the part below the page's header) are rendered once per version of
the tournament's results and read from the cache after that
(tournaments/presentation/cache.py), so a cached page costs the lookups of its tournament
and round (or player), whatever the number of tables.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from tournaments import selectors
from tournaments.models import MeleePlayer, Round, Tournament
from tournaments.presentation.cache import cached
from tournaments.tables import SORTS, standings_table
from tournaments.views.entry import match_page_context
from tournaments.views.lookups import (
    get_match,
    get_melee_player,
    get_public_round,
    get_tournament,
    is_organiser,
)
from tournaments.views.registration_public import registration_context

#: The ``?sort=`` values of the standings kept in the cache: each sortable column, either
#: way. Any other query renders the page afresh, so that no one fills the cache with
#: made-up addresses (the sorting links repeat the query).
CACHED_SORTS = SORTS


def tournament_list(request: HttpRequest) -> HttpResponse:
    """List every tournament, most recent first."""
    context = {"tournaments": selectors.all_tournaments()}
    return render(request, "tournaments/tournament_list.html", context)


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show a tournament: online registration while it is open, its rounds and its
    standings as a sortable table (cached)."""
    tournament = get_tournament(slug)
    context = {
        "tournament": tournament,
        "results": standings_html(request, tournament),
        "is_organiser": is_organiser(request.user, tournament),
    } | registration_context(tournament)
    return render(request, "tournaments/tournament_detail.html", context)


def standings_html(request: HttpRequest, tournament: Tournament) -> SafeString:
    """Return the rounds and the standings of ``tournament`` as its page shows them,
    sorted as ``request`` asks, from the cache when the query is one it keeps."""

    def build() -> str:
        context = {
            "tournament": tournament,
            "rounds": selectors.public_rounds(tournament=tournament),
            "table": standings_table(request, tournament=tournament),
        }
        return render_to_string("tournaments/tournament_detail.html#results", context, request)

    sorts = request.GET.getlist("sort")
    if set(request.GET) - {"sort"} or len(sorts) > 1 or not set(sorts) <= CACHED_SORTS:
        return mark_safe(build())
    return mark_safe(cached(tournament, "standings", build, *sorts))


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Show every match of a round with its confirmed totals (« en cours » while a deal
    waits, selectors/results.py), and the round's byes (cached)."""
    tournament = get_tournament(slug)
    round_ = get_public_round(tournament, number)
    context = {
        "tournament": tournament,
        "round": round_,
        "results": round_html(tournament, round_),
    }
    return render(request, "tournaments/round_detail.html", context)


def round_html(tournament: Tournament, round_: Round) -> SafeString:
    """Return the tables and the byes of ``round_`` as its public page shows them, from
    the cache. Two queries when it is not there, whatever the number of tables; a
    mêlée's partie shows each table's four players and who sat out (RULES.md §H)."""

    def build() -> str:
        tables = selectors.round_tables(round=round_)
        context = {
            "tournament": tournament,
            "matches": tables.matches,
            "byes": tables.byes,
            "sit_outs": tables.sit_outs,
        }
        partial = "melee-results" if tables.is_melee else "results"
        return render_to_string(f"tournaments/round_detail.html#{partial}", context)

    return mark_safe(cached(tournament, f"round-{round_.pk}", build))


def match_detail(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Show a match: every deal, each side's score in words, running totals, entry form."""
    tournament = get_tournament(slug)
    match = get_match(get_public_round(tournament, number), table)
    context = match_page_context(request, tournament, match)
    return render(request, "tournaments/match_detail.html", context)


def melee_player_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Show a mêlée player's rank and points, then each of their parties (cached): 404
    for an unknown number, or in a doublettes concours (it has no player)."""
    tournament = get_tournament(slug)
    player = get_melee_player(tournament, number)
    context = {
        "tournament": tournament,
        "player": player,
        "results": melee_player_html(tournament, player),
    }
    return render(request, "tournaments/melee_player_detail.html", context)


def melee_player_html(tournament: Tournament, player: MeleePlayer) -> SafeString:
    """Return the standings line and the parties of mêlée ``player`` as their public page
    shows them (RULES.md §H), from the cache. Six queries when it is not there, whatever
    the number of parties and players."""

    def build() -> str:
        context = {
            "tournament": tournament,
            "player": player,
            "page": selectors.melee_player_page(player=player),
        }
        return render_to_string("tournaments/melee_player_detail.html#results", context)

    return mark_safe(cached(tournament, f"melee-player-{player.pk}", build))
