"""A mêlée run at the desk (views/melee.py, views/rounds.py, RULES.md §H): created as one,
its players registered and checked in, a partie drawn, changed by a swap, published, then
played on the round desk as any round; bad input says why in French and saves nothing."""

import datetime
import re

import pytest

from scoring import MatchTotals
from tests.factories import TournamentFactory
from tests.html_reading import table_rows
from tournaments import services
from tournaments.models import (
    MeleeConcours,
    MeleeDraft,
    MeleePlayer,
    Round,
    SitOut,
    Team,
    Tournament,
)
from tournaments.services import MeleePlayerData

PLAYERS = "/concours/t/gestion/joueurs/"
DRAW = "/concours/t/gestion/tirer/"
PARTIE_1 = "/concours/t/gestion/parties/1/"
NOW = datetime.datetime(2026, 12, 1, 14, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tournament(club):
    return TournamentFactory(club=club, slug="t", number_of_rounds=3)


def register(tournament, count):
    return services.register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, count + 1)],
        rng=None,
    )


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


def test_a_concours_created_a_la_melee_opens_its_players(desk, club):
    response = desk.post(
        "/organisation/concours/nouveau/",
        {
            "club": club.pk,
            "name": "Mêlée du jeudi",
            "date": "2026-12-03",
            "rules_preset": "belote-classique",
            "match_format": "target",
            "match_format_value": "1001",
            "number_of_rounds": "4",
            "bye_credit": "fixed",
            "bye_credit_value": "500",
            "ranking": "wins-then-points",
            "tie_break_1": "points_difference",
            "melee": "on",
        },
        follow=True,
    )

    tournament = Tournament.objects.get()
    assert response.redirect_chain == [("/concours/melee-du-jeudi/gestion/joueurs/", 302)]
    assert messages_of(response) == ["Mêlée créée. Inscrivez maintenant les joueurs."]
    assert MeleeConcours.objects.filter(tournament=tournament).count() == 1


def test_the_players_page_lists_each_player_with_their_state(desk, tournament):
    players = register(tournament, 3)
    services.set_melee_player_present(player=players[1], is_present=False)
    services.set_melee_player_withdrawn(player=players[2], is_withdrawn=True)
    services.update_melee_player(
        player=players[0], data=MeleePlayerData(name="Joueur 1", club="Amicale")
    )

    response = desk.get(PLAYERS)

    assert table_rows(response, "melee-players") == [
        ["Numéro", "Nom", "Club", "Présent", "Forfait", "Actions"],
        ["1", "Joueur 1", "Amicale", "oui", "non", "Modifier Marquer absent Retirer"],
        ["2", "Joueur 2", "", "non", "non", "Modifier Marquer présent Retirer"],
        ["3", "Joueur 3", "", "oui", "oui", "Modifier Marquer absent Réintégrer"],
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "   "}, "Ce champ est obligatoire."),
        ({"name": "joueur 1"}, "Un joueur nommé « joueur 1 » est déjà inscrit."),
        ({"name": "Lucette", "number": "1"}, "Le numéro de joueur 1 est déjà pris."),
    ],
)
def test_a_player_refused_is_said_why_and_nothing_is_saved(desk, tournament, data, message):
    register(tournament, 1)

    response = desk.post(PLAYERS, data)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert list(MeleePlayer.objects.values_list("number", "name")) == [(1, "Joueur 1")]


def test_a_player_is_registered_edited_checked_out_and_withdrawn(desk, tournament):
    desk.post(PLAYERS, {"name": "Lucette Roy", "club": "Amicale"})
    desk.post(f"{PLAYERS}1/", {"name": "Lucette Royer", "number": "4", "club": ""})
    desk.post(f"{PLAYERS}4/presence/", {"present": "0"})
    desk.post(f"{PLAYERS}4/forfait/", {"withdrawn": "1"})

    player = MeleePlayer.objects.get()
    assert (player.number, player.name, player.club, player.is_checked_in, player.is_withdrawn) == (
        4,
        "Lucette Royer",
        None,
        False,
        True,
    )


