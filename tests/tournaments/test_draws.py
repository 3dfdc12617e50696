"""Round services (tournaments/services/draws.py, RULES.md §E): draw, swap in a draft,
discard, publish, close a match for time, close a round."""

import datetime
import threading
from random import Random

import pytest
from django.db import connection

import scoring
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tournaments.models import ByeCredit, DealEntry, Match, Round, RulesPreset, Team
from tournaments.selectors import tournament_standings
from tournaments.services import (
    Author,
    ServiceError,
    TeamData,
    close_match_for_time,
    close_round,
    correct_deal,
    discard_draft,
    draw_round,
    publish_round,
    record_deal,
    register_team,
    swap_teams_in_draft,
    withdraw_team,
)
from tournaments.services.draws import drawable_teams

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = datetime.datetime(2026, 11, 28, 15, 30, tzinfo=datetime.UTC)
SEED = 2026
# random.Random(2026) shuffles the team numbers [1..4] into [3, 4, 2, 1], [1..5] into
# [2, 5, 4, 3, 1] and [1..6] into [5, 2, 4, 6, 3, 1]: read two by two, the last odd one out
# has the bye.
SEED_LAYOUT_4 = ([(1, 3, 4), (2, 2, 1)], [])
SEED_LAYOUT_5 = ([(1, 2, 5), (2, 4, 3)], [1])
SEED_LAYOUT_6 = ([(1, 5, 2), (2, 4, 6), (3, 3, 1)], [])
# ffb-coinche: the taker makes 90 with 104 card points: 100 + 90 = 190, the defence 60.
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


def present_teams(tournament, *numbers):
    return {
        number: TeamFactory(tournament=tournament, number=number, is_checked_in=True)
        for number in numbers
    }


def layout(round_):
    """Return the draw of ``round_`` by team numbers: (table, A, B) rows, and the byes."""
    tables = [
        (match.table_number, match.team_a.number, match.team_b.number)
        for match in round_.matches.select_related("team_a", "team_b").order_by("table_number")
    ]
    byes = [bye.team.number for bye in round_.byes.select_related("team")]
    return tables, byes


def saved_pairings(round_):
    return [
        (
            match.table_number,
            match.team_a.number,
            match.team_b.number,
            match.is_rematch,
            match.pairing_reason,
            match.pairing_detail,
        )
        for match in round_.matches.select_related("team_a", "team_b").order_by("table_number")
    ]


def table(round_, number):
    return round_.matches.get(table_number=number)


def play_first_round(tournament):
    """Draw round 1 from SEED, publish it, let table 1's team A win 190 to 60, close
    table 2 for time at 0–0 (a draw), then close the round."""
    round_ = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_, now=NOW)
    record_deal(match=table(round_, 1), entry=DealEntry("A", MADE_90), now=NOW)
    close_match_for_time(match=table(round_, 2), now=LATER)
    return close_round(round=round_, now=LATER)


# draw_round: round 1


@pytest.mark.django_db
def test_it_draws_round_one_as_a_draft_and_stores_its_seed():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)

    round_ = draw_round(tournament=tournament, seed=SEED)

    round_.refresh_from_db()
    assert (round_.number, round_.status, round_.seed, round_.published_at) == (
        1,
        Round.Status.DRAFT,
        SEED,
        None,
    )
    assert layout(round_) == SEED_LAYOUT_4


@pytest.mark.django_db
def test_it_gives_the_same_tables_by_team_number_for_the_same_seed():
    first = TournamentFactory()
    second = TournamentFactory()
    present_teams(first, 1, 2, 3, 4, 5, 6)
    # Registered the other way round: the draw must not depend on database ids.
    present_teams(second, 6, 5, 4, 3, 2, 1)

    first_round = draw_round(tournament=first, seed=SEED)
    second_round = draw_round(tournament=second, seed=SEED)

    assert layout(first_round) == SEED_LAYOUT_6
    assert layout(second_round) == SEED_LAYOUT_6


@pytest.mark.django_db
def test_it_replays_a_random_round_one_from_its_stored_seed():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4, 5, 6, 7, 8)
    drawn = draw_round(tournament=tournament)
    first_layout = layout(drawn)
    discard_draft(round=drawn)

    replayed = draw_round(tournament=tournament, seed=drawn.seed)

    assert layout(replayed) == first_layout


