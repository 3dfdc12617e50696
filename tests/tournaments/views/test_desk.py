"""The organiser's desk, clicked through: set-up, teams, draws, rounds."""

import re

import pytest

from tests.factories import TeamFactory, TournamentFactory
from tournaments.models import Bye, Club, Match, Round, Team, Tournament


@pytest.fixture
def tournament(club):
    tournament = TournamentFactory(club=club, slug="t", match_format_value=1, number_of_rounds=3)
    for number in range(1, 6):
        TeamFactory(
            tournament=tournament, number=number, player_1=f"A{number}", player_2=f"B{number}"
        )
    return tournament


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_an_organiser_creates_a_tournament_for_their_club(desk, club):
    response = desk.post(
        "/organisation/concours/nouveau/",
        {
            "club": club.pk,
            "name": "Concours de Noël",
            "date": "2026-12-20",
            "venue": "Salle des fêtes",
            "rules_preset": "belote-classique",
            "allows_no_trump_all_trump": "on",
            "match_format": "target",
            "match_format_value": "1001",
            "number_of_rounds": "4",
            "bye_credit": "fixed",
            "bye_credit_value": "500",
            "ranking": "wins-then-points",
            "tie_break_1": "points_difference",
            "tie_break_2": "head_to_head",
            "tie_break_3": "",
        },
        follow=True,
    )

    tournament = Tournament.objects.get()
    assert response.redirect_chain == [("/concours/concours-de-noel/gestion/equipes/", 302)]
    assert messages_of(response) == ["Concours créé. Inscrivez maintenant les équipes."]
    assert (
        tournament.club,
        tournament.rules_preset,
        tournament.match_format,
        tournament.match_format_value,
        tournament.bye_credit,
        tournament.bye_credit_value,
        tournament.ranking,
        tournament.tie_breaks,
        tournament.rules.allows_no_trump,
    ) == (
        club,
        "belote-classique",
        "target",
        1001,
        "fixed",
        500,
        "wins-then-points",
        "points_difference,head_to_head",
        False,
    )


def test_a_bad_settings_form_says_what_to_fix_and_saves_nothing(desk, club):
    response = desk.post(
        "/organisation/concours/nouveau/",
        {
            "club": club.pk,
            "name": "",
            "date": "demain",
            "rules_preset": "coinche-maison",
            "match_format": "deals",
            "match_format_value": "0",
            "number_of_rounds": "30",
            "bye_credit": "round-mean",
            "bye_credit_value": "0",
            "ranking": "points",
            "tie_break_1": "matches_won",
            "tie_break_2": "matches_won",
        },
    )

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "name": ["Ce champ est obligatoire."],
        "date": ["Saisissez une date valide."],
        "rules_preset": ["Sélectionnez un choix valide. coinche-maison n’en fait pas partie."],
        "match_format_value": ["Une partie compte de 1 à 64 donnes."],
        "number_of_rounds": ["Un concours compte de 1 à 20 parties."],
        "tie_break_2": ["Chaque départage ne peut servir qu’une fois."],
    }
    assert Tournament.objects.count() == 0


def test_the_preset_summary_follows_the_choice(client):
    client.cookies["django_language"] = "fr"

    response = client.get("/organisation/regle/?rules_preset=contree-points-annonces")

    assert response.content.decode() == (
        "Contrée, points annoncés : le preneur marque son contrat ; sur une chute la défense "
        "marque 160 (le contrat × 2 ou × 4 s’il est contré)."
    )


