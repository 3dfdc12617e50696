"""A mêlée's tie-breaks (RULES.md §H): head-to-head does not apply when partners change at
every partie, so the settings form of a mêlée does not offer it, refuses it sent anyway
(when creating one too) with a message that says why, and the individual standings leave
it out whatever the concours stored (a mêlée created before kept the default, which has
it)."""

import datetime

import pytest

import scoring
from tests.factories import TournamentFactory
from tournaments import selectors, services
from tournaments.models import MeleeConcours, Round, Tournament
from tournaments.services import MeleePlayerData, PlayedMeleeTable

SETTINGS = "/concours/t/gestion/reglages/"
NOW = datetime.datetime(2026, 12, 1, 14, 0, tzinfo=datetime.UTC)
REFUSED = (
    "La confrontation directe ne s’applique pas à une mêlée : les partenaires changent à "
    "chaque partie. Choisissez un autre départage, ou aucun."
)
#: The tie-breaks a mêlée's form offers, in French.
MELEE_CHOICES = [
    ("", "—"),
    ("matches_won", "Parties gagnées"),
    ("points", "Total des points"),
    ("points_difference", "Différence de points"),
]
FORM = {
    "name": "Mêlée du jeudi",
    "date": "2026-12-03",
    "rules_preset": "belote-classique",
    "match_format": "target",
    "match_format_value": "1001",
    "number_of_rounds": "4",
    "bye_credit": "round-mean",
    "bye_credit_value": "0",
    "ranking": "points",
    "tie_break_1": "matches_won",
    "tie_break_2": "points_difference",
    "tie_break_3": "",
}


@pytest.fixture
def melee(club):
    tournament = TournamentFactory(club=club, slug="t", number_of_rounds=4)
    MeleeConcours.objects.create(tournament=tournament)
    return tournament


def choices(form, number):
    return [(value, str(label)) for value, label in form.fields[f"tie_break_{number}"].choices]


def test_a_new_concours_offers_head_to_head_and_a_new_melee_sent_with_it_is_refused(desk, club):
    offered = desk.get("/organisation/concours/nouveau/").context["form"]

    response = desk.post(
        "/organisation/concours/nouveau/",
        FORM | {"club": club.pk, "tie_break_3": "head_to_head", "melee": "on"},
    )

    assert choices(offered, 3) == [*MELEE_CHOICES, ("head_to_head", "Confrontation directe")]
    assert (response.status_code, response.context["form"].errors) == (
        200,
        {"tie_break_3": [REFUSED]},
    )
    assert Tournament.objects.count() == 0


def test_a_new_melee_without_head_to_head_is_created_with_its_tie_breaks(desk, club):
    response = desk.post("/organisation/concours/nouveau/", FORM | {"club": club.pk, "melee": "on"})

    tournament = Tournament.objects.get()
    assert (response.status_code, tournament.tie_breaks) == (302, "matches_won,points_difference")


def test_a_melee_s_settings_offer_no_head_to_head_and_show_the_stored_ones_without_it(desk, melee):
    page = desk.get(SETTINGS)

    form = page.context["form"]
    assert [choices(form, number) for number in (1, 2, 3)] == [MELEE_CHOICES] * 3
    assert [form[f"tie_break_{number}"].initial for number in (1, 2, 3)] == [
        "matches_won",
        "points_difference",
        "",
    ]
    assert 'value="head_to_head"' not in page.content.decode()


def test_a_melee_s_settings_sent_with_head_to_head_anyway_say_why_and_save_nothing(desk, melee):
    name = melee.name

    response = desk.post(SETTINGS, FORM | {"tie_break_1": "head_to_head"})

    melee.refresh_from_db()
    assert (response.status_code, response.context["form"].errors) == (
        200,
        {"tie_break_1": [REFUSED]},
    )
    assert (melee.name, melee.tie_breaks) == (name, "matches_won,points_difference,head_to_head")


def test_a_doublettes_concours_s_settings_still_offer_and_take_head_to_head(desk, club):
    TournamentFactory(club=club, slug="t")

    form = desk.get(SETTINGS).context["form"]
    response = desk.post(SETTINGS, FORM | {"tie_break_3": "head_to_head"})

    assert choices(form, 3) == [*MELEE_CHOICES, ("head_to_head", "Confrontation directe")]
    assert (response.status_code, Tournament.objects.get().tie_breaks) == (
        302,
        "matches_won,points_difference,head_to_head",
    )


def test_a_melee_s_settings_drop_head_to_head_once_saved_before_its_first_partie(desk, melee):
    response = desk.post(SETTINGS, FORM)

    melee.refresh_from_db()
    assert (response.status_code, melee.name, melee.tie_breaks) == (
        302,
        "Mêlée du jeudi",
        "matches_won,points_difference",
    )


def test_a_frozen_melee_keeps_its_stored_tie_breaks_when_its_name_changes(desk, melee):
    Round.objects.create(tournament=melee, number=1, status=Round.Status.PUBLISHED)
    form = FORM | {
        "rules_preset": melee.rules_preset,
        "match_format": melee.match_format,
        "match_format_value": str(melee.match_format_value),
    }

    response = desk.post(SETTINGS, form)

    melee.refresh_from_db()
    assert (response.status_code, melee.name, melee.tie_breaks) == (
        302,
        "Mêlée du jeudi",
        "matches_won,points_difference,head_to_head",
    )


def ranked(tournament):
    return [
        (standing.player.number, standing.row.rank, standing.row.points, standing.row.head_to_head)
        for standing in selectors.melee_standings(tournament=tournament)
    ]


@pytest.mark.django_db
def test_the_standings_of_a_melee_leave_head_to_head_out_whatever_it_stored():
    """Players 1 and 2 partner in partie 1, then draw as opponents in partie 2: tied on
    everything, head-to-head would give each 1 (a draw); it is left out, so both have 0."""
    tournament = TournamentFactory(
        rules_preset="belote-sans-annonces",
        number_of_rounds=2,
        tie_breaks="head_to_head,matches_won",
    )
    one, two, three, four = services.register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, 5)],
        rng=None,
    )
    for pair_a, pair_b, totals in (
        ((one, two), (three, four), scoring.MatchTotals(100, 62)),
        ((one, three), (two, four), scoring.MatchTotals(81, 81)),
    ):
        services.record_played_melee_round(
            tournament=tournament,
            tables=[PlayedMeleeTable(1, pair_a, pair_b, totals=totals)],
            now=NOW,
        )

    with_head_to_head = ranked(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(tie_breaks="matches_won")
    tournament.refresh_from_db()

    assert with_head_to_head == [(1, 1, 181, 0), (2, 2, 181, 0), (3, 3, 143, 0), (4, 4, 143, 0)]
    assert ranked(tournament) == with_head_to_head
