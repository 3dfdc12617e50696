"""What every table view shares: the link check, the page's context, the answer to a write.

Access. The token is a team's (one link for the whole concours). An unknown token is a
404 that says nothing about other teams; a revoked link is a 403 page. The team's page
says where it plays now (selectors.team_situation) and shows that match. Every write names
its partie in its address (``parties/<number>/``), so a form left open from an earlier
partie never lands in the next one: a round that is not being played is a 403 page (a
draft, or a closed round: STYLE.md §4; the public match page keeps the results), and so
is a table on paper, whose sheet the desk types (services/paper.py). A locked match
(confirmed) is shown read-only. A link reaches its own team's match only: deals are
looked up in that match, so another match's numbers give 404. The address of a former
match link (TableLink, printed on older score sheets) redirects to its team's page.

Writes are POSTs with CSRF (base.html sends the token in htmx's headers) and call one
service each, which locks and re-checks everything. htmx gets the board fragment back
(``table_entry.html#board``: totals, the last deal in words, the deals, a fresh form,
or only the next deal's number where the phone keeps its own blank form: :data:`KEEPS_FORM`);
without htmx a write redirects (Post/Redirect/Get) with a message. A refusal of a
service (a double tap, a stale form, a wrong PIN) is a message, never a 500.

Statuses (what static/js/table_offline.js reads: a 2xx is "sent", a 4xx "refused" with
the board's reason, a 5xx or 429 is sent again later): 200 a write done, or a calm
double tap of the same deal; 422 what was sent cannot be taken (a form's errors, a deal
number that is not the next, a dispute with no reason, a wrong code); 403 this team may
not (another team's deal, its own deal to confirm or dispute, a table whose result the
desk keeps, a revoked link or a round not being played: the last two the refusal page,
with ``HX-Refresh``); 409 the match moved on (the deal recorded meanwhile, confirmed,
changed since the phone showed it, the match over or locked). Never 429 for a refusal.
"""

from __future__ import annotations

import copy
import functools
import html
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import Context, Engine
from django.template.context_processors import csrf
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django_htmx.http import push_url

import scoring
from tournaments import selectors, services
from tournaments.forms.messages import table_error_message
from tournaments.forms.table import DisputeForm, PinForm, TableDealForm, deal_initial
from tournaments.models import (
    ConfirmationMode,
    Deal,
    DealStatus,
    Match,
    MatchFormatKind,
    Round,
    Seat,
    Team,
    TeamLink,
    TeamSide,
    Tournament,
)
from tournaments.presentation.breakdown import describe_deal
from tournaments.views.requests import HtmxHttpRequest
from tournaments.views.table.deal_items import choice_label, deal_items, number_text, table_url

TEMPLATE = "tournaments/table_entry.html"
BOARD = f"{TEMPLATE}#board"
#: Where htmx scrolls after a refused form: the first field with an error (no spaces:
#: htmx splits its swap modifiers on them).
FIRST_ERROR = ".errorlist.nonfield,.field-errors:has(li),.field:has(.errorlist)"
#: The request header of a write from a phone whose page holds a blank new-deal form
#: (static/js/table_offline.js): the answer's board then carries, in the form's place,
#: only what the phone needs to number that form for the next deal (:class:`KeptForm`).
#: A blank form's fields are the same HTML for every deal of a match
#: (:func:`blank_fields`), so the phone keeps its own: the form is most of a board's
#: rendering and bytes (bench/writes.py).
KEEPS_FORM = "Belote-Keeps-Form"


@dataclass(frozen=True)
class KeptForm:
    """The blank new-deal form a phone keeps, as the answer numbers it, each number as
    the text of its ``data-*`` attribute: ``next_number`` the deal it is for,
    ``deals_played`` the deals that count so far, ``deals_in_match`` those of a match of
    a fixed number of deals ("": played to a target score). The form's own ``data-*``
    attributes say the same (table_entry.html#deal-form). Text, not numbers: the
    template's localisation of a number costs more than the number's ``str``
    (:func:`~tournaments.views.table.deal_items.number_text`, the same text)."""

    next_number: str
    deals_played: str
    deals_in_match: str


@dataclass(frozen=True)
class BoardSide:
    """One side of the board's scoreboard as it reads: ``label`` (« Équipe A · vous »:
    this phone's side is marked), ``team`` (its number and players; a mêlée pair's
    players), ``total`` (its points, as text) and ``is_mine`` (this phone's side)."""

    label: str
    team: str
    total: str
    is_mine: bool


