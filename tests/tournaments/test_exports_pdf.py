"""PDF exports (tournaments/exports/pdf.py): the HTML each one renders, the PDF read back
(pypdf text, fonts, page count and size) and page 1 drawn by pdftoppm (STYLE.md §5)."""

import datetime
import re
import subprocess
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation

import scoring
from tests.factories import (
    ByeFactory,
    ClubFactory,
    DealFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tests.pdf_reading import html_tables, ink_fraction, page_size_mm, page_texts, word_boxes
from tournaments import selectors
from tournaments.exports import pdf
from tournaments.models import DealEntry, Match, Round, Team, TeamLink
from tournaments.services import (
    confirm_deals,
    ensure_team_links,
    record_deal,
    record_match_totals,
    submit_deal,
)

NOW = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=datetime.UTC)
BASE_URL = "https://belote.example/"
HYPERLINK = '=HYPERLINK("http://x.example";"clic")'
RULES_LINE = "Coinche FFB (annonces, 80 à 500 ou capot) · 12 donnes par partie · règles, version 1"
DEALS_HEADING = [
    ["Donne", "Preneur", "Contrat", "Atout ♠ ♥ ♦ ♣", "Coinche", "Points de la donne",
     "Totaux cumulés"],
    ["Équipe 1", "Équipe 2", "Équipe 1", "Équipe 2"],
]  # fmt: skip


@pytest.fixture(autouse=True)
def french():
    with translation.override("fr"):
        yield


@pytest.fixture
def concours(db):
    """Round 1 published: table 1 Cœur d'Or v HYPERLINK, table 2 a control character v
    Marc, team 5 has the bye; round 2 is a draft with one table."""
    tournament = TournamentFactory(
        name="Concours de Noël", slug="noel", venue="Salle des fêtes", rules_version=1
    )
    club = ClubFactory(name="Club de Saint-Étienne")
    teams = [
        TeamFactory(tournament=tournament, number=1, player_1="Équipe Cœur d'Or", player_2="Zoé"),
        TeamFactory(tournament=tournament, number=2, player_1=HYPERLINK, player_2="Bob"),
        TeamFactory(tournament=tournament, number=3, player_1="Ana\x07", player_2="Léa\tMai"),
        TeamFactory(tournament=tournament, number=4, player_1="Marc", player_2="Jean", club=club),
        TeamFactory(tournament=tournament, number=5, player_1="Paul", player_2="Luc"),
    ]
    first = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    MatchFactory(round=first, table_number=1, team_a=teams[0], team_b=teams[1])
    MatchFactory(round=first, table_number=2, team_a=teams[2], team_b=teams[3])
    ByeFactory(round=first, team=teams[4])
    ensure_team_links(tournament=first.tournament, now=NOW)
    draft = RoundFactory(tournament=tournament, number=2, status=Round.Status.DRAFT)
    MatchFactory(round=draft, table_number=1, team_a=teams[0], team_b=teams[3])
    return tournament


def round_of(tournament, number):
    return Round.objects.select_related("tournament").get(tournament=tournament, number=number)


def team_link(round_, table, side) -> TeamLink:
    match = Match.objects.get(round=round_, table_number=table)
    team = match.team_a if side == "A" else match.team_b
    return TeamLink.objects.get(team=team, revoked_at__isnull=True)


def link_url(round_, table, side):
    return f"{BASE_URL}table/{team_link(round_, table, side).token}/"


@pytest.mark.parametrize(
    ("match_format", "value", "rows"),
    [("deals", 12, 12), ("deals", 8, 8), ("target", 1001, 16), ("target", 2000, 20),
     ("target", 2401, 24), ("target", 5000, 24)],
)  # fmt: skip
def test_a_blank_sheet_has_a_row_per_deal_or_enough_for_the_target(match_format, value, rows):
    tournament = TournamentFactory.build(match_format=match_format, match_format_value=value)

    assert pdf.sheet_row_count(tournament) == rows


# Score sheets ----------------------------------------------------------------------------


def test_a_score_sheet_has_the_teams_a_row_per_deal_and_both_table_links(concours):
    round_ = round_of(concours, 1)

    html = pdf.score_sheets_html(round=round_, base_url=BASE_URL)

    assert html_tables(html, "teams") == [
        [["Équipe A", "1", "Équipe Cœur d'Or / Zoé"], ["Équipe B", "2", f"{HYPERLINK} / Bob"]],
        [["Équipe A", "3", "Ana / Léa Mai"], ["Équipe B", "4", "Marc / Jean"]],
    ]
    # One ruled row per deal, drawn as one tall row: the deal numbers stacked in its first cell.
    numbers = " ".join(str(n) for n in range(1, 13))
    assert html_tables(html, "deals")[0] == [
        *DEALS_HEADING,
        [numbers, "", "", "", "", "", "", "", ""],
    ]
    assert html.count(RULES_LINE) == 2
    assert html.count('class="qr-code"') == 4
    for table in (1, 2):
        for side in ("A", "B"):
            assert html.count(link_url(round_, table, side)) == 1
    assert "\x07" not in html


def test_a_classic_belote_sheet_to_1001_has_16_rows_and_no_contract_or_coinche(concours):
    concours.rules_preset = "belote-classique"
    concours.match_format, concours.match_format_value = "target", 1001
    concours.save()

    html = pdf.score_sheets_html(round=round_of(concours, 1), base_url=BASE_URL)

    assert html_tables(html, "deals")[0] == [
        ["Donne", "Preneur", "Atout ♠ ♥ ♦ ♣", "Points de la donne", "Totaux cumulés"],
        ["Équipe 1", "Équipe 2", "Équipe 1", "Équipe 2"],
        [" ".join(str(n) for n in range(1, 17)), "", "", "", "", "", ""],
    ]


