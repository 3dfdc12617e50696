"""record_played_round (tournaments/services/played_rounds.py): a round already played,
recorded with its tables, byes and deals as the sheets give them, then closed."""

import datetime

import pytest

import scoring
from tests.factories import RoundFactory, TeamFactory, TournamentFactory
from tournaments.models import Bye, Deal, DealEntry, Match, Round
from tournaments.services import PlayedMatch, Refusal, ServiceError, record_played_round

NOW = datetime.datetime(2026, 11, 28, 18, 0, tzinfo=datetime.UTC)
# ffb-coinche: made, taker 100 + 90 = 190 and defence 60 (RULES.md §B1.4).
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
# ffb-coinche: chute, taker 0 and defence 160 + 100 = 260 (RULES.md §B1.6).
CHUTE = scoring.Deal(
    trump="S", contract=100, taker_card_points=90, defence_card_points=72, taker_tricks=4
)


@pytest.fixture
def teams(db):
    """Five teams, numbered 1 to 5, of a concours of two rounds of two deals."""
    tournament = TournamentFactory(number_of_rounds=2, match_format_value=2)
    return [TeamFactory(tournament=tournament, number=number) for number in range(1, 6)]


#: Table 2's sheet in round 1: one deal of the two the format plays.
ONE_DEAL = ((1, DealEntry("B", MADE)),)


def first_round(teams, second_table=ONE_DEAL):
    """Table 1: team 1 against team 2, two deals; table 2: team 3 against team 4; bye: 5."""
    return [
        PlayedMatch(1, teams[0], teams[1], ((1, DealEntry("A", MADE)), (2, DealEntry("A", CHUTE)))),
        PlayedMatch(2, teams[2], teams[3], second_table),
    ]


def match_rows(round_):
    return list(
        Match.objects.filter(round=round_)
        .order_by("table_number")
        .values_list(
            "table_number",
            "team_a__number",
            "team_b__number",
            "total_a",
            "total_b",
            "deals_played",
            "is_finished",
            "result",
        )
    )


def saved_counts():
    return (Round.objects.count(), Match.objects.count(), Bye.objects.count(), Deal.objects.count())


def test_it_records_the_tables_byes_and_deals_then_closes_the_round(teams):
    tournament = teams[0].tournament

    round_ = record_played_round(
        tournament=tournament, matches=first_round(teams), byes=[teams[4]], now=NOW
    )

    round_.refresh_from_db()
    assert (round_.number, round_.status, round_.published_at, round_.closed_at, round_.seed) == (
        1,
        Round.Status.CLOSED,
        NOW,
        NOW,
        None,
    )
    # Table 2's sheet stops after one deal of two: it stays unfinished, as played.
    assert match_rows(round_) == [
        (1, 1, 2, 190, 320, 2, True, "B"),
        (2, 3, 4, 60, 190, 1, False, ""),
    ]
    assert list(round_.byes.values_list("team__number", flat=True)) == [5]
    assert Deal.objects.filter(match__round=round_).count() == 3


def test_the_next_played_round_follows_the_last_one(teams):
    tournament = teams[0].tournament
    record_played_round(tournament=tournament, matches=first_round(teams), byes=[teams[4]], now=NOW)
    second = [PlayedMatch(1, teams[4], teams[0], ((1, DealEntry("B", CHUTE)),))]

    round_ = record_played_round(tournament=tournament, matches=second, byes=teams[1:4], now=NOW)

    assert (round_.number, match_rows(round_)) == (2, [(1, 5, 1, 260, 0, 1, False, "")])


# Refusals: nothing is saved -------------------------------------------------------------------


def refusal(teams, matches, byes=()):
    with pytest.raises(ServiceError) as raised:
        record_played_round(tournament=teams[0].tournament, matches=matches, byes=byes, now=NOW)
    return raised.value.code, raised.value.params


def test_a_round_still_open_is_refused(teams):
    RoundFactory(tournament=teams[0].tournament, number=1, status=Round.Status.PUBLISHED)

    refused = refusal(teams, first_round(teams))

    assert (refused, saved_counts()) == ((Refusal.ROUND_OPEN, {"number": 1}), (1, 0, 0, 0))


def test_a_round_past_the_number_of_rounds_is_refused(teams):
    tournament = teams[0].tournament
    for number in (1, 2):
        RoundFactory(tournament=tournament, number=number, status=Round.Status.CLOSED)

    refused = refusal(teams, first_round(teams))

    assert (refused, saved_counts()) == ((Refusal.ALL_ROUNDS_DRAWN, {"rounds": 2}), (2, 0, 0, 0))


