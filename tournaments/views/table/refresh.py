"""The board a table phone asks for again every few seconds: ``parties/<number>/tableau/``.

One team enters a deal, the opponents confirm it on their own phone: each phone asks
every ``BELOTE_TABLE_REFRESH_SECONDS`` (static/js/table_offline.js) for its board, the
same fragment a write answers with (``table_entry.html#board``, the blank form left
out for a phone that keeps its own, board.KEEPS_FORM), with the weak ETag of
the board it shows (its ``data-board-tag``) in ``If-None-Match``. An unchanged board is
a 304 with no body, told from the query that finds the seat (selectors.seat_by_token)
and no rendering; a changed one is the board with its new ETag. Read-only: GET only, and
the access checks of every table URL (board.seat_required): an unknown token is a 404, a
revoked link or a round no longer played the 403 refusal page (``HX-Refresh``: the phone
reloads to show it).
"""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.http import parse_etags
from django.views.decorators.http import require_GET

from tournaments.models import Seat
from tournaments.views.requests import HtmxHttpRequest
from tournaments.views.table.board import (
    BOARD,
    KEEPS_FORM,
    board_tag,
    page_context,
    seat_required,
)


@require_GET
@seat_required
def table_board(request: HtmxHttpRequest, seat: Seat) -> HttpResponse:
    """Return this team's board at its partie (200, its ETag), or 304 when the board
    the phone shows (``If-None-Match``) is still the one it would get. A phone that keeps
    its blank form (board.KEEPS_FORM) gets only the next deal's number in its place."""
    tag = board_tag(seat)
    if is_shown(request.headers.get("If-None-Match", ""), tag):
        response: HttpResponse = HttpResponseNotModified()
    else:
        context = page_context(seat, keeps_form=request.headers.get(KEEPS_FORM) == "1")
        response = render(request, BOARD, context)
        tag = context["board_tag"]
    response["ETag"] = tag
    return response


def is_shown(header: str, tag: str) -> bool:
    """Return True when the ``If-None-Match`` header ``header`` names the weak ETag ``tag``
    (a weak comparison, RFC 9110 §13.1.2: ``W/`` aside) or is ``*``."""
    wanted = tag.removeprefix("W/")
    return any(each == "*" or each.removeprefix("W/") == wanted for each in parse_etags(header))
