"""The site's own answers to a locked-out login and to too many requests (django-axes and
belote_club/rate_limits.py call them): French pages, status 429 (Too Many Requests); and
``/healthz``, the bare answer that says the server is up."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


def login_locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, object] | None = None,
) -> HttpResponse:
    """Return the page for a login locked by django-axes (its AXES_LOCKOUT_CALLABLE).

    It says, in the visitor's language, how many minutes to wait (AXES_COOLOFF_TIME, whole
    minutes) and that ``manage.py axes_reset`` unlocks at once. Status 429.
    """
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)


def too_many_requests(request: HttpRequest, *, retry_after_seconds: int) -> HttpResponse:
    """Return the page for a request over a rate limit: status 429, and a Retry-After header
    giving `retry_after_seconds`, when the limit's window ends."""
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(retry_after_seconds)
    return response


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Return ``ok`` (text/plain, 200): the server answers. No query, no template; every
    middleware still runs, so bench/load.py times it as the bare cost of a request."""
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")
