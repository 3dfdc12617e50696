"""Every organiser URL, tried by an anonymous visitor and by another club's organiser.

The URL list is read from tournaments.urls, so a new organiser URL without a case here
makes test_every_organiser_url_is_covered fail.
"""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, transaction
from django.urls import reverse

from tests.factories import (
    ByeFactory,
    ChallengeConcoursFactory,
    ChallengeFactory,
    ClubFactory,
    DealFactory,
    MatchFactory,
    PlayerFactory,
    RegistrationFactory,
    RegistrationSettingsFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments import urls
from tournaments.models import (
    Bye,
    Challenge,
    ChallengeConcours,
    Club,
    Deal,
    Match,
    MeleePlayer,
    Player,
    Registration,
    RegistrationSettings,
    Round,
    Team,
    TeamLink,
    Tournament,
)

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)

#: URL names anyone may open (read-only pages) and their kwargs.
PUBLIC = {
    "home",
    "guide",
    "tournament-detail",
    "round-detail",
    "melee-player-detail",
    "match-detail",
    "preset-summary",
    "projector",
    "projector-slide",
    "table-entry",
    "table-deal",
    "table-deal-edit",
    "table-confirm",
    "table-dispute",
    "table-confirm-all",
    "table-pin",
    "table-preview",
    "table-board",
    "table-manifest",
    "service-worker",
    "standings-pdf",
    "registration-create",
    "registration-manage",
    "registration-done",
    "registration-cancel",
    "challenge-detail",
    "challenge-pdf",
    "challenge-projector",
    "club-detail",
}

#: The primary key of the fixture's team link (team 1).
LINK = 7
#: The primary key of the fixture's online registration (confirmed, not checked in).
REGISTRATION = 5
#: The primary keys of the owner club and of two records of its registry.
CLUB = 5
PLAYER = 11
OTHER_PLAYER = 12
#: The primary key of the owner club's organiser account, and the club's slug.
OWNER = 41
CLUB_SLUG = "club-proprietaire"