def test_a_partie_is_drawn_shown_swapped_and_published(desk, tournament):
    register(tournament, 22)

    response = desk.post(DRAW, follow=True)

    round_ = Round.objects.get()
    assert (round_.number, round_.status) == (1, "draft")
    rows = table_rows(response, "melee-draw")
    assert rows[0] == ["Table", "Paire A", "Paire B", "Répétitions"]
    assert len(rows) == 6
    sit_outs = [
        p.number for p in MeleePlayer.objects.filter(pk__in=round_.melee_draft.draw["sit_outs"])
    ]
    page = response.content.decode()
    assert [f"Exempt : {n} – Joueur {n}" in page for n in sit_outs] == [True, True]

    seated = round_.melee_draft.draw["tables"][0]["pair_a"][0]
    seated_number = MeleePlayer.objects.get(pk=seated).number
    response = desk.post(
        f"{PARTIE_1}echanger-joueurs/", {"first": seated_number, "second": sit_outs[0]}, follow=True
    )
    assert messages_of(response) == [f"Joueurs {seated_number} et {sit_outs[0]} échangés."]
    assert seated in MeleeDraft.objects.get(round=round_).draw["sit_outs"]

    response = desk.post(f"{PARTIE_1}publier/", follow=True)
    assert messages_of(response) == ["Partie 1 publiée : les tables peuvent jouer."]
    progress = table_rows(response, "progress")
    assert len(progress) == 6
    assert progress[0][1:3] == ["Paire A", "Paire B"]
    pair = round_.matches.get(table_number=1).team_a.melee_pair
    first, second = pair.player_1.number, pair.player_2.number
    assert progress[1][1] == f"{first} Joueur {first} / {second} Joueur {second}"
    assert (Team.objects.count(), Team.every_team.count(), round_.matches.count()) == (0, 10, 5)


def test_a_player_of_the_draft_withdrawn_or_absent_is_said_and_swapped_out(desk, tournament):
    register(tournament, 22)
    services.draw_melee_partie(tournament=tournament, seed=7)  # 6 at table 1; 5, 11 sit out

    withdrawn = desk.post(f"{PLAYERS}6/forfait/", {"withdrawn": "1"}, follow=True)
    absent = desk.post(f"{PLAYERS}11/presence/", {"present": "0"}, follow=True)
    seat_11 = desk.post(
        f"{PARTIE_1}echanger-joueurs/", {"first": "11", "second": "18"}, follow=True
    )
    swap_6 = desk.post(f"{PARTIE_1}echanger-joueurs/", {"first": "6", "second": "5"}, follow=True)
    published = desk.post(f"{PARTIE_1}publier/", follow=True)

    assert messages_of(withdrawn) == [
        "Joueur 6 forfait : il n’est plus tiré et se classe dernier. Le joueur 6 est dans le "
        "brouillon de la partie 1 : échangez-le avec un joueur présent ou tirez à nouveau."
    ]
    assert messages_of(absent) == ["Le joueur 11 est absent."]
    assert messages_of(seat_11) == [
        "Le joueur 11 n’est plus présent ou a déclaré forfait : il ne peut pas être placé à "
        "une table, seulement échangé vers la liste des exempts."
    ]
    assert messages_of(swap_6) == ["Joueurs 6 et 5 échangés."]
    assert messages_of(published) == ["Partie 1 publiée : les tables peuvent jouer."]
    assert SitOut.objects.count() == 0


def test_a_swap_with_an_unknown_player_is_refused_in_french(desk, tournament):
    register(tournament, 8)
    desk.post(DRAW, follow=True)
    before = MeleeDraft.objects.get().draw

    response = desk.post(
        f"{PARTIE_1}echanger-joueurs/", {"first": "1", "second": "99"}, follow=True
    )

    assert messages_of(response) == ["Le joueur 99 n’est ni placé dans ce brouillon ni exempt."]
    assert MeleeDraft.objects.get().draw == before


def test_drawing_with_fewer_than_four_players_present_is_refused_in_french(desk, tournament):
    register(tournament, 3)

    response = desk.post(DRAW, follow=True)

    assert messages_of(response) == [
        "Il faut au moins quatre joueurs présents pour tirer une partie."
    ]
    assert Round.objects.count() == 0


def test_the_draft_names_each_repeat_a_swap_makes(desk, tournament):
    p = register(tournament, 8)
    services.record_played_melee_round(
        tournament=tournament,
        tables=[
            services.PlayedMeleeTable(1, (p[0], p[1]), (p[2], p[3]), totals=MatchTotals(1000, 900)),
            services.PlayedMeleeTable(2, (p[4], p[5]), (p[6], p[7]), totals=MatchTotals(800, 1100)),
        ],
        now=NOW,
    )
    desk.post(DRAW, follow=True)

    response = desk.post(
        "/concours/t/gestion/parties/2/echanger-joueurs/",
        {"first": "1", "second": "8"},
        follow=True,
    )

    assert messages_of(response) == [
        "Joueurs 1 et 8 échangés.",
        "Attention : à la table 1, des joueurs se retrouvent partenaires ou adversaires.",
    ]
    assert table_rows(response, "melee-draw")[1] == [
        "1",
        "7 – Joueur 7 / 8 – Joueur 8",
        "1 – Joueur 1 / 2 – Joueur 2",
        "Les joueurs 7 et 8 ont déjà joué ensemble : dû à un échange. "
        "Les joueurs 1 et 2 ont déjà joué ensemble : dû à un échange.",
    ]


