"""The organiser's team import: upload, preview with every problem in French, then confirm."""

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from openpyxl import Workbook

from tests.factories import ClubFactory, RoundFactory, TeamFactory, TournamentFactory, UserFactory
from tournaments.forms.team_import import TEAM_FILE_MAX_BYTES
from tournaments.models import Round, Team
from tournaments.views.team_import import SESSION_KEY

URL = "/concours/t/gestion/equipes/importer/"
CONFIRM_URL = "/concours/t/gestion/equipes/importer/confirmer/"
TEAMS_URL = "/concours/t/gestion/equipes/"
VALID_CSV = (
    "Numéro;Joueur 1;Joueur 2;Club\r\n"
    "1;Hélène Martin;Paul Durand;Belote Club de Rodez\r\n"
    ";Jean Roux;Marie Blanc;\r\n"
    "5;Luc Petit;Anne Morel;Coinche Club\r\n"
).encode("cp1252")
PROBLEM_CSV = (
    "numéro;joueur 1;joueur 2;club\n"
    "1;Hélène Martin;Paul Durand;ACB\n"
    "1;Jean Roux;;\n"
    ";PAUL DURAND;hélène martin;\n"
    "x;Luc Petit;Anne Morel;\n"
).encode()


@pytest.fixture
def tournament(organiser):
    club = ClubFactory()
    club.organisers.add(organiser)
    return TournamentFactory(club=club, slug="t")


@pytest.fixture
def french_client(client, organiser, tournament):
    client.force_login(organiser)
    client.cookies["django_language"] = "fr"
    return client


def upload(client, data: bytes, name: str = "equipes.csv"):
    return client.post(URL, {"file": SimpleUploadedFile(name, data)})


def preview_lines(response) -> list[tuple]:
    return [
        (line.row.line, line.row.number, line.row.player_1, line.messages)
        for line in response.context["lines"]
    ]


def saved_teams() -> list[tuple]:
    return list(
        Team.objects.order_by("number").values_list("number", "player_1", "player_2", "club__name")
    )


def test_the_page_shows_the_upload_form(french_client):
    response = french_client.get(URL)

    assert (response.status_code, response.templates[0].name) == (
        200,
        "tournaments/team_import.html",
    )
    assert list(response.context["form"].fields) == ["file"]


def test_a_file_with_problems_shows_every_problem_in_french_and_saves_nothing(
    french_client, tournament
):
    TeamFactory(tournament=tournament, number=9, player_1="Luc Petit", player_2="Anne Morel")

    response = upload(french_client, PROBLEM_CSV)

    assert response.status_code == 422
    assert preview_lines(response) == [
        (2, 1, "Hélène Martin", ()),
        (
            3,
            1,
            "Jean Roux",
            (
                "Le numéro 1 est déjà utilisé à la ligne 2.",
                "Le nom du joueur 2 manque.",
            ),
        ),
        (4, None, "PAUL DURAND", ("Les deux mêmes joueurs sont déjà à la ligne 2.",)),
        (
            5,
            None,
            "Luc Petit",
            (
                "« x » n’est pas un numéro d’équipe : écrivez un nombre entier de 1 à 9999, ou "
                "laissez la case vide.",
                "Ces deux joueurs sont déjà inscrits comme équipe 9.",
            ),
        ),
    ]
    context = response.context
    assert (
        context["file_problems"],
        context["ready_count"],
        context["problem_count"],
        context["confirm_form"],
    ) == ([], 1, 5, None)
    assert "1 équipe prête,\n      5 problèmes" in response.content.decode()
    assert (Team.objects.count(), SESSION_KEY in french_client.session) == (1, False)


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        (
            "equipes.xlsx",
            b"joueur 1;joueur 2\nA;B\n",
            "Ce fichier ne peut pas être lu comme un classeur Excel (.xlsx) : ouvrez-le dans "
            "votre tableur et enregistrez-le de nouveau en .xlsx ou en CSV.",
        ),
        (
            "equipes.csv",
            b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
            "Ce fichier n’est pas un fichier texte CSV : enregistrez le tableau en CSV, ou en "
            "classeur Excel avec l’extension .xlsx.",
        ),
        (
            "equipes.xls",
            b"\xd0\xcf\x11\xe0",
            "Ce fichier n’est ni un CSV (.csv, .txt) ni un classeur Excel (.xlsx) : "
            "enregistrez le tableau dans l’un de ces formats.",
        ),
        (
            "equipes.csv",
            "Nom;Prénom;Club\nMartin;Hélène;ACB\n".encode("cp1252"),
            "Colonne(s) manquante(s) : joueur 1, joueur 2. La première ligne doit nommer les "
            "colonnes : numéro, joueur 1, joueur 2, club, nom de l’équipe (seuls les joueurs sont "
            "obligatoires).",
        ),
        (
            "equipes.csv",
            b"joueur 1;joueur 2;club;Club\nA;B;C;D\n",
            "Deux colonnes s’appellent « club » : n’en gardez qu’une.",
        ),
        (
            "equipes.csv",
            b"joueur 1;joueur 2\n",
            "Le fichier a une ligne d’en-tête mais aucune équipe.",
        ),
        ("equipes.csv", b"\n\n", "Le fichier est vide."),
    ],
)
def test_a_file_in_the_wrong_format_encoding_or_columns_gets_a_clear_message(
    french_client, name, data, message
):
    response = upload(french_client, data, name)

    assert (
        response.status_code,
        response.context["file_problems"],
        response.context["lines"],
        Team.objects.count(),
    ) == (422, [message], [], 0)


