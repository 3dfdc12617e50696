"""A closed round on the organiser's pages: the match page offers only what keeps every
match complete, refusals say why in French and save nothing, and the round page reopens
the round with a reason while the next round is not published (services/draws.py).

The concours "t": four teams, matches of 2 deals, round 1 drawn from seed 2026 (table 1:
team 3 against team 4, table 2: team 2 against team 1). Table 1 plays on its phones
(confirmed, so locked): 380 – 120. Table 2 is entered by the organiser: 190 – 310.
"""

import datetime
import re

import pytest
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localtime

import scoring
from tests.factories import TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import DealEntry, DealStatus, MatchFormatKind, Round

NOW = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
MATCH_URL = "/concours/t/parties/1/tables/1/"
ROUND_URL = "/concours/t/gestion/parties/1/"
MADE = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
MORE = scoring.Deal(
    trump="H", contract=90, taker_card_points=120, defence_card_points=42, taker_tricks=5
)
CHUTE = scoring.Deal(
    trump="H", contract=90, taker_card_points=70, defence_card_points=92, taker_tricks=3
)
#: (team, points, played, won, points against) after round 1 as played.
STANDINGS_AS_PLAYED = [
    (3, 380, 1, 1, 120),
    (1, 310, 1, 1, 190),
    (2, 190, 1, 0, 310),
    (4, 120, 1, 0, 380),
]
#: Table 1 as played: totals, finished, result, locked, each deal's (number, status, version).
TABLE_1_AS_PLAYED = (380, 120, True, "A", True, [(1, "confirmed", 1), (2, "confirmed", 1)])


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def errors_of(response, html_name: str) -> list[str]:
    block = re.search(rf'<div id="{html_name}-errors">(.*?)</div>', response.content.decode(), re.S)
    return re.findall(r"<li>([^<]*)</li>", block[1])


def local(moment: datetime.datetime) -> str:
    with translation.override("fr"):
        return date_format(localtime(moment), "SHORT_DATETIME_FORMAT")


def standings(tournament):
    return [
        (s.team.number, s.row.points, s.row.matches_played, s.row.matches_won, s.row.points_against)
        for s in selectors.tournament_standings(tournament=tournament)
    ]


def table_state(round_: Round, table: int = 1) -> tuple:
    match = round_.matches.get(table_number=table)
    deals = list(
        match.deals.order_by("deal_number").values_list("deal_number", "status", "version")
    )
    return (
        match.total_a,
        match.total_b,
        match.is_finished,
        match.result,
        match.locked_at is not None,
        deals,
    )


def correction(number: int, reason: str, **inputs) -> dict:
    """Return the POST data of deal ``number``'s correction form (version 1)."""
    values = {
        "version": "1",
        "reason": reason,
        "taker": "A",
        "trump": "H",
        "contract": "90",
        "coinche": "none",
        "taker_tricks": "5",
        "taker_card_points": "104",
        "defence_card_points": "58",
        "taker_belotes": "0",
        "defence_belotes": "0",
        "taker_declarations": "0",
        "defence_declarations": "0",
    } | inputs
    return {f"correct-{number}-{name}": value for name, value in values.items()}


@pytest.fixture
def tournament(club):
    tournament = TournamentFactory(club=club, slug="t", match_format_value=2, number_of_rounds=3)
    for number in (1, 2, 3, 4):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    return tournament


@pytest.fixture
def closed_round(tournament, organiser) -> Round:
    round_ = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_, now=NOW)
    links = selectors.match_links(match=round_.matches.get(table_number=1))
    for number in (1, 2):
        services.submit_deal(
            seat=links["A"], entry=DealEntry("A", MADE), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=links["B"], now=NOW)
    author = services.Author(user=organiser)
    for entry in (DealEntry("A", MADE), DealEntry("A", CHUTE)):
        services.record_deal(
            match=round_.matches.get(table_number=2), entry=entry, now=NOW, author=author
        )
    return services.close_round(round=round_, now=NOW, user=organiser)


def panel_errors(response, deal: int) -> list[str]:
    """Return the errors above the form of deal ``deal``'s correction panel, which must be
    open (the form posts to its panel's #fragment, so the browser shows it)."""
    page = response.content.decode()
    panel = re.search(
        rf'<details class="correction[^"]*" id="correct-{deal}" open>(.*?)</details>', page, re.S
    )
    return re.findall(r'<ul class="errorlist nonfield"><li>([^<]*)</li></ul>', panel[1])


# The match page of a closed round


