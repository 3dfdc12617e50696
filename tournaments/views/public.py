"""Pages anyone can read: tournaments, standings, rounds, matches."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import selectors
from tournaments.tables import standings_table
from tournaments.views.entry import match_page_context
from tournaments.views.lookups import get_match, get_public_round, get_tournament, is_organiser
from tournaments.views.registration_public import registration_context


def tournament_list(request: HttpRequest) -> HttpResponse:
    """List every tournament, most recent first."""
    context = {"tournaments": selectors.all_tournaments()}
    return render(request, "tournaments/tournament_list.html", context)


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show a tournament: online registration while it is open, its rounds and its
    standings as a sortable table."""
    tournament = get_tournament(slug)
    context = {
        "tournament": tournament,
        "rounds": selectors.public_rounds(tournament=tournament),
        "table": standings_table(request, tournament=tournament),
        "is_organiser": is_organiser(request.user, tournament),
    } | registration_context(tournament)
    return render(request, "tournaments/tournament_detail.html", context)


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Show every match of a round with its confirmed totals (« en cours » while a deal
    waits, selectors/results.py), and the round's byes."""
    tournament = get_tournament(slug)
    round_ = get_public_round(tournament, number)
    context = {
        "tournament": tournament,
        "round": round_,
        "matches": selectors.round_results(round=round_),
        "byes": selectors.round_byes(round=round_),
    }
    return render(request, "tournaments/round_detail.html", context)


def match_detail(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Show a match: every deal, each side's score in words, running totals, entry form."""
    tournament = get_tournament(slug)
    match = get_match(get_public_round(tournament, number), table)
    context = match_page_context(request, tournament, match)
    return render(request, "tournaments/match_detail.html", context)
