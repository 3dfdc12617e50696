"""PDF exports (STYLE.md §5): score sheets, team cards, the draw sheet, match sheets, standings.

Each export renders HTML from a template under ``tournaments/pdf/`` first (the
``*_html`` functions, which the tests read), then WeasyPrint turns it into A4 pages.
WeasyPrint reads the stylesheet and the bundled DejaVu Sans font (accents and ♠ ♥ ♦ ♣)
from disk through ``pdf_render.static_files_fetcher``, which refuses every other URL: no HTTP
request is ever made, so a PDF prints offline and with DEBUG off. QR codes are inline
SVG, so they need no fetching either.

Text typed by people (names, clubs, venue, prizes) goes through :func:`printable` first:
control characters are dropped, and Django's escaping keeps « =HYPERLINK(…) » plain text.
Scores are printed as Django prints ints, a negative one as « -20 ».
"""

from __future__ import annotations

import datetime
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urljoin

from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from tournaments import selectors
from tournaments.exports.cells import CellValue
from tournaments.exports.melee_sheets import melee_draw
from tournaments.exports.pdf_render import render_pdf
from tournaments.models import (
    Deal,
    Match,
    MatchFormatKind,
    MatchResult,
    ResultsMode,
    Round,
    Team,
    TeamLink,
    Tournament,
    Trump,
)
from tournaments.presentation.cards import SUIT_SYMBOLS
from tournaments.presentation.columns import (
    DEALS,
    MELEE_STANDINGS,
    STANDINGS,
    Column,
    DealRow,
    deal_rows,
    pick,
)
from tournaments.presentation.paper_keys import (
    CAPOT_KEY,
    DEFENCE_CAPOT_KEY,
    PASSED_KEY,
    TAKER_CAPOT_KEY,
    TRUMP_KEYS,
)
from tournaments.presentation.seats import Seating, match_seating
from tournaments.presentation.totals import sheet_counts_text
from tournaments.qr import qr_code_svg
from tournaments.selectors import ConfirmedMatch
from tournaments.selectors.prizes import NO_PRIZE, award_prizes, prize_lines
from tournaments.standings import RankingKey
from tournaments.text import printable

#: Rows of a blank sheet for a match played to a target score. Both teams share about
#: 160 to 250 scored points a deal, so a team reaches 1 000 in some 12 deals and 2 000 in
#: some 16 to 20; a target needs about one row per 100 points, within these bounds.
MIN_TARGET_ROWS = 16
MAX_TARGET_ROWS = 24
POINTS_PER_TARGET_ROW = 100
#: Up to this many rows a sheet has tall rows; up to the next, compact ones; then dense
#: ones (pdf.css), so a sheet of up to 32 rows still fits on its page or half-page.
TALL_ROWS_UP_TO = 16
COMPACT_ROWS_UP_TO = 24

#: Trumps printed in red on the match sheets.
_RED_TRUMPS = {Trump.HEARTS, Trump.DIAMONDS}
#: The columns of a match sheet's deals table, before the scores (pdf/deals_heading.html).
#: The contract and coinche columns are printed only where the rules have them.
SHEET_COLUMNS = pick(DEALS, ("deal", "taker_team", "contract", "trump", "coinche"))
#: The standings' columns before those of the ranking keys (pdf/standings.html).
STANDINGS_LEADING_COLUMNS = pick(STANDINGS, ("rank", "team", "players", "club"))
#: A mêlée's standings print a player where a team is: the template's ``team`` column is
#: the player's number, its ``players`` column the player's name (RULES.md §H).
MELEE_LEADING_HEADINGS = {
    "rank": MELEE_STANDINGS["rank"].heading,
    "team": MELEE_STANDINGS["player"].heading,
    "players": MELEE_STANDINGS["name"].heading,
    "club": MELEE_STANDINGS["club"].heading,
}


# What the templates print ------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """The tournament as every sheet names it."""

    name: str
    date: datetime.date
    venue: str
    rules: str
    match_format: str
    match_format_value: int
    rules_version: int


@dataclass(frozen=True)
class SheetTeam:
    """A team of a match, as printed: side (A or B, empty for a bye), number, players.
    ``is_pair`` for a mêlée pair, printed « Paire A » with no number: a pair's number
    would read as a player's (RULES.md §H); a pair of a draft has none yet (None)."""

    side: str
    number: int | None
    players: str
    is_pair: bool = False


