"""The board's list of every deal (``table_entry.html#deal-item``), each row kept rendered.

A table's board lists every deal of its match, and every write answers the whole board:
the twelfth deal of a match renders twelve rows, eleven of them as they were at the last
write (a row's blocktranslates and URLs were most of a board's rendering,
bench/writes.py). Each row of that list is rendered once per process for what it shows
and kept (the last :data:`MAX_KEPT`). What the row's HTML depends on is its key: the
language, whether the table is a mêlée, the deal's fields the row shows (their values:
the words of a status, trump or coinche level follow from them and the language), with
its words and what this team may do with it (its status as this team reads it follows
from that), and for a row with a « Correct » button (a deal this team may still correct,
at a table that writes) the team link and partie of its URL. A row with no button is the
same HTML on both teams' phones: one phone's board renders the deal the other confirmed,
and the other's finds it kept (bench/writes.py: one row rendered a write, was two).
The rows of « To confirm » carry forms with the request's CSRF token: the board renders
them each time.
"""

from __future__ import annotations

import functools
import operator
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.encoding import force_str
from django.utils.formats import localize
from django.utils.hashable import make_hashable
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from tournaments.models import Deal, DealStatus

if TYPE_CHECKING:
    from django.db.models import Field

    from tournaments.views.table.board import DealRow

#: How many rendered rows a process keeps: 75 tables of 12 deals, two teams each, with
#: room for a language and the rows a later write changes.
MAX_KEPT = 4096
#: The deal's fields the row shows (table_entry.html#deal-item).
SHOWN_FIELDS = (
    "deal_number",
    "status",
    "is_passed",
    "taker",
    "is_capot_bid",
    "contract_value",
    "trump",
    "coinche_level",
    "taker_tricks",
    "score_a",
    "score_b",
    "total_a",
    "total_b",
    "dispute_note",
)
#: Their values, read at once (a key is built for every deal of every board).
_shown_values = operator.attrgetter(*SHOWN_FIELDS)

_kept: OrderedDict[tuple[Any, ...], SafeString] = OrderedDict()
_lock = threading.Lock()


def deal_items(rows: Iterable[DealRow], context: Mapping[str, Any]) -> list[SafeString]:
    """Return the rows ``rows`` of the list of every deal, rendered as the template's
    ``deal-item`` partial renders them in the board's ``context`` (its ``link``,
    ``round``, ``is_writable``, ``is_melee``), in the order given."""
    shared = (get_language(), context["is_melee"])
    button = (context["link"].token, context["round"].number)
    is_writable = context["is_writable"]
    return [
        _item(row, shared, button if is_writable and row.may_edit else None, context)
        for row in rows
    ]


def _item(
    row: DealRow,
    shared: tuple[Any, ...],
    button: tuple[str, int] | None,
    context: Mapping[str, Any],
) -> SafeString:
    deal = row.deal
    # Raw values only: the words of a status, a trump or a coinche level follow from
    # their value and the language (in ``shared``), and computing them is most of a key.
    key = (
        shared,
        button,
        row.words,
        row.may_edit,
        row.may_confirm,
        row.taker_team.number,
        _shown_values(deal),
    )
    with _lock:
        html = _kept.get(key)
        if html is not None:
            _kept.move_to_end(key)
            return html
    html = render_item(row, context)
    with _lock:
        _kept[key] = html
        if len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)
    return html


def render_item(row: DealRow, context: Mapping[str, Any]) -> SafeString:
    """Return the row of the list of every deal as ``table_entry.html#deal-item`` renders
    it in the board's ``context`` (its ``link``, ``round``, ``is_writable``, ``is_melee``;
    never a row of « To confirm », whose forms the template renders), the same HTML
    character for character (tests/tournaments/views/test_table_deal_items.py compares
    them). Written in Python: the template engine's lookups and localisations cost a
    row about 0.4 ms, and every table write renders one (the deal written or confirmed),
    bench/writes.py."""
    deal = row.deal
    words = _row_words(get_language())
    number = number_text(deal.deal_number)
    status = conditional_escape(deal.status)
    if deal.is_passed:
        summary = f"\n    {words.passed}\n  "
    else:
        summary = (
            f"\n    \n      {_taker(row, context, words)}\n      · {_contract(deal, words)}\n      "
        )
        if deal.coinche_level != "none":
            summary += f"· {words.label('coinche_level', deal.coinche_level)}"
        tricks = ngettext("%(tricks)s trick", "%(tricks)s tricks", deal.taker_tricks) % {
            "tricks": number_text(deal.taker_tricks)
        }
        summary += f"\n      · {tricks}\n    \n  "
    note = ""
    if deal.dispute_note:
        note = words.disputed % {"note": conditional_escape(deal.dispute_note)}
        note = f'<p class="deal-note">{note}</p>'
    actions = ""
    if context["is_writable"] and row.may_edit:
        link, round_ = context["link"], context["round"]
        url = reverse(
            "tournaments:table-deal-edit", args=(link.token, round_.number, deal.deal_number)
        )
        actions = format_html(
            '\n    <p class="deal-actions"><a class="button button-secondary" '
            'href="{}#saisie">{}</a></p>\n  ',
            url,
            words.correct,
        )
    if row.may_confirm and deal.status == DealStatus.PENDING:  # as DealRow.status_label
        status_label = words.waiting
    else:
        status_label = words.label("status", deal.status)
    return mark_safe(  # every value escaped above, by format_html or in _row_words
        f'\n<li class="deal-item status-{status}" id="deal-{number}">\n'
        f'  <div class="deal-head">\n'
        f'    <span class="deal-number">{words.deal % {"number": number}}</span>\n'
        f'    <span class="deal-status status-{status}">{status_label}</span>\n'
        f"  </div>\n"
        f'  <p class="deal-summary">{summary}</p>\n'
        f'  <p class="deal-scores">\n'
        f"    <span>{words.a} +{number_text(deal.score_a)}</span>\n"
        f"    <span>{words.b} +{number_text(deal.score_b)}</span>\n"
        f'    <span class="deal-running">{number_text(deal.total_a)} – '
        f"{number_text(deal.total_b)}</span>\n"
        f"  </p>\n"
        f'  <p class="deal-words">{conditional_escape(row.words)}</p>\n'
        f"  {note}\n"
        f"  {actions}\n"
        f"</li>\n"
    )


