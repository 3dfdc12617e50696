"""Selectors (tournaments/selectors.py): the standings as the tournament's settings rank
them, the players' figures, and which matches count (RULES.md §E).

The standings page's query count for 4 and 40 teams is guarded in views/test_pages.py.
"""

import datetime

import pytest

import scoring
from tests.factories import (
    ByeFactory,
    DealFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tournaments.models import (
    ByeCredit,
    DealEntry,
    Match,
    Ranking,
    Round,
    Seat,
    TeamLink,
    Tournament,
)
from tournaments.selectors import (
    TeamFigures,
    board_version,
    counted_matches,
    round_deals,
    tournament_deals,
    tournament_standings,
)
from tournaments.services import record_deal
from tournaments.standings import StandingRow

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)


def teams_of(tournament, *numbers):
    return {number: TeamFactory(tournament=tournament, number=number) for number in numbers}


def closed_published_and_draft(tournament):
    """Rounds 1, 2 and 3 of ``tournament``: closed, published, and a draft."""
    statuses = (Round.Status.CLOSED, Round.Status.PUBLISHED, Round.Status.DRAFT)
    return tuple(
        RoundFactory(tournament=tournament, number=number, status=status)
        for number, status in enumerate(statuses, start=1)
    )


def finished(round_, team_a, team_b, total_a, total_b):
    result = "A" if total_a > total_b else "B" if total_b > total_a else "draw"
    return MatchFactory(
        round=round_,
        team_a=team_a,
        team_b=team_b,
        total_a=total_a,
        total_b=total_b,
        is_finished=True,
        result=result,
    )


def ranked(tournament):
    return [
        (s.row.rank, s.team.number, s.row.points, s.row.matches_won, s.row.points_difference)
        for s in tournament_standings(tournament=tournament)
    ]


# tournament_standings: ranking and tie-breaks


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        (
            Ranking.POINTS,
            [(1, 4, 1000, 1, 100), (2, 3, 900, 0, -100), (3, 1, 500, 1, 100), (4, 2, 400, 0, -100)],
        ),
        (
            Ranking.WINS_THEN_POINTS,
            [(1, 4, 1000, 1, 100), (2, 1, 500, 1, 100), (3, 3, 900, 0, -100), (4, 2, 400, 0, -100)],
        ),
    ],
)
def test_it_ranks_by_the_tournaments_ranking(ranking, expected):
    tournament = TournamentFactory(ranking=ranking)
    team = teams_of(tournament, 1, 2, 3, 4)
    round_ = RoundFactory(tournament=tournament, number=1)
    finished(round_, team[1], team[2], 500, 400)
    finished(round_, team[3], team[4], 900, 1000)

    rows = ranked(tournament)

    assert rows == expected


@pytest.mark.django_db
def test_it_returns_whole_rows_with_their_teams():
    tournament = TournamentFactory(ranking=Ranking.WINS_THEN_POINTS)
    team = teams_of(tournament, 1, 2, 3, 4)
    round_ = RoundFactory(tournament=tournament, number=1)
    finished(round_, team[1], team[2], 500, 400)
    finished(round_, team[3], team[4], 900, 1000)

    standings = tournament_standings(tournament=tournament)

    def row(rank, number, points, won, lost, against):
        return StandingRow(
            rank=rank,
            team_id=team[number].pk,
            number=number,
            points=points,
            matches_played=1,
            matches_won=won,
            matches_drawn=0,
            matches_lost=lost,
            points_against=against,
            points_difference=points - against,
            byes=0,
            bye_points=0,
            head_to_head=0,
            lot=0,
            is_withdrawn=False,
        )

    assert [(s.row, s.team) for s in standings] == [
        (row(1, 4, 1000, 1, 0, 900), team[4]),
        (row(2, 1, 500, 1, 0, 400), team[1]),
        (row(3, 3, 900, 0, 1, 1000), team[3]),
        (row(4, 2, 400, 0, 1, 500), team[2]),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("tie_breaks", "expected"),
    [
        # Teams 1 and 2 both have 1000: 1 won a match, 2 has the better difference.
        (
            "matches_won,points_difference,head_to_head",
            [(1, 4, 1400, 1, 500), (2, 1, 1000, 1, -350), (3, 2, 1000, 0, 0), (4, 3, 950, 0, -150)],
        ),
        (
            "points_difference,matches_won,head_to_head",
            [(1, 4, 1400, 1, 500), (2, 2, 1000, 0, 0), (3, 1, 1000, 1, -350), (4, 3, 950, 0, -150)],
        ),
    ],
)
def test_it_breaks_ties_in_the_tournaments_order(tie_breaks, expected):
    tournament = TournamentFactory(tie_breaks=tie_breaks)
    team = teams_of(tournament, 1, 2, 3, 4)
    round_one = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    finished(round_one, team[1], team[3], 600, 450)
    finished(round_one, team[2], team[4], 500, 500)
    round_two = RoundFactory(tournament=tournament, number=2)
    finished(round_two, team[1], team[4], 400, 900)
    finished(round_two, team[2], team[3], 500, 500)

    rows = ranked(tournament)

    assert rows == expected


