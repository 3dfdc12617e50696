"""The welcome page and the shared layout: French by default, English on request."""

from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.urls import reverse


class PageReader(HTMLParser):
    """Collect the few parts of a page these tests compare: lang, h1, nav user, stylesheets."""

    def __init__(self) -> None:
        super().__init__()
        self.language = ""
        self.heading = ""
        self.signed_in_as = ""
        self.stylesheets: list[str] = []
        self.scripts: list[str] = []
        self.logout_form_method = ""
        self._inside = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.language = attributes["lang"] or ""
        elif tag == "h1" and not self.heading:
            self._inside = "h1"
        elif tag == "li" and attributes.get("class") == "site-nav-user":
            self._inside = "user"
        elif tag == "link" and attributes.get("rel") == "stylesheet":
            self.stylesheets.append(attributes["href"] or "")
        elif tag == "script":
            self.scripts.append(attributes["src"] or "")
        elif tag == "form" and attributes.get("action") == reverse("logout"):
            self.logout_form_method = attributes["method"] or ""

    def handle_endtag(self, tag: str) -> None:
        self._inside = ""

    def handle_data(self, data: str) -> None:
        if self._inside == "h1":
            self.heading += data.strip()
        elif self._inside == "user":
            self.signed_in_as += data.strip()


def read_page(content: bytes) -> PageReader:
    reader = PageReader()
    reader.feed(content.decode())
    return reader


@pytest.mark.django_db
def test_it_renders_the_home_page_in_french_by_default(client):
    response = client.get(reverse("tournaments:home"))

    page = read_page(response.content)
    assert (response.status_code, response["Content-Language"], page.language, page.heading) == (
        200,
        "fr",
        "fr",
        "Bienvenue au Belote Club",
    )


@pytest.mark.django_db
def test_it_renders_the_home_page_in_english_from_the_language_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get(reverse("tournaments:home"))

    page = read_page(response.content)
    assert (response.status_code, response["Content-Language"], page.language, page.heading) == (
        200,
        "en",
        "en",
        "Welcome to Belote Club",
    )


@pytest.mark.django_db
def test_it_follows_the_browser_language(client):
    response = client.get(reverse("tournaments:home"), headers={"accept-language": "en-GB,en"})

    assert (response.status_code, response["Content-Language"]) == (200, "en")


def test_it_serves_the_home_page_at_the_root_without_a_language_prefix():
    assert reverse("tournaments:home") == "/"


@pytest.mark.django_db
def test_it_loads_css_and_htmx_from_local_static_files(client):
    response = client.get(reverse("tournaments:home"))

    page = read_page(response.content)
    assert (page.stylesheets, page.scripts) == (
        ["/static/css/site.css"],
        ["/static/django_htmx/htmx-2.min.js", "/static/js/confirm.js", "/static/js/download.js"],
    )


def test_it_switches_language_with_set_language(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})

    assert (response.status_code, response["Location"]) == (302, "/")
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


def test_it_renders_the_login_page_in_french(client):
    response = client.get(reverse("login"))

    page = read_page(response.content)
    assert (response.status_code, page.heading) == (200, "Connexion")


@pytest.mark.django_db
def test_it_shows_the_signed_in_user_and_a_logout_form_that_posts(admin_client, admin_user):
    response = admin_client.get(reverse("tournaments:home"))

    page = read_page(response.content)
    assert (response.status_code, page.signed_in_as, page.logout_form_method) == (
        200,
        f"Connecté\u00a0: {admin_user.get_username()}",
        "post",
    )


@pytest.mark.django_db
def test_opening_the_logout_address_gives_a_page_not_a_blank_405(admin_client, admin_user):
    response = admin_client.get(reverse("logout"))

    page = read_page(response.content)
    assert (response.status_code, response["Allow"], page.heading, page.signed_in_as) == (
        405,
        "POST, OPTIONS",
        "Utilisez les boutons du site",
        f"Connecté\u00a0: {admin_user.get_username()}",
    )


@pytest.mark.django_db
def test_the_405_page_is_in_english_from_the_language_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get(reverse("logout"))

    assert (response.status_code, read_page(response.content).heading) == (
        405,
        "Use the site's buttons",
    )