def test_settings_are_frozen_once_round_1_is_published(desk, tournament):
    Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    form = {
        "name": "Nouveau nom",
        "date": "2026-12-01",
        "rules_preset": "ffb-contree",
        "match_format": "deals",
        "match_format_value": "1",
        "number_of_rounds": "3",
        "bye_credit": "round-mean",
        "bye_credit_value": "0",
        "ranking": "points",
        "tie_break_1": "matches_won",
        "tie_break_2": "points_difference",
        "tie_break_3": "head_to_head",
    }

    response = desk.post("/concours/t/gestion/reglages/", form)

    page = desk.get("/concours/t/gestion/reglages/")

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rules_preset) == ("Nouveau nom", "ffb-coinche")
    form = page.context["form"]
    assert sorted(name for name, field in form.fields.items() if field.disabled) == [
        "allows_no_trump_all_trump",
        "bye_counts_as_win",
        "bye_credit",
        "bye_credit_value",
        "match_format",
        "match_format_value",
        "match_points_bye",
        "match_points_draw",
        "match_points_loss",
        "match_points_win",
        "number_of_rounds",
        "ranking",
        "rules_preset",
        "tie_break_1",
        "tie_break_2",
        "tie_break_3",
    ]


def test_registering_a_team_twice_is_refused_clearly(desk, tournament):
    response = desk.post("/concours/t/gestion/equipes/", {"player_1": "b3", "player_2": "A3"})

    assert response.context["form"].non_field_errors() == [
        "Ces deux joueurs sont déjà inscrits comme équipe 3."
    ]
    assert Team.objects.count() == 5


def test_a_team_registered_by_form_gets_the_next_number(desk, tournament):
    response = desk.post(
        "/concours/t/gestion/equipes/",
        {"player_1": "Noé", "player_2": "Zoé", "club": "Club de Sète"},
        follow=True,
    )

    assert messages_of(response) == ["Équipe 6 inscrite."]
    team = Team.objects.get(number=6)
    assert (team.players, team.club.name, team.first_round) == ("Noé / Zoé", "Club de Sète", 1)


def test_a_team_registered_with_control_characters_is_stored_clean_in_the_existing_club(
    desk, tournament, club
):
    response = desk.post(
        "/concours/t/gestion/equipes/",
        {
            "player_1": "Ctl\x0bChar",
            "player_2": "Esc\x1b[31mRed\x01",
            "club": "Amicale de Cahors\x7f",
        },
        follow=True,
    )

    assert messages_of(response) == ["Équipe 6 inscrite."]
    team = Team.objects.get(number=6)
    assert (team.player_1, team.player_2, team.club) == ("Ctl Char", "Esc[31mRed", club)
    assert list(Club.objects.values_list("name", flat=True)) == ["Amicale de Cahors"]


def test_a_team_edited_with_invisible_characters_keeps_one_club(desk, tournament, club):
    desk.post(
        "/concours/t/gestion/equipes/2/",
        {
            "number": "2",
            "player_1": "Bell\x07Ring",
            "player_2": "Tab\tName\u200b",
            "club": "\u200bAmicale\u00a0de  Cahors\x7f",
        },
    )

    team = Team.objects.get(number=2)
    assert (team.player_1, team.player_2, team.club) == ("BellRing", "Tab Name", club)
    assert list(Club.objects.values_list("name", flat=True)) == ["Amicale de Cahors"]


def test_a_team_of_invisible_names_is_refused_and_saves_nothing(desk, tournament):
    response = desk.post(
        "/concours/t/gestion/equipes/", {"player_1": "\u200b\x07", "player_2": "\x7f "}
    )

    assert response.context["form"].errors == {
        "player_1": ["Ce champ est obligatoire."],
        "player_2": ["Ce champ est obligatoire."],
    }
    assert Team.objects.count() == 5


