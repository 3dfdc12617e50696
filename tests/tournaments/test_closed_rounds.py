"""A finished match is never lost (services/draws.py states the rules): what the organiser
may still do in a closed round, reopening a round, and what stays refused.

The concours: four teams, matches of 2 deals, round 1 drawn from seed 2026 (table 1: team 3
against team 4, table 2: team 2 against team 1). Table 1 plays on its phones (confirmed,
so locked): 380 – 120. Table 2 is entered by the organiser: 190 – 310. Round 1 is closed.
"""

import datetime

import pytest

import scoring
from tests.factories import TeamFactory, TournamentFactory, UserFactory
from tournaments import selectors, services
from tournaments.models import (
    AuditAction,
    Deal,
    DealEntry,
    DealStatus,
    Match,
    MatchFormatKind,
    Round,
    Team,
)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=30)
LAST = NOW + datetime.timedelta(hours=1)
SEED = 2026
#: 90 ♥ made with 104 card points: the taker's team 190, the other 60.
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
#: 90 ♥ made with 120 card points: 210 – 40.
MORE = scoring.Deal(
    trump="H", contract=90, taker_card_points=120, defence_card_points=42, taker_tricks=5
)
#: 90 ♥ chuted with 70 card points: the taker's team 0, the other 250.
CHUTE = scoring.Deal(
    trump="H", contract=90, taker_card_points=70, defence_card_points=92, taker_tricks=3
)
PASSED = DealEntry("A", None)
#: (team, points, played, won, points against) after round 1 as played.
STANDINGS_AS_PLAYED = [
    (3, 380, 1, 1, 120),
    (1, 310, 1, 1, 190),
    (2, 190, 1, 0, 310),
    (4, 120, 1, 0, 380),
]


def standings(tournament):
    return [
        (s.team.number, s.row.points, s.row.matches_played, s.row.matches_won, s.row.points_against)
        for s in selectors.tournament_standings(tournament=tournament)
    ]


def match_state(match: Match) -> tuple:
    """Return (totals, deals played, finished, result, locked, each deal's number, status,
    version and scores) as stored."""
    match.refresh_from_db()
    deals = list(
        match.deals.order_by("deal_number").values_list(
            "deal_number", "status", "version", "score_a", "score_b"
        )
    )
    return (
        match.total_a,
        match.total_b,
        match.deals_played,
        match.is_finished,
        match.result,
        match.locked_at,
        deals,
    )


def refusal(call) -> tuple[str, dict]:
    with pytest.raises(services.ServiceError) as caught:
        call()
    return caught.value.code, caught.value.params


def table(round_: Round, number: int) -> Match:
    return round_.matches.get(table_number=number)


def deal(match: Match, number: int) -> Deal:
    return match.deals.get(deal_number=number)


def play_round_one(tournament, organiser) -> Round:
    """Draw round 1 from SEED, publish it, play it as the module says, close it."""
    round_ = services.draw_round(tournament=tournament, seed=SEED)
    services.publish_round(round=round_, now=NOW)
    links = selectors.match_links(match=table(round_, 1))
    for number in (1, 2):
        services.submit_deal(
            seat=links["A"], entry=DealEntry("A", MADE), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=links["B"], now=NOW)
    author = services.Author(user=organiser)
    for entry in (DealEntry("A", MADE), DealEntry("A", CHUTE)):
        services.record_deal(match=table(round_, 2), entry=entry, now=NOW, author=author)
    return services.close_round(round=round_, now=NOW, user=organiser)


@pytest.fixture
def organiser(db):
    return UserFactory(username="marie")


@pytest.fixture
def tournament(db):
    tournament = TournamentFactory(match_format_value=2, number_of_rounds=3)
    for number in (1, 2, 3, 4):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    return tournament


@pytest.fixture
def closed_round(tournament, organiser) -> Round:
    return play_round_one(tournament, organiser)


TABLE_1_AS_PLAYED = (
    380,
    120,
    2,
    True,
    "A",
    NOW,
    [(1, DealStatus.CONFIRMED, 1, 190, 60), (2, DealStatus.CONFIRMED, 1, 190, 60)],
)


