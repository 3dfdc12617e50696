"""Online registration of a mêlée's players, one by one (issue 13, item 1; RULES.md §H).

A player registers alone from the concours page, in a browser with no account, and keeps
the private link. The organiser, on the players page, finds the player among those
registered online and checks them in: they become player 2 (after the one typed at the
desk), present.
"""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD, ClubFactory, TournamentFactory
from tournaments import services
from tournaments.models import MeleePlayer

NOW = datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC)


@pytest.fixture
def tournament(organiser):
    """« Mêlée de la Sainte-Barbe » (slug barbe), registration open: 8 places; player 1,
    Zoé Puech, typed at the desk."""
    club = ClubFactory(name="Belote Club de Millau")
    club.organisers.add(organiser)
    tournament = TournamentFactory(club=club, slug="barbe", name="Mêlée de la Sainte-Barbe")
    services.mark_melee(tournament=tournament)
    services.register_melee_players(
        tournament=tournament, players=[services.MeleePlayerData("Zoé Puech")], rng=None
    )
    services.set_registration_settings(
        tournament=tournament, is_open=True, capacity=8, waiting_list=0, closes_at=None, now=NOW
    )
    return tournament


def test_a_player_registers_alone_and_the_organiser_checks_them_in(
    browser, live_server, tournament, screenshot, page: Page
):
    visitor = browser.new_context(locale="fr-FR").new_page()
    url = live_server.url

    visitor.goto(f"{url}/concours/barbe/")
    visitor.get_by_label("Joueur").fill("Ana Roux")
    visitor.get_by_label("Club").fill("Belote Club de Millau")
    visitor.get_by_role("button", name="Inscrire le joueur").click()
    expect(visitor.get_by_role("heading", name="Inscription enregistrée")).to_be_visible()
    status = visitor.locator(".registration-status").inner_text()

    page.goto(f"{url}/comptes/connexion/?next=/concours/barbe/gestion/joueurs/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    with page.expect_navigation(wait_until="load"):
        page.locator("main").get_by_role("button", name="Connexion").click()
    screenshot("players-to-check-in")
    page.locator("table.melee-registrations").get_by_role("button", name="Pointer").click()
    expect(page.locator(".messages")).to_have_text("Ana Roux pointé : joueur 2, présent.")
    screenshot("players-checked-in")

    assert status == "Ana Roux : inscrit, votre place est confirmée."
    assert list(
        MeleePlayer.objects.order_by("number").values_list(
            "number", "name", "club__name", "is_checked_in"
        )
    ) == [(1, "Zoé Puech", None, True), (2, "Ana Roux", "Belote Club de Millau", True)]
    expect(page.locator("table.melee-registrations")).to_have_count(0)
