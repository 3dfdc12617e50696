"""A mêlée partie drawn and published in the browser (RULES.md §H): 22 players present,
so 5 tables of four and 2 players sitting out; once published, the round desk lists the
5 tables of pairs, and the 2 who sat out."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD, ClubFactory
from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def tournament(organiser) -> Tournament:
    """A mêlée of 22 players, all present, nothing drawn."""
    club = ClubFactory(name="Belote Club de Rodez")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={"name": "Mêlée du jeudi", "date": datetime.date(2026, 12, 3)},
        is_melee=True,
    )
    services.register_melee_players(
        tournament=tournament,
        players=[services.MeleePlayerData(name=f"Joueur {n}") for n in range(1, 23)],
        rng=None,
    )
    return tournament


def test_a_melee_partie_is_drawn_published_and_played_on_five_tables(
    page: Page, live_server, tournament: Tournament
):
    desk = f"{live_server.url}/concours/{tournament.slug}/gestion/"
    page.goto(desk)
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Connexion").click()
    expect(page.get_by_role("link", name="Joueurs", exact=True)).to_be_visible()

    page.get_by_role("button", name="Tirer la partie 1").click()

    expect(page.locator("table.melee-draw tbody tr")).to_have_count(5)
    expect(page.locator("p.sit-out")).to_have_count(2)
    page.get_by_role("button", name="Publier le tirage").click()

    expect(page.get_by_text("Partie 1 publiée : les tables peuvent jouer.")).to_be_visible()
    expect(page.locator("#round-progress table tbody tr")).to_have_count(5)
    expect(page.locator("p.sit-out")).to_have_count(2)
    expect(page.locator("p.sit-out").first).to_have_text(re.compile(r"^Exempt : \d+ – Joueur \d+$"))
