"""The desk's match page and QR page keep the organiser where she was (STYLE.md §9).

In Chromium, on the concours of long names (:mod:`tests.long_names`), on a laptop
(1280 × 800) and a phone (390 × 844):

- a correction the services refuse (round 1 is closed, and a deal corrected to « passe »
  would leave its table unfinished) comes back with its panel open and its error in
  view, not at the top of the page;
- « Renouveler » a team's link comes back to that table's block of the QR page;
- the address under a team's QR code is a link: clicked, it opens the team's table page;
- « Valider la donne n telle quelle » sits on deal n's line of the correction list, and
  says its number.

Screenshots go to ``test-artifacts/<test>/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.long_names import long_names_concours
from tournaments.models import Match, Tournament

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def concours(db, club) -> Tournament:
    return long_names_concours(club=club)


@pytest.fixture
def desk_page(page: Page, live_server, client, organiser) -> Page:
    """``page``, signed in as the organiser."""
    client.force_login(organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return page


def is_in_view(locator: Locator) -> bool:
    """Return True when the whole of ``locator``'s box is inside the window."""
    return locator.evaluate(
        """element => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
        }"""
    )


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_refused_correction_comes_back_with_its_error_in_view(
    desk_page: Page, live_server, concours, screenshot, size
):
    page = desk_page
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/concours/{concours.slug}/parties/1/tables/1/")
    page.locator("#correct-2 summary").click()
    page.locator("#id_correct-2-is_passed").check()
    page.locator("#id_correct-2-reason").fill("Personne n’a pris")

    page.locator("#correct-2-form button[type=submit]").click()

    error = page.locator("#correct-2 .errorlist.nonfield")
    expect(error).to_have_text(
        "La partie 1 est close : cette correction laisserait la table 1 inachevée, et elle "
        "ne compterait plus. Rien n’a été enregistré. Corrigez la donne pour que la table "
        "aille toujours jusqu’au bout, ou rouvrez la partie 1 sur sa page pour que la table "
        "continue à jouer."
    )
    screenshot("refused")
    assert page.url.endswith("/parties/1/tables/1/donnes/2/corriger/#correct-2")
    assert (page.evaluate("window.scrollY > 0"), is_in_view(error)) == (True, True)


def test_the_address_under_a_qr_code_opens_the_teams_table_page(
    desk_page: Page, live_server, concours, screenshot
):
    page = desk_page
    page.goto(f"{live_server.url}/concours/{concours.slug}/gestion/parties/2/qr/")
    link = page.locator("#table-4 .qr-url a").nth(1)
    address = link.inner_text()

    link.click()

    screenshot("table-page")
    team_b = Match.objects.get(round__tournament=concours, round__number=2, table_number=4).team_b
    link_url = team_b.links.get(revoked_at__isnull=True).get_absolute_url()
    assert (address, page.url) == (f"{live_server.url}{link_url}", f"{live_server.url}{link_url}")


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_renewing_a_link_comes_back_to_its_table_on_the_qr_page(
    desk_page: Page, live_server, concours, screenshot, size
):
    page = desk_page
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/concours/{concours.slug}/gestion/parties/2/qr/")
    block = page.locator("#table-4")
    old_pin = block.locator(".qr-pin strong").nth(1).inner_text()

    block.get_by_role("button", name="Renouveler").nth(1).click()

    # One link per team for the concours: the message names the team (table 4's team B).
    team_b = Match.objects.get(round__tournament=concours, round__number=2, table_number=4).team_b
    expect(page.locator(".messages")).to_contain_text(
        f"Nouveau lien pour l’équipe {team_b.number} : imprimez de nouveau sa carte d’équipe."
    )
    screenshot("renewed")
    assert page.url.endswith("/gestion/parties/2/qr/#table-4")
    heading = page.locator("#table-4 h2")
    assert (page.evaluate("window.scrollY > 0"), is_in_view(heading)) == (True, True)
    assert page.locator("#table-4 .qr-pin strong").nth(1).inner_text() != old_pin


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_confirm_button_of_a_waiting_deal_sits_with_that_deal(
    desk_page: Page, live_server, concours, screenshot, size
):
    page = desk_page
    page.set_viewport_size(SIZES[size])

    page.goto(f"{live_server.url}/concours/{concours.slug}/parties/2/tables/2/")

    item = page.locator("#deal-1")
    button = item.locator(".confirm-deal button")
    item.scroll_into_view_if_needed()
    screenshot("correction-list")
    assert (" ".join(item.locator("summary").inner_text().split()), button.inner_text()) == (
        "Donne 1 Contestée",
        "Valider la donne 1 telle quelle",
    )
    summary_box = item.locator("summary").bounding_box()
    button_box = button.bounding_box()
    if size == "laptop":  # On the deal's line, at its right.
        assert (
            button_box["y"] < summary_box["y"] + summary_box["height"],
            button_box["x"] > summary_box["x"] + summary_box["width"] / 2,
        ) == (True, True)
    else:  # Right under the deal's line.
        assert 0 <= button_box["y"] - (summary_box["y"] + summary_box["height"]) < 16