def test_the_match_page_of_a_closed_round_offers_corrections_only(desk, closed_round):
    response = desk.get(MATCH_URL)

    page = response.content.decode()
    assert re.findall(r'action="(/concours/t/parties/1/tables/1/[^"]*)"', page) == [
        "/concours/t/parties/1/tables/1/donnes/1/corriger/#correct-1",
        "/concours/t/parties/1/tables/1/donnes/2/corriger/#correct-2",
    ]
    assert re.findall(r'<details class="correction" id="(correct-\d+)"( open)?>', page) == [
        ("correct-1", ""),
        ("correct-2", ""),
    ]
    notice = re.search(
        r'<section class="card closed-round" id="closed-round">(.*?)</section>', page, re.S
    )
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", notice[1])).strip() == (
        "Partie close La partie 1 est close : cette table compte telle quelle. Une correction "
        "doit la laisser terminée ; on ne peut ni supprimer une donne ni déverrouiller la "
        "table. Pour cela, rouvrez la partie sur sa page, tant que la partie suivante n’est "
        "pas publiée. Page de la partie 1"
    )


def test_the_match_page_of_a_round_being_played_still_offers_delete_and_unlock(desk, tournament):
    round_ = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_, now=NOW)
    links = selectors.match_links(match=round_.matches.get(table_number=1))
    services.submit_deal(seat=links["A"], entry=DealEntry("A", MADE), deal_number=1, now=NOW)
    services.submit_deal(seat=links["A"], entry=DealEntry("A", MADE), deal_number=2, now=NOW)
    services.confirm_deals(seat=links["B"], now=NOW)

    response = desk.get(MATCH_URL)

    assert re.findall(
        r'action="(/concours/t/parties/1/tables/1/[^"]*)"', response.content.decode()
    ) == [
        "/concours/t/parties/1/tables/1/deverrouiller/#unlock",
        "/concours/t/parties/1/tables/1/donnes/1/corriger/#correct-1",
        "/concours/t/parties/1/tables/1/donnes/1/supprimer/#correct-1",
        "/concours/t/parties/1/tables/1/donnes/2/corriger/#correct-2",
        "/concours/t/parties/1/tables/1/donnes/2/supprimer/#correct-2",
    ]


# The adversarial cases, through the pages: each is refused in French and changes nothing.


def test_deleting_a_deal_of_a_closed_round_is_refused_and_the_match_still_counts(
    desk, tournament, closed_round
):
    response = desk.post(
        f"{MATCH_URL}donnes/2/supprimer/", {"delete-2-reason": "Donne en trop"}, follow=True
    )

    assert messages_of(response) == [
        "La partie 1 est close : la donne 2 ne peut pas être supprimée, la table ne serait "
        "plus terminée. Rien n’a été supprimé. Corrigez plutôt la donne (en « passe », si "
        "elle n’a pas été jouée), ou rouvrez la partie 1 sur sa page."
    ]
    assert table_state(closed_round) == TABLE_1_AS_PLAYED
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_correcting_a_deal_of_a_closed_round_to_passed_is_refused_and_the_match_still_counts(
    desk, tournament, closed_round
):
    response = desk.post(
        f"{MATCH_URL}donnes/2/corriger/",
        {
            "correct-2-version": "1",
            "correct-2-reason": "Personne n’a pris",
            "correct-2-is_passed": "on",
        },
        follow=True,
    )

    assert (response.status_code, messages_of(response), panel_errors(response, 2)) == (
        422,
        [],
        [
            "La partie 1 est close : cette correction laisserait la table 1 inachevée, et "
            "elle ne compterait plus. Rien n’a été enregistré. Corrigez la donne pour que la "
            "table aille toujours jusqu’au bout, ou rouvrez la partie 1 sur sa page pour que "
            "la table continue à jouer."
        ],
    )
    assert table_state(closed_round) == TABLE_1_AS_PLAYED
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_correcting_a_target_score_match_of_a_closed_round_below_its_target_is_refused(desk, club):
    tournament = TournamentFactory(
        club=club, slug="t", match_format=MatchFormatKind.TARGET, match_format_value=400
    )
    for number in (1, 2):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    round_ = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_, now=NOW)
    match = round_.matches.select_related("team_a", "team_b").get()
    for entry in (DealEntry("A", MADE), DealEntry("A", MORE)):
        services.record_deal(match=match, entry=entry, now=NOW)
    services.close_round(round=round_, now=NOW)

    response = desk.post(
        f"{MATCH_URL}donnes/2/corriger/", correction(2, "Points recomptés"), follow=True
    )

    assert (response.status_code, messages_of(response), panel_errors(response, 2)) == (
        422,
        [],
        [
            "La partie 1 est close : cette correction laisserait la table 1 inachevée, et "
            "elle ne compterait plus. Rien n’a été enregistré. Corrigez la donne pour que la "
            "table aille toujours jusqu’au bout, ou rouvrez la partie 1 sur sa page pour que "
            "la table continue à jouer."
        ],
    )
    assert table_state(round_) == (
        400,
        100,
        True,
        "A",
        False,
        [(1, "confirmed", 1), (2, "confirmed", 1)],
    )
    assert standings(tournament) == [
        (match.team_a.number, 400, 1, 1, 100),
        (match.team_b.number, 100, 1, 0, 400),
    ]