PAPER_HEADING = [
    ["Donne", "Preneur", "Contrat", "Atout", "Points", "Coinche", "Belote", "Annonces",
     "Points de la donne", "Totaux cumulés"],
    ["Preneur", "Défense", "Équipe 3 (A)", "Équipe 4 (B)", "Équipe 3 (A)", "Équipe 4 (B)",
     "Équipe 3 (A)", "Équipe 4 (B)"],
]  # fmt: skip
#: The keys, one column after the other (the stylesheet puts a « · » between them).
PAPER_KEYS = (
    "Preneur A ou B ; P une passe Contrat C capot Atout P ♠ · C ♥ · K ♦ · T ♣ · S SA · "
    "X TA Points du preneur C capot du preneur, D capot de la défense Coinche 0 aucune, "
    "1 coinche, 2 surcoinche Belote A ou B, l’équipe qui l’a Annonces celles qui ont "
    "compté, un code chacune : 2 tierce, 5 cinquante, 1 cent ; carré V valets, 9 neufs, "
    "A as, X dix, R rois, D dames"
)


def test_a_paper_table_sheet_has_the_columns_of_the_desks_grid_and_no_qr_code(concours):
    round_ = round_of(concours, 1)
    round_.matches.filter(table_number=2).update(results_mode="paper")

    html = pdf.score_sheets_html(round=round_, base_url=BASE_URL)

    phones, paper = html_tables(html, "deals")
    assert phones[:2] == DEALS_HEADING
    # Deal, taker, contract, trump, 2 card points, coinche, belote, 2 declarations,
    # 2 points of the deal, 2 running totals: the grid's 14 columns, in its order.
    assert paper == [*PAPER_HEADING, [" ".join(str(n) for n in range(1, 13)), *[""] * 13]]
    assert html.count('class="qr-code"') == 2
    assert (html.count(link_url(round_, 2, "A")), html.count(link_url(round_, 2, "B"))) == (0, 0)
    assert html_tables(html, "totals-box") == []
    keys = re.findall(r'<dl class="paper-keys">(.*?)</dl>', html, re.S)
    assert [" ".join(re.sub(r"<[^>]+>", " ", key).split()) for key in keys] == [PAPER_KEYS]


def test_a_classic_paper_sheet_has_the_grid_without_contract_and_a_totals_box(concours):
    concours.rules_preset, concours.results_mode = "belote-classique", "paper"
    concours.save()

    html = pdf.score_sheets_html(round=round_of(concours, 1), base_url=BASE_URL)

    assert html_tables(html, "deals")[1][:2] == [
        ["Donne", "Preneur", "Atout", "Points", "Belote", "Annonces", "Points de la donne",
         "Totaux cumulés"],
        ["Preneur", "Défense", "Équipe 3 (A)", "Équipe 4 (B)", "Équipe 3 (A)", "Équipe 4 (B)",
         "Équipe 3 (A)", "Équipe 4 (B)"],
    ]  # fmt: skip
    assert html_tables(html, "totals-box") == [
        [
            ["Total, équipe 1 (A)", "Total, équipe 2 (B)", "Donnes jouées", "Capots",
             "Belotes", "Points d’annonces"],
            ["", "", "", "", "", ""],
        ],
        [
            ["Total, équipe 3 (A)", "Total, équipe 4 (B)", "Donnes jouées", "Capots",
             "Belotes", "Points d’annonces"],
            ["", "", "", "", "", ""],
        ],
    ]  # fmt: skip
    assert (html.count('class="qr-code"'), html.count("/table/")) == (0, 0)


def test_a_paper_sheet_without_declarations_has_no_declaration_column_or_count(concours):
    concours.rules_preset, concours.results_mode = "belote-sans-annonces", "paper"
    concours.save()

    html = pdf.score_sheets_html(round=round_of(concours, 1), base_url=BASE_URL)

    assert html_tables(html, "deals")[0][0] == [
        "Donne", "Preneur", "Atout", "Points", "Belote", "Points de la donne", "Totaux cumulés",
    ]  # fmt: skip
    assert html_tables(html, "totals-box")[0][0] == [
        "Total, équipe 1 (A)", "Total, équipe 2 (B)", "Donnes jouées", "Capots", "Belotes",
    ]  # fmt: skip


def test_a_coinche_paper_sheet_has_no_totals_box_since_its_totals_cannot_be_checked(concours):
    concours.results_mode = "paper"
    concours.save()

    html = pdf.score_sheets_html(round=round_of(concours, 1), base_url=BASE_URL)

    assert (len(html_tables(html, "deals")), html_tables(html, "totals-box")) == (2, [])


