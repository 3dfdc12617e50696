"""belote_club.middleware.CachedPolicyCSPMiddleware gives the headers django-csp's own
CSPMiddleware gives: on the site's pages, and for each case where django-csp builds the
policy from the request (a nonce, the per-view decorators, report-only, exempt views,
excluded paths, DEBUG's error pages)."""

import datetime
import re

import pytest
from csp.constants import NONCE, SELF
from csp.decorators import csp, csp_exempt, csp_replace, csp_update
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.test import Client, RequestFactory

from belote_club.middleware import CachedPolicyCSPMiddleware
from tests.factories import MatchFactory, RoundFactory, TournamentFactory
from tournaments import services
from tournaments.models import TeamLink

PUBLISHED_AT = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=datetime.UTC)
OURS = "belote_club.middleware.CachedPolicyCSPMiddleware"
DJANGO_CSP = "csp.middleware.CSPMiddleware"
#: The site's policy header's directives, as belote_club/settings.py lists them (django-csp
#: writes them in the order of a set of their names, which changes from process to process).
SITE_POLICY = {
    "default-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
}
#: A report-only policy with a nonce in script-src, as a site using both would set it.
REPORT_ONLY = {"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}


def plain(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def reads_the_nonce(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")  # type: ignore[attr-defined]


def sets_its_own_header(request: HttpRequest) -> HttpResponse:
    response = HttpResponse("ok")
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


def not_found(request: HttpRequest) -> HttpResponse:
    return HttpResponseNotFound("missing")


VIEWS = {
    "plain": plain,
    "not found": not_found,
    "own header": sets_its_own_header,
    "csp": csp({"default-src": ["'none'"]})(plain),
    "csp_update": csp_update({"img-src": ["data:"]})(plain),
    "csp_replace": csp_replace({"default-src": ["'none'"]})(plain),
    "csp_exempt": csp_exempt()(plain),
    "csp report-only": csp({"default-src": ["'none'"]}, REPORT_ONLY=True)(plain),
    "csp_update report-only": csp_update({"img-src": ["data:"]}, REPORT_ONLY=True)(plain),
    "csp_replace report-only": csp_replace({"img-src": ["data:"]}, REPORT_ONLY=True)(plain),
    "csp_exempt report-only": csp_exempt(REPORT_ONLY=True)(plain),
}


def headers_through(middleware_class, view, path: str = "/concours/t/") -> dict[str, str]:
    """Return the headers of `view`'s response to a GET of `path` through `middleware_class`,
    twice (the second answer may come from the cache), as {header: value}."""
    middleware = middleware_class(view)
    answers = [dict(middleware(RequestFactory().get(path)).headers) for _ in range(2)]
    assert answers[0] == answers[1]
    return answers[0]


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
@pytest.mark.parametrize("report_only", [None, REPORT_ONLY], ids=["enforced", "and report-only"])
@pytest.mark.parametrize("debug", [False, True], ids=["debug off", "debug on"])
def test_each_view_gets_the_headers_django_csp_gives(settings, view, report_only, debug):
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = report_only
    settings.DEBUG = debug

    assert headers_through(CachedPolicyCSPMiddleware, view) == headers_through(CSPMiddleware, view)


def test_the_site_policy_is_the_one_of_the_settings():
    headers = headers_through(CachedPolicyCSPMiddleware, plain)

    assert set(headers["Content-Security-Policy"].split("; ")) == SITE_POLICY


def test_an_excluded_path_gets_no_header_from_either(settings):
    settings.CONTENT_SECURITY_POLICY = {
        **settings.CONTENT_SECURITY_POLICY,
        "EXCLUDE_URL_PREFIXES": ["/admin/"],
    }

    headers = [
        headers_through(middleware_class, plain, path)
        for middleware_class in (CachedPolicyCSPMiddleware, CSPMiddleware)
        for path in ("/admin/", "/concours/t/")
    ]

    assert ["Content-Security-Policy" in each for each in headers] == [False, True, False, True]


def test_a_changed_setting_gets_its_own_header(settings):
    middleware = CachedPolicyCSPMiddleware(plain)
    before = middleware(RequestFactory().get("/"))["Content-Security-Policy"]

    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    after = middleware(RequestFactory().get("/"))["Content-Security-Policy"]

    assert (set(before.split("; ")), after) == (SITE_POLICY, "default-src 'none'")


def test_a_page_that_reads_the_nonce_gets_it_in_its_header(settings):
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = REPORT_ONLY
    request = RequestFactory().get("/")

    response = CachedPolicyCSPMiddleware(reads_the_nonce)(request)

    nonce = request._csp_nonce  # type: ignore[attr-defined]
    report_only = set(response["Content-Security-Policy-Report-Only"].split("; "))
    assert (response.content.decode(), report_only) == (
        f"<script nonce='{nonce}'></script>",
        {"default-src 'self'", f"script-src 'self' 'nonce-{nonce}'"},
    )


@pytest.mark.parametrize("middleware_class", [CachedPolicyCSPMiddleware, CSPMiddleware])
def test_the_nonce_cannot_be_read_once_the_header_is_written(middleware_class):
    request = RequestFactory().get("/")
    middleware_class(plain)(request)

    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)  # type: ignore[attr-defined]


@pytest.fixture
def table_link(club) -> TeamLink:
    """The link of team A at table 1 of a published round of concours « t », of Marie's
    club."""
    round_ = RoundFactory(tournament=TournamentFactory(club=club, slug="t"), number=1)
    match = MatchFactory(round=round_, table_number=1)
    services.ensure_team_links(tournament=round_.tournament, now=PUBLISHED_AT)
    return TeamLink.objects.get(team=match.team_a)


def answer(client: Client, path: str) -> tuple[int, dict[str, str], str]:
    """Return the status, headers and body of a GET of `path`; what changes at each request
    is replaced: the body's CSRF tokens (64 letters and digits) by « TOKEN », the Expires
    header of an organiser's page (the time of the answer) by « NOW »."""
    response = client.get(path)
    body = re.sub(r"\b[A-Za-z0-9]{64}\b", "TOKEN", response.content.decode())
    headers = dict(response.headers)
    if "Expires" in headers:
        headers["Expires"] = "NOW"
    return response.status_code, headers, body


def test_the_site_pages_are_the_same_through_either_middleware(settings, desk, table_link):
    organiser_pages = ["/", "/concours/t/gestion/", "/concours/t/gestion/parties/1/"]
    public_pages = ["/healthz", "/", "/concours/t/", f"/table/{table_link.token}/", "/nope/"]
    session_cookie = desk.cookies["sessionid"].value

    def answers(middleware: str) -> list[tuple[int, dict[str, str], str]]:
        settings.MIDDLEWARE = [
            middleware if name in (OURS, DJANGO_CSP) else name for name in settings.MIDDLEWARE
        ]
        organiser, visitor = Client(), Client()
        organiser.cookies["sessionid"] = session_cookie
        organiser.cookies["django_language"] = "fr"
        return [answer(organiser, path) for path in organiser_pages] + [
            answer(visitor, path) for path in public_pages
        ]

    ours = answers(OURS)
    theirs = answers(DJANGO_CSP)

    assert (ours == theirs, [status for status, _, _ in ours]) == (
        True,
        [200, 200, 200, 200, 200, 200, 200, 404],
    )
