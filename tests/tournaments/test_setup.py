"""Set-up services (tournaments/services/setup.py): create a tournament, change its
settings, and freeze those that shape scoring, draws and standings once round 1 is out."""

import dataclasses
import datetime

import pytest

import scoring
from tests.factories import ClubFactory, RoundFactory, TournamentFactory
from tournaments.models import Round, Tournament
from tournaments.services import (
    ServiceError,
    create_tournament,
    is_settings_frozen,
    update_tournament,
)

DATE = datetime.date(2026, 12, 20)


def settings_of(tournament):
    tournament.refresh_from_db()
    return {
        "name": tournament.name,
        "slug": tournament.slug,
        "date": tournament.date,
        "venue": tournament.venue,
        "rules_preset": tournament.rules_preset,
        "match_format": tournament.match_format,
        "match_format_value": tournament.match_format_value,
        "number_of_rounds": tournament.number_of_rounds,
        "bye_credit": tournament.bye_credit,
        "bye_credit_value": tournament.bye_credit_value,
        "bye_counts_as_win": tournament.bye_counts_as_win,
        "ranking": tournament.ranking,
        "tie_breaks": tournament.tie_breaks,
        "allows_no_trump_all_trump": tournament.allows_no_trump_all_trump,
    }


# create_tournament


@pytest.mark.django_db
def test_it_creates_a_tournament_of_a_club_with_its_settings():
    club = ClubFactory()

    tournament = create_tournament(
        club=club,
        settings={
            "name": "Concours de Noël",
            "date": DATE,
            "venue": "Salle Jean Moulin",
            "rules_preset": "belote-classique",
            "match_format": "target",
            "match_format_value": 1001,
            "number_of_rounds": 5,
            "bye_credit": "fixed",
            "bye_credit_value": 500,
            "bye_counts_as_win": True,
            "ranking": "wins-then-points",
            "tie_breaks": "points_difference,head_to_head",
            "allows_no_trump_all_trump": False,
        },
    )

    assert tournament.club == club
    assert settings_of(tournament) == {
        "name": "Concours de Noël",
        "slug": "concours-de-noel",
        "date": DATE,
        "venue": "Salle Jean Moulin",
        "rules_preset": "belote-classique",
        "match_format": "target",
        "match_format_value": 1001,
        "number_of_rounds": 5,
        "bye_credit": "fixed",
        "bye_credit_value": 500,
        "bye_counts_as_win": True,
        "ranking": "wins-then-points",
        "tie_breaks": "points_difference,head_to_head",
        "allows_no_trump_all_trump": False,
    }


@pytest.mark.django_db
def test_it_gives_a_new_tournament_a_slug_no_other_uses():
    club = ClubFactory()
    create_tournament(club=club, settings={"name": "Concours de Noël", "date": DATE})
    create_tournament(club=club, settings={"name": "Concours de Noel", "date": DATE})

    third = create_tournament(club=club, settings={"name": "Concours de NOËL !", "date": DATE})

    assert third.slug == "concours-de-noel-3"
    assert list(Tournament.objects.order_by("pk").values_list("slug", flat=True)) == [
        "concours-de-noel",
        "concours-de-noel-2",
        "concours-de-noel-3",
    ]


@pytest.mark.django_db
def test_it_gives_a_name_without_letters_a_slug():
    tournament = create_tournament(club=ClubFactory(), settings={"name": "!!!", "date": DATE})

    assert tournament.slug == "concours"


@pytest.mark.django_db
def test_it_refuses_a_tournament_name_already_taken():
    TournamentFactory(name="Concours de Noël")

    with pytest.raises(ServiceError) as refusal:
        create_tournament(club=ClubFactory(), settings={"name": "Concours de Noël", "date": DATE})

    assert (refusal.value.code, refusal.value.params) == ("tournament_exists", {})
    assert Tournament.objects.count() == 1


# is_settings_frozen


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("statuses", "is_frozen"),
    [
        ((), False),
        ((Round.Status.DRAFT,), False),
        ((Round.Status.PUBLISHED,), True),
        ((Round.Status.CLOSED,), True),
        ((Round.Status.CLOSED, Round.Status.DRAFT), True),
    ],
)
def test_it_freezes_the_settings_once_a_round_is_published(statuses, is_frozen):
    tournament = TournamentFactory()
    for number, status in enumerate(statuses, start=1):
        RoundFactory(tournament=tournament, number=number, status=status)

    result = is_settings_frozen(tournament)

    assert result is is_frozen


@pytest.mark.django_db
def test_it_stores_the_latest_version_of_the_preset_of_a_new_tournament(monkeypatch):
    latest = dataclasses.replace(scoring.get_ruleset("belote-classique"), version=2)
    monkeypatch.setitem(scoring.PRESETS, ("belote-classique", 2), latest)

    tournament = create_tournament(
        club=ClubFactory(),
        settings={"name": "Concours de Noël", "date": DATE, "rules_preset": "belote-classique"},
    )

    tournament.refresh_from_db()
    assert (tournament.rules_version, tournament.rules) == (2, latest)


