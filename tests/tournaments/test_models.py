"""The tournament models (tournaments/models/): the database constraints of each
Meta.constraints, which must hold on SQLite and PostgreSQL, and the model helpers."""

import dataclasses
import datetime

import pytest
from django.db import IntegrityError, transaction
from django.db.models import IntegerField
from django.utils import translation

import scoring
from scoring import CoincheLevel, Counting, FormatKind, MatchFormat, RuleSet, Trump
from tests.factories import (
    ByeFactory,
    ChallengeConcoursFactory,
    ChallengeFactory,
    ClubFactory,
    DealFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tournaments.models import (
    ENTRY_FIELDS,
    FIELD_RANGES,
    Challenge,
    ChallengeConcours,
    Deal,
    DealEntry,
    Match,
    MeleePlayer,
    Round,
    TableLink,
    Team,
    TeamLink,
    Tournament,
)

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)


def assert_refused(instance, *, check: str | None = None) -> None:
    """Assert that saving ``instance`` raises IntegrityError and adds no row.

    ``check`` names the check constraint the database must report; SQLite and PostgreSQL
    both put it in the message. Unique constraints are reported differently (SQLite names
    the columns), so they are checked by the error and the row count only.
    """
    model = type(instance)
    rows_before = model.objects.count()

    with pytest.raises(IntegrityError, match=check), transaction.atomic():
        instance.save()

    assert model.objects.count() == rows_before


def assert_saved(instance) -> None:
    """Assert that saving ``instance`` adds exactly one row."""
    model = type(instance)
    rows_before = model.objects.count()

    instance.save()

    assert model.objects.count() == rows_before + 1


# Tournament.


@pytest.mark.django_db
def test_it_refuses_a_second_tournament_with_the_same_name():
    TournamentFactory(name="Concours d'automne", slug="concours-d-automne")
    duplicate = TournamentFactory.build(name="Concours d'automne", slug="automne-bis", club=None)

    assert_refused(duplicate)


@pytest.mark.django_db
@pytest.mark.parametrize("number_of_rounds", [0, 21])
def test_it_refuses_a_tournament_with_fewer_than_1_or_more_than_20_rounds(number_of_rounds):
    tournament = TournamentFactory.build(number_of_rounds=number_of_rounds, club=None)

    assert_refused(tournament, check="tournament_rounds_range")


@pytest.mark.django_db
@pytest.mark.parametrize("number_of_rounds", [1, 20])
def test_it_accepts_a_tournament_of_1_to_20_rounds(number_of_rounds):
    tournament = TournamentFactory.build(number_of_rounds=number_of_rounds, club=None)

    assert_saved(tournament)


@pytest.mark.django_db
def test_it_refuses_a_match_format_value_of_zero():
    tournament = TournamentFactory.build(match_format_value=0, club=None)

    assert_refused(tournament, check="tournament_format_value_positive")


# Team.


@pytest.mark.django_db
def test_it_refuses_a_second_team_with_the_same_number_in_a_tournament():
    first = TeamFactory(number=7)
    duplicate = TeamFactory.build(tournament=first.tournament, number=7)

    assert_refused(duplicate)


@pytest.mark.django_db
def test_it_accepts_the_same_team_number_in_two_tournaments():
    TeamFactory(number=7)
    other = TeamFactory.build(tournament=TournamentFactory(), number=7)

    assert_saved(other)


@pytest.mark.django_db
def test_it_refuses_team_number_zero():
    team = TeamFactory.build(tournament=TournamentFactory(), number=0)

    assert_refused(team, check="team_number_positive")


@pytest.mark.django_db
def test_it_accepts_team_number_one():
    team = TeamFactory.build(tournament=TournamentFactory(), number=1)

    assert_saved(team)


# Round and bye.


@pytest.mark.django_db
def test_it_refuses_a_second_round_with_the_same_number_in_a_tournament():
    first = RoundFactory(number=2)
    duplicate = RoundFactory.build(tournament=first.tournament, number=2)

    assert_refused(duplicate)


@pytest.mark.django_db
def test_it_accepts_the_same_round_number_in_two_tournaments():
    RoundFactory(number=2)
    other = RoundFactory.build(tournament=TournamentFactory(), number=2)

    assert_saved(other)