def test_the_round_is_closed_with_both_tables_counted(tournament, closed_round):
    assert (closed_round.status, match_state(table(closed_round, 1))) == (
        Round.Status.CLOSED,
        TABLE_1_AS_PLAYED,
    )
    assert standings(tournament) == STANDINGS_AS_PLAYED


# The adversarial cases: each used to make a finished match drop out of the standings.


def test_deleting_a_deal_of_a_closed_round_is_refused_and_the_match_still_counts(
    tournament, closed_round, organiser
):
    match = table(closed_round, 1)

    code = refusal(
        lambda: services.delete_deal(
            deal=deal(match, 2),
            reason="Donne en trop",
            now=LATER,
            author=services.Author(user=organiser),
        )
    )

    assert code == ("delete_in_closed_round", {"number": 1, "deal": 2})
    assert match_state(match) == TABLE_1_AS_PLAYED
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_correcting_a_deal_of_a_closed_round_to_passed_is_refused_when_the_match_would_not_end(
    tournament, closed_round, organiser
):
    match = table(closed_round, 1)

    code = refusal(
        lambda: services.correct_deal(
            deal=deal(match, 2),
            entry=PASSED,
            version=1,
            now=LATER,
            author=services.Author(user=organiser),
            reason="Personne n’a pris",
        )
    )

    assert code == ("closed_round_incomplete", {"table": 1, "number": 1})
    assert match_state(match) == TABLE_1_AS_PLAYED
    assert deal(match, 2).entry == DealEntry("A", MADE)
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_correcting_a_target_score_match_of_a_closed_round_below_its_target_is_refused(
    organiser,
):
    tournament = TournamentFactory(match_format=MatchFormatKind.TARGET, match_format_value=400)
    for number in (1, 2):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=SEED)
    services.publish_round(round=round_, now=NOW)
    match = round_.matches.select_related("team_a", "team_b").get()
    for entry in (DealEntry("A", MADE), DealEntry("A", MORE)):
        services.record_deal(match=match, entry=entry, now=NOW)
    services.close_round(round=round_, now=NOW)
    played = match_state(match)

    code = refusal(
        lambda: services.correct_deal(
            deal=deal(match, 2),
            entry=DealEntry("A", MADE),
            version=1,
            now=LATER,
            author=services.Author(user=organiser),
            reason="Points recomptés",
        )
    )

    assert code == ("closed_round_incomplete", {"table": 1, "number": 1})
    assert played == (
        400,
        100,
        2,
        True,
        "A",
        None,
        [(1, DealStatus.CONFIRMED, 1, 190, 60), (2, DealStatus.CONFIRMED, 1, 210, 40)],
    )
    assert match_state(match) == played
    assert standings(tournament) == [
        (match.team_a.number, 400, 1, 1, 100),
        (match.team_b.number, 100, 1, 0, 400),
    ]


def test_unlocking_a_match_of_a_closed_round_is_refused_and_its_deals_stay_confirmed(
    tournament, closed_round, organiser
):
    match = table(closed_round, 1)

    code = refusal(
        lambda: services.unlock_match(match=match, reason="Erreur", now=LATER, user=organiser)
    )

    assert code == ("unlock_in_closed_round", {"number": 1})
    assert match_state(match) == TABLE_1_AS_PLAYED
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_reopening_a_match_stopped_for_time_in_a_closed_round_is_refused(organiser):
    tournament = TournamentFactory(match_format_value=2)
    for number in (1, 2):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=SEED)
    services.publish_round(round=round_, now=NOW)
    match = round_.matches.get()
    services.record_deal(match=match, entry=DealEntry("A", MADE), now=NOW)
    services.close_match_for_time(match=match, now=NOW)
    services.close_round(round=round_, now=NOW)

    code = refusal(lambda: services.reopen_match(match=match, now=LATER, user=organiser))

    assert code == ("not_published", {"number": 1})
    match.refresh_from_db()
    assert (match.stopped_for_time_at, match.is_complete, match.result) == (NOW, True, "A")


# What a closed round still allows: corrections that keep the match complete.