KWARGS = {
    "club-list": {},
    "club-create": {},
    "club-manage": {"slug": CLUB_SLUG},
    "organiser-add": {"slug": CLUB_SLUG},
    "organiser-link": {"slug": CLUB_SLUG, "pk": OWNER},
    "organiser-remove": {"slug": CLUB_SLUG, "pk": OWNER},
    "tournament-create": {},
    "tournament-manage": {"slug": "t"},
    "tournament-settings": {"slug": "t"},
    "team-list": {"slug": "t"},
    "team-check-in-all": {"slug": "t"},
    "team-edit": {"slug": "t", "number": 1},
    "team-remove": {"slug": "t", "number": 3},
    "team-check-in": {"slug": "t", "number": 1},
    "team-withdraw": {"slug": "t", "number": 1},
    "team-reinstate": {"slug": "t", "number": 1},
    "team-import": {"slug": "t"},
    "team-import-confirm": {"slug": "t"},
    "round-draw": {"slug": "t"},
    "round-manage": {"slug": "t", "number": 2},
    "round-swap": {"slug": "t", "number": 2},
    "round-publish": {"slug": "t", "number": 2},
    "round-discard": {"slug": "t", "number": 2},
    "round-close": {"slug": "t", "number": 1},
    "round-reopen": {"slug": "t", "number": 1},
    "match-close": {"slug": "t", "number": 1, "table": 1},
    "match-reopen": {"slug": "t", "number": 1, "table": 1},
    "deal-create": {"slug": "t", "number": 1, "table": 1},
    "deal-correct": {"slug": "t", "number": 1, "table": 1, "deal": 1},
    "deal-delete": {"slug": "t", "number": 1, "table": 1, "deal": 1},
    "deal-confirm": {"slug": "t", "number": 1, "table": 1, "deal": 1},
    "match-unlock": {"slug": "t", "number": 1, "table": 1},
    "match-totals": {"slug": "t", "number": 1, "table": 1},
    "round-progress": {"slug": "t", "number": 1},
    "round-qr": {"slug": "t", "number": 1},
    "team-cards-pdf": {"slug": "t"},
    "link-revoke": {"slug": "t", "pk": LINK},
    "link-regenerate": {"slug": "t", "pk": LINK},
    "tournament-xlsx": {"slug": "t"},
    "standings-csv": {"slug": "t"},
    "deals-csv": {"slug": "t"},
    "score-sheets-pdf": {"slug": "t", "number": 1},
    "draw-sheet-pdf": {"slug": "t", "number": 2},
    "match-sheets-pdf": {"slug": "t", "number": 1},
    "prize-list": {"slug": "t"},
    "tournament-archive": {"slug": "t"},
    "tournament-restore": {},
    "match-results-mode": {"slug": "t", "number": 1, "table": 1},
    "paper-sheet": {"slug": "t", "number": 1, "table": 1},
    "sheet-row-save": {"slug": "t", "number": 1, "table": 1, "deal": 1},
    "sheet-row-preview": {"slug": "t", "number": 1, "table": 1, "deal": 1},
    "registration-list": {"slug": "t"},
    "registration-settings": {"slug": "t"},
    "registration-edit": {"slug": "t", "pk": REGISTRATION},
    "registration-withdraw": {"slug": "t", "pk": REGISTRATION},
    "registration-check-in": {"slug": "t", "pk": REGISTRATION},
    "challenge-list": {},
    "challenge-manage": {"slug": "c"},
    "challenge-add-concours": {"slug": "c"},
    "challenge-remove-concours": {"slug": "c", "concours": "fini"},
    "challenge-xlsx": {"slug": "c"},
    "melee-players": {"slug": "t"},
    "melee-player-edit": {"slug": "t", "number": 1},
    "melee-player-check-in": {"slug": "t", "number": 1},
    "melee-player-withdraw": {"slug": "t", "number": 1},
    "melee-swap": {"slug": "t", "number": 2},
    "player-lookup": {"slug": "t"},
    "registry-list": {"club": CLUB},
    "player-detail": {"club": CLUB, "pk": PLAYER},
    "player-edit": {"club": CLUB, "pk": PLAYER},
    "player-merge": {"club": CLUB, "pk": PLAYER},
    "player-merge-confirm": {"club": CLUB, "pk": PLAYER},
}
POSTS = {
    "registry-list": {"last_name": "Nouveau"},
    "player-edit": {"last_name": "Renommé"},
    "player-merge-confirm": {"kept": str(OTHER_PLAYER)},
    "club-create": {"name": "Nouveau club"},
    "club-manage": {"name": "Club renommé"},
    "organiser-add": {"username": "nouveau", "full_name": "Nouvel Organisateur"},
    "tournament-create": {"name": "Pris", "club": "1", "date": "2026-12-01"},
    "tournament-settings": {"name": "Renommé", "date": "2026-12-01"},
    "team-list": {"player_1": "X", "player_2": "Y"},
    "team-edit": {"player_1": "X", "player_2": "Y", "number": "1"},
    "team-check-in": {"present": "0"},
    "round-swap": {"first": "1", "second": "2"},
    "deal-create": {
        "deal_number": "1",
        "taker": "A",
        "trump": "H",
        "contract": "90",
        "taker_tricks": "5",
        "taker_card_points": "104",
        "defence_card_points": "58",
    },
    "deal-correct": {
        "correct-1-version": "1",
        "correct-1-reason": "Points mal comptés",
        "correct-1-taker": "A",
        "correct-1-trump": "H",
        "correct-1-contract": "90",
        "correct-1-taker_tricks": "5",
        "correct-1-taker_card_points": "114",
        "correct-1-defence_card_points": "48",
    },
    "deal-delete": {"delete-1-reason": "Donne rejouée"},
    "deal-confirm": {"version": 1},
    "match-unlock": {"unlock-reason": "Erreur de la table"},
    "round-reopen": {"reopen-reason": "Erreur de saisie"},
    "match-totals": {"totals-total_a": "1000", "totals-total_b": "944"},
    "prize-list": {"prizes": "Un jambon"},
    "match-results-mode": {"mode": "paper", "back": "desk"},
    "sheet-row-save": {
        "version": "1",
        "taker": "A",
        "contract": "90",
        "trump": "C",
        "taker_card_points": "114",
    },
    "sheet-row-preview": {"taker": "A", "contract": "90", "trump": "C", "taker_card_points": "114"},
    "registration-settings": {"is_open": "on", "capacity": "4", "waiting_list": "2"},
    "registration-edit": {"player_1": "X", "player_2": "Y"},
    "challenge-list": {"club": "1", "name": "Pris", "minimum": "1"},
    "challenge-manage": {"name": "Renommé", "minimum": "1"},
    "challenge-add-concours": {"concours": "t"},
    "melee-players": {"name": "Nouveau"},
    "melee-player-edit": {"name": "Renommé", "number": "1"},
    "melee-player-check-in": {"present": "0"},
    "melee-player-withdraw": {"withdrawn": "1"},
    "melee-swap": {"first": "1", "second": "2"},
}