@pytest.mark.django_db
def test_it_refuses_round_number_zero():
    round_ = RoundFactory.build(tournament=TournamentFactory(), number=0)

    assert_refused(round_, check="round_number_positive")


@pytest.mark.django_db
def test_it_refuses_a_second_bye_for_the_same_team_in_a_round():
    first = ByeFactory()
    duplicate = ByeFactory.build(round=first.round, team=first.team)

    assert_refused(duplicate)


# Match.


@pytest.mark.django_db
def test_it_refuses_a_second_match_at_the_same_table_in_a_round():
    first = MatchFactory(table_number=3)
    tournament = first.round.tournament
    duplicate = MatchFactory.build(
        round=first.round,
        table_number=3,
        team_a=TeamFactory(tournament=tournament),
        team_b=TeamFactory(tournament=tournament),
    )

    assert_refused(duplicate)


@pytest.mark.django_db
def test_it_accepts_the_same_table_number_in_another_round():
    first = MatchFactory(table_number=3)
    tournament = first.round.tournament
    other = MatchFactory.build(
        round=RoundFactory(tournament=tournament, number=2),
        table_number=3,
        team_a=first.team_a,
        team_b=first.team_b,
    )

    assert_saved(other)


@pytest.mark.django_db
def test_it_refuses_table_number_zero():
    round_ = RoundFactory()
    match = MatchFactory.build(
        round=round_,
        table_number=0,
        team_a=TeamFactory(tournament=round_.tournament),
        team_b=TeamFactory(tournament=round_.tournament),
    )

    assert_refused(match, check="match_table_positive")


@pytest.mark.django_db
def test_it_refuses_a_match_of_a_team_against_itself():
    round_ = RoundFactory()
    team = TeamFactory(tournament=round_.tournament)
    match = MatchFactory.build(round=round_, table_number=1, team_a=team, team_b=team)

    assert_refused(match, check="match_distinct_teams")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "check"),
    [
        pytest.param({"sheet_deals_played": 12}, "match_sheet_counts_totals_only", id="deals"),
        pytest.param({"sheet_capots": 0}, "match_sheet_counts_totals_only", id="capots"),
        pytest.param({"sheet_belotes": 3}, "match_sheet_counts_totals_only", id="belotes"),
        pytest.param(
            {"sheet_declarations": 20}, "match_sheet_counts_totals_only", id="declarations"
        ),
        pytest.param(
            {"is_totals_only": True, "sheet_deals_played": 100},
            "match_sheet_counts_range",
            id="deals-100",
        ),
        pytest.param(
            {"is_totals_only": True, "sheet_capots": 100},
            "match_sheet_counts_range",
            id="capots-100",
        ),
        pytest.param(
            {"is_totals_only": True, "sheet_belotes": 100},
            "match_sheet_counts_range",
            id="belotes-100",
        ),
        pytest.param(
            {"is_totals_only": True, "sheet_declarations": 100_000},
            "match_sheet_counts_range",
            id="declarations-100000",
        ),
    ],
)
def test_it_refuses_sheet_counts_on_a_match_with_deals_or_out_of_range(fields, check):
    round_ = RoundFactory()
    match = MatchFactory.build(
        round=round_,
        table_number=1,
        team_a=TeamFactory(tournament=round_.tournament),
        team_b=TeamFactory(tournament=round_.tournament),
        **fields,
    )

    assert_refused(match, check=check)


@pytest.mark.django_db
def test_it_accepts_a_totals_only_match_with_its_counts_at_their_highest():
    round_ = RoundFactory()
    match = MatchFactory.build(
        round=round_,
        table_number=1,
        team_a=TeamFactory(tournament=round_.tournament),
        team_b=TeamFactory(tournament=round_.tournament),
        is_totals_only=True,
        sheet_deals_played=99,
        sheet_capots=99,
        sheet_belotes=99,
        sheet_declarations=99_999,
    )

    assert_saved(match)


def test_a_match_gives_back_its_sheet_totals():
    match = MatchFactory.build(
        total_a=969, total_b=1075, sheet_deals_played=12, sheet_capots=0, sheet_belotes=5
    )

    totals = match.sheet_totals

    assert totals == scoring.MatchTotals(969, 1075, 12, 0, 5, None)


# Deal.


@pytest.mark.django_db
def test_it_refuses_a_second_deal_with_the_same_number_in_a_match():
    first = DealFactory(deal_number=4)
    duplicate = DealFactory.build(match=first.match, deal_number=4)

    assert_refused(duplicate)


