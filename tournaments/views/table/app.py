"""The table page as an installable web app: its manifest and its service worker.

The service worker (static/js/table_sw.js) is served from ``/table/sw.js``, not from
``/static/``: a worker controls the pages under its own folder, so this one gets the
scope ``/table/`` (the table pages) and nothing of the organiser's desk. It keeps the
page's static files and the last copy of each table page, for a page opened without
the network. The manifest names the app after the team and opens its link (every partie).
Browsers allow both on https or on localhost only (a secure context); on a club's plain
http Wi-Fi the page still keeps its writes on the phone (static/js/table_offline.js).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from tournaments.models import TeamLink
from tournaments.views.table.board import team_link_required

#: The service worker's source, in the static files.
SERVICE_WORKER = "js/table_sw.js"
#: The pages the worker controls: every team link's.
SCOPE = "/table/"
#: The site's card-table green (static/css/site.css, --colour-primary).
THEME_COLOUR = "#17603f"


@require_GET
@cache_control(no_cache=True)
def table_service_worker(request: HttpRequest) -> HttpResponse:
    """Return the table phones' service worker, with the scope ``/table/`` allowed.

    ``no-cache``: the browser asks again at each visit, so a new version is taken at once.
    """
    path = finders.find(SERVICE_WORKER)
    if not isinstance(path, str):
        raise Http404
    response = HttpResponse(Path(path).read_bytes(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = SCOPE
    return response


@require_GET
@team_link_required
def table_manifest(request: HttpRequest, link: TeamLink) -> HttpResponse:
    """Return the web app manifest of this team's table page (opens this link)."""
    return JsonResponse(
        manifest(link),
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


def manifest(link: TeamLink) -> dict[str, Any]:
    """Return the manifest's members for the team link ``link``: names (after the team,
    whose link serves every partie), start URL, scope, icons, colours."""
    name = _("Team %(number)s") % {"number": link.team.number}
    start = reverse("tournaments:table-entry", kwargs={"token": link.token})
    icons = [
        {"src": static(f"img/table-app-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    return {
        "id": start,
        "name": f"{name} – Belote Club",
        "short_name": name,
        "lang": get_language() or "fr",
        "start_url": start,
        "scope": SCOPE,
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#f4f6f3",
        "theme_color": THEME_COLOUR,
        "icons": [*icons, {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