@dataclass(frozen=True)
class LastDeal:
    """The board's last deal as its heading says it: ``title`` (« Donne 8 », safe HTML),
    its ``status`` (the value: a CSS class), ``status_label`` (as this team reads it,
    :attr:`DealRow.status_label`) and its ``words``."""

    title: SafeString
    status: str
    status_label: str
    words: str


@dataclass(frozen=True)
class Notice:
    """A message shown above the board: ``level`` is "success" or "error".

    ``is_closed`` marks a refusal of a table that takes nothing more from this phone (the
    match stopped for time, kept by the desk, over or locked, the round no longer played,
    the link revoked: :data:`CLOSED_REFUSALS`): a new deal refused so is not recorded,
    and static/js/table_offline.js tells the table to give its figures to the desk
    (the board's ``data-closed`` attribute, table_entry.html#board).

    ``is_recorded`` marks the refusal ``deal_exists`` (that deal is already recorded with
    these very inputs, e.g. from the other phone): the phone lists its deal kept offline
    as « Déjà enregistrée », not as refused (the board's ``data-recorded`` attribute).
    """

    level: str
    text: str
    is_closed: bool = False
    is_recorded: bool = False


@dataclass(frozen=True)
class DealRow:
    """A deal as a team sees it: its words, and what this team may do with it."""

    deal: Deal
    words: str
    taker_team: Team
    may_edit: bool
    may_confirm: bool

    @property
    def status_label(self) -> str:
        """Return the deal's status as this team reads it: "waiting for you" when it is
        this team's turn to confirm."""
        if self.may_confirm and self.deal.status == DealStatus.PENDING:
            return _("Waiting for your confirmation")
        return choice_label("status", self.deal.status)


def _refusal(seat: Seat) -> str:
    """Return why this seat writes nothing ("revoked", "draft", "closed", "paper"), or "".

    A table switched to paper sheets typed at the desk ("paper") neither shows nor writes
    anything on its phones while it is on paper: the page says the desk enters it, and
    links to the public score sheet. Switched back, the same links work again.
    """
    if seat.link.revoked_at is not None:
        return "revoked"
    status = seat.match.round.status
    if status != Round.Status.PUBLISHED:
        return str(status)
    return "paper" if seat.match.is_paper else ""