@pytest.mark.django_db
def test_it_accepts_the_same_deal_number_in_another_match():
    DealFactory(deal_number=4)
    other = DealFactory.build(match=MatchFactory(), deal_number=4)

    assert_saved(other)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "check"),
    [
        pytest.param({"deal_number": 0}, "deal_number_positive", id="deal-number-0"),
        pytest.param(
            {"taker_card_points": 253, "defence_card_points": 0},
            "deal_card_points_range",
            id="taker-card-points-253",
        ),
        pytest.param(
            {"taker_card_points": 0, "defence_card_points": 253},
            "deal_card_points_range",
            id="defence-card-points-253",
        ),
        pytest.param({"taker_tricks": 9}, "deal_tricks_range", id="tricks-9"),
        pytest.param({"taker_belotes": 5}, "deal_belotes_range", id="taker-belotes-5"),
        pytest.param({"defence_belotes": 5}, "deal_belotes_range", id="defence-belotes-5"),
        pytest.param({"contract_value": 79}, "deal_contract_range", id="contract-79"),
        pytest.param({"contract_value": 501}, "deal_contract_range", id="contract-501"),
        pytest.param(
            {"is_capot_bid": True, "contract_value": 80},
            "deal_capot_bid_has_no_value",
            id="capot-bid-with-a-value",
        ),
    ],
)
def test_it_refuses_a_deal_with_an_input_out_of_range(fields, check):
    deal = DealFactory.build(match=MatchFactory(), **fields)

    assert_refused(deal, check=check)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"deal_number": 1}, id="deal-number-1"),
        pytest.param(
            {"taker_card_points": 252, "defence_card_points": 0, "taker_tricks": 8},
            id="taker-capot",
        ),
        pytest.param(
            {"taker_card_points": 0, "defence_card_points": 252, "taker_tricks": 0},
            id="defence-capot",
        ),
        pytest.param(
            {"trump": "TA", "taker_belotes": 4, "defence_belotes": 4}, id="four-belotes-each"
        ),
        pytest.param({"contract_value": 80}, id="contract-80"),
        pytest.param({"contract_value": 500}, id="contract-500"),
        pytest.param({"contract_value": None}, id="no-contract"),
        pytest.param({"is_capot_bid": True, "contract_value": None}, id="capot-bid"),
    ],
)
def test_it_accepts_a_deal_with_inputs_at_the_edges_of_their_ranges(fields):
    deal = DealFactory.build(match=MatchFactory(), **fields)

    assert_saved(deal)


# Helpers.


CLASSIC_VERSION_1 = RuleSet(
    id="belote-classique",
    version=1,
    counting=Counting.CLASSIC,
    has_declarations=True,
    allows_no_trump=False,
    allows_all_trump=False,
    has_contract=False,
    contract_min=80,
    contract_max=160,
    contract_step=10,
    allows_coinche=False,
    multipliers=(
        (CoincheLevel.NONE, 1),
        (CoincheLevel.COINCHE, 2),
        (CoincheLevel.SURCOINCHE, 4),
    ),
    rounds_to_ten=False,
    has_litige_reserve=True,
    needs_trick_after_belote_target=False,
)


def test_it_gives_the_engine_the_version_of_the_preset_the_tournament_stored(monkeypatch):
    version_2 = dataclasses.replace(CLASSIC_VERSION_1, version=2, has_litige_reserve=False)
    monkeypatch.setitem(scoring.PRESETS, ("belote-classique", 2), version_2)
    first = TournamentFactory.build(rules_preset="belote-classique", rules_version=1)
    second = TournamentFactory.build(rules_preset="belote-classique", rules_version=2)

    rules = (first.rules, second.rules)

    assert rules == (CLASSIC_VERSION_1, version_2)


def test_it_refuses_a_rules_version_the_engine_does_not_have():
    tournament = TournamentFactory.build(rules_preset="ffb-coinche", rules_version=3)

    with pytest.raises(scoring.InvalidDeal) as raised:
        tournament.rules  # noqa: B018 (the property raises)

    assert raised.value.error == scoring.DealError(
        scoring.ErrorCode.RULESET,
        "unknown_version",
        (("ruleset", "ffb-coinche"), ("version", "3")),
    )


