"""What the public pages of a concours à la mêlée read (RULES.md §H): a partie's tables
with their four players, and a player's page, partie by partie.

The hall sees only what both tables agreed to (selectors/results.py): a pair's totals
are its match's confirmed totals, and a match that does not count yet in the standings
(not complete, or a deal waiting or disputed) is « en cours », with no result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournaments.melee_standings import MeleeMatchEntry, sit_out_credits
from tournaments.models import Bye, Match, MeleePlayer, Round, SitOut, Tournament
from tournaments.selectors.melee import PlayerStanding, melee_standings, round_sit_outs
from tournaments.selectors.results import ConfirmedMatch, round_results, with_confirmed_totals
from tournaments.selectors.rounds import round_byes
from tournaments.selectors.standings import counted_matches, standings_rules
from tournaments.standings import ByeEntry

#: The joins that give each match's four players: pair A's two, then pair B's.
PAIR_PLAYERS = (
    "team_a__melee_pair__player_1",
    "team_a__melee_pair__player_2",
    "team_b__melee_pair__player_1",
    "team_b__melee_pair__player_2",
)


def melee_round_results(*, round: Round) -> QuerySet[ConfirmedMatch]:
    """Return the matches of a mêlée partie by table as :func:`round_results` gives them,
    each pair's two players joined (``match.team_a.melee_pair.player_1`` …): one query,
    whatever the number of tables."""
    return round_results(round=round).select_related(*PAIR_PLAYERS)


@dataclass(frozen=True)
class RoundTables:
    """What a round's public page lists: its matches by table (with their confirmed
    totals, and each pair's players in a mêlée), and its byes, or in a mêlée
    (``is_melee``) the players who sat out, by number (RULES.md §E, §H)."""

    matches: list[ConfirmedMatch]
    byes: list[Bye]
    sit_outs: list[SitOut]
    is_melee: bool


def round_tables(*, round: Round) -> RoundTables:
    """Return the tables of a published or closed ``round`` and who did not play it, in
    two queries whatever the number of tables: a mêlée's partie is known by its matches,
    whose teams are pairs (a partie always has a table)."""
    matches = list(melee_round_results(round=round))
    # The pair is joined: hasattr() reads what the join found, with no query.
    is_melee = any(hasattr(match.team_a, "melee_pair") for match in matches[:1])
    if is_melee:
        return RoundTables(matches, [], list(round_sit_outs(round=round)), is_melee=True)
    return RoundTables(matches, list(round_byes(round=round)), [], is_melee=False)


class PartieOutcome(StrEnum):
    """How a partie went for a mêlée player: their pair won, drew or lost a counted match,
    the match is still going on (it does not count yet), or the player sat out."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    ONGOING = "ongoing"
    SAT_OUT = "sat-out"


@dataclass(frozen=True)
class MeleePlayerPartie:
    """One partie of a mêlée player, as their page shows it (RULES.md §H).

    At a table: ``match`` (with its confirmed totals), the ``partner`` and the two
    ``opponents``; ``points_for`` and ``points_against`` are the pair's and the other
    pair's confirmed totals (scored points). Sat out: no match, and ``points_for`` is
    the sit-out's credit as the standings count it (``points_against`` None);
    ``is_ongoing`` then says that a match of the partie does not count yet, so that the
    credit may still change (it does under the round mean, RULES.md §E).
    """

    round_number: int
    outcome: PartieOutcome
    points_for: int
    points_against: int | None = None
    match: ConfirmedMatch | None = None
    partner: MeleePlayer | None = None
    opponents: tuple[MeleePlayer, MeleePlayer] | None = None
    is_ongoing: bool = False


@dataclass(frozen=True)
class MeleePlayerPage:
    """A mêlée player's public page: their standings row, out of ``player_count``
    players; ``is_ranked`` False while no result counts for anyone (no rank is shown
    then); their parties by number, published or closed ones only."""

    standing: PlayerStanding
    player_count: int
    is_ranked: bool
    parties: list[MeleePlayerPartie]