@dataclass(frozen=True)
class QrCode:
    """A team's table link as a QR code, with the URL printed under it."""

    side: str
    number: int
    url: str
    svg: SafeString


@dataclass(frozen=True)
class TeamCard:
    """A team's card: its number, its name (empty when it has none), players, link as a
    QR code and URL, and its own code.

    ``players`` is each player's name, one line each; ``name_size`` the class that
    shrinks them when long (:func:`card_name_size`): a card has a fixed height, so a name
    never wraps and pushes the code off it (a name longer still ends in « … », CSS).
    """

    number: int
    players: tuple[str, str]
    club: str
    url: str
    svg: SafeString
    pin: str
    name_size: str = ""
    name: str = ""


#: The longest player's name (characters) a card prints at full size, then a bit smaller;
#: past both, at the smallest size, cut with « … » (static/css/pdf.css, .team-card-player).
CARD_NAME_FULL = 24
CARD_NAME_SMALL = 32


def card_name_size(players: tuple[str, str]) -> str:
    """Return the size class of a card's player lines: "" (full size), "small" or
    "smaller", after the longer of the two names (:data:`CARD_NAME_FULL`, ...SMALL)."""
    longest = max(len(name) for name in players)
    if longest <= CARD_NAME_FULL:
        return ""
    return "small" if longest <= CARD_NAME_SMALL else "smaller"


@dataclass(frozen=True)
class DealLine:
    """One deal of a filled match sheet. A passed deal has ``is_passed`` and no scores.

    ``is_counted`` is False from the first deal pending or disputed on: the sheet prints
    « Pas encore comptée » where its running totals would be (RULES.md §E,
    :func:`~tournaments.presentation.columns.deal_rows`); ``total_a``/``total_b`` keep
    the stored running totals (scored points) all the same. ``status`` (« En attente des
    adversaires », « Contestée », "" once confirmed) is printed under « Pas encore
    comptée », across both running totals, where it fits whole on paper.
    """

    number: int
    is_passed: bool
    taker: int | str | None
    contract: str
    trump: str
    is_red: bool
    coinche: str
    score_a: int
    score_b: int
    total_a: int
    total_b: int
    status: str
    is_counted: bool = True


@dataclass(frozen=True)
class ScoreSheet:
    """One match's sheet: blank (with QR codes) or filled (with its deals).

    A match recorded by its totals (RULES.md §G) has no deal: ``is_totals_only``, and
    ``sheet_counts`` says what its paper sheet counted (« 12 donnes jouées, 5 belotes »).
    """

    table_number: int
    team_a: SheetTeam
    team_b: SheetTeam
    qr_codes: tuple[QrCode, ...] = ()
    deals: tuple[DealLine, ...] = ()
    total_a: int = 0
    total_b: int = 0
    result: str = ""
    is_totals_only: bool = False
    sheet_counts: str = ""
    is_paper: bool = False

    @property
    def teams(self) -> tuple[SheetTeam, SheetTeam]:
        return (self.team_a, self.team_b)


@dataclass(frozen=True)
class DrawLine:
    """A team of the draw, by number: its table and opponent, or None for a bye."""

    number: int
    table_number: int | None
    opponent: int | None


@dataclass(frozen=True)
class StandingLine:
    """A standings row as printed: ``values`` follow the heading's ranking keys."""

    rank: int
    number: int
    players: str
    club: str
    is_withdrawn: bool
    values: tuple[int, ...]
    prize: str


def _headings(columns: tuple[Column, ...]) -> dict[str, Promise]:
    """Return the headings of ``columns`` by key, as the templates print them."""
    return {column.key: column.heading for column in columns}


def _heading(tournament: Tournament) -> Heading:
    return Heading(
        name=printable(tournament.name),
        date=tournament.date,
        venue=printable(tournament.venue),
        rules=str(tournament.get_rules_preset_display()),
        match_format=tournament.match_format,
        match_format_value=tournament.match_format_value,
        rules_version=tournament.rules_version,
    )


def _sheet_team(team: Team, side: str, seating: Seating | None = None) -> SheetTeam:
    """Return ``team`` as a sheet prints it: a mêlée pair (``seating`` given) by its
    players at their seats, « Nord : 3 Josette Vincent · Sud : 9 Paul Roux » (RULES.md
    §H), a registered team by its name and players."""
    players = team.label if seating is None else seating.side_text(side)
    return SheetTeam(
        side=side, number=team.number, players=printable(players), is_pair=seating is not None
    )