def test_it_takes_sans_atout_and_tout_atout_away_when_the_tournament_refuses_them():
    tournament = TournamentFactory.build(
        rules_preset="ffb-coinche", allows_no_trump_all_trump=False
    )

    rules = tournament.rules

    assert rules == dataclasses.replace(
        scoring.get_ruleset("ffb-coinche", 1), allows_no_trump=False, allows_all_trump=False
    )


@pytest.mark.parametrize("allows", [True, False])
@pytest.mark.parametrize("key", sorted(scoring.PRESETS))
def test_the_rules_are_the_version_with_its_sa_ta_setting_for_every_preset(key, allows):
    preset, version = key
    tournament = TournamentFactory.build(
        rules_preset=preset, rules_version=version, allows_no_trump_all_trump=allows
    )
    stored = scoring.PRESETS[key]

    rules = tournament.rules

    assert rules == dataclasses.replace(
        stored,
        allows_no_trump=stored.allows_no_trump and allows,
        allows_all_trump=stored.allows_all_trump and allows,
    )


def test_the_rules_follow_a_changed_setting_preset_and_version(monkeypatch):
    tournament = TournamentFactory.build(
        rules_preset="ffb-coinche", rules_version=1, allows_no_trump_all_trump=False
    )
    first = tournament.rules
    tournament.allows_no_trump_all_trump = True
    second = tournament.rules
    tournament.allows_no_trump_all_trump = False
    unrounded = dataclasses.replace(scoring.get_ruleset("ffb-coinche", 1), rounds_to_ten=False)
    monkeypatch.setitem(scoring.PRESETS, ("ffb-coinche", 1), unrounded)
    third = tournament.rules
    tournament.rules_preset, tournament.rules_version = "belote-classique", 1
    fourth = tournament.rules

    assert [
        (rules.id, rules.allows_no_trump, rules.allows_all_trump, rules.rounds_to_ten)
        for rules in (first, second, third, fourth)
    ] == [
        ("ffb-coinche", False, False, True),
        ("ffb-coinche", True, True, True),
        ("ffb-coinche", False, False, False),
        ("belote-classique", False, False, False),
    ]


@pytest.mark.parametrize(
    ("match_format", "value", "expected"),
    [
        ("deals", 12, MatchFormat(FormatKind.DEALS, 12)),
        ("target", 2000, MatchFormat(FormatKind.TARGET, 2000)),
    ],
)
def test_it_gives_the_engine_match_format(match_format, value, expected):
    tournament = TournamentFactory.build(match_format=match_format, match_format_value=value)

    engine_format = tournament.engine_match_format

    assert engine_format == expected


def test_it_defaults_to_a_match_of_12_deals():
    tournament = TournamentFactory.build()

    engine_format = tournament.engine_match_format

    assert engine_format == MatchFormat(FormatKind.DEALS, 12)


@pytest.mark.parametrize(
    ("contract_value", "is_capot_bid", "expected"),
    [
        pytest.param(110, False, 110, id="value"),
        pytest.param(None, True, "capot", id="capot"),
        pytest.param(None, False, None, id="classic"),
    ],
)
def test_it_gives_the_contract_as_the_engine_takes_it(contract_value, is_capot_bid, expected):
    deal = DealFactory.build(contract_value=contract_value, is_capot_bid=is_capot_bid)

    contract = deal.contract

    assert contract == expected


def test_it_gives_no_engine_deal_for_a_passed_deal():
    deal = DealFactory.build(is_passed=True, trump="", contract_value=None)

    engine_deal = deal.to_engine()

    assert engine_deal is None


@pytest.mark.django_db
def test_it_gives_the_engine_deal_of_a_stored_deal():
    stored = DealFactory(
        trump="S",
        contract_value=None,
        is_capot_bid=True,
        coinche_level="coinche",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        taker_belotes=1,
        defence_belotes=0,
        taker_declarations=50,
        defence_declarations=0,
    )
    deal = Deal.objects.get(pk=stored.pk)

    engine_deal = deal.to_engine()

    assert engine_deal == scoring.Deal(
        trump=Trump.SPADES,
        contract="capot",
        taker_card_points=252,
        defence_card_points=0,
        taker_tricks=8,
        coinche=CoincheLevel.COINCHE,
        taker_belotes=1,
        defence_belotes=0,
        taker_declarations=50,
        defence_declarations=0,
    )


