"""The desk's grid of a table on paper (views/paper.py), the switch on the round desk, and
what a table on paper no longer shows: its QR codes, and its phone links."""

import datetime
import re

import pytest

import scoring
from tests.factories import MatchFactory, RoundFactory, TeamFactory, TournamentFactory
from tournaments import services
from tournaments.exports import pdf
from tournaments.models import AuditAction, Club, Deal, DealEntry, Round, TeamLink, Tournament

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
SHEET = "/concours/t/gestion/parties/1/tables/1/feuille/"
DESK = "/concours/t/gestion/parties/1/"
MADE_90 = DealEntry(
    "A",
    scoring.Deal(
        trump="H", contract=90, taker_card_points=102, defence_card_points=60, taker_tricks=4
    ),
)
#: Row 1 as the desk types it: 90 ♥ by team A, 102 card points.
ROW = {"version": "", "taker": "A", "contract": "90", "trump": "C", "taker_card_points": "102"}


@pytest.fixture
def desk(desk, club):
    """The signed-in desk of the Amicale de Cahors, the club of the tournament."""
    return desk


def make_match(*, mode: str = "paper", deals_per_match: int = 12) -> "Match":  # noqa: F821
    """Table 1 of round 1 (published, links made) of tournament « t »."""
    club = Club.objects.get(name="Amicale de Cahors")
    tournament = TournamentFactory(
        club=club, slug="t", match_format_value=deals_per_match, results_mode=mode
    )
    round_ = RoundFactory(tournament=tournament, number=1)
    match = MatchFactory(
        round=round_,
        table_number=1,
        team_a=TeamFactory(tournament=tournament, number=7, player_1="Anne", player_2="Bruno"),
        team_b=TeamFactory(tournament=tournament, number=12, player_1="Chloé", player_2="Denis"),
    )
    services.ensure_team_links(tournament=round_.tournament, now=NOW)
    return match


def cells(page: str, element_id: str, closing: str = "td|span|ul") -> str:
    """Return the text of the element with ``element_id`` up to the first ``closing`` tag
    (its inner tags dropped)."""
    found = re.search(rf'id="{element_id}"[^>]*>(.*?)</({closing})>', page, re.S)
    assert found, element_id
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def values(page: str, number: int) -> dict[str, str]:
    """Return the values of row ``number``'s inputs by column."""
    return dict(
        re.findall(
            rf'<input type="text" name="(\w+)" id="sheet-{number}-\w+"[^>]* value="([^"]*)"',
            page,
        )
    )


@pytest.mark.parametrize("deals", [1, 12])
def test_the_grid_runs_the_same_queries_for_1_and_12_deals(desk, django_assert_num_queries, deals):
    match = make_match()
    for number in range(1, deals + 1):
        services.record_deal(match=match, entry=MADE_90, now=NOW, deal_number=number)

    # 8: the page asks once whether the teams are a mêlée's pairs (their seats).
    with django_assert_num_queries(8):
        response = desk.get(SHEET)

    assert (response.status_code, response.content.decode().count("<tbody id=")) == (200, 12)


def test_the_grid_shows_each_recorded_row_and_starts_on_the_first_to_type(desk):
    match = make_match()
    services.record_deal(match=match, entry=MADE_90, now=NOW)

    page = desk.get(SHEET).content.decode()

    assert values(page, 1) == {
        "taker": "A",
        "contract": "90",
        "trump": "C",
        "taker_card_points": "102",
        "coinche": "",
        "belote": "",
        "declarations_a": "",
        "declarations_b": "",
    }
    assert [cells(page, f"sheet-1-{name}") for name in ("defence", "total-a", "total-b")] == [
        "60",
        "190",
        "60",
    ]
    assert re.findall(r'id="(sheet-\d+-\w+)"[^>]*autofocus', page) == ["sheet-2-taker"]
    assert "<dd>A (équipe 7) ou B (équipe 12) ; P une passe (enregistrée aussitôt)</dd>" in page