def sheet_row_count(tournament: Tournament) -> int:
    """Return how many deal rows a blank score sheet has: the number of deals of the
    format, or enough for a match played to a target score (RULES.md §C)."""
    if tournament.match_format == MatchFormatKind.DEALS:
        return tournament.match_format_value
    rows = math.ceil(tournament.match_format_value / POINTS_PER_TARGET_ROW)
    return min(MAX_TARGET_ROWS, max(MIN_TARGET_ROWS, rows))


def _qr_codes(match: Match, links: dict[str, TeamLink], base_url: str) -> tuple[QrCode, ...]:
    """Return a QR code per team of ``match`` with an active link (a revoked one is not
    printed: the organiser renews it first)."""
    codes = []
    for side, team in (("A", match.team_a), ("B", match.team_b)):
        link = links.get(side)
        if link is not None and link.is_active:
            url = urljoin(base_url, link.get_absolute_url())
            codes.append(QrCode(side=side, number=team.number, url=url, svg=qr_code_svg(url)))
    return tuple(codes)


def _whole_number(value: CellValue) -> int:
    """Return the value of a column of numbers (a rank, a team, scored points)."""
    assert isinstance(value, int), value  # the registry's numeric columns hold ints
    return value


def _text(value: CellValue) -> str:
    """Return the value of a column of text; "" for None (no club)."""
    return "" if value is None else str(value)


def _deal_line(row: DealRow, *, is_melee: bool = False) -> DealLine:
    """Return a deal as its match sheet prints it, each value from its column's brief;
    in a mêlée (``is_melee``) the taker is its side, A or B, not a pair number (§H)."""
    if row.entry.is_passed:
        taker: int | str | None = None
    elif is_melee:
        taker = str(row.deal.taker)
    else:
        taker = _whole_number(DEALS["taker_team"].value(row))
    return DealLine(
        number=_whole_number(DEALS["deal"].value(row)),
        is_passed=row.entry.is_passed,
        taker=taker,
        contract=DEALS["contract"].brief(row),
        trump=DEALS["trump"].brief(row),
        is_red=DEALS["trump"].value(row) in _RED_TRUMPS,
        coinche=DEALS["coinche"].brief(row),
        score_a=_whole_number(DEALS["score_a"].value(row)),
        score_b=_whole_number(DEALS["score_b"].value(row)),
        total_a=_whole_number(DEALS["total_a"].value(row)),
        total_b=_whole_number(DEALS["total_b"].value(row)),
        status=DEALS["status"].brief(row),
        is_counted=row.is_counted,
    )


def _result(match: ConfirmedMatch, *, is_melee: bool = False) -> str:
    """Return the sentence under a match's sheet: its winner, « Égalité. », « Pas
    terminée. », or while a deal is not confirmed « En cours : 1 donne n’est pas encore
    confirmée. » (no winner yet, RULES.md §E); « Arrêtée au temps. » before it."""
    if match.deals_unconfirmed:
        text = ngettext(
            "In progress: %(count)s deal is not confirmed yet.",
            "In progress: %(count)s deals are not confirmed yet.",
            match.deals_unconfirmed,
        ) % {"count": match.deals_unconfirmed}
    elif match.result == MatchResult.A and is_melee:
        text = _("Won by pair A.")
    elif match.result == MatchResult.B and is_melee:
        text = _("Won by pair B.")
    elif match.result == MatchResult.A:
        text = _("Won by team %(number)s.") % {"number": match.team_a.number}
    elif match.result == MatchResult.B:
        text = _("Won by team %(number)s.") % {"number": match.team_b.number}
    elif match.result == MatchResult.DRAW:
        text = _("Draw.")
    else:
        text = _("Not finished.")
    if match.stopped_for_time_at is not None:
        text = _("Closed for time.") + " " + text
    return text


# Score sheets ------------------------------------------------------------------------


