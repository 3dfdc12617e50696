"""The order of the site's routes (belote_club/urls.py, tournaments/urls.py).

Django tries the routes in order and takes the first that matches. The table phones'
routes come first in tournaments/urls.py, so that a table write is not tried against
every other route before its own (bench/writes.py). That order can change no answer as
long as only the table routes match a path that starts with ``table/``: every other
route starts with other fixed characters, never with a converter.
"""

from django.urls import URLPattern, URLResolver, get_resolver, resolve


def routes(patterns=None, prefix: str = "") -> list[tuple[str, str]]:
    """Return every route of the site, whole (its includes' prefixes joined), with its
    name, in the order Django tries them."""
    found = []
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += routes(pattern.url_patterns, route)
        else:
            assert isinstance(pattern, URLPattern)
            found.append((route, pattern.name or ""))
    return found


TABLE_ROUTES = [
    ("table/sw.js", "service-worker"),
    ("table/<str:token>/", "table-entry"),
    ("table/<str:token>/manifest.webmanifest", "table-manifest"),
    ("table/<str:token>/parties/<num:partie>/donne/", "table-deal"),
    ("table/<str:token>/parties/<num:partie>/donnes/<num:number>/", "table-deal-edit"),
    ("table/<str:token>/parties/<num:partie>/donnes/<num:number>/confirmer/", "table-confirm"),
    ("table/<str:token>/parties/<num:partie>/donnes/<num:number>/contester/", "table-dispute"),
    ("table/<str:token>/parties/<num:partie>/tout-confirmer/", "table-confirm-all"),
    ("table/<str:token>/parties/<num:partie>/code/", "table-pin"),
    ("table/<str:token>/parties/<num:partie>/tableau/", "table-board"),
    ("table/<str:token>/parties/<num:partie>/apercu/", "table-preview"),
]


def test_only_the_table_routes_start_with_table():
    table = [(route, name) for route, name in routes() if route.startswith("table/")]
    assert table == TABLE_ROUTES


def test_no_other_route_could_match_a_table_path():
    others = [route for route, _name in routes() if not route.startswith("table/")]
    # A route of fixed characters first, other than "table/"'s: no table path matches it.
    starts = {route.split("<", 1)[0] for route in others}
    assert "" in starts  # the home page: "" exactly
    opened = sorted(start for start in starts if start and "table/".startswith(start))
    assert opened == []
    assert [route for route in others if route.startswith("<")] == []
    assert others.count("") == 1


def test_a_table_write_resolves_to_its_view():
    match = resolve("/table/abc/parties/2/donnes/3/confirmer/")
    assert (match.view_name, match.route, match.kwargs) == (
        "tournaments:table-confirm",
        "table/<str:token>/parties/<num:partie>/donnes/<num:number>/confirmer/",
        {"token": "abc", "partie": 2, "number": 3},
    )
