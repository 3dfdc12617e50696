"""Online registration services (tournaments/services/online_registration.py): places,
waiting list, closing time, private-link changes, cancellation with promotion, check-in."""

import datetime
import random

import pytest

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RegistrationFactory,
    RegistrationSettingsFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments import selectors
from tournaments.models import AuditAction, Player, Registration, Round, Team
from tournaments.services import (
    RegistrationData,
    ServiceError,
    cancel_registration,
    change_registration,
    check_in_registration,
    register_pair,
    set_registration_settings,
)

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC)
CLOSES_AT = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)
CONFIRMED = Registration.Status.CONFIRMED
WAITING = Registration.Status.WAITING
CANCELLED = Registration.Status.CANCELLED


def pair(n: int) -> RegistrationData:
    return RegistrationData(f"Joueur {n}a", f"Joueur {n}b")


def statuses(tournament) -> list[tuple[int, str, str]]:
    return list(
        Registration.objects.filter(tournament=tournament)
        .order_by("position")
        .values_list("position", "player_1", "status")
    )


def actions(registration: Registration) -> list[str]:
    return list(
        registration.history.order_by("history_date", "history_id").values_list(
            "audit_action", flat=True
        )
    )


@pytest.fixture
def tournament():
    """A tournament open for registration: 2 places, 1 on the waiting list."""
    return RegistrationSettingsFactory(closes_at=CLOSES_AT).tournament


def refusal(call) -> tuple[str, dict]:
    with pytest.raises(ServiceError) as raised:
        call()
    return raised.value.code, raised.value.params


def test_pairs_take_the_places_then_the_waiting_list_then_are_refused(tournament):
    for n in (1, 2, 3):
        register_pair(tournament=tournament, data=pair(n), now=NOW)

    refused = refusal(lambda: register_pair(tournament=tournament, data=pair(4), now=NOW))

    assert statuses(tournament) == [
        (1, "Joueur 1a", CONFIRMED),
        (2, "Joueur 2a", CONFIRMED),
        (3, "Joueur 3a", WAITING),
    ]
    assert refused == ("registration_full", {"capacity": 2, "waiting_list": 1})


def test_it_stores_names_cleaned_and_the_contact_as_typed_without_markup(tournament):
    data = RegistrationData(
        "  Jean\u00a0\tRoux\u200b ", "<b>Léa</b>", "Club\x07 de Vic", "06 12 34 56 78", " a@b.fr "
    )

    registration = register_pair(tournament=tournament, data=data, now=NOW)

    registration.refresh_from_db()
    assert (
        registration.player_1,
        registration.player_2,
        registration.club,
        registration.phone,
        registration.email,
        registration.created_at,
        len(registration.token),
    ) == ("Jean Roux", "<b>Léa</b>", "Club de Vic", "06 12 34 56 78", "a@b.fr", NOW, 22)


@pytest.mark.parametrize(
    ("status", "offered"),
    [(Round.Status.DRAFT, True), (Round.Status.PUBLISHED, False), (Round.Status.CLOSED, False)],
)
def test_registration_closes_once_round_1_is_published(tournament, status, offered):
    RoundFactory(tournament=tournament, number=1, status=status)

    offer = selectors.registration_offer(tournament=tournament, now=NOW)
    if offered:
        register_pair(tournament=tournament, data=pair(1), now=NOW)
        assert (offer is not None, statuses(tournament)) == (True, [(1, "Joueur 1a", CONFIRMED)])
    else:
        refused = refusal(lambda: register_pair(tournament=tournament, data=pair(1), now=NOW))
        assert (offer, refused, statuses(tournament)) == (None, ("registration_started", {}), [])


def test_it_refuses_a_registration_at_the_closing_time_and_saves_nothing(tournament):
    refused = refusal(lambda: register_pair(tournament=tournament, data=pair(1), now=CLOSES_AT))

    assert refused == ("registration_closed", {"closes_at": "2026-11-27T17:00:00+00:00"})
    assert statuses(tournament) == []


