"""The Content-Security-Policy (django-csp, belote_club/settings.py) on every kind of page, and
pages that need no inline script or style to work under it (STYLE.md §4).

The walk covers the public pages, the organiser's desk, a table link on a phone, the
projector, the login pages (the site's and the admin's), the admin itself and the error and
refusal pages. tests/browser/test_content_security_policy.py checks that Chromium reports no
violation while clicking through the same pages.
"""

import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from tests.factories import PASSWORD, TeamFactory, TournamentFactory, UserFactory
from tournaments.models import Match, TeamLink, Tournament

POLICY = {
    "default-src": ["'self'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
}


#: A made deal: 90 ♥ by team A, 5 tricks, 104 card points, as a phone sends it.
DEAL_1 = {
    "deal_number": "1",
    "taker": "A",
    "trump": "H",
    "contract": "90",
    "coinche": "none",
    "taker_tricks": "5",
    "taker_card_points": "104",
    "taker_belotes": "0",
    "defence_belotes": "0",
}


class InlineCodeFinder(HTMLParser):
    """Collect what a Content-Security-Policy without 'unsafe-inline' would block or flag.

    Each find is ``(tag, what)``: ``(script, inline)`` for a <script> without src, ``(style,
    element)`` for a <style> block, ``(tag, attribute)`` for a style attribute, an inline event
    handler (on…) or htmx's hx-on, and for a javascript: URL.
    """

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script" and not attributes.get("src"):
            self.found.append((tag, "inline"))
        if tag == "style":
            self.found.append((tag, "element"))
        for name, value in attrs:
            is_handler = name.startswith(("on", "hx-on"))
            is_script_url = (value or "").strip().lower().startswith("javascript:")
            if name == "style" or is_handler or is_script_url:
                self.found.append((tag, name))


def policy_of(response) -> dict[str, list[str]]:
    """Return the response's Content-Security-Policy as {directive: sources}."""
    directives = [part.split() for part in response["Content-Security-Policy"].split(";")]
    return {words[0]: words[1:] for words in directives if words}


def inline_code_in(response) -> list[tuple[str, str]]:
    finder = InlineCodeFinder()
    finder.feed(response.content.decode())
    return finder.found


@pytest.fixture
def tournament(club) -> Tournament:
    """Concours « t » of Marie's club, with 5 teams."""
    tournament = TournamentFactory(club=club, slug="t", match_format_value=2, number_of_rounds=3)
    for number in range(1, 6):
        TeamFactory(
            tournament=tournament, number=number, player_1=f"A{number}", player_2=f"B{number}"
        )
    return tournament


@pytest.fixture
def played(desk, tournament) -> Match:
    """Draw and publish round 1 from the desk (2 tables and a bye), then enter deal 1 of
    table 1 from team A's phone: it waits for team B to confirm it."""
    desk.post("/concours/t/gestion/equipes/pointer-tout/")
    desk.post("/concours/t/gestion/tirer/")
    desk.post("/concours/t/gestion/parties/1/publier/")
    match = Match.objects.get(round__tournament=tournament, table_number=1)
    link = TeamLink.objects.get(team=match.team_a)
    Client().post(f"/table/{link.token}/parties/1/donne/", DEAL_1)
    return match


def test_the_policy_allows_only_this_site_and_nothing_inline(client, db):
    response = client.get("/")

    assert policy_of(response) == POLICY


def test_the_inline_code_finder_finds_each_kind_of_inline_code():
    finder = InlineCodeFinder()

    finder.feed(
        '<script>alert(1)</script><script src="/static/js/confirm.js"></script>'
        '<style>p {}</style><p style="color: red" onclick="go()">'
        '<a href="javascript:go()" hx-on:click="go()">x</a></p>'
    )

    assert finder.found == [
        ("script", "inline"),
        ("style", "element"),
        ("p", "style"),
        ("p", "onclick"),
        ("a", "href"),
        ("a", "hx-on:click"),
    ]


#: What htmx must not do under the policy: inject its indicator <style>, evaluate code
#: (hx-on, js: values), run scripts it swaps in, or copy a style attribute with
#: setAttribute while a swap settles (a browser or a tool may leave style="" on an input).
HTMX_CONFIG = {
    "includeIndicatorStyles": False,
    "allowEval": False,
    "allowScriptTags": False,
    "attributesToSettle": ["class", "width", "height"],
}


def htmx_config_of(response) -> list[dict[str, object]]:
    found = re.findall(r"<meta name=\"htmx-config\" content='([^']*)'>", response.content.decode())
    return [json.loads(content) for content in found]


def test_the_pages_keep_htmx_within_the_policy(client, played, tournament):
    pages = ["/", f"/ecran/{tournament.projector_token}/"]

    configs = [htmx_config_of(client.get(path)) for path in pages]

    assert configs == [[HTMX_CONFIG], [HTMX_CONFIG]]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/concours/t/",
        "/concours/t/parties/1/",
        "/concours/t/parties/1/tables/1/",
        "/comptes/connexion/",
        "/admin/login/",
        "/concours/inconnu/",
    ],
)
def test_every_public_page_has_the_policy_and_no_inline_code(client, played, path):
    client.cookies["django_language"] = "fr"

    response = client.get(path)

    expected_status = 404 if path == "/concours/inconnu/" else 200
    assert (response.status_code, policy_of(response), inline_code_in(response)) == (
        expected_status,
        POLICY,
        [],
    )