def test_enter_records_a_row_and_answers_with_its_stored_scores(desk):
    match = make_match()

    response = desk.post(f"{SHEET}donnes/1/", ROW, HTTP_HX_REQUEST="true")

    page = response.content.decode()
    deal = Deal.objects.get()
    assert (deal.match_id, deal.deal_number, deal.score_a, deal.score_b, deal.status) == (
        match.pk,
        1,
        190,
        60,
        "confirmed",
    )
    assert page.strip().startswith('<tbody id="sheet-deal-1" class="sheet-row is-saved"')
    assert [cells(page, f"sheet-1-{name}") for name in ("score-a", "score-b", "total-a")] == [
        "190",
        "60",
        "190",
    ]
    assert cells(page, "sheet-scoreboard", "div") == "Équipe 7 190 Équipe 12 60"
    assert 'value="1"' in page.split("<td>")[0]  # the version to correct it from


def test_a_changed_row_is_corrected_with_the_sheets_reason_and_later_totals_follow(desk):
    match = make_match()
    for number in (1, 2):
        services.record_deal(match=match, entry=MADE_90, now=NOW, deal_number=number)

    response = desk.post(
        f"{SHEET}donnes/1/",
        ROW | {"version": "1", "taker_card_points": "82"},
        HTTP_HX_REQUEST="true",
    )

    page = response.content.decode()
    first = Deal.objects.get(deal_number=1)
    assert [(r.audit_action, r.audit_reason) for r in first.history.order_by("history_id")] == [
        (AuditAction.ENTERED, ""),
        (AuditAction.CORRECTED, "Saisie de la feuille"),
    ]
    assert (cells(page, "sheet-1-total-b"), cells(page, "sheet-2-total-a")) == ("250", "190")
    assert page.count('hx-swap-oob="true"') == 5  # row 2's four cells and the scoreboard
    assert re.findall(r'<span class="row-notice">([^<]*)</span>', page) == ["Enregistrée."]


def test_a_refused_row_names_its_column_in_french_and_saves_nothing(desk):
    make_match()

    response = desk.post(f"{SHEET}donnes/1/", ROW | {"contract": "95"}, HTTP_HX_REQUEST="true")

    page = response.content.decode()
    assert (response.status_code, Deal.objects.count()) == (200, 0)
    assert cells(page, "sheet-1-errors") == "Donne 1 · Contrat : Le contrat monte de 10 en 10."
    assert values(page, 1)["contract"] == "95"
    assert re.findall(r'id="(sheet-1-\w+)"[^>]*aria-invalid="true"[^>]*autofocus', page) == [
        "sheet-1-contract"
    ]


def test_a_row_with_several_mistakes_shows_them_all_at_once_and_saves_nothing(desk):
    make_match()
    typed = ROW | {"taker": "Z", "contract": "75", "taker_card_points": "200", "belote": "AB"}

    response = desk.post(f"{SHEET}donnes/1/", typed, HTTP_HX_REQUEST="true")

    page = response.content.decode()
    assert (response.status_code, Deal.objects.count()) == (200, 0)
    assert re.findall(r"<li>Donne 1 · ([^<]*)</li>", page) == [
        "Preneur : Tapez A ou B pour l’équipe du preneur, P pour une passe.",
        "Contrat : Le contrat est d’au moins 80.",
        "Contrat : Le contrat monte de 10 en 10.",
        "Points du preneur : Les points des deux équipes doivent faire 162 (ici 200), ou 252 "
        "sur un capot.",
        "Belote : Une seule belote-rebelote avec un atout de couleur.",
    ]
    assert re.findall(r'id="sheet-1-(\w+)"[^>]*aria-invalid="true"', page) == [
        "taker",
        "contract",
        "taker_card_points",
        "belote",
    ]


def test_a_stale_row_comes_back_as_it_now_is(desk):
    match = make_match()
    services.record_deal(match=match, entry=MADE_90, now=NOW)

    response = desk.post(f"{SHEET}donnes/1/", ROW | {"taker_card_points": "82"})

    page = response.content.decode()
    assert (values(page, 1)["taker_card_points"], Deal.objects.get().taker_card_points) == (
        "102",
        102,
    )
    assert (
        "La donne 1 a été modifiée entre-temps (à la table ou sur un autre écran) : la voici "
        "telle qu’elle est. Vérifiez-la, puis retapez-la si besoin."
    ) in page