def test_it_refuses_a_registration_while_registration_is_not_open():
    tournament = TournamentFactory()

    refused = refusal(lambda: register_pair(tournament=tournament, data=pair(1), now=NOW))

    assert (refused, statuses(tournament)) == (("registration_not_open", {}), [])


def test_it_refuses_the_same_two_players_twice_in_any_order_and_case(tournament):
    register_pair(tournament=tournament, data=pair(1), now=NOW)

    refused = refusal(
        lambda: register_pair(
            tournament=tournament, data=RegistrationData("JOUEUR 1B", "joueur 1a"), now=NOW
        )
    )

    assert refused == ("registered_twice", {"number": 1})


def test_it_refuses_a_pair_with_a_blank_name(tournament):
    refused = refusal(
        lambda: register_pair(
            tournament=tournament, data=RegistrationData("\u200b ", "Léa"), now=NOW
        )
    )

    assert (refused, statuses(tournament)) == (("missing_player", {}), [])


def test_a_confirmed_pair_that_cancels_gives_its_place_to_the_first_waiting(tournament):
    tournament.registration_settings.waiting_list = 2
    tournament.registration_settings.save()
    first, _, third, fourth = [
        register_pair(tournament=tournament, data=pair(n), now=NOW) for n in (1, 2, 3, 4)
    ]

    cancellation = cancel_registration(registration=first, now=NOW)

    assert (cancellation.registration.pk, cancellation.promoted.pk) == (first.pk, third.pk)
    assert statuses(tournament) == [
        (1, "Joueur 1a", CANCELLED),
        (2, "Joueur 2a", CONFIRMED),
        (3, "Joueur 3a", CONFIRMED),
        (4, "Joueur 4a", WAITING),
    ]
    assert (actions(first), actions(third)) == (
        [AuditAction.REGISTERED, AuditAction.REGISTRATION_CANCELLED],
        [AuditAction.REGISTERED, AuditAction.PROMOTED],
    )
    assert selectors.waiting_rank(registration=fourth) == 1


def test_a_waiting_pair_that_cancels_moves_nobody_up(tournament):
    for n in (1, 2):
        register_pair(tournament=tournament, data=pair(n), now=NOW)
    waiting = register_pair(tournament=tournament, data=pair(3), now=NOW)

    cancellation = cancel_registration(registration=waiting, now=NOW)

    assert cancellation.promoted is None
    assert [status for _, _, status in statuses(tournament)] == [CONFIRMED, CONFIRMED, CANCELLED]


def test_a_cancelled_registration_cannot_be_cancelled_or_changed_again(tournament):
    registration = register_pair(tournament=tournament, data=pair(1), now=NOW)
    cancel_registration(registration=registration, now=NOW)

    again = refusal(lambda: cancel_registration(registration=registration, now=NOW))
    changed = refusal(lambda: change_registration(registration=registration, data=pair(9), now=NOW))

    assert (again, changed) == (("registration_cancelled", {}), ("registration_cancelled", {}))


def test_the_private_link_changes_nothing_once_registration_closes(tournament):
    registration = register_pair(tournament=tournament, data=pair(1), now=NOW)

    refused = refusal(
        lambda: change_registration(registration=registration, data=pair(9), now=CLOSES_AT)
    )

    registration.refresh_from_db()
    assert (refused[0], registration.player_1) == ("registration_closed", "Joueur 1a")


def test_the_organiser_changes_a_registration_after_closing(tournament):
    registration = register_pair(tournament=tournament, data=pair(1), now=NOW)
    organiser = UserFactory()

    change_registration(registration=registration, data=pair(9), now=CLOSES_AT, user=organiser)

    registration.refresh_from_db()
    last = registration.history.latest("history_date")
    assert (registration.players, last.audit_action, last.history_user) == (
        "Joueur 9a / Joueur 9b",
        AuditAction.REGISTRATION_CHANGED,
        organiser,
    )


