"""Site-wide middleware."""

import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.template.loader import render_to_string

from belote_club.rate_limits import record_request
from belote_club.views import too_many_requests

#: The public writes of online registration (tournaments/urls.py), counted per address.
REGISTRATION_WRITES = frozenset(
    {
        "tournaments:registration-create",
        "tournaments:registration-manage",
        "tournaments:registration-cancel",
    }
)


class NotAllowedPageMiddleware:
    """Give a page to a 405 that has none.

    A view that only takes POST (``require_POST``, Django's ``LogoutView``) answers a GET
    with an empty 405: a blank screen for someone who typed or bookmarked the address. This
    puts ``405.html`` in that response, in the active language; the status and the
    ``Allow`` header stay as they are. A 405 that already has a body is left alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response


class RateLimitMiddleware:
    """Refuse requests over the per-table-link or per-address limit with a 429 page.

    A table link's requests (``table/<token>/…``) count against that token's limit,
    BELOTE_TABLE_LINK_RATE_LIMIT. Every request from a visitor who is not signed in (public
    pages, the projector, table links, the login page) counts against its address's limit,
    BELOTE_ADDRESS_RATE_LIMIT; signed-in organisers are not counted, so the desk's polling
    never meets it. A POST to online registration (register a pair, change or cancel it)
    also counts against its address's BELOTE_REGISTRATION_RATE_LIMIT, signed in or not.
    All are per BELOTE_RATE_LIMIT_WINDOW_SECONDS; the address is the one the
    connection comes from (REMOTE_ADDR), as for django-axes. The page is ``429.html``, in the
    visitor's language, with a Retry-After header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[object, ...],
        view_kwargs: dict[str, object],
    ) -> HttpResponse | None:
        """Count this request; return the 429 page if it is over a limit, else None."""
        counted: list[tuple[str, str, int]] = []
        resolver_match = request.resolver_match
        if resolver_match is not None and resolver_match.route.startswith("table/"):
            token = str(view_kwargs.get("token", ""))
            counted.append(("table-link", token, settings.BELOTE_TABLE_LINK_RATE_LIMIT))
        address = request.META.get("REMOTE_ADDR", "")
        if not request.user.is_authenticated:
            counted.append(("address", address, settings.BELOTE_ADDRESS_RATE_LIMIT))
        is_registration = (
            resolver_match is not None and resolver_match.view_name in REGISTRATION_WRITES
        )
        if is_registration and request.method == "POST":
            counted.append(("registration", address, settings.BELOTE_REGISTRATION_RATE_LIMIT))
        now = time.time()
        decisions = [
            record_request(
                scope=scope,
                identifier=identifier,
                limit=limit,
                window_seconds=settings.BELOTE_RATE_LIMIT_WINDOW_SECONDS,
                now=now,
            )
            for scope, identifier, limit in counted
        ]
        refused = [decision for decision in decisions if not decision.is_allowed]
        if refused:
            retry_after_seconds = max(decision.retry_after_seconds for decision in refused)
            return too_many_requests(request, retry_after_seconds=retry_after_seconds)
        return None
