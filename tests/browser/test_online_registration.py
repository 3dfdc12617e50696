"""Online registration from the public page, in two browsers (issue 12, item 4).

Registration is open with one place and room on the waiting list. Two pairs register from
the concours page, each in its own browser (no account): the first gets the place, the
second the waiting list; each keeps the private link its confirmation page gives. The
first cancels through its link, and the second pair's link then says its place is
confirmed. The organiser's page lists both, and checks the second pair in: it becomes
team 1, present.
"""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.factories import PASSWORD, ClubFactory, TournamentFactory
from tournaments import services
from tournaments.models import Registration, Team

NOW = datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tournament(organiser):
    """« Concours de la Sainte-Barbe » (slug barbe), registration open: 1 place, 10 on
    the waiting list, no closing time."""
    club = ClubFactory(name="Belote Club de Millau")
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, slug="barbe", name="Concours de la Sainte-Barbe")
    services.set_registration_settings(
        tournament=tournament, is_open=True, capacity=1, waiting_list=10, closes_at=None, now=NOW
    )
    return tournament


def register(page: Page, url: str, player_1: str, player_2: str) -> str:
    """Register a pair from the concours page; return its private link as the
    confirmation page shows it."""
    page.goto(f"{url}/concours/barbe/")
    page.get_by_label("Joueur 1").fill(player_1)
    page.get_by_label("Joueur 2").fill(player_2)
    page.get_by_label("Club").fill("Belote Club de Millau")
    page.get_by_role("button", name="Inscrire la doublette").click()
    expect(page.get_by_role("heading", name="Inscription enregistrée")).to_be_visible()
    return page.locator("a.private-link").inner_text()


def test_two_pairs_register_the_first_cancels_and_the_second_moves_up(
    browser: Browser, live_server, tournament, screenshot, page: Page
):
    first = browser.new_context(locale="fr-FR").new_page()
    second = browser.new_context(locale="fr-FR").new_page()
    url = live_server.url

    first.goto(f"{url}/concours/barbe/")
    heading_before = first.locator("#inscription h2").inner_text()
    first_link = register(first, url, "Ana Roux", "Bo Vidal")
    first_status = first.locator(".registration-status").inner_text()
    second.goto(f"{url}/concours/barbe/")
    heading_full = second.locator("#inscription h2").inner_text()
    folder = screenshot("start").parent
    second.screenshot(path=folder / "concours-page-full.png", full_page=True)
    second_link = register(second, url, "Cy Marty", "Di Pons")
    second_status = second.locator(".registration-status").inner_text()
    second.screenshot(path=folder / "confirmation-waiting.png", full_page=True)

    first.goto(first_link)
    first.get_by_role("button", name="Annuler l’inscription").click()
    cancelled_status = first.locator(".registration-status").inner_text()
    second.goto(second_link)
    moved_up_status = second.locator(".registration-status").inner_text()

    assert (heading_before, heading_full) == (
        "Inscriptions ouvertes — 1 place restante",
        "Inscriptions ouvertes — complet, 10 places restantes sur la liste d’attente",
    )
    assert re.fullmatch(rf"{re.escape(url)}/inscription/[A-Za-z0-9_-]{{22}}/", first_link)
    assert (first_status, second_status, cancelled_status, moved_up_status) == (
        "Ana Roux / Bo Vidal : inscrits, votre place est confirmée.",
        "Cy Marty / Di Pons : sur la liste d’attente, n° 1. Si une doublette se désiste, "
        "vous montez.",
        "Ana Roux / Bo Vidal : inscription annulée.",
        "Cy Marty / Di Pons : inscrits, votre place est confirmée.",
    )
    assert list(Registration.objects.order_by("position").values_list("player_1", "status")) == [
        ("Ana Roux", "cancelled"),
        ("Cy Marty", "confirmed"),
    ]

    page.goto(f"{url}/comptes/connexion/?next=/concours/barbe/gestion/inscriptions/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    with page.expect_navigation(wait_until="load"):
        page.locator("main").get_by_role("button", name="Connexion").click()
    page.locator("table.registrations-confirmed").get_by_role("button", name="Pointer").click()
    expect(page.locator(".messages")).to_have_text(
        "Cy Marty / Di Pons pointés : équipe 1, présente."
    )
    screenshot("organiser-list")

    team = Team.objects.get()
    assert (team.number, team.players, team.is_checked_in) == (1, "Cy Marty / Di Pons", True)