@dataclass(frozen=True)
class _RowWords:
    """The words of a row in one language, as the template's tags give them: those of a
    ``{% translate %}`` escaped, those of a ``{% blocktranslate %}`` as they are, to be
    filled (``%(number)s``); ``labels`` the choices' labels, escaped, by field and value
    (:meth:`label`)."""

    passed: str
    capot: str
    a: str
    b: str
    correct: str
    waiting: str
    deal: str
    disputed: str
    taker_team: str
    taker_pairs: dict[str, str]
    labels: dict[str, dict[Any, str]]

    def label(self, field: str, value: Any) -> str:
        """Return :func:`choice_label` of ``value`` escaped, from the table of ``field``."""
        label = self.labels[field].get(value)
        return conditional_escape(choice_label(field, value)) if label is None else label


@functools.lru_cache(maxsize=16)
def _row_words(language: str | None) -> _RowWords:
    """Return the words of a row in ``language``, the active one (the key), kept per
    process: a row says a dozen of them, a tenth of its rendering each time it is looked
    up again (bench/writes.py), and each follows from the language alone."""
    labels: dict[str, dict[Any, str]] = {
        field: {value: conditional_escape(choice_label(field, value)) for value in _choices(field)}
        for field in ("status", "trump", "coinche_level")
    }
    return _RowWords(
        passed=conditional_escape(_("Passed")),
        capot=conditional_escape(_("Capot")),
        a=conditional_escape(_("A")),
        b=conditional_escape(_("B")),
        correct=_("Correct"),
        waiting=conditional_escape(_("Waiting for your confirmation")),
        deal=_("Deal %(number)s"),
        disputed=_("Disputed: %(note)s"),
        taker_team=_("Taker: team %(number)s"),
        taker_pairs={"A": str(_("Taker: pair A")), "B": str(_("Taker: pair B"))},
        labels=labels,
    )


def table_url(name: str, token: str, number: int, *more: int) -> str:
    """Return ``reverse(f"tournaments:{name}", args=(token, number, *more))``, a table URL
    of team link ``token`` at partie ``number``, kept per process: a board names two or
    three of them at every write (a ``{% url %}`` cost about 0.1 ms, bench/writes.py),
    and a URL follows from its name and arguments, the URLconf and the script prefix
    (the key; tests/tournaments/views/test_table_board_text.py compares it with
    ``reverse``)."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _table_url(get_script_prefix(), urlconf, name, (token, number, *more))


@functools.lru_cache(maxsize=4096)
def _table_url(prefix: str, urlconf: Any, name: str, args: tuple[Any, ...]) -> str:
    """Reverse the URL (``prefix``, the active script prefix, is reverse's own)."""
    return reverse(f"tournaments:{name}", args=args, urlconf=urlconf)


def number_text(value: int) -> str:
    """Return ``localize(value)`` for a whole number: the same text, without the format
    look-ups (six a row) when the site groups no thousands (USE_THOUSAND_SEPARATOR)."""
    if settings.USE_THOUSAND_SEPARATOR:
        return localize(value)
    return str(value)


def _taker(row: DealRow, context: Mapping[str, Any], words: _RowWords) -> str:
    if context["is_melee"]:
        return words.taker_pairs["A" if row.deal.taker == "A" else "B"]
    return words.taker_team % {"number": number_text(row.taker_team.number)}


def _contract(deal: Any, words: _RowWords) -> str:
    """The contract as the row says it: « Capot », or its value, then the trump."""
    if deal.is_capot_bid:
        start = f"{words.capot} "
    elif deal.contract_value:
        start = f"{number_text(deal.contract_value)} "
    else:
        start = ""
    return f"{start}{words.label('trump', deal.trump)}"


def choice_label(field: str, value: Any) -> str:
    """Return ``Deal(**{field: value}).get_<field>_display()``: the label of ``value`` among
    the choices of ``Deal``'s ``field`` in the active language (``value`` itself if none),
    from their table built once rather than at each call, as Django's
    ``_get_FIELD_display`` does (about a tenth of a row's rendering, bench/writes.py;
    tests/tournaments/views/test_table_board_text.py compares the two)."""
    return force_str(_choices(field).get(make_hashable(value), value), strings_only=True)


@functools.cache
def _choices(field: str) -> dict[Any, Any]:
    """The choices of ``Deal``'s ``field``, value to label (lazy: translated when read)."""
    choices = cast("Field[Any, Any]", Deal._meta.get_field(field)).flatchoices
    return dict(make_hashable(choices))