def melee_player_page(*, player: MeleePlayer) -> MeleePlayerPage:
    """Return the public page of mêlée ``player`` (RULES.md §H): six queries, whatever
    the number of parties and players (the standings' three, the player's matches, their
    sit-outs, the counted matches of the parties they sat out; five when they never sat
    out)."""
    tournament = player.tournament
    standings = melee_standings(tournament=tournament)
    counted = counted_matches(tournament=tournament)
    seated = Q()
    for path in PAIR_PLAYERS:
        seated |= Q(**{path: player})
    matches = with_confirmed_totals(
        Match.objects.filter(seated, round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round__tournament", *PAIR_PLAYERS)
        .annotate(is_counted=Exists(counted.filter(pk=OuterRef("pk"))))
    )
    sit_outs = (
        SitOut.objects.filter(player=player)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round")
        .annotate(
            is_ongoing=Exists(
                Match.objects.filter(round=OuterRef("round")).exclude(pk__in=counted.values("pk"))
            )
        )
    )
    parties = [_partie(match, player) for match in matches]
    sat_out = list(sit_outs)
    credits = _credits(tournament=tournament, sit_outs=sat_out)
    parties += [
        MeleePlayerPartie(
            round_number=sit_out.round.number,
            outcome=PartieOutcome.SAT_OUT,
            points_for=credits[sit_out.round.number],
            is_ongoing=sit_out.is_ongoing,
        )
        for sit_out in sat_out
    ]
    return MeleePlayerPage(
        standing=next(standing for standing in standings if standing.player.pk == player.pk),
        player_count=len(standings),
        is_ranked=any(standing.row.matches_played or standing.row.byes for standing in standings),
        parties=sorted(parties, key=lambda partie: partie.round_number),
    )


def _partie(match: ConfirmedMatch, player: MeleePlayer) -> MeleePlayerPartie:
    """Return the partie ``player`` played in ``match`` (annotated ``is_counted``)."""
    pair_a = (match.team_a.melee_pair.player_1, match.team_a.melee_pair.player_2)
    pair_b = (match.team_b.melee_pair.player_1, match.team_b.melee_pair.player_2)
    is_a = player.pk in (pair_a[0].pk, pair_a[1].pk)
    own, other = (pair_a, pair_b) if is_a else (pair_b, pair_a)
    scored, conceded = (
        (match.confirmed_a, match.confirmed_b) if is_a else (match.confirmed_b, match.confirmed_a)
    )
    if not match.is_counted:  # type: ignore[attr-defined]
        outcome = PartieOutcome.ONGOING
    elif scored == conceded:
        outcome = PartieOutcome.DRAWN
    else:
        outcome = PartieOutcome.WON if scored > conceded else PartieOutcome.LOST
    return MeleePlayerPartie(
        round_number=match.round.number,
        outcome=outcome,
        points_for=scored,
        points_against=conceded,
        match=match,
        partner=own[1] if own[0].pk == player.pk else own[0],
        opponents=other,
        is_ongoing=outcome is PartieOutcome.ONGOING,
    )


def _credits(*, tournament: Tournament, sit_outs: Sequence[SitOut]) -> dict[int, int]:
    """Return the credit of each partie of ``sit_outs`` by number, as the standings give
    it: one query, none without a sit-out."""
    if not sit_outs:
        return {}
    rounds = [sit_out.round_id for sit_out in sit_outs]
    matches = (
        counted_matches(tournament=tournament)
        .filter(round__in=rounds)
        .values_list(
            "round__number", *(f"{path}_id" for path in PAIR_PLAYERS), "total_a", "total_b"
        )
    )
    return sit_out_credits(
        [
            MeleeMatchEntry(number, (a_1, a_2), (b_1, b_2), total_a, total_b)
            for number, a_1, a_2, b_1, b_2, total_a, total_b in matches
        ],
        [ByeEntry(sit_out.round.number, sit_out.player_id) for sit_out in sit_outs],
        standings_rules(tournament=tournament),
    )