@pytest.mark.django_db
def test_it_credits_a_bye_with_half_a_nominal_match_of_deals():
    tournament = TournamentFactory(match_format_value=12, bye_credit=ByeCredit.HALF_NOMINAL)
    team = teams_of(tournament, 1, 2, 3)
    round_ = RoundFactory(tournament=tournament, number=1)
    finished(round_, team[1], team[2], 1500, 1200)
    ByeFactory(round=round_, team=team[3])

    rows = [
        (s.team.number, s.row.points, s.row.bye_points)
        for s in tournament_standings(tournament=tournament)
    ]

    # 12 deals of 162 card points: 1944 for both teams, 972 for one.
    assert rows == [(1, 1500, 0), (2, 1200, 0), (3, 972, 972)]


# Figures


@pytest.mark.django_db
def test_it_sums_each_teams_figures_from_its_counted_matches():
    tournament = TournamentFactory(match_format_value=4)
    team = teams_of(tournament, 1, 2, 3, 4)
    round_one = RoundFactory(tournament=tournament, number=1)
    match = MatchFactory(round=round_one, team_a=team[1], team_b=team[2])
    deals = [
        # A makes 80 coinched with its belote: 2 × (160 + 20 + 80) = 520 to 0. Coinched
        # and made, so no coinche made for B.
        (
            "A",
            scoring.Deal(
                trump="H",
                contract=80,
                coinche="coinche",
                taker_card_points=100,
                defence_card_points=62,
                taker_tricks=5,
                taker_belotes=1,
            ),
        ),
        # A passe: no trick for anyone, and no capot either.
        ("A", None),
        # B is chuted on 100 coinched; A defends with its belote: 2 × (160 + 20 + 100) = 560
        # to 0, a coinche made for A.
        (
            "B",
            scoring.Deal(
                trump="S",
                contract=100,
                coinche="coinche",
                taker_card_points=70,
                defence_card_points=92,
                taker_tricks=3,
                defence_belotes=1,
            ),
        ),
        # A bids and makes capot: 250 + 250 = 500 to 0. A capot for A.
        (
            "A",
            scoring.Deal(
                trump="C",
                contract="capot",
                taker_card_points=252,
                defence_card_points=0,
                taker_tricks=8,
            ),
        ),
        # B is chuted on 80 with its belote and no trick: 20 to 160 + 80 = 240. A capot for
        # A in defence, a belote for B.
        (
            "B",
            scoring.Deal(
                trump="D",
                contract=80,
                taker_card_points=0,
                defence_card_points=252,
                taker_tricks=0,
                taker_belotes=1,
            ),
        ),
    ]
    for taker, deal in deals:
        record_deal(match=match, entry=DealEntry(taker, deal), now=NOW)
    round_two = RoundFactory(tournament=tournament, number=2)
    finished(round_two, team[1], team[2], 300, 900)
    # Not counted: an unfinished match of a published round, and a draft's match.
    unfinished = MatchFactory(round=round_one, team_a=team[3], team_b=team[4])
    capot_with_belote = scoring.Deal(
        trump="H",
        contract="capot",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        taker_belotes=1,
    )
    record_deal(match=unfinished, entry=DealEntry("A", capot_with_belote), now=NOW)
    draft = RoundFactory(tournament=tournament, number=3, status=Round.Status.DRAFT)
    drafted = finished(draft, team[3], team[4], 1000, 0)
    DealFactory(
        match=drafted,
        taker="B",
        coinche_level="coinche",
        outcome="chute",
        taker_tricks=0,
        taker_card_points=0,
        defence_card_points=252,
        taker_belotes=1,
        defence_belotes=1,
    )

    figures = {s.team.number: s.figures for s in tournament_standings(tournament=tournament)}

    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.is_finished) == (1820, 20, True)
    assert figures == {
        1: TeamFigures(best_match_score=1820, belotes=2, capots=2, coinches_made=1),
        2: TeamFigures(best_match_score=900, belotes=1, capots=0, coinches_made=0),
        3: TeamFigures(),
        4: TeamFigures(),
    }


