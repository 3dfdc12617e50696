"""Site-wide middleware."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.template.loader import render_to_string


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