def test_more_places_move_the_waiting_list_up_in_order(tournament):
    tournament.registration_settings.waiting_list = 3
    tournament.registration_settings.save()
    for n in (1, 2, 3, 4, 5):
        register_pair(tournament=tournament, data=pair(n), now=NOW)

    promoted = set_registration_settings(
        tournament=tournament, is_open=True, capacity=4, waiting_list=3, closes_at=None, now=NOW
    )

    assert [registration.player_1 for registration in promoted] == ["Joueur 3a", "Joueur 4a"]
    assert [status for _, _, status in statuses(tournament)] == [
        CONFIRMED,
        CONFIRMED,
        CONFIRMED,
        CONFIRMED,
        WAITING,
    ]


def test_fewer_places_keep_every_confirmed_pair(tournament):
    for n in (1, 2):
        register_pair(tournament=tournament, data=pair(n), now=NOW)

    set_registration_settings(
        tournament=tournament, is_open=True, capacity=1, waiting_list=1, closes_at=None, now=NOW
    )
    third = register_pair(tournament=tournament, data=pair(3), now=NOW)

    assert [status for _, _, status in statuses(tournament)] == [CONFIRMED, CONFIRMED, WAITING]
    assert third.status == WAITING


def test_checking_a_pair_in_registers_its_team_present(tournament):
    TeamFactory(tournament=tournament, number=1)
    registration = register_pair(
        tournament=tournament, data=RegistrationData("Ana", "Bo", "Club de Vic"), now=NOW
    )
    organiser = UserFactory()

    team = check_in_registration(
        registration=registration, now=NOW, user=organiser, rng=random.Random(7)
    )

    registration.refresh_from_db()
    assert (team.number, team.player_1, team.player_2, team.club.name, team.is_checked_in) == (
        2,
        "Ana",
        "Bo",
        "Club de Vic",
        True,
    )
    assert (registration.team, actions(registration)) == (
        team,
        [AuditAction.REGISTERED, AuditAction.CHECKED_IN],
    )


def test_a_checked_in_pair_is_linked_to_the_registry_of_the_concours_club(tournament):
    """As the team form does: a name the club's registry knows is that record, another
    name a new record of the club (so the next concours' type-ahead finds it)."""
    known = PlayerFactory(club=tournament.club, first_name="Ana", last_name="Roux")
    registration = register_pair(
        tournament=tournament, data=RegistrationData("Ana Roux", "Bo Vidal", "Vic"), now=NOW
    )

    team = check_in_registration(
        registration=registration, now=NOW, user=None, rng=random.Random(7)
    )

    new = team.player_2_record
    assert (team.player_1_record, new.club, new.first_name, new.last_name) == (
        known,
        tournament.club,
        "Bo",
        "Vidal",
    )
    assert list(tournament.club.players.order_by("pk").values_list("pk", flat=True)) == [
        known.pk,
        new.pk,
    ]


def test_a_checked_in_pair_cannot_be_checked_in_cancelled_or_changed_online(tournament):
    registration = register_pair(tournament=tournament, data=pair(1), now=NOW)
    check_in_registration(registration=registration, now=NOW, user=None, rng=random.Random(7))

    results = [
        refusal(
            lambda: check_in_registration(
                registration=registration, now=NOW, user=None, rng=random.Random(7)
            )
        ),
        refusal(lambda: cancel_registration(registration=registration, now=NOW)),
        refusal(lambda: change_registration(registration=registration, data=pair(9), now=NOW)),
    ]

    assert results == [("registration_checked_in", {"number": 1})] * 3
    assert Team.objects.filter(tournament=tournament).count() == 1


def test_a_pair_on_the_waiting_list_is_not_checked_in():
    registration = RegistrationFactory(status=WAITING)

    refused = refusal(
        lambda: check_in_registration(
            registration=registration, now=NOW, user=None, rng=random.Random(7)
        )
    )

    assert (refused, Team.objects.count()) == (("registration_waiting", {}), 0)