# counted_matches


@pytest.mark.django_db
def test_it_counts_complete_matches_of_published_and_closed_rounds_only():
    tournament = TournamentFactory()
    closed, published, draft = closed_published_and_draft(tournament)
    of_closed = MatchFactory(round=closed, is_finished=True, result="A", total_a=300)
    finished_now = MatchFactory(round=published, is_finished=True, result="B", total_b=300)
    closed_for_time = MatchFactory(round=published, stopped_for_time_at=NOW, result="draw")
    MatchFactory(round=published, total_a=150, total_b=100)
    MatchFactory(round=draft, is_finished=True, result="A", total_a=300)
    MatchFactory(is_finished=True, result="A", total_a=300)  # another tournament

    matches = counted_matches(tournament=tournament)

    assert sorted(matches.values_list("pk", flat=True)) == sorted(
        [of_closed.pk, finished_now.pk, closed_for_time.pk]
    )


@pytest.mark.django_db
def test_it_leaves_unfinished_and_draft_matches_out_of_the_standings():
    tournament = TournamentFactory()
    team = teams_of(tournament, 1, 2)
    finished(RoundFactory(tournament=tournament, number=1), team[1], team[2], 300, 200)
    MatchFactory(
        round=RoundFactory(tournament=tournament, number=2),
        team_a=team[1],
        team_b=team[2],
        total_a=0,
        total_b=700,
    )
    draft = RoundFactory(tournament=tournament, number=3, status=Round.Status.DRAFT)
    finished(draft, team[1], team[2], 0, 900)

    rows = ranked(tournament)

    assert rows == [(1, 1, 300, 1, 100), (2, 2, 200, 0, -100)]


# round_deals and tournament_deals


@pytest.mark.django_db
def test_round_deals_are_the_rounds_deals_by_table_then_deal_number():
    round_ = RoundFactory()
    table_2 = MatchFactory(round=round_, table_number=2)
    table_1 = MatchFactory(round=round_, table_number=1)
    later = [DealFactory(match=table_2, deal_number=n) for n in (2, 1)]
    earlier = [DealFactory(match=table_1, deal_number=n) for n in (2, 1)]
    next_round = RoundFactory(tournament=round_.tournament, number=2)
    DealFactory(match=MatchFactory(round=next_round, table_number=1), deal_number=1)

    deals = list(round_deals(round=round_))

    assert deals == [earlier[1], earlier[0], later[1], later[0]]


@pytest.mark.django_db
def test_tournament_deals_leave_out_draft_rounds_and_other_tournaments():
    tournament = TournamentFactory()
    closed, published, draft = closed_published_and_draft(tournament)
    of_published = DealFactory(match=MatchFactory(round=published, table_number=1), deal_number=1)
    of_table_2 = DealFactory(match=MatchFactory(round=closed, table_number=2), deal_number=1)
    table_1 = MatchFactory(round=closed, table_number=1)
    of_table_1 = [DealFactory(match=table_1, deal_number=n) for n in (2, 1)]
    DealFactory(match=MatchFactory(round=draft, table_number=1), deal_number=1)
    DealFactory(deal_number=1)  # another tournament

    deals = list(tournament_deals(tournament=tournament))

    assert deals == [of_table_1[1], of_table_1[0], of_table_2, of_published]


def _versioned_seat(**match_columns) -> Seat:
    tournament = Tournament(pk=7, results_version="r41")
    round_ = Round(pk=5, tournament=tournament, status=Round.Status.PUBLISHED)
    columns = {
        "table_number": 3,
        "total_a": 162,
        "total_b": 90,
        "deals_played": 2,
        "results_count": 4,
        "locked_at": datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC),
    }
    match = Match(pk=11, round=round_, **(columns | match_columns))
    return Seat(TeamLink(pk=23, token="k3Yq"), match, "B")


def test_the_board_version_is_the_one_its_etags_always_had():
    # The values board_version gave before it read the match's columns at once
    # (operator.attrgetter): a phone's stored ETag still names the same board.
    versions = [board_version(seat=_versioned_seat(), language=lang) for lang in ("fr", "en")]

    assert versions == ["cb24c15a9ee63b7852db6e78", "1a178ed2c59cbd56b8c0f99b"]


@pytest.mark.parametrize("column", ["total_a", "total_b", "deals_played", "results_count"])
def test_the_board_version_changes_with_each_counted_column_of_the_match(column):
    before = board_version(seat=_versioned_seat(), language="fr")

    after = board_version(seat=_versioned_seat(**{column: 99}), language="fr")

    assert after != before
