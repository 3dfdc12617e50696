"""Registration services (tournaments/services/registration.py, RULES.md §E): teams added,
edited, removed, checked in and withdrawn."""

import datetime
import random

import pytest

import scoring
from tests.factories import (
    ByeFactory,
    ClubFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tournaments.models import Club, DealEntry, Round, Team
from tournaments.selectors import tournament_standings
from tournaments.services import (
    ServiceError,
    TeamData,
    check_in_all,
    discard_draft,
    record_deal,
    register_club,
    register_team,
    register_teams,
    reinstate_team,
    remove_team,
    set_checked_in,
    update_team,
    withdraw_team,
)

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
# The first three lots random.Random(7).randrange(1_000_000) gives.
LOTS_OF_SEED_7 = [339563, 993908, 158176]


def rng():
    return random.Random(7)


def team_rows(tournament):
    return list(
        Team.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "player_1", "player_2", "club__name")
    )


# register_teams


@pytest.mark.django_db
def test_it_numbers_new_teams_after_the_highest_number():
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=1)
    TeamFactory(tournament=tournament, number=4)

    teams = register_teams(
        tournament=tournament,
        teams=[TeamData("Anne", "Bruno"), TeamData("Chloé", "Denis")],
        rng=rng(),
    )

    assert [team.number for team in teams] == [5, 6]


@pytest.mark.django_db
def test_it_keeps_the_numbers_it_is_given():
    tournament = TournamentFactory()

    teams = register_teams(
        tournament=tournament,
        teams=[TeamData("Anne", "Bruno", number=12), TeamData("Chloé", "Denis", number=3)],
        rng=rng(),
    )

    assert [team.number for team in teams] == [12, 3]
    assert team_rows(tournament) == [(3, "Chloé", "Denis", None), (12, "Anne", "Bruno", None)]


@pytest.mark.django_db
def test_it_stores_a_new_team_with_its_lot_and_trimmed_names():
    tournament = TournamentFactory()

    team = register_team(
        tournament=tournament, data=TeamData("  Anne ", " Bruno", club=" Les As "), rng=rng()
    )

    team.refresh_from_db()
    assert (
        team.tournament_id,
        team.number,
        team.player_1,
        team.player_2,
        team.club.name,
        team.lot,
        team.first_round,
        team.is_checked_in,
        team.withdrawn_from_round,
    ) == (tournament.pk, 1, "Anne", "Bruno", "Les As", LOTS_OF_SEED_7[0], 1, False, None)


@pytest.mark.django_db
def test_it_draws_each_teams_lot_from_the_rng_it_is_given():
    tournament = TournamentFactory()

    teams = register_teams(
        tournament=tournament,
        teams=[TeamData("Anne", "Bruno"), TeamData("Chloé", "Denis"), TeamData("Émile", "Fanny")],
        rng=rng(),
    )

    assert [team.lot for team in teams] == LOTS_OF_SEED_7


@pytest.mark.django_db
def test_it_creates_a_club_once_by_name():
    tournament = TournamentFactory()
    ClubFactory(name="Les As")

    register_teams(
        tournament=tournament,
        teams=[
            TeamData("Anne", "Bruno", club="Les As"),
            TeamData("Chloé", "Denis", club="Le Carré"),
            TeamData("Émile", "Fanny", club="Le Carré"),
            TeamData("Gilles", "Hélène"),
        ],
        rng=rng(),
    )

    assert sorted(Club.objects.exclude(pk=tournament.club_id).values_list("name", flat=True)) == [
        "Le Carré",
        "Les As",
    ]
    assert team_rows(tournament) == [
        (1, "Anne", "Bruno", "Les As"),
        (2, "Chloé", "Denis", "Le Carré"),
        (3, "Émile", "Fanny", "Le Carré"),
        (4, "Gilles", "Hélène", None),
    ]


@pytest.mark.django_db
def test_it_stores_clean_names_and_finds_the_club_by_its_clean_name():
    tournament = TournamentFactory()
    club = ClubFactory(name="Les As")

    register_teams(
        tournament=tournament,
        teams=[
            TeamData(" Bell\x07Ring\u200b", "Tab\tName", club="Les\u00a0As\x7f"),
            TeamData("Anne", "Bruno", club="\u200b\x7f"),
        ],
        rng=rng(),
    )

    assert team_rows(tournament) == [
        (1, "BellRing", "Tab Name", "Les As"),
        (2, "Anne", "Bruno", None),
    ]
    assert Team.objects.get(number=1).club == club
    assert Club.objects.count() == 2  # "Les As" and the tournament's club


