"""The site's own answer to a locked-out login (django-axes calls it): a French page,
status 429 (Too Many Requests)."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


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