def test_a_whole_round_from_the_desk(desk, tournament):
    desk.post("/concours/t/gestion/equipes/pointer-tout/")

    drawn = desk.post("/concours/t/gestion/tirer/", follow=True)
    double = desk.post("/concours/t/gestion/tirer/", follow=True)

    assert messages_of(drawn) == [
        "5 équipes pointées présentes.",
        "Partie 1 tirée : vérifiez-la, puis publiez-la.",
    ]
    assert messages_of(double) == [
        "La partie 1 n’est pas close : clôturez-la avant de tirer la suivante."
    ]
    round_ = Round.objects.get()
    assert (round_.status, round_.matches.count(), round_.byes.count()) == ("draft", 2, 1)
    assert desk.get("/concours/t/parties/1/").status_code == 404

    published = desk.post("/concours/t/gestion/parties/1/publier/", follow=True)
    refused = desk.post("/concours/t/gestion/parties/1/clore/", follow=True)
    desk.post("/concours/t/gestion/parties/1/tables/1/arreter/")
    desk.post("/concours/t/gestion/parties/1/tables/2/arreter/")
    closed = desk.post("/concours/t/gestion/parties/1/clore/", follow=True)

    assert messages_of(published) == ["Partie 1 publiée : les tables peuvent jouer."]
    assert messages_of(refused) == [
        "Des tables n’ont pas fini (tables 1, 2) : terminez-les ou arrêtez-les au temps."
    ]
    assert messages_of(closed)[-1] == "Partie 1 close."
    assert desk.get("/concours/t/parties/1/").status_code == 200


def test_swapping_two_teams_in_a_draft(desk, tournament):
    Team.objects.update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/")
    match = Match.objects.get(table_number=1)
    bye = Bye.objects.get().team.number
    first = match.team_a.number

    response = desk.post(
        "/concours/t/gestion/parties/1/echanger/", {"first": first, "second": bye}, follow=True
    )

    assert messages_of(response) == [
        "Partie 1 tirée : vérifiez-la, puis publiez-la.",
        f"Équipes {first} et {bye} échangées.",
        f"L’équipe {first} est maintenant exempte à la place de l’équipe {bye} : selon le "
        "règlement, l’exemption revient à l’équipe la moins bien classée qui ne l’a pas "
        "encore eue.",
    ]
    assert Bye.objects.get().team.number == first
    assert Match.objects.get(table_number=1).team_a.number == bye


def test_a_swap_that_makes_a_rematch_is_flagged_and_warned(desk, tournament):
    teams = {team.number: team for team in Team.objects.all()}
    first = Round.objects.create(tournament=tournament, number=1, status=Round.Status.CLOSED)
    Match.objects.create(round=first, table_number=1, team_a=teams[1], team_b=teams[2])
    Match.objects.create(round=first, table_number=2, team_a=teams[3], team_b=teams[4])
    draft = Round.objects.create(tournament=tournament, number=2, status=Round.Status.DRAFT)
    Match.objects.create(round=draft, table_number=1, team_a=teams[1], team_b=teams[3])
    Match.objects.create(round=draft, table_number=2, team_a=teams[2], team_b=teams[4])
    Bye.objects.create(round=draft, team=teams[5])

    response = desk.post(
        "/concours/t/gestion/parties/2/echanger/", {"first": 3, "second": 2}, follow=True
    )

    assert messages_of(response) == [
        "Équipes 3 et 2 échangées.",
        "Attention : aux tables 1, 2, les deux équipes se sont déjà rencontrées.",
    ]
    assert list(
        Match.objects.filter(round=draft)
        .order_by("table_number")
        .values_list("team_a__number", "team_b__number", "is_rematch")
    ) == [(1, 2, True), (3, 4, True)]
    page = response.content.decode()
    assert page.count('<tr class="rematch">') == 2
    assert page.count("Modifié à la main : ces deux équipes se sont déjà rencontrées.") == 2


def test_withdrawing_a_team_after_a_round(desk, tournament):
    Team.objects.update(is_checked_in=True)
    Round.objects.create(tournament=tournament, number=1, status=Round.Status.CLOSED)

    response = desk.post("/concours/t/gestion/equipes/2/retirer/", follow=True)

    assert messages_of(response) == ["Équipe 2 retirée : elle ne sera plus tirée."]
    team = Team.objects.get(number=2)
    assert (team.withdrawn_from_round, team.is_checked_in) == (2, False)


LEFT_OUT_OF_DRAFT_1 = (
    "La partie 1 est tirée en brouillon sans cette équipe : elle joue à partir de la partie 2. "
    "Pour l’inclure dans la partie 1, annulez le brouillon et tirez à nouveau."
)


