"""Online registration of a mêlée's players, one by one (RULES.md §H;
tournaments/services/online_registration.py): places and waiting list count players, the
same name twice is refused, a cancellation moves the waiting list up, and checking a
player in makes (or links) a MeleePlayer, present, numbered as the players page does."""

import datetime
import random

import pytest
from django.db import IntegrityError, transaction

from tests.factories import (
    RegistrationFactory,
    RegistrationSettingsFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import AuditAction, MeleePlayer, Registration
from tournaments.services import (
    MeleePlayerData,
    RegistrationData,
    ServiceError,
    cancel_registration,
    change_registration,
    check_in_melee_registration,
    check_in_registration,
    mark_melee,
    register_melee_players,
    register_pair,
    register_player,
    set_melee_player_present,
)

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC)
CLOSES_AT = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)
CONFIRMED = Registration.Status.CONFIRMED
WAITING = Registration.Status.WAITING
CANCELLED = Registration.Status.CANCELLED


@pytest.fixture
def tournament():
    """A mêlée open for registration: 2 places, 1 on the waiting list."""
    tournament = RegistrationSettingsFactory(closes_at=CLOSES_AT).tournament
    mark_melee(tournament=tournament)
    return tournament


def player(name: str, club: str = "") -> RegistrationData:
    return RegistrationData(name, club=club)


def statuses(tournament) -> list[tuple[int, str, str, str]]:
    return list(
        Registration.objects.filter(tournament=tournament)
        .order_by("position")
        .values_list("position", "player_1", "player_2", "status")
    )


def melee_players(tournament) -> list[tuple[int, str, str | None, bool, int]]:
    return list(
        MeleePlayer.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "name", "club__name", "is_checked_in", "lot")
    )


def actions(registration: Registration) -> list[str]:
    return list(
        registration.history.order_by("history_date", "history_id").values_list(
            "audit_action", flat=True
        )
    )


def refusal(call) -> tuple[str, dict]:
    with pytest.raises(ServiceError) as raised:
        call()
    return raised.value.code, raised.value.params


def test_players_take_the_places_then_the_waiting_list_then_are_refused(tournament):
    for name in ("Ana", "Bo", "Cy"):
        register_player(tournament=tournament, data=player(name), now=NOW)

    refused = refusal(lambda: register_player(tournament=tournament, data=player("Di"), now=NOW))

    assert statuses(tournament) == [
        (1, "Ana", "", CONFIRMED),
        (2, "Bo", "", CONFIRMED),
        (3, "Cy", "", WAITING),
    ]
    assert refused == ("registration_full", {"capacity": 2, "waiting_list": 1})


def test_it_stores_the_name_cleaned_and_the_contact(tournament):
    data = RegistrationData(
        "  Jean\u00a0\tRoux ", club="Club de Vic", phone="06 12 34 56 78", email=" a@b.fr "
    )

    registration = register_player(tournament=tournament, data=data, now=NOW)

    registration.refresh_from_db()
    assert (
        registration.player_1,
        registration.player_2,
        registration.players,
        registration.club,
        registration.phone,
        registration.email,
        registration.melee_player,
        actions(registration),
    ) == (
        "Jean Roux",
        "",
        "Jean Roux",
        "Club de Vic",
        "06 12 34 56 78",
        "a@b.fr",
        None,
        [AuditAction.REGISTERED],
    )


def test_it_refuses_the_same_name_twice_in_any_case_until_it_is_cancelled(tournament):
    first = register_player(tournament=tournament, data=player("Éloïse Roux"), now=NOW)

    twice = refusal(
        lambda: register_player(tournament=tournament, data=player(" éloïse ROUX "), now=NOW)
    )
    cancel_registration(registration=first, now=NOW)
    again = register_player(tournament=tournament, data=player("éloïse roux"), now=NOW)

    assert twice == ("player_registered_twice", {"name": "éloïse ROUX", "number": 1})
    assert statuses(tournament) == [
        (1, "Éloïse Roux", "", CANCELLED),
        (2, "éloïse roux", "", CONFIRMED),
    ]
    assert again.position == 2


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (RegistrationData(" \u200b "), ("missing_name", {})),
        (RegistrationData("Ana", "Bo"), ("is_melee", {})),
    ],
)
def test_it_refuses_a_blank_name_or_a_pair_and_saves_nothing(tournament, data, expected):
    refused = refusal(lambda: register_player(tournament=tournament, data=data, now=NOW))

    assert (refused, statuses(tournament)) == (expected, [])


