"""The board's list of every deal (``table_entry.html#deal-item``), each row kept rendered.

A table's board lists every deal of its match, and every write answers the whole board:
the twelfth deal of a match renders twelve rows, eleven of them as they were at the last
write (a row's blocktranslates and URLs were most of a board's rendering,
bench/writes.py). Each row of that list is rendered once per process for what it shows
and kept (the last :data:`MAX_KEPT`). What the row's HTML depends on is its key: the
language, the team link and partie (its URLs), whether the table writes and is a mêlée,
and the deal's fields the row shows (their values: the words of a status, trump or coinche
level follow from them and the language), with its words and what this team may do with it
(its status as this team reads it follows from that).
The rows of « To confirm » carry forms with the request's CSRF token: the board renders
them each time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

if TYPE_CHECKING:
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

_kept: OrderedDict[tuple[Any, ...], SafeString] = OrderedDict()
_lock = threading.Lock()


def deal_items(rows: Iterable[DealRow], context: Mapping[str, Any]) -> list[SafeString]:
    """Return the rows ``rows`` of the list of every deal, rendered as the template's
    ``deal-item`` partial renders them in the board's ``context`` (its ``link``,
    ``round``, ``is_writable``, ``is_melee``), in the order given."""
    shared = (
        get_language(),
        context["link"].token,
        context["round"].number,
        context["is_writable"],
        context["is_melee"],
    )
    return [_item(row, shared, context) for row in rows]


def _item(row: DealRow, shared: tuple[Any, ...], context: Mapping[str, Any]) -> SafeString:
    deal = row.deal
    # Raw values only: the words of a status, a trump or a coinche level follow from
    # their value and the language (in ``shared``), and computing them is most of a key.
    key = (
        *shared,
        row.words,
        row.may_edit,
        row.may_confirm,
        row.taker_team.number,
        *(getattr(deal, name) for name in SHOWN_FIELDS),
    )
    with _lock:
        html = _kept.get(key)
        if html is not None:
            _kept.move_to_end(key)
            return html
    names = ("link", "round", "is_writable", "is_melee")
    rendered = render_to_string(
        "tournaments/table_entry.html#deal-item",
        {"row": row, **{name: context[name] for name in names}},
    )
    html = mark_safe(rendered)  # the template's own output, escaped there
    with _lock:
        _kept[key] = html
        if len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)
    return html
