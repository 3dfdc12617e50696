"""A download the site makes says it is being prepared (static/js/download.js).

The score sheets' answer is held back by the test (a Playwright route) so that the
waiting link can be read: it says « Préparation du fichier… », is aria-disabled, and a
second click sends no second request. Once the answer is let through, the file is saved
under the server's name and the link reads as before. No Content-Security-Policy
violation is reported meanwhile.
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, Route, expect

from tests.browser.test_content_security_policy import watch_policy
from tests.factories import PASSWORD, ClubFactory
from tests.pdf_reading import page_texts
from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def tournament(organiser) -> Tournament:
    """Round 1 of a four-team concours, drawn and published: two tables."""
    club = ClubFactory(name="Belote Club de Rodez")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Concours des feuilles",
            "date": datetime.date(2026, 11, 28),
            "venue": "Salle des fêtes de Rodez",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 12,
            "number_of_rounds": 2,
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[
            services.TeamData("Hélène Martin", "Paul Durand"),
            services.TeamData("Zoé Müller", "Gaëlle Chénier"),
            services.TeamData("Marc Roux", "Jean Noël"),
            services.TeamData("Léa Petit", "Noé Blanc"),
        ],
        rng=random.Random(7),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_1, now=timezone.now())
    return tournament


def test_a_score_sheets_download_says_it_is_being_prepared(
    page: Page, live_server, tournament: Tournament
):
    watch = watch_policy(page.context)
    desk = f"{live_server.url}/concours/{tournament.slug}/gestion/"
    page.goto(desk)
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Connexion").click()
    page.goto(f"{desk}parties/1/")
    held: list[Route] = []
    page.route("**/parties/1/feuilles.pdf", lambda route: held.append(route))
    link = page.locator('a[href$="/parties/1/feuilles.pdf"]')
    expect(link).to_have_text("Feuilles de marque (PDF)")

    link.click()
    expect(link).to_have_text("Préparation du fichier…")
    expect(link).to_have_attribute("aria-disabled", "true")
    link.click(force=True)  # clicked again while it is prepared: nothing more is asked

    assert len(held) == 1
    with page.expect_download() as download_info:
        held[0].continue_()
    download = download_info.value
    expect(link).to_have_text("Feuilles de marque (PDF)")
    expect(link).not_to_have_attribute("aria-disabled", "true")
    pages = page_texts(Path(download.path()).read_bytes())
    assert (download.suggested_filename, len(pages), len(held)) == (
        "concours-des-feuilles-partie-1-feuilles.pdf",
        2,
        1,
    )
    assert (watch.violations, watch.console) == ([], [])