def test_a_paper_sheet_prints_in_english_when_english_is_active(concours):
    concours.rules_preset, concours.results_mode = "belote-classique", "paper"
    concours.save()

    with translation.override("en"):
        data = pdf.score_sheets_pdf(round=round_of(concours, 1), base_url=BASE_URL)

    lines = [line.strip() for line in page_texts(data)[0].splitlines()]
    assert lines[lines.index("Score sheet") :] == [
        "Score sheet",
        "Concours de Noël · Nov. 28, 2026 · Salle des fêtes",
        "Classic belote with declarations · 12 deals per match · rules version 1",
        "Team A 1 Équipe Cœur d'Or / Zoé",
        f"Team B 2 {HYPERLINK} / Bob",
        "Deal Taker Trump",
        "Card points",
        "Belote",
        "Declarations Points of the deal Running totals",
        "Taker Defence Team 1 (A) Team 2 (B) Team 1 (A) Team 2 (B) Team 1 (A) Team 2 (B)",
        *(str(n) for n in range(1, 13)),
        "Taker A or B; P a pass · Trump P ♠ · C ♥ · K ♦ · T ♣ · Taker's card points C capot by "
        "the taker, D capot by the defence · Belote",
        "A or B, the team that holds it · Declarations those that counted, one code each: 2 "
        "tierce, 5 cinquante, 1 cent; carré V jacks, 9",
        "nines, A aces, X tens, R kings, D queens",
        "Totals of the match (if only the totals are typed)",
        "Total, team 1 (A) Total, team 2 (B) Deals played Capots Belotes Declaration points",
        "Concours de Noël · Score sheets, round 1 page 1 / 2",
    ]


def test_a_draft_round_has_sheets_without_qr_codes(concours):
    html = pdf.score_sheets_html(round=round_of(concours, 2), base_url=BASE_URL)

    assert html_tables(html, "teams") == [
        [["Équipe A", "1", "Équipe Cœur d'Or / Zoé"], ["Équipe B", "4", "Marc / Jean"]]
    ]
    assert (html.count("<svg"), html.count("/table/")) == (0, 0)


def test_a_draft_round_sheet_says_draft_in_its_header_and_footer(concours):
    data = pdf.score_sheets_pdf(round=round_of(concours, 2), base_url=BASE_URL)

    [page] = page_texts(data)
    lines = page.splitlines()
    assert lines[:3] == ["Partie 2", "Table 1", "BROUILLON"]
    assert lines[-1] == (
        "Concours de Noël · Feuilles de marque, partie 2 · Brouillon : pas encore publié, "
        "les tables peuvent encore changer. page 1 / 1"
    )


def test_a_published_round_sheet_does_not_say_draft(concours):
    data = pdf.score_sheets_pdf(round=round_of(concours, 1), base_url=BASE_URL)

    assert [text for text in page_texts(data) if "Brouillon" in text] == []


def test_a_revoked_team_link_is_not_printed(concours):
    round_ = round_of(concours, 1)
    revoked = team_link(round_, 2, "B")
    TeamLink.objects.filter(pk=revoked.pk).update(revoked_at=NOW)

    html = pdf.score_sheets_html(round=round_, base_url=BASE_URL)

    assert html.count('class="qr-code"') == 3
    assert (html.count(link_url(round_, 2, "A")), html.count(revoked.token)) == (1, 0)


def test_a_team_card_has_its_number_players_qr_code_address_and_own_code(concours):
    links = {link.team.number: link for link in TeamLink.objects.select_related("team")}

    html = pdf.team_cards_html(tournament=concours, base_url=BASE_URL)

    cards = re.findall(r'<section class="team-card">(.*?)</section>', html, re.S)
    assert len(cards) == 5
    assert html.count('class="qr-code"') == 5
    for number, card in zip(range(1, 6), cards, strict=True):
        assert re.findall(r'<h2 class="team-card-number">(.*?)</h2>', card) == [f"Équipe {number}"]
        assert re.findall(r'<p class="qr-url">(.*?)</p>', card) == [
            f"{BASE_URL}table/{links[number].token}/"
        ]
        assert re.findall(r"<strong>(\d{4})</strong>", card) == [links[number].pin]
    assert re.findall(r'<p class="team-card-club">(.*?)</p>', html) == ["Club de Saint-Étienne"]
    assert "\x07" not in html


def test_a_team_whose_link_is_revoked_has_no_card(concours):
    TeamLink.objects.filter(team__number=2).update(revoked_at=NOW)

    html = pdf.team_cards_html(tournament=concours, base_url=BASE_URL)

    assert re.findall(r'<h2 class="team-card-number">Équipe (\d+)</h2>', html) == [
        "1",
        "3",
        "4",
        "5",
    ]


def test_the_team_cards_pdf_puts_eight_cards_on_an_a4_page(concours):
    for number in range(6, 12):
        TeamFactory(tournament=concours, number=number)
    ensure_team_links(tournament=concours, now=NOW)

    data = pdf.team_cards_pdf(tournament=concours, base_url=BASE_URL)

    pages = page_texts(data)
    assert (len(pages), page_size_mm(data)) == (2, (210, 297))
    assert [pages[0].count("Code de votre équipe"), pages[1].count("Code de votre équipe")] == [
        8,
        3,
    ]


#: static/css/pdf.css: the page's top margin, a team card's height and its padding (mm).
PAGE_TOP, CARD_HEIGHT, CARD_PADDING = 12, 64, 3
LAST_SENTENCE = (
    "Gardez-le pour vous : tapez-le sur le téléphone des adversaires pour y confirmer leurs donnes."
)


