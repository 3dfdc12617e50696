"""Season challenges as pages and exports read them (RULES.md §I), computed on every read.

A challenge's ranking is never stored: :func:`challenge_ranking` reads each concours'
confirmed standings (:func:`tournaments.selectors.standings.tournament_standings`) and
ranks people with :mod:`tournaments.challenges`, so a concours added later, or corrected
after it was added, counts as it stands now.

**Who is a person** (§I: « the same person across concours is one registry entry »): a
team's player linked to a record of the club's registry (``Team.player_1_record``) is
that record, whoever their partner was. A player with no record counts by name within
the club: names compared as :func:`tournaments.text.name_words` compares them (accents,
case, hyphens ignored), and a name that is exactly one registry record's name counts as
that record. Two different people of the same name with no record are one person here;
linking them to records keeps them apart.

A player of a concours à la mêlée (:class:`~tournaments.models.MeleePlayer`, RULES.md §H)
is linked to no registry record: they count as a team's player with no record does, by
name within the club (or as the one record of that name), so « Hélène Thomas » of a mêlée
and of a doublettes concours is one person. Their
result is their own line of the mêlée's individual standings (parties won, drawn, lost,
sit-outs as byes, scored points with the sit-out credits, final rank), with no partner,
since partners change every partie: a mêlée's players are in no pair of :func:`rank_pairs`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet

from tournaments.challenges import (
    ChallengeFormula,
    ChallengeRow,
    ConcoursResult,
    rank_pairs,
    rank_people,
)
from tournaments.models import Challenge, Club, Player, Round, Team, Tournament
from tournaments.selectors.melee import is_melee, melee_standings
from tournaments.selectors.standings import tournament_standings
from tournaments.standings import StandingRow
from tournaments.text import name_words


def finished_concours(*, club: Club) -> QuerySet[Tournament]:
    """Return the finished concours of ``club``, latest first: every round of the concours
    (``number_of_rounds``) drawn and closed. Only those can join a challenge (§I)."""
    return (
        Tournament.objects.filter(club=club)
        .annotate(
            closed_rounds=Count("rounds", filter=Q(rounds__status=Round.Status.CLOSED)),
            open_rounds=Count("rounds", filter=~Q(rounds__status=Round.Status.CLOSED)),
        )
        .filter(closed_rounds__gte=F("number_of_rounds"), open_rounds=0)
        .order_by("-date", "name")
    )


def is_finished_concours(tournament: Tournament) -> bool:
    """Return True when ``tournament`` is finished (:func:`finished_concours`)."""
    if tournament.club is None:
        return False
    return finished_concours(club=tournament.club).filter(pk=tournament.pk).exists()


def challenges_of_club(*, club: Club) -> QuerySet[Challenge]:
    """Return the challenges of ``club`` by name, each with ``concours_count`` (for the
    club's pages: name, link through ``get_absolute_url``)."""
    return (
        Challenge.objects.filter(club=club)
        .annotate(concours_count=Count("entries"))
        .order_by("name", "pk")
    )


def challenge_by_slug(slug: str) -> Challenge | None:
    """Return the challenge with ``slug``, its club joined, or None."""
    return Challenge.objects.select_related("club").filter(slug=slug).first()


def challenge_by_projector_token(token: str) -> Challenge | None:
    """Return the challenge whose projector address is ``token``, or None."""
    return Challenge.objects.select_related("club").filter(projector_token=token).first()


def challenge_concours(*, challenge: Challenge) -> list[Tournament]:
    """Return the concours of ``challenge`` in its order (position 1 first)."""
    return list(
        Tournament.objects.filter(challenge_entries__challenge=challenge).order_by(
            "challenge_entries__position"
        )
    )


def concours_to_add(*, challenge: Challenge) -> QuerySet[Tournament]:
    """Return the finished concours of the challenge's club not in it yet."""
    return finished_concours(club=challenge.club).exclude(challenge_entries__challenge=challenge)


def challenge_formula(challenge: Challenge) -> ChallengeFormula:
    """Return the formula of ``challenge`` as the pure ranking takes it (§I)."""
    return ChallengeFormula(
        win=challenge.points_win,
        draw=challenge.points_draw,
        loss=challenge.points_loss,
        bye=challenge.points_bye,
        counts_scored_points=challenge.counts_scored_points,
        rank_points=challenge.rank_points_values,
        best_of=challenge.best_of,
        minimum=challenge.minimum,
    )


class _People:
    """The person key of each team player (module docstring): a registry record's
    ``player:<id>``, else ``name:<words>`` or the one record of that name."""

    def __init__(self, club: Club) -> None:
        by_name: dict[tuple[str, ...], list[Player]] = defaultdict(list)
        for player in Player.objects.filter(club=club):
            by_name[name_words(player.full_name)].append(player)
        self.by_name = {words: found[0] for words, found in by_name.items() if len(found) == 1}
        self.names: dict[str, str] = {}

    def key(self, record: Player | None, name: str) -> str:
        if record is None:
            words = name_words(name)
            record = self.by_name.get(words)
            if record is None:
                key = "name:" + " ".join(words or (name,))
                self.names[key] = name
                return key
        key = f"player:{record.pk}"
        self.names[key] = record.full_name
        return key


def challenge_results(*, challenge: Challenge) -> list[ConcoursResult]:
    """Return one :class:`ConcoursResult` per player of every team of every concours of
    ``challenge``, from the confirmed standings: parties won, drawn and lost at the table
    (a bye counted as a win by the concours' setting is a bye here), byes, scored points
    (bye credits included) and the final rank (RULES.md §I). A team that never played
    nor had a bye in a concours did not play it: it gives no result.

    A mêlée gives one result per player of its individual standings (module docstring),
    a player who never played nor sat out giving none.
    """
    people = _People(challenge.club)
    results: list[ConcoursResult] = []
    for position, tournament in enumerate(challenge_concours(challenge=challenge)):
        standings = tournament_standings(tournament=tournament)
        if not standings and is_melee(tournament=tournament):
            results.extend(
                _result(
                    people.key(None, standing.player.name),
                    standing.player.name,
                    position,
                    standing.row,
                    None,
                    people,
                )
                for standing in melee_standings(tournament=tournament)
                if standing.row.matches_played or standing.row.byes
            )
            continue
        teams = {
            team.pk: team
            for team in Team.objects.filter(tournament=tournament).select_related(
                "player_1_record", "player_2_record"
            )
        }
        for standing in standings:
            row = standing.row
            if row.matches_played == 0 and row.byes == 0:
                continue
            team = teams[row.team_id]
            one = people.key(team.player_1_record, team.player_1)
            two = people.key(team.player_2_record, team.player_2)
            for person, name, partner in (
                (one, team.player_1, two),
                (two, team.player_2, one),
            ):
                results.append(_result(person, name, position, row, partner, people))
    return results


def _result(
    person: str, name: str, position: int, row: StandingRow, partner: str | None, people: _People
) -> ConcoursResult:
    """Return the result of ``person`` (shown as ``name`` unless the registry names them)
    in the concours at ``position``, from their standings ``row``."""
    return ConcoursResult(
        person=person,
        name=people.names.get(person, name),
        concours=position,
        won=row.matches_played - row.matches_drawn - row.matches_lost,
        drawn=row.matches_drawn,
        lost=row.matches_lost,
        byes=row.byes,
        scored_points=row.points,
        rank=row.rank,
        partner=partner,
    )


@dataclass(frozen=True)
class ChallengeRanking:
    """A challenge as its pages show it: its concours in order, the people's ranking,
    and the ranking of the pairs that always played together (empty when none did)."""

    challenge: Challenge
    concours: list[Tournament]
    people: list[ChallengeRow]
    pairs: list[ChallengeRow]


def challenge_ranking(*, challenge: Challenge) -> ChallengeRanking:
    """Return the ranking of ``challenge`` now (RULES.md §I), computed from the confirmed
    standings of its concours (:func:`challenge_results`)."""
    formula = challenge_formula(challenge)
    results = challenge_results(challenge=challenge)
    return ChallengeRanking(
        challenge=challenge,
        concours=challenge_concours(challenge=challenge),
        people=rank_people(results, formula),
        pairs=rank_pairs(results, formula),
    )