def test_it_gives_the_engine_deal_of_a_classic_deal_without_a_contract():
    deal = DealFactory.build(
        trump="H",
        contract_value=None,
        taker_card_points=81,
        defence_card_points=81,
        taker_tricks=4,
        defence_belotes=1,
        defence_declarations=20,
    )

    engine_deal = deal.to_engine()

    assert engine_deal == scoring.Deal(
        trump=Trump.HEARTS,
        contract=None,
        taker_card_points=81,
        defence_card_points=81,
        taker_tricks=4,
        coinche=CoincheLevel.NONE,
        taker_belotes=0,
        defence_belotes=1,
        taker_declarations=0,
        defence_declarations=20,
    )


@pytest.mark.parametrize(
    ("is_finished", "stopped_for_time_at", "expected"),
    [
        pytest.param(False, None, False, id="in-play"),
        pytest.param(True, None, True, id="finished"),
        pytest.param(False, NOW, True, id="closed-for-time"),
        pytest.param(True, NOW, True, id="finished-and-closed"),
    ],
)
def test_it_tells_whether_a_match_is_complete(is_finished, stopped_for_time_at, expected):
    match = MatchFactory.build(is_finished=is_finished, stopped_for_time_at=stopped_for_time_at)

    is_complete = match.is_complete

    assert is_complete is expected


def test_it_prints_both_players_of_a_team():
    team = TeamFactory.build(player_1="Monique Simon", player_2="Raymond Bertrand")

    players = team.players

    assert players == "Monique Simon / Raymond Bertrand"


def build_deal_at(*, tournament_name: str, round_number: int, table: int, deal_number: int):
    tournament = TournamentFactory.build(name=tournament_name)
    round_ = RoundFactory.build(tournament=tournament, number=round_number)
    match = MatchFactory.build(round=round_, table_number=table)
    return DealFactory.build(match=match, deal_number=deal_number)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fr",
            [
                "Concours d'automne",
                "Concours d'automne – partie 2",
                "Concours d'automne – partie 2 – table 3",
                "Concours d'automne – partie 2 – table 3 – donne 5",
            ],
        ),
        (
            "en",
            [
                "Concours d'automne",
                "Concours d'automne – round 2",
                "Concours d'automne – round 2 – table 3",
                "Concours d'automne – round 2 – table 3 – deal 5",
            ],
        ),
    ],
)
def test_it_names_a_tournament_round_match_and_deal_in_the_active_language(language, expected):
    deal = build_deal_at(
        tournament_name="Concours d'automne", round_number=2, table=3, deal_number=5
    )

    with translation.override(language):
        names = [
            str(deal.match.round.tournament),
            str(deal.match.round),
            str(deal.match),
            str(deal),
        ]

    assert names == expected


def test_it_names_a_club_a_team_and_a_bye():
    club = ClubFactory.build(name="Amicale de Saint-Étienne")
    tournament = TournamentFactory.build(name="Concours d'automne", club=club)
    team = TeamFactory.build(
        tournament=tournament, number=7, player_1="Pascal Durand", player_2="Pascal Fournier"
    )
    bye = ByeFactory.build(round=RoundFactory.build(tournament=tournament, number=3), team=team)

    with translation.override("fr"):
        names = [str(club), str(team), str(bye)]

    assert names == [
        "Amicale de Saint-Étienne",
        "7 – Pascal Durand / Pascal Fournier",
        "Concours d'automne – partie 3 – 7 – Pascal Durand / Pascal Fournier",
    ]


def test_the_entry_fields_store_every_input_of_the_engines_deal_and_nothing_else():
    stored_as = {"contract": {"is_capot_bid", "contract_value"}, "coinche": {"coinche_level"}}
    engine_inputs = set()
    for field in dataclasses.fields(scoring.Deal):
        engine_inputs |= stored_as.get(field.name, {field.name})

    entry_fields = set(ENTRY_FIELDS)

    assert entry_fields == engine_inputs | {
        "taker",
        "is_passed",
        "taker_declarations_text",
        "defence_declarations_text",
    }
    assert len(ENTRY_FIELDS) == len(entry_fields)


