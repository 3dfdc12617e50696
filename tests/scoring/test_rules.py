"""The presets of RULES.md §B as data: ids, options, multipliers, contracts and trumps."""

from dataclasses import replace

import pytest

from scoring import (
    CAPOT,
    HIGHEST_CONTRACT,
    LOWEST_CONTRACT,
    PRESET_IDS,
    PRESETS,
    CoincheLevel,
    Counting,
    DealError,
    ErrorCode,
    InvalidDeal,
    RuleSet,
    Trump,
    get_ruleset,
    latest_version,
)

CONTRACT_PRESETS = ("ffb-coinche", "ffb-contree", "contree-points-faits", "contree-points-annonces")
CLASSIC_PRESETS = ("belote-classique", "belote-sans-annonces")
MULTIPLIERS = (
    (CoincheLevel.NONE, 1),
    (CoincheLevel.COINCHE, 2),
    (CoincheLevel.SURCOINCHE, 4),
)


def test_it_lists_the_six_presets_in_the_order_of_the_rules_table():
    ids = list(PRESET_IDS)

    assert ids == [
        "ffb-coinche",
        "ffb-contree",
        "contree-points-faits",
        "contree-points-annonces",
        "belote-classique",
        "belote-sans-annonces",
    ]


def test_it_keys_each_preset_by_its_own_id_and_version():
    pairs = [(key, (rules.id, rules.version)) for key, rules in PRESETS.items()]

    assert pairs == [(key, key) for key in PRESETS]


def test_it_holds_version_1_of_each_preset():
    keys = list(PRESETS)

    assert keys == [(ruleset_id, 1) for ruleset_id in PRESET_IDS]


EXPECTED_PRESETS = {
    "ffb-coinche": RuleSet(
        id="ffb-coinche",
        version=1,
        counting=Counting.FFB_COINCHE,
        has_declarations=True,
        allows_no_trump=True,
        allows_all_trump=True,
        has_contract=True,
        contract_min=80,
        contract_max=500,
        contract_step=10,
        allows_coinche=True,
        multipliers=MULTIPLIERS,
        rounds_to_ten=True,
        has_litige_reserve=False,
        needs_trick_after_belote_target=True,
    ),
    "ffb-contree": RuleSet(
        id="ffb-contree",
        version=1,
        counting=Counting.POINTS_MADE_AND_BID,
        has_declarations=False,
        allows_no_trump=True,
        allows_all_trump=True,
        has_contract=True,
        contract_min=80,
        contract_max=160,
        contract_step=10,
        allows_coinche=True,
        multipliers=MULTIPLIERS,
        rounds_to_ten=True,
        has_litige_reserve=False,
        needs_trick_after_belote_target=False,
    ),
    "contree-points-faits": RuleSet(
        id="contree-points-faits",
        version=1,
        counting=Counting.POINTS_MADE,
        has_declarations=False,
        allows_no_trump=True,
        allows_all_trump=True,
        has_contract=True,
        contract_min=80,
        contract_max=160,
        contract_step=10,
        allows_coinche=True,
        multipliers=MULTIPLIERS,
        rounds_to_ten=True,
        has_litige_reserve=False,
        needs_trick_after_belote_target=False,
    ),
    "contree-points-annonces": RuleSet(
        id="contree-points-annonces",
        version=1,
        counting=Counting.POINTS_BID,
        has_declarations=False,
        allows_no_trump=True,
        allows_all_trump=True,
        has_contract=True,
        contract_min=80,
        contract_max=160,
        contract_step=10,
        allows_coinche=True,
        multipliers=MULTIPLIERS,
        rounds_to_ten=False,
        has_litige_reserve=False,
        needs_trick_after_belote_target=False,
    ),
    "belote-classique": RuleSet(
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
        multipliers=MULTIPLIERS,
        rounds_to_ten=False,
        has_litige_reserve=True,
        needs_trick_after_belote_target=False,
    ),
    "belote-sans-annonces": RuleSet(
        id="belote-sans-annonces",
        version=1,
        counting=Counting.CLASSIC,
        has_declarations=False,
        allows_no_trump=False,
        allows_all_trump=False,
        has_contract=False,
        contract_min=80,
        contract_max=160,
        contract_step=10,
        allows_coinche=False,
        multipliers=MULTIPLIERS,
        rounds_to_ten=False,
        has_litige_reserve=True,
        needs_trick_after_belote_target=False,
    ),
}


@pytest.mark.parametrize("ruleset_id", list(EXPECTED_PRESETS))
def test_each_preset_holds_the_options_of_its_rules_section(ruleset_id):
    expected = EXPECTED_PRESETS[ruleset_id]

    rules = get_ruleset(ruleset_id)

    assert rules == expected


@pytest.mark.parametrize("ruleset_id", CONTRACT_PRESETS)
def test_it_multiplies_by_one_two_and_four_for_none_coinche_and_surcoinche(ruleset_id):
    rules = get_ruleset(ruleset_id)

    factors = [rules.multiplier(level) for level in CoincheLevel]

    assert factors == [1, 2, 4]


@pytest.mark.parametrize("ruleset_id", CLASSIC_PRESETS)
def test_it_multiplies_an_uncoinched_classic_deal_by_one(ruleset_id):
    rules = get_ruleset(ruleset_id)

    factor = rules.multiplier(CoincheLevel.NONE)

    assert factor == 1


@pytest.mark.parametrize(
    "ruleset_id", ("ffb-contree", "contree-points-faits", "contree-points-annonces")
)
def test_it_allows_contree_contracts_from_80_to_160_by_ten_then_capot(ruleset_id):
    rules = get_ruleset(ruleset_id)

    contracts = rules.allowed_contracts()

    assert contracts == (80, 90, 100, 110, 120, 130, 140, 150, 160, "capot")


