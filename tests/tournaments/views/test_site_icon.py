"""The site's icon: every full page names it, so no browser asks for a missing /favicon.ico."""

import pytest

from tests.factories import TournamentFactory

ICON = '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'


@pytest.mark.django_db
def test_the_home_page_and_the_projector_name_the_site_icon(client):
    tournament = TournamentFactory()

    pages = [client.get("/"), client.get(f"/ecran/{tournament.projector_token}/")]

    assert [(page.status_code, page.content.decode().count(ICON)) for page in pages] == [
        (200, 1),
        (200, 1),
    ]