def test_a_team_against_itself_is_refused(teams):
    refused = refusal(teams, [PlayedMatch(1, teams[0], teams[0])])

    assert (refused, saved_counts()) == ((Refusal.SAME_TEAM, {}), (0, 0, 0, 0))


def test_a_deal_after_the_end_of_a_match_is_refused_with_its_table(teams):
    too_many = tuple((number, DealEntry("A", MADE)) for number in (1, 2, 3))

    refused = refusal(teams, first_round(teams, second_table=too_many), byes=[teams[4]])

    assert (refused, saved_counts()) == (
        (Refusal.MATCH_FINISHED, {"number": 3, "table": 2}),
        (0, 0, 0, 0),
    )


def test_a_deal_the_engine_rejects_saves_nothing_of_the_round(teams):
    bad = scoring.Deal(
        trump="H", contract=85, taker_card_points=104, defence_card_points=58, taker_tricks=5
    )

    with pytest.raises(scoring.InvalidDeal) as raised:
        record_played_round(
            tournament=teams[0].tournament,
            matches=first_round(teams, second_table=((1, DealEntry("A", bad)),)),
            now=NOW,
        )

    assert (raised.value.error.code, saved_counts()) == (scoring.ErrorCode.CONTRACT, (0, 0, 0, 0))


@pytest.mark.parametrize(
    "seating",
    [
        pytest.param(lambda t, other: ([PlayedMatch(1, t[0], other)], []), id="other_tournament"),
        pytest.param(lambda t, other: ([PlayedMatch(1, t[0], t[1])], [t[1]]), id="bye_and_table"),
        pytest.param(
            lambda t, other: ([PlayedMatch(1, t[0], t[1]), PlayedMatch(2, t[1], t[2])], []),
            id="two_tables",
        ),
        pytest.param(
            lambda t, other: ([PlayedMatch(1, t[0], t[1]), PlayedMatch(1, t[2], t[3])], []),
            id="table_twice",
        ),
        pytest.param(
            lambda t, other: (
                [PlayedMatch(1, t[0], t[1], ONE_DEAL, scoring.MatchTotals(190, 60))],
                [],
            ),
            id="deals_and_totals",
        ),
    ],
)
def test_a_seating_no_round_can_have_is_a_programming_error(teams, seating):
    matches, byes = seating(teams, TeamFactory(number=9))

    with pytest.raises(ValueError):
        record_played_round(tournament=teams[0].tournament, matches=matches, byes=byes, now=NOW)

    assert saved_counts() == (0, 0, 0, 0)


def test_a_table_given_by_its_totals_is_recorded_beside_one_given_by_its_deals(teams):
    tournament = teams[0].tournament
    matches = [
        PlayedMatch(1, teams[0], teams[1], ((1, DealEntry("A", MADE)), (2, DealEntry("A", CHUTE)))),
        PlayedMatch(2, teams[2], teams[3], totals=scoring.MatchTotals(1500, 1210, 2)),
    ]

    round_ = record_played_round(tournament=tournament, matches=matches, byes=[teams[4]], now=NOW)

    assert (round_.status, match_rows(round_), saved_counts()) == (
        Round.Status.CLOSED,
        [(1, 1, 2, 190, 320, 2, True, "B"), (2, 3, 4, 1500, 1210, 2, True, "A")],
        (1, 2, 1, 2),
    )
    assert list(
        Match.objects.filter(round=round_).order_by("table_number").values_list("is_totals_only")
    ) == [(False,), (True,)]


def test_totals_that_do_not_add_up_are_refused_with_their_table(teams):
    tournament = teams[0].tournament
    tournament.rules_preset = "belote-classique"
    tournament.save()
    matches = [
        PlayedMatch(1, teams[0], teams[1], totals=scoring.MatchTotals(62, 262, 2)),
        PlayedMatch(2, teams[2], teams[3], totals=scoring.MatchTotals(257, 66, 2)),
    ]

    refused = refusal(teams, matches, byes=[teams[4]])

    assert (refused, saved_counts()) == (
        (
            Refusal.TOTALS_MISMATCH,
            {
                "total": 323,
                "expected": 324,
                "deals_played": 2,
                "capots": 0,
                "belotes": 0,
                "declarations": 0,
                "table": 2,
            },
        ),
        (0, 0, 0, 0),
    )
