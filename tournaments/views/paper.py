"""The desk's grid of a table on paper: the whole score sheet on one screen, keyboard only.

One row per deal, as many as the match format has (``exports.pdf.sheet_row_count``), one
more when a pass or a target asks for it. Each row is its own small form
(:class:`tournaments.forms.paper.SheetRowForm`), sent by htmx alone: Enter saves it
(:func:`tournaments.services.save_sheet_row`: recorded, or corrected with the reason
« Saisie de la feuille », confirmed either way) and static/js/paper_sheet.js moves on to
the next row at once, so the volunteer types on while it saves. The answer replaces that
row only: its stored scores, or what the engine refused beside the column concerned, with
nothing saved; the running totals of the later rows and the match's totals follow out of
band, so a row being typed further down is never touched. While a row is typed, a preview
asks the engine for its defence's card points, its scores and its totals (nothing saved).

The page is for the organisers of the tournament; a table on its phones shows its sheet
read-only, with the switch to paper.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring
from tournaments import selectors, services
from tournaments.exports.pdf import sheet_row_count
from tournaments.forms.messages import sheet_error_message
from tournaments.forms.paper import (
    CAPOT_KEY,
    COINCHE_KEYS,
    DEFENCE_CAPOT_KEY,
    PASSED_KEY,
    TAKER_CAPOT_KEY,
    TAKER_KEYS,
    ResultsModeForm,
    RowPreview,
    SheetRowForm,
    sheet_row_initial,
)
from tournaments.models import Deal, Match, MatchFormatKind, TeamSide, Tournament
from tournaments.presentation.paper_keys import TRUMP_KEY_WORDS
from tournaments.presentation.seats import match_seating_of
from tournaments.selectors import RowScores
from tournaments.views.lookups import get_match, get_match_for_organiser
from tournaments.views.requests import AuthenticatedHttpRequest

TEMPLATE = "tournaments/paper_sheet.html"


@dataclass(frozen=True)
class SheetRow:
    """One row of the grid: its deal number, its form, the deal recorded for it (None for
    a row not typed yet), what the engine gives for it, and its errors or its notice.

    ``scores`` are the stored scores of a saved row, or the engine's preview of a row as
    typed; None when there is nothing to show yet.
    """

    number: int
    form: SheetRowForm
    deal: Deal | None
    preview: RowPreview
    scores: RowScores | None = None
    errors: tuple[tuple[str, str], ...] = ()
    notice: str = ""
    is_focused: bool = False

    @property
    def is_passed(self) -> bool:
        """Return True for a row recorded as a passed deal, shown as it is."""
        return self.deal is not None and self.deal.is_passed and not self.errors

    @property
    def error_fields(self) -> frozenset[str]:
        """Return the names of the columns in error."""
        return frozenset(name for name, _message in self.errors)

    @property
    def first_error(self) -> str:
        """Return the column the cursor goes back to: the first in error, else the taker."""
        for name in self.form.fields:
            if name in self.error_fields:
                return name
        return "taker"


def row_form(
    tournament: Tournament,
    match: Match,
    deal: Deal | None,
    data: Mapping[str, Any] | None = None,
) -> SheetRowForm:
    """Return the form of one row: ``deal`` as recorded (None: a new row), or ``data``."""
    return SheetRowForm(
        data,
        initial=sheet_row_initial(deal) if deal is not None else {},
        rules=tournament.rules,
        team_numbers=(match.team_a.number, match.team_b.number),
        deal=deal,
    )


def _stored_scores(deal: Deal | None) -> RowScores | None:
    if deal is None:
        return None
    return RowScores(deal.score_a, deal.score_b, deal.total_a, deal.total_b)


def _recorded_row(
    tournament: Tournament, match: Match, number: int, deal: Deal | None, **extra: Any
) -> SheetRow:
    form = row_form(tournament, match, deal)
    return SheetRow(number, form, deal, form.preview(), _stored_scores(deal), **extra)


def _key_map(tournament: Tournament) -> dict[str, Any]:
    """Return the keys each column takes, for the page's legend and the script."""
    form = SheetRowForm(rules=tournament.rules, team_numbers=(0, 0))
    return {
        "taker_keys": "".join(TAKER_KEYS),
        "passed_key": PASSED_KEY,
        # (key, trump, the French word the key is the initial of) for the legend.
        "trump_keys": [
            (key, trump, TRUMP_KEY_WORDS[key]) for key, trump in form.trump_keys.items()
        ],
        "trump_key_string": "".join(form.trump_keys),
        "coinche_keys": "".join(COINCHE_KEYS),
        "capot_key": CAPOT_KEY,
        "taker_capot_key": TAKER_CAPOT_KEY,
        "defence_capot_key": DEFENCE_CAPOT_KEY,
    }