@pytest.mark.django_db
def test_it_draws_only_present_arrived_teams_that_have_not_withdrawn():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2)
    TeamFactory(tournament=tournament, number=3, is_checked_in=False)
    TeamFactory(tournament=tournament, number=4, is_checked_in=True, first_round=2)
    TeamFactory(tournament=tournament, number=5, is_checked_in=True, withdrawn_from_round=1)
    TeamFactory(tournament=tournament, number=6, is_checked_in=True, withdrawn_from_round=2)
    TeamFactory(tournament=tournament, number=7, is_checked_in=True)

    round_ = draw_round(tournament=tournament, seed=SEED)

    tables, byes = layout(round_)
    assert sorted(number for _, a, b in tables for number in (a, b)) + byes == [1, 2, 6, 7]


@pytest.mark.django_db
def test_it_gives_the_last_team_of_round_one_the_bye_when_the_count_is_odd():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4, 5)

    round_ = draw_round(tournament=tournament, seed=SEED)

    assert layout(round_) == SEED_LAYOUT_5
    assert round_.byes.count() == 1


# draw_round: refusals


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.PUBLISHED])
def test_it_refuses_to_draw_while_the_last_round_is_not_closed(status):
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    RoundFactory(tournament=tournament, number=1, status=status)

    with pytest.raises(ServiceError) as refusal:
        draw_round(tournament=tournament, seed=SEED)

    assert (refusal.value.code, refusal.value.params) == ("round_open", {"number": 1})
    assert list(tournament.rounds.values_list("number", "status")) == [(1, status)]


@pytest.mark.django_db
def test_it_refuses_to_draw_past_the_last_round():
    tournament = TournamentFactory(number_of_rounds=1)
    present_teams(tournament, 1, 2)
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)

    with pytest.raises(ServiceError) as refusal:
        draw_round(tournament=tournament)

    assert (refusal.value.code, refusal.value.params) == ("all_rounds_drawn", {"rounds": 1})
    assert tournament.rounds.count() == 1


@pytest.mark.django_db
def test_it_refuses_to_draw_fewer_than_two_present_teams():
    tournament = TournamentFactory()
    present_teams(tournament, 1)
    TeamFactory(tournament=tournament, number=2, is_checked_in=False)

    with pytest.raises(ServiceError) as refusal:
        draw_round(tournament=tournament)

    assert (refusal.value.code, refusal.value.params) == ("not_enough_teams", {})
    assert tournament.rounds.count() == 0


@pytest.mark.django_db
def test_it_draws_once_when_asked_twice():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    first = draw_round(tournament=tournament, seed=SEED)

    with pytest.raises(ServiceError) as refusal:
        draw_round(tournament=tournament, seed=SEED + 1)

    assert (refusal.value.code, refusal.value.params) == ("round_open", {"number": 1})
    assert list(tournament.rounds.values_list("pk", flat=True)) == [first.pk]
    assert Match.objects.filter(round__tournament=tournament).count() == 2


@pytest.mark.django_db(transaction=True)
def test_it_draws_one_round_when_two_clicks_come_at_once():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    barrier = threading.Barrier(2)
    drawn, refused = [], []

    def click(seed: int) -> None:
        try:
            barrier.wait()
            drawn.append(draw_round(tournament=tournament, seed=seed).number)
        except ServiceError as refusal:
            refused.append((refusal.code, refusal.params))
        finally:
            connection.close()

    threads = [threading.Thread(target=click, args=(seed,)) for seed in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert (drawn, refused) == ([1], [("round_open", {"number": 1})])
    assert list(Round.objects.filter(tournament=tournament).values_list("number", "status")) == [
        (1, Round.Status.DRAFT)
    ]
    assert Match.objects.filter(round__tournament=tournament).count() == 2


# draw_round: later rounds


@pytest.mark.django_db
def test_it_draws_round_two_by_standing_without_a_rematch():
    tournament = TournamentFactory(match_format_value=1)
    teams = present_teams(tournament, 1, 2, 3, 4)
    play_first_round(tournament)

    round_ = draw_round(tournament=tournament)

    # Standings after round 1: 3 (190), 4 (60), then 1 and 2 (a 0–0 draw, equal to the
    # lot, so by number). 3 v 4 would be a rematch: 3 meets 1, skipping 4, and 4 meets 2.
    assert (round_.number, round_.seed) == (2, None)
    assert saved_pairings(round_) == [
        (
            1,
            3,
            1,
            False,
            "avoids_rematch",
            {"skipped": [teams[4].pk], "avoided": [teams[4].pk]},
        ),
        (2, 4, 2, False, "", {"skipped": [], "avoided": []}),
    ]


@pytest.mark.django_db
def test_it_flags_a_rematch_no_draw_can_avoid():
    tournament = TournamentFactory(match_format_value=1)
    present_teams(tournament, 1, 2)
    round_one = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_one, now=NOW)
    close_match_for_time(match=table(round_one, 1), now=LATER)
    close_round(round=round_one, now=LATER)

    round_two = draw_round(tournament=tournament)

    [match] = round_two.matches.all()
    assert (match.is_rematch, match.pairing_reason) == (True, "rematch")


