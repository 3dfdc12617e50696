"""The team form's type-ahead in Chromium: typing a name shows the club's players, a click
fills the name, the licence number and the record, and the team is saved linked to it;
with no Content-Security-Policy violation (static/js/player_lookup.js, htmx)."""

from __future__ import annotations

import datetime

from playwright.sync_api import Page, expect

from tests.browser.test_content_security_policy import watch_policy
from tests.factories import PASSWORD, ClubFactory, PlayerFactory, TournamentFactory
from tournaments.models import Team


def test_a_player_picked_from_the_suggestions_is_linked_to_the_team(
    page: Page, live_server, organiser
):
    club = ClubFactory(name="Belote Club de Rodez")
    club.organisers.add(organiser)
    TournamentFactory(club=club, slug="t", date=datetime.date(2026, 11, 28))
    picked = PlayerFactory(club=club, first_name="Jean-Pierre", last_name="Martin", licence="L1")
    PlayerFactory(club=club, first_name="Léa", last_name="Roux")
    watch = watch_policy(page.context)

    page.goto(f"{live_server.url}/concours/t/gestion/equipes/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Connexion").click()
    # htmx (deferred) listens once the page has loaded: what is typed before goes unheard.
    page.wait_for_load_state("load")
    page.locator("#id_player_1").press_sequentially("jp ma")
    suggestion = page.locator("#player_1-suggestions .player-pick")
    expect(suggestion).to_have_text(["Jean-Pierre Martin · L1"])
    suggestion.click()
    expect(page.locator("#id_player_1_licence")).to_have_value("L1")
    page.locator("#id_player_2").fill("Paul Durand")
    page.locator("form.team-form").get_by_role("button", name="Inscrire").click()
    expect(page.locator(".messages .message").first).to_have_text("Équipe 1 inscrite.")

    team = Team.objects.get()
    assert (team.player_1, team.player_1_record, team.player_2_record.full_name) == (
        "Jean-Pierre Martin",
        picked,
        "Paul Durand",
    )
    assert (watch.violations, watch.console) == ([], [])