def rows_needed(tournament: Tournament, match: Match, last: int) -> int:
    """Return how many rows the sheet needs, ``last`` being the last deal recorded: the
    printed sheet's, or room for the deals still to play (a passed deal is not counted,
    RULES.md §C; a target needs one more at a time)."""
    rows = sheet_row_count(tournament)
    if match.is_complete:
        return max(rows, last)
    more = 1
    if tournament.match_format == MatchFormatKind.DEALS:
        more = max(1, tournament.match_format_value - match.deals_played)
    return max(rows, last + more)


def sheet_context(tournament: Tournament, match: Match) -> dict[str, Any]:
    """Return the grid page's context: every row of the sheet, recorded or to type.

    Rows go from 1 to the sheet's count, or one past the last deal recorded while the
    match goes on (a passed deal is not counted, RULES.md §C). The cursor starts on the
    first row not recorded yet. The queries do not grow with the deals.
    """
    deals = {deal.deal_number: deal for deal in selectors.match_deals(match=match)}
    count = rows_needed(tournament, match, max(deals, default=0))
    first_open = next((n for n in range(1, count + 1) if n not in deals), None)
    rows = [
        _recorded_row(tournament, match, n, deals.get(n), is_focused=n == first_open)
        for n in range(1, count + 1)
    ]
    return _page_context(tournament, match) | {"rows": rows, "seats": sheet_seats(match)}


def sheet_seats(match: Match) -> tuple[tuple[str, int, str], ...]:
    """Return the two pairs of a mêlée table at their seats, as (side, pair number,
    « Nord : 3 Josette Vincent · Sud : 9 Paul Roux »), pair A first (RULES.md §H): the
    desk reads the players' names off the paper sheet. Empty for registered teams."""
    seating = match_seating_of(match, selectors.match_melee_pairs(match=match))
    if seating is None:
        return ()
    return tuple(
        (side, team.number, seating.side_text(side))
        for side, team in ((TeamSide.A, match.team_a), (TeamSide.B, match.team_b))
    )


def _page_context(tournament: Tournament, match: Match) -> dict[str, Any]:
    rules = tournament.rules
    return {
        "tournament": tournament,
        "round": match.round,
        "match": match,
        "rules": rules,
        "is_editable": match.is_paper,
        # A mêlée's pairs are « Paire A », « Paire B »: a pair number reads as a player's.
        "is_melee": hasattr(match.team_a, "melee_pair"),
        "has_contract": rules.has_contract,
        "has_coinche": rules.allows_coinche,
        "has_declarations": rules.has_declarations,
        "column_count": 11 + rules.has_contract + rules.allows_coinche + 2 * rules.has_declarations,
        **_key_map(tournament),
    }


def _row_answer(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    rows: list[SheetRow],
    later: list[Deal] | None = None,
    new_rows: list[SheetRow] | None = None,
) -> HttpResponse:
    """Answer a save: the row, the later rows' totals and the match's, and the rows the
    sheet lacks at its end (``new_rows``, added out of band)."""
    context = _page_context(tournament, match) | {
        "rows": rows,
        "later": later or [],
        "new_rows": new_rows or [],
    }
    return render(request, f"{TEMPLATE}#answer", context)


def _refused_row(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    number: int,
    form: SheetRowForm,
) -> HttpResponse:
    """Answer a refused row: what was typed, each error beside its column; nothing saved."""
    row = SheetRow(
        number, form, form.deal, form.preview(), errors=tuple(form.named_errors()), is_focused=True
    )
    return _row_answer(request, tournament, match, [row])


def save_row(
    request: AuthenticatedHttpRequest,
    tournament: Tournament,
    match: Match,
    number: int,
    form: SheetRowForm,
) -> HttpResponse:
    """Save row ``number`` through the service, or show why it is refused.

    A stale row (changed meanwhile, or recorded since from another screen) comes back as
    it now is, with the message saying so.
    """
    if not form.is_valid():
        return _refused_row(request, tournament, match, number, form)
    try:
        saved = services.save_sheet_row(
            match=match,
            deal_number=number,
            entry=form.cleaned_data["entry"],
            version=form.cleaned_data["version"],
            now=timezone.now(),
            user=request.user,
            reason=_("Typed from the paper sheet"),
        )
    except scoring.InvalidDeal as invalid:  # only if the rules changed since the form
        form.add_engine_error(invalid.error)
        return _refused_row(request, tournament, match, number, form)
    except services.ServiceError as refusal:
        message = sheet_error_message(refusal.code, refusal.params)
        if refusal.code == services.Refusal.STALE:
            deal = selectors.match_deal(match=match, deal_number=number)
            row = _recorded_row(tournament, match, number, deal, notice=message)
            return _row_answer(request, tournament, match, [row])
        form.add_error(None, message)
        return _refused_row(request, tournament, match, number, form)
    return _saved(request, tournament, match, number, saved)