@pytest.mark.django_db
def test_it_refuses_a_number_already_taken():
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=7)

    with pytest.raises(ServiceError) as refusal:
        register_team(tournament=tournament, data=TeamData("Anne", "Bruno", number=7), rng=rng())

    assert (refusal.value.code, refusal.value.params) == ("duplicate_number", {"number": 7})
    assert Team.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("player_1", "player_2"), [("", "Bruno"), ("Anne", "   "), ("\u200b\x07", "Bruno")]
)
def test_it_refuses_a_team_without_both_players(player_1, player_2):
    tournament = TournamentFactory()

    with pytest.raises(ServiceError) as refusal:
        register_team(tournament=tournament, data=TeamData(player_1, player_2), rng=rng())

    assert (refusal.value.code, refusal.value.params) == ("missing_player", {})
    assert Team.objects.filter(tournament=tournament).count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("player_1", "player_2"),
    [
        ("Anne Martin", "Bruno Petit"),
        ("bruno petit", "ANNE MARTIN"),
        (" Anne martin", "Bruno Petit "),
        ("Anne\u00a0Martin\u200b", "Bruno\x07 Petit"),
    ],
)
def test_it_refuses_the_same_two_players_twice(player_1, player_2):
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=4, player_1="Anne Martin", player_2="Bruno Petit")

    with pytest.raises(ServiceError) as refusal:
        register_team(tournament=tournament, data=TeamData(player_1, player_2), rng=rng())

    assert (refusal.value.code, refusal.value.params) == ("same_pair", {"number": 4})
    assert Team.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
def test_it_accepts_the_same_pair_in_another_tournament():
    TeamFactory(player_1="Anne Martin", player_2="Bruno Petit")
    tournament = TournamentFactory()

    team = register_team(
        tournament=tournament, data=TeamData("Anne Martin", "Bruno Petit"), rng=rng()
    )

    assert (team.number, team.players) == (1, "Anne Martin / Bruno Petit")


@pytest.mark.django_db
def test_it_saves_nothing_when_one_team_of_a_batch_is_refused():
    tournament = TournamentFactory()

    with pytest.raises(ServiceError) as refusal:
        register_teams(
            tournament=tournament,
            teams=[
                TeamData("Anne", "Bruno", club="Nouveau club"),
                TeamData("Chloé", "Denis"),
                TeamData("Denis", "chloé"),
            ],
            rng=rng(),
        )

    assert (refusal.value.code, refusal.value.params) == ("same_pair", {"number": 2})
    assert Team.objects.filter(tournament=tournament).count() == 0
    assert Club.objects.filter(name="Nouveau club").count() == 0


@pytest.mark.django_db
def test_it_refuses_a_number_given_twice_in_one_batch():
    tournament = TournamentFactory()

    with pytest.raises(ServiceError) as refusal:
        register_teams(
            tournament=tournament,
            teams=[TeamData("Anne", "Bruno"), TeamData("Chloé", "Denis", number=1)],
            rng=rng(),
        )

    assert (refusal.value.code, refusal.value.params) == ("duplicate_number", {"number": 1})
    assert Team.objects.filter(tournament=tournament).count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.PUBLISHED, Round.Status.CLOSED])
def test_it_lets_a_late_team_join_the_next_round_present(status):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=status)

    team = register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=rng())

    team.refresh_from_db()
    assert (team.first_round, team.is_checked_in) == (3, True)


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.PUBLISHED])
def test_it_refuses_a_team_once_every_round_is_drawn(status):
    tournament = TournamentFactory(number_of_rounds=2)
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=status)

    with pytest.raises(ServiceError) as refusal:
        register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=rng())

    assert (refusal.value.code, refusal.value.params) == ("no_round_left", {"rounds": 2})
    assert Team.objects.filter(tournament=tournament).count() == 0


@pytest.mark.django_db
def test_it_registers_a_team_for_round_one_before_any_draw_not_yet_present():
    tournament = TournamentFactory()

    team = register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=rng())

    team.refresh_from_db()
    assert (team.first_round, team.is_checked_in) == (1, False)


@pytest.mark.django_db
def test_it_lets_a_team_registered_while_round_one_is_a_draft_join_round_two_present():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.DRAFT)

    team = register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=rng())

    team.refresh_from_db()
    assert (team.first_round, team.is_checked_in) == (2, True)