def test_it_refuses_a_registration_at_the_closing_time_or_not_open(tournament):
    closed = refusal(
        lambda: register_player(tournament=tournament, data=player("Ana"), now=CLOSES_AT)
    )
    unopened = TournamentFactory()
    mark_melee(tournament=unopened)
    not_open = refusal(lambda: register_player(tournament=unopened, data=player("Ana"), now=NOW))

    assert (closed, not_open) == (
        ("registration_closed", {"closes_at": "2026-11-27T17:00:00+00:00"}),
        ("registration_not_open", {}),
    )
    assert Registration.objects.count() == 0


def test_a_pair_is_refused_in_a_melee_and_a_player_alone_in_a_concours_in_pairs(tournament):
    pairs = RegistrationSettingsFactory().tournament

    in_melee = refusal(
        lambda: register_pair(tournament=tournament, data=RegistrationData("A", "B"), now=NOW)
    )
    in_pairs = refusal(lambda: register_player(tournament=pairs, data=player("A"), now=NOW))

    assert (in_melee, in_pairs) == (("is_melee", {}), ("not_melee", {}))
    assert Registration.objects.count() == 0


def test_a_concours_with_players_by_hand_is_a_melee_for_registration():
    tournament = RegistrationSettingsFactory().tournament
    register_melee_players(tournament=tournament, players=[MeleePlayerData("Ana")], rng=None)

    registration = register_player(tournament=tournament, data=player("Bo"), now=NOW)

    assert (registration.players, registration.status) == ("Bo", CONFIRMED)


def test_a_confirmed_player_who_cancels_gives_the_place_to_the_first_waiting(tournament):
    first = register_player(tournament=tournament, data=player("Ana"), now=NOW)
    register_player(tournament=tournament, data=player("Bo"), now=NOW)
    waiting = register_player(tournament=tournament, data=player("Cy"), now=NOW)

    cancellation = cancel_registration(registration=first, now=NOW)

    assert (cancellation.registration.pk, cancellation.promoted.pk) == (first.pk, waiting.pk)
    assert statuses(tournament) == [
        (1, "Ana", "", CANCELLED),
        (2, "Bo", "", CONFIRMED),
        (3, "Cy", "", CONFIRMED),
    ]
    waiting.refresh_from_db()
    assert actions(waiting) == [AuditAction.REGISTERED, AuditAction.PROMOTED]


def test_the_private_link_renames_the_player_and_refuses_a_name_taken(tournament):
    first = register_player(tournament=tournament, data=player("Ana"), now=NOW)
    register_player(tournament=tournament, data=player("Bo"), now=NOW)

    change_registration(registration=first, data=player("Anaïs", "Vic"), now=NOW)
    taken = refusal(lambda: change_registration(registration=first, data=player("BO"), now=NOW))
    blank = refusal(lambda: change_registration(registration=first, data=player(""), now=NOW))

    first.refresh_from_db()
    assert (first.players, first.club) == ("Anaïs", "Vic")
    assert (taken, blank) == (
        ("player_registered_twice", {"name": "BO", "number": 2}),
        ("missing_name", {}),
    )


def test_checking_in_registers_a_player_present_with_the_next_number(tournament):
    register_melee_players(
        tournament=tournament, players=[MeleePlayerData("Ana"), MeleePlayerData("Bo")], rng=None
    )
    registration = register_player(tournament=tournament, data=player("Cy", "Amicale"), now=NOW)
    user = UserFactory(username="owner")

    made = check_in_melee_registration(registration=registration, now=NOW, user=user)

    registration.refresh_from_db()
    assert (made.number, registration.melee_player) == (3, made)
    assert melee_players(tournament) == [
        (1, "Ana", None, True, 0),
        (2, "Bo", None, True, 0),
        (3, "Cy", "Amicale", True, 0),
    ]
    last = registration.history.order_by("history_id").last()
    assert (actions(registration), last.history_user) == (
        [AuditAction.REGISTERED, AuditAction.CHECKED_IN],
        user,
    )


def test_checking_in_links_the_player_of_that_name_registered_at_the_desk(tournament):
    # Registered online first, then typed at the desk too (the desk is not refused).
    registration = register_player(tournament=tournament, data=player("BO"), now=NOW)
    _, desk_player = register_melee_players(
        tournament=tournament, players=[MeleePlayerData("Ana"), MeleePlayerData("Bo")], rng=None
    )
    set_melee_player_present(player=desk_player, is_present=False)

    linked = check_in_melee_registration(registration=registration, now=NOW, user=None)

    registration.refresh_from_db()
    assert (linked.pk, registration.melee_player_id) == (desk_player.pk, desk_player.pk)
    assert melee_players(tournament) == [(1, "Ana", None, True, 0), (2, "Bo", None, True, 0)]


