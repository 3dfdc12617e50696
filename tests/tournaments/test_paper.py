"""Paper sheets typed at the desk (services/paper.py): a table's results mode, a row saved."""

import datetime

import pytest

import scoring
from tests.factories import MatchFactory, RoundFactory, TournamentFactory, UserFactory
from tournaments import selectors, services
from tournaments.models import AuditAction, Deal, DealEntry, DealStatus, Round

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(minutes=5)
#: 90 ♥ by the taker with 102 card points: 190 – 60.
MADE_90 = DealEntry(
    "A",
    scoring.Deal(
        trump="H", contract=90, taker_card_points=102, defence_card_points=60, taker_tricks=4
    ),
)
#: The same with 82 card points: chuted, 0 – 250.
CHUTED_90 = DealEntry(
    "A",
    scoring.Deal(
        trump="H", contract=90, taker_card_points=82, defence_card_points=80, taker_tricks=4
    ),
)


@pytest.fixture
def paper_match(db):
    tournament = TournamentFactory(results_mode="paper", match_format_value=12)
    return MatchFactory(round=RoundFactory(tournament=tournament))


def save_row(match, number, entry, *, now):  # noqa: ANN001, ANN201
    """Save row ``number`` of ``match``'s sheet as the desk's volunteer (no user) does."""
    return services.save_sheet_row(
        match=match,
        deal_number=number,
        entry=entry,
        version=None,
        now=now,
        user=None,
        reason="Saisie de la feuille",
    )


def test_a_table_follows_its_tournament_until_it_is_switched(db):
    tournament = TournamentFactory()
    match = MatchFactory(round=RoundFactory(tournament=tournament))

    before = match.is_paper
    services.update_tournament(tournament=tournament, settings={"results_mode": "paper"})
    match.refresh_from_db()
    after_tournament = match.is_paper
    services.set_match_results_mode(match=match, is_paper=False, now=NOW)
    match.refresh_from_db()

    assert (before, after_tournament, match.results_mode, match.is_paper) == (
        False,
        True,
        "phones",
        False,
    )


def test_switching_a_table_is_audited_and_keeps_what_was_entered(db):
    organiser = UserFactory(username="marie")
    match = MatchFactory()
    services.record_deal(match=match, entry=MADE_90, now=NOW)

    services.set_match_results_mode(match=match, is_paper=True, now=NOW, user=organiser)
    services.set_match_results_mode(match=match, is_paper=True, now=LATER, user=organiser)
    services.set_match_results_mode(match=match, is_paper=False, now=LATER, user=organiser)
    match.refresh_from_db()

    assert [
        (record.audit_action, record.history_user, record.history_date)
        for record in selectors.match_unlocks(match=match)
    ] == [
        (AuditAction.SWITCHED_TO_PHONES, organiser, LATER),
        (AuditAction.SWITCHED_TO_PAPER, organiser, NOW),
    ]
    assert (match.results_mode, match.total_a, match.total_b, match.deals.count()) == (
        "phones",
        190,
        60,
        1,
    )


def test_a_closed_rounds_table_cannot_be_switched(db):
    match = MatchFactory(round=RoundFactory(status=Round.Status.CLOSED, number=2))

    with pytest.raises(services.ServiceError) as refused:
        services.set_match_results_mode(match=match, is_paper=True, now=NOW)

    assert (refused.value.code, refused.value.params) == (
        services.Refusal.NOT_PUBLISHED,
        {"number": 2},
    )


def test_a_new_row_is_recorded_confirmed_by_the_organiser(paper_match):
    organiser = UserFactory(username="marie")

    saved = services.save_sheet_row(
        match=paper_match,
        deal_number=1,
        entry=MADE_90,
        version=None,
        now=NOW,
        user=organiser,
        reason="Saisie de la feuille",
    )
    record = saved.deal.history.get()

    assert (saved.is_changed, saved.deal.deal_number, saved.deal.status) == (
        True,
        1,
        DealStatus.CONFIRMED,
    )
    assert (saved.deal.total_a, saved.deal.total_b, saved.deal.entered_by_side) == (190, 60, "")
    assert (record.audit_action, record.history_user, record.audit_reason) == (
        AuditAction.ENTERED,
        organiser,
        "",
    )


def test_a_changed_row_is_corrected_with_the_reason_and_an_unchanged_one_is_left(paper_match):
    organiser = UserFactory(username="marie")
    first = services.save_sheet_row(
        match=paper_match,
        deal_number=1,
        entry=MADE_90,
        version=None,
        now=NOW,
        user=organiser,
        reason="Saisie de la feuille",
    )

    unchanged = services.save_sheet_row(
        match=paper_match,
        deal_number=1,
        entry=MADE_90,
        version=1,
        now=LATER,
        user=organiser,
        reason="Saisie de la feuille",
    )
    corrected = services.save_sheet_row(
        match=paper_match,
        deal_number=1,
        entry=CHUTED_90,
        version=1,
        now=LATER,
        user=organiser,
        reason="Saisie de la feuille",
    )
    paper_match.refresh_from_db()

    assert (unchanged.is_changed, corrected.is_changed, corrected.deal.version) == (
        False,
        True,
        2,
    )
    assert [
        (record.audit_action, record.audit_reason)
        for record in first.deal.history.order_by("history_date", "history_id")
    ] == [(AuditAction.ENTERED, ""), (AuditAction.CORRECTED, "Saisie de la feuille")]
    assert (paper_match.total_a, paper_match.total_b) == (0, 250)