@pytest.mark.parametrize(
    "entry",
    [
        DealEntry(
            "B",
            scoring.Deal(
                trump="TA",
                contract="capot",
                taker_card_points=252,
                defence_card_points=0,
                taker_tricks=8,
                coinche="surcoinche",
                taker_belotes=2,
                defence_belotes=1,
                taker_declarations=150,
            ),
            ("carre:9;tierce:KH", ""),
        ),
        DealEntry(
            "A",
            scoring.Deal(
                trump="H",
                contract=90,
                taker_card_points=100,
                defence_card_points=62,
                taker_tricks=5,
            ),
        ),
        DealEntry("A", None),
    ],
    ids=["capot-bid", "contract", "passed"],
)
def test_a_deal_gives_back_the_entry_it_stored(entry):
    deal = DealFactory.build()

    deal.set_entry(entry)

    assert deal.entry == entry


def test_a_passed_entry_clears_what_the_deal_stored_before():
    deal = DealFactory.build(taker_declarations_text="tierce:KH", taker_belotes=1)

    deal.set_entry(DealEntry("B", None))

    assert {name: getattr(deal, name) for name in ENTRY_FIELDS} == {
        "taker": "B",
        "is_passed": True,
        "trump": "",
        "is_capot_bid": False,
        "contract_value": None,
        "coinche_level": "none",
        "taker_tricks": 0,
        "taker_card_points": 0,
        "defence_card_points": 0,
        "taker_belotes": 0,
        "defence_belotes": 0,
        "taker_declarations": 0,
        "defence_declarations": 0,
        "taker_declarations_text": "",
        "defence_declarations_text": "",
    }


# Integer ranges (tournaments/models/bounds.py, migrations 0010 for a paper sheet's counts
# and 0011 for the others): every integer field is bounded, well inside PostgreSQL's columns.

#: ``(model, field): (smallest, largest)``, written out: the ranges a concours can hold.
EXPECTED_RANGES = {
    ("tournament", "rules_version"): (1, 999),
    ("tournament", "match_format_value"): (1, 9999),
    ("tournament", "number_of_rounds"): (1, 20),
    ("tournament", "bye_credit_value"): (0, 9999),
    ("tournament", "match_points_win"): (0, 99),
    ("tournament", "match_points_draw"): (0, 99),
    ("tournament", "match_points_loss"): (0, 99),
    ("tournament", "match_points_bye"): (0, 99),
    ("challenge", "points_win"): (0, 9999),
    ("challenge", "points_draw"): (0, 9999),
    ("challenge", "points_loss"): (0, 9999),
    ("challenge", "points_bye"): (0, 9999),
    ("challenge", "best_of"): (1, 999),
    ("challenge", "minimum"): (1, 999),
    ("challengeconcours", "position"): (1, 999),
    ("team", "number"): (1, 9999),
    ("team", "lot"): (0, 999_999),
    ("team", "first_round"): (1, 21),
    ("team", "withdrawn_from_round"): (1, 21),
    ("round", "number"): (1, 20),
    ("round", "seed"): (0, 2**62 - 1),
    ("match", "table_number"): (1, 4999),
    ("match", "total_a"): (-999_999, 999_999),
    ("match", "total_b"): (-999_999, 999_999),
    ("match", "reserve"): (0, 999_999),
    ("match", "deals_played"): (0, 999),
    ("match", "sheet_deals_played"): (0, 99),
    ("match", "sheet_capots"): (0, 99),
    ("match", "sheet_belotes"): (0, 99),
    ("match", "sheet_declarations"): (0, 99_999),
    ("match", "belotes_a"): (0, 3996),
    ("match", "belotes_b"): (0, 3996),
    ("match", "capots_a"): (0, 999),
    ("match", "capots_b"): (0, 999),
    ("match", "coinches_made_a"): (0, 999),
    ("match", "coinches_made_b"): (0, 999),
    ("match", "results_count"): (0, 2**62 - 1),
    ("deal", "deal_number"): (1, 999),
    ("deal", "contract_value"): (80, 500),
    ("deal", "taker_card_points"): (0, 252),
    ("deal", "defence_card_points"): (0, 252),
    ("deal", "taker_tricks"): (0, 8),
    ("deal", "taker_belotes"): (0, 4),
    ("deal", "defence_belotes"): (0, 4),
    ("deal", "taker_declarations"): (0, 550),
    ("deal", "defence_declarations"): (0, 550),
    ("deal", "taker_score"): (-99_999, 99_999),
    ("deal", "defence_score"): (-99_999, 99_999),
    ("deal", "reserve"): (0, 99_999),
    ("deal", "score_a"): (-99_999, 99_999),
    ("deal", "score_b"): (-99_999, 99_999),
    ("deal", "total_a"): (-999_999, 999_999),
    ("deal", "total_b"): (-999_999, 999_999),
    ("deal", "rules_version"): (1, 999),
    ("deal", "version"): (1, 2_000_000_000),
    ("tablelink", "pin_failures"): (0, 999),
    ("teamlink", "pin_failures"): (0, 999),
    ("meleeplayer", "number"): (1, 9999),
    ("meleeplayer", "lot"): (0, 999_999),
}


