"""A match's figures (belotes, capots, coinches made per team) stored on the match: every
writer of its deals or totals keeps them equal to a fresh computation from its deals, and
the standings read them there (selectors.standings)."""

import datetime

import pytest

import scoring
from tests.factories import MatchFactory, RoundFactory, TournamentFactory, UserFactory
from tests.played_concours import play_concours, play_paper_concours
from tournaments import selectors, services
from tournaments.archive import restore_tournament, tournament_archive
from tournaments.models import Deal, DealEntry, DealStatus, Match, Round, Tournament
from tournaments.services.scores import deals_figures
from tournaments.standings import MATCH_FIGURES_FIELDS, DealFigures, MatchFigures, match_figures

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
LATER = NOW + datetime.timedelta(hours=1)

#: A makes 80 coinched with its belote: a belote for A, no coinche made.
COINCHED_MADE = DealEntry(
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
)
#: B is chuted on 100 coinched, A defends with its belote: a belote and a coinche made for A.
COINCHED_CHUTE = DealEntry(
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
)
#: A bids and makes capot: a capot for A.
CAPOT = DealEntry(
    "A",
    scoring.Deal(
        trump="C", contract="capot", taker_card_points=252, defence_card_points=0, taker_tricks=8
    ),
)
#: B is chuted on 80 with its belote and no trick: a capot for A in defence, a belote for B.
DEFENCE_CAPOT = DealEntry(
    "B",
    scoring.Deal(
        trump="D",
        contract=80,
        taker_card_points=0,
        defence_card_points=252,
        taker_tricks=0,
        taker_belotes=1,
    ),
)
#: A makes 90: nothing to count.
MADE_90 = DealEntry(
    "A",
    scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
    ),
)
PASSED = DealEntry("A", None)
ENTRIES = [COINCHED_MADE, PASSED, COINCHED_CHUTE, CAPOT, DEFENCE_CAPOT]
#: What the five deals give.
FIGURES = MatchFigures(
    belotes_a=2, belotes_b=1, capots_a=2, capots_b=0, coinches_made_a=1, coinches_made_b=0
)


def stored(match: Match) -> MatchFigures:
    """Return the figures stored on ``match``, read again."""
    values = Match.objects.filter(pk=match.pk).values_list(*MATCH_FIGURES_FIELDS).get()
    return MatchFigures(*values)


def fresh(match: Match) -> MatchFigures:
    """Return the figures of ``match`` computed now from its stored deals."""
    return deals_figures(Deal.objects.filter(match=match))


def a_match(**settings) -> Match:
    tournament = TournamentFactory(match_format_value=12, **settings)
    return MatchFactory(round=RoundFactory(tournament=tournament, number=1))


def deal(match: Match, number: int) -> Deal:
    return Deal.objects.get(match=match, deal_number=number)


# The computation -------------------------------------------------------------------------


def figures_of(taker="A", *, passed=False, belotes=(0, 0), tricks=5, coinche="none", outcome=""):
    return DealFigures(taker, passed, *belotes, tricks, coinche, outcome)


def test_a_passed_deal_gives_nothing_and_no_deal_gives_zeros():
    assert match_figures([]) == MatchFigures()
    assert match_figures([figures_of(passed=True, tricks=0, coinche="coinche")]) == MatchFigures()


def test_belotes_capots_and_coinches_made_go_to_the_taker_or_the_defence():
    deals = [
        figures_of("B", belotes=(1, 2), tricks=8),
        figures_of("B", tricks=0, coinche="surcoinche", outcome="chute"),
        figures_of("A", tricks=3, coinche="coinche", outcome="chute"),
        figures_of("A", tricks=6, coinche="coinche", outcome="made"),
    ]

    assert match_figures(deals) == MatchFigures(
        belotes_a=2, belotes_b=1, capots_a=1, capots_b=1, coinches_made_a=1, coinches_made_b=1
    )


# Every writer ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_each_deal_recorded_keeps_the_figures_of_its_match():
    match = a_match()

    for entry in ENTRIES:
        services.record_deal(match=match, entry=entry, now=NOW)
        assert stored(match) == fresh(match)

    assert stored(match) == FIGURES


@pytest.mark.django_db
def test_deals_recorded_together_keep_the_figures_of_their_match():
    match = a_match()

    services.record_deals(match=match, entries=list(enumerate(ENTRIES, start=1)), now=NOW)

    assert (stored(match), fresh(match)) == (FIGURES, FIGURES)