@pytest.mark.django_db
def test_it_lets_teams_imported_while_a_round_is_a_draft_join_the_round_after_it():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)

    register_teams(
        tournament=tournament,
        teams=[TeamData("Anne", "Bruno"), TeamData("Chloé", "Denis")],
        rng=rng(),
    )

    assert list(
        Team.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "first_round", "is_checked_in")
    ) == [(1, 3, True), (2, 3, True)]


# register_club


@pytest.mark.django_db
def test_it_creates_a_club_under_its_clean_name():
    club = register_club(name="  Amicale\nde  Cahors\x7f ")

    assert list(Club.objects.values_list("pk", "name")) == [(club.pk, "Amicale de Cahors")]


@pytest.mark.django_db
def test_it_finds_a_club_by_its_clean_name():
    existing = ClubFactory(name="Amicale de Cahors")

    club = register_club(name="Amicale de\tCahors")

    assert (club, Club.objects.count()) == (existing, 1)


@pytest.mark.django_db
def test_a_club_needs_a_name():
    with pytest.raises(ValueError):
        register_club(name=" \u200b ")

    assert Club.objects.count() == 0


# update_team


@pytest.mark.django_db
def test_it_updates_a_teams_number_players_and_club():
    team = TeamFactory(number=3, player_1="Anne", player_2="Bruno", lot=42)

    update_team(team=team, data=TeamData(" Anne ", "Bernard", club="Les As", number=8))

    team.refresh_from_db()
    assert (team.number, team.player_1, team.player_2, team.club.name, team.lot) == (
        8,
        "Anne",
        "Bernard",
        "Les As",
        42,
    )


@pytest.mark.django_db
def test_it_keeps_the_number_and_drops_the_club_when_none_is_given():
    team = TeamFactory(number=3, club=ClubFactory(name="Les As"))

    update_team(team=team, data=TeamData("Anne", "Bruno"))

    team.refresh_from_db()
    assert (team.number, team.players, team.club) == (3, "Anne / Bruno", None)


@pytest.mark.django_db
def test_it_lets_a_team_keep_its_own_number_and_players():
    team = TeamFactory(number=3, player_1="Anne", player_2="Bruno")

    update_team(team=team, data=TeamData("bruno", "anne", number=3))

    team.refresh_from_db()
    assert (team.number, team.players) == (3, "bruno / anne")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "error"),
    [
        (TeamData("Anne", "Bruno", number=5), ("duplicate_number", {"number": 5})),
        (TeamData("Chloé", "Denis"), ("same_pair", {"number": 5})),
        (TeamData("Anne", ""), ("missing_player", {})),
    ],
)
def test_it_refuses_an_update_that_breaks_a_rule(data, error):
    tournament = TournamentFactory()
    team = TeamFactory(tournament=tournament, number=3, player_1="Anne", player_2="Bruno")
    TeamFactory(tournament=tournament, number=5, player_1="Chloé", player_2="Denis")

    with pytest.raises(ServiceError) as refusal:
        update_team(team=team, data=data)

    assert (refusal.value.code, refusal.value.params) == error
    team.refresh_from_db()
    assert (team.number, team.players) == (3, "Anne / Bruno")


# remove_team


@pytest.mark.django_db
def test_it_removes_a_team_that_has_not_been_drawn():
    team = TeamFactory()

    remove_team(team=team)

    assert Team.objects.filter(pk=team.pk).exists() is False


@pytest.mark.django_db
@pytest.mark.parametrize("seat", ["team_a", "team_b", "bye"])
@pytest.mark.parametrize(
    ("status", "code", "params"),
    [
        (Round.Status.DRAFT, "delete_in_draft", {"team": 6, "round": 1}),
        (Round.Status.PUBLISHED, "team_drawn", {"number": 6}),
        (Round.Status.CLOSED, "team_drawn", {"number": 6}),
    ],
)
def test_it_refuses_to_remove_a_team_once_drawn(seat, status, code, params):
    round_ = RoundFactory(status=status, number=1)
    team = TeamFactory(tournament=round_.tournament, number=6)
    if seat == "bye":
        ByeFactory(round=round_, team=team)
    else:
        MatchFactory(round=round_, **{seat: team})

    with pytest.raises(ServiceError) as refusal:
        remove_team(team=team)

    assert (refusal.value.code, refusal.value.params) == (code, params)
    assert Team.objects.filter(pk=team.pk).exists() is True


@pytest.mark.django_db
def test_a_team_drawn_only_in_a_discarded_draft_can_be_removed():
    round_ = RoundFactory(status=Round.Status.DRAFT, number=1)
    team = TeamFactory(tournament=round_.tournament, number=6)
    MatchFactory(round=round_, team_a=team)
    discard_draft(round=round_)

    remove_team(team=team)

    assert Team.objects.filter(pk=team.pk).exists() is False


