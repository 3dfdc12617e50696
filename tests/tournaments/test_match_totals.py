"""record_match_totals (tournaments/services/totals.py): a match recorded by the two totals
of its paper sheet, checked by the sheet's counts (RULES.md §G), and counted in the
standings, the byes and the draws like a match recorded deal by deal (RULES.md §E)."""

import datetime

import pytest
from django.utils import translation

import scoring
from tests.factories import ByeFactory, MatchFactory, RoundFactory, TeamFactory, UserFactory
from tournaments import selectors
from tournaments.forms.messages import service_error_message
from tournaments.models import DealEntry, Match, Round
from tournaments.services import (
    Author,
    Refusal,
    ServiceError,
    close_match_for_time,
    close_round,
    draw_round,
    record_deal,
    record_match_totals,
    reopen_match,
)

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=5)
#: The sample's round 1, table 1 (data/concours-belote-19-totals): 12 deals, 5 belotes.
SHEET = scoring.MatchTotals(969, 1075, 12, 0, 5, 0)
#: The same table typed one point short: 2043 where the counts say 2044.
ONE_SHORT = scoring.MatchTotals(969, 1074, 12, 0, 5, 0)
CLASSIC = {"round__tournament__rules_preset": "belote-sans-annonces"}
# belote-classique: made, taker 100 and defence 62 (RULES.md §B5.3).
CLASSIC_MADE = scoring.Deal(
    trump="S", contract=None, taker_card_points=100, defence_card_points=62, taker_tricks=5
)


def stored(match: Match) -> tuple:
    match.refresh_from_db()
    return (
        match.is_totals_only,
        match.total_a,
        match.total_b,
        match.sheet_deals_played,
        match.sheet_capots,
        match.sheet_belotes,
        match.sheet_declarations,
        match.deals_played,
        match.is_finished,
        match.result,
    )


def audit(match: Match) -> list[tuple]:
    """The match's history records that say what was done: action, who, when, why."""
    return list(
        Match.history.filter(id=match.pk)
        .exclude(audit_action="")
        .order_by("history_id")
        .values_list("audit_action", "history_user__username", "history_date", "audit_reason")
    )


@pytest.mark.django_db
def test_it_records_the_totals_and_finishes_the_match_with_its_result():
    match = MatchFactory(**CLASSIC)
    marie = UserFactory(username="marie")

    returned = record_match_totals(match=match, totals=SHEET, now=NOW, author=Author(user=marie))

    assert (returned.pk, stored(match)) == (
        match.pk,
        (True, 969, 1075, 12, 0, 5, 0, 12, True, "B"),
    )
    assert audit(match) == [("totals_recorded", "marie", NOW, "")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("totals", "result"),
    [
        (scoring.MatchTotals(1075, 969), "A"),
        (scoring.MatchTotals(1022, 1022), "draw"),
        (scoring.MatchTotals(0, 0), "draw"),
    ],
    ids=["a-wins", "equal-draw", "zero-draw"],
)
def test_the_team_with_more_points_wins_and_equal_totals_draw(totals, result):
    match = MatchFactory(**CLASSIC)

    record_match_totals(match=match, totals=totals, now=NOW)

    assert stored(match) == (
        True,
        totals.total_a,
        totals.total_b,
        None,
        None,
        None,
        None,
        0,
        True,
        result,
    )


@pytest.mark.django_db
def test_a_coinche_table_is_recorded_by_its_totals_without_a_sum_to_check():
    match = MatchFactory(round__tournament__rules_preset="ffb-coinche")

    record_match_totals(match=match, totals=scoring.MatchTotals(1800, 1210, 12), now=NOW)

    assert stored(match) == (True, 1800, 1210, 12, None, None, None, 12, True, "A")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("totals", "error"),
    [
        (
            scoring.MatchTotals(969, -1),
            scoring.TotalsError(scoring.TotalsField.TOTAL_B, "range", (("maximum", 99_999),)),
        ),
        (
            scoring.MatchTotals(969, 1075, 12, 13, 5),
            scoring.TotalsError(scoring.TotalsField.CAPOTS, "above_deals", (("deals", 12),)),
        ),
        (
            scoring.MatchTotals(969, 1075, 12, 0, 5, 40),
            scoring.TotalsError(scoring.TotalsField.DECLARATIONS, "not_allowed"),
        ),
    ],
    ids=["negative-total", "capots-above-deals", "declarations-under-sans-annonces"],
)
def test_a_field_the_engine_rejects_raises_invalid_totals_and_saves_nothing(totals, error):
    match = MatchFactory(**CLASSIC)

    with pytest.raises(scoring.InvalidTotals) as raised:
        record_match_totals(match=match, totals=totals, now=NOW, reason="Feuille relue")

    assert (raised.value.error, stored(match), audit(match)) == (
        error,
        (False, 0, 0, None, None, None, None, 0, False, ""),
        [],
    )


