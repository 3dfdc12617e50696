"""Pages anyone can read: tournaments, standings, rounds, matches.

The standings and the round pages are what every phone in the hall reloads: their results
(the part below the page's header) are rendered once per version of the tournament's
results and read from the cache after that (tournaments/presentation/cache.py), so a
cached page costs the lookups of its tournament and round, whatever the number of tables.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from tournaments import selectors
from tournaments.models import Round, Tournament
from tournaments.presentation.cache import cached
from tournaments.tables import SORTS, standings_table
from tournaments.views.entry import match_page_context
from tournaments.views.lookups import get_match, get_public_round, get_tournament, is_organiser
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
    the cache. Three queries when it is not there, whatever the number of tables."""

    def build() -> str:
        context = {
            "matches": selectors.round_results(round=round_),
            "byes": selectors.round_byes(round=round_),
        }
        return render_to_string("tournaments/round_detail.html#results", context)

    return mark_safe(cached(tournament, f"round-{round_.pk}", build))


def match_detail(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Show a match: every deal, each side's score in words, running totals, entry form."""
    tournament = get_tournament(slug)
    match = get_match(get_public_round(tournament, number), table)
    context = match_page_context(request, tournament, match)
    return render(request, "tournaments/match_detail.html", context)