# set_checked_in and check_in_all


@pytest.mark.django_db
@pytest.mark.parametrize("is_checked_in", [True, False])
def test_it_marks_a_team_present_or_absent(is_checked_in):
    team = TeamFactory(is_checked_in=not is_checked_in)

    returned = set_checked_in(team=team, is_checked_in=is_checked_in).team

    team.refresh_from_db()
    assert (returned.is_checked_in, team.is_checked_in) == (is_checked_in, is_checked_in)


@pytest.mark.django_db
@pytest.mark.parametrize("seat", ["team_a", "team_b", "bye"])
def test_it_refuses_to_mark_absent_a_team_in_a_draft_draw(seat):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    team = TeamFactory(tournament=tournament, number=6, is_checked_in=True)
    if seat == "bye":
        ByeFactory(round=draft, team=team)
    else:
        MatchFactory(round=draft, **{seat: team})

    with pytest.raises(ServiceError) as refusal:
        set_checked_in(team=team, is_checked_in=False)

    assert (refusal.value.code, refusal.value.params) == (
        "absent_in_draft",
        {"team": 6, "round": 2},
    )
    team.refresh_from_db()
    assert team.is_checked_in is True


@pytest.mark.django_db
def test_it_marks_absent_a_team_left_out_of_the_draft():
    tournament = TournamentFactory()
    draft = RoundFactory(tournament=tournament, number=1, status=Round.Status.DRAFT)
    MatchFactory(round=draft)
    team = TeamFactory(tournament=tournament, is_checked_in=True)

    set_checked_in(team=team, is_checked_in=False)

    team.refresh_from_db()
    assert team.is_checked_in is False


@pytest.mark.django_db
def test_it_marks_absent_a_team_playing_a_published_round_which_keeps_its_table():
    tournament = TournamentFactory()
    published = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    team = TeamFactory(tournament=tournament, number=3, is_checked_in=True)
    match = MatchFactory(round=published, team_a=team)

    set_checked_in(team=team, is_checked_in=False)

    team.refresh_from_db()
    assert team.is_checked_in is False
    assert list(published.matches.values_list("pk", "team_a__number")) == [(match.pk, 3)]


@pytest.mark.django_db
def test_it_marks_present_a_team_in_a_draft_draw():
    draft = RoundFactory(status=Round.Status.DRAFT)
    team = TeamFactory(tournament=draft.tournament, is_checked_in=False)
    MatchFactory(round=draft, team_b=team)

    set_checked_in(team=team, is_checked_in=True)

    team.refresh_from_db()
    assert team.is_checked_in is True


@pytest.mark.django_db
def test_a_team_marked_present_says_which_draft_lacks_it():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    MatchFactory(round=draft)
    team = TeamFactory(tournament=tournament, is_checked_in=False)

    check_in = set_checked_in(team=team, is_checked_in=True)

    assert (check_in.team.pk, check_in.left_out_of_draft, check_in.kept_in_round) == (
        team.pk,
        2,
        None,
    )


@pytest.mark.django_db
def test_a_team_marked_absent_says_which_published_round_keeps_its_table():
    tournament = TournamentFactory()
    published = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    team = TeamFactory(tournament=tournament, is_checked_in=True)
    MatchFactory(round=published, team_b=team)

    check_in = set_checked_in(team=team, is_checked_in=False)

    assert (check_in.left_out_of_draft, check_in.kept_in_round) == (None, 1)


@pytest.mark.django_db
def test_a_team_marked_present_with_no_draw_under_way_changes_no_draw():
    team = TeamFactory(is_checked_in=False)

    check_in = set_checked_in(team=team, is_checked_in=True)

    assert (check_in.left_out_of_draft, check_in.kept_in_round) == (None, None)


@pytest.mark.django_db
def test_it_checks_in_every_team_not_withdrawn():
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=1, is_checked_in=False)
    TeamFactory(tournament=tournament, number=2, is_checked_in=True)
    TeamFactory(tournament=tournament, number=3, is_checked_in=False, withdrawn_from_round=2)
    TeamFactory(tournament=tournament, number=4, is_checked_in=False)
    TeamFactory(number=1, is_checked_in=False)  # another tournament

    changed = check_in_all(tournament=tournament)

    assert changed == 2
    assert list(
        Team.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "is_checked_in")
    ) == [(1, True), (2, True), (3, False), (4, True)]


