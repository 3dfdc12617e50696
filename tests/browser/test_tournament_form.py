"""The new concours form in Chromium: ticking « À la mêlée » takes head-to-head out of the
tie-breaks (RULES.md §H: partners change at every partie), static/js/tournament_form.js;
unticking it offers it again."""

from __future__ import annotations

from playwright.sync_api import Page


def tie_breaks(page: Page) -> list[tuple[str, bool]]:
    """Return each tie-break's value and whether its head-to-head choice can be picked."""
    return page.eval_on_selector_all(
        'select[name^="tie_break_"]',
        """selects => selects.map(select => [
            select.value, !select.querySelector('option[value="head_to_head"]').disabled])""",
    )


def test_ticking_a_la_melee_takes_head_to_head_out_of_the_tie_breaks(
    page: Page, live_server, client, organiser, club, screenshot
):
    client.force_login(organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/organisation/concours/nouveau/")
    offered = tie_breaks(page)

    page.get_by_label("À la mêlée").check()
    melee = tie_breaks(page)
    page.get_by_label("À la mêlée").uncheck()

    screenshot("doublettes-again")
    assert offered == [
        ["matches_won", True],
        ["points_difference", True],
        ["head_to_head", True],
    ]
    assert melee == [["matches_won", False], ["points_difference", False], ["", False]]
    assert tie_breaks(page) == [
        ["matches_won", True],
        ["points_difference", True],
        ["", True],
    ]