def _saved(
    request: HttpRequest,
    tournament: Tournament,
    match: Match,
    number: int,
    saved: services.Correction,
) -> HttpResponse:
    """Answer a saved row with its stored scores, and new rows at the end when the sheet
    (``sheet_rows`` rows on the page) has no room left for the deals still to play."""
    match = get_match(match.round, match.table_number)  # its totals as the save left them
    notice = _("Saved.") if saved.is_changed else _("Nothing changed.")
    if saved.redrawn_round is not None:
        notice += " " + _("Round %(number)s drawn again from the corrected standings.") % {
            "number": saved.redrawn_round
        }
    rows = [_recorded_row(tournament, match, number, saved.deal, notice=notice)]
    later = selectors.later_deals(match=match, deal_number=number)
    shown = _whole_number(request.POST.get("sheet_rows"))
    last = later[-1].deal_number if later else number
    needed = rows_needed(tournament, match, last)
    if shown is not None and shown < needed:
        new_rows = [_recorded_row(tournament, match, n, None) for n in range(shown + 1, needed + 1)]
        return _row_answer(request, tournament, match, rows, later, new_rows)
    return _row_answer(request, tournament, match, rows, later)


def _whole_number(text: str | None) -> int | None:
    """Return the row count the page sent, or None for anything else."""
    value = (text or "").strip()
    return int(value[:4]) if value.isascii() and value.isdigit() else None


def preview_row(
    request: HttpRequest, tournament: Tournament, match: Match, number: int, form: SheetRowForm
) -> HttpResponse:
    """Answer a preview: the row's defence card points, scores and totals as typed, out
    of band; no errors yet (Enter shows them), nothing saved."""
    scores = None
    if form.is_valid():
        entry = form.cleaned_data["entry"]
        scores = selectors.preview_row_scores(match=match, deal_number=number, entry=entry)
    row = SheetRow(number, form, form.deal, form.preview(), scores)
    context = _page_context(tournament, match) | {"row": row}
    return render(request, f"{TEMPLATE}#preview", context)


def bound_row_form(
    tournament: Tournament, match: Match, number: int, data: Mapping[str, Any]
) -> SheetRowForm:
    """Return row ``number``'s form with what was sent, for the deal recorded there."""
    return row_form(tournament, match, selectors.match_deal(match=match, deal_number=number), data)


# Routed views ------------------------------------------------------------------------


@login_required
def paper_sheet(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Show a table's whole sheet as a grid, typed at the desk with the keyboard alone."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    return render(request, TEMPLATE, sheet_context(tournament, match))


@login_required
@require_POST
def sheet_row_save(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int, deal: int
) -> HttpResponse:
    """Save one row of the sheet (Enter): recorded or corrected, or refused beside its column."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    form = bound_row_form(tournament, match, deal, request.POST)
    return save_row(request, tournament, match, deal, form)


@login_required
@require_POST
def sheet_row_preview(
    request: HttpRequest, slug: str, number: int, table: int, deal: int
) -> HttpResponse:
    """Score one row as it is typed (htmx, out of band); nothing is saved."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    form = bound_row_form(tournament, match, deal, request.POST)
    return preview_row(request, tournament, match, deal, form)


@login_required
@require_POST
def match_results_mode(
    request: AuthenticatedHttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
    """Switch a table to paper sheets typed at the desk, or back to its phones."""
    tournament, match = get_match_for_organiser(request, slug, number, table)
    form = ResultsModeForm(request.POST)
    if not form.is_valid():
        return redirect("tournaments:round-manage", slug=slug, number=number)
    switch_table(request, match, is_paper=form.is_paper)
    return redirect(form.back_to(match))


def switch_table(request: AuthenticatedHttpRequest, match: Match, *, is_paper: bool) -> None:
    """Call the service and say what it did, or why it refused."""
    try:
        services.set_match_results_mode(
            match=match, is_paper=is_paper, now=timezone.now(), user=request.user
        )
    except services.ServiceError as refusal:
        messages.error(request, sheet_error_message(refusal.code, refusal.params))
        return
    words = {"table": match.table_number}
    if is_paper:
        text = _("Table %(table)s is on paper: the desk types its sheet, its phones enter nothing.")
    else:
        text = _("Table %(table)s is back on its phones.")
    messages.success(request, text % words)