def test_every_integer_field_of_the_models_has_its_range():
    integer_fields = {
        (model._meta.model_name, field.name)
        for model in (
            Tournament,
            Team,
            MeleePlayer,
            Round,
            Match,
            Deal,
            TableLink,
            TeamLink,
            Challenge,
            ChallengeConcours,
        )
        for field in model._meta.concrete_fields
        if isinstance(field, IntegerField) and not field.primary_key
    }

    ranges = {
        (model, field): bounds
        for model, fields in FIELD_RANGES.items()
        for field, bounds in fields.items()
    }

    assert (ranges, set(ranges)) == (EXPECTED_RANGES, integer_fields)


def _with(model: str, **fields):
    """Return an unsaved valid row of ``model`` with ``fields``; its parents are saved."""
    if model == "tournament":
        return TournamentFactory.build(club=None, **fields)
    if model == "team":
        return TeamFactory.build(tournament=TournamentFactory(), **fields)
    if model == "meleeplayer":
        fields.setdefault("number", 1)
        return MeleePlayer(tournament=TournamentFactory(), name="Josette Vincent", **fields)
    if model == "round":
        return RoundFactory.build(tournament=TournamentFactory(), **fields)
    if model == "match":
        tournament = TournamentFactory()
        # Only a match recorded by its totals has a sheet's counts (RULES.md §G).
        is_totals_only = any(name.startswith("sheet_") for name in fields)
        return MatchFactory.build(
            round=RoundFactory(tournament=tournament),
            team_a=TeamFactory(tournament=tournament),
            team_b=TeamFactory(tournament=tournament),
            is_totals_only=is_totals_only,
            **fields,
        )
    if model == "deal":
        return DealFactory.build(match=MatchFactory(), **fields)
    if model == "challenge":
        return ChallengeFactory.build(club=ClubFactory(), **fields)
    if model == "challengeconcours":
        return ChallengeConcoursFactory.build(
            challenge=ChallengeFactory(), tournament=TournamentFactory(), **fields
        )
    if model == "teamlink":
        team = TeamFactory()
        return TeamLink(tournament=team.tournament, team=team, pin="1234", created_at=NOW, **fields)
    return TableLink(match=MatchFactory(), side="A", pin="1234", created_at=NOW, **fields)