# withdraw_team


@pytest.mark.django_db
def test_it_withdraws_a_team_from_the_next_round():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.PUBLISHED)
    team = TeamFactory(tournament=tournament, is_checked_in=True)

    withdraw_team(team=team)

    team.refresh_from_db()
    assert (team.withdrawn_from_round, team.is_checked_in, team.is_withdrawn) == (3, False, True)


@pytest.mark.django_db
def test_it_keeps_a_withdrawn_teams_results_and_ranks_it_after_the_active_teams():
    tournament = TournamentFactory(match_format_value=1)
    round_ = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    winner = TeamFactory(tournament=tournament, number=1)
    loser = TeamFactory(tournament=tournament, number=2)
    match = MatchFactory(round=round_, team_a=winner, team_b=loser)
    made_90 = scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
    )
    record_deal(match=match, entry=DealEntry("A", made_90), now=NOW)

    withdraw_team(team=winner)

    assert [
        (s.row.rank, s.team.number, s.row.points, s.row.matches_won, s.row.is_withdrawn)
        for s in tournament_standings(tournament=tournament)
    ] == [(1, 2, 60, 0, False), (2, 1, 190, 1, True)]


@pytest.mark.django_db
def test_it_refuses_to_withdraw_a_team_twice():
    team = TeamFactory(number=4, withdrawn_from_round=2)

    with pytest.raises(ServiceError) as refusal:
        withdraw_team(team=team)

    assert (refusal.value.code, refusal.value.params) == ("already_withdrawn", {"number": 4})
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2


@pytest.mark.django_db
@pytest.mark.parametrize("seat", ["team_a", "team_b", "bye"])
def test_it_refuses_to_withdraw_a_team_in_a_draft_draw(seat):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    team = TeamFactory(tournament=tournament, number=6, is_checked_in=True)
    if seat == "bye":
        ByeFactory(round=draft, team=team)
    else:
        MatchFactory(round=draft, **{seat: team})

    with pytest.raises(ServiceError) as refusal:
        withdraw_team(team=team)

    assert (refusal.value.code, refusal.value.params) == ("in_draft", {"number": 2})
    team.refresh_from_db()
    assert (team.withdrawn_from_round, team.is_checked_in) == (None, True)


@pytest.mark.django_db
def test_it_withdraws_a_team_left_out_of_the_draft_from_the_drafted_round():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    MatchFactory(round=draft)
    team = TeamFactory(tournament=tournament, is_checked_in=False)

    withdraw_team(team=team)

    team.refresh_from_db()
    assert team.withdrawn_from_round == 2


# reinstate_team


@pytest.mark.django_db
def test_it_brings_back_a_team_withdrawn_by_mistake_before_the_next_draw():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    team = TeamFactory(tournament=tournament, is_checked_in=True)
    withdraw_team(team=team)

    reinstate_team(team=team)

    team.refresh_from_db()
    assert (team.withdrawn_from_round, team.is_checked_in, team.is_withdrawn) == (
        None,
        True,
        False,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.PUBLISHED])
def test_it_keeps_withdrawn_a_team_once_a_round_is_drawn_without_it(status):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    team = TeamFactory(tournament=tournament, number=6, withdrawn_from_round=2)
    RoundFactory(tournament=tournament, number=2, status=status)

    with pytest.raises(ServiceError) as refusal:
        reinstate_team(team=team)

    assert (refusal.value.code, refusal.value.params) == (
        "drawn_without",
        {"number": 6, "round": 2},
    )
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2


@pytest.mark.django_db
def test_it_refuses_to_bring_back_a_team_that_has_not_withdrawn():
    team = TeamFactory(number=3)

    with pytest.raises(ServiceError) as refusal:
        reinstate_team(team=team)

    assert (refusal.value.code, refusal.value.params) == ("not_withdrawn", {"number": 3})


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Les As", "les as", " LES\u00a0AS "])
def test_it_refuses_a_team_name_already_taken_case_ignored(name):
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=4, name="Les As")

    with pytest.raises(ServiceError) as refusal:
        register_team(tournament=tournament, data=TeamData("Anne", "Bruno", name=name), rng=rng())

    assert (refusal.value.code, refusal.value.params) == (
        "same_team_name",
        {"name": "Les As", "number": 4},
    )
    assert Team.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
def test_teams_without_a_name_are_not_taken_for_the_same_name():
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, number=4, name="")

    team = register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=rng())

    assert (team.number, team.name) == (5, "")
