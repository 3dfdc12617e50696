"""belote_club.middleware.LazyMessageMiddleware: the message storage is built only by a
request that adds or reads a message, and the messages reach the next page as with Django's
own MessageMiddleware."""

import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.utils.functional import empty

from belote_club.middleware import LazyMessageMiddleware
from tests.factories import TournamentFactory

OURS = "belote_club.middleware.LazyMessageMiddleware"
DJANGO = "django.contrib.messages.middleware.MessageMiddleware"


def plain(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def adds_a_message(request: HttpRequest) -> HttpResponse:
    messages.success(request, "Équipe 6 inscrite.")
    return HttpResponse("ok")


def through_the_middleware(view) -> tuple[HttpRequest, HttpResponse]:
    """Send a GET of / to `view` through the session and message middleware."""
    request = RequestFactory().get("/")
    response = SessionMiddleware(LazyMessageMiddleware(view))(request)
    return request, response


def test_a_request_that_never_uses_messages_builds_no_storage():
    request, response = through_the_middleware(plain)

    assert (request._messages._wrapped is empty, dict(response.cookies)) == (True, {})  # type: ignore[attr-defined]


def test_healthz_builds_no_message_storage(client, db):
    response = client.get("/healthz")

    assert response.wsgi_request._messages._wrapped is empty


def test_a_message_added_without_a_page_goes_into_the_cookie():
    request, response = through_the_middleware(adds_a_message)

    assert cookie_of(response) == "messages=['Équipe 6 inscrite.']; Path=/; HttpOnly; SameSite=Lax"


def cookie_of(response: HttpResponse) -> str:
    """Return the messages cookie `response` sets ("" for none) as « messages=[texts];
    attributes », its value decoded (it holds the time it was signed)."""
    morsel = response.cookies.get("messages")
    if morsel is None:
        return ""
    stored = CookieStorage(RequestFactory().get("/"))._decode(morsel.value) or []
    attributes = [
        f"{key.title() if key != 'samesite' else 'SameSite'}={value}"
        if value is not True
        else {"httponly": "HttpOnly"}.get(key, key)
        for key, value in morsel.items()
        if value != "" and key != "expires"
    ]
    return "; ".join([f"messages={[str(message) for message in stored]}", *attributes])


@pytest.fixture
def tournament(club):
    """Concours « t » of Marie's club, open for teams."""
    return TournamentFactory(club=club, slug="t")


def test_the_message_of_a_write_reaches_the_page_after_the_redirect(desk, tournament):
    response = desk.post(
        "/concours/t/gestion/equipes/", {"player_1": "Noé", "player_2": "Zoé"}, follow=True
    )

    shown = [str(message) for message in response.context["messages"]]
    assert (response.redirect_chain, shown, desk.cookies["messages"].value) == (
        [("/concours/t/gestion/equipes/", 302)],
        ["Équipe 1 inscrite."],
        "",
    )


def test_a_write_and_its_redirect_answer_the_same_through_either_middleware(
    settings, desk, organiser, tournament
):
    """The redirect of a write sets the messages cookie; a request between (/healthz) leaves
    it; the page after shows the message and clears the cookie. The times of the answers
    (organiser pages' Expires) and the lengths of pages holding a CSRF token are left out."""

    def answers(middleware: str, player: str) -> list[tuple[int, str, dict[str, str]]]:
        settings.MIDDLEWARE = [
            middleware if name in (OURS, DJANGO) else name for name in settings.MIDDLEWARE
        ]
        client = Client()
        client.cookies["django_language"] = "fr"
        client.force_login(organiser)
        written = client.post("/concours/t/gestion/equipes/", {"player_1": player, "player_2": "Z"})
        shown = client.get("/healthz")
        page = client.get(written["Location"])
        return [
            (
                response.status_code,
                cookie_of(response),
                dict(response.headers) | {"Expires": "", "Content-Length": ""},
            )
            for response in (written, shown, page)
        ] + [(0, "", {"shown": str("Équipe 1 inscrite." in page.content.decode())})]

    ours = answers(OURS, "Noé")
    tournament.teams.all().delete()
    theirs = answers(DJANGO, "Noé")

    assert ours == theirs
    assert [(status, cookie) for status, cookie, _ in ours] == [
        (302, "messages=['Équipe 1 inscrite.']; Path=/; HttpOnly; SameSite=Lax"),
        (200, ""),
        (200, "messages=[]; Path=/; Max-Age=0; SameSite=Lax"),
        (0, ""),
    ]
    assert ours[3][2] == {"shown": "True"}