def _refused_page(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    link = context.get("link")
    context["is_melee"] = link is not None and selectors.is_pair_team(team=link.team)
    response = render(request, TEMPLATE, context, status=403)
    if request.htmx:
        response["HX-Refresh"] = "true"  # htmx swaps no 403: reload to show it
    return response


def _private(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Never cache the answer, and ask robots not to index it (the URL is the secret)."""

    @functools.wraps(view)
    def wrapper(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response

    return never_cache(wrapper)


def team_link_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Look the team link up by its token: 404 when unknown, 403 page when revoked.

    The token of a former match link redirects to its team's active link (a 403 page if
    it was revoked, or its team's link is). The wrapped view gets the :class:`TeamLink`.
    """

    @functools.wraps(view)
    def wrapper(request: HtmxHttpRequest, token: str) -> HttpResponse:
        link = selectors.team_link_by_token(token=token)
        if link is None:
            return _former_link(request, token)
        if link.revoked_at is not None:
            return _refused_page(request, {"refusal": "revoked", "link": link})
        return view(request, link)

    return _private(wrapper)


def _former_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Answer the address of a former match link: its team's page, or 404/403."""
    former = selectors.table_link_by_token(token=token)
    if former is None:
        raise Http404
    target = None
    if former.revoked_at is None:
        target = selectors.active_team_link(team_id=former.team_pk)
    if target is None:
        return _refused_page(request, {"refusal": "revoked"})
    return redirect(target)


def seat_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Find the team's seat at partie ``partie``: 404 when the token is unknown or the
    team has no match then, 403 page when the link is revoked or the table closed.

    The wrapped view gets the :class:`Seat` instead of the token and the partie.
    """

    @functools.wraps(view)
    def wrapper(request: HtmxHttpRequest, token: str, partie: int, **kwargs: Any) -> HttpResponse:
        link, seat = selectors.seat_by_token(token=token, round_number=partie)
        if link is None or seat is None:
            raise Http404
        refusal = _refusal(seat)
        if refusal:
            match = seat.match
            context = {"refusal": refusal, "match": match, "round": match.round, "link": link}
            return _refused_page(request, context)
        return view(request, seat, **kwargs)

    return _private(wrapper)


def _team_names(seat: Seat) -> tuple[str, str]:
    """Return the taker's two choices: each team as its number and players, or in a
    mêlée each pair as its side and players, with no pair number (RULES.md §H)."""
    match = seat.match
    if selectors.is_pair_seat(seat=seat):
        return (
            _("Pair A – %(players)s") % {"players": match.team_a.players},
            _("Pair B – %(players)s") % {"players": match.team_b.players},
        )
    return (str(match.team_a), str(match.team_b))


def new_deal_form(
    seat: Seat, data: Mapping[str, Any] | None = None, *, number: int | None = None
) -> TableDealForm:
    """Return the form for the next deal, carrying the number it will get (``number``
    when the caller has the match's deals at hand, else looked up).

    A form sent with a deal number the form takes (``data``) does not look it up: the
    number is needed only to word the refusal of a missing or unreadable one.
    """
    if number is None and not _has_readable_number(data):
        number = selectors.next_deal_number(match=seat.match)
    return TableDealForm(
        data,
        initial={"deal_number": number},
        rules=seat.match.round.tournament.rules,
        team_names=_team_names(seat),
    )


def _has_readable_number(data: Mapping[str, Any] | None) -> bool:
    """Return True when ``data`` holds a deal number the deal form's field takes."""
    if data is None:
        return False
    try:
        return TableDealForm.base_fields["deal_number"].clean(data.get("deal_number")) is not None
    except ValidationError:
        return False


def edit_form(seat: Seat, deal: Deal, data: Mapping[str, Any] | None = None) -> TableDealForm:
    """Return the form to correct ``deal``, filled with what was recorded."""
    return TableDealForm(
        data,
        initial=deal_initial(deal),
        rules=seat.match.round.tournament.rules,
        team_names=_team_names(seat),
        is_edit=True,
    )


def blank_fields(form: TableDealForm | None) -> str:
    """Return the fields of ``form`` rendered (``table_entry.html#deal-fields``) when it is
    a blank new-deal form (no data sent, so no error), else "" (the board renders them).

    A blank form's fields are the same HTML for every deal of a match: they depend only on
    the language, the rules and the two teams' names (the taker's buttons), never on the
    deal number (a hidden field outside them) nor on the request. They are rendered once
    per process for each of those and kept (the six declaration selects alone hold about
    270 options: most of the CPU of a board, bench/writes.py).
    """
    if form is None or form.is_bound or form.is_edit:
        return ""
    return _blank_fields(get_language(), form.rules, form.team_names)


@functools.lru_cache(maxsize=512)
def _blank_fields(language: str | None, rules: scoring.RuleSet, team_names: tuple[str, str]) -> str:
    """Render the fields of a blank new-deal form in the active ``language`` (the key)."""
    form = TableDealForm(initial={"deal_number": 1}, rules=rules, team_names=team_names)
    context = {"form": form, "rules": rules, "preview": form.preview()}
    return render_to_string(f"{TEMPLATE}#deal-fields", context)


#: How many deals' words a process keeps (:func:`deal_words`): 75 tables of 12 deals
#: in two languages, with room for the rules' kinds.
MAX_KEPT_WORDS = 4096
_kept_words: OrderedDict[tuple[str | None, bool, int], tuple[dict, str]] = OrderedDict()
_words_lock = threading.Lock()


def deal_words(deal: Deal, *, is_classic: bool, language: str | None = None) -> str:
    """Return ``deal``'s sentence (presentation.breakdown.describe_deal) in the active
    language (``language``: the caller's ``get_language()``, read once for a board; None:
    read here), kept per process.

    Every write's board words every deal of its match, and a deal's sentence follows from
    its breakdown, the rules' kind and the language alone. The sentence is kept for the
    deal (its pk), the language and the rules' kind, with a copy of the breakdown it was
    worded from, and given again only while the deal's breakdown is equal to that copy:
    comparing two breakdowns costs a twentieth of writing one as JSON for a key, which
    was a tenth of a board's context (bench/writes.py).
    """
    if deal.is_passed or not deal.breakdown or deal.pk is None:
        return describe_deal(deal, is_classic=is_classic)
    key = (get_language() if language is None else language, is_classic, deal.pk)
    with _words_lock:
        kept = _kept_words.get(key)
        if kept is not None and kept[0] == deal.breakdown:
            _kept_words.move_to_end(key)
            return kept[1]
    words = describe_deal(deal, is_classic=is_classic)
    with _words_lock:
        _kept_words[key] = (copy.deepcopy(deal.breakdown), words)
        _kept_words.move_to_end(key)
        if len(_kept_words) > MAX_KEPT_WORDS:
            _kept_words.popitem(last=False)
    return words


def may_edit(seat: Seat, deal: Deal) -> bool:
    """Return True when this team recorded ``deal`` and it is not confirmed yet."""
    return deal.entered_by_side == seat.side and deal.status != DealStatus.CONFIRMED


def _may_confirm(seat: Seat, deal: Deal) -> bool:
    """Return True when the other team recorded ``deal`` and it waits for this team."""
    return deal.entered_by_side not in ("", seat.side) and deal.status != DealStatus.CONFIRMED


def _deals_in_match(tournament: Tournament) -> int | None:
    """Return the number of deals of a match of ``tournament``, or None when its matches
    are played to a target score."""
    if tournament.match_format == MatchFormatKind.DEALS:
        return tournament.match_format_value
    return None


def desk_keeps_result(match: Match) -> str:
    """Return who keeps ``match``'s result when its phones no longer enter or confirm
    anything: "totals" (the desk typed its totals from the paper sheet), "time" (the
    organiser stopped it for time), else "" (services/table.py refuses their writes)."""
    if match.is_totals_only:
        return "totals"
    if match.stopped_for_time_at is not None:
        return "time"
    return ""


def page_context(
    seat: Seat,
    *,
    form: TableDealForm | None = None,
    editing: Deal | None = None,
    notice: Notice | None = None,
    dispute: tuple[int, DisputeForm] | None = None,
    written: services.TableWrite | None = None,
    keeps_form: bool = False,
) -> dict[str, Any]:
    """Return the page's context for ``seat``: the match, its deals as this team sees them,
    the form when the table may still write, and what is waiting for confirmation.

    ``written`` is what the request's write left (its match and deals, as its transaction
    wrote them): the board shows them, with no second read; else both are read.

    ``dispute`` is a refused dispute: the deal number and its form, whose error is shown
    beside that deal's reason (its box open).

    ``keeps_form``: the phone keeps its own blank new-deal form (:data:`KEEPS_FORM`).
    Where the board would show a blank new-deal form, the context then has no ``form``
    but its :class:`KeptForm` (``kept_form``); a form with errors, a correction, or no
    form at all (the match over or locked) are as without it.

    ``situation`` (where the team stands, its rank) is a callable the template calls only
    when it shows the page's head, not for the board alone.

    The board's words, numbers and URLs are made here, once, as text the template shows
    as it is (``scoreboard``, ``unconfirmed_note``, ``last_deal``, ``kept_form``, ``board_url``,
    ``pin_url``, ``pin_field``, ``deal_list``): the template engine's look-ups,
    localisations, translations and ``{% url %}`` tags were half of a write's board,
    a board a quarter of a write's CPU (bench/writes.py). Each says what the template
    said (tests/tournaments/views/test_table_board_text.py compares them).
    """
    if written is not None:
        seat = selectors.seat_as_written(seat=seat, match=written.match)
        deals: Iterable[Deal] = written.deals
    else:
        fresh = selectors.refreshed_seat(seat=seat)  # the match as the last write left it
        if fresh is None:  # the match was deleted meanwhile: like an unknown token
            raise Http404
        seat = fresh
        deals = selectors.match_deals(match=seat.match)
    match = seat.match
    tournament = match.round.tournament
    rules = tournament.rules
    is_classic = not rules.has_contract
    language = get_language()
    rows = [
        DealRow(
            deal,
            deal_words(deal, is_classic=is_classic, language=language),
            taker_team=match.team_a if deal.taker == TeamSide.A else match.team_b,
            may_edit=may_edit(seat, deal),
            may_confirm=_may_confirm(seat, deal),
        )
        for deal in deals
    ]
    desk_keeps = desk_keeps_result(match)
    is_writable = match.locked_at is None and not desk_keeps
    if editing is not None and not may_edit(seat, editing):
        editing = None
    next_number = rows[-1].deal.deal_number + 1 if rows else 1
    is_open = is_writable and not (match.is_complete and editing is None)
    kept = None
    if not is_open:
        form = None
    elif keeps_form and form is None and editing is None:
        kept = kept_form_of(next_number, match.deals_played, _deals_in_match(tournament))
    elif form is None or (form.is_edit and editing is None):
        form = new_deal_form(seat, number=next_number)
    fields = blank_fields(form)
    is_melee = selectors.is_pair_seat(seat=seat)
    shown = {
        "link": seat.link,
        "round": match.round,
        "is_writable": is_writable,
        "is_melee": is_melee,
    }
    to_confirm = [row for row in rows if row.may_confirm and is_writable]
    unconfirmed = sum(row.deal.status != DealStatus.CONFIRMED for row in rows)
    token, number = seat.link.token, match.round.number
    own_waiting = [row for row in rows if row.may_edit]
    is_confirm_mode = tournament.confirmation_mode == ConfirmationMode.CONFIRM
    return {
        "link": seat.link,
        "seat": seat,
        "situation": functools.partial(selectors.team_situation, link=seat.link),
        "match": match,
        "round": match.round,
        "tournament": tournament,
        "rules": rules,
        "is_classic": is_classic,
        "is_melee": is_melee,
        "is_confirm_mode": is_confirm_mode,
        "is_writable": is_writable,
        "desk_keeps": desk_keeps,
        "rows": rows,
        "scoreboard": scoreboard(seat, is_melee=is_melee),
        # The list of every deal, last first, its rows kept rendered (deal_items.py).
        "deal_list": mark_safe("".join(deal_items(reversed(rows), shown))),
        "last_deal": last_deal(rows[-1]) if rows else None,
        "to_confirm": to_confirm,
        "own_waiting": own_waiting,
        "unconfirmed": unconfirmed,
        "unconfirmed_note": unconfirmed_note(unconfirmed),
        "form": form,
        "kept_form": kept,
        "blank_fields": fields,
        "editing": editing,
        # A blank form's preview is inside its fields, kept rendered: nothing to tell yet.
        "preview": form.preview() if form is not None and not fields else None,
        "pin_field": pin_field(language),
        "pin_url": table_url("table-pin", token, number),
        # The « Confirming with a code » section, shown while this team's deals wait.
        "pin_form": (
            pin_form(language, is_melee, table_url("table-pin", token, number))
            if is_confirm_mode and is_writable and own_waiting
            else None
        ),
        # Its label is shown beside every deal to confirm; its error, a refused dispute's.
        "dispute_form": dispute[1] if dispute else DisputeForm() if to_confirm else None,
        "disputing": dispute[0] if dispute else None,
        "notice": notice,
        "board": True,
        # What the phone sends back when it asks whether the board changed (refresh.py).
        "board_url": table_url("table-board", token, number),
        "board_tag": board_tag(seat),
        "refresh_seconds": number_text(settings.BELOTE_TABLE_REFRESH_SECONDS),
    }


def kept_form_of(next_number: int, deals_played: int, deals_in_match: int | None) -> KeptForm:
    """Return the :class:`KeptForm` of these numbers (``deals_in_match`` None: a match
    played to a target score), each as the template's ``{{ number }}`` says it."""
    return KeptForm(
        number_text(next_number),
        number_text(deals_played),
        "" if deals_in_match is None else number_text(deals_in_match),
    )


def board_sides(seat: Seat, *, is_melee: bool) -> tuple[BoardSide, ...]:
    """Return the two sides of ``seat``'s scoreboard, A then B (:class:`BoardSide`)."""
    match = seat.match
    if is_melee:
        sides = (
            (_("Pair A"), match.team_a.players, match.total_a),
            (_("Pair B"), match.team_b.players, match.total_b),
        )
    else:
        sides = (
            (_("Team A"), str(match.team_a), match.total_a),
            (_("Team B"), str(match.team_b), match.total_b),
        )
    you = _("you")
    return tuple(
        BoardSide(
            f"{label} · {you}" if seat.side == side else label,
            team,
            number_text(total),
            is_mine=seat.side == side,
        )
        for side, (label, team, total) in zip("AB", sides, strict=True)
    )


#: One side of the scoreboard (:func:`scoreboard`): ``mine`` class, label, team, total.
SIDE_HTML = (
    '\n      <div class="side{}">\n'
    '        <span class="label">{}</span>\n'
    '        <span class="team">{}</span>\n'
    '        <span class="total">{}</span>\n'
    "      </div>"
)


def scoreboard(seat: Seat, *, is_melee: bool) -> SafeString:
    """Return the board's scoreboard, its two sides (:func:`board_sides`) with their
    totals, as HTML (``<div class="scoreboard table-scoreboard">…</div>``).

    Written here, not in table_entry.html#board: its for loop, tests and look-ups were
    nine template nodes, a sixth of the board's template at every write (bench/writes.py).
    tests/tournaments/views/test_table_board_text.py compares it with the template's
    markup it replaces."""
    sides = "".join(
        # Each value a plain ``str`` (gettext's, a team's, a number's text): ``html.escape``
        # is conditional_escape's own escaping, without format_html's lazy-string checks
        # of every value (most of this function's CPU, bench/writes.py --profile).
        SIDE_HTML.format(
            " mine" if side.is_mine else "",
            html.escape(side.label),
            html.escape(side.team),
            html.escape(side.total),
        )
        for side in board_sides(seat, is_melee=is_melee)
    )
    return mark_safe(f'<div class="scoreboard table-scoreboard">{sides}\n    </div>')


def unconfirmed_note(count: int) -> SafeString:
    """Return the board's note on ``count`` deals not confirmed yet (« Provisional
    totals: … »), or "" when every deal is confirmed. Safe HTML, as ``{% blocktranslate
    %}`` gives it: the translation as it is, its number escaped."""
    if not count:
        return mark_safe("")
    text = ngettext(
        "Provisional totals: %(count)s deal is not confirmed yet.",
        "Provisional totals: %(count)s deals are not confirmed yet.",
        count,
    )
    return mark_safe(text % {"count": conditional_escape(number_text(count))})


def last_deal(row: DealRow) -> LastDeal:
    """Return the heading of the board's last deal, ``row`` (:class:`LastDeal`)."""
    number = conditional_escape(number_text(row.deal.deal_number))
    title = mark_safe(_("Deal %(number)s") % {"number": number})  # as {% blocktranslate %}
    return LastDeal(title, row.deal.status, row.status_label, row.words)


@dataclass(frozen=True)
class PinField:
    """The code field of the board's « Confirming with a code » form, rendered: ``html``
    the field's widget, ``id_for_label`` its id (for the label)."""

    html: SafeString
    id_for_label: str


@functools.lru_cache(maxsize=16)
def pin_field(language: str | None) -> PinField:
    """Return the code field of a blank :class:`PinForm` rendered in ``language`` (the
    active one: the key), kept per process. The board's form is always blank (a wrong
    code is a notice), so its field is the same HTML at every write; rendering its widget
    cost a third of the board's template where it is shown (bench/writes.py)."""
    field = PinForm()["pin"]
    return PinField(mark_safe(str(field)), field.id_for_label)


@dataclass(frozen=True)
class PinSection:
    """The board's « Confirming with a code » section (``table_entry.html#pin-form``),
    rendered but for its form's CSRF token: ``head`` what comes before the token's field,
    ``tail`` what comes after it (the template puts ``{% csrf_token %}`` between them)."""

    head: SafeString
    tail: SafeString


#: What stands for the CSRF token while :func:`pin_form` renders the section (a real
#: token is 64 letters and digits: it never reads so).
_TOKEN_MARK = "<pin-form-csrf-token>"


@functools.lru_cache(maxsize=1024)
def pin_form(language: str | None, is_melee: bool, pin_url: str) -> PinSection:
    """Return the board's « Confirming with a code » section in ``language`` (the active
    one), of a mêlée pair or a team, its form sent to ``pin_url`` (:class:`PinSection`),
    kept per process: it is the same HTML at every write of that team's phone but for its
    CSRF token, which the board renders at each response (a new mask each time). Its
    three ``{% translate %}`` and four look-ups were a sixth of a writer's board
    template (bench/writes.py); tests/tournaments/views/test_table_board_text.py
    compares the section with the partial rendered with the request's token."""
    context = {
        "is_melee": is_melee,
        "pin_url": pin_url,
        "pin_field": pin_field(language),
        "csrf_token": _TOKEN_MARK,
    }
    html = render_to_string(f"{TEMPLATE}#pin-form", context)
    field = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', _TOKEN_MARK)
    head, tail = html.split(field)
    return PinSection(mark_safe(head), mark_safe(tail))


def board_tag(seat: Seat) -> str:
    """Return the weak ETag of ``seat``'s board in the active language, ``W/"…"``: the
    same for two boards that show the same deals, statuses and totals
    (selectors.board_version; views/table/refresh.py answers 304 to it). No query."""
    return f'W/"{selectors.board_version(seat=seat, language=get_language())}"'


#: The status of a refused table write, by refusal (:func:`refusal_status`).
REFUSAL_STATUS = {
    # The request itself cannot be taken: fix what was sent (422 Unprocessable Content).
    services.Refusal.DEAL_NOT_NEXT: 422,
    services.Refusal.DISPUTE_REASON: 422,
    services.Refusal.WRONG_PIN: 422,
    # This team may not do it (403 Forbidden). Never 429 for too many wrong codes:
    # static/js/table_offline.js sends a 429 again later, as it does a 5xx.
    services.Refusal.NOT_YOURS: 403,
    services.Refusal.OWN_ENTRY: 403,
    services.Refusal.LINK_REVOKED: 403,
    services.Refusal.NOT_PUBLISHED: 403,
    services.Refusal.PIN_BLOCKED: 403,
    services.Refusal.TOTALS_AT_DESK: 403,
    services.Refusal.STOPPED_FOR_TIME: 403,
}


def refusal_status(code: services.Refusal) -> int:
    """Return the HTTP status of a refused table write: 422 (what was sent cannot be
    taken), 403 (this team may not), else 409 (Conflict: the match moved on — the deal is
    already recorded or confirmed, changed meanwhile, the match over or locked).

    Every refusal is a 4xx with the board and its reason: static/js/table_offline.js
    marks a 4xx "refused" (a 5xx or 429 it sends again later; a 2xx is "sent").
    """
    return REFUSAL_STATUS.get(code, 409)


class BoardResponse(TemplateResponse):
    """The board (:data:`BOARD`) as a response rendered when it is sent, its context too:
    ``context`` is called then, not before. A table write's answer is built after its
    transaction's commit (views/table/once.py, services/idempotency.py ``run_once``), so
    the write's locks are not held while the board is drawn; ``context`` must read
    nothing the write could still change (:func:`page_context` with what it wrote)."""

    def __init__(
        self, request: HtmxHttpRequest, context: Callable[[], dict[str, Any]], status: int
    ) -> None:
        super().__init__(request, BOARD, status=status)
        self._context = context

    def resolve_context(self, context: dict[str, Any] | None) -> dict[str, Any] | None:
        return super().resolve_context(self._context())

    @property
    def rendered_content(self) -> str:
        """Return the board rendered with its context and the request's CSRF token alone
        (Django's ``csrf`` context processor, a token masked once per response), not the
        context processors of settings.TEMPLATES: the board shows none of what they add
        (the user, the messages, the request, ``debug``, the language's variables), and
        running them was a tenth of its template's rendering at every write
        (bench/writes.py). The same HTML: tests/tournaments/views/test_table_board_text.py
        compares it with ``render_to_string`` of :data:`BOARD` with the request."""
        engine = Engine.get_default()
        context = self.resolve_context(self.context_data) or {}
        return board_html(engine, context, self._request)


def board_html(engine: Engine, context: Mapping[str, Any], request: HttpRequest) -> str:
    """Return :data:`BOARD` rendered by ``engine`` with ``context`` and ``request``'s CSRF
    token (``csrf_token``, as the ``csrf`` context processor gives it), no other context
    processor (:meth:`BoardResponse.rendered_content`)."""
    values = {**context, **csrf(request)}
    return engine.get_template(BOARD).render(Context(values, autoescape=engine.autoescape))


def answer(
    request: HtmxHttpRequest,
    seat: Seat,
    notice: Notice,
    *,
    status: int = 200,
    written: services.TableWrite | None = None,
) -> HttpResponse:
    """Answer a write: htmx gets the fresh board with ``notice`` and ``status`` (in the
    blank form's place only its :class:`KeptForm` for a phone that keeps it), a
    :class:`BoardResponse` drawn once the write's transaction is over; a plain
    form a redirect to the team's page, or the page itself with ``status`` when refused
    (a 4xx: nothing was saved, so there is nothing to redirect to). ``written`` is what
    the write left (:func:`page_context`)."""
    if request.htmx:
        keeps_form = request.headers.get(KEEPS_FORM) == "1"
        board = BoardResponse(
            request,
            functools.partial(
                page_context, seat, notice=notice, written=written, keeps_form=keeps_form
            ),
            status=status,
        )
        return push_url(board, seat.link.get_absolute_url())
    if status >= 400:
        return render(request, TEMPLATE, page_context(seat, notice=notice), status=status)
    level = messages.SUCCESS if notice.level == "success" else messages.ERROR
    messages.add_message(request, level, notice.text)
    return redirect(seat.link)


def show(
    request: HtmxHttpRequest,
    seat: Seat,
    form: TableDealForm,
    *,
    editing: Deal | None = None,
    notice: Notice | None = None,
    status: int = 200,
) -> HttpResponse:
    """Show ``form`` (with its errors) on the board for htmx, or on the whole page, with
    ``status`` (422 for a refused form) either way.

    The phone's forms are sent by static/js/table_offline.js, which swaps the board of a
    4xx too and marks the write refused; htmx itself never sends them.
    """
    context = page_context(seat, form=form, editing=editing, notice=notice)
    if not request.htmx:
        return render(request, TEMPLATE, context, status=status)
    response = render(request, BOARD, context, status=status)
    if form.errors:  # scroll to the first error rather than to the totals
        response["HX-Reswap"] = f"outerHTML show:{FIRST_ERROR}:top"
    return response


def show_dispute(
    request: HtmxHttpRequest, seat: Seat, number: int, form: DisputeForm
) -> HttpResponse:
    """Show a refused dispute of deal ``number`` (no reason): 422, the error beside the
    reason's box, nothing saved. htmx swaps the board all the same (base.html lets it
    swap a 422, static/js/table_offline.js shows it as refused)."""
    context = page_context(seat, dispute=(number, form))
    response = render(request, BOARD if request.htmx else TEMPLATE, context, status=422)
    if request.htmx:
        response["HX-Reswap"] = f"outerHTML show:{FIRST_ERROR}:top"
    return response


#: The refusals of a table that takes nothing more from its phones: a new deal refused
#: with one of them is not recorded, and only the desk can still record it (RULES.md §C
#: for a match stopped for time). ``deal_exists`` is none of them: that deal is recorded.
CLOSED_REFUSALS = frozenset(
    {
        services.Refusal.STOPPED_FOR_TIME,
        services.Refusal.TOTALS_AT_DESK,
        services.Refusal.MATCH_FINISHED,
        services.Refusal.MATCH_LOCKED,
        services.Refusal.NOT_PUBLISHED,
        services.Refusal.LINK_REVOKED,
    }
)


def refused(refusal: services.ServiceError, *, is_pair: bool = False) -> Notice:
    """Return the notice that words a service's refusal (on a mêlée pair's phone when
    ``is_pair``: « carte de paire », :func:`table_error_message`), marked closed for a
    refusal of :data:`CLOSED_REFUSALS`, marked recorded for ``deal_exists`` (that deal is
    recorded: :class:`Notice` ``is_recorded``)."""
    text = table_error_message(refusal.code, refusal.params, is_pair=is_pair)
    return Notice(
        "error",
        text,
        is_closed=refusal.code in CLOSED_REFUSALS,
        is_recorded=refusal.code == services.Refusal.DEAL_EXISTS,
    )


def answer_refused(
    request: HtmxHttpRequest, seat: Seat, refusal: services.ServiceError
) -> HttpResponse:
    """Answer a refused write: its reason, with its status (:func:`refusal_status`)."""
    notice = refused(refusal, is_pair=selectors.is_pair_seat(seat=seat))
    return answer(request, seat, notice, status=refusal_status(refusal.code))


@dataclass(frozen=True)
class DeskResult:
    """A paper table's result as its phone shows it: the desk's totals (scored points)
    once it recorded them, else None (« résultat saisi à la table de marque »)."""

    total_a: int | None
    total_b: int | None


def desk_result(match: selectors.ConfirmedMatch) -> DeskResult:
    """Return what the phone of paper table ``match`` says of its result.

    The desk's totals are known once it recorded the table by its totals, or typed deals
    and none waits (a phone's deal still pending when the table went to paper is settled
    at the desk first); until then the phone says only that the desk enters it.
    """
    is_recorded = match.is_totals_only or (match.deals_played > 0 and not match.deals_unconfirmed)
    if not is_recorded:
        return DeskResult(None, None)
    return DeskResult(match.confirmed_a, match.confirmed_b)


def get_link_deal(seat: Seat, number: int) -> Deal:
    """Return deal ``number`` of this seat's match, or 404 (another match's deal too)."""
    return get_object_or_404(Deal, match_id=seat.match_id, deal_number=number)


def _header_context(link: TeamLink, seat: Seat | None) -> dict[str, Any]:
    """Return the context of a team's page with no board. A mêlée pair's page out of its
    partie (``past_pair``: its match) says the card was for that partie only."""
    is_pair = selectors.is_pair_team(team=link.team)
    return {
        "link": link,
        "seat": seat,
        "tournament": link.tournament,
        "board": False,
        "is_melee": is_pair,
        "past_pair": selectors.pair_match(team=link.team) if is_pair else None,
    }


def team_page(request: HtmxHttpRequest, link: TeamLink) -> HttpResponse:
    """Return the team's page: where it plays now and its rank, with the board of its
    match while a partie is played (a table on paper shows no board)."""
    situation = selectors.team_situation(link=link)
    seat = situation.seat
    if situation.state == "playing" and seat is not None and not seat.match.is_paper:
        context = page_context(seat)
    else:
        context = _header_context(link, seat)
    if situation.state == "playing" and seat is not None and seat.match.is_paper:
        # What the desk has of it: never a phone's deal still waiting, never a bare 0–0.
        context["desk_result"] = desk_result(selectors.match_results(match=seat.match))
    context["situation"] = situation
    return render(request, TEMPLATE, context)
