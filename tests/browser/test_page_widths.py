"""The standings and the round page fit a phone (390 px) and a laptop (1280 px).

Measured in Chromium on a concours of the longest names a club sees
(:mod:`tests.long_names`): the page never scrolls sideways (the document's
``scrollWidth`` is the window's width), and no table is wider than the box it sits in,
so nothing is cut off behind a scroll bar either. The standings show a phone the rank,
the team and its points, a laptop every column but the four figures of the widest
screens, and « Afficher toutes les colonnes » shows a phone the others. Screenshots go
to ``test-artifacts/<test>/``.

A mêlée of long names (:func:`tests.long_names.long_names_melee`) too: its players list
fits a phone, each player a card; the desk's grid of a table on paper, wider than a
phone, scrolls in its own box and the page does not.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.long_names import long_names_concours, long_names_melee
from tournaments.models import Tournament

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

#: The standings' headings, all of them, in order (French).
EVERY_HEADING = [
    "Rang",
    "Équipe",
    "Joueurs",
    "Club",
    "Points",
    "Gagnées",
    "Nulles",
    "Contre",
    "Différence",
    "Confrontation",
    "Exempt",
    "Meilleure partie",
    "Belotes",
    "Capots",
    "Coinches réussies",
]


@pytest.fixture
def concours(db, club) -> Tournament:
    return long_names_concours(club=club)


def sign_in(page: Page, client, organiser, live_server) -> None:
    client.force_login(organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def page_width(page: Page) -> int:
    """Return how wide the page is drawn (the document's scrollWidth), in CSS pixels."""
    return page.evaluate("document.documentElement.scrollWidth")


def overflowing_tables(page: Page) -> list[str]:
    """Return the class of each table wider than the box that holds it (its scroll box)."""
    return page.evaluate(
        """[...document.querySelectorAll('main table')]
            .filter(table => table.getBoundingClientRect().width
                             > table.closest('.table-scroll, main').clientWidth + 0.5)
            .map(table => table.className)"""
    )


def shown_headings(page: Page, table: str) -> list[str]:
    return page.eval_on_selector_all(
        f"table.{table} thead th",
        "cells => cells.filter(cell => cell.offsetParent !== null).map(cell => cell.innerText)",
    )


@pytest.mark.parametrize("signed_in", [False, True], ids=["public", "organiser"])
def test_the_standings_show_a_phone_rank_team_and_points_and_the_rest_on_a_tap(
    page: Page, live_server, client, organiser, concours, screenshot, signed_in
):
    if signed_in:
        sign_in(page, client, organiser, live_server)
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/concours/{concours.slug}/")

    screenshot("phone")
    assert (page_width(page), overflowing_tables(page)) == (390, [])
    assert shown_headings(page, "standings") == ["Rang", "Équipe", "Joueurs", "Points"]
    page.get_by_label("Afficher toutes les colonnes").check()
    assert shown_headings(page, "standings") == EVERY_HEADING
    assert page_width(page) == 390  # The table scrolls in its box, the page does not.
    screenshot("phone-every-column")


@pytest.mark.parametrize("signed_in", [False, True], ids=["public", "organiser"])
def test_the_standings_fit_a_laptop_without_the_lot(
    page: Page, live_server, client, organiser, concours, screenshot, signed_in
):
    if signed_in:
        sign_in(page, client, organiser, live_server)
    page.set_viewport_size(LAPTOP)

    page.goto(f"{live_server.url}/concours/{concours.slug}/")

    screenshot("laptop")
    assert (page_width(page), overflowing_tables(page)) == (1280, [])
    assert shown_headings(page, "standings") == EVERY_HEADING[:11]


def test_the_round_page_shows_every_column_on_a_laptop_and_marks_waiting_tables(
    page: Page, live_server, client, organiser, concours, screenshot
):
    sign_in(page, client, organiser, live_server)
    page.set_viewport_size(LAPTOP)

    page.goto(f"{live_server.url}/concours/{concours.slug}/gestion/parties/2/")

    screenshot("laptop")
    assert (page_width(page), overflowing_tables(page)) == (1280, [])
    assert shown_headings(page, "progress")[-2:] == ["Avancement", "Saisie"]
    rows = page.locator("table.progress tbody tr")
    backgrounds = [
        rows.nth(index)
        .locator("td")
        .first.evaluate("cell => getComputedStyle(cell).backgroundColor")
        for index in range(4)
    ]
    flagged = backgrounds[0]
    assert backgrounds == [flagged, flagged, "rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]
    assert [rows.nth(index).locator(".flag").all_inner_texts() for index in range(4)] == [
        ["en cours"],
        ["Contestée"],
        [],
        [],
    ]


def test_the_round_page_does_not_widen_a_phone(
    page: Page, live_server, client, organiser, concours, screenshot
):
    sign_in(page, client, organiser, live_server)
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/concours/{concours.slug}/gestion/parties/2/")

    screenshot("phone")
    assert page_width(page) == 390  # The progress table scrolls in its own box.


def test_the_public_round_page_fits_both_teams_and_totals_on_a_phone(
    page: Page, live_server, concours, screenshot
):
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/concours/{concours.slug}/parties/2/")

    screenshot("phone")
    # Both teams and both totals in the box, nothing behind a sideways scroll (QA: the
    # table was 503 px in a 358 px box, « Équipe B » and « Total B » cut off).
    assert (page_width(page), overflowing_tables(page)) == (390, [])
    assert shown_headings(page, "matches") == [
        "Table",
        "Équipe A",
        "Total A",
        "Total B",
        "Équipe B",
    ]


def test_the_desk_page_wraps_the_projectors_address_on_a_phone(
    page: Page, live_server, client, organiser, concours, screenshot
):
    sign_in(page, client, organiser, live_server)
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/concours/{concours.slug}/gestion/")

    screenshot("phone")
    address = page.locator("p.projector-url a")
    box = address.evaluate("link => link.getBoundingClientRect().right")
    assert (page_width(page), box <= 390) == (390, True)
    assert address.inner_text().replace("\n", "") == (
        f"{live_server.url}/ecran/{concours.projector_token}/"
    )


@pytest.fixture
def melee(db, club) -> Tournament:
    return long_names_melee(club=club)


def test_a_melee_s_players_list_fits_a_phone(
    page: Page, live_server, client, organiser, melee, screenshot
):
    sign_in(page, client, organiser, live_server)
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/concours/{melee.slug}/gestion/joueurs/")

    screenshot("phone")
    assert (page_width(page), overflowing_tables(page)) == (390, [])
    first = page.locator("table.melee-players tbody tr").first
    # One card: the number, then the name, club, present, withdrawn, one line each
    # (« Présent : », « Forfait : » are drawn before theirs, out of innerText).
    assert first.inner_text().split("\n") == [
        "1",
        "Marie-Christine de La Rochefoucauld-Montbazon",
        "Amicale bouliste et beloteuse de Saint-Rémy-de-Provence",
        "oui",
        "non",
        "Modifier",
        "Marquer absent",
        "Retirer",
    ]


def test_the_paper_grid_of_a_melee_table_scrolls_in_its_box_not_the_page(
    page: Page, live_server, client, organiser, melee, screenshot
):
    sign_in(page, client, organiser, live_server)
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/concours/{melee.slug}/gestion/parties/1/tables/1/feuille/")

    screenshot("phone")
    box = page.locator(".sheet-scroll").evaluate(
        "box => [box.clientWidth, box.scrollWidth > box.clientWidth]"
    )
    assert (page_width(page), box) == (390, [358, True])