@pytest.mark.django_db
def test_it_gives_the_bye_to_the_lowest_ranked_team_that_has_not_had_one():
    tournament = TournamentFactory(match_format_value=1, bye_credit=ByeCredit.ZERO)
    teams = present_teams(tournament, 1, 2, 3, 4, 5)
    play_first_round(tournament)

    round_ = draw_round(tournament=tournament)

    # Standings after round 1: 2 (190), 5 (60), 3 and 4 (a 0–0 draw), 1 (the bye, worth
    # nothing here). Team 1 has had its bye, so team 4 is exempt.
    assert layout(round_)[1] == [4]
    assert saved_pairings(round_) == [
        (1, 2, 3, False, "avoids_rematch", {"skipped": [teams[5].pk], "avoided": [teams[5].pk]}),
        (2, 5, 1, False, "", {"skipped": [], "avoided": []}),
    ]


@pytest.mark.django_db
def test_it_never_draws_a_withdrawn_team_again():
    tournament = TournamentFactory(match_format_value=1)
    teams = present_teams(tournament, 1, 2, 3, 4, 5)
    play_first_round(tournament)
    withdraw_team(team=teams[2])
    round_two = draw_round(tournament=tournament)
    publish_round(round=round_two, now=NOW)
    for match in round_two.matches.all():
        record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    close_round(round=round_two, now=LATER)

    round_three = draw_round(tournament=tournament)

    # Standings after round 1: 2 (190, withdrawn), 1 (its bye: the round's mean, 250 / 4
    # rounded up to 63), 5 (60), then 3 and 4 (a 0–0 draw). Round 2 is 1 v 3 (3 v 4 would be
    # a rematch) and 5 v 4, with no bye: team 2 is not drawn.
    assert layout(round_two) == ([(1, 1, 3), (2, 5, 4)], [])
    tables, byes = layout(round_three)
    assert (sorted(number for _, a, b in tables for number in (a, b)), byes) == (
        [1, 3, 4, 5],
        [],
    )


# swap_teams_in_draft


@pytest.mark.django_db
def test_it_swaps_two_teams_at_different_tables():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    round_ = draw_round(tournament=tournament, seed=SEED)

    swap_teams_in_draft(round=round_, first=3, second=1)

    assert saved_pairings(round_) == [
        (1, 1, 4, False, "swapped", {"skipped": [], "avoided": []}),
        (2, 2, 3, False, "swapped", {"skipped": [], "avoided": []}),
    ]


@pytest.mark.django_db
def test_it_swaps_a_team_with_the_bye():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4, 5)
    round_ = draw_round(tournament=tournament, seed=SEED)

    swap_teams_in_draft(round=round_, first=1, second=3)

    assert layout(round_) == ([(1, 2, 5), (2, 4, 1)], [3])
    assert [m.pairing_reason for m in round_.matches.order_by("table_number")] == ["", "swapped"]


@pytest.mark.django_db
def test_it_flags_a_rematch_made_by_a_swap():
    tournament = TournamentFactory(match_format_value=1)
    present_teams(tournament, 1, 2, 3, 4)
    play_first_round(tournament)
    round_ = draw_round(tournament=tournament)

    swap_teams_in_draft(round=round_, first=1, second=4)

    assert saved_pairings(round_) == [
        (1, 3, 4, True, "swapped", {"skipped": [], "avoided": []}),
        (2, 1, 2, True, "swapped", {"skipped": [], "avoided": []}),
    ]


@pytest.mark.django_db
def test_a_swap_with_the_bye_says_which_team_has_it_now():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4, 5)
    round_ = draw_round(tournament=tournament, seed=SEED)

    swap = swap_teams_in_draft(round=round_, first=1, second=3)

    assert (swap.first, swap.second, swap.bye_before, swap.bye_after) == (1, 3, 1, 3)
    assert (swap.moved_bye, swap.rematch_tables, swap.round.pk) == (True, (), round_.pk)