def score_sheets_html(*, round: Round, two_per_page: bool = False, base_url: str) -> str:
    """Return the HTML of the blank score sheets of ``round``: one per table, by table.

    Each sheet has the teams and players, the rule preset in one line, a row per deal
    (:func:`sheet_row_count`), signature boxes, and a QR code of each team's link (one
    for the concours), made absolute with ``base_url`` (e.g. ``https://club.example/``).
    A draft round has no links, so its sheets have no QR code, and each says « Brouillon ».
    ``two_per_page`` puts two sheets side by side on a landscape A4 page. A mêlée pair
    is printed by its players at their seats (RULES.md §H, :func:`_sheet_team`); a
    mêlée's draft, which has no match yet, prints a sheet per table of its draft draw
    (:func:`_melee_draft_sheets`), marked « Brouillon » like a doublettes draft.

    The sheet of a table on paper (``Match.is_paper``), which the desk types, has no QR
    code and the columns of the desk's grid in its order (templates/…/paper_sheet.html):
    taker, contract, trump, the taker's and the defence's card points, coinche,
    belote, each team's declarations (by the grid's codes), the points of the deal and
    the running totals, with the grid's keys under it. Under the classic presets, whose
    sheet may be typed by its totals alone (RULES.md §G), it also has a totals box:
    both totals, then the counts of the desk's totals form (deals played, capots,
    belotes, and declaration points where the rules count them).
    """
    tournament = round.tournament
    links = selectors.round_links(round=round) if round.status != Round.Status.DRAFT else {}
    sheets = [
        ScoreSheet(
            table_number=match.table_number,
            team_a=_sheet_team(match.team_a, "A", match_seating(match)),
            team_b=_sheet_team(match.team_b, "B", match_seating(match)),
            # A table on paper enters nothing on the phones: its sheet prints no code.
            qr_codes=() if match.is_paper else _qr_codes(match, links.get(match.pk, {}), base_url),
            is_paper=match.is_paper,
        )
        for match in selectors.round_seated_matches(round=round)
    ]
    if not sheets and round.status == Round.Status.DRAFT:
        sheets = _melee_draft_sheets(round=round)
    rules = tournament.rules
    row_count = sheet_row_count(tournament)
    # The paper grid: deal, taker, contract?, trump, 2 card points, coinche?, belote,
    # 2 declarations?, 2 points of the deal, 2 running totals (forms/paper.py).
    paper_blank_cells = 9 + rules.has_contract + rules.allows_coinche + 2 * rules.has_declarations
    context = {
        "heading": _heading(tournament),
        "round": round,
        "is_draft": round.status == Round.Status.DRAFT,
        "pages": _pages(sheets, 2 if two_per_page else 1),
        "two_per_page": two_per_page,
        "rows": range(1, row_count + 1),
        "row_density": _row_density(row_count),
        "headings": _headings(SHEET_COLUMNS),
        "has_contract": rules.has_contract,
        "has_coinche": rules.allows_coinche,
        "has_declarations": rules.has_declarations,
        "has_totals_box": scoring.is_checkable(rules),
        "has_declaration_count": scoring.is_checkable(rules) and rules.has_declarations,
        "paper_blank_cells": range(paper_blank_cells),
        "paper_keys": paper_keys(rules, is_melee=any(sheet.team_a.is_pair for sheet in sheets)),
    }
    return render_to_string("tournaments/pdf/score_sheets.html", context)


def _draft_pair(seating: Seating, side: str) -> SheetTeam:
    """Return a pair of a draft table as its sheet prints it: by its players at their
    seats, with no number (a draft's pairs have none yet)."""
    return SheetTeam(
        side=side, number=None, players=printable(seating.side_text(side)), is_pair=True
    )


def _melee_draft_sheets(*, round: Round) -> list[ScoreSheet]:
    """Return the sheets of the draft of mêlée partie ``round``, one per table of its
    draft draw (RULES.md §H: pair A North–South, pair B East–West), or none for a round
    with no mêlée draft. A draft has no link, so no QR code, as a doublettes draft's
    sheets; a table is on paper when its tournament's results are (no match yet has a
    mode of its own)."""
    draft = selectors.melee_draft(round=round)
    if draft is None:
        return []
    is_paper = round.tournament.results_mode == ResultsMode.PAPER
    sheets = []
    for table in draft.tables:
        seating = Seating.of(table.pair_a, table.pair_b)
        sheets.append(
            ScoreSheet(
                table_number=table.table_number,
                team_a=_draft_pair(seating, "A"),
                team_b=_draft_pair(seating, "B"),
                is_paper=is_paper,
            )
        )
    return sheets