def team_states(tournament):
    return list(
        Team.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "first_round", "is_checked_in")
    )


def test_a_team_registered_during_a_draft_is_told_it_plays_from_the_next_round(desk, tournament):
    Team.objects.update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)

    response = desk.post(
        "/concours/t/gestion/equipes/", {"player_1": "Noé", "player_2": "Zoé"}, follow=True
    )

    assert messages_of(response) == ["Équipe 6 inscrite.", LEFT_OUT_OF_DRAFT_1]
    team = Team.objects.get(number=6)
    assert (team.first_round, team.is_checked_in) == (2, True)
    page = " ".join(response.content.decode().split())
    assert re.findall(r"Présente · joue à partir de la partie \d+", page) == [
        "Présente · joue à partir de la partie 2"
    ]


def test_a_team_registered_during_a_draft_is_drawn_when_the_draft_is_drawn_again(desk, tournament):
    Team.objects.update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)
    desk.post("/concours/t/gestion/equipes/", {"player_1": "Noé", "player_2": "Zoé"}, follow=True)

    discarded = desk.post("/concours/t/gestion/parties/1/annuler/", follow=True)
    drawn = desk.post("/concours/t/gestion/tirer/", follow=True)

    assert messages_of(discarded) == ["Brouillon de la partie 1 annulé."]
    assert messages_of(drawn) == ["Partie 1 tirée : vérifiez-la, puis publiez-la."]
    round_ = Round.objects.get()
    seated = sorted(
        [*round_.matches.values_list("team_a__number", flat=True)]
        + [*round_.matches.values_list("team_b__number", flat=True)]
        + [*round_.byes.values_list("team__number", flat=True)]
    )
    assert seated == [1, 2, 3, 4, 5, 6]
    assert Team.objects.get(number=6).first_round == 1


def test_marking_absent_a_team_in_the_draft_is_refused_and_saves_nothing(desk, tournament):
    Team.objects.update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)
    number = Match.objects.get(table_number=1).team_a.number
    before = team_states(tournament)

    response = desk.post(
        f"/concours/t/gestion/equipes/{number}/pointer/", {"present": "0"}, follow=True
    )

    assert messages_of(response) == [
        f"L’équipe {number} figure dans le tirage en brouillon de la partie 1 : absente, elle "
        "laisserait son adversaire seul. Annulez le brouillon, marquez l’équipe absente, puis "
        "tirez à nouveau."
    ]
    assert team_states(tournament) == before
    assert (Round.objects.get().status, Match.objects.count(), Bye.objects.count()) == (
        "draft",
        2,
        1,
    )


def test_marking_present_a_team_left_out_of_the_draft_says_it_plays_from_the_next_round(
    desk, tournament
):
    Team.objects.exclude(number=5).update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)

    response = desk.post("/concours/t/gestion/equipes/5/pointer/", {"present": "1"}, follow=True)

    assert messages_of(response) == ["Équipe 5 présente.", LEFT_OUT_OF_DRAFT_1]
    assert Team.objects.get(number=5).is_checked_in is True


def test_marking_present_a_team_in_the_draft_says_nothing_more(desk, tournament):
    Team.objects.update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)
    number = Match.objects.get(table_number=1).team_b.number

    response = desk.post(
        f"/concours/t/gestion/equipes/{number}/pointer/", {"present": "1"}, follow=True
    )

    assert messages_of(response) == [f"Équipe {number} présente."]


def test_marking_every_team_present_during_a_draft_says_they_play_from_the_next_round(
    desk, tournament
):
    Team.objects.filter(number__lte=3).update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)

    response = desk.post("/concours/t/gestion/equipes/pointer-tout/", follow=True)

    assert messages_of(response) == [
        "2 équipes pointées présentes.",
        "La partie 1 est tirée en brouillon sans ces 2 équipes : elles jouent à partir de la "
        "partie 2. Pour les inclure dans la partie 1, annulez le brouillon et tirez à nouveau.",
    ]
    assert team_states(tournament) == [(n, 1, True) for n in range(1, 6)]