def test_a_pair_of_a_published_partie_enters_its_deals_on_its_link(client, tournament):
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    match = round_.matches.get()
    client.cookies["django_language"] = "fr"

    response = client.get(match.team_a.links.get().get_absolute_url(), HTTP_HX_REQUEST="")

    assert (response.status_code, response.context["match"]) == (200, match)
    assert response.context["form"].fields["taker"].choices == [
        ("A", "Paire A – Joueur 4 / Joueur 2"),
        ("B", "Paire B – Joueur 1 / Joueur 3"),
    ]


def test_a_pairs_phone_names_the_pairs_by_side_and_players_never_by_number(client, tournament):
    """A pair's number (1, 2 in partie 1, 11, 12 in partie 2…) would read as a player's:
    the phone says « Paire A », « Paire B » and the players (RULES.md §H)."""
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    tournament.confirmation_mode = "confirm"
    tournament.save()
    match = round_.matches.get()
    services.record_match_totals(
        match=match, totals=MatchTotals(total_a=1000, total_b=940), now=NOW
    )
    client.cookies["django_language"] = "fr"

    text = page_text(client.get(match.team_b.links.get().get_absolute_url()))

    assert "Paire B – Joueur 1 / Joueur 3 contre la paire A – Joueur 4 / Joueur 2" in text
    assert "Partie 1 : table 1 " in text
    assert "Paire A Joueur 4 / Joueur 2 1000 Paire B · vous Joueur 1 / Joueur 3 940" in text
    assert "Résultat : la paire A gagne." in text
    assert "Afficher le code de ma paire" in text
    assert "Équipe" not in text and "équipe" not in text


def test_a_melee_match_page_names_its_pairs_by_their_players_numbers(client, desk, tournament):
    """Public and organiser match pages: « Paire A » then the players' numbers and names,
    never the pair's number (RULES.md §H)."""
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    client.cookies["django_language"] = "fr"

    public = page_text(client.get(round_.matches.get().get_absolute_url()))
    organiser = page_text(desk.get(round_.matches.get().get_absolute_url()))

    for text in (public, organiser):
        assert "Paire A 4 Joueur 4 / 2 Joueur 2 0 Paire B 1 Joueur 1 / 3 Joueur 3 0" in text
        assert "Équipe A" not in text and "Équipe B" not in text
    form = desk.get(round_.matches.get().get_absolute_url()).context["form"]
    assert form.fields["taker"].choices == [
        ("A", "Paire A : 4 Joueur 4 / 2 Joueur 2"),
        ("B", "Paire B : 1 Joueur 1 / 3 Joueur 3"),
    ]


def test_the_desk_s_totals_form_labels_each_pair_by_its_side_and_players(desk, tournament):
    """« Saisir les totaux de la table » (RULES.md §G) names a mêlée's pairs as its other
    pages do, never by the pair's number, which would read as a player's (RULES.md §H)."""
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    desk.cookies["django_language"] = "fr"

    response = desk.get(round_.matches.get().get_absolute_url())

    form = response.context["totals_form"]
    assert (form["total_a"].label, form["total_b"].label) == (
        "Total de la paire A – 4 Joueur 4 / 2 Joueur 2",
        "Total de la paire B – 1 Joueur 1 / 3 Joueur 3",
    )
    labels = re.findall(
        r'<label for="id_totals-total_[ab]">(.*?)</label>', response.content.decode()
    )
    assert labels == [
        "Total de la paire A – 4 Joueur 4 / 2 Joueur 2\xa0:",
        "Total de la paire B – 1 Joueur 1 / 3 Joueur 3\xa0:",
    ]


def test_the_prize_list_and_the_backup_speak_of_players_in_a_melee(desk, tournament):
    """A mêlée has no team: the prize list's help and the backup's sentence say players."""
    register(tournament, 4)

    prizes = page_text(desk.get("/concours/t/gestion/prix/"))
    manage = page_text(desk.get("/concours/t/gestion/"))

    assert (
        "Un prix par ligne, dans l’ordre du classement : la première ligne va au premier, "
        "la deuxième au joueur suivant, et ainsi de suite. Un joueur forfait, ou qui n’a "
        "jamais joué ni été exempt, n’a pas de prix : le sien va au joueur suivant."
    ) in prizes
    assert (
        "Un seul fichier contient tout le concours : réglages, joueurs, parties, donnes "
        "et historique."
    ) in manage
    assert "équipe" not in prizes


