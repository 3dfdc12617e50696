"""The match page for the organiser: audit trail, corrections with a reason, unlocking."""

import datetime
import re

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.timezone import localtime

import scoring
from tests.factories import (
    ClubFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import ENTRY_FIELDS, Deal, DealEntry, Match, Round, Seat
from tournaments.presentation.audit import AUDITED_FIELDS

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
MATCH_URL = "/concours/t/parties/1/tables/1/"
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
CHUTE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=70, defence_card_points=92, taker_tricks=3
)
HEADER = ["Quand", "Qui", "Donne", "Quoi", "Raison"]


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def errors_of(response, html_name: str) -> list[str]:
    """Return the error messages shown beside the field named ``html_name``."""
    block = re.search(rf'<div id="{html_name}-errors">(.*?)</div>', response.content.decode(), re.S)
    return re.findall(r"<li>([^<]*)</li>", block[1])


def local(moment: datetime.datetime) -> str:
    with translation.override("fr"):
        return date_format(localtime(moment), "SHORT_DATETIME_FORMAT")


def history_times(deal_number: int) -> list[str]:
    """Return when each history record of a deal was made, oldest first."""
    records = Deal.history.filter(deal_number=deal_number).order_by("history_date", "history_id")
    return [local(record.history_date) for record in records]


@pytest.fixture
def organiser(organiser):
    """The shared organiser, with her name: the audit trail shows it."""
    organiser.first_name, organiser.last_name = "Marie", "Dupuy"
    organiser.save()
    return organiser


@pytest.fixture
def match(organiser):
    club = ClubFactory(name="Amicale de Cahors")
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, slug="t", match_format_value=3)
    match = MatchFactory(
        round=RoundFactory(tournament=tournament, number=1),
        table_number=1,
        team_a=TeamFactory(tournament=tournament, number=1, player_1="Anne", player_2="Bruno"),
        team_b=TeamFactory(tournament=tournament, number=2, player_1="Chloé", player_2="Denis"),
    )
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    return match


def link(match: Match, side: str) -> Seat:
    return selectors.match_links(match=match)[side]


def correction(number: int, version: int, reason: str, **inputs) -> dict:
    """Return the POST data of the correction form of deal ``number``."""
    values = {
        "version": str(version),
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


def test_the_audit_trail_says_who_did_what_when_with_values_before_and_after(desk, match):
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=1, now=timezone.now()
    )
    services.confirm_deals(seat=link(match, "B"), now=timezone.now())
    corrected = desk.post(
        f"{MATCH_URL}donnes/1/corriger/",
        correction(1, 1, "Points mal comptés", taker_card_points="114", defence_card_points="48"),
        follow=True,
    )
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("B", MADE_90), deal_number=2, now=timezone.now()
    )
    services.dispute_deal(
        seat=link(match, "B"), deal_number=2, note="Belote oubliée", now=timezone.now()
    )
    deleted = desk.post(
        f"{MATCH_URL}donnes/2/supprimer/", {"delete-2-reason": "Donne rejouée"}, follow=True
    )

    response = desk.get(MATCH_URL)

    assert messages_of(corrected) == ["Donne 1 corrigée."]
    assert messages_of(deleted) == ["Donne 2 supprimée."]
    first, second = history_times(1), history_times(2)
    assert table_rows(response, "audit") == [
        HEADER,
        [
            second[2],
            "Marie Dupuy",
            "2",
            "Supprimée Preneur : Équipe B Atout : ♥ Contrat : 90 Plis du preneur : 5 "
            "Points du preneur : 104 Points de la défense : 58 État : Contestée "
            "Motif de la contestation : Belote oubliée",
            "Donne rejouée",
        ],
        [
            second[1],
            "Table — équipe B",
            "2",
            "Contestée État : En attente des adversaires → Contestée "
            "Motif de la contestation : — → Belote oubliée",
            "",
        ],
        [
            second[0],
            "Table — équipe A",
            "2",
            "Saisie Preneur : Équipe B Atout : ♥ Contrat : 90 Plis du preneur : 5 "
            "Points du preneur : 104 Points de la défense : 58 État : En attente des adversaires",
            "",
        ],
        [
            first[2],
            "Marie Dupuy",
            "1",
            "Corrigée Points du preneur : 104 → 114 Points de la défense : 58 → 48",
            "Points mal comptés",
        ],
        [
            first[1],
            "Table — équipe B",
            "1",
            "Confirmée État : En attente des adversaires → Confirmée",
            "",
        ],
        [
            first[0],
            "Table — équipe A",
            "1",
            "Saisie Preneur : Équipe A Atout : ♥ Contrat : 90 Plis du preneur : 5 "
            "Points du preneur : 104 Points de la défense : 58 État : En attente des adversaires",
            "",
        ],
    ]
    match.refresh_from_db()
    assert (match.total_a, match.total_b, match.deals_played) == (200, 50, 1)