@pytest.mark.django_db
def test_a_swap_that_makes_rematches_names_their_tables():
    tournament = TournamentFactory(match_format_value=1)
    present_teams(tournament, 1, 2, 3, 4)
    play_first_round(tournament)
    round_ = draw_round(tournament=tournament)

    swap = swap_teams_in_draft(round=round_, first=1, second=4)

    assert (swap.bye_before, swap.bye_after, swap.moved_bye, swap.rematch_tables) == (
        None,
        None,
        False,
        (1, 2),
    )


@pytest.mark.django_db
def test_a_correction_in_round_1_names_the_draft_of_round_2_it_drew_again():
    tournament = TournamentFactory(match_format_value=1)
    present_teams(tournament, 1, 2, 3, 4)
    play_first_round(tournament)
    draw_round(tournament=tournament)
    deal = tournament.rounds.get(number=1).matches.get(table_number=1).deals.get()
    chute = scoring.Deal(
        trump="H", contract=90, taker_card_points=60, defence_card_points=102, taker_tricks=3
    )

    correction = correct_deal(
        deal=deal,
        entry=DealEntry("A", chute),
        version=deal.version,
        now=LATER,
        author=Author(),
        reason="Chute oubliée",
    )

    assert (correction.is_changed, correction.redrawn_round, correction.deal.outcome) == (
        True,
        2,
        "chute",
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("first", "second", "code"),
    [(3, 4, "same_pairing"), (4, 3, "same_pairing"), (1, 9, "unknown_team"), (2, 2, "same_team")],
)
def test_it_refuses_a_swap_that_cannot_be_made(first, second, code):
    tournament = TournamentFactory()
    teams = present_teams(tournament, 1, 2, 3, 4)
    teams[9] = TeamFactory(tournament=tournament, number=9, is_checked_in=False)
    round_ = draw_round(tournament=tournament, seed=SEED)

    with pytest.raises(ServiceError) as refusal:
        swap_teams_in_draft(round=round_, first=first, second=second)

    assert refusal.value.code == code
    assert layout(round_) == SEED_LAYOUT_4


@pytest.mark.django_db
def test_it_refuses_to_swap_teams_once_the_round_is_published():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    round_ = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_, now=NOW)

    with pytest.raises(ServiceError) as refusal:
        swap_teams_in_draft(round=round_, first=3, second=1)

    assert (refusal.value.code, refusal.value.params) == ("not_draft", {"number": 1})
    assert layout(round_) == SEED_LAYOUT_4


# discard_draft and publish_round


@pytest.mark.django_db
def test_it_discards_a_draft_with_its_tables_and_bye():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4, 5)
    round_ = draw_round(tournament=tournament, seed=SEED)

    discard_draft(round=round_)

    assert (tournament.rounds.count(), Match.objects.count(), round_.byes.count()) == (0, 0, 0)


@pytest.mark.django_db
def test_it_draws_a_team_registered_during_a_draft_once_the_draft_is_discarded():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    drafted = draw_round(tournament=tournament, seed=SEED)
    late = register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=Random(1))
    first_round_during_the_draft = Team.objects.get(pk=late.pk).first_round

    discard_draft(round=drafted)
    redrawn = draw_round(tournament=tournament, seed=SEED)

    assert (first_round_during_the_draft, Team.objects.get(pk=late.pk).first_round) == (2, 1)
    assert layout(redrawn) == SEED_LAYOUT_5


@pytest.mark.django_db
def test_it_draws_a_team_registered_during_a_draft_from_the_next_round_once_published():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    drafted = draw_round(tournament=tournament, seed=SEED)
    register_team(tournament=tournament, data=TeamData("Anne", "Bruno"), rng=Random(1))

    publish_round(round=drafted, now=NOW)

    assert layout(drafted) == SEED_LAYOUT_4
    assert [team.number for team in drawable_teams(tournament=tournament, round_number=2)] == [
        1,
        2,
        3,
        4,
        5,
    ]