@pytest.mark.parametrize(
    "path",
    [
        "/organisation/concours/nouveau/",
        "/concours/t/gestion/",
        "/concours/t/gestion/reglages/",
        "/concours/t/gestion/equipes/",
        "/concours/t/gestion/equipes/1/",
        "/concours/t/gestion/equipes/importer/",
        "/concours/t/gestion/parties/1/",
        "/concours/t/gestion/parties/1/avancement/",
        "/concours/t/gestion/parties/1/qr/",
        "/concours/t/gestion/prix/",
        "/concours/t/parties/1/tables/1/",
    ],
)
def test_every_desk_page_has_the_policy_and_no_inline_code(desk, played, path):
    response = desk.get(path)

    assert (response.status_code, policy_of(response), inline_code_in(response)) == (
        200,
        POLICY,
        [],
    )


@pytest.mark.parametrize(("side", "page"), [("A", ""), ("A", "parties/1/donnes/1/"), ("B", "")])
def test_a_table_link_on_a_phone_has_the_policy_and_no_inline_code(played, side, page):
    link = TeamLink.objects.get(team=played.team_a if side == "A" else played.team_b)
    phone = Client(HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Mobile")

    response = phone.get(f"/table/{link.token}/{page}")

    assert (response.status_code, policy_of(response), inline_code_in(response)) == (
        200,
        POLICY,
        [],
    )


@pytest.mark.parametrize("page", ["", "diapo/?slide=0", "diapo/?slide=1"])
def test_the_projector_has_the_policy_and_no_inline_code(client, played, tournament, page):
    response = client.get(f"/ecran/{tournament.projector_token}/{page}")

    assert (response.status_code, policy_of(response), inline_code_in(response)) == (
        200,
        POLICY,
        [],
    )


@pytest.mark.parametrize(
    "path",
    ["/admin/", "/admin/auth/user/", "/admin/auth/user/add/", "/admin/axes/accessattempt/"],
)
def test_the_admin_has_the_policy_and_no_inline_code(client, db, path):
    client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))

    response = client.get(path)

    assert (response.status_code, policy_of(response), inline_code_in(response)) == (
        200,
        POLICY,
        [],
    )


def test_the_lock_out_and_too_many_requests_pages_have_the_policy_and_no_inline_code(
    client, organiser, settings
):
    settings.AXES_FAILURE_LIMIT = 1
    settings.BELOTE_ADDRESS_RATE_LIMIT = 1
    # One window until the year 2286: the two requests never fall on both sides of its end.
    settings.BELOTE_RATE_LIMIT_WINDOW_SECONDS = 10**10
    wrong = {"username": "marie", "password": "not " + PASSWORD}

    locked = client.post("/comptes/connexion/", wrong)
    refused = client.get("/")

    assert [
        (response.status_code, policy_of(response), inline_code_in(response))
        for response in (locked, refused)
    ] == [(429, POLICY, []), (429, POLICY, [])]