#: Views that only take POST: a GET gets 405 before anything is looked up.
POST_ONLY = {
    "organiser-add",
    "organiser-link",
    "organiser-remove",
    "team-check-in-all",
    "team-remove",
    "team-check-in",
    "team-withdraw",
    "team-reinstate",
    "team-import-confirm",
    "round-draw",
    "round-swap",
    "round-publish",
    "round-discard",
    "round-close",
    "round-reopen",
    "match-close",
    "match-reopen",
    "deal-correct",
    "deal-delete",
    "deal-confirm",
    "match-unlock",
    "match-totals",
    "link-revoke",
    "link-regenerate",
    "match-results-mode",
    "sheet-row-save",
    "sheet-row-preview",
    "registration-settings",
    "registration-withdraw",
    "registration-check-in",
    "challenge-add-concours",
    "challenge-remove-concours",
    "melee-player-check-in",
    "melee-player-withdraw",
    "melee-swap",
    "player-merge-confirm",
}


def organiser_url_names() -> set[str]:
    return {p.name for p in urls.urlpatterns if p.name} - PUBLIC


def test_every_organiser_url_is_covered():
    assert organiser_url_names() == set(KWARGS)


@pytest.fixture(scope="module")
def access_data(django_db_setup, django_db_blocker):
    """The owner club's concours, built once for the module's several hundred cases.

    Built in a transaction rolled back after the module's last test, so no other module
    sees it; each test runs in its own savepoint inside it (pytest-django's ``db``), so
    none sees what another wrote (and each checks that it wrote nothing).
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield _build_access_data()
        transaction.set_rollback(True)


@pytest.fixture
def tournament(db, access_data):
    return Tournament.objects.get(pk=access_data)


def _build_access_data() -> int:
    owner = ClubFactory(pk=CLUB, name="Club propriétaire")
    PlayerFactory(pk=PLAYER, club=owner)
    PlayerFactory(pk=OTHER_PLAYER, club=owner)
    owner.organisers.add(UserFactory(username="owner", pk=OWNER))
    # A second organiser, so that removing the owner would change something.
    owner.organisers.add(UserFactory(username="second"))
    tournament = TournamentFactory(club=owner, slug="t", name="Concours")
    teams = [TeamFactory(tournament=tournament, number=n, is_checked_in=True) for n in (1, 2, 3)]
    played = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    match = MatchFactory(
        round=played, table_number=1, team_a=teams[0], team_b=teams[1], locked_at=NOW
    )
    # Waiting for confirmation, so that confirming it would change something.
    DealFactory(match=match, deal_number=1, status="pending")
    TeamLink.objects.create(
        pk=LINK, tournament=tournament, team=teams[0], pin="1234", created_at=NOW
    )
    ByeFactory(round=played, team=teams[2])
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    MatchFactory(round=draft, table_number=1, team_a=teams[0], team_b=teams[2])
    ByeFactory(round=draft, team=teams[1])
    RegistrationSettingsFactory(tournament=tournament, capacity=1)
    RegistrationFactory(pk=REGISTRATION, tournament=tournament, position=1)
    # A challenge of the club with a finished concours in it (to remove).
    finished = TournamentFactory(club=owner, slug="fini", name="Concours fini", number_of_rounds=1)
    RoundFactory(tournament=finished, number=1, status=Round.Status.CLOSED)
    challenge = ChallengeFactory(club=owner, slug="c", name="Challenge")
    ChallengeConcoursFactory(challenge=challenge, tournament=finished, position=1)
    MeleePlayer.objects.create(tournament=tournament, number=1, name="Joueur seul")
    _past_given_ids(get_user_model(), Club, Player, TeamLink, Registration)
    return tournament.pk


def _past_given_ids(*models: type) -> None:
    """Move the id sequences of ``models`` past the ids given above: PostgreSQL's do not
    move for a row whose id is given, so a test's factory would take one of them (a
    duplicate key when this module runs first). Nothing to do on SQLite."""
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(sql)


def snapshot() -> str:
    models = (
        get_user_model(),
        Club,
        Tournament,
        Team,
        Round,
        Match,
        Bye,
        Deal,
        TeamLink,
        RegistrationSettings,
        Registration,
        Challenge,
        ChallengeConcours,
        Player,
        MeleePlayer,
    )
    # Every column of every row: cheaper than serializing, as exact.
    return repr([list(m.objects.order_by("pk").values_list()) for m in models])


@pytest.mark.parametrize("name", sorted(KWARGS))
@pytest.mark.parametrize("method", ["get", "post"])
def test_an_anonymous_visitor_is_sent_to_log_in_and_nothing_changes(
    client, tournament, name, method
):
    url = reverse(f"tournaments:{name}", kwargs=KWARGS[name])
    before = snapshot()

    response = client.post(url, POSTS.get(name, {})) if method == "post" else client.get(url)

    assert (response.status_code, response["Location"]) == (302, f"/comptes/connexion/?next={url}")
    assert snapshot() == before


#: Pages for any organiser, each for her own clubs only: creating or restoring a
#: tournament, creating a club, the list of her clubs, the list of challenges.
FOR_ANY_ORGANISER = {
    "tournament-create",
    "tournament-restore",
    "club-create",
    "club-list",
    "challenge-list",
}


@pytest.mark.parametrize("name", sorted(set(KWARGS) - FOR_ANY_ORGANISER))
@pytest.mark.parametrize("method", ["get", "post"])
def test_another_clubs_organiser_gets_404_and_nothing_changes(client, tournament, name, method):
    other = ClubFactory(name="Autre club")
    intruder = UserFactory(username="intrus")
    other.organisers.add(intruder)
    client.force_login(intruder)
    url = reverse(f"tournaments:{name}", kwargs=KWARGS[name])
    before = snapshot()

    response = client.post(url, POSTS.get(name, {})) if method == "post" else client.get(url)

    assert response.status_code == (405 if method == "get" and name in POST_ONLY else 404)
    assert snapshot() == before


def test_an_organiser_cannot_create_a_tournament_for_another_club(client, tournament):
    intruder = UserFactory(username="intrus")
    ClubFactory(name="Autre club").organisers.add(intruder)
    client.force_login(intruder)
    owner_club = Club.objects.get(name="Club propriétaire")
    before = snapshot()

    response = client.post(
        reverse("tournaments:tournament-create"),
        {"name": "Pris", "club": str(owner_club.pk), "date": "2026-12-01"},
    )

    assert response.status_code == 200
    assert response.context["form"].errors["club"] == [
        "Sélectionnez un choix valide. Ce choix ne fait pas partie de ceux disponibles."
    ]
    assert snapshot() == before