# update_tournament


@pytest.mark.django_db
@pytest.mark.parametrize("status", [None, Round.Status.PUBLISHED, Round.Status.CLOSED])
def test_it_changes_the_name_date_and_venue_at_any_time(status):
    tournament = TournamentFactory(name="Concours d’hiver", slug="concours-d-hiver")
    if status is not None:
        RoundFactory(tournament=tournament, status=status)
    before = settings_of(tournament)

    update_tournament(
        tournament=tournament,
        settings={"name": "Grand concours d’hiver", "date": DATE, "venue": "Foyer rural"},
    )

    assert settings_of(tournament) == {
        **before,
        "name": "Grand concours d’hiver",
        "date": DATE,
        "venue": "Foyer rural",
    }


@pytest.mark.django_db
def test_a_new_preset_chosen_before_round_one_comes_in_its_latest_version(monkeypatch):
    tournament = TournamentFactory(rules_preset="ffb-coinche", rules_version=1)
    latest = dataclasses.replace(scoring.get_ruleset("ffb-contree"), version=2)
    monkeypatch.setitem(scoring.PRESETS, ("ffb-contree", 2), latest)

    update_tournament(tournament=tournament, settings={"rules_preset": "ffb-contree"})

    tournament.refresh_from_db()
    assert (tournament.rules_preset, tournament.rules_version) == ("ffb-contree", 2)


@pytest.mark.django_db
def test_keeping_the_preset_keeps_its_stored_version(monkeypatch):
    tournament = TournamentFactory(rules_preset="ffb-coinche", rules_version=1)
    latest = dataclasses.replace(scoring.get_ruleset("ffb-coinche"), version=2)
    monkeypatch.setitem(scoring.PRESETS, ("ffb-coinche", 2), latest)

    update_tournament(
        tournament=tournament, settings={"rules_preset": "ffb-coinche", "venue": "Foyer rural"}
    )

    tournament.refresh_from_db()
    assert (tournament.venue, tournament.rules_version) == ("Foyer rural", 1)


@pytest.mark.django_db
@pytest.mark.parametrize("status", [None, Round.Status.DRAFT])
def test_it_changes_the_rules_while_round_one_is_at_most_a_draft(status):
    tournament = TournamentFactory()
    if status is not None:
        RoundFactory(tournament=tournament, status=status)
    before = settings_of(tournament)

    update_tournament(
        tournament=tournament,
        settings={
            "rules_preset": "ffb-contree",
            "match_format": "target",
            "match_format_value": 2000,
            "number_of_rounds": 3,
            "ranking": "wins-then-points",
            "tie_breaks": "head_to_head",
        },
    )

    assert settings_of(tournament) == {
        **before,
        "rules_preset": "ffb-contree",
        "match_format": "target",
        "match_format_value": 2000,
        "number_of_rounds": 3,
        "ranking": "wins-then-points",
        "tie_breaks": "head_to_head",
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rules_preset", "belote-classique"),
        ("match_format", "target"),
        ("match_format_value", 8),
        ("number_of_rounds", 6),
        ("bye_credit", "zero"),
        ("bye_credit_value", 300),
        ("bye_counts_as_win", True),
        ("ranking", "wins-then-points"),
        ("tie_breaks", "points_difference"),
        ("allows_no_trump_all_trump", False),
    ],
)
def test_it_refuses_to_change_a_rule_once_round_one_is_published(field, value):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, status=Round.Status.PUBLISHED)
    before = settings_of(tournament)

    with pytest.raises(ServiceError) as refusal:
        update_tournament(tournament=tournament, settings={"venue": "Ailleurs", field: value})

    assert (refusal.value.code, refusal.value.params) == ("settings_frozen", {"field": field})
    assert settings_of(tournament) == before


@pytest.mark.django_db
def test_it_accepts_frozen_settings_given_again_unchanged():
    tournament = TournamentFactory(number_of_rounds=4, ranking="points")
    RoundFactory(tournament=tournament, status=Round.Status.CLOSED)
    before = settings_of(tournament)

    update_tournament(
        tournament=tournament,
        settings={"number_of_rounds": 4, "ranking": "points", "venue": "Foyer rural"},
    )

    assert settings_of(tournament) == {**before, "venue": "Foyer rural"}


@pytest.mark.django_db
def test_it_refuses_to_rename_a_tournament_to_a_name_already_taken():
    TournamentFactory(name="Concours de Noël")
    tournament = TournamentFactory(name="Concours d’hiver")
    before = settings_of(tournament)

    with pytest.raises(ServiceError) as refusal:
        update_tournament(
            tournament=tournament, settings={"name": "Concours de Noël", "venue": "Ailleurs"}
        )

    assert (refusal.value.code, refusal.value.params) == ("tournament_exists", {})
    assert settings_of(tournament) == before