def page_text(response) -> str:
    """The page's text, tags dropped and spaces collapsed."""
    body = response.content.decode().split("<body", 1)[1]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_the_public_standings_rank_the_players_once_a_result_counts(client, tournament):
    """Before a result, no rank and the note that ranks come after partie 1 (as for
    doublettes); once a match counts, the ranks and no note (a mêlée's table used to
    have no ``is_ranked``, so the note stayed after every partie was played)."""
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    client.cookies["django_language"] = "fr"
    note = "Aucun résultat ne compte encore : le classement commence après la partie 1."

    before = client.get("/concours/t/")
    services.record_match_totals(
        match=round_.matches.get(), totals=MatchTotals(total_a=1000, total_b=940), now=NOW
    )
    after = client.get("/concours/t/")

    assert [row[0] for row in table_rows(before, "standings")] == ["Rang", "–", "–", "–", "–"]
    assert note in before.content.decode()
    assert [row[:2] for row in table_rows(after, "standings")] == [
        ["Rang", "Joueur"],
        ["1", "2"],
        ["2", "4"],
        ["3", "1"],
        ["4", "3"],
    ]
    assert note not in after.content.decode()


def test_a_pairs_refusal_pages_speak_of_its_pair_never_of_a_team(client, tournament):
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    match = round_.matches.get()
    link_a, link_b = match.team_a.links.get(), match.team_b.links.get()
    services.revoke_link(link=link_a, now=NOW)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    client.cookies["django_language"] = "fr"

    revoked = client.get(link_a.get_absolute_url())
    closed = client.post(f"{link_b.get_absolute_url()}parties/1/donne/", HTTP_HX_REQUEST="")

    assert (
        revoked.status_code,
        # Then the outbox (hidden while this phone kept nothing): « Envois de ce téléphone ».
        page_text(revoked).split("Ce lien ne fonctionne plus ")[1].split(" Envois de ce")[0],
    ) == (
        403,
        "L’organisateur l’a remplacé ou révoqué. Demandez-lui le nouveau lien ou le QR code "
        "de votre paire.",
    )
    assert closed.status_code == 403
    assert "La page de votre paire" in page_text(closed)
    assert "équipe" not in page_text(revoked) + page_text(closed)


def test_a_wrong_code_on_a_pairs_phone_speaks_of_its_pair_card(client, tournament):
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    link = round_.matches.get().team_a.links.get()
    other = round_.matches.get().team_b.links.get()
    wrong = "0000" if other.pin != "0000" else "1111"
    client.cookies["django_language"] = "fr"

    answers = [
        client.post(f"/table/{link.token}/parties/1/code/", {"pin": wrong}, HTTP_HX_REQUEST="true")
        for _ in range(6)
    ]

    notices = [
        re.findall(r'<p class="notice notice-error" role="status">(.*?)</p>', a.content.decode())
        for a in answers
    ]
    assert [a.status_code for a in answers] == [422] * 5 + [403]
    assert notices[0] == [
        "Code erroné : les adversaires tapent leur propre code, celui de leur carte de paire."
    ]
    assert notices[5] == [
        "Trop de codes erronés : confirmez sur le téléphone des adversaires, ou "
        "demandez à l’organisateur."
    ]
    empty = client.post(f"/table/{link.token}/parties/1/code/", {"pin": ""}, HTTP_HX_REQUEST="true")
    assert re.findall(r'notice-error" role="status">(.*?)</p>', empty.content.decode()) == [
        "Les adversaires tapent leur propre code, celui de leur carte de paire."
    ]


def test_a_pairs_link_after_its_partie_says_the_card_was_for_that_partie_only(client, tournament):
    register(tournament, 4)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)
    match = round_.matches.get()
    link = match.team_a.links.get()
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    client.cookies["django_language"] = "fr"

    waiting = client.get(link.get_absolute_url())
    services.publish_draft(round=services.draw_melee_partie(tournament=tournament), now=NOW)
    drawn = client.get(link.get_absolute_url())

    expected = (
        f"Votre paire : {match.team_a.players} "
        "Cette carte de paire valait pour la partie 1 seulement "
        "Partie 1, table 1 : ses résultats restent comptés. Voir sa feuille de marque "
        "Une nouvelle paire est tirée à chaque partie : chaque joueur trouve sa nouvelle "
        "paire sur les nouvelles cartes de paire, sur le tirage affiché à la table de "
        "marque, ou sur la page du concours. Voir le tirage, les joueurs et le classement"
    )
    for response in (waiting, drawn):
        text = page_text(response)
        assert response.status_code == 200
        assert expected in text
        assert "équipe" not in text
        assert "Afficher le code" not in text
        assert f'href="{match.get_absolute_url()}"' in response.content.decode()