@pytest.mark.django_db
def test_it_leaves_the_first_round_of_teams_registered_before_the_draft_when_discarding():
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    present_teams(tournament, 1, 2, 3, 4)
    TeamFactory(tournament=tournament, number=5, first_round=2, is_checked_in=True)
    TeamFactory(tournament=tournament, number=6, first_round=3, is_checked_in=True)
    TeamFactory(number=7, first_round=3)  # another tournament
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)

    discard_draft(round=draft)

    assert list(Team.objects.order_by("number").values_list("number", "first_round")) == [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 2),
        (6, 2),
        (7, 3),
    ]


@pytest.mark.django_db
def test_it_refuses_to_discard_a_published_round():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    round_ = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_, now=NOW)

    with pytest.raises(ServiceError) as refusal:
        discard_draft(round=round_)

    assert (refusal.value.code, refusal.value.params) == ("not_draft", {"number": 1})
    assert layout(round_) == SEED_LAYOUT_4


@pytest.mark.django_db
def test_it_publishes_a_draft():
    tournament = TournamentFactory()
    present_teams(tournament, 1, 2, 3, 4)
    round_ = draw_round(tournament=tournament, seed=SEED)

    publish_round(round=round_, now=NOW)

    round_.refresh_from_db()
    assert (round_.status, round_.published_at, round_.closed_at) == (
        Round.Status.PUBLISHED,
        NOW,
        None,
    )


@pytest.mark.django_db
def test_it_refuses_to_publish_a_round_twice():
    round_ = RoundFactory(status=Round.Status.PUBLISHED, published_at=NOW)

    with pytest.raises(ServiceError) as refusal:
        publish_round(round=round_, now=LATER)

    assert (refusal.value.code, refusal.value.params) == ("not_draft", {"number": 1})
    round_.refresh_from_db()
    assert round_.published_at == NOW


# close_match_for_time


@pytest.mark.django_db
def test_it_closes_a_match_for_time_with_the_totals_it_has():
    match = MatchFactory(round__tournament__match_format_value=12)
    record_deal(match=match, entry=DealEntry("B", MADE_90), now=NOW)

    close_match_for_time(match=match, now=LATER)

    match.refresh_from_db()
    assert (
        match.total_a,
        match.total_b,
        match.deals_played,
        match.is_finished,
        match.stopped_for_time_at,
        match.result,
    ) == (60, 190, 1, False, LATER, "B")


@pytest.mark.django_db
def test_it_closes_a_match_without_deals_as_a_draw():
    match = MatchFactory()

    close_match_for_time(match=match, now=LATER)

    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.stopped_for_time_at, match.result) == (
        0,
        0,
        LATER,
        "draw",
    )


@pytest.mark.django_db
def test_it_returns_a_pending_litige_reserve_when_a_match_is_closed_for_time():
    match = MatchFactory(
        round__tournament__rules_preset=RulesPreset.BELOTE_CLASSIQUE,
        round__tournament__match_format_value=12,
    )
    litige = scoring.Deal(
        trump="S", contract=None, taker_card_points=81, defence_card_points=81, taker_tricks=4
    )
    record_deal(match=match, entry=DealEntry("A", litige), now=NOW)
    match.refresh_from_db()
    before = (match.total_a, match.total_b, match.reserve)

    close_match_for_time(match=match, now=LATER)

    # RULES.md §C: the reserve pending at the end goes back to the team that put it in,
    # so 81–81 is a draw, not a win for B on 0–81.
    match.refresh_from_db()
    assert before == (0, 81, 81)
    assert (match.total_a, match.total_b, match.reserve, match.result) == (81, 81, 0, "draw")


@pytest.mark.django_db
def test_it_returns_each_teams_share_of_consecutive_litiges():
    match = MatchFactory(
        round__tournament__rules_preset=RulesPreset.BELOTE_CLASSIQUE,
        round__tournament__match_format_value=12,
    )
    made = scoring.Deal(
        trump="S", contract=None, taker_card_points=100, defence_card_points=62, taker_tricks=5
    )
    litige = scoring.Deal(
        trump="S", contract=None, taker_card_points=81, defence_card_points=81, taker_tricks=4
    )
    # B takes 100–62; A ties 81–81 and puts 81 in; passe; B ties and puts 81 in.
    for taker, deal in (("B", made), ("A", litige), ("A", None), ("B", litige)):
        record_deal(match=match, entry=DealEntry(taker, deal), now=NOW)

    close_match_for_time(match=match, now=LATER)

    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.reserve, match.result) == (
        62 + 81 + 81,
        100 + 81 + 81,
        0,
        "B",
    )


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.CLOSED])
def test_it_refuses_to_close_a_match_of_a_round_not_being_played(status):
    match = MatchFactory(round__status=status)

    with pytest.raises(ServiceError) as refusal:
        close_match_for_time(match=match, now=LATER)

    assert (refusal.value.code, refusal.value.params) == ("not_published", {"number": 1})
    match.refresh_from_db()
    assert (match.stopped_for_time_at, match.result) == (None, "")