def test_it_allows_ffb_coinche_contracts_from_80_to_500_by_ten_then_capot():
    rules = get_ruleset("ffb-coinche")

    contracts = rules.allowed_contracts()

    assert (contracts[:3], contracts[-3:], len(contracts)) == (
        (80, 90, 100),
        (490, 500, CAPOT),
        44,
    )


@pytest.mark.parametrize("ruleset_id", CLASSIC_PRESETS)
def test_it_allows_no_contract_in_classic_belote(ruleset_id):
    rules = get_ruleset(ruleset_id)

    contracts = rules.allowed_contracts()

    assert contracts == ()


@pytest.mark.parametrize("ruleset_id", CONTRACT_PRESETS)
def test_it_allows_every_trump_in_coinche_and_contree(ruleset_id):
    rules = get_ruleset(ruleset_id)

    allowed = {trump: rules.allows_trump(trump) for trump in Trump}

    assert allowed == {
        Trump.SPADES: True,
        Trump.HEARTS: True,
        Trump.DIAMONDS: True,
        Trump.CLUBS: True,
        Trump.NO_TRUMP: True,
        Trump.ALL_TRUMP: True,
    }


@pytest.mark.parametrize("ruleset_id", CLASSIC_PRESETS)
def test_it_allows_only_suit_trumps_in_classic_belote(ruleset_id):
    rules = get_ruleset(ruleset_id)

    allowed = {trump: rules.allows_trump(trump) for trump in Trump}

    assert allowed == {
        Trump.SPADES: True,
        Trump.HEARTS: True,
        Trump.DIAMONDS: True,
        Trump.CLUBS: True,
        Trump.NO_TRUMP: False,
        Trump.ALL_TRUMP: False,
    }


def test_it_tells_suit_trumps_from_sans_atout_and_tout_atout():
    kinds = {trump: trump.is_suit for trump in Trump}

    assert kinds == {
        Trump.SPADES: True,
        Trump.HEARTS: True,
        Trump.DIAMONDS: True,
        Trump.CLUBS: True,
        Trump.NO_TRUMP: False,
        Trump.ALL_TRUMP: False,
    }


def test_it_finds_each_preset_by_its_id():
    rules = get_ruleset("contree-points-faits")

    assert rules == EXPECTED_PRESETS["contree-points-faits"]


@pytest.mark.parametrize(("ruleset_id", "text"), [("coinche-maison", "coinche-maison"), ("", "")])
def test_it_rejects_an_unknown_ruleset_with_code_ruleset(ruleset_id, text):
    with pytest.raises(InvalidDeal) as info:
        get_ruleset(ruleset_id)

    assert info.value.error == DealError(ErrorCode.RULESET, "unknown", (("ruleset", text),))


def test_it_rejects_a_ruleset_id_that_is_not_text():
    with pytest.raises(InvalidDeal) as info:
        get_ruleset(["ffb-coinche"])

    assert info.value.error == DealError(
        ErrorCode.RULESET, "unknown", (("ruleset", "['ffb-coinche']"),)
    )


def test_it_rejects_an_unknown_ruleset_whatever_the_version_asked():
    with pytest.raises(InvalidDeal) as info:
        get_ruleset("coinche-maison", 1)

    assert info.value.error == DealError(
        ErrorCode.RULESET, "unknown", (("ruleset", "coinche-maison"),)
    )


@pytest.mark.parametrize("version", [0, 2, "1"])
def test_it_rejects_a_version_the_preset_does_not_have(version):
    with pytest.raises(InvalidDeal) as info:
        get_ruleset("ffb-coinche", version)

    assert info.value.error == DealError(
        ErrorCode.RULESET,
        "unknown_version",
        (("ruleset", "ffb-coinche"), ("version", str(version))),
    )


def test_it_says_the_version_in_the_message_of_an_unknown_version():
    with pytest.raises(InvalidDeal) as info:
        get_ruleset("ffb-coinche", 7)

    assert str(info.value) == "ruleset: unknown_version"


#: Version 2 of ffb-coinche as a rules change would add it: contracts up to 250.
FFB_COINCHE_2 = replace(EXPECTED_PRESETS["ffb-coinche"], version=2, contract_max=250)


def test_it_gives_a_stored_version_and_by_default_the_latest(monkeypatch):
    monkeypatch.setitem(PRESETS, ("ffb-coinche", 2), FFB_COINCHE_2)

    found = (
        get_ruleset("ffb-coinche", 1),
        get_ruleset("ffb-coinche"),
        get_ruleset("ffb-coinche", 2),
    )

    assert found == (EXPECTED_PRESETS["ffb-coinche"], FFB_COINCHE_2, FFB_COINCHE_2)


def test_it_names_the_newest_version_of_a_preset_as_its_latest(monkeypatch):
    monkeypatch.setitem(PRESETS, ("ffb-coinche", 2), FFB_COINCHE_2)

    versions = {ruleset_id: latest_version(ruleset_id) for ruleset_id in PRESET_IDS}

    assert versions == {
        "ffb-coinche": 2,
        "ffb-contree": 1,
        "contree-points-faits": 1,
        "contree-points-annonces": 1,
        "belote-classique": 1,
        "belote-sans-annonces": 1,
    }


def test_it_refuses_the_latest_version_of_an_unknown_preset():
    with pytest.raises(InvalidDeal) as info:
        latest_version("coinche-maison")

    assert info.value.error == DealError(
        ErrorCode.RULESET, "unknown", (("ruleset", "coinche-maison"),)
    )


def test_it_gives_the_range_of_contracts_any_preset_allows():
    contracts = (LOWEST_CONTRACT, HIGHEST_CONTRACT)

    assert contracts == (80, 500)
