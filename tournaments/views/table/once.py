"""Once-only writes of the table phones: the ``Idempotency-Key`` header (IETF httpapi
draft), read here and kept by services/idempotency.py.

The phone's script (static/js/table_offline.js) sends every write with a key of its own
and sends it again, same key, until it gets an answer. The first answer is stored and
given back to every repeat, with an ``Idempotent-Replayed: true`` header: one deal, one
confirmation, however many times the network dropped. A key reused for another request
gets the board with the reason, status 422 (the draft's "Unprocessable Content"); a key
that cannot be read, status 400; a repeat while the first sending is still answering
(after its write's commit, services/idempotency.py), after waiting for it a moment,
status 503 with Retry-After, which the phone sends again. A write sent without a key runs
as before.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.template.response import SimpleTemplateResponse
from django.utils import timezone

from tournaments import services
from tournaments.models import Seat
from tournaments.views.requests import HtmxHttpRequest
from tournaments.views.table.board import BOARD, TEMPLATE, page_context, refused

#: The response headers kept with the outcome and given back to a repeat.
KEPT_HEADERS = ("HX-Push-Url", "HX-Reswap", "HX-Refresh", "HX-Retarget", "Location")
#: What a refused key answers: unreadable (400), or reused for another request (422).
KEY_STATUS = {
    services.Refusal.IDEMPOTENCY_KEY_INVALID: 400,
    services.Refusal.IDEMPOTENCY_MISMATCH: 422,
    # Its first sending wrote and is still answering: 503, which the phone sends again.
    services.Refusal.IDEMPOTENCY_IN_PROGRESS: 503,
}
#: The seconds a phone waits before sending again a write whose first sending answers.
RETRY_AFTER_SECONDS = 2

TableView = Callable[..., HttpResponse]


def sent_once(view: TableView) -> TableView:
    """Run the table write ``view`` once per ``Idempotency-Key``; a repeat gets its answer.

    Goes under :func:`~tournaments.views.table.board.seat_required` (the wrapped view
    takes the team's seat at the partie). Keys are kept per team link token (the one the
    phone opens for the whole concours); the partie is in the request's path, hence in
    its fingerprint. GET requests and requests without the header pass through.
    """

    @functools.wraps(view)
    def wrapper(request: HtmxHttpRequest, seat: Seat, **kwargs: Any) -> HttpResponse:
        header = request.headers.get("Idempotency-Key", "")
        if request.method != "POST" or not header:
            return view(request, seat, **kwargs)
        fields = [(name, value) for name, values in request.POST.lists() for value in values]
        try:
            outcome = services.run_once(
                token=seat.link.token,
                key=services.parse_key(header),
                fingerprint=services.fingerprint(request.method, request.path, fields),
                now=timezone.now(),
                write=lambda: view(request, seat, **kwargs),
                answer=as_outcome,  # after the write's commit: a board is drawn then
            )
        except services.ServiceError as refusal:
            return _key_refused(request, seat, refusal)
        return as_response(outcome)

    return wrapper


def as_outcome(response: HttpResponse) -> services.Outcome:
    """Return what is stored of ``response``: status, content type, kept headers, body;
    a template response (the board of a write, board.BoardResponse) is rendered now."""
    if isinstance(response, SimpleTemplateResponse):
        response.render()
    headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
    return services.Outcome(
        status=response.status_code,
        content_type=response.get("Content-Type", "text/html; charset=utf-8"),
        body=response.content.decode(response.charset or "utf-8"),
        headers=headers,
    )


def as_response(outcome: services.Outcome) -> HttpResponse:
    """Return the HTTP response of ``outcome``, marked ``Idempotent-Replayed`` if a repeat."""
    response = HttpResponse(outcome.body, status=outcome.status, content_type=outcome.content_type)
    for name, value in outcome.headers.items():
        response[name] = value
    if outcome.is_replay:
        response["Idempotent-Replayed"] = "true"
    return response


def _key_refused(
    request: HtmxHttpRequest, seat: Seat, refusal: services.ServiceError
) -> HttpResponse:
    """Show the board (htmx) or the page with why the key was refused; nothing saved."""
    template = BOARD if request.htmx else TEMPLATE
    context = page_context(seat, notice=refused(refusal))
    response = render(request, template, context, status=KEY_STATUS[refusal.code])
    if response.status_code == 503:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