def test_unlocking_a_match_of_a_closed_round_is_refused_and_its_deals_stay_confirmed(
    desk, tournament, closed_round
):
    response = desk.post(f"{MATCH_URL}deverrouiller/", {"unlock-reason": "Erreur"}, follow=True)

    assert messages_of(response) == [
        "La partie 1 est close : ses tables ne peuvent plus être déverrouillées, aucun "
        "téléphone ne pourrait plus confirmer leurs donnes. Corrigez les donnes ici, ou "
        "rouvrez la partie 1 sur sa page."
    ]
    assert table_state(closed_round) == TABLE_1_AS_PLAYED
    assert standings(tournament) == STANDINGS_AS_PLAYED


def test_a_correction_that_keeps_the_match_finished_is_saved_in_a_closed_round(
    desk, tournament, closed_round
):
    response = desk.post(
        f"{MATCH_URL}donnes/2/corriger/",
        correction(2, "Points mal comptés", taker_card_points="120", defence_card_points="42"),
        follow=True,
    )

    assert messages_of(response) == ["Donne 2 corrigée."]
    assert table_state(closed_round) == (
        400,
        100,
        True,
        "A",
        True,
        [(1, "confirmed", 1), (2, DealStatus.CONFIRMED, 2)],
    )
    assert standings(tournament) == [
        (3, 400, 1, 1, 100),
        (1, 310, 1, 1, 190),
        (2, 190, 1, 0, 310),
        (4, 100, 1, 0, 400),
    ]


# The round page: reopening


def test_the_round_page_of_a_closed_round_offers_to_reopen_it_and_shows_who_closed_it(
    desk, closed_round
):
    response = desk.get(ROUND_URL)

    page = response.content.decode()
    assert 'action="/concours/t/gestion/parties/1/rouvrir/"' in page
    assert 'action="/concours/t/gestion/parties/1/clore/"' not in page
    assert table_rows(response, "round-history") == [
        ["Quand", "Qui", "Quoi", "Raison"],
        [local(NOW), "marie", "Partie close", ""],
    ]


def test_reopening_a_round_needs_a_reason(desk, closed_round):
    response = desk.post(f"{ROUND_URL}rouvrir/", {"reopen-reason": " "})

    assert response.status_code == 422
    assert errors_of(response, "reopen-reason") == [
        "Indiquez la raison : elle est gardée dans l’historique."
    ]
    closed_round.refresh_from_db()
    assert closed_round.status == Round.Status.CLOSED


def test_reopening_a_round_discards_the_next_draft_and_lets_the_organiser_delete_a_deal(
    desk, tournament, closed_round
):
    services.draw_round(tournament=tournament)

    reopened = desk.post(
        f"{ROUND_URL}rouvrir/", {"reopen-reason": "Table 1 : donne 2 en trop"}, follow=True
    )
    deleted = desk.post(
        f"{MATCH_URL}donnes/2/supprimer/", {"delete-2-reason": "Donne en trop"}, follow=True
    )
    refused = desk.post(f"{ROUND_URL}clore/", follow=True)

    assert messages_of(reopened) == [
        "Partie 1 rouverte : corrigez ses tables, puis fermez-la de nouveau avec « Clore la "
        "partie ».",
        "Le brouillon de la partie 2 a été annulé : elle sera tirée de nouveau, sur le "
        "classement corrigé, une fois la partie 1 close.",
    ]
    history = selectors.round_history(round=closed_round)
    assert table_rows(reopened, "round-history") == [
        ["Quand", "Qui", "Quoi", "Raison"],
        [local(history[0].history_date), "marie", "Partie rouverte", "Table 1 : donne 2 en trop"],
        [local(NOW), "marie", "Partie close", ""],
    ]
    assert messages_of(deleted) == ["Donne 2 supprimée."]
    assert messages_of(refused) == [
        "Une table n’a pas fini (table 1) : terminez-la ou arrêtez-la au temps."
    ]
    assert list(tournament.rounds.values_list("number", "status")) == [(1, Round.Status.PUBLISHED)]
    assert table_state(closed_round)[:3] == (190, 60, False)


def test_a_round_whose_next_round_is_published_cannot_be_reopened(desk, tournament, closed_round):
    services.publish_round(round=services.draw_round(tournament=tournament), now=NOW)

    page = desk.get(ROUND_URL).content.decode()
    response = desk.post(f"{ROUND_URL}rouvrir/", {"reopen-reason": "Erreur"}, follow=True)

    assert 'action="/concours/t/gestion/parties/1/rouvrir/"' not in page
    assert (
        "La partie suivante est publiée : cette partie ne peut plus être rouverte. Ses donnes "
        "peuvent encore être corrigées sur la page de chaque table."
    ) in page
    assert messages_of(response) == [
        "La partie 2 est déjà publiée : la partie 1 ne peut plus être rouverte. Ses donnes "
        "peuvent encore être corrigées sur la page de chaque table."
    ]
    assert list(tournament.rounds.values_list("number", "status")) == [
        (1, Round.Status.CLOSED),
        (2, Round.Status.PUBLISHED),
    ]
