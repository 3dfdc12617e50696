"""Rounds: draw, edit the draft, publish, close matches for time, close, reopen (RULES.md §E).

A round goes draft → published → closed, and back from closed to published when the
organiser reopens it. The draw itself is computed by the pure ``tournaments.pairing``
module; these services load its inputs and save its output.

A finished match is never lost (decided for this project, in RULES.md's spirit):

- A round closes only when every match is complete (finished, or stopped for time) and
  every deal is confirmed; from then on none of its matches may be left incomplete or
  with a deal waiting. So, in a closed round: a deal cannot be added or deleted, a match
  cannot be unlocked for the table nor reopened after "stopped for time", and a
  correction is refused when it would leave a complete match incomplete (a correction
  replaces a deal: correcting it to « passe » is how a deal is taken out, as long as the
  match still reaches its end). See services/deals.py and services/table.py.
- The organiser may reopen a closed round (:func:`reopen_round`), with a reason kept in
  the round's history (who, when, why), only while the next round is not published. A
  draft of the next round is then discarded: it was drawn from results that may change.
  It is drawn again, from the corrected standings, when the organiser draws after closing
  the round again (a round cannot be drawn while the one before is open).
- Every service that decides on a round's or a match's state locks the tournament, the
  round, then the match (services/locks.py), so that two actions never interleave: one
  waits for the other and then sees what it did.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
import secrets
from collections import Counter
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q

from tournaments import pairing
from tournaments.models import (
    AuditAction,
    Bye,
    DealStatus,
    Match,
    Round,
    Team,
    Tournament,
    set_audit,
)
from tournaments.selectors import tournament_standings
from tournaments.services.cache import results_changed
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.links import ensure_team_links
from tournaments.services.locks import lock_match, lock_round, lock_round_matches, lock_tournament
from tournaments.services.scores import replay_match

#: Seeds are stored in a signed 64-bit column.
SEED_BITS = 62


def drawable_teams(*, tournament: Tournament, round_number: int) -> list[Team]:
    """Return the teams that play ``round_number``: present, arrived, not withdrawn."""
    return list(
        Team.objects.filter(
            tournament=tournament, is_checked_in=True, first_round__lte=round_number
        )
        .filter(Q(withdrawn_from_round__isnull=True) | Q(withdrawn_from_round__gt=round_number))
        .order_by("number")
    )


def played_pairs(*, tournament: Tournament) -> list[tuple[int, int]]:
    """Return every pair of team ids that have met in a published or closed round."""
    return list(
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("team_a_id", "team_b_id")
    )


def draw_round(*, tournament: Tournament, seed: int | None = None) -> Round:
    """Draw the next round as a draft and return it (RULES.md §E).

    Round 1 is drawn at random from ``seed`` (a new random one when None), stored on the
    round so the draw can be replayed; later rounds pair teams by standing with no
    rematch when one can be avoided. The tournament row is locked, so a double click
    draws once.

    Raises ServiceError ``round_open`` (the last round is not closed), ``all_rounds_drawn``
    or ``not_enough_teams``.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        last = tournament.rounds.order_by("-number").first()
        if last is not None and last.status != Round.Status.CLOSED:
            raise ServiceError(Refusal.ROUND_OPEN, number=last.number)
        number = 1 if last is None else last.number + 1
        if number > tournament.number_of_rounds:
            raise ServiceError(Refusal.ALL_ROUNDS_DRAWN, rounds=tournament.number_of_rounds)
        teams = drawable_teams(tournament=tournament, round_number=number)
        if len(teams) < 2:
            raise ServiceError(Refusal.NOT_ENOUGH_TEAMS)
        if number == 1:
            seed = secrets.randbits(SEED_BITS) if seed is None else seed
            draw = _draw_random_by_number(teams, random.Random(seed))
        else:
            seed = None
            draw = _draw_by_standings(tournament, teams)
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.DRAFT, seed=seed
        )
        _save_draw(round_, draw)
        results_changed(tournament)
    return round_