@pytest.mark.django_db
def test_a_sum_that_does_not_add_up_is_refused_without_a_reason_and_saves_nothing():
    match = MatchFactory(**CLASSIC)

    with pytest.raises(ServiceError) as raised:
        record_match_totals(match=match, totals=ONE_SHORT, now=NOW)

    with translation.override("fr"):
        message = service_error_message(raised.value.code, raised.value.params)
    assert (raised.value.code, raised.value.params) == (
        Refusal.TOTALS_MISMATCH,
        {
            "total": 2043,
            "expected": 2044,
            "deals_played": 12,
            "capots": 0,
            "belotes": 5,
            "declarations": 0,
        },
    )
    assert message == (
        "Les totaux font 2043, la feuille en annonce 2044 (162 × 12 + 20 × 5) : "
        "corrigez, ou indiquez la raison."
    )
    assert (stored(match)[0], audit(match)) == (False, [])


@pytest.mark.django_db
def test_a_sum_that_does_not_add_up_is_saved_with_the_organisers_reason_in_the_audit():
    match = MatchFactory(**CLASSIC)
    marie = UserFactory(username="marie")

    record_match_totals(
        match=match,
        totals=ONE_SHORT,
        now=NOW,
        author=Author(user=marie),
        reason="  Un point rayé sur la feuille, total signé par les deux tables  ",
    )

    assert stored(match) == (True, 969, 1074, 12, 0, 5, 0, 12, True, "B")
    assert audit(match) == [
        (
            "totals_recorded",
            "marie",
            NOW,
            "Un point rayé sur la feuille, total signé par les deux tables",
        )
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Round.Status.DRAFT, Round.Status.CLOSED])
def test_a_round_not_being_played_is_refused(status):
    match = MatchFactory(round__status=status, round__number=2, **CLASSIC)

    with pytest.raises(ServiceError) as raised:
        record_match_totals(match=match, totals=SHEET, now=NOW)

    assert (raised.value.code, raised.value.params, stored(match)[0]) == (
        Refusal.NOT_PUBLISHED,
        {"number": 2},
        False,
    )


@pytest.mark.django_db
def test_a_match_with_deals_is_refused_and_says_what_to_do():
    match = MatchFactory(table_number=4, **CLASSIC)
    record_deal(match=match, entry=DealEntry("A", CLASSIC_MADE), now=NOW)

    with pytest.raises(ServiceError) as raised:
        record_match_totals(match=match, totals=SHEET, now=NOW, reason="Feuille papier")

    with translation.override("fr"):
        message = service_error_message(raised.value.code, raised.value.params)
    assert (raised.value.code, message) == (
        Refusal.HAS_DEALS,
        "La table 4 a déjà des donnes : corrigez-les ou supprimez-les. Les totaux ne se "
        "saisissent que pour une table sans donne.",
    )
    assert stored(match) == (False, 100, 62, None, None, None, None, 1, False, "")


@pytest.mark.django_db
def test_a_deal_cannot_be_added_to_a_totals_only_match():
    match = MatchFactory(**CLASSIC)
    record_match_totals(match=match, totals=SHEET, now=NOW)

    with pytest.raises(ServiceError) as raised:
        record_deal(match=match, entry=DealEntry("A", CLASSIC_MADE), now=LATER)

    assert (raised.value.code, stored(match), match.deals.count()) == (
        Refusal.MATCH_FINISHED,
        (True, 969, 1075, 12, 0, 5, 0, 12, True, "B"),
        0,
    )


@pytest.mark.django_db
def test_correcting_the_totals_needs_a_reason():
    match = MatchFactory(**CLASSIC)
    record_match_totals(match=match, totals=SHEET, now=NOW)

    with pytest.raises(ServiceError) as raised:
        record_match_totals(match=match, totals=scoring.MatchTotals(1075, 969), now=LATER)

    assert (raised.value.code, stored(match)[1:3]) == (Refusal.REASON_REQUIRED, (969, 1075))