@pytest.mark.django_db
def test_it_refuses_to_close_a_finished_match_for_time():
    match = MatchFactory(round__tournament__match_format_value=1)
    record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)

    with pytest.raises(ServiceError) as refusal:
        close_match_for_time(match=match, now=LATER)

    assert (refusal.value.code, refusal.value.params) == ("match_finished", {})
    match.refresh_from_db()
    assert (match.stopped_for_time_at, match.result) == (None, "A")


@pytest.mark.django_db
def test_it_refuses_to_close_a_match_for_time_twice():
    match = MatchFactory()
    close_match_for_time(match=match, now=NOW)

    with pytest.raises(ServiceError) as refusal:
        close_match_for_time(match=match, now=LATER)

    assert (refusal.value.code, refusal.value.params) == ("match_finished", {})
    match.refresh_from_db()
    assert match.stopped_for_time_at == NOW


# close_round


@pytest.mark.django_db
def test_it_refuses_to_close_a_round_with_open_tables_and_names_them():
    tournament = TournamentFactory(match_format_value=1)
    present_teams(tournament, 1, 2, 3, 4, 5, 6)
    round_ = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_, now=NOW)
    record_deal(match=table(round_, 1), entry=DealEntry("A", MADE_90), now=NOW)

    with pytest.raises(ServiceError) as refusal:
        close_round(round=round_, now=LATER)

    assert (refusal.value.code, refusal.value.params) == ("matches_open", {"tables": (2, 3)})
    round_.refresh_from_db()
    assert (round_.status, round_.closed_at) == (Round.Status.PUBLISHED, None)


@pytest.mark.django_db
def test_it_closes_a_round_once_every_match_is_complete():
    tournament = TournamentFactory(match_format_value=1)
    present_teams(tournament, 1, 2, 3, 4, 5, 6)
    round_ = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_, now=NOW)
    record_deal(match=table(round_, 1), entry=DealEntry("A", MADE_90), now=NOW)
    close_match_for_time(match=table(round_, 2), now=LATER)
    close_match_for_time(match=table(round_, 3), now=LATER)

    close_round(round=round_, now=LATER)

    round_.refresh_from_db()
    assert (round_.status, round_.published_at, round_.closed_at) == (
        Round.Status.CLOSED,
        NOW,
        LATER,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.CLOSED])
def test_it_refuses_to_close_a_round_not_being_played(status):
    round_ = RoundFactory(status=status)

    with pytest.raises(ServiceError) as refusal:
        close_round(round=round_, now=LATER)

    assert (refusal.value.code, refusal.value.params) == ("not_published", {"number": 1})
    round_.refresh_from_db()
    assert (round_.status, round_.closed_at) == (status, None)


# Standings and the draft


def bye_rows(tournament):
    return [
        (standing.team.number, standing.row.byes, standing.row.bye_points, standing.row.points)
        for standing in tournament_standings(tournament=tournament)
    ]


@pytest.mark.django_db
def test_it_leaves_a_drafts_bye_out_of_the_standings():
    tournament = TournamentFactory(bye_credit=ByeCredit.FIXED, bye_credit_value=500)
    present_teams(tournament, 1, 2, 3)
    draw_round(tournament=tournament, seed=SEED)

    rows = bye_rows(tournament)

    assert rows == [(1, 0, 0, 0), (2, 0, 0, 0), (3, 0, 0, 0)]


@pytest.mark.django_db
def test_it_counts_the_bye_in_the_standings_once_published():
    tournament = TournamentFactory(bye_credit=ByeCredit.FIXED, bye_credit_value=500)
    present_teams(tournament, 1, 2, 3)
    round_ = draw_round(tournament=tournament, seed=SEED)
    publish_round(round=round_, now=NOW)

    rows = bye_rows(tournament)

    # random.Random(2026) shuffles [1, 2, 3] into [3, 2, 1]: team 1, last, has the bye.
    assert rows == [(1, 1, 500, 500), (2, 0, 0, 0), (3, 0, 0, 0)]