def test_a_correction_that_keeps_the_match_finished_is_saved_in_a_closed_round(
    tournament, closed_round, organiser
):
    match = table(closed_round, 1)

    corrected = services.correct_deal(
        deal=deal(match, 2),
        entry=DealEntry("A", MORE),
        version=1,
        now=LATER,
        author=services.Author(user=organiser),
        reason="Points mal comptés",
    )

    assert (corrected.is_changed, corrected.redrawn_round) == (True, None)
    assert match_state(match) == (
        400,
        100,
        2,
        True,
        "A",
        NOW,
        [(1, DealStatus.CONFIRMED, 1, 190, 60), (2, DealStatus.CONFIRMED, 2, 210, 40)],
    )
    assert standings(tournament) == [
        (3, 400, 1, 1, 100),
        (1, 310, 1, 1, 190),
        (2, 190, 1, 0, 310),
        (4, 100, 1, 0, 400),
    ]


def test_a_deal_of_a_match_stopped_for_time_can_be_corrected_to_passed_in_a_closed_round(
    organiser,
):
    tournament = TournamentFactory(match_format_value=3)
    for number in (1, 2):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=SEED)
    services.publish_round(round=round_, now=NOW)
    match = round_.matches.get()
    for entry in (DealEntry("A", MADE), DealEntry("A", MADE)):
        services.record_deal(match=match, entry=entry, now=NOW)
    services.close_match_for_time(match=match, now=NOW)
    services.close_round(round=round_, now=NOW)

    services.correct_deal(
        deal=deal(match, 2),
        entry=PASSED,
        version=1,
        now=LATER,
        author=services.Author(user=organiser),
        reason="Saisie en double",
    )

    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.deals_played, match.is_complete) == (
        190,
        60,
        1,
        True,
    )


def test_a_correction_left_waiting_for_the_opponents_is_refused_in_a_closed_round(
    closed_round, organiser
):
    match = table(closed_round, 1)

    code = refusal(
        lambda: services.correct_deal(
            deal=deal(match, 2),
            entry=DealEntry("A", MORE),
            version=1,
            now=LATER,
            author=services.Author(side="A"),
            status=DealStatus.PENDING,
        )
    )

    assert code == ("not_published", {"number": 1})
    assert match_state(match) == TABLE_1_AS_PLAYED


def test_closing_a_round_keeps_who_closed_it_and_when(closed_round, organiser):
    records = [
        (record.history_user, record.audit_action, record.audit_reason, record.history_date)
        for record in closed_round.history.exclude(audit_action="").order_by("history_id")
    ]

    assert records == [(organiser, AuditAction.ROUND_CLOSED, "", NOW)]


# reopen_round


def test_reopening_a_closed_round_publishes_it_again_and_keeps_who_when_and_why(
    tournament, closed_round, organiser
):
    reopening = services.reopen_round(
        round=closed_round, reason="  Table 1 : donne en trop ", now=LATER, user=organiser
    )

    closed_round.refresh_from_db()
    assert (reopening.round.pk, reopening.discarded_draft) == (closed_round.pk, None)
    assert (closed_round.status, closed_round.published_at, closed_round.closed_at) == (
        Round.Status.PUBLISHED,
        NOW,
        None,
    )
    assert [
        (record.history_user, record.audit_action, record.audit_reason, record.history_date)
        for record in selectors.round_history(round=closed_round)
    ] == [
        (organiser, AuditAction.ROUND_REOPENED, "Table 1 : donne en trop", LATER),
        (organiser, AuditAction.ROUND_CLOSED, "", NOW),
    ]
    # Its matches are untouched: they still count.
    assert match_state(table(closed_round, 1)) == TABLE_1_AS_PLAYED
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_reopening_a_round_discards_the_draft_of_the_next_one(tournament, closed_round, organiser):
    services.draw_round(tournament=tournament)
    late = TeamFactory(tournament=tournament, number=5, is_checked_in=True, first_round=3)

    reopening = services.reopen_round(
        round=closed_round, reason="Erreur de saisie", now=LATER, user=organiser
    )

    assert reopening.discarded_draft == 2
    assert list(tournament.rounds.values_list("number", "status")) == [(1, Round.Status.PUBLISHED)]
    # The team registered during the draft now joins from round 2, drawn again later.
    assert Team.objects.get(pk=late.pk).first_round == 2