def paper_keys(rules: scoring.RuleSet, *, is_melee: bool = False) -> tuple[tuple[str, str], ...]:
    """Return the keys a paper sheet's columns are written in, as the desk types them
    (forms/paper.py), by column name, for the columns the rules have: a team letter or
    P for a pass, the trump's letter, C/D for a capot, the coinche level, the belote's
    team (its pair in a mêlée, ``is_melee``: RULES.md §H), one code per declaration."""
    trumps = " · ".join(
        f"{key} {_trump_key_label(trump)}"
        for key, trump in TRUMP_KEYS.items()
        if rules.allows_trump(trump)
    )
    keys = [
        (_("Taker"), _("A or B; %(passed)s a pass") % {"passed": PASSED_KEY}),
        (_("Trump"), trumps),
        (
            _("Taker's card points"),
            _("%(taker)s capot by the taker, %(defence)s capot by the defence")
            % {"taker": TAKER_CAPOT_KEY, "defence": DEFENCE_CAPOT_KEY},
        ),
    ]
    if rules.has_contract:
        keys.insert(1, (_("Contract"), _("%(capot)s capot") % {"capot": CAPOT_KEY}))
    if rules.allows_coinche:
        keys.append((_("Coinche"), _("0 none, 1 coinche, 2 surcoinche")))
    holder = (
        _("A or B, the pair that holds it") if is_melee else _("A or B, the team that holds it")
    )
    keys.append((_("Belote"), holder))
    if rules.has_declarations:
        keys.append(
            (
                _("Declarations"),
                _(
                    "those that counted, one code each: 2 tierce, 5 cinquante, 1 cent; "
                    "carré V jacks, 9 nines, A aces, X tens, R kings, D queens"
                ),
            )
        )
    return tuple(keys)


def _trump_key_label(trump: scoring.Trump) -> str:
    if trump.is_suit:
        return SUIT_SYMBOLS[trump.value]
    return _("NT") if trump is scoring.Trump.NO_TRUMP else _("AT")


def _row_density(row_count: int) -> str:
    if row_count <= TALL_ROWS_UP_TO:
        return "tall"
    return "compact" if row_count <= COMPACT_ROWS_UP_TO else "dense"


def _pages(sheets: list, per_page: int) -> list[list]:
    return [sheets[start : start + per_page] for start in range(0, len(sheets), per_page)]


def score_sheets_pdf(*, round: Round, two_per_page: bool = False, base_url: str) -> bytes:
    """Return the PDF of :func:`score_sheets_html`: one A4 page per table, or one
    landscape A4 page per two tables with ``two_per_page``."""
    return render_pdf(score_sheets_html(round=round, two_per_page=two_per_page, base_url=base_url))


# Team cards --------------------------------------------------------------------------

#: Team cards on an A4 page: two columns of four.
CARDS_PER_PAGE = 8


def team_cards_html(*, tournament: Tournament, base_url: str) -> str:
    """Return the HTML of the team cards of ``tournament``: one per team with an active
    link, by number, :data:`CARDS_PER_PAGE` to an A4 page, to cut out and hand over.

    Each card has the team's number and players, its link as a QR code and its address
    made absolute with ``base_url``, and its own code (which its opponents type, never
    shown on the other phone: services/table.py). A team whose link is revoked has no
    card until the organiser renews it. In a mêlée (RULES.md §H) the cards are the pairs'
    of the latest published partie, each titled and worded for that partie only.
    """
    links = selectors.team_links(tournament=tournament)
    cards = []
    teams = list(selectors.tournament_teams(tournament=tournament))
    partie = None
    if not teams and selectors.is_melee(tournament=tournament):
        # A mêlée's pairs change every partie: the cards of the latest one (RULES.md §H),
        # each saying it is good for that partie only.
        teams = selectors.melee_pair_teams(tournament=tournament)
        partie = selectors.latest_played_round_number(tournament=tournament)
    for team in teams:
        link = links.get(team.pk)
        if link is None or not link.is_active:
            continue
        url = urljoin(base_url, link.get_absolute_url())
        title = _("Team %(number)s") % {"number": team.number}
        players = (printable(team.player_1), printable(team.player_2))
        cards.append(
            TeamCard(
                number=team.number,
                players=players,
                name=printable(team.name),
                club=printable(team.club.name) if team.club is not None else "",
                url=url,
                svg=qr_code_svg(url, title=title),
                pin=link.pin,
                name_size=card_name_size(players),
            )
        )
    context = {
        "heading": _heading(tournament),
        "pages": _pages(cards, CARDS_PER_PAGE),
        "melee_partie": partie,
    }
    return render_to_string("tournaments/pdf/team_cards.html", context)