#: ``(model, field, value, check)``: one past each bound, and the constraint refusing it.
#: Card points, tricks, belotes, contracts and the positive values of other fields were
#: refused already (above, and by the positive columns).
OUT_OF_RANGE = [
    ("tournament", "rules_version", 0, "tournament_rules_version_range"),
    ("tournament", "rules_version", 1000, "tournament_rules_version_range"),
    ("tournament", "match_format_value", 10_000, "tournament_format_value_max"),
    ("tournament", "bye_credit_value", 10_000, "tournament_bye_credit_max"),
    ("tournament", "match_points_win", 100, "tournament_match_points_range"),
    ("tournament", "match_points_bye", 100, "tournament_match_points_range"),
    ("challenge", "points_win", 10_000, "challenge_formula_range"),
    ("challenge", "points_bye", 10_000, "challenge_formula_range"),
    ("challenge", "minimum", 0, "challenge_formula_range"),
    ("challenge", "minimum", 1000, "challenge_formula_range"),
    ("challenge", "best_of", 0, "challenge_best_of_range"),
    ("challenge", "best_of", 1000, "challenge_best_of_range"),
    ("challengeconcours", "position", 0, "challenge_concours_position_range"),
    ("challengeconcours", "position", 1000, "challenge_concours_position_range"),
    ("team", "number", 10_000, "team_number_max"),
    ("team", "lot", 1_000_000, "team_lot_max"),
    ("team", "first_round", 0, "team_first_round_range"),
    ("team", "first_round", 22, "team_first_round_range"),
    ("team", "withdrawn_from_round", 0, "team_withdrawn_round_range"),
    ("team", "withdrawn_from_round", 22, "team_withdrawn_round_range"),
    ("meleeplayer", "number", 10_000, "meleeplayer_number_max"),
    ("meleeplayer", "lot", 1_000_000, "meleeplayer_lot_max"),
    ("round", "number", 21, "round_number_max"),
    ("round", "seed", -1, "round_seed_range"),
    ("round", "seed", 2**62, "round_seed_range"),
    ("match", "table_number", 5000, "match_table_max"),
    ("match", "total_a", -1_000_000, "match_total_a_range"),
    ("match", "total_a", 1_000_000, "match_total_a_range"),
    ("match", "total_b", -1_000_000, "match_total_b_range"),
    ("match", "total_b", 1_000_000, "match_total_b_range"),
    ("match", "reserve", 1_000_000, "match_reserve_max"),
    ("match", "deals_played", 1000, "match_deals_played_max"),
    ("match", "sheet_deals_played", 100, "match_sheet_counts_range"),
    ("match", "sheet_capots", 100, "match_sheet_counts_range"),
    ("match", "sheet_belotes", 100, "match_sheet_counts_range"),
    ("match", "sheet_declarations", 100_000, "match_sheet_counts_range"),
    ("match", "belotes_a", 3997, "match_figures_range"),
    ("match", "belotes_b", 3997, "match_figures_range"),
    ("match", "capots_a", 1000, "match_figures_range"),
    ("match", "capots_b", 1000, "match_figures_range"),
    ("match", "coinches_made_a", 1000, "match_figures_range"),
    ("match", "coinches_made_b", 1000, "match_figures_range"),
    ("match", "results_count", 2**62, "match_results_count_max"),
    ("deal", "deal_number", 1000, "deal_number_max"),
    ("deal", "taker_declarations", 551, "deal_taker_declarations_max"),
    ("deal", "defence_declarations", 551, "deal_defence_declarations_max"),
    ("deal", "taker_score", -100_000, "deal_taker_score_range"),
    ("deal", "taker_score", 100_000, "deal_taker_score_range"),
    ("deal", "defence_score", -100_000, "deal_defence_score_range"),
    ("deal", "defence_score", 100_000, "deal_defence_score_range"),
    ("deal", "reserve", 100_000, "deal_reserve_max"),
    ("deal", "score_a", -100_000, "deal_score_a_range"),
    ("deal", "score_a", 100_000, "deal_score_a_range"),
    ("deal", "score_b", -100_000, "deal_score_b_range"),
    ("deal", "score_b", 100_000, "deal_score_b_range"),
    ("deal", "total_a", -1_000_000, "deal_total_a_range"),
    ("deal", "total_a", 1_000_000, "deal_total_a_range"),
    ("deal", "total_b", -1_000_000, "deal_total_b_range"),
    ("deal", "total_b", 1_000_000, "deal_total_b_range"),
    ("deal", "rules_version", 0, "deal_rules_version_range"),
    ("deal", "rules_version", 1000, "deal_rules_version_range"),
    ("deal", "version", 0, "deal_version_range"),
    ("deal", "version", 2_000_000_001, "deal_version_range"),
    ("tablelink", "pin_failures", 1000, "table_link_pin_failures_max"),
    ("teamlink", "pin_failures", 1000, "team_link_pin_failures_max"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("model", "field", "value", "check"),
    OUT_OF_RANGE,
    ids=[f"{model}-{field}-{value}" for model, field, value, _ in OUT_OF_RANGE],
)
def test_it_refuses_an_integer_out_of_its_range(model, field, value, check):
    row = _with(model, **{field: value})

    assert_refused(row, check=check)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("model", "field", "value"),
    [
        (model, field, value)
        for (model, field), bounds in EXPECTED_RANGES.items()
        for value in bounds
        # A deal's card points and tricks must also agree with each other.
        if field not in ("taker_card_points", "defence_card_points", "taker_tricks")
    ],
)
def test_it_accepts_an_integer_at_either_end_of_its_range(model, field, value):
    row = _with(model, **{field: value})

    assert_saved(row)
