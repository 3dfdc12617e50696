"""Season challenge pages (tournaments/views/challenges.py, RULES.md §I), clicked through:
create one, refuse bad formulas in French with nothing saved, add and remove concours, the
public ranking, the projector, the PDF and the workbook."""

import io

import openpyxl
import pytest
from django.utils import translation

from tests.challenge_data import concours, two_concours
from tests.factories import ChallengeFactory, ClubFactory, RoundFactory, UserFactory
from tests.html_reading import table_rows
from tests.pdf_reading import html_tables
from tournaments import services
from tournaments.exports.challenges import challenge_html, challenge_pdf, challenge_xlsx
from tournaments.models import Challenge, ChallengeConcours, Round


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def season(club):
    _club, first, second, _records = two_concours(club)
    challenge = ChallengeFactory(
        club=club,
        name="Challenge d'automne",
        slug="automne",
        points_win=100,
        points_draw=50,
        points_bye=20,
        rank_points="30, 20, 10",
        best_of=1,
    )
    services.add_concours(challenge=challenge, tournament=first)
    services.add_concours(challenge=challenge, tournament=second)
    return challenge


FORM = {
    "name": "Challenge 2026",
    "points_win": "2",
    "points_draw": "1",
    "points_loss": "0",
    "points_bye": "1",
    "counts_scored_points": "on",
    "rank_points": "10, 5",
    "best_of": "",
    "minimum": "2",
}


def test_an_organiser_creates_a_challenge_for_her_club(desk, club):
    response = desk.post("/organisation/challenges/", {**FORM, "club": club.pk}, follow=True)

    challenge = Challenge.objects.get()
    assert response.redirect_chain == [("/organisation/challenges/challenge-2026/", 302)]
    assert messages_of(response) == ["Challenge créé. Ajoutez maintenant ses concours."]
    assert (
        challenge.club,
        challenge.points_win,
        challenge.points_draw,
        challenge.points_loss,
        challenge.points_bye,
        challenge.counts_scored_points,
        challenge.rank_points_values,
        challenge.best_of,
        challenge.minimum,
    ) == (club, 2, 1, 0, 1, True, (10, 5), None, 2)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("points_win", "-1", "Points par partie gagnée : entrez un nombre entier de 0 à 9999."),
        ("points_draw", "100000", "Points par partie nulle : entrez un nombre entier de 0 à 9999."),
        ("points_loss", "deux", "Points par partie perdue : entrez un nombre entier de 0 à 9999."),
        ("points_bye", "1.5", "Points par exempt : entrez un nombre entier de 0 à 9999."),
        ("best_of", "0", "Meilleurs concours comptés : entrez un nombre entier de 1 à 999."),
        (
            "minimum",
            "1000",
            "Concours nécessaires pour être classé : entrez un nombre entier de 1 à 999.",
        ),
        (
            "rank_points",
            "20, -5",
            "Points de place : « -5 » n’est pas un nombre entier de 0 à 9999 ; tapez les points "
            "de la 1re, 2e… place séparés par des virgules.",
        ),
        (
            "rank_points",
            ", ".join(["1"] * 51),
            "Points de place : donnez au plus 50 valeurs, une par place.",
        ),
        ("name", "  ", "Ce champ est obligatoire."),
    ],
)
def test_a_bad_formula_is_refused_naming_its_field_and_nothing_is_saved(
    desk, club, field, value, message
):
    response = desk.post("/organisation/challenges/", {**FORM, "club": club.pk, field: value})

    assert (
        response.status_code,
        response.context["form"].errors[field],
        Challenge.objects.count(),
    ) == (
        200,
        [message],
        0,
    )


def test_a_second_challenge_of_the_same_name_is_refused_naming_the_field(desk, club):
    ChallengeFactory(club=club, name="Challenge 2026", slug="premier")

    response = desk.post("/organisation/challenges/", {**FORM, "club": club.pk})

    assert (response.context["form"].errors["name"], Challenge.objects.count()) == (
        ["Nom : le club a déjà un challenge nommé « Challenge 2026 »."],
        1,
    )


def test_an_organiser_cannot_create_a_challenge_for_another_club(client, club):
    intruder = UserFactory(username="intrus")
    ClubFactory(name="Autre club").organisers.add(intruder)
    client.force_login(intruder)
    client.cookies["django_language"] = "fr"

    response = client.post("/organisation/challenges/", {**FORM, "club": club.pk})

    assert (response.context["form"].errors["club"], Challenge.objects.count()) == (
        ["Sélectionnez un choix valide. Ce choix ne fait pas partie de ceux disponibles."],
        0,
    )


def test_adding_a_concours_counts_it_and_an_unfinished_one_is_refused(desk, club):
    _club, first, _second, _records = two_concours(club)
    playing = concours(club, "en-cours", 24)
    RoundFactory(tournament=playing, number=1, status=Round.Status.PUBLISHED)
    challenge = ChallengeFactory(club=club, slug="c")

    added = desk.post(
        "/organisation/challenges/c/concours/ajouter/", {"concours": "a"}, follow=True
    )
    refused = desk.post("/organisation/challenges/c/concours/ajouter/", {"concours": "en-cours"})

    assert messages_of(added) == ["« Concours A » ajouté."]
    assert refused.context["add_form"].errors["concours"] == [
        "Concours : « Concours EN-COURS » n’est pas terminé ; clôturez d’abord toutes ses parties."
    ]
    assert list(challenge.entries.values_list("tournament__slug", flat=True)) == ["a"]