def test_after_reopening_the_organiser_deletes_a_deal_replays_it_and_closes_again(
    tournament, closed_round, organiser
):
    match = table(closed_round, 1)
    services.reopen_round(
        round=closed_round, reason="Donne 2 mal saisie", now=LATER, user=organiser
    )
    author = services.Author(user=organiser)

    services.delete_deal(deal=deal(match, 2), reason="Mal saisie", now=LATER, author=author)
    code = refusal(lambda: services.close_round(round=closed_round, now=LATER))
    services.record_deal(match=match, entry=DealEntry("B", MORE), now=LATER, author=author)
    services.close_round(round=closed_round, now=LAST, user=organiser)

    assert code == ("matches_open", {"tables": (1,)})
    assert match_state(match)[:5] == (230, 270, 2, True, "B")
    assert standings(tournament) == [
        (1, 310, 1, 1, 190),
        (4, 270, 1, 1, 230),
        (3, 230, 1, 0, 270),
        (2, 190, 1, 0, 310),
    ]
    assert services.draw_round(tournament=tournament).number == 2


def test_after_reopening_the_organiser_may_unlock_a_table(closed_round, organiser):
    match = table(closed_round, 1)
    services.reopen_round(
        round=closed_round, reason="Litige à la table 1", now=LATER, user=organiser
    )

    services.unlock_match(match=match, reason="Litige", now=LATER, user=organiser)

    assert match_state(match)[5:] == (
        None,
        [(1, DealStatus.PENDING, 1, 190, 60), (2, DealStatus.PENDING, 1, 190, 60)],
    )
    assert refusal(lambda: services.close_round(round=closed_round, now=LAST)) == (
        "deals_unconfirmed",
        {"tables": (1,)},
    )


def test_reopening_needs_a_reason(closed_round, organiser):
    code = refusal(
        lambda: services.reopen_round(round=closed_round, reason=" ", now=LATER, user=organiser)
    )

    assert code == ("reason_required", {})
    closed_round.refresh_from_db()
    assert closed_round.status == Round.Status.CLOSED


@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.PUBLISHED])
def test_only_a_closed_round_can_be_reopened(tournament, organiser, status):
    round_ = services.draw_round(tournament=tournament, seed=SEED)
    if status == Round.Status.PUBLISHED:
        services.publish_round(round=round_, now=NOW)

    code = refusal(
        lambda: services.reopen_round(round=round_, reason="Erreur", now=LATER, user=organiser)
    )

    assert code == ("not_closed", {"number": 1})
    round_.refresh_from_db()
    assert round_.status == status


def test_a_round_cannot_be_reopened_once_the_next_one_is_published(
    tournament, closed_round, organiser
):
    services.publish_round(round=services.draw_round(tournament=tournament), now=LATER)

    code = refusal(
        lambda: services.reopen_round(round=closed_round, reason="Erreur", now=LAST, user=organiser)
    )

    assert code == ("next_round_published", {"number": 1, "next": 2})
    assert list(tournament.rounds.values_list("number", "status")) == [
        (1, Round.Status.CLOSED),
        (2, Round.Status.PUBLISHED),
    ]


@pytest.mark.parametrize(
    ("next_round", "expected"),
    [(None, True), (Round.Status.DRAFT, True), (Round.Status.PUBLISHED, False)],
)
def test_a_closed_round_is_reopenable_while_the_next_one_is_not_published(
    tournament, closed_round, next_round, expected
):
    if next_round is not None:
        draft = services.draw_round(tournament=tournament)
    if next_round == Round.Status.PUBLISHED:
        services.publish_round(round=draft, now=LATER)

    assert services.is_reopenable(round=closed_round) is expected


def test_a_published_round_is_not_reopenable(tournament):
    round_ = services.draw_round(tournament=tournament, seed=SEED)
    services.publish_round(round=round_, now=NOW)

    assert services.is_reopenable(round=round_) is False


def test_publishing_a_draft_discarded_meanwhile_is_refused(tournament, closed_round, organiser):
    draft = services.draw_round(tournament=tournament)
    services.reopen_round(round=closed_round, reason="Erreur", now=LATER, user=organiser)

    code = refusal(lambda: services.publish_round(round=draft, now=LAST))

    assert code == ("draft_discarded", {"number": 2})
    assert list(tournament.rounds.values_list("number", "status")) == [(1, Round.Status.PUBLISHED)]