def test_a_pass_makes_room_for_one_more_row_at_the_end(desk):
    make_match(deals_per_match=2)

    response = desk.post(f"{SHEET}donnes/1/", {"taker": "P", "sheet_rows": "2"})

    page = response.content.decode()
    assert re.findall(
        r'<table hx-swap-oob="beforeend:#paper-sheet">\s*<tbody id="(\S+)"', page
    ) == ["sheet-deal-3"]
    assert Deal.objects.get().is_passed is True


def test_the_preview_scores_the_row_as_typed_and_saves_nothing(desk):
    match = make_match()
    services.record_deal(match=match, entry=MADE_90, now=NOW)

    response = desk.post(f"{SHEET}donnes/2/apercu/", ROW | {"taker": "B"})

    page = response.content.decode()
    assert [
        cells(page, f"sheet-2-{name}")
        for name in ("defence", "score-a", "score-b", "total-a", "total-b", "trump-label")
    ] == ["60", "60", "190", "250", "250", "♥"]
    assert Deal.objects.count() == 1


def test_a_table_on_its_phones_shows_its_sheet_read_only_and_refuses_rows(desk):
    make_match(mode="phones")

    page = desk.get(SHEET).content.decode()
    response = desk.post(f"{SHEET}donnes/1/", ROW, HTTP_HX_REQUEST="true")

    assert "hx-post" not in page.split('id="paper-sheet"')[1]
    assert page.count("readonly") == 12 * 8
    assert cells(response.content.decode(), "sheet-1-errors") == (
        "Donne 1 · La table 1 saisit ses donnes sur ses téléphones : passez-la d’abord en "
        "papier sur la page de la partie."
    )
    assert Deal.objects.count() == 0


def test_the_round_desk_switches_a_table_to_paper_and_back(desk):
    match = make_match(mode="phones")

    to_paper = desk.post(f"{DESK}tables/1/saisie/", {"mode": "paper", "back": "desk"}, follow=True)
    paper_row = [line for line in to_paper.content.decode().splitlines() if "feuille/" in line]
    back = desk.post(f"{DESK}tables/1/saisie/", {"mode": "phones", "back": "match"}, follow=True)

    match.refresh_from_db()
    assert [str(m) for m in to_paper.context["messages"]] == [
        "La table 1 est sur papier : la table de marque saisit sa feuille, ses téléphones ne "
        "saisissent plus rien."
    ]
    assert paper_row == [
        '    <a href="/concours/t/gestion/parties/1/tables/1/feuille/">Saisir la feuille</a>'
    ]
    assert (back.redirect_chain, match.results_mode) == (
        [("/concours/t/parties/1/tables/1/", 302)],
        "phones",
    )
    assert [entry.action for entry in back.context["audit"]] == [
        "Table revenue aux téléphones",
        "Table passée en papier",
    ]


def test_a_paper_tables_phone_link_says_the_desk_enters_it_and_writes_nothing(db, client):
    match = make_match_for_phones_test()
    link = TeamLink.objects.get(team=match.team_a)

    page = client.get(f"/table/{link.token}/")
    posted = client.post(
        f"/table/{link.token}/parties/1/donne/",
        {"deal_number": "1", "taker": "A", "trump": "H", "contract": "90", "taker_tricks": "5",
         "taker_card_points": "104"},
    )  # fmt: skip

    # The team's page still says where it plays, and that the desk enters it.
    assert (page.status_code, posted.status_code, Deal.objects.count()) == (200, 403, 0)
    assert "Votre table est sur papier : notez vos donnes" in page.content.decode()
    assert 'id="deal-form"' not in page.content.decode()
    assert "La table de marque saisit cette table" in posted.content.decode()


def make_match_for_phones_test():
    club = Club.objects.create(name="Amicale de Cahors")
    tournament = TournamentFactory(club=club, slug="t")
    match = MatchFactory(round=RoundFactory(tournament=tournament), table_number=1)
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    services.set_match_results_mode(match=match, is_paper=True, now=NOW)
    return match