def test_a_correction_without_a_reason_is_refused_beside_the_reason_and_saves_nothing(desk, match):
    services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    records = Deal.history.count()

    response = desk.post(
        f"{MATCH_URL}donnes/1/corriger/", correction(1, 1, "  ", taker_card_points="114")
    )

    assert response.status_code == 422
    assert errors_of(response, "correct-1-reason") == [
        "Indiquez la raison : elle est gardée dans l’historique."
    ]
    assert '<details class="correction" id="correct-1" open>' in response.content.decode()
    deal = Deal.objects.get()
    assert (deal.taker_card_points, deal.version, Deal.history.count()) == (104, 1, records)


def test_a_correction_shows_all_its_mistakes_at_once_and_saves_nothing(desk, match):
    services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    records = Deal.history.count()
    typed = correction(
        1,
        1,
        "",
        taker_card_points="-10",
        taker_belotes="1",
        defence_belotes="1",
        taker_declarations="25",
        defence_declarations="20",
    )

    response = desk.post(f"{MATCH_URL}donnes/1/corriger/", typed)

    assert response.status_code == 422
    shown = {
        name: errors_of(response, f"correct-1-{name}")
        for name in ("reason", "taker_card_points", "taker_belotes", "taker_declarations")
    }
    assert shown == {
        "reason": ["Indiquez la raison : elle est gardée dans l’historique."],
        "taker_card_points": ["Les points ne peuvent pas être négatifs."],
        "taker_belotes": ["Une seule belote-rebelote avec un atout de couleur."],
        "taker_declarations": [
            "Les annonces valent un multiple de 10.",
            "Une seule équipe marque ses annonces : celle qui a la meilleure.",
        ],
    }
    deal = Deal.objects.get()
    assert (deal.taker_card_points, deal.version, Deal.history.count()) == (104, 1, records)


def test_a_correction_of_a_deal_changed_meanwhile_is_refused(desk, match):
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=1, now=NOW
    )
    services.edit_deal_at_table(
        seat=link(match, "A"),
        deal=Deal.objects.get(),
        entry=DealEntry("A", CHUTE_90),
        version=1,
        now=NOW,
    )

    response = desk.post(
        f"{MATCH_URL}donnes/1/corriger/",
        correction(1, 1, "Points mal comptés", taker_card_points="114", defence_card_points="48"),
        follow=True,
    )

    assert response.redirect_chain == [(f"{MATCH_URL}#content", 302)]
    assert messages_of(response) == [
        "La donne 1 a été modifiée entre-temps (à la table ou par un autre organisateur) : "
        "vérifiez-la ci-dessous, puis corrigez-la de nouveau."
    ]
    deal = Deal.objects.get()
    assert (deal.taker_card_points, deal.version, deal.status) == (70, 2, "pending")


def test_a_correction_with_the_same_values_changes_nothing(desk, match):
    services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)

    response = desk.post(
        f"{MATCH_URL}donnes/1/corriger/", correction(1, 1, "Vérification"), follow=True
    )

    assert response.redirect_chain == [(f"{MATCH_URL}#content", 302)]
    assert messages_of(response) == ["La donne 1 avait déjà ces valeurs : rien n’a changé."]
    assert (Deal.objects.get().version, Deal.history.count()) == (1, 1)