def test_a_pair_already_registered_by_hand_is_refused_at_check_in_and_nothing_changes(
    tournament,
):
    registration = register_pair(tournament=tournament, data=pair(1), now=NOW)
    # Typed at the desk after the pair registered online.
    TeamFactory(tournament=tournament, number=4, player_1="Joueur 1b", player_2="Joueur 1a")

    refused = refusal(
        lambda: check_in_registration(
            registration=registration, now=NOW, user=None, rng=random.Random(7)
        )
    )

    registration.refresh_from_db()
    assert (refused, registration.team, actions(registration)) == (
        ("same_pair", {"number": 4}),
        None,
        [AuditAction.REGISTERED],
    )


def test_it_refuses_the_same_player_twice_in_one_pair_whatever_the_case(tournament):
    refused = refusal(
        lambda: register_pair(
            tournament=tournament, data=RegistrationData("Jean Dupont", "jean DUPONT"), now=NOW
        )
    )

    assert (refused, statuses(tournament)) == (("player_twice", {"player": "Jean Dupont"}), [])


def test_a_pair_checked_in_joins_its_clubs_registry_of_players():
    club = ClubFactory(name="Foyer rural")
    tournament = RegistrationSettingsFactory(tournament__club=club).tournament
    registration = register_pair(
        tournament=tournament, data=RegistrationData("Jean Dupont", "Marie Curie"), now=NOW
    )

    team = check_in_registration(
        registration=registration, now=NOW, user=UserFactory(), rng=random.Random(7)
    )

    names = sorted(Player.objects.filter(club=club).values_list("first_name", "last_name"))
    assert names == [("Jean", "Dupont"), ("Marie", "Curie")]
    assert (team.player_1_record.last_name, team.player_2_record.last_name) == (
        "Dupont",
        "Curie",
    )


@pytest.mark.parametrize("status", [CONFIRMED, WAITING])
def test_it_refuses_a_player_of_another_pair_not_cancelled(tournament, status):
    first = register_pair(tournament=tournament, data=RegistrationData("Zora Q", "Yann Q"), now=NOW)
    Registration.objects.filter(pk=first.pk).update(status=status)

    refused = refusal(
        lambda: register_pair(
            tournament=tournament, data=RegistrationData(" zora q ", "Xavier Q"), now=NOW
        )
    )

    assert refused == ("player_registered_twice", {"name": "zora q", "number": 1})
    assert statuses(tournament) == [(1, "Zora Q", status)]


def test_a_change_refuses_a_player_of_another_pair_and_keeps_its_own(tournament):
    register_pair(tournament=tournament, data=RegistrationData("Zora Q", "Yann Q"), now=NOW)
    second = register_pair(tournament=tournament, data=pair(2), now=NOW)

    refused = refusal(
        lambda: change_registration(
            registration=second, data=RegistrationData("Joueur 2a", "YANN Q"), now=NOW
        )
    )
    change_registration(registration=second, data=RegistrationData("joueur 2A", "Léa"), now=NOW)

    assert refused == ("player_registered_twice", {"name": "YANN Q", "number": 1})
    assert Registration.objects.get(pk=second.pk).players == "joueur 2A / Léa"


def test_it_refuses_a_pair_or_a_player_of_a_team_registered_at_the_desk(tournament):
    TeamFactory(tournament=tournament, number=4, player_1="Zora Q", player_2="Yann Q")

    same_pair = refusal(
        lambda: register_pair(
            tournament=tournament, data=RegistrationData("yann q", "ZORA Q"), now=NOW
        )
    )
    one_player = refusal(
        lambda: register_pair(
            tournament=tournament, data=RegistrationData("Xavier Q", " zora q "), now=NOW
        )
    )

    assert (same_pair, one_player) == (
        ("same_pair", {"number": 4}),
        ("player_in_team", {"player": "zora q", "number": 4}),
    )
    assert statuses(tournament) == []