def _draw_random_by_number(teams: list[Team], rng: random.Random) -> pairing.Draw:
    """Draw round 1 over the team numbers, then seat the teams by id, so that a seed gives
    the same tables for the same numbers whatever the database ids (RULES.md §E)."""
    by_number = {team.number: team.pk for team in teams}
    draw = pairing.draw_random_round(list(by_number), rng)
    return pairing.Draw(
        pairings=tuple(
            dataclasses.replace(p, team_a=by_number[p.team_a], team_b=by_number[p.team_b])
            for p in draw.pairings
        ),
        bye=None if draw.bye is None else by_number[draw.bye],
    )


def _draw_by_standings(tournament: Tournament, teams: list[Team]) -> pairing.Draw:
    drawable = {team.pk for team in teams}
    ranked = [
        s.team.pk for s in tournament_standings(tournament=tournament) if s.team.pk in drawable
    ]
    byes = Counter(
        Bye.objects.filter(round__tournament=tournament).values_list("team_id", flat=True)
    )
    return pairing.draw_by_standings(
        ranked, played=played_pairs(tournament=tournament), bye_counts=byes
    )


def _save_draw(round_: Round, draw: pairing.Draw) -> None:
    Match.objects.bulk_create(
        Match(
            round=round_,
            table_number=p.table_number,
            team_a_id=p.team_a,
            team_b_id=p.team_b,
            is_rematch=p.is_rematch,
            pairing_reason=p.reason.value,
            pairing_detail={"skipped": list(p.skipped), "avoided": list(p.avoided)},
        )
        for p in draw.pairings
    )
    if draw.bye is not None:
        Bye.objects.create(round=round_, team_id=draw.bye)


