"""Two finished concours of one club for the challenge tests (RULES.md §I), by hand.

Concours A (one round): team 1 Anne Roux + Bruno Vidal (registry records) beat team 2
Denis Lac + Eve Mas (no records) 900–700; team 3 Chloé Noël (record) + Jean Dupont (no
record) is exempt, a fixed credit of 500. Standings: 1 (900), 2 (700), 3 (500).

Concours B (one round): team 1 « A. Roux » (Anne's record) + Chloé draw 600–600 with team
2 « denis lac » + Eve Mas; team 3 « Bruno Vidal » (no record: his name is one record's
name) + Jean Dupont is exempt (500). Standings: 1 (600), 2 (600, team number), 3 (500).
"""

import datetime

from tests.factories import (
    ByeFactory,
    ClubFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tournaments.models import Club, Round, Tournament


def finished_match(round_, table, team_a, team_b, total_a, total_b):
    """A totals-only match of ``round_``, finished, its result from the totals."""
    result = "A" if total_a > total_b else "B" if total_b > total_a else "draw"
    return MatchFactory(
        round=round_,
        table_number=table,
        team_a=team_a,
        team_b=team_b,
        total_a=total_a,
        total_b=total_b,
        result=result,
        is_totals_only=True,
        is_finished=True,
    )


def concours(club: Club, slug: str, day: int) -> Tournament:
    return TournamentFactory(
        club=club,
        slug=slug,
        name=f"Concours {slug.upper()}",
        date=datetime.date(2026, 10, day),
        number_of_rounds=1,
        bye_credit="fixed",
        bye_credit_value=500,
    )


def two_concours(club: Club | None = None):
    """Return (club, concours A, concours B, the registry records by first name)."""
    club = club or ClubFactory(name="Amicale de Cahors")
    anne = PlayerFactory(club=club, first_name="Anne", last_name="Roux")
    bruno = PlayerFactory(club=club, first_name="Bruno", last_name="Vidal")
    chloe = PlayerFactory(club=club, first_name="Chloé", last_name="Noël")
    first = concours(club, "a", 3)
    one = TeamFactory(
        tournament=first,
        number=1,
        player_1="Anne Roux",
        player_1_record=anne,
        player_2="Bruno Vidal",
        player_2_record=bruno,
    )
    two = TeamFactory(tournament=first, number=2, player_1="Denis Lac", player_2="Eve Mas")
    three = TeamFactory(
        tournament=first,
        number=3,
        player_1="Chloé Noël",
        player_1_record=chloe,
        player_2="Jean Dupont",
    )
    played = RoundFactory(tournament=first, number=1, status=Round.Status.CLOSED)
    finished_match(played, 1, one, two, 900, 700)
    ByeFactory(round=played, team=three)
    second = concours(club, "b", 17)
    one = TeamFactory(
        tournament=second,
        number=1,
        player_1="A. Roux",
        player_1_record=anne,
        player_2="Chloé Noël",
        player_2_record=chloe,
    )
    two = TeamFactory(tournament=second, number=2, player_1="denis lac", player_2="Eve Mas")
    three = TeamFactory(tournament=second, number=3, player_1="Bruno Vidal", player_2="Jean Dupont")
    played = RoundFactory(tournament=second, number=1, status=Round.Status.CLOSED)
    finished_match(played, 1, one, two, 600, 600)
    ByeFactory(round=played, team=three)
    return club, first, second, {"anne": anne, "bruno": bruno, "chloe": chloe}