def test_a_player_of_that_name_checked_in_from_another_registration_is_refused(tournament):
    first = register_player(tournament=tournament, data=player("Ana"), now=NOW)
    check_in_melee_registration(registration=first, now=NOW, user=None)
    # The same name again, as only a change on the players page could leave it.
    second = RegistrationFactory(tournament=tournament, position=2, player_1="ana", player_2="")

    refused = refusal(lambda: check_in_melee_registration(registration=second, now=NOW, user=None))

    second.refresh_from_db()
    assert (refused, second.melee_player) == (("duplicate_player_name", {"name": "Ana"}), None)
    assert melee_players(tournament) == [(1, "Ana", None, True, 0)]


def test_a_waiting_cancelled_or_checked_in_player_is_not_checked_in(tournament):
    checked = register_player(tournament=tournament, data=player("Ana"), now=NOW)
    cancelled = register_player(tournament=tournament, data=player("Bo"), now=NOW)
    waiting = register_player(tournament=tournament, data=player("Cy"), now=NOW)
    cancel_registration(registration=cancelled, now=NOW)  # Cy moves up, Di waits.
    waiting_again = register_player(tournament=tournament, data=player("Di"), now=NOW)
    check_in_melee_registration(registration=checked, now=NOW, user=None)

    refused = [
        refusal(lambda r=r: check_in_melee_registration(registration=r, now=NOW, user=None))
        for r in (waiting_again, cancelled, checked)
    ]

    waiting.refresh_from_db()
    assert waiting.status == CONFIRMED
    assert refused == [
        ("player_waiting", {}),
        ("registration_cancelled", {}),
        ("player_checked_in", {"number": 1}),
    ]
    assert melee_players(tournament) == [(1, "Ana", None, True, 0)]


def test_a_checked_in_player_is_neither_changed_nor_cancelled(tournament):
    registration = register_player(tournament=tournament, data=player("Ana"), now=NOW)
    register_melee_players(tournament=tournament, players=[MeleePlayerData("Bo")], rng=None)
    check_in_melee_registration(registration=registration, now=NOW, user=None)

    changed = refusal(
        lambda: change_registration(registration=registration, data=player("Zoé"), now=NOW)
    )
    cancelled = refusal(lambda: cancel_registration(registration=registration, now=NOW))

    registration.refresh_from_db()
    assert (changed, cancelled) == (
        ("player_checked_in", {"number": 2}),
        ("player_checked_in", {"number": 2}),
    )
    assert (registration.players, registration.status) == ("Ana", CONFIRMED)


def test_a_pair_check_in_is_refused_in_a_melee_and_a_player_check_in_in_pairs(tournament):
    in_melee = RegistrationFactory(tournament=tournament, player_1="Ana", player_2="")
    in_pairs = RegistrationFactory()

    as_pair = refusal(
        lambda: check_in_registration(
            registration=in_melee, now=NOW, user=None, rng=random.Random(1)
        )
    )
    as_player = refusal(
        lambda: check_in_melee_registration(registration=in_pairs, now=NOW, user=None)
    )

    in_pairs.refresh_from_db()
    assert (as_pair, as_player) == (("is_melee", {}), ("not_melee", {}))
    assert (MeleePlayer.objects.count(), in_pairs.melee_player, in_pairs.team) == (0, None, None)


def test_the_database_keeps_a_team_for_a_pair_and_a_melee_player_for_one_name(tournament):
    register_melee_players(tournament=tournament, players=[MeleePlayerData("Ana")], rng=None)
    melee_player = MeleePlayer.objects.get()
    pairs = TournamentFactory()
    team = TeamFactory(tournament=pairs)

    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationFactory(tournament=tournament, player_2="Bo", melee_player=melee_player)
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationFactory(tournament=pairs, player_2="", team=team)

    assert Registration.objects.count() == 0


def test_a_name_already_on_the_players_page_is_refused_online_in_any_case(tournament):
    register_melee_players(
        tournament=tournament, players=[MeleePlayerData("Alice Arnaud")], rng=None
    )

    refused = refusal(
        lambda: register_player(tournament=tournament, data=player("ALICE ARNAUD"), now=NOW)
    )

    assert (refused, statuses(tournament)) == (
        ("duplicate_player_name", {"name": "Alice Arnaud"}),
        [],
    )