def test_a_valid_file_is_previewed_then_saved_with_its_numbers_names_and_clubs(
    french_client, tournament
):
    TeamFactory(tournament=tournament, number=2, player_1="Léa Fort", player_2="Tom Vif")
    preview = upload(french_client, VALID_CSV)
    token = preview.context["confirm_form"].initial["token"]

    response = french_client.post(CONFIRM_URL, {"token": token}, follow=True)

    assert (preview.status_code, preview_lines(preview)) == (
        200,
        [
            (2, 1, "Hélène Martin", ()),
            (3, None, "Jean Roux", ()),
            (4, 5, "Luc Petit", ()),
        ],
    )
    assert response.redirect_chain == [(TEAMS_URL, 302)]
    assert [str(m) for m in response.context["messages"]] == ["3 équipes inscrites."]
    assert saved_teams() == [
        (1, "Hélène Martin", "Paul Durand", "Belote Club de Rodez"),
        (2, "Léa Fort", "Tom Vif", None),
        (5, "Luc Petit", "Anne Morel", "Coinche Club"),
        (6, "Jean Roux", "Marie Blanc", None),
    ]
    assert (SESSION_KEY in french_client.session) is False


def test_an_xlsx_file_is_saved_like_a_csv(french_client):
    workbook = Workbook()
    workbook.active.append(["number", "player_1", "player_2", "club"])
    workbook.active.append([3, "Hélène Martin", "Paul Durand", "ACB"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    token = upload(french_client, buffer.getvalue(), "equipes.xlsx").context["confirm_form"]
    token = token.initial["token"]

    response = french_client.post(CONFIRM_URL, {"token": token})

    assert (response.status_code, saved_teams()) == (
        302,
        [(3, "Hélène Martin", "Paul Durand", "ACB")],
    )


def test_the_preview_says_when_the_teams_will_join_a_running_tournament(french_client, tournament):
    RoundFactory(tournament=tournament, number=1)

    response = upload(french_client, VALID_CSV)

    assert response.context["first_round"] == 2
    assert (
        "Une partie a déjà été publiée : ces équipes joueront à partir de la partie 2."
        in response.content.decode()
    )


LEFT_OUT_OF_DRAFT_2_3 = (
    "La partie 2 est tirée en brouillon sans ces 3 équipes : elles jouent à partir de la "
    "partie 3. Pour les inclure dans la partie 2, annulez le brouillon et tirez à nouveau."
)


def test_the_preview_says_teams_imported_during_a_draft_play_from_the_round_after_it(
    french_client, tournament
):
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)

    response = upload(french_client, VALID_CSV)

    page = " ".join(response.content.decode().split())
    assert (response.context["first_round"], response.context["draft_warning"]) == (
        3,
        LEFT_OUT_OF_DRAFT_2_3,
    )
    assert re.findall(r'<p class="notice">(.*?)</p>', page) == [LEFT_OUT_OF_DRAFT_2_3]


def test_teams_imported_during_a_draft_play_from_the_round_after_it(french_client, tournament):
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    token = upload(french_client, VALID_CSV).context["confirm_form"].initial["token"]

    response = french_client.post(CONFIRM_URL, {"token": token}, follow=True)

    assert [str(m) for m in response.context["messages"]] == [
        "3 équipes inscrites.",
        LEFT_OUT_OF_DRAFT_2_3,
    ]
    assert list(
        Team.objects.order_by("number").values_list("number", "first_round", "is_checked_in")
    ) == [(1, 3, True), (5, 3, True), (6, 3, True)]


def test_confirm_is_refused_when_the_file_had_problems(french_client):
    upload(french_client, PROBLEM_CSV)

    response = french_client.post(CONFIRM_URL, {"token": "anything"}, follow=True)

    assert response.redirect_chain == [(URL, 302)]
    assert [str(m) for m in response.context["messages"]] == [
        "Cet aperçu n’est plus disponible : envoyez de nouveau le fichier."
    ]
    assert Team.objects.count() == 0


def test_confirm_with_another_token_saves_nothing(french_client):
    upload(french_client, VALID_CSV)

    response = french_client.post(CONFIRM_URL, {"token": "not-the-token"})

    assert (response.status_code, response["Location"], Team.objects.count()) == (302, URL, 0)


def test_a_later_upload_with_problems_forgets_the_previous_preview(french_client):
    token = upload(french_client, VALID_CSV).context["confirm_form"].initial["token"]
    upload(french_client, PROBLEM_CSV)

    response = french_client.post(CONFIRM_URL, {"token": token})

    assert (response.status_code, response["Location"], Team.objects.count()) == (302, URL, 0)


def test_the_same_confirm_sent_twice_registers_the_teams_once(french_client):
    token = upload(french_client, VALID_CSV).context["confirm_form"].initial["token"]
    french_client.post(CONFIRM_URL, {"token": token})

    response = french_client.post(CONFIRM_URL, {"token": token})

    assert (response.status_code, response["Location"], Team.objects.count()) == (302, URL, 3)


def test_teams_registered_since_the_preview_stop_the_confirm_and_show_why(
    french_client, tournament
):
    token = upload(french_client, VALID_CSV).context["confirm_form"].initial["token"]
    TeamFactory(tournament=tournament, number=5, player_1="Léa Fort", player_2="Tom Vif")

    response = french_client.post(CONFIRM_URL, {"token": token})

    assert response.status_code == 422
    assert preview_lines(response)[2] == (
        4,
        5,
        "Luc Petit",
        ("Le numéro 5 est déjà pris par l’équipe Léa Fort / Tom Vif.",),
    )
    assert (response.context["confirm_form"], Team.objects.count()) == (None, 1)


def test_a_preview_kept_for_another_tournament_cannot_be_confirmed_here(
    french_client, organiser, tournament
):
    other = TournamentFactory(club=tournament.club, slug="autre")
    preview = french_client.post(
        "/concours/autre/gestion/equipes/importer/",
        {"file": SimpleUploadedFile("equipes.csv", VALID_CSV)},
    )
    token = preview.context["confirm_form"].initial["token"]

    response = french_client.post(CONFIRM_URL, {"token": token})

    assert (response.status_code, Team.objects.filter(tournament=other).count()) == (302, 0)
    assert Team.objects.count() == 0


def test_a_file_over_2_mb_is_refused_with_its_size(french_client):
    data = b"joueur 1;joueur 2\n" + b"A;B\n" * (TEAM_FILE_MAX_BYTES // 4)

    response = upload(french_client, data)

    assert (response.status_code, response.context["form"].errors) == (
        422,
        {"file": ["Ce fichier fait 2,0\xa0Mio : importez un fichier de 2,0\xa0Mio au plus."]},
    )
    assert Team.objects.count() == 0


def test_an_upload_without_a_file_asks_for_one(french_client):
    response = french_client.post(URL, {})

    assert (response.status_code, response.context["form"].errors) == (
        422,
        {"file": ["Choisissez le fichier à importer."]},
    )


def test_another_clubs_organiser_gets_404_on_both_pages_and_nothing_is_saved(
    client, organiser, tournament
):
    client.force_login(organiser)
    token = upload(client, VALID_CSV).context["confirm_form"].initial["token"]
    intruder = Client()
    intruder.force_login(UserFactory(username="intrus"))

    statuses = (
        intruder.get(URL).status_code,
        upload(intruder, VALID_CSV).status_code,
        intruder.post(CONFIRM_URL, {"token": token}).status_code,
    )

    assert (statuses, Team.objects.count()) == ((404, 404, 404), 0)


@pytest.mark.parametrize("url", [URL, CONFIRM_URL])
def test_an_anonymous_visitor_is_sent_to_log_in(client, tournament, url):
    response = client.post(url, {"file": SimpleUploadedFile("equipes.csv", VALID_CSV)})

    assert (response.status_code, response["Location"], Team.objects.count()) == (
        302,
        f"/comptes/connexion/?next={url}",
        0,
    )


def test_get_on_the_confirm_url_is_not_allowed(french_client):
    response = french_client.get(CONFIRM_URL)

    assert response.status_code == 405


def test_a_post_without_the_csrf_token_is_refused(organiser, tournament):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)

    response = upload(client, VALID_CSV)

    assert (response.status_code, Team.objects.count()) == (403, 0)


def test_the_preview_is_in_english_for_an_english_visitor(client, organiser, tournament):
    client.force_login(organiser)
    client.cookies["django_language"] = "en"

    response = upload(client, b"player_1,player_2\nHelene,\n")

    assert preview_lines(response) == [(2, None, "Helene", ("Player 2's name is missing.",))]


def test_the_preview_names_the_columns_it_does_not_import_and_the_lines_too_wide(
    french_client,
):
    data = (
        "numéro,joueur 1,joueur 2,club,Remarque\n"
        "1,Hélène Martin,Paul Durand,ACB,Les As\n"
        "2,Gérard Lenoir,Henri Leblanc,Club, avec virgule,Les Rois\n"
    ).encode()

    response = upload(french_client, data)

    page = response.content.decode()
    assert "Colonnes non importées (inconnues de Belote Club) :\n        « Remarque »" in page
    assert preview_lines(response) == [
        (2, 1, "Hélène Martin", ()),
        (3, 2, "Gérard Lenoir", (
            "Cette ligne a 6 valeurs pour 5 colonnes (« Les Rois » est de trop) : une virgule "
            "dans un nom ? Mettez ce nom entre guillemets, ou séparez les colonnes par « ; ».",
        )),
    ]  # fmt: skip
    assert response.status_code == 422


def test_the_preview_names_the_team_name_column_and_the_unknown_ones_then_saves_the_names(
    french_client, tournament
):
    data = (
        "Joueur 1;Joueur 2;Nom de l'équipe;Téléphone\n"
        "Hélène Martin;Paul Durand;Les As;0600000000\n"
        "Jean Roux;Marie Blanc;;\n"
    ).encode()
    preview = upload(french_client, data)
    token = preview.context["confirm_form"].initial["token"]

    french_client.post(CONFIRM_URL, {"token": token})

    page = preview.content.decode()
    assert (
        preview.context["mapped_columns"],
        preview.context["ignored_columns"],
        [(line.row.line, line.row.name) for line in preview.context["lines"]],
    ) == (
        [
            ("Joueur 1", "joueur 1"),
            ("Joueur 2", "joueur 2"),
            ("Nom de l'équipe", "nom de l’équipe"),
        ],
        ("Téléphone",),
        [(2, "Les As"), (3, "")],
    )
    assert page.count('<th scope="col">Nom de l’équipe</th>') == 1
    assert list(Team.objects.order_by("number").values_list("player_1", "name")) == [
        ("Hélène Martin", "Les As"),
        ("Jean Roux", ""),
    ]


REPEATED_CSV = (
    "joueur 1;joueur 2\nAnne A;Bob B\nanne a ;Carl C\nEve E;Eve E\nDan D;Zoé Roux\n"
).encode()


def test_a_player_on_two_lines_or_twice_in_a_team_is_a_problem_of_the_preview(
    french_client, tournament
):
    TeamFactory(tournament=tournament, number=7, player_1="Zoé Roux", player_2="Léo Vif")

    response = upload(french_client, REPEATED_CSV)

    assert response.status_code == 422
    assert preview_lines(response) == [
        (2, None, "Anne A", ()),
        (3, None, "anne a", ("anne a joue déjà dans l’équipe de la ligne 2.",)),
        (4, None, "Eve E", ("Eve E ne peut pas être les deux joueurs d’une équipe.",)),
        (5, None, "Dan D", ("Zoé Roux joue déjà dans l’équipe 7 de ce concours.",)),
    ]
    context = response.context
    assert (context["ready_count"], context["problem_count"], context["confirm_form"]) == (
        1,
        3,
        None,
    )
    assert (Team.objects.count(), SESSION_KEY in french_client.session) == (1, False)


def test_a_player_on_two_lines_is_a_problem_in_english(client, organiser, tournament):
    client.force_login(organiser)
    client.cookies["django_language"] = "en"

    response = upload(client, b"player_1,player_2\nAnne A,Bob B\nCarl C,ANNE A\nEve E,eve e\n")

    assert [line.messages for line in response.context["lines"]] == [
        (),
        ("ANNE A already plays in the team of line 2.",),
        ("Eve E cannot be both players of one team.",),
    ]
    assert Team.objects.count() == 0
