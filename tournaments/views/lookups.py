"""Scoped lookups shared by the views: 404 for what does not exist or is not yours."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from tournaments import selectors
from tournaments.models import (
    Challenge,
    Club,
    Deal,
    Match,
    MeleePlayer,
    Player,
    Round,
    Team,
    TeamLink,
    Tournament,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User


def public_url(request: HttpRequest, path: str) -> str:
    """Return the absolute address of ``path`` as the players' phones must use it.

    settings.BELOTE_PUBLIC_URL (./run sets the laptop's LAN address) wins over the
    address the organiser's browser used, which may be "localhost": a QR code printed
    from it would open nothing on a phone.
    """
    base = settings.BELOTE_PUBLIC_URL
    if base:
        return base.rstrip("/") + path
    return request.build_absolute_uri(path)


def is_organiser(user: User | AnonymousUser, tournament: Tournament) -> bool:
    """Return True when ``user`` may change ``tournament``: one of its club's organisers."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    club = tournament.club
    return club is not None and club.organisers.filter(pk=user.pk).exists()


def get_club(slug: str) -> Club:
    """Return the club with ``slug`` or raise 404."""
    return get_object_or_404(Club, slug=slug)


def get_club_for_organiser(request: HttpRequest, slug: str) -> Club:
    """Return the club if the user organises it (or is a superuser); 404 otherwise, so
    nothing leaks."""
    club = get_club(slug)
    if not selectors.is_club_organiser(request.user, club):
        raise Http404
    return club


def get_club_organiser(club: Club, pk: int) -> User:
    """Return the account ``pk`` among ``club``'s organisers, or raise 404."""
    return get_object_or_404(selectors.club_organisers(club=club), pk=pk)


def get_tournament(slug: str) -> Tournament:
    """Return the tournament with ``slug`` (its club joined) or raise 404."""
    return get_object_or_404(Tournament.objects.select_related("club"), slug=slug)


def get_tournament_for_organiser(request: HttpRequest, slug: str) -> Tournament:
    """Return the tournament if the user organises it; 404 otherwise, so nothing leaks."""
    tournament = get_tournament(slug)
    if not is_organiser(request.user, tournament):
        raise Http404
    return tournament


def get_round(tournament: Tournament, number: int) -> Round:
    """Return round ``number`` of ``tournament`` or raise 404."""
    return get_object_or_404(Round, tournament=tournament, number=number)


def get_public_round(tournament: Tournament, number: int) -> Round:
    """Return a published or closed round of ``tournament``; a draft is not public (404)."""
    return get_object_or_404(
        Round.objects.exclude(status=Round.Status.DRAFT), tournament=tournament, number=number
    )


def get_match(round_: Round, table: int) -> Match:
    """Return the match at ``table`` in ``round_``, teams joined (with their mêlée pairs
    and players, none in doublettes: RULES.md §H), or raise 404."""
    return get_object_or_404(
        Match.objects.select_related(
            "team_a", "team_b", "round__tournament", *selectors.SEATED_PLAYERS
        ),
        round=round_,
        table_number=table,
    )


def get_match_for_organiser(
    request: HttpRequest, slug: str, number: int, table: int
) -> tuple[Tournament, Match]:
    """Return the tournament the user organises and its match at ``table`` in round
    ``number``; 404 otherwise."""
    tournament = get_tournament_for_organiser(request, slug)
    return tournament, get_match(get_round(tournament, number), table)


def get_team(tournament: Tournament, number: int) -> Team:
    """Return team ``number`` of ``tournament`` (its club and registered players joined) or raise 404."""
    return get_object_or_404(
        Team.objects.select_related("club", "player_1_record", "player_2_record"),
        tournament=tournament,
        number=number,
    )


def get_melee_player(tournament: Tournament, number: int) -> MeleePlayer:
    """Return mêlée player ``number`` of ``tournament`` (their club joined) or raise 404."""
    return get_object_or_404(
        MeleePlayer.objects.select_related("club", "tournament"),
        tournament=tournament,
        number=number,
    )


def get_deal(match: Match, deal_number: int) -> Deal:
    """Return deal ``deal_number`` of ``match`` or raise 404."""
    return get_object_or_404(Deal, match=match, deal_number=deal_number)


def get_link(tournament: Tournament, pk: int) -> TeamLink:
    """Return the team link ``pk`` of ``tournament`` (its team joined), or raise 404:
    another tournament's link is not found."""
    return get_object_or_404(TeamLink.objects.select_related("team"), pk=pk, tournament=tournament)


def is_club_organiser(user: User | AnonymousUser, club: Club) -> bool:
    """Return True when ``user`` organises ``club`` (a superuser organises every club)."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or club.organisers.filter(pk=user.pk).exists()


def get_challenge(slug: str) -> Challenge:
    """Return the challenge with ``slug`` (its club joined) or raise 404."""
    challenge = selectors.challenge_by_slug(slug)
    if challenge is None:
        raise Http404
    return challenge


def get_challenge_for_organiser(request: HttpRequest, slug: str) -> Challenge:
    """Return the challenge if the user organises its club; 404 otherwise."""
    challenge = get_challenge(slug)
    if not is_club_organiser(request.user, challenge.club):
        raise Http404
    return challenge


def get_challenge_concours(challenge: Challenge, slug: str) -> Tournament:
    """Return the concours ``slug`` of ``challenge`` (any concours of its club, so that a
    service says it is not in the challenge), or raise 404."""
    return get_object_or_404(Tournament, slug=slug, club=challenge.club)


def get_registry_club(request: HttpRequest, club: int) -> Club:
    """Return club ``club`` (its primary key, as the registry's addresses give it) if the
    user organises it (or is a superuser); 404 otherwise, so that another club's registry
    of players does not even show it exists."""
    user = request.user
    found = get_object_or_404(Club, pk=club)
    if user.is_superuser or (
        user.is_authenticated and found.organisers.filter(pk=user.pk).exists()
    ):
        return found
    raise Http404


def get_player(club: Club, pk: int) -> Player:
    """Return record ``pk`` of ``club``'s registry or raise 404 (another club's record
    is not found)."""
    return get_object_or_404(Player, club=club, pk=pk)
