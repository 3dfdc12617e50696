"""The requests the views are given, as a type checker should see them.

Types only, never built: Django makes a plain HttpRequest, then the middleware of
settings.MIDDLEWARE adds to it. django-htmx's HtmxMiddleware sets ``request.htmx`` on
every request, and ``@login_required`` lets only a signed-in organiser reach a view. These
subclasses say so, as django-htmx and django-stubs advise, so that ``request.htmx`` and
``request.user`` are typed in the views that use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request seen by django-htmx's middleware: ``htmx`` is true when htmx sent it."""

    htmx: HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    """The request of a ``@login_required`` view: ``user`` is the signed-in organiser."""

    user: User