def test_a_deletion_without_a_reason_is_refused(desk, match):
    services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)

    response = desk.post(f"{MATCH_URL}donnes/1/supprimer/", {"delete-1-reason": ""})

    assert response.status_code == 422
    assert errors_of(response, "delete-1-reason") == [
        "Indiquez la raison : elle est gardée dans l’historique."
    ]
    assert Deal.objects.count() == 1


def test_a_disputed_deal_is_flagged_with_its_note_and_a_pending_one_is_marked(desk, client, match):
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=1, now=NOW
    )
    services.dispute_deal(seat=link(match, "B"), deal_number=1, note="Belote oubliée", now=NOW)
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("B", MADE_90), deal_number=2, now=NOW
    )

    page = desk.get(MATCH_URL).content.decode()
    client.logout()
    public = client.get(MATCH_URL).content.decode()

    assert re.findall(r'<tr class="(deal-[a-z]+)">', page) == ["deal-disputed", "deal-pending"]
    # The match's own flag first: provisional while a deal waits (RULES.md §E).
    assert re.findall(r'<span class="flag flag-[a-z]+">([^<]*)</span>', page) == [
        "en cours",
        "Contestée",
        "En attente des adversaires",
        "Contestée",
        "En attente des adversaires",
    ]
    assert page.count("Motif de la contestation : « Belote oubliée »") == 2
    assert "Belote oubliée" not in public
    assert "Historique" not in public
    assert re.findall(r'<tr class="(deal-[a-z]+)">', public) == ["deal-disputed", "deal-pending"]


def test_an_organiser_confirms_a_disputed_deal_as_it_stands_and_the_trail_says_so(desk, match):
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=1, now=NOW
    )
    services.dispute_deal(seat=link(match, "B"), deal_number=1, note="Belote oubliée", now=NOW)
    page = desk.get(MATCH_URL).content.decode()
    assert page.count("Valider la donne 1 telle quelle") == 1

    response = desk.post(f"{MATCH_URL}donnes/1/valider/", {"version": "1"}, follow=True)

    assert messages_of(response) == ["Donne 1 confirmée."]
    deal = Deal.objects.get()
    assert (deal.status, deal.dispute_note, deal.version) == ("confirmed", "", 1)
    assert table_rows(response, "audit")[1][1:] == [
        "Marie Dupuy",
        "1",
        "Confirmée État : Contestée → Confirmée Motif de la contestation : Belote oubliée → —",
        "",
    ]
    assert "telle quelle" not in response.content.decode()


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (
            "2",
            "La donne 1 a été modifiée entre-temps (à la table ou par un autre organisateur) : "
            "vérifiez-la ci-dessous, puis validez-la ou corrigez-la.",
        ),
        ("abc", "Ce formulaire n’est plus à jour : rechargez la page et recommencez."),
    ],
)
def test_confirming_a_deal_from_a_stale_page_is_refused(desk, match, version, message):
    services.submit_deal(
        seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=1, now=NOW
    )

    response = desk.post(f"{MATCH_URL}donnes/1/valider/", {"version": version}, follow=True)

    assert messages_of(response) == [message]
    assert Deal.objects.get().status == "pending"


def confirm_whole_match(match: Match) -> None:
    for number in (1, 2, 3):
        services.submit_deal(
            seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=link(match, "B"), now=NOW)


def test_an_organiser_unlocks_a_confirmed_match_with_a_reason(desk, match):
    confirm_whole_match(match)

    response = desk.post(
        f"{MATCH_URL}deverrouiller/", {"unlock-reason": "Erreur signalée par la table"}, follow=True
    )

    match.refresh_from_db()
    assert match.locked_at is None
    assert messages_of(response) == [
        "Table 1 déverrouillée : les équipes peuvent de nouveau la modifier."
    ]
    unlocked = selectors.match_unlocks(match=match)[0]
    rows = table_rows(response, "audit")
    assert [row for row in rows if row[3] == "Partie déverrouillée"] == [
        [
            local(unlocked.history_date),
            "Marie Dupuy",
            "",
            "Partie déverrouillée",
            "Erreur signalée par la table",
        ]
    ]
    # The table's deals wait for the opponents again: the recorder may correct them.
    assert sorted(set(match.deals.values_list("status", flat=True))) == ["pending"]