def team_cards_pdf(*, tournament: Tournament, base_url: str) -> bytes:
    """Return the PDF of :func:`team_cards_html`."""
    return render_pdf(team_cards_html(tournament=tournament, base_url=base_url))


# Draw sheet --------------------------------------------------------------------------


def draw_sheet_html(*, round: Round) -> str:
    """Return the HTML of the draw of ``round`` for the wall: the tables in order with
    both teams and their players, then every team by number with its table and opponent
    (or its bye), in three columns. A draft is marked as such.

    A mêlée partie (RULES.md §H) prints each table's pairs with their players at their
    seats (« Nord : 3 Josette Vincent · Sud : 9 Paul Roux »), then who sits out
    (« Exempts »), then every player by number with their table and seat
    (:func:`tournaments.exports.melee_sheets.melee_draw`); its draft too, with no pair
    number yet.
    """
    matches = list(selectors.round_seated_matches(round=round))
    melee = melee_draw(round=round, matches=matches)
    if melee is not None:
        context = {
            "heading": _heading(round.tournament),
            "round": round,
            "is_draft": round.status == Round.Status.DRAFT,
            "melee": melee,
            "by_number": melee.by_player,
        }
        return render_to_string("tournaments/pdf/melee_draw_sheet.html", context)
    byes = list(selectors.round_byes(round=round))
    by_team = [
        DrawLine(team.number, match.table_number, opponent.number)
        for match in matches
        for team, opponent in ((match.team_a, match.team_b), (match.team_b, match.team_a))
    ]
    by_team += [DrawLine(bye.team.number, None, None) for bye in byes]
    by_team.sort(key=lambda line: line.number)
    context = {
        "heading": _heading(round.tournament),
        "round": round,
        "is_draft": round.status == Round.Status.DRAFT,
        "tables": [
            (match.table_number, _sheet_team(match.team_a, "A"), _sheet_team(match.team_b, "B"))
            for match in matches
        ],
        "byes": [_sheet_team(bye.team, "") for bye in byes],
        "by_number": by_team,
    }
    return render_to_string("tournaments/pdf/draw_sheet.html", context)


def draw_sheet_pdf(*, round: Round) -> bytes:
    """Return the PDF of :func:`draw_sheet_html` (A4, as many pages as it takes)."""
    return render_pdf(draw_sheet_html(round=round))


# Filled match sheets -----------------------------------------------------------------


def match_sheets_html(*, round: Round) -> str:
    """Return the HTML of the filled sheets of ``round``, one per table: every deal with
    its taker, contract, trump, coinche, both scores and the running totals (as the
    engine stored them), then the match totals and its result, as the desk counts them
    (:func:`tournaments.selectors.with_confirmed_totals`, RULES.md §E): a deal pending or
    disputed is printed with its status, but from it on the running totals read « Pas
    encore comptée », the match totals are the confirmed ones and the result says how
    many deals wait, with no winner. A match recorded by its
    totals says « Totaux seulement » and its sheet's counts where the deals would be. A
    mêlée pair is printed by its players at their seats (RULES.md §H)."""
    tournament = round.tournament
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in selectors.round_deals(round=round):
        deals[deal.match_id].append(deal)
    sheets = []
    for match in selectors.with_confirmed_totals(selectors.round_seated_matches(round=round)):
        seating = match_seating(match)
        sheets.append(
            ScoreSheet(
                table_number=match.table_number,
                team_a=_sheet_team(match.team_a, "A", seating),
                team_b=_sheet_team(match.team_b, "B", seating),
                deals=tuple(
                    _deal_line(row, is_melee=seating is not None)
                    for row in deal_rows(match, deals[match.pk])
                ),
                total_a=match.confirmed_a,
                total_b=match.confirmed_b,
                result=_result(match, is_melee=seating is not None),
                is_totals_only=match.is_totals_only,
                sheet_counts=sheet_counts_text(match),
            )
        )
    rules = tournament.rules
    # Columns before the scores: deal, taker, contract?, trump, coinche?
    leading = 3 + rules.has_contract + rules.allows_coinche
    context = {
        "heading": _heading(tournament),
        "round": round,
        "sheets": sheets,
        "headings": _headings(SHEET_COLUMNS),
        "has_contract": rules.has_contract,
        "has_coinche": rules.allows_coinche,
        "passed_span": leading + 1,
        "total_span": leading + 2,
        "column_count": leading + 4,
    }
    return render_to_string("tournaments/pdf/match_sheets.html", context)


