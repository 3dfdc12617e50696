"""The registry of players: its services (create, edit, merge; linking on registration)
and its selectors (search, type-ahead, matching names, a player's page)."""

import datetime
import random

import pytest

from tests.factories import (
    ByeFactory,
    ClubFactory,
    DealFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments import services
from tournaments.models import AuditAction, Player, Team, TeamData
from tournaments.selectors.players import (
    MatchKind,
    lookup_players,
    match_players,
    player_page,
    registry_players,
    season_of,
)
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.players import (
    PlayerData,
    create_player,
    merge_players,
    update_player,
)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def refusal(call) -> tuple[str, dict]:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value.code, caught.value.params


# Creating and editing records.


@pytest.mark.django_db
def test_it_registers_a_player_cleaned_and_audited():
    club = ClubFactory()
    user = UserFactory()

    player = create_player(
        club=club,
        data=PlayerData(" Martin\u200b ", "Jean-Pierre", " 04 123 45b", "Les Atouts"),
        now=NOW,
        user=user,
    )

    assert (player.last_name, player.first_name, player.licence, player.home_club) == (
        "Martin",
        "Jean-Pierre",
        "0412345B",
        "Les Atouts",
    )
    record = player.history.get()
    assert (record.audit_action, record.history_user, record.history_date) == (
        AuditAction.PLAYER_CREATED,
        user,
        NOW,
    )


@pytest.mark.django_db
def test_it_refuses_a_licence_number_typed_twice_and_saves_nothing():
    club = ClubFactory()
    PlayerFactory(club=club, first_name="Jean", last_name="Roux", licence="0412345")

    code = refusal(
        lambda: create_player(club=club, data=PlayerData("Martin", licence="04 12345"), now=NOW)
    )

    assert code == (Refusal.LICENCE_TAKEN, {"licence": "0412345", "player": "Jean Roux"})
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_it_refuses_a_blank_last_name():
    code = refusal(lambda: create_player(club=ClubFactory(), data=PlayerData(" ", "Jean"), now=NOW))

    assert code == (Refusal.PLAYER_LAST_NAME, {})
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_a_record_keeps_its_own_licence_number_when_edited():
    player = PlayerFactory(licence="0412345", last_name="Roux")

    update_player(player=player, data=PlayerData("Rousse", "Léa", "0412345"), now=NOW)

    player.refresh_from_db()
    assert (player.last_name, player.first_name, player.licence) == ("Rousse", "Léa", "0412345")
    assert [r.audit_action for r in player.history.order_by("history_id")] == [
        "",
        AuditAction.PLAYER_EDITED,
    ]


@pytest.mark.django_db
def test_an_edit_refuses_another_records_licence_number():
    club = ClubFactory()
    PlayerFactory(club=club, first_name="Jean", last_name="Roux", licence="A1")
    player = PlayerFactory(club=club, last_name="Petit")

    code = refusal(
        lambda: update_player(player=player, data=PlayerData("Petit", licence="a1"), now=NOW)
    )

    assert code == (Refusal.LICENCE_TAKEN, {"licence": "A1", "player": "Jean Roux"})
    player.refresh_from_db()
    assert player.licence == ""


# Merging two records of one person.


@pytest.mark.django_db
def test_a_merge_moves_every_team_to_the_record_kept_and_deletes_the_other():
    club = ClubFactory()
    kept = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin", licence="")
    merged = PlayerFactory(club=club, first_name="JP", last_name="Martin", licence="L9")
    partner = PlayerFactory(club=club)
    first = TeamFactory(tournament__club=club, player_1_record=merged, player_2_record=partner)
    second = TeamFactory(tournament__club=club, player_1_record=partner, player_2_record=merged)
    third = TeamFactory(tournament__club=club, player_1_record=kept)
    user = UserFactory()

    merge = merge_players(merged=merged, kept=kept, now=NOW, user=user, reason="même personne")

    assert merge.links == 2
    assert [
        (t.player_1_record_id, t.player_2_record_id)
        for t in Team.objects.filter(pk__in=[first.pk, second.pk, third.pk]).order_by("pk")
    ] == [(kept.pk, partner.pk), (partner.pk, kept.pk), (kept.pk, None)]
    assert list(Player.objects.filter(club=club).values_list("pk", flat=True).order_by("pk")) == [
        kept.pk,
        partner.pk,
    ]
    kept.refresh_from_db()
    assert (kept.first_name, kept.licence) == ("Jean-Pierre", "L9")
    gone = Player.history.filter(id=merged.pk).latest("history_id")
    assert (gone.history_type, gone.audit_action, gone.audit_reason, gone.history_user) == (
        "-",
        AuditAction.PLAYER_MERGED,
        "même personne",
        user,
    )
    assert kept.history.latest("history_id").audit_action == AuditAction.PLAYER_MERGED


@pytest.mark.django_db
def test_it_refuses_to_merge_a_player_into_themself():
    player = PlayerFactory()

    code = refusal(lambda: merge_players(merged=player, kept=player, now=NOW))

    assert code == (Refusal.MERGE_INTO_ITSELF, {})
    assert Player.objects.filter(pk=player.pk).count() == 1


@pytest.mark.django_db
def test_it_refuses_to_merge_two_clubs_records():
    code = refusal(lambda: merge_players(merged=PlayerFactory(), kept=PlayerFactory(), now=NOW))

    assert code == (Refusal.MERGE_OTHER_CLUB, {})


@pytest.mark.django_db
def test_it_refuses_to_merge_two_partners():
    club = ClubFactory()
    one, other = PlayerFactory(club=club), PlayerFactory(club=club)
    TeamFactory(
        number=4,
        tournament__club=club,
        tournament__name="Concours de Noël",
        player_1_record=one,
        player_2_record=other,
    )

    code = refusal(lambda: merge_players(merged=one, kept=other, now=NOW))

    assert code == (Refusal.MERGE_PARTNERS, {"tournament": "Concours de Noël", "number": 4})
    assert Player.objects.count() == 2


@pytest.mark.django_db
def test_it_refuses_to_merge_two_players_of_one_concours():
    club = ClubFactory()
    one, other = PlayerFactory(club=club), PlayerFactory(club=club)
    tournament = TournamentFactory(club=club, name="Concours de Noël")
    TeamFactory(tournament=tournament, number=2, player_1_record=one)
    TeamFactory(tournament=tournament, number=5, player_2_record=other)

    code = refusal(lambda: merge_players(merged=one, kept=other, now=NOW))

    assert code == (
        Refusal.MERGE_SAME_TOURNAMENT,
        {"tournament": "Concours de Noël", "numbers": (2, 5)},
    )
    assert Team.objects.filter(player_2_record=other).count() == 1


@pytest.mark.django_db
def test_it_refuses_a_merge_of_a_record_deleted_meanwhile():
    club = ClubFactory()
    one, other = PlayerFactory(club=club), PlayerFactory(club=club)
    Player.objects.filter(pk=one.pk).delete()

    code = refusal(lambda: merge_players(merged=one, kept=other, now=NOW))

    assert code == (Refusal.PLAYER_GONE, {})


# Matching names against the registry.


@pytest.mark.django_db
def test_it_matches_names_by_licence_then_name_and_flags_near_duplicates():
    club = ClubFactory()
    jean_pierre = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin")
    roux = PlayerFactory(club=club, first_name="Léa", last_name="Roux", licence="L1")
    PlayerFactory(last_name="Petit", first_name="Marc")  # another club's registry

    found = match_players(
        club=club,
        names=[
            ("JEAN PIERRE MARTIN", ""),
            ("Anne Dubois", "L1"),
            ("JP Martin", ""),
            ("Léa Roux", "L2"),
            ("Marc Petit", ""),
        ],
    )

    assert [(m.kind, m.player, m.similar) for m in found] == [
        (MatchKind.KNOWN, jean_pierre, ()),
        (MatchKind.KNOWN, roux, ()),
        (MatchKind.SIMILAR, None, (jean_pierre,)),
        (MatchKind.SIMILAR, None, (roux,)),
        (MatchKind.NEW, None, ()),
    ]


@pytest.mark.django_db
def test_the_type_ahead_finds_by_word_starts_initials_and_licence():
    club = ClubFactory()
    jean_pierre = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin")
    jeanne = PlayerFactory(club=club, first_name="Jeanne", last_name="Roux", licence="0412")
    PlayerFactory(club=club, first_name="Paul", last_name="Durand")

    assert lookup_players(club=club, query="jean") == [jean_pierre, jeanne]
    assert lookup_players(club=club, query="jp mar") == [jean_pierre]
    assert lookup_players(club=club, query="041") == [jeanne]
    assert lookup_players(club=club, query=" - ") == []


@pytest.mark.django_db
def test_the_registry_list_searches_and_counts_teams():
    club = ClubFactory()
    martin = PlayerFactory(club=club, first_name="Jean", last_name="Martin")
    PlayerFactory(club=club, first_name="Léa", last_name="Roux")
    TeamFactory(tournament__club=club, player_1_record=martin)

    rows = [(p.full_name, p.team_count) for p in registry_players(club=club, search="mart")]

    assert rows == [("Jean Martin", 1)]


# Linking the players of a team on registration.


def register(tournament, **values):
    data = TeamData(links_registry=True, **values)
    return services.register_team(tournament=tournament, data=data, rng=random.Random(1), now=NOW)


@pytest.mark.django_db
def test_a_registration_links_known_players_and_adds_new_ones():
    club = ClubFactory()
    known = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin")
    tournament = TournamentFactory(club=club)

    team = register(
        tournament, player_1="jean-pierre martin", player_2="Léa Roux", player_2_licence="l7"
    )

    new = Player.objects.get(last_name="Roux")
    assert (team.player_1, team.player_1_record, team.player_2_record) == (
        "jean-pierre martin",
        known,
        new,
    )
    assert (new.first_name, new.licence, new.club) == ("Léa", "L7", club)


@pytest.mark.django_db
def test_a_near_duplicate_is_registered_as_a_new_record_never_merged():
    club = ClubFactory()
    PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin")

    team = register(TournamentFactory(club=club), player_1="JP Martin", player_2="Léa Roux")

    assert (team.player_1_record.first_name, Player.objects.filter(club=club).count()) == ("JP", 3)


@pytest.mark.django_db
def test_a_registration_refuses_a_licence_number_typed_twice():
    tournament = TournamentFactory()

    code = refusal(
        lambda: register(
            tournament,
            player_1="Jean Roux",
            player_2="Léa Roux",
            player_1_licence="L1",
            player_2_licence="l1",
        )
    )

    assert code == (Refusal.PLAYER_TWICE, {"player": "Jean Roux"})
    assert (Team.objects.count(), Player.objects.count()) == (0, 0)


@pytest.mark.django_db
def test_a_registration_refuses_a_player_already_in_a_team():
    club = ClubFactory()
    player = PlayerFactory(club=club, first_name="Jean", last_name="Roux")
    tournament = TournamentFactory(club=club)
    TeamFactory(tournament=tournament, number=3, player_1_record=player)

    code = refusal(
        lambda: register(
            tournament, player_1="Jean Roux", player_2="Léa Petit", player_1_record=player.pk
        )
    )

    assert code == (Refusal.PLAYER_IN_TEAM, {"player": "Jean Roux", "number": 3})
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_a_registration_refuses_another_clubs_record():
    code = refusal(
        lambda: register(
            TournamentFactory(), player_1="A B", player_2="C D", player_1_record=PlayerFactory().pk
        )
    )

    assert code == (Refusal.PLAYER_OTHER_CLUB, {})


@pytest.mark.django_db
def test_a_tournament_with_no_club_has_no_registry():
    code = refusal(lambda: register(TournamentFactory(club=None), player_1="A B", player_2="C D"))

    assert code == (Refusal.NO_REGISTRY, {})


@pytest.mark.django_db
def test_an_edit_relinks_a_team():
    club = ClubFactory()
    tournament = TournamentFactory(club=club)
    team = register(tournament, player_1="Jean Roux", player_2="Léa Petit")
    other = PlayerFactory(club=club, first_name="Jeanne", last_name="Roux")

    services.update_team(
        team=team,
        data=TeamData("Jeanne Roux", "Léa Petit", links_registry=True, player_1_record=other.pk),
        now=NOW,
    )

    team.refresh_from_db()
    assert (team.player_1, team.player_1_record) == ("Jeanne Roux", other)


# A player's page.


@pytest.mark.django_db
def test_a_players_page_counts_the_counted_matches_of_their_teams():
    club = ClubFactory()
    player = PlayerFactory(club=club, first_name="Jean", last_name="Roux")
    partner = PlayerFactory(club=club, first_name="Léa", last_name="Petit")
    tournament = TournamentFactory(club=club, number_of_rounds=3, date=datetime.date(2026, 10, 3))
    mine = TeamFactory(
        tournament=tournament, number=1, player_1_record=player, player_2_record=partner
    )
    second = TeamFactory(tournament=tournament, number=2)
    third = TeamFactory(tournament=tournament, number=3)
    round_1 = RoundFactory(tournament=tournament, number=1, status="closed")
    round_2 = RoundFactory(tournament=tournament, number=2, status="published")
    # Round 1: team 1 (B) beats team 2, 900 to 700; team 3 has the bye.
    won = MatchFactory(
        round=round_1,
        team_a=second,
        team_b=mine,
        total_a=700,
        total_b=900,
        is_finished=True,
        result="B",
    )
    ByeFactory(round=round_1, team=third)
    # Team 1 defends a coinched deal and wins it, with its belote; then takes a capot.
    DealFactory(
        match=won,
        taker="A",
        coinche_level="coinche",
        outcome="chute",
        defence_belotes=1,
        taker_tricks=3,
    )
    DealFactory(match=won, taker="B", outcome="made", taker_tricks=8, taker_belotes=1)
    # A passed deal and another team's deals count for nobody.
    DealFactory(match=won, taker="B", is_passed=True, taker_tricks=0, taker_belotes=0)
    # Round 2: team 1 (A) loses to team 3, 500 to 1100; team 2 has the bye.
    MatchFactory(
        round=round_2,
        team_a=mine,
        team_b=third,
        total_a=500,
        total_b=1100,
        is_finished=True,
        result="B",
    )
    ByeFactory(round=round_2, team=second)
    # A match still open counts for nobody.
    other = TournamentFactory(club=club, date=datetime.date(2026, 11, 7))
    open_team = TeamFactory(
        tournament=other, number=1, player_2="Paul Durand", player_1_record=player
    )
    MatchFactory(round__tournament=other, team_a=open_team, total_a=300, is_finished=False)

    page = player_page(player=player)

    figures = page.figures
    assert (
        figures.concours_played,
        figures.matches_played,
        figures.matches_won,
        figures.scored_points,
        figures.belotes,
        figures.capots,
        figures.coinches_made,
        figures.partners,
    ) == (2, 2, 1, 1400, 2, 1, 1, [("Léa Petit", 1), ("Paul Durand", 1)])
    assert [
        (c.tournament, c.partner, c.ranks, c.final_rank, c.team_count) for c in page.concours
    ] == [
        # After round 1: team 1 900, team 3 bye credit (mean 800), team 2 700.
        # After round 2: team 3 1900, team 2 700 + 800, team 1 1400.
        (tournament, "Léa Petit", (1, 3), 3, 3),
        (other, "Paul Durand", (), None, 2),
    ]


@pytest.mark.parametrize(
    ("date", "season"),
    [
        (datetime.date(2026, 9, 1), 2026),
        (datetime.date(2027, 8, 31), 2026),
        (datetime.date(2026, 8, 31), 2025),
    ],
)
def test_a_season_runs_from_september_to_august(date, season):
    assert season_of(date) == season