@pytest.mark.django_db
def test_a_second_call_corrects_the_totals_and_the_audit_keeps_both():
    match = MatchFactory(**CLASSIC)
    marie = UserFactory(username="marie")
    record_match_totals(match=match, totals=SHEET, now=NOW, author=Author(user=marie))

    record_match_totals(
        match=match,
        totals=scoring.MatchTotals(1075, 969, 12, 0, 5, 0),
        now=LATER,
        author=Author(user=marie),
        reason="Équipes inversées",
    )

    assert stored(match) == (True, 1075, 969, 12, 0, 5, 0, 12, True, "A")
    assert audit(match) == [
        ("totals_recorded", "marie", NOW, ""),
        ("totals_corrected", "marie", LATER, "Équipes inversées"),
    ]


@pytest.mark.django_db
def test_the_same_totals_again_change_nothing_and_add_no_record():
    match = MatchFactory(**CLASSIC)
    record_match_totals(match=match, totals=SHEET, now=NOW)
    records = Match.history.filter(id=match.pk).count()

    record_match_totals(match=match, totals=SHEET, now=LATER, reason="Vérifié")

    assert (Match.history.filter(id=match.pk).count(), audit(match)) == (
        records,
        [("totals_recorded", None, NOW, "")],
    )


@pytest.mark.django_db
def test_a_match_stopped_for_time_keeps_its_totals_when_it_is_reopened():
    match = MatchFactory(**CLASSIC)
    close_match_for_time(match=match, now=NOW)
    record_match_totals(match=match, totals=SHEET, now=NOW)

    reopen_match(match=match, now=LATER)

    assert stored(match) == (True, 969, 1075, 12, 0, 5, 0, 12, True, "B")


# --- Standings, byes, draws and closing, as for a detailed match (RULES.md §E, §G) ------


def standings(tournament) -> list[tuple]:
    return [
        (
            s.row.rank,
            s.row.number,
            s.row.points,
            s.row.matches_won,
            s.row.matches_drawn,
            s.row.points_against,
            s.row.byes,
        )
        for s in selectors.tournament_standings(tournament=tournament)
    ]


@pytest.fixture
def five_teams():
    """Round 1 of a classic concours of five teams: tables 1 (1 v 2) and 2 (3 v 4) and
    team 5's bye."""
    round_ = RoundFactory(tournament__rules_preset="belote-sans-annonces", number=1)
    tournament = round_.tournament
    teams = {number: TeamFactory(tournament=tournament, number=number) for number in range(1, 6)}
    for team in teams.values():
        team.is_checked_in = True
        team.save()
    tables = [
        MatchFactory(round=round_, table_number=1, team_a=teams[1], team_b=teams[2]),
        MatchFactory(round=round_, table_number=2, team_a=teams[3], team_b=teams[4]),
    ]
    ByeFactory(round=round_, team=teams[5])
    return round_, tables


@pytest.mark.django_db
def test_a_totals_only_match_counts_in_the_standings_and_the_byes_round_mean(five_teams):
    round_, (first, second) = five_teams
    record_match_totals(match=first, totals=SHEET, now=NOW)
    record_match_totals(match=second, totals=scoring.MatchTotals(1019, 985, 12, 0, 3, 0), now=NOW)

    rows = standings(round_.tournament)

    # The bye's credit is the mean of the four match totals: (969 + 1075 + 1019 + 985) / 4.
    assert rows == [
        (1, 2, 1075, 1, 0, 969, 0),
        (2, 3, 1019, 1, 0, 985, 0),
        (3, 5, 1012, 0, 0, 0, 1),
        (4, 4, 985, 0, 0, 1019, 0),
        (5, 1, 969, 0, 0, 1075, 0),
    ]


