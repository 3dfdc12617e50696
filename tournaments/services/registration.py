"""Registration on the day: teams added, edited, removed, checked in, withdrawn (RULES.md §E).

A team registered once a round is drawn, even as a draft, is a late team: it joins from
the next round not drawn yet (discarding the draft brings it back into the redrawn
round). A withdrawn team keeps its results, is never drawn again and ranks last. A team
in a draft draw can neither withdraw nor be marked absent: its opponent would be left
alone once the draft is published.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from tournaments.models import Club, Player, Round, Team, TeamData, Tournament
from tournaments.selectors import draft_round, is_in_draw, is_melee, published_round
from tournaments.selectors.players import MatchKind, match_player
from tournaments.services.cache import results_changed
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.locks import lock_club
from tournaments.services.players import PlayerData, add_player
from tournaments.text import clean_name, is_near_duplicate, is_same_name, split_full_name

#: Largest lot drawn for the last tie-break (RULES.md §E).
LOT_RANGE = 1_000_000


def _pair_key(player_1: str, player_2: str) -> frozenset[str]:
    return frozenset((clean_name(player_1).casefold(), clean_name(player_2).casefold()))


def next_round_to_play(tournament: Tournament) -> int:
    """Return the first round a team registered now can play: after the last published one."""
    last = (
        tournament.rounds.exclude(status=Round.Status.DRAFT).aggregate(last=Max("number"))["last"]
        or 0
    )
    return last + 1


def next_round_to_draw(tournament: Tournament) -> int:
    """Return the first round not drawn yet: after the last one, a draft included.

    A team registered now joins from this round: a draft draw already made does not
    have it.
    """
    last = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    return last + 1


def _draft_with(team: Team) -> Round | None:
    """Return the draft round when ``team`` has a table or the bye in its draw, else None."""
    draft = draft_round(tournament=team.tournament)
    if draft is not None and is_in_draw(team=team, round=draft):
        return draft
    return None


def register_club(*, name: str) -> Club:
    """Return the club named ``name``, created when it is new (the organising club of an
    imported concours, or a team's club).

    The club is looked up by its name cleaned by :func:`tournaments.text.clean_name`:
    "Club\x7f" is the club "Club", not a second one. Raises ValueError for a name that
    is blank once cleaned.
    """
    name = clean_name(name)
    if not name:
        raise ValueError("a club needs a name")
    return Club.objects.get_or_create(name=name)[0]


def _club(name: str) -> Club | None:
    return register_club(name=name) if clean_name(name) else None


def players_in_teams(*, tournament: Tournament, exclude: Team | None = None) -> dict[str, int]:
    """Return the number of the team each player of ``tournament`` plays in, by name
    cleaned and case ignored (« zora q » is « Zora Q »), ``exclude`` left out.

    Only for a concours of a club, whose players join its registry: there one name is one
    person, and a player plays in one team only (``player_in_team``); empty otherwise.
    """
    if tournament.club_id is None:
        return {}
    teams = Team.objects.filter(tournament=tournament)
    if exclude is not None:
        teams = teams.exclude(pk=exclude.pk)
    playing: dict[str, int] = {}
    for player_1, player_2, number in teams.values_list("player_1", "player_2", "number"):
        playing.setdefault(clean_name(player_1).casefold(), number)
        playing.setdefault(clean_name(player_2).casefold(), number)
    return playing


def check_players(
    *, tournament: Tournament, player_1: str, player_2: str, exclude: Team | None = None
) -> None:
    """Refuse a pair whose two names are one (``player_twice``), or one of whose names
    plays in another team of a club's concours (``player_in_team``: player, number), the
    names as typed (cleaned, case ignored): the team form's rule, also checked by online
    registration (services/online_registration.py)."""
    names = (clean_name(player_1), clean_name(player_2))
    if names[0].casefold() == names[1].casefold():
        raise ServiceError(Refusal.PLAYER_TWICE, player=names[0])
    playing = players_in_teams(tournament=tournament, exclude=exclude)
    for name in names:
        number = playing.get(name.casefold())
        if number is not None:
            raise ServiceError(Refusal.PLAYER_IN_TEAM, player=name, number=number)


def _check(tournament: Tournament, data: TeamData, exclude: Team | None = None) -> None:
    others = Team.objects.filter(tournament=tournament)
    if exclude is not None:
        others = others.exclude(pk=exclude.pk)
    if not clean_name(data.player_1) or not clean_name(data.player_2):
        raise ServiceError(Refusal.MISSING_PLAYER)
    if data.number is not None and others.filter(number=data.number).exists():
        raise ServiceError(Refusal.DUPLICATE_NUMBER, number=data.number)
    key = _pair_key(data.player_1, data.player_2)
    name = clean_name(data.name).casefold()
    rows = others.values_list("player_1", "player_2", "number", "name")
    for player_1, player_2, number, other_name in rows:
        if _pair_key(player_1, player_2) == key:
            raise ServiceError(Refusal.SAME_PAIR, number=number)
        if name and clean_name(other_name).casefold() == name:
            raise ServiceError(Refusal.SAME_TEAM_NAME, name=other_name, number=number)
    if data.links_registry:
        check_players(
            tournament=tournament, player_1=data.player_1, player_2=data.player_2, exclude=exclude
        )


def _names_record(name: str, player: Player, kept: tuple[str, int]) -> bool:
    """Tell whether a record posted with ``name`` is that name's record: its name, a near
    duplicate of it (« JP Martin » picked as « Jean-Pierre Martin »), or the name the team
    keeps with that record (``kept``: its name and record, unchanged by an edit).

    A record is picked from the type-ahead, whose script forgets it when the name is
    typed again; a name changed without it (autofill, a script, the script not loaded)
    must not keep the old record: that name is matched again, and checked as typed.
    """
    if is_same_name(player.full_name, name) or is_near_duplicate(player.full_name, name):
        return True
    kept_name, kept_record = kept
    return (
        kept_record == player.pk and clean_name(kept_name).casefold() == clean_name(name).casefold()
    )


class _Registry:
    """The registry of a tournament's club, locked and read once for a registration."""

    def __init__(self, tournament: Tournament, now: datetime.datetime) -> None:
        self.tournament = tournament
        self.now = now
        self.club: Club | None = None
        self.players: list[Player] = []

    def open(self) -> Club:
        """Lock the club's registry and read it, once; raise ServiceError ``no_registry``
        for a tournament with no club."""
        if self.club is None:
            if self.tournament.club_id is None:
                raise ServiceError(Refusal.NO_REGISTRY)
            self.club = lock_club(Club(pk=self.tournament.club_id))
            self.players = list(Player.objects.filter(club=self.club))
        return self.club

    def _player(self, name: str, record: int | None, licence: str, kept: tuple[str, int]) -> Player:
        club = self.open()
        if record is not None:
            for player in self.players:
                if player.pk == record:
                    if _names_record(name, player, kept):
                        return player
                    break
            else:
                raise ServiceError(Refusal.PLAYER_OTHER_CLUB)
        found = match_player(players=self.players, name=name, licence=licence)
        if found.kind == MatchKind.KNOWN and found.player is not None:
            return found.player
        first_name, last_name = split_full_name(name)
        data = PlayerData(last_name=last_name, first_name=first_name, licence=licence)
        player = add_player(club=club, data=data, now=self.now)
        self.players.append(player)
        return player

    def link(self, team: Team, data: TeamData) -> None:
        """Set ``team``'s two records from ``data`` (see TeamData); raises ServiceError
        ``no_registry``, ``player_other_club``, ``licence_taken``, ``player_twice``
        (player) or ``player_in_team`` (player, number)."""
        if not data.links_registry:
            return
        kept_1 = (team.player_1, team.player_1_record_id or 0)
        kept_2 = (team.player_2, team.player_2_record_id or 0)
        player_1 = self._player(data.player_1, data.player_1_record, data.player_1_licence, kept_1)
        player_2 = self._player(data.player_2, data.player_2_record, data.player_2_licence, kept_2)
        if player_1.pk == player_2.pk:
            raise ServiceError(Refusal.PLAYER_TWICE, player=str(player_1))
        others = Team.objects.filter(tournament=self.tournament).exclude(pk=team.pk)
        for player in (player_1, player_2):
            other = others.filter(Q(player_1_record=player) | Q(player_2_record=player)).first()
            if other is not None:
                raise ServiceError(Refusal.PLAYER_IN_TEAM, player=str(player), number=other.number)
        team.player_1_record, team.player_2_record = player_1, player_2


def register_teams(
    *,
    tournament: Tournament,
    teams: Iterable[TeamData],
    rng: random.Random,
    now: datetime.datetime | None = None,
) -> list[Team]:
    """Register teams in one transaction and return them; numbers are assigned when missing.

    A team registered once a round is drawn, even as a draft, joins from the next round
    not drawn yet (:func:`next_round_to_draw`) and is marked present. Raises ServiceError
    ``is_melee`` for a mêlée (its players register alone, RULES.md §H), ``no_round_left``
    once every round is drawn (the team would play none), or
    ``missing_player``, ``duplicate_number`` or ``same_pair`` for the first team that
    cannot be registered, or, for a team with ``links_registry``, ``player_twice`` or
    ``player_in_team`` on the names as typed (:func:`check_players`) or a refusal of the
    registry links (``_Registry.link``: a posted record whose name was changed since is
    ignored, :func:`_names_record`); nothing is saved then. New records of the registry
    are audited at ``now`` (default: the clock).
    """
    created = []
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if is_melee(tournament=tournament):
            raise ServiceError(Refusal.IS_MELEE)
        registry = _Registry(tournament, now or timezone.now())
        first_round = next_round_to_draw(tournament)
        if first_round > tournament.number_of_rounds:
            raise ServiceError(Refusal.NO_ROUND_LEFT, rounds=tournament.number_of_rounds)
        for data in teams:
            _check(tournament, data)
            number = data.number
            if number is None:
                last = Team.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"]
                number = (last or 0) + 1
            team = Team(
                tournament=tournament,
                number=number,
                player_1=clean_name(data.player_1),
                player_2=clean_name(data.player_2),
                name=clean_name(data.name),
                club=_club(data.club),
                lot=rng.randrange(LOT_RANGE),
                first_round=first_round,
                is_checked_in=first_round > 1,
            )
            registry.link(team, data)
            team.full_clean(validate_unique=False, validate_constraints=False)
            try:
                with transaction.atomic():
                    team.save()
            except IntegrityError:
                raise ServiceError(Refusal.DUPLICATE_NUMBER, number=number) from None
            created.append(team)
        results_changed(tournament)
    return created


def register_team(
    *,
    tournament: Tournament,
    data: TeamData,
    rng: random.Random,
    now: datetime.datetime | None = None,
) -> Team:
    """Register one team (see :func:`register_teams`) and return it."""
    return register_teams(tournament=tournament, teams=[data], rng=rng, now=now)[0]


def update_team(*, team: Team, data: TeamData, now: datetime.datetime | None = None) -> Team:
    """Change a team's number, players, name, club or registry links. Raises like
    :func:`register_teams`."""
    with transaction.atomic():
        # First, so that the tournament's row is locked before the club's and the team's
        # (services/locks.py).
        results_changed(team.tournament_id)
        registry = _Registry(team.tournament, now or timezone.now())
        if data.links_registry:
            # The club before the team, as a merge moves the teams under the club's lock.
            registry.open()
        team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
        _check(team.tournament, data, exclude=team)
        registry.link(team, data)
        if data.number is not None:
            team.number = data.number
        team.player_1 = clean_name(data.player_1)
        team.player_2 = clean_name(data.player_2)
        team.name = clean_name(data.name)
        team.club = _club(data.club)
        team.full_clean(validate_unique=False, validate_constraints=False)
        team.save()
    return team


def remove_team(*, team: Team) -> None:
    """Delete a team that has not been drawn yet.

    Raises ServiceError ``delete_in_draft`` when its only table or bye is in a draft
    draw (discard the draft, delete the team, then draw again), and ``team_drawn`` once
    it has a table or a bye in a published round: withdraw it instead.
    """
    with transaction.atomic():
        # First, so that the tournament's row is locked before the team's (services/locks.py).
        results_changed(team.tournament_id)
        team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
        published = ~Q(round__status=Round.Status.DRAFT)
        if (
            team.matches_as_a.filter(published).exists()
            or team.matches_as_b.filter(published).exists()
            or team.byes.filter(published).exists()
        ):
            raise ServiceError(Refusal.TEAM_DRAWN, number=team.number)
        draft = _draft_with(team)
        if draft is not None:
            raise ServiceError(Refusal.DELETE_IN_DRAFT, team=team.number, round=draft.number)
        team.delete()


@dataclass(frozen=True)
class CheckIn:
    """A team marked present or absent, and what that means for the draws.

    ``left_out_of_draft``: the draft round whose draw lacks the team now present (it plays
    from the round after, unless the draft is drawn again), else None. ``kept_in_round``:
    the published round in which the team now absent keeps its table or bye, else None.
    """

    team: Team
    left_out_of_draft: int | None = None
    kept_in_round: int | None = None


def set_checked_in(*, team: Team, is_checked_in: bool) -> CheckIn:
    """Mark a team present or absent for the next draw; return the :class:`CheckIn`.

    A team marked present while a round is a draft and left out of it plays from the next
    round, unless the draft is discarded and drawn again. A published round is fixed: a
    team marked absent keeps its table in it and is only left out of the next draw.

    Raises ServiceError ``absent_in_draft`` when a team in a draft draw is marked absent
    (discard the draft first, then mark it absent, then draw again); nothing is saved.
    """
    with transaction.atomic():
        # First, so that the tournament's row is locked before the team's (services/locks.py).
        results_changed(team.tournament_id)
        locked = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
        draft = draft_round(tournament=locked.tournament)
        is_in_draft = draft is not None and is_in_draw(team=locked, round=draft)
        if draft is not None and is_in_draft and not is_checked_in:
            raise ServiceError(Refusal.ABSENT_IN_DRAFT, team=locked.number, round=draft.number)
        Team.objects.filter(pk=team.pk).update(is_checked_in=is_checked_in)
        team.is_checked_in = is_checked_in
        if is_checked_in:
            left_out = draft.number if draft is not None and not is_in_draft else None
            return CheckIn(team, left_out_of_draft=left_out)
        playing = published_round(tournament=locked.tournament)
        if playing is not None and is_in_draw(team=locked, round=playing):
            return CheckIn(team, kept_in_round=playing.number)
        return CheckIn(team)


def check_in_all(*, tournament: Tournament) -> int:
    """Mark every team not withdrawn present; return how many changed."""
    with transaction.atomic():
        results_changed(tournament)
        return Team.objects.filter(
            tournament=tournament, is_checked_in=False, withdrawn_from_round__isnull=True
        ).update(is_checked_in=True)


def withdraw_team(*, team: Team) -> Team:
    """Withdraw a team from the next round on: its results stay, it is not drawn again.

    Raises ServiceError ``already_withdrawn``, or ``in_draft`` when the team sits in a
    draft draw (discard the draft first, then withdraw, then draw again).
    """
    with transaction.atomic():
        # First, so that the tournament's row is locked before the team's (services/locks.py).
        results_changed(team.tournament_id)
        team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
        if team.is_withdrawn:
            raise ServiceError(Refusal.ALREADY_WITHDRAWN, number=team.number)
        draft = _draft_with(team)
        if draft is not None:
            raise ServiceError(Refusal.IN_DRAFT, number=draft.number)
        team.withdrawn_from_round = next_round_to_play(team.tournament)
        team.is_checked_in = False
        team.save(update_fields=["withdrawn_from_round", "is_checked_in"])
    return team


def reinstate_team(*, team: Team) -> Team:
    """Undo a withdrawal made by mistake: the team is drawn again from the round it left.

    Only while nothing has been drawn without it: its first missed round is not drawn
    yet, not even as a draft (RULES.md §E: a withdrawn team is never drawn again, so a team
    that missed a round stays withdrawn). The team comes back present. Raises ServiceError
    ``not_withdrawn``, or ``drawn_without`` (params: number, round) once a round is drawn
    without it.
    """
    with transaction.atomic():
        # First, so that the tournament's row is locked before the team's (services/locks.py).
        results_changed(team.tournament_id)
        team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
        if not team.is_withdrawn:
            raise ServiceError(Refusal.NOT_WITHDRAWN, number=team.number)
        missed = team.withdrawn_from_round
        assert missed is not None
        if next_round_to_draw(team.tournament) > missed:
            raise ServiceError(Refusal.DRAWN_WITHOUT, number=team.number, round=missed)
        team.withdrawn_from_round = None
        team.is_checked_in = True
        team.save(update_fields=["withdrawn_from_round", "is_checked_in"])
    return team