def test_a_concours_of_another_club_is_refused_by_name(desk, club):
    challenge = ChallengeFactory(club=club, slug="c")
    _other, elsewhere, _second, _records = two_concours(ClubFactory(name="Autre club"))

    response = desk.post(
        "/organisation/challenges/c/concours/ajouter/", {"concours": elsewhere.slug}
    )

    assert (response.context["add_form"].errors["concours"], challenge.entries.count()) == (
        ["Concours : « Concours A » n’est pas un concours du club de ce challenge."],
        0,
    )


def test_removing_a_concours(desk, season):
    response = desk.post("/organisation/challenges/automne/concours/a/retirer/", follow=True)

    assert messages_of(response) == ["« Concours A » retiré."]
    assert list(ChallengeConcours.objects.values_list("tournament__slug", "position")) == [("b", 1)]


def test_the_manage_page_lists_the_concours_and_offers_the_others(desk, season):
    club = season.club
    third = concours(club, "c", 30)
    RoundFactory(tournament=third, number=1, status=Round.Status.CLOSED)

    response = desk.get("/organisation/challenges/automne/")

    assert (
        [t.slug for t in response.context["concours"]],
        response.context["add_form"].fields["concours"].choices,
    ) == (["a", "b"], [("c", "Concours C (30/10/2026)")])


# Best of one concours: Anne A 1030 (B 680 does not count), Bruno A 1030 (B 530), Denis
# and Eve A 720 (B 670; Denis as written last, « denis lac »), Chloé B 680 (A 530), Jean 530 twice (the earlier counts).
PEOPLE = [
    ["1", "Anne Roux", "1030", "1", "900", "2", "1030", "(680)"],
    ["2", "Bruno Vidal", "1030", "1", "900", "2", "1030", "(530)"],
    ["3", "denis lac", "720", "0", "700", "2", "720", "(670)"],
    ["4", "Eve Mas", "720", "0", "700", "2", "720", "(670)"],
    ["5", "Chloé Noël", "680", "0", "600", "2", "(530)", "680"],
    ["6", "Jean Dupont", "530", "0", "500", "2", "530", "(530)"],
]
PAIR_HEADINGS = [
    "Rang",
    "Équipe",
    "Points de challenge",
    "Parties gagnées",
    "Points marqués",
    "Concours joués",
    "Concours A",
    "Concours B",
]
HEADINGS = [
    "Rang",
    "Joueur",
    "Points de challenge",
    "Parties gagnées",
    "Points marqués",
    "Concours joués",
    "Concours A",
    "Concours B",
]


def test_the_public_page_shows_the_ranking_and_the_pairs(client, season):
    client.cookies["django_language"] = "fr"

    response = client.get("/challenges/automne/")

    assert table_rows(response, "challenge-people") == [HEADINGS, *PEOPLE]
    assert table_rows(response, "challenge-pairs") == [
        PAIR_HEADINGS,
        ["1", "denis lac / Eve Mas", "720", "0", "700", "2", "720", "(670)"],
    ]


def test_the_projector_shows_the_ranking(client, season):
    client.cookies["django_language"] = "fr"

    response = client.get(f"/ecran-challenge/{season.projector_token}/")

    assert table_rows(response, "challenge-people") == [HEADINGS, *PEOPLE]


def test_the_pdf_prints_the_ranking_and_the_pairs(season):
    with translation.override("fr"):
        html = challenge_html(challenge=season)
        data = challenge_pdf(challenge=season)

    assert html_tables(html, "challenge-people") == [[HEADINGS, *PEOPLE]]
    assert html_tables(html, "challenge-pairs") == [
        [PAIR_HEADINGS, ["1", "denis lac / Eve Mas", "720", "0", "700", "2", "720", "(670)"]]
    ]
    assert data[:5] == b"%PDF-"


def test_the_workbook_has_a_sheet_of_people_and_one_of_pairs(season):
    with translation.override("fr"):
        workbook = openpyxl.load_workbook(io.BytesIO(challenge_xlsx(challenge=season)))

    assert workbook.sheetnames == ["Classement", "Équipes"]
    assert [[cell.value for cell in row] for row in workbook["Classement"].iter_rows()] == [
        HEADINGS,
        [1, "Anne Roux", 1030, 1, 900, 2, 1030, "(680)"],
        [2, "Bruno Vidal", 1030, 1, 900, 2, 1030, "(530)"],
        [3, "denis lac", 720, 0, 700, 2, 720, "(670)"],
        [4, "Eve Mas", 720, 0, 700, 2, 720, "(670)"],
        [5, "Chloé Noël", 680, 0, 600, 2, "(530)", 680],
        [6, "Jean Dupont", 530, 0, 500, 2, 530, "(530)"],
    ]
    assert [[cell.value for cell in row] for row in workbook["Équipes"].iter_rows()] == [
        PAIR_HEADINGS,
        [1, "denis lac / Eve Mas", 720, 0, 700, 2, 720, "(670)"],
    ]


def test_the_workbooks_sheets_are_named_in_english_when_english_is_active(season):
    with translation.override("en"):
        workbook = openpyxl.load_workbook(io.BytesIO(challenge_xlsx(challenge=season)))

    assert workbook.sheetnames == ["Standings", "Teams"]
    assert [cell.value for cell in workbook["Teams"][2]] == [
        1,
        "denis lac / Eve Mas",
        720,
        0,
        700,
        2,
        720,
        "(670)",
    ]


def test_the_workbook_downloads_for_the_organiser(desk, season):
    response = desk.get("/organisation/challenges/automne/classement.xlsx")

    assert (response.status_code, response["Content-Disposition"]) == (
        200,
        'attachment; filename="automne.xlsx"',
    )