@pytest.mark.django_db
def test_a_totals_only_match_counts_like_the_same_match_recorded_deal_by_deal(five_teams):
    round_, (first, second) = five_teams
    record_match_totals(match=first, totals=scoring.MatchTotals(62, 262), now=NOW)
    second.round.tournament.match_format_value = 2
    second.round.tournament.save()
    for number, taker in ((1, "A"), (2, "B")):
        record_deal(match=second, entry=DealEntry(taker, CLASSIC_MADE), deal_number=number, now=NOW)

    rows = standings(round_.tournament)

    # Table 2 played 100/62 twice: 162 each; the bye gets (62 + 262 + 162 + 162) / 4,
    # and its points difference (+162) puts it before the drawn teams (0).
    assert rows == [
        (1, 2, 262, 1, 0, 62, 0),
        (2, 5, 162, 0, 0, 0, 1),
        (3, 3, 162, 0, 1, 162, 0),
        (4, 4, 162, 0, 1, 162, 0),
        (5, 1, 62, 0, 0, 262, 0),
    ]


@pytest.mark.django_db
def test_the_round_closes_with_a_totals_only_match_and_the_next_is_drawn_by_standings(
    five_teams,
):
    round_, (first, second) = five_teams
    record_match_totals(match=first, totals=SHEET, now=NOW)
    record_match_totals(match=second, totals=scoring.MatchTotals(1019, 985, 12, 0, 3, 0), now=NOW)

    closed = close_round(round=round_, now=LATER)
    drawn = draw_round(tournament=round_.tournament)

    # Standings 2, 3, 5, 4, 1: team 1, the lowest-ranked not yet exempt, has the bye
    # (RULES.md §E); then 2 v 3 and 5 v 4, no rematch.
    tables = [
        (m.table_number, m.team_a.number, m.team_b.number) for m in drawn.matches.order_by("pk")
    ]
    assert (closed.status, tables, [bye.team.number for bye in drawn.byes.all()]) == (
        Round.Status.CLOSED,
        [(1, 2, 3), (2, 5, 4)],
        [1],
    )


@pytest.mark.django_db
def test_a_correction_in_a_closed_round_draws_the_later_draft_again(five_teams):
    round_, (first, second) = five_teams
    record_match_totals(match=first, totals=SHEET, now=NOW)
    record_match_totals(match=second, totals=scoring.MatchTotals(1019, 985, 12, 0, 3, 0), now=NOW)
    close_round(round=round_, now=LATER)
    draw_round(tournament=round_.tournament)

    record_match_totals(
        match=first,
        totals=scoring.MatchTotals(1075, 969, 12, 0, 5, 0),
        now=LATER,
        reason="Équipes inversées",
    )

    # Corrected standings 1, 3, 5, 4, 2: team 2 now has the bye.
    draft = round_.tournament.rounds.get(number=2)
    tables = [
        (m.table_number, m.team_a.number, m.team_b.number) for m in draft.matches.order_by("pk")
    ]
    assert (draft.status, tables, [bye.team.number for bye in draft.byes.all()]) == (
        Round.Status.DRAFT,
        [(1, 1, 3), (2, 5, 4)],
        [2],
    )


@pytest.mark.django_db
def test_totals_that_cannot_be_true_are_refused_without_a_reason_naming_each_limit():
    match = MatchFactory(round__tournament__rules_preset="ffb-coinche")

    with pytest.raises(ServiceError) as raised:
        record_match_totals(match=match, totals=scoring.MatchTotals(1505, 1200, 13), now=NOW)

    assert (raised.value.code, raised.value.params) == (
        Refusal.TOTALS_IMPLAUSIBLE,
        {
            "limits": "most_deals,score_step,least_total",
            "deals_played": 13,
            "most_deals": 12,
            "score_step": 10,
            "score_a": 1505,
            "total": 2705,
            "least": 240,
            "lowest": 3120,
        },
    )
    assert (stored(match), audit(match)) == (
        (False, 0, 0, None, None, None, None, 0, False, ""),
        [],
    )


@pytest.mark.django_db
def test_totals_that_cannot_be_true_are_saved_with_the_organisers_reason():
    match = MatchFactory(
        round__tournament__rules_preset="ffb-coinche",
        round__tournament__match_format="target",
        round__tournament__match_format_value=2000,
    )

    record_match_totals(
        match=match, totals=scoring.MatchTotals(2010, 0, 0), now=NOW, reason="Forfait"
    )

    assert stored(match) == (True, 2010, 0, 0, None, None, None, 0, True, "A")
    assert [(action, reason) for action, _who, _when, reason in audit(match)] == [
        ("totals_recorded", "Forfait")
    ]