def test_a_paper_table_has_no_qr_code_on_its_sheet_nor_on_the_qr_page(desk):
    match = make_match(mode="phones")
    other = MatchFactory(round=match.round, table_number=2)
    services.ensure_team_links(tournament=match.round.tournament, now=NOW)
    services.set_match_results_mode(match=match, is_paper=True, now=NOW)

    html = pdf.score_sheets_html(round=match.round, base_url="https://club.example/")
    qr_page = desk.get(f"{DESK}qr/").content.decode()

    tables = html.split('<section class="sheet">')[1:]
    assert [table.count("<svg") for table in tables] == [0, 2]
    assert qr_page.split('id="table-2"')[0].count("<svg") == 0
    assert qr_page.split('id="table-2"')[1].count("<svg") == 2
    assert "Sur papier : la table de marque saisit la feuille de cette table" in qr_page
    assert other.is_paper is False


def test_the_results_entry_can_change_after_round_1(desk):
    match = make_match(mode="phones")
    form = {
        "name": "Concours du Lot",
        "date": "2026-11-28",
        "rules_preset": "ffb-coinche",
        "allows_no_trump_all_trump": "on",
        "match_format": "deals",
        "match_format_value": "12",
        "number_of_rounds": "4",
        "bye_credit": "round-mean",
        "bye_credit_value": "0",
        "ranking": "points",
        "tie_break_1": "matches_won",
        "tie_break_2": "points_difference",
        "tie_break_3": "head_to_head",
        "confirmation_mode": "confirm",
        "results_mode": "paper",
    }

    saved = desk.post("/concours/t/gestion/reglages/", form, follow=True)

    assert [str(m) for m in saved.context["messages"]] == ["Réglages enregistrés."]
    assert Tournament.objects.get(pk=match.round.tournament_id).results_mode == "paper"
    assert Round.objects.get().status == Round.Status.PUBLISHED


def key_map(page: str) -> dict[str, str]:
    """Return the grid's legend: each column's help, tags stripped."""
    section = re.findall(r'<section class="key-map".*?</section>', page, re.S)[0]
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", section, re.S)
    return {name: re.sub(r"<[^>]+>", "", help_text) for name, help_text in pairs}


@pytest.mark.parametrize(
    ("language", "trump", "declarations"),
    [
        (
            "en",
            "the French initials the sheet prints: P ♠ (pique) · C ♥ (cœur) · K ♦ (carreau) · "
            "T ♣ (trèfle) · S no trump (sans atout) · X all trump (tout atout)",
            "those that counted, one code each: 2 tierce, 5 cinquante, 1 cent; a carré by the "
            "French initial of its rank: V jacks (valets), 9 nines, A aces, X tens (dix), R "
            "kings (rois), D queens (dames)",
        ),
        (
            "fr",
            "P ♠ · C ♥ · K ♦ · T ♣ · S sans atout · X tout atout",
            "celles qui ont compté, un code chacune : 2 tierce, 5 cinquante, 1 cent ; carré V "
            "valets, 9 neufs, A as, X dix, R rois, D dames",
        ),
    ],
)
def test_the_grids_key_help_says_in_english_what_the_french_keys_stand_for(
    desk, language, trump, declarations
):
    make_match()
    desk.cookies["django_language"] = language

    legend = key_map(desk.get(SHEET).content.decode())

    trump_name, declarations_name = (
        ("Trump", "Declarations")
        if language == "en"
        else (
            "Atout",
            "Annonces",
        )
    )
    assert (legend[trump_name], legend[declarations_name]) == (trump, declarations)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "fr",
            "Donne 5 · Non enregistrée : la feuille se saisit dans l’ordre, et la prochaine "
            "donne à saisir est la donne 3.",
        ),
        (
            "en",
            "Deal 5 · Not saved: the sheet is typed in order, and the next deal to type is deal 3.",
        ),
    ],
)
def test_a_row_past_the_next_deal_is_refused_naming_the_next_and_saves_nothing(
    desk, language, message
):
    match = make_match()
    for _number in (1, 2):
        services.record_deal(match=match, entry=MADE_90, now=NOW)
    desk.cookies["django_language"] = language

    response = desk.post(
        f"{SHEET}donnes/5/",
        ROW | {"contract": "90", "trump": "P", "taker_card_points": "100"},
        HTTP_HX_REQUEST="true",
    )

    page = response.content.decode()
    match.refresh_from_db()
    assert (response.status_code, Deal.objects.count(), match.total_a, match.total_b) == (
        200,
        2,
        380,
        120,
    )
    assert cells(page, "sheet-5-errors") == message
    assert values(page, 5)["taker_card_points"] == "100"
    assert "Enregistrée." not in page