@pytest.mark.parametrize("reason", ["reopened", "closed for time"])
def test_an_unlock_whose_reason_reads_like_another_action_is_shown_as_an_unlock(
    desk, match, reason
):
    confirm_whole_match(match)

    response = desk.post(f"{MATCH_URL}deverrouiller/", {"unlock-reason": reason}, follow=True)

    unlocked = selectors.match_unlocks(match=match)[0]
    assert [row for row in table_rows(response, "audit") if row[2] == ""] == [
        [local(unlocked.history_date), "Marie Dupuy", "", "Partie déverrouillée", reason]
    ]


def test_unlocking_without_a_reason_is_refused_and_the_match_stays_locked(desk, match):
    confirm_whole_match(match)

    page = desk.get(MATCH_URL).content.decode()
    response = desk.post(f"{MATCH_URL}deverrouiller/", {"unlock-reason": ""})

    assert 'action="/concours/t/parties/1/tables/1/deverrouiller/#unlock"' in page
    assert response.status_code == 422
    assert errors_of(response, "unlock-reason") == [
        "Indiquez la raison : elle est gardée dans l’historique."
    ]
    match.refresh_from_db()
    assert match.locked_at == NOW


def test_correcting_a_closed_round_updates_the_match_the_standings_and_the_next_draft(
    desk, organiser
):
    club = ClubFactory(name="Amicale de Cahors")
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, slug="t", match_format_value=1, number_of_rounds=3)
    for number in (1, 2, 3, 4):
        TeamFactory(tournament=tournament, number=number, is_checked_in=True)
    first_round = services.draw_round(tournament=tournament, seed=7)
    services.publish_round(round=first_round, now=NOW)
    for match in first_round.matches.all():
        services.record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    services.close_round(round=first_round, now=NOW)
    services.draw_round(tournament=tournament)

    def draft_tables():
        draft = tournament.rounds.get(number=2)
        return [
            (m.table_number, m.team_a.number, m.team_b.number)
            for m in draft.matches.select_related("team_a", "team_b").order_by("table_number")
        ]

    def standings():
        return [
            (s.team.number, s.row.points)
            for s in selectors.tournament_standings(tournament=tournament)
        ]

    before = (draft_tables(), standings())

    response = desk.post(
        f"{MATCH_URL}donnes/1/corriger/",
        correction(
            1,
            1,
            "Le preneur était dedans",
            taker_tricks="3",
            taker_card_points="70",
            defence_card_points="92",
        ),
        follow=True,
    )

    assert messages_of(response) == ["Donne 1 corrigée."]
    table_1 = first_round.matches.get(table_number=1)
    assert (table_1.team_a.number, table_1.team_b.number) == (4, 2)
    assert (table_1.total_a, table_1.total_b, table_1.result) == (0, 250, "B")
    assert before == ([(1, 1, 4), (2, 2, 3)], [(1, 190), (4, 190), (2, 60), (3, 60)])
    assert (draft_tables(), standings()) == (
        [(1, 2, 1), (2, 3, 4)],
        [(2, 250), (1, 190), (3, 60), (4, 0)],
    )
    assert tournament.rounds.get(number=2).status == Round.Status.DRAFT


def test_the_audit_trail_shows_every_input_of_a_deal_its_status_and_dispute_note():
    assert sorted(AUDITED_FIELDS) == sorted([*ENTRY_FIELDS, "status", "dispute_note"])


@pytest.mark.parametrize("deals", [1, 2])
def test_the_organisers_match_page_runs_the_same_queries_for_1_and_2_deals(
    desk, match, django_assert_num_queries, deals
):
    for number in range(1, deals + 1):
        services.submit_deal(
            seat=link(match, "A"), entry=DealEntry("A", MADE_90), deal_number=number, now=NOW
        )
    services.confirm_deals(seat=link(match, "B"), now=NOW)

    with django_assert_num_queries(11):
        response = desk.get(MATCH_URL)

    assert len(table_rows(response, "audit")) == 2 * deals + 1