@pytest.mark.django_db
def test_a_corrected_deal_and_a_deleted_one_keep_the_figures():
    match = a_match()
    services.record_deals(match=match, entries=list(enumerate(ENTRIES, start=1)), now=NOW)
    author = services.Author(user=UserFactory())

    services.correct_deal(
        deal=deal(match, 4), entry=MADE_90, version=1, now=LATER, author=author, reason="Erreur"
    )
    corrected = stored(match)
    assert corrected == fresh(match)
    services.delete_deal(deal=deal(match, 3), reason="Rejouée", now=LATER, author=author)

    assert (corrected, stored(match), fresh(match)) == (
        MatchFigures(belotes_a=2, belotes_b=1, capots_a=1, coinches_made_a=1),
        MatchFigures(belotes_a=1, belotes_b=1, capots_a=1),
        MatchFigures(belotes_a=1, belotes_b=1, capots_a=1),
    )


@pytest.mark.django_db
def test_totals_only_after_every_deal_was_deleted_leaves_no_figures():
    match = a_match(rules_preset="ffb-coinche")
    services.record_deals(match=match, entries=list(enumerate(ENTRIES, start=1)), now=NOW)
    author = services.Author(user=UserFactory())
    for number in range(1, len(ENTRIES) + 1):
        services.delete_deal(
            deal=deal(match, number), reason="Sur papier", now=LATER, author=author
        )

    services.record_match_totals(
        match=match, totals=scoring.MatchTotals(total_a=1200, total_b=800), now=LATER
    )

    assert (stored(match), fresh(match)) == (MatchFigures(), MatchFigures())


@pytest.mark.django_db
def test_the_paper_grid_keeps_the_figures_of_its_table():
    match = a_match(results_mode="paper")
    organiser = UserFactory()
    for number, entry in enumerate(ENTRIES, start=1):
        services.save_sheet_row(
            match=match,
            deal_number=number,
            entry=entry,
            version=None,
            now=NOW,
            user=organiser,
            reason="Saisie de la feuille",
        )
        assert stored(match) == fresh(match)

    services.save_sheet_row(
        match=match,
        deal_number=4,
        entry=MADE_90,
        version=1,
        now=LATER,
        user=organiser,
        reason="Erreur de saisie",
    )

    assert (
        stored(match)
        == fresh(match)
        == MatchFigures(belotes_a=2, belotes_b=1, capots_a=1, coinches_made_a=1)
    )


@pytest.mark.django_db
def test_a_phones_deal_keeps_the_figures_and_counts_once_confirmed():
    match = a_match()
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    links = selectors.match_links(match=match)

    services.submit_deal(seat=links["A"], entry=CAPOT, deal_number=1, now=NOW)
    assert stored(match) == fresh(match) == MatchFigures(capots_a=1)
    services.confirm_deals(seat=links["B"], now=LATER)

    assert deal(match, 1).status == DealStatus.CONFIRMED
    assert stored(match) == fresh(match) == MatchFigures(capots_a=1)


# Readers -----------------------------------------------------------------------------------


def team_figures(tournament: Tournament) -> list[tuple]:
    return [
        (standing.team.number, standing.figures)
        for standing in selectors.tournament_standings(tournament=tournament)
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("play", [play_concours, play_paper_concours])
def test_a_restored_archive_fills_the_figures_of_its_matches(play):
    tournament = play()
    before = team_figures(tournament)
    data = tournament_archive(tournament=tournament, now=LATER)
    restored = restore_tournament(data=data, now=LATER, name="Copie")

    matches = Match.objects.filter(round__tournament=restored)
    assert [stored(match) for match in matches] == [fresh(match) for match in matches]
    assert any(stored(match) != MatchFigures() for match in matches)
    assert team_figures(restored) == before


@pytest.mark.django_db
def test_the_standings_add_up_the_matches_figures_of_counted_matches_only():
    match = a_match()
    services.record_deals(match=match, entries=list(enumerate(ENTRIES, start=1)), now=NOW)
    Match.objects.filter(pk=match.pk).update(is_finished=True)
    other = MatchFactory(round=match.round, table_number=2)
    services.record_deal(match=other, entry=CAPOT, now=NOW)  # not finished: not counted
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.CLOSED)

    figures = dict(team_figures(match.round.tournament))

    assert (
        figures[match.team_a.number].belotes,
        figures[match.team_a.number].capots,
        figures[match.team_a.number].coinches_made,
        figures[match.team_b.number].belotes,
        figures[other.team_a.number].capots,
    ) == (2, 2, 1, 1, 0)