def test_a_pending_phone_deal_is_confirmed_when_the_desk_saves_it(db):
    tournament = TournamentFactory()
    match = MatchFactory(round=RoundFactory(tournament=tournament))
    services.record_deal(match=match, entry=MADE_90, now=NOW, status=DealStatus.PENDING)
    services.set_match_results_mode(match=match, is_paper=True, now=NOW)

    saved = services.save_sheet_row(
        match=match,
        deal_number=1,
        entry=MADE_90,
        version=1,
        now=LATER,
        user=None,
        reason="Saisie de la feuille",
    )

    assert (saved.is_changed, saved.deal.status) == (True, DealStatus.CONFIRMED)


@pytest.mark.parametrize(
    ("version", "refusal", "params"),
    [
        (None, services.Refusal.STALE, {"number": 1}),
        (2, services.Refusal.STALE, {"number": 1}),
    ],
)
def test_a_row_sent_from_a_stale_screen_is_refused(paper_match, version, refusal, params):
    services.record_deal(match=paper_match, entry=MADE_90, now=NOW)

    with pytest.raises(services.ServiceError) as refused:
        services.save_sheet_row(
            match=paper_match,
            deal_number=1,
            entry=CHUTED_90,
            version=version,
            now=LATER,
            user=None,
            reason="Saisie de la feuille",
        )

    assert (refused.value.code, refused.value.params, Deal.objects.get().taker_card_points) == (
        refusal,
        params,
        102,
    )


def test_a_table_on_its_phones_takes_no_row_from_the_desk(db):
    match = MatchFactory(table_number=3)

    with pytest.raises(services.ServiceError) as refused:
        save_row(match, 1, MADE_90, now=NOW)

    assert (refused.value.code, refused.value.params, Deal.objects.count()) == (
        services.Refusal.NOT_PAPER,
        {"table": 3},
        0,
    )


def test_a_row_the_engine_refuses_saves_nothing(paper_match):
    wrong = DealEntry(
        "A",
        scoring.Deal(
            trump="H", contract=95, taker_card_points=102, defence_card_points=60, taker_tricks=4
        ),
    )

    with pytest.raises(scoring.InvalidDeal) as refused:
        save_row(paper_match, 1, wrong, now=NOW)

    assert (refused.value.error.code, Deal.objects.count()) == (scoring.ErrorCode.CONTRACT, 0)


def test_a_row_is_previewed_after_the_deals_before_it(paper_match):
    services.record_deal(match=paper_match, entry=MADE_90, now=NOW, deal_number=1)
    services.record_deal(match=paper_match, entry=MADE_90, now=NOW, deal_number=3)

    preview = selectors.preview_row_scores(match=paper_match, deal_number=2, entry=CHUTED_90)

    assert preview == selectors.RowScores(score_a=0, score_b=250, total_a=190, total_b=310)


def test_a_new_row_past_the_next_deal_is_refused_and_saves_nothing(paper_match):
    for number in (1, 2):
        services.record_deal(match=paper_match, entry=MADE_90, now=NOW, deal_number=number)

    with pytest.raises(services.ServiceError) as refused:
        save_row(paper_match, 5, MADE_90, now=LATER)
    paper_match.refresh_from_db()

    assert (refused.value.code, refused.value.params) == (
        services.Refusal.DEAL_NOT_NEXT,
        {"number": 5, "next": 3},
    )
    assert (Deal.objects.count(), paper_match.total_a, paper_match.total_b) == (2, 380, 120)


def test_the_first_row_typed_must_be_deal_1(paper_match):
    with pytest.raises(services.ServiceError) as refused:
        save_row(paper_match, 2, MADE_90, now=NOW)

    assert (refused.value.code, refused.value.params, Deal.objects.count()) == (
        services.Refusal.DEAL_NOT_NEXT,
        {"number": 2, "next": 1},
        0,
    )


def test_the_next_row_and_a_row_left_empty_by_a_deletion_are_recorded(paper_match):
    for number in (1, 2, 3):
        services.record_deal(match=paper_match, entry=MADE_90, now=NOW, deal_number=number)
    services.delete_deal(
        deal=paper_match.deals.get(deal_number=2),
        reason="Rejouée",
        now=NOW,
        author=services.Author(),
    )

    for number in (4, 2):
        save_row(paper_match, number, CHUTED_90, now=LATER)
    paper_match.refresh_from_db()

    assert list(
        paper_match.deals.order_by("deal_number").values_list("deal_number", "score_b")
    ) == [
        (1, 60),
        (2, 250),
        (3, 60),
        (4, 250),
    ]
    assert (paper_match.total_a, paper_match.total_b) == (380, 620)
