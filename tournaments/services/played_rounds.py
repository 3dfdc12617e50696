"""Rounds already played: their tables, byes and deals as the score sheets give them.

A concours played on paper, or imported from its files (RULES.md §F), has no draw to
make: each round comes with its tables, its byes and every match's deals, or only its
two totals (RULES.md §G). The round is recorded in one go (created, played, closed), each
match's deals through :func:`tournaments.services.deals.record_deals`, so that each
match is replayed once, or its totals through
:func:`tournaments.services.totals.record_match_totals`.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

import scoring
from tournaments.models import Bye, DealEntry, Match, Round, Team, Tournament
from tournaments.services.cache import results_changed
from tournaments.services.deals import NOBODY, Author, record_deals
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.totals import record_match_totals


@dataclass(frozen=True)
class PlayedMatch:
    """One match of a played round: its table, its two teams (A and B) and its deals as
    ``(deal number, entry)`` pairs, as :func:`tournaments.services.record_deals` takes
    them, or instead its sheet's ``totals`` (RULES.md §G), as
    :func:`tournaments.services.record_match_totals` takes them."""

    table_number: int
    team_a: Team
    team_b: Team
    entries: Sequence[tuple[int, DealEntry]] = ()
    totals: scoring.MatchTotals | None = None


def record_played_round(
    *,
    tournament: Tournament,
    matches: Sequence[PlayedMatch],
    byes: Sequence[Team] = (),
    now: datetime.datetime,
    author: Author = NOBODY,
) -> Round:
    """Record the next round of ``tournament`` as it was played, and return it closed.

    The round comes after the last one, which must be closed. It is published at ``now``
    with ``matches`` at their tables and ``byes`` exempt (RULES.md §E: credited as the
    tournament says), as given: nothing is drawn. Each match's deals are recorded at once
    by :func:`tournaments.services.record_deals` (RULES.md §B6, §C), by ``author``; a
    match given by its totals is recorded by
    :func:`tournaments.services.record_match_totals`, with no reason: a sum that does
    not add up, or totals that cannot be true (``totals_implausible``), are refused. The round is then closed at ``now``; a match whose sheet stops
    before the end of its format stays unfinished, as it was played. Runs in one
    transaction with the tournament row locked.

    Raises ServiceError ``round_open`` (number: the last round is not closed),
    ``all_rounds_drawn`` (rounds), ``same_team`` (a team against itself), and those of
    record_deals and record_match_totals with the match's ``table`` added to their params
    (``match_finished``, ``deal_exists``, ``totals_mismatch``, ``totals_implausible``…), scoring.InvalidDeal for a
    deal and scoring.InvalidTotals for totals the engine rejects. Raises ValueError for a
    team of another tournament, a team seated twice in the round, a table twice, or a
    match given both deals and totals. Nothing is saved then.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = tournament.rounds.order_by("-number").first()
        if last is not None and last.status != Round.Status.CLOSED:
            raise ServiceError(Refusal.ROUND_OPEN, number=last.number)
        number = 1 if last is None else last.number + 1
        if number > tournament.number_of_rounds:
            raise ServiceError(Refusal.ALL_ROUNDS_DRAWN, rounds=tournament.number_of_rounds)
        _check_seating(tournament, matches, byes)
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.PUBLISHED, published_at=now
        )
        rows = Match.objects.bulk_create(
            Match(
                round=round_,
                table_number=played.table_number,
                team_a=played.team_a,
                team_b=played.team_b,
            )
            for played in matches
        )
        Bye.objects.bulk_create(Bye(round=round_, team=team) for team in byes)
        for match, played in zip(rows, matches, strict=True):
            try:
                if played.totals is None:
                    record_deals(match=match, entries=played.entries, now=now, author=author)
                else:
                    record_match_totals(match=match, totals=played.totals, now=now, author=author)
            except ServiceError as refusal:
                raise ServiceError(
                    refusal.code, **refusal.params, table=match.table_number
                ) from None
        round_.status = Round.Status.CLOSED
        round_.closed_at = now
        round_.save(update_fields=["status", "closed_at"])
        results_changed(tournament)
    return round_


def _check_seating(
    tournament: Tournament, matches: Sequence[PlayedMatch], byes: Sequence[Team]
) -> None:
    """Raise ServiceError ``same_team``, or ValueError for a table twice, a match with
    both deals and totals, a team of another tournament or a team seated twice."""
    tables: set[int] = set()
    seated: set[int] = set()
    for played in matches:
        if played.team_a.pk == played.team_b.pk:
            raise ServiceError(Refusal.SAME_TEAM)
        if played.table_number in tables:
            raise ValueError(f"table {played.table_number} is given twice")
        if played.entries and played.totals is not None:
            raise ValueError(f"table {played.table_number} is given both deals and totals")
        tables.add(played.table_number)
    for team in [team for played in matches for team in (played.team_a, played.team_b)] + [*byes]:
        if team.tournament_id != tournament.pk:
            raise ValueError(f"team {team.number} is not in {tournament}")
        if team.pk in seated:
            raise ValueError(f"team {team.number} is seated twice in the round")
        seated.add(team.pk)