def test_a_card_with_a_team_name_and_a_long_address_prints_its_last_sentence_inside(
    concours, tmp_path
):
    # The address wraps (a long host), the name adds a line: the last sentence used to fall
    # under the card's border, still in the text but hidden by the card's overflow.
    Team.objects.filter(tournament=concours, number=2).update(name="Les As de la Coinche du Forez")
    long_host = "https://belote-club-de-saint-etienne-et-environs.example.org/"

    data = pdf.team_cards_pdf(tournament=concours, base_url=long_host)

    text = re.sub(r"\s+", " ", page_texts(data)[0])
    assert (text.count(LAST_SENTENCE), text.count("Les As de la Coinche du Forez")) == (5, 1)
    ends = [(top, bottom) for word, top, bottom in word_boxes(data, tmp_path) if word == "donnes."]
    assert len(ends) == 5
    for top, bottom in ends:
        row = int((top - PAGE_TOP) // CARD_HEIGHT)
        assert bottom < PAGE_TOP + (row + 1) * CARD_HEIGHT - CARD_PADDING


def test_the_score_sheets_pdf_has_a_page_per_table(concours, tmp_path):
    data = pdf.score_sheets_pdf(round=round_of(concours, 1), base_url=BASE_URL)

    pages = page_texts(data)
    assert len(pages) == 2
    assert page_size_mm(data) == (210, 297)
    # WeasyPrint draws the floats first: round and table, then each team's corner.
    lines = [line.strip() for line in pages[0].splitlines()]
    assert lines[:5] == [
        "Partie 1",
        "Table 1",
        "Signature, équipe 1",
        "Équipe 1 : scannez le code pour",
        "saisir vos donnes.",
    ]
    assert lines[lines.index("Feuille de marque") :] == [
        "Feuille de marque",
        "Concours de Noël · 28 novembre 2026 · Salle des fêtes",
        RULES_LINE,
        "Équipe A 1 Équipe Cœur d'Or / Zoé",
        f"Équipe B 2 {HYPERLINK} / Bob",
        "Donne Preneur Contrat Atout ♠ ♥ ♦ ♣ Coinche Points de la donne Totaux cumulés "
        "Équipe 1 Équipe 2 Équipe 1 Équipe 2",
        *(str(n) for n in range(1, 13)),
        "Concours de Noël · Feuilles de marque, partie 1 page 1 / 2",
    ]
    text = "".join(pages[0].split())
    round_ = round_of(concours, 1)
    assert [text.count(link_url(round_, 1, side)) for side in ("A", "B")] == [1, 1]
    assert "Équipe A 3 Ana / Léa Mai" in pages[1].splitlines()
    assert 0.02 < ink_fraction(data, tmp_path) < 0.5


def test_two_score_sheets_share_a_landscape_page(concours, tmp_path):
    data = pdf.score_sheets_pdf(round=round_of(concours, 1), two_per_page=True, base_url=BASE_URL)

    pages = page_texts(data)
    assert len(pages) == 1
    assert page_size_mm(data) == (297, 210)
    assert [line for line in pages[0].splitlines() if line.startswith("Table ")] == [
        "Table 1",
        "Table 2",
    ]
    assert 0.02 < ink_fraction(data, tmp_path) < 0.5


# Draw sheet ------------------------------------------------------------------------------


def test_the_draw_sheet_lists_the_tables_then_every_team_by_number(concours):
    html = pdf.draw_sheet_html(round=round_of(concours, 1))

    assert html_tables(html, "draw-by-table") == [
        [
            ["Table", "Équipe A", "Équipe B"],
            ["1", "1", "Équipe Cœur d'Or / Zoé", "2", f"{HYPERLINK} / Bob"],
            ["2", "3", "Ana / Léa Mai", "4", "Marc / Jean"],
            ["Exempt", "5", "Paul / Luc"],
        ]
    ]
    assert html_tables(html, "draw-by-team") == [
        [
            ["Équipe", "Table", "Contre"],
            ["1", "1", "2"],
            ["2", "1", "1"],
            ["3", "2", "4"],
            ["4", "2", "3"],
            ["5", "Exempt"],
        ]
    ]
    assert "Brouillon" not in html


def test_a_long_name_without_spaces_wraps_inside_the_draw_sheet(concours):
    Team.objects.filter(tournament=concours, number=4).update(player_1="B" * 60)

    data = pdf.draw_sheet_pdf(round=round_of(concours, 1))

    first_page = page_texts(data)[0]
    assert "".join(first_page.split()).count("B" * 60) == 1
    assert max(len(line) for line in first_page.splitlines() if "BBB" in line) < 60


def test_a_draft_draw_sheet_says_it_is_a_draft(concours, tmp_path):
    data = pdf.draw_sheet_pdf(round=round_of(concours, 2))

    pages = page_texts(data)
    assert len(pages) == 1
    lines = pages[0].splitlines()
    assert lines[:4] == [
        "Tirage, partie 2",
        "Concours de Noël · 28 novembre 2026 · Salle des fêtes",
        RULES_LINE,
        "Brouillon : pas encore publié, les tables peuvent encore changer.",
    ]
    # The teams in three balanced columns, each with its heading row, under the tables.
    assert lines[lines.index("Par numéro d’équipe") :] == [
        "Par numéro d’équipe",
        "Équipe Table Contre",
        "1 1 4",
        "Équipe Table Contre",
        "4 1 1",
        "Concours de Noël · Tirage, partie 2 page 1 / 1",
    ]
    assert 0.01 < ink_fraction(data, tmp_path) < 0.5


def draw_of(teams: int) -> Round:
    """Round 1 of a concours of ``teams`` teams with long names: a table per pair, the
    last team's bye when their number is odd."""
    tournament = TournamentFactory(name=f"Concours à {teams}", slug=f"concours-{teams}")
    players = [
        TeamFactory(
            tournament=tournament,
            number=number,
            player_1=f"Marie-Thérèse Dupont-Aignan {number}",
            player_2="Jean-Baptiste de La Fontaine",
        )
        for number in range(1, teams + 1)
    ]
    round_ = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    for table in range(1, teams // 2 + 1):
        MatchFactory(
            round=round_,
            table_number=table,
            team_a=players[2 * table - 2],
            team_b=players[2 * table - 1],
        )
    if teams % 2:
        ByeFactory(round=round_, team=players[-1])
    return round_of(tournament, 1)


def pdfinfo_pages(data: bytes, folder: Path) -> int:
    """Return the page count pdfinfo (poppler-utils) reads in the PDF ``data``."""
    source = folder / "draw.pdf"
    source.write_bytes(data)
    output = subprocess.run(["pdfinfo", str(source)], check=True, capture_output=True, text=True)
    [pages] = [line.split()[-1] for line in output.stdout.splitlines() if line.startswith("Pages:")]
    return int(pages)


@pytest.mark.parametrize(
    ("teams", "pages", "starts"), [(9, 1, [0]), (24, 2, [1]), (40, 2, [1]), (150, 6, [4])]
)
def test_a_draw_sheet_puts_the_teams_under_the_tables_when_they_fit(
    db, tmp_path, teams, pages, starts
):
    data = pdf.draw_sheet_pdf(round=draw_of(teams))

    texts = page_texts(data)
    # Where the list by team starts: under the tables, or on a page of its own.
    heading = [index for index, text in enumerate(texts) if "Par numéro d’équipe" in text]
    assert (pdfinfo_pages(data, tmp_path), len(texts), heading) == (pages, pages, starts)


# Filled match sheets ---------------------------------------------------------------------


MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
COINCHED_CHUTE = scoring.Deal(
    trump="S",
    contract=100,
    coinche="coinche",
    taker_card_points=70,
    defence_card_points=92,
    taker_tricks=3,
)
NO_TRUMP_80 = scoring.Deal(
    trump="SA", contract=80, taker_card_points=100, defence_card_points=62, taker_tricks=5
)


def play_table_1(tournament):
    match = round_of(tournament, 1).matches.get(table_number=1)
    for taker, deal in (("A", MADE_90), ("B", None), ("B", COINCHED_CHUTE), ("A", NO_TRUMP_80)):
        record_deal(match=match, entry=DealEntry(taker, deal), now=NOW)
    return match


def play_table_1_with_a_deal_waiting(tournament):
    """Table 1: deal 1 typed by the desk (190–60); deals 2 (520–0) and 3 (180–60) entered
    on team 1's phone, and team 2 confirms deal 3 only: deal 2 waits, so neither counts
    yet (stored totals 890–120, confirmed totals 190–60)."""
    match = round_of(tournament, 1).matches.get(table_number=1)
    seats = selectors.match_links(match=match)
    record_deal(match=match, entry=DealEntry("A", MADE_90), now=NOW)
    submit_deal(seat=seats["A"], entry=DealEntry("B", COINCHED_CHUTE), deal_number=2, now=NOW)
    submit_deal(seat=seats["A"], entry=DealEntry("A", NO_TRUMP_80), deal_number=3, now=NOW)
    confirm_deals(seat=seats["B"], deal_number=3, now=NOW)
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (890, 120)
    assert [deal.status for deal in match.deals.order_by("deal_number")] == [
        "confirmed",
        "pending",
        "confirmed",
    ]
    return match


def test_a_match_sheet_has_every_deal_with_both_scores_and_running_totals(concours):
    play_table_1(concours)

    html = pdf.match_sheets_html(round=round_of(concours, 1))

    sheets = html_tables(html, "deals")
    assert sheets[0] == [
        ["Donne", "Preneur", "Contrat", "Atout", "Coinche", "Points de la donne",
         "Totaux cumulés"],
        ["Équipe 1", "Équipe 2", "Équipe 1", "Équipe 2"],
        ["1", "1", "90", "♥", "", "190", "60", "190", "60"],
        ["2", "Passe : pas de points", "190", "60"],
        ["3", "2", "100", "♠", "Coinche", "520", "0", "710", "60"],
        ["4", "1", "80", "SA", "", "180", "60", "890", "120"],
        ["Totaux de la partie", "890", "120"],
    ]  # fmt: skip
    assert sheets[1][2:] == [["Aucune donne enregistrée."], ["Totaux de la partie", "0", "0"]]
    assert html.count("Pas terminée.") == 2


def test_a_match_sheet_prints_a_deal_waiting_and_counts_only_the_confirmed_beginning(concours):
    play_table_1_with_a_deal_waiting(concours)

    html = pdf.match_sheets_html(round=round_of(concours, 1))

    assert html_tables(html, "deals")[0][2:] == [
        ["1", "1", "90", "♥", "", "190", "60", "190", "60"],
        ["2", "2", "100", "♠", "Coinche", "520", "0",
         "Pas encore comptée (En attente des adversaires)"],
        ["3", "1", "80", "SA", "", "180", "60", "Pas encore comptée"],
        ["Totaux de la partie", "190", "60"],
    ]  # fmt: skip
    # The status in the wide cell across both running totals, not in the narrow « Donne ».
    assert re.findall(r'<td colspan="2" class="total not-counted">(.*?)</td>', html) == [
        'Pas encore comptée <span class="deal-status">(En attente des adversaires)</span>',
        "Pas encore comptée",
    ]
    assert re.findall(r'<td class="deal-number">([^<]*)</td>', html)[:3] == ["1", "2", "3"]
    assert re.findall(r'<p class="result">([^<]*)</p>', html) == [
        "En cours : 1 donne n’est pas encore confirmée.",
        "Pas terminée.",
    ]


def test_a_match_sheet_says_not_counted_yet_in_english(concours):
    play_table_1_with_a_deal_waiting(concours)

    with translation.override("en"):
        html = pdf.match_sheets_html(round=round_of(concours, 1))

    assert html_tables(html, "deals")[0] == [
        ["Deal", "Taker", "Contract", "Trump", "Coinche", "Points of the deal",
         "Running totals"],
        ["Team 1", "Team 2", "Team 1", "Team 2"],
        ["1", "1", "90", "♥", "", "190", "60", "190", "60"],
        ["2", "2", "100", "♠", "Coinche", "520", "0",
         "Not counted yet (Waiting for the opponents)"],
        ["3", "1", "80", "NT", "", "180", "60", "Not counted yet"],
        ["Match totals", "190", "60"],
    ]  # fmt: skip
    assert re.findall(r'<p class="result">([^<]*)</p>', html) == [
        "In progress: 1 deal is not confirmed yet.",
        "Not finished.",
    ]


def test_the_match_sheets_pdf_prints_not_counted_yet_across_the_running_totals(concours, tmp_path):
    play_table_1_with_a_deal_waiting(concours)

    data = pdf.match_sheets_pdf(round=round_of(concours, 1))

    lines = [line.strip() for line in page_texts(data)[0].splitlines()]
    # Deal 2's status whole, under « Pas encore comptée »: no word hyphenated.
    first, totals = lines.index("1 1 90 ♥ 190 60 190 60"), lines.index("Totaux de la partie 190 60")
    assert lines[first : totals + 2] == [
        "1 1 90 ♥ 190 60 190 60",
        "2 2 100 ♠ Coinche 520 0 Pas encore comptée (En attente des adversaires)",
        "3 1 80 SA 180 60 Pas encore comptée",
        "Totaux de la partie 190 60",
        "En cours : 1 donne n’est pas encore confirmée.",
    ]
    assert 0.01 < ink_fraction(data, tmp_path, page=1) < 0.5


def test_the_english_match_sheets_pdf_prints_the_status_whole_beside_the_deal(concours):
    play_table_1_with_a_deal_waiting(concours)

    with translation.override("en"):
        data = pdf.match_sheets_pdf(round=round_of(concours, 1))

    lines = [line.strip() for line in page_texts(data)[0].splitlines()]
    first, totals = lines.index("1 1 90 ♥ 190 60 190 60"), lines.index("Match totals 190 60")
    assert lines[first : totals + 2] == [
        "1 1 90 ♥ 190 60 190 60",
        "2 2 100 ♠ Coinche 520 0 Not counted yet (Waiting for the opponents)",
        "3 1 80 NT 180 60 Not counted yet",
        "Match totals 190 60",
        "In progress: 1 deal is not confirmed yet.",
    ]


def test_a_totals_only_match_sheet_says_so_with_its_counts_totals_and_result(concours):
    match = round_of(concours, 1).matches.get(table_number=2)
    record_match_totals(match=match, totals=scoring.MatchTotals(1800, 1210, 12), now=NOW)

    html = pdf.match_sheets_html(round=round_of(concours, 1))

    assert html_tables(html, "deals")[1][2:] == [
        ["Totaux seulement – 12 donnes jouées"],
        ["Totaux de la partie", "1800", "1210"],
    ]
    assert (html.count("Gagnée par l’équipe 3."), html.count("Pas terminée.")) == (1, 1)


def test_a_negative_score_is_printed_as_it_is_and_a_disputed_deal_is_not_counted(
    concours, tmp_path
):
    match = round_of(concours, 1).matches.get(table_number=2)
    DealFactory(match=match, deal_number=1, score_a=-20, score_b=182, total_a=-20, total_b=182)
    DealFactory(
        match=match,
        deal_number=2,
        status="disputed",
        trump="C",
        score_a=0,
        score_b=160,
        total_a=-20,
        total_b=342,
    )
    match.total_a, match.total_b, match.is_finished, match.result = -20, 342, True, "B"
    match.save()

    data = pdf.match_sheets_pdf(round=round_of(concours, 1))

    html_rows = html_tables(pdf.match_sheets_html(round=round_of(concours, 1)), "deals")[1]
    assert html_rows[2:] == [
        ["1", "3", "80", "♥", "", "-20", "182", "-20", "182"],
        ["2", "3", "80", "♣", "", "0", "160", "Pas encore comptée (Contestée)"],
        ["Totaux de la partie", "-20", "182"],
    ]
    pages = page_texts(data)
    assert len(pages) == 2
    lines = [line.strip() for line in pages[1].splitlines()]
    # Deal 2's « (Contestée) » under « Pas encore comptée », on the deal's own line.
    totals = lines.index("Totaux de la partie -20 182")
    assert lines[10 : totals + 2] == [
        "1 3 80 ♥ -20 182 -20 182",
        "2 3 80 ♣ 0 160 Pas encore comptée (Contestée)",
        "Totaux de la partie -20 182",
        "En cours : 1 donne n’est pas encore confirmée.",
    ]
    assert pages[1].splitlines()[5] == "Équipe A 3 Ana / Léa Mai"
    assert 0.01 < ink_fraction(data, tmp_path, page=2) < 0.5


@pytest.mark.parametrize("tables", [1, 3])
def test_the_match_sheets_run_the_same_queries_for_1_and_3_tables(
    db, django_assert_num_queries, tables
):
    tournament = TournamentFactory()
    first = RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    for table in range(1, tables + 1):
        match = MatchFactory(round=first, table_number=table)
        for number in (1, 2):
            DealFactory(match=match, deal_number=number)
    round_ = round_of(tournament, 1)

    with django_assert_num_queries(2):
        html = pdf.match_sheets_html(round=round_)

    # Per sheet: the two heading rows, both deals, the totals.
    assert [len(rows) for rows in html_tables(html, "deals")] == [5] * tables


# Standings -------------------------------------------------------------------------------


def finish(round_, table, total_a, total_b):
    match = round_.matches.get(table_number=table)
    match.total_a, match.total_b, match.is_finished = total_a, total_b, True
    match.result = "A" if total_a > total_b else "B"
    match.save()


def test_the_standings_have_the_tie_break_columns_and_the_prizes_in_rank_order(concours):
    round_ = round_of(concours, 1)
    finish(round_, 1, 1200, 900)
    finish(round_, 2, -20, 1500)
    concours.prize_list = "Un jambon\nDeux bouteilles\n=SOMME(A1)"
    concours.save()

    html = pdf.standings_html(tournament=concours)

    assert html_tables(html, "standings") == [
        [
            ["Rang", "Équipe", "Joueurs Club", "Points", "Gagnées", "Différence",
             "Confrontation", "Prix"],
            ["1", "4", "Marc / Jean Club de Saint-Étienne", "1500", "1", "1520", "0",
             "Un jambon"],
            ["2", "1", "Équipe Cœur d'Or / Zoé", "1200", "1", "300", "0",
             "Deux bouteilles"],
            ["3", "2", f"{HYPERLINK} / Bob", "900", "0", "-300", "0", "=SOMME(A1)"],
            ["4", "5", "Paul / Luc", "895", "0", "895", "0", ""],
            ["5", "3", "Ana / Léa Mai", "-20", "0", "-1520", "0", ""],
        ]
    ]  # fmt: skip


def test_withdrawn_and_never_played_teams_get_no_prize_and_a_dash_skips_a_rank(concours):
    round_ = round_of(concours, 1)
    finish(round_, 1, 1200, 900)
    finish(round_, 2, -20, 1500)
    concours.teams.filter(number=1).update(withdrawn_from_round=2)
    TeamFactory(tournament=concours, number=6, player_1="Noé", player_2="Ève")
    concours.prize_list = "Un jambon\nDeux bouteilles\n-\nUn pâté\nUn stylo\nUn bol"
    concours.save()

    html = pdf.standings_html(tournament=concours)
    data = pdf.standings_pdf(tournament=concours)

    assert html_tables(html, "standings") == [
        [
            ["Rang", "Équipe", "Joueurs Club", "Points", "Gagnées", "Différence",
             "Confrontation", "Prix"],
            ["1", "4", "Marc / Jean Club de Saint-Étienne", "1500", "1", "1520", "0",
             "Un jambon"],
            ["2", "2", f"{HYPERLINK} / Bob", "900", "0", "-300", "0", "Deux bouteilles"],
            ["3", "5", "Paul / Luc", "895", "0", "895", "0", ""],
            ["4", "6", "Noé / Ève", "0", "0", "0", "0", ""],
            ["5", "3", "Ana / Léa Mai", "-20", "0", "-1520", "0", "Un pâté"],
            ["6", "1", "Équipe Cœur d'Or / Zoé (forfait)", "1200", "1", "300", "0", ""],
        ]
    ]  # fmt: skip
    assert page_texts(data)[0].splitlines()[4:10] == [
        "1 4 Marc / Jean Club de Saint-Étienne 1500 1 1520 0 Un jambon",
        '2 2 =HYPERLINK("http:// x.example";"clic") / Bob 900 0 -300 0 Deux bouteilles',
        "3 5 Paul / Luc 895 0 895 0",
        "4 6 Noé / Ève 0 0 0 0",
        "5 3 Ana / Léa Mai -20 0 -1520 0 Un pâté",
        "6 1 Équipe Cœur d'Or / Zoé (forfait) 1200 1 300 0",
    ]


def test_the_standings_do_not_print_the_drawn_lot(concours):
    concours.teams.filter(number=3).update(lot=77)
    concours.teams.filter(number=4).update(lot=66)

    html = pdf.standings_html(tournament=concours)

    # Every team on 0 points: the lot decides (3 before 4), but is not printed.
    assert html_tables(html, "standings")[0][:3] == [
        ["Rang", "Équipe", "Joueurs Club", "Points", "Gagnées", "Différence", "Confrontation"],
        ["1", "3", "Ana / Léa Mai", "0", "0", "0", "0"],
        ["2", "4", "Marc / Jean Club de Saint-Étienne", "0", "0", "0", "0"],
    ]


def test_a_prize_list_of_dashes_only_has_no_prize_column(concours):
    concours.prize_list = "-\n-"
    concours.save()

    html = pdf.standings_html(tournament=concours)

    assert html_tables(html, "standings")[0][0] == [
        "Rang", "Équipe", "Joueurs Club", "Points", "Gagnées", "Différence", "Confrontation",
    ]  # fmt: skip


def test_without_a_prize_list_the_standings_have_no_prize_column(concours, tmp_path):
    data = pdf.standings_pdf(tournament=concours)

    assert html_tables(pdf.standings_html(tournament=concours), "standings")[0][0] == [
        "Rang", "Équipe", "Joueurs Club", "Points", "Gagnées", "Différence", "Confrontation",
    ]  # fmt: skip
    pages = page_texts(data)
    assert len(pages) == 1
    assert pages[0].splitlines()[:2] == [
        "Classement",
        "Concours de Noël · 28 novembre 2026 · Salle des fêtes",
    ]
    assert 0.005 < ink_fraction(data, tmp_path) < 0.5


@pytest.fixture
def big_concours(db):
    """150 teams whose players and club fill five lines or so, one finished round. Each
    row's text starts with Début<number> and its club ends with Fin<number>."""
    tournament = TournamentFactory(name="Grand concours", slug="grand")
    teams = [
        TeamFactory(
            tournament=tournament,
            number=n,
            player_1=f"Début{n} Marie-Thérèse de La Châtaigneraie-Vauban",
            player_2="Jean-François Ollivier-Beauregard de Saint-Exupéry",
            club=ClubFactory(name=f"Amicale de belote et de coinche de Saint-Étienne Fin{n}"),
        )
        for n in range(1, 151)
    ]
    round_ = RoundFactory(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    for table in range(1, 76):
        MatchFactory(
            round=round_,
            table_number=table,
            team_a=teams[2 * table - 2],
            team_b=teams[2 * table - 1],
            total_a=1000 + table,
            total_b=-20 if table == 75 else 500 + table,
            is_finished=True,
            result="A",
        )
    return tournament


def test_a_long_standings_repeats_its_heading_row_and_never_splits_a_row(big_concours):
    data = pdf.standings_pdf(tournament=big_concours)

    pages = page_texts(data)
    heading = "Rang Équipe Joueurs Club Points Gagnées Différence Confron‐ tation"
    assert len(pages) == 8
    assert [page.splitlines()[0] for page in pages[1:]] == [heading] * 7
    assert heading in pages[0].splitlines()
    for n in range(1, 151):
        starts = [index for index, page in enumerate(pages) if re.search(rf"\bDébut{n}\b", page)]
        ends = [index for index, page in enumerate(pages) if re.search(rf"\bFin{n}\b", page)]
        assert (len(starts), starts) == (1, ends), n
    assert [line.strip() for line in pages[-1].splitlines()][-6:] == [
        "150 150",
        "Début150 Marie-Thérèse de La Châtaigneraie-Vauban / Jean-",
        "François Ollivier-Beauregard de Saint-Exupéry",
        "Amicale de belote et de coinche de Saint-Étienne Fin150",
        "-20 0 -1095 0",
        "Grand concours · Classement page 8 / 8",
    ]


def test_the_stylesheet_keeps_rows_whole_and_pages_a4():
    css = Path(finders.find("css/pdf.css")).read_text()

    assert "tr {\n  break-inside: avoid;\n}" in css
    assert "@page {\n  size: A4;" in css


# Team names ------------------------------------------------------------------------------


def test_a_team_name_is_printed_before_its_players_on_sheets_cards_and_standings(concours):
    Team.objects.filter(tournament=concours, number=3).update(name="Les As")
    round_ = round_of(concours, 1)
    finish(round_, 1, 1200, 900)
    finish(round_, 2, -20, 1500)

    sheets = pdf.score_sheets_html(round=round_, base_url=BASE_URL)
    cards = pdf.team_cards_html(tournament=concours, base_url=BASE_URL)
    standings = pdf.standings_html(tournament=concours)

    assert html_tables(sheets, "teams")[1] == [
        ["Équipe A", "3", "Les As (Ana / Léa Mai)"],
        ["Équipe B", "4", "Marc / Jean"],
    ]
    assert re.findall(r'<p class="team-card-name">(.*?)</p>', cards) == ["Les As"]
    assert re.findall(r'<p class="team-card-player[^"]*">(.*?)</p>', cards)[4:8] == [
        "Ana",
        "Léa Mai",
        "Marc",
        "Jean",
    ]
    assert html_tables(standings, "standings")[0][-1] == [
        "5", "3", "Les As (Ana / Léa Mai)", "-20", "0", "-1520", "0",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "size"),
    [
        (("Anne", "Marc"), ""),
        (("A" * 24, "Marc"), ""),
        (("Anne", "B" * 25), "small"),
        (("A" * 32, "B" * 10), "small"),
        (("Marie-Christine de La Rochefoucauld-Montbazon", "Bob"), "smaller"),
    ],
)
def test_a_long_players_name_shrinks_on_its_card(players, size):
    assert pdf.card_name_size(players) == size


def test_a_team_card_prints_each_player_on_one_line_shrunk_when_long(concours):
    team = concours.teams.get(number=1)
    team.player_1 = "Marie-Christine de La Rochefoucauld-Montbazon-Castelnau"
    team.save()

    html = pdf.team_cards_html(tournament=concours, base_url=BASE_URL)

    lines = re.findall(r'<p class="team-card-player( \w+)?">(.*?)</p>', html)
    assert (len(lines), lines[:2]) == (
        10,
        [
            (" smaller", "Marie-Christine de La Rochefoucauld-Montbazon-Castelnau"),
            (" smaller", team.player_2),
        ],
    )