def test_marking_absent_a_team_playing_a_published_round_keeps_its_table(desk, tournament):
    Team.objects.update(is_checked_in=True)
    desk.post("/concours/t/gestion/tirer/", follow=True)
    desk.post("/concours/t/gestion/parties/1/publier/", follow=True)
    match = Match.objects.get(table_number=1)
    number = match.team_a.number

    response = desk.post(
        f"/concours/t/gestion/equipes/{number}/pointer/", {"present": "0"}, follow=True
    )

    assert messages_of(response) == [
        f"Équipe {number} absente.",
        f"La partie 1 est déjà publiée : l’équipe {number} y garde sa place et ne sera "
        "simplement pas tirée à la partie suivante.",
    ]
    assert Team.objects.get(number=number).is_checked_in is False
    assert Match.objects.get(table_number=1).team_a.number == number


def test_the_desk_and_round_pages_offer_every_print_and_export(desk, tournament):
    Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)

    desk_page = desk.get("/concours/t/gestion/").content.decode()
    round_page = desk.get("/concours/t/gestion/parties/1/").content.decode()
    public_page = desk.get("/concours/t/").content.decode()

    links = re.compile(r'href="([^"]+\.(?:pdf|xlsx|csv)[^"]*)"')
    # The team cards are a POST (it gives a link to a team that has none): a button.
    buttons = re.compile(r'<form method="post" action="([^"]+\.pdf)"')
    assert (buttons.findall(desk_page), buttons.findall(round_page)) == (
        ["/concours/t/gestion/cartes-equipes.pdf"],
        ["/concours/t/gestion/cartes-equipes.pdf"],
    )
    assert links.findall(desk_page) == [
        "/concours/t/classement.pdf",
        "/concours/t/gestion/export.xlsx",
        "/concours/t/gestion/classement.csv?excel=fr",
        "/concours/t/gestion/classement.csv",
        "/concours/t/gestion/donnes.csv?excel=fr",
        "/concours/t/gestion/donnes.csv",
    ]
    assert links.findall(round_page) == [
        "/concours/t/gestion/parties/1/feuilles.pdf",
        "/concours/t/gestion/parties/1/feuilles.pdf?two_per_page=1",
        "/concours/t/gestion/parties/1/tirage.pdf",
        "/concours/t/gestion/parties/1/resultats.pdf",
    ]
    assert links.findall(public_page) == ["/concours/t/classement.pdf"]


def help_texts(response) -> list[str]:
    return re.findall(r'<p class="helptext">([^<]*)</p>', response.content.decode())


MELEE_HELP = (
    "Players register alone; partners and opponents are drawn at each partie, and the "
    "standings are individual."
)


# The mêlée is chosen once, at creation: the settings page has no such box.
@pytest.mark.parametrize(
    ("address", "melee"),
    [("/organisation/concours/nouveau/", [MELEE_HELP]), ("/concours/t/gestion/reglages/", [])],
)
def test_the_settings_forms_help_texts_are_english_words_in_english(
    desk, tournament, address, melee
):
    desk.cookies["django_language"] = "en"

    texts = help_texts(desk.get(address))

    assert texts == [
        "Only for the presets that allow them.",
        "When ranking by match points: what a match won gives.",
        "When ranking by match points: what each side of a draw gets.",
        "When ranking by match points: what a match lost gives.",
        "When ranking by match points: what a bye (exempt team) gives.",
        "Each table may be switched on the round&#x27;s desk, at any time.",
        *melee,
    ]


def test_the_restore_forms_help_text_names_the_button_in_english(desk, club):
    desk.cookies["django_language"] = "en"

    texts = help_texts(desk.get("/organisation/concours/restaurer/"))

    assert texts == [
        "The .json file downloaded with “Download the backup”.",
        "Leave empty to keep the tournament’s name.",
    ]