def match_sheets_pdf(*, round: Round) -> bytes:
    """Return the PDF of :func:`match_sheets_html`: one A4 page per table."""
    return render_pdf(match_sheets_html(round=round))


# Standings ---------------------------------------------------------------------------


def standings_html(*, tournament: Tournament) -> str:
    """Return the HTML of the standings of ``tournament``: every team in rank order with
    its points and tie-break values, in the order the tournament ranks by (RULES.md §E),
    and a prize column when the organiser stored a prize list: the prizes go in rank
    order to the teams not withdrawn that played or had a bye (see :func:`award_prizes`).

    The drawn lot, the last tie-break, is not printed: a number drawn at random means
    nothing to the players on the wall (the workbook keeps it). A mêlée (no team, its
    players registered alone) prints its individual standings instead, see
    :func:`melee_standings_lines`.
    """
    order = selectors.standings_rules(tournament=tournament).order
    prizes = prize_lines(tournament.prize_list)
    standings = selectors.tournament_standings(tournament=tournament)
    headings = _headings(STANDINGS_LEADING_COLUMNS)
    if not standings and selectors.is_melee(tournament=tournament):
        headings = MELEE_LEADING_HEADINGS
        keys, lines = melee_standings_lines(tournament=tournament, order=order, prizes=prizes)
        columns = [MELEE_STANDINGS[key].heading for key in keys]
    else:
        keys = tuple(key for key in order if key != RankingKey.LOT)
        awarded = award_prizes(prizes, [standing.row for standing in standings])
        lines = [
            StandingLine(
                rank=_whole_number(STANDINGS["rank"].value(standing)),
                number=_whole_number(STANDINGS["team"].value(standing)),
                players=printable(standing.team.label),
                club=printable(_text(STANDINGS["club"].value(standing))),
                is_withdrawn=standing.row.is_withdrawn,
                values=tuple(_whole_number(STANDINGS[key].value(standing)) for key in keys),
                prize=awarded.get(standing.row.team_id, ""),
            )
            for standing in standings
        ]
        columns = [STANDINGS[key].heading for key in keys]
    context = {
        "heading": _heading(tournament),
        "headings": headings,
        "columns": columns,
        "lines": lines,
        "has_prizes": any(prize != NO_PRIZE for prize in prizes),
    }
    return render_to_string("tournaments/pdf/standings.html", context)


def melee_standings_lines(
    *, tournament: Tournament, order: Sequence[RankingKey], prizes: Sequence[str]
) -> tuple[tuple[str, ...], list[StandingLine]]:
    """Return the printed keys and lines of a mêlée's individual standings (RULES.md §H):
    one line per player in rank order (number, name, club), the values of ``order``'s
    keys a player has (points, matches won, difference: head-to-head does not apply,
    match points are not kept per player, the lot is not printed), then their prize from
    ``prizes``, given like a team's (:func:`award_prizes`)."""
    keys = tuple(key for key in order if key in MELEE_STANDINGS and key != RankingKey.LOT)
    standings = selectors.melee_standings(tournament=tournament)
    awarded = award_prizes(prizes, [standing.row for standing in standings])
    lines = [
        StandingLine(
            rank=standing.row.rank,
            number=standing.player.number,
            players=printable(standing.player.name),
            club=printable(_text(MELEE_STANDINGS["club"].value(standing))),
            is_withdrawn=standing.row.is_withdrawn,
            values=tuple(_whole_number(MELEE_STANDINGS[key].value(standing)) for key in keys),
            prize=awarded.get(standing.row.team_id, ""),
        )
        for standing in standings
    ]
    return keys, lines


def standings_pdf(*, tournament: Tournament) -> bytes:
    """Return the PDF of :func:`standings_html`: A4 pages, the heading row repeated on
    each, no row split across two pages."""
    return render_pdf(standings_html(tournament=tournament))