def reopen_match(
    *, match: Match, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Match:
    """Undo "closed for time" while the round is still being played.

    Raises ServiceError ``not_published`` (the round is a draft or closed: a match of a
    closed round stays complete) or ``not_closed_for_time``.
    """
    with transaction.atomic():
        match = lock_match(match)
        if match.round.status != Round.Status.PUBLISHED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
        if match.stopped_for_time_at is None:
            raise ServiceError(Refusal.NOT_CLOSED_FOR_TIME, table=match.table_number)
        match.stopped_for_time_at = None
        match.locked_at = None
        set_audit(match, action=AuditAction.REOPENED, now=now, user=user)
        match.save(update_fields=["stopped_for_time_at", "locked_at"])
        replay_match(match, match.round.tournament.rules, now)
        results_changed(match.round.tournament_id)
    return match


def lock_draft(round_: Round) -> Round:
    """Lock and return the draft ``round_``; raise ServiceError ``not_draft`` once it is
    published, ``draft_discarded`` when it was deleted meanwhile (discarded, or by a
    correction or a reopened round before it)."""
    try:
        round_ = lock_round(round_)
    except Round.DoesNotExist:
        raise ServiceError(Refusal.DRAFT_DISCARDED, number=round_.number) from None
    if round_.status != Round.Status.DRAFT:
        raise ServiceError(Refusal.NOT_DRAFT, number=round_.number)
    return round_


@dataclass(frozen=True)
class SwapResult:
    """What a swap in a draft changed, for the organiser's messages (team numbers).

    ``bye_before``/``bye_after`` are the exempt team before and after (None: no bye);
    ``rematch_tables`` the tables the swap made a rematch at (RULES.md §E avoids them).
    """

    round: Round
    first: int
    second: int
    bye_before: int | None
    bye_after: int | None
    rematch_tables: tuple[int, ...]

    @property
    def moved_bye(self) -> bool:
        """Return True when the swap gave the bye to another team."""
        return self.bye_after is not None and self.bye_after != self.bye_before


def swap_teams_in_draft(*, round: Round, first: int, second: int) -> SwapResult:
    """Swap two teams of a draft draw, given by their numbers (or a team and the bye), and
    save the new draw.

    Raises ServiceError ``not_draft`` once published, and ``same_team``,
    ``unknown_team`` (a number not in the draw) or ``same_pairing`` for a swap that cannot
    be made.
    """
    with transaction.atomic():
        round_ = lock_draft(round)
        ids = dict(
            Team.objects.filter(tournament_id=round_.tournament_id).values_list("number", "pk")
        )
        if first not in ids or second not in ids:
            raise ServiceError(Refusal.UNKNOWN_TEAM)
        numbers = {pk: number for number, pk in ids.items()}
        matches = list(round_.matches.order_by("table_number"))
        bye = round_.byes.values_list("team_id", flat=True).first()
        draw = pairing.Draw(
            pairings=tuple(
                pairing.Pairing(
                    table_number=m.table_number,
                    team_a=m.team_a_id,
                    team_b=m.team_b_id,
                    is_rematch=m.is_rematch,
                    reason=pairing.PairingReason(m.pairing_reason),
                    skipped=tuple(m.pairing_detail.get("skipped", ())),
                    avoided=tuple(m.pairing_detail.get("avoided", ())),
                )
                for m in matches
            ),
            bye=bye,
        )
        played = played_pairs(tournament=round_.tournament)
        try:
            new = pairing.swap_teams(draw, ids[first], ids[second], played=played)
        except pairing.DrawError as error:
            raise ServiceError(Refusal(error.code.value)) from None
        round_.matches.all().delete()
        round_.byes.all().delete()
        _save_draw(round_, new)
        results_changed(round_.tournament_id)
    rematches = tuple(
        p.table_number
        for p in new.pairings
        if p.is_rematch and p.reason is pairing.PairingReason.SWAPPED
    )
    return SwapResult(
        round=round_,
        first=first,
        second=second,
        bye_before=None if bye is None else numbers[bye],
        bye_after=None if new.bye is None else numbers[new.bye],
        rematch_tables=rematches,
    )


def discard_draft(*, round: Round) -> None:
    """Delete a draft round so that it can be drawn again. Raises ``not_draft``.

    Teams registered while it was a draft joined from the round after it
    (services/registration.py); the round is now the next to draw, so they join from it
    and the new draw includes them.
    """
    with transaction.atomic():
        round_ = lock_draft(round)
        _delete_draft(round_)
        results_changed(round_.tournament_id)


def _delete_draft(round_: Round) -> None:
    """Delete the draft ``round_`` (locked): the teams registered meanwhile join from it."""
    Team.objects.filter(tournament_id=round_.tournament_id, first_round__gt=round_.number).update(
        first_round=round_.number
    )
    round_.delete()


def publish_round(*, round: Round, now: datetime.datetime) -> Round:
    """Publish a draft draw: it is fixed, shown to players, and tables can play.

    Every team gets its link (QR code) if it has none yet. Raises ServiceError ``not_draft``.
    """
    with transaction.atomic():
        round_ = lock_draft(round)
        round_.status = Round.Status.PUBLISHED
        round_.published_at = now
        round_.save(update_fields=["status", "published_at"])
        ensure_team_links(tournament=round_.tournament, now=now)
        results_changed(round_.tournament_id)
    return round_


def close_match_for_time(
    *, match: Match, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Match:
    """Stop a match that ran out of time: it counts with the totals it has.

    Raises ServiceError ``not_published`` (the round is a draft or closed) or
    ``match_finished`` (it is already complete).
    """
    with transaction.atomic():
        match = lock_match(match)
        if match.round.status != Round.Status.PUBLISHED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=match.round.number)
        if match.is_complete:
            raise ServiceError(Refusal.MATCH_FINISHED)
        # The match ends here; replaying it returns a pending litige reserve (RULES.md §C)
        # and gives the result on totals.
        match.stopped_for_time_at = now
        set_audit(match, action=AuditAction.STOPPED_FOR_TIME, now=now, user=user)
        match.save(update_fields=["stopped_for_time_at"])
        replay_match(match, match.round.tournament.rules, now)
        results_changed(match.round.tournament_id)
    return match


def close_round(
    *, round: Round, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Round:
    """Close a published round once every match is complete; the next can then be drawn.

    Only confirmed deals count (RULES.md §E): a round with deals still waiting for the
    opponents, or disputed, cannot close. The round and then every match of it are locked
    first, so no match changes between the checks and the closing (an unlock, a deal, a
    correction waits, then sees the round closed). The round's history keeps who closed
    it (``user``) and when.

    Raises ServiceError ``not_published``, ``matches_open`` or ``deals_unconfirmed`` (with
    the tables concerned).
    """
    with transaction.atomic():
        round_ = lock_round(round)
        if round_.status != Round.Status.PUBLISHED:
            raise ServiceError(Refusal.NOT_PUBLISHED, number=round_.number)
        matches = lock_round_matches(round_)
        open_tables = [match.table_number for match in matches if not match.is_complete]
        if open_tables:
            raise ServiceError(Refusal.MATCHES_OPEN, tables=tuple(open_tables))
        unconfirmed = list(
            round_.matches.filter(deals__status__in=[DealStatus.PENDING, DealStatus.DISPUTED])
            .order_by("table_number")
            .values_list("table_number", flat=True)
            .distinct()
        )
        if unconfirmed:
            raise ServiceError(Refusal.DEALS_UNCONFIRMED, tables=tuple(unconfirmed))
        round_.status = Round.Status.CLOSED
        round_.closed_at = now
        set_audit(round_, action=AuditAction.ROUND_CLOSED, now=now, user=user)
        round_.save(update_fields=["status", "closed_at"])
        results_changed(round_.tournament_id)
    return round_


@dataclass(frozen=True)
class Reopening:
    """What reopening a round did: the round, published again, and the number of the
    next round's draft it discarded (None when there was none)."""

    round: Round
    discarded_draft: int | None


def is_reopenable(*, round: Round) -> bool:
    """Return True when the organiser may reopen ``round``: it is closed and the next
    round is not published (not drawn, or only a draft)."""
    if round.status != Round.Status.CLOSED:
        return False
    return not _next_round(round).exclude(status=Round.Status.DRAFT).exists()


def _next_round(round_: Round):
    return Round.objects.filter(tournament_id=round_.tournament_id, number=round_.number + 1)


def reopen_round(
    *, round: Round, reason: str, now: datetime.datetime, user: AbstractBaseUser | None = None
) -> Reopening:
    """Reopen a closed round so that its matches can be changed again; return the
    :class:`Reopening`.

    Allowed only while the next round is not published; a draft of it is discarded (it
    was drawn from these results) and is drawn again once this round is closed again.
    The round is published again at once: its matches keep their deals, their totals and
    their locks, and count in the standings as before; the organiser may then delete a
    deal, unlock a table or reopen a match stopped for time, and closes the round again.
    ``reason`` is kept in the round's history with ``user`` and ``now``. The tournament
    and the round are locked first, so a draw or a publication of the next round waits.

    Raises ServiceError ``reason_required``, ``not_closed`` (number: the round is not
    closed) or ``next_round_published`` (number: this round, next: the next one).
    """
    if not reason.strip():
        raise ServiceError(Refusal.REASON_REQUIRED)
    with transaction.atomic():
        round_ = lock_round(round)
        if round_.status != Round.Status.CLOSED:
            raise ServiceError(Refusal.NOT_CLOSED, number=round_.number)
        following = _next_round(round_).select_for_update(of=("self",)).first()
        if following is not None and following.status != Round.Status.DRAFT:
            raise ServiceError(
                Refusal.NEXT_ROUND_PUBLISHED, number=round_.number, next=following.number
            )
        if following is not None:
            _delete_draft(following)
        round_.status = Round.Status.PUBLISHED
        round_.closed_at = None
        set_audit(
            round_, action=AuditAction.ROUND_REOPENED, now=now, user=user, reason=reason.strip()
        )
        round_.save(update_fields=["status", "closed_at"])
        results_changed(round_.tournament_id)
    return Reopening(round=round_, discarded_draft=None if following is None else following.number)


def redraw_later_draft(*, match: Match) -> int | None:
    """Draw again a draft round that came after ``match``'s round: it was drawn from the
    standings before a correction of ``match``. Returns its number, or None when there was
    no such draft (round 1 is drawn at random, so a draft of it stays)."""
    tournament = match.round.tournament
    draft = tournament.rounds.filter(
        status=Round.Status.DRAFT, number__gt=match.round.number
    ).first()
    if draft is None or draft.number == 1:
        return None
    draft.delete()
    return draw_round(tournament=tournament).number
