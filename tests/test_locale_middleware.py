"""belote_club.middleware.UnprefixedLocaleMiddleware chooses the language, and answers with
the headers, that Django's LocaleMiddleware does: by cookie, Accept-Language or default,
on a page, a 404 and a path that looks like a language prefix, and with a urlconf that has
i18n_patterns."""

import types

import pytest
from django.conf.urls.i18n import i18n_patterns
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.middleware.locale import LocaleMiddleware
from django.test import RequestFactory
from django.urls import path
from django.utils import translation

from belote_club.middleware import UnprefixedLocaleMiddleware


def page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"{request.LANGUAGE_CODE} {translation.get_language()}")  # type: ignore[attr-defined]


def not_found(request: HttpRequest) -> HttpResponse:
    return HttpResponseNotFound("missing")


def in_english(request: HttpRequest) -> HttpResponse:
    response = page(request)
    response["Content-Language"] = "en"
    return response


#: A urlconf with language prefixes (the site has none), given to a request as its own.
PREFIXED = types.ModuleType("prefixed_urls")
PREFIXED.urlpatterns = i18n_patterns(path("page/", page))  # type: ignore[attr-defined]

REQUESTS = {
    "nothing": {},
    "cookie en": {"cookie": "en"},
    "cookie fr, browser en": {"cookie": "fr", "HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"},
    "browser en": {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.8"},
    "browser de": {"HTTP_ACCEPT_LANGUAGE": "de"},
    "cookie unknown": {"cookie": "xx"},
}


def answer(middleware_class, view, path: str, cookie: str = "", urlconf=None, **headers):
    """Return what `middleware_class` around `view` gives for a GET of `path`: the status,
    the headers, the body (the request's LANGUAGE_CODE and the active language)."""
    request = RequestFactory().get(path, **headers)
    if cookie:
        request.COOKIES["django_language"] = cookie
    if urlconf is not None:
        request.urlconf = urlconf  # type: ignore[attr-defined]
    with translation.override(None):
        response = middleware_class(view)(request)
    return response.status_code, dict(response.headers), response.content.decode()


@pytest.mark.parametrize("sent", REQUESTS.values(), ids=REQUESTS.keys())
@pytest.mark.parametrize(
    ("view", "path"),
    [(page, "/concours/t/"), (not_found, "/nope/"), (page, "/en/concours/"), (in_english, "/")],
    ids=["page", "404", "prefix-like path", "view sets the language header"],
)
def test_it_answers_as_djangos_locale_middleware(sent, view, path):
    assert answer(UnprefixedLocaleMiddleware, view, path, **sent) == answer(
        LocaleMiddleware, view, path, **sent
    )


@pytest.mark.parametrize("sent", REQUESTS.values(), ids=REQUESTS.keys())
@pytest.mark.parametrize(
    ("view", "path"), [(page, "/en/page/"), (page, "/page/"), (not_found, "/page/")]
)
def test_with_language_prefixes_it_answers_as_djangos_locale_middleware(sent, view, path):
    assert answer(UnprefixedLocaleMiddleware, view, path, urlconf=PREFIXED, **sent) == answer(
        LocaleMiddleware, view, path, urlconf=PREFIXED, **sent
    )


def test_the_language_comes_from_the_cookie_then_the_browser_then_french():
    answers = [
        answer(UnprefixedLocaleMiddleware, page, "/", **sent)
        for sent in (REQUESTS["cookie en"], REQUESTS["browser en"], REQUESTS["browser de"])
    ]

    assert [
        (headers["Content-Language"], headers["Vary"], body) for _, headers, body in answers
    ] == [
        ("en", "Accept-Language", "en en"),
        ("en", "Accept-Language", "en en"),
        ("fr", "Accept-Language", "fr fr"),
    ]


def test_a_language_prefix_redirects_only_with_i18n_patterns():
    answers = [
        answer(UnprefixedLocaleMiddleware, not_found, "/page/", urlconf=urlconf)[:2]
        for urlconf in (None, PREFIXED)
    ]

    assert [(status, headers.get("Location")) for status, headers in answers] == [
        (404, None),
        (302, "/fr/page/"),
    ]
