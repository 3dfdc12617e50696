"""Season challenge services (tournaments/services/challenges.py, RULES.md §I): create,
rename, add and remove concours; every refusal with its French message, nothing saved."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.challenge_data import concours, two_concours
from tests.factories import ChallengeFactory, ClubFactory, RoundFactory
from tournaments import services
from tournaments.forms.messages import service_error_message
from tournaments.models import Challenge, ChallengeConcours, Round, parse_rank_points


def refusal_text(error: services.ServiceError) -> str:
    with translation.override("fr"):
        return service_error_message(error.code, error.params)


def positions(challenge) -> list[tuple[str, int]]:
    return list(
        ChallengeConcours.objects.filter(challenge=challenge)
        .order_by("position")
        .values_list("tournament__slug", "position")
    )


@pytest.fixture
def season(db):
    club, first, second, _records = two_concours()
    return club, first, second


def test_it_creates_a_challenge_with_its_formula_and_no_concours(season):
    club, _first, _second = season

    challenge = services.create_challenge(
        club=club, name="Challenge 2026", formula={"points_win": 3, "rank_points": "5, 3"}
    )

    assert (
        challenge.slug,
        challenge.points_win,
        challenge.rank_points_values,
        challenge.best_of,
        challenge.minimum,
        positions(challenge),
    ) == ("challenge-2026", 3, (5, 3), None, 1, [])


def test_a_second_challenge_of_the_same_name_in_the_club_is_refused(season):
    club, _first, _second = season
    services.create_challenge(club=club, name="Challenge 2026", formula={})

    with pytest.raises(services.ServiceError) as refused:
        services.create_challenge(club=club, name="Challenge 2026", formula={})

    assert (refusal_text(refused.value), Challenge.objects.count()) == (
        "Nom : le club a déjà un challenge nommé « Challenge 2026 ».",
        1,
    )


@pytest.mark.parametrize("name", ["challenge 2026", "CHALLENGE 2026"])
def test_a_second_challenge_whose_name_differs_only_by_case_is_refused(season, name):
    club, _first, _second = season
    services.create_challenge(club=club, name="Challenge été 2026", formula={})

    with pytest.raises(services.ServiceError) as refused:
        services.create_challenge(club=club, name=name.replace("2026", "ÉTÉ 2026"), formula={})

    assert (refusal_text(refused.value), Challenge.objects.count()) == (
        "Nom : le club a déjà un challenge nommé « Challenge été 2026 ».",
        1,
    )


def test_renaming_a_challenge_to_another_ones_name_in_other_case_is_refused(season):
    club, _first, _second = season
    services.create_challenge(club=club, name="Printemps", formula={})
    autumn = services.create_challenge(club=club, name="Automne", formula={})

    with pytest.raises(services.ServiceError) as refused:
        services.update_challenge(challenge=autumn, name="PRINTEMPS", formula={})

    autumn.refresh_from_db()
    assert (refusal_text(refused.value), autumn.name) == (
        "Nom : le club a déjà un challenge nommé « Printemps ».",
        "Automne",
    )


def test_a_formula_out_of_range_is_refused_and_nothing_is_saved(season):
    club, _first, _second = season

    with pytest.raises(ValidationError) as refused:
        services.create_challenge(club=club, name="Challenge", formula={"rank_points": "10, -2"})

    assert (list(refused.value.message_dict), Challenge.objects.count()) == (["rank_points"], 0)


def test_concours_join_in_order_and_a_removed_one_closes_the_gap(season):
    club, first, second = season
    challenge = ChallengeFactory(club=club)

    added = [
        services.add_concours(challenge=challenge, tournament=tournament).position
        for tournament in (second, first)
    ]
    services.remove_concours(challenge=challenge, tournament=second)

    assert (added, positions(challenge)) == ([1, 2], [("a", 1)])


def test_a_concours_of_another_club_is_refused(season):
    _club, first, _second = season
    challenge = ChallengeFactory(club=ClubFactory(name="Autre club"))

    with pytest.raises(services.ServiceError) as refused:
        services.add_concours(challenge=challenge, tournament=first)

    assert (refusal_text(refused.value), positions(challenge)) == (
        "Concours : « Concours A » n’est pas un concours du club de ce challenge.",
        [],
    )


def test_an_unfinished_concours_is_refused(season):
    club, _first, _second = season
    playing = concours(club, "en-cours", 24)
    RoundFactory(tournament=playing, number=1, status=Round.Status.PUBLISHED)
    challenge = ChallengeFactory(club=club)

    with pytest.raises(services.ServiceError) as refused:
        services.add_concours(challenge=challenge, tournament=playing)

    assert (refusal_text(refused.value), positions(challenge)) == (
        "Concours : « Concours EN-COURS » n’est pas terminé ; clôturez d’abord toutes ses parties.",
        [],
    )


def test_a_concours_already_in_the_challenge_is_refused(season):
    club, first, _second = season
    challenge = ChallengeFactory(club=club)
    services.add_concours(challenge=challenge, tournament=first)

    with pytest.raises(services.ServiceError) as refused:
        services.add_concours(challenge=challenge, tournament=first)

    assert (refusal_text(refused.value), positions(challenge)) == (
        "Concours : « Concours A » est déjà dans ce challenge.",
        [("a", 1)],
    )


def test_removing_a_concours_not_in_the_challenge_is_refused(season):
    club, first, _second = season
    challenge = ChallengeFactory(club=club)

    with pytest.raises(services.ServiceError) as refused:
        services.remove_concours(challenge=challenge, tournament=first)

    assert refusal_text(refused.value) == (
        "Concours : « Concours A » n’est pas dans ce challenge (retiré entre-temps ?)."
    )


def test_it_renames_a_challenge_and_changes_its_formula(season):
    club, _first, _second = season
    challenge = ChallengeFactory(club=club, name="Ancien", slug="ancien")

    services.update_challenge(
        challenge=challenge, name="Nouveau", formula={"best_of": 3, "counts_scored_points": False}
    )

    challenge.refresh_from_db()
    assert (challenge.name, challenge.slug, challenge.best_of, challenge.counts_scored_points) == (
        "Nouveau",
        "ancien",
        3,
        False,
    )


@pytest.mark.parametrize(
    ("text", "values"),
    [("", ()), ("20, 15, 10", (20, 15, 10)), ("20;15 10", (20, 15, 10)), (" 0 ", (0,))],
)
def test_rank_points_are_whole_numbers_separated_by_commas_semicolons_or_spaces(text, values):
    assert parse_rank_points(text) == values


@pytest.mark.parametrize("text", ["20, x", "1e3", "10000", "²", "-1"])
def test_rank_points_that_are_not_whole_numbers_from_0_to_9999_are_refused(text):
    with pytest.raises(ValidationError):
        parse_rank_points(text)
