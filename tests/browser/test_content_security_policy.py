"""No Content-Security-Policy violation in Chromium while the site is clicked through.

The policy (belote_club/settings.py) allows nothing inline; tests/test_content_security_policy.py
reads every page's HTML for inline code. Here Chromium itself says what it refused: each
page reports its ``securitypolicyviolation`` events to the test (an exposed binding), and
the console is read for Chromium's "Content Security Policy" messages. Two phones enter
and confirm a deal (htmx previews and swaps), and the organiser logs in, opens the desk,
waits for the round's progress to refresh, stops a table (confirm.js), switches language
and watches the projector change slide. A first test shows that the watch does see a
violation.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.factories import PASSWORD, ClubFactory
from tournaments import selectors, services
from tournaments.models import Match

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
}
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportCspViolation(event.violatedDirective, event.blockedURI);
}, true);
"""


@dataclass
class Watch:
    """What Chromium refused in one browser context: (page URL, directive, what was
    blocked) for each violation event, and each console message about the policy."""

    violations: list[tuple[str, str, str]] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


def watch_policy(context: BrowserContext) -> Watch:
    """Start recording every page of ``context``'s policy violations and console messages."""
    watch = Watch()

    def report(source: dict, directive: str, blocked: str) -> None:
        watch.violations.append((source["frame"].url, directive, blocked))

    def on_console(message) -> None:
        if "Content Security Policy" in message.text:
            watch.console.append(message.text)

    context.expose_binding("reportCspViolation", report)
    context.add_init_script(REPORT_VIOLATIONS)
    context.on("console", on_console)
    return watch


@pytest.fixture
def match(organiser) -> Match:
    """Round 1 of a two-team ffb-coinche concours of 12 deals, drawn and published."""
    club = ClubFactory(name="Belote Club de Rodez")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Concours sans script en ligne",
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
        ],
        rng=random.Random(7),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_1, now=timezone.now())
    return Match.objects.select_related("round__tournament").get()


def test_the_watch_sees_an_inline_style_refused(page: Page, live_server, db):
    watch = watch_policy(page.context)
    page.goto(live_server.url + "/")

    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color: red\">x</p>')")
    page.wait_for_function("() => document.querySelector('p[style]') !== null")
    page.reload()

    assert (watch.violations, len(watch.console)) == (
        [(live_server.url + "/", "style-src-attr", "inline")],
        1,
    )


def test_two_phones_enter_and_confirm_a_deal_with_no_violation(
    browser: Browser, live_server, match: Match
):
    links = selectors.match_links(match=match)
    phone_a = browser.new_context(**PHONE)
    phone_b = browser.new_context(**PHONE)
    watches = [watch_policy(phone_a), watch_policy(phone_b)]
    page_a, page_b = phone_a.new_page(), phone_b.new_page()

    page_a.goto(live_server.url + links["A"].link.get_absolute_url())
    form = page_a.locator("form#deal-form")
    for name, value in (("taker", "A"), ("trump", "H"), ("coinche", "none"), ("taker_tricks", 5)):
        form.locator(f'input[name="{name}"][value="{value}"] + label').tap()
    form.get_by_label("Contrat").fill("90")
    form.get_by_label("Points du preneur").fill("104")
    expect(page_a.locator("#defence-points")).to_have_text("Défense : 58 points.")
    # A screenshot, as the other browser tests take: hiding the caret leaves style="" on
    # every input, which htmx's settle would copy with setAttribute after the save.
    page_a.locator("#saisie").screenshot()
    form.get_by_role("button", name="Enregistrer la donne").tap()
    expect(page_a.locator("p.notice").first).to_have_text(
        "Donne 1 enregistrée : les adversaires la confirment sur leur téléphone."
    )
    page_b.goto(live_server.url + links["B"].link.get_absolute_url())
    page_b.locator("details.dispute summary").tap()
    expect(page_b.locator("details.dispute")).to_have_attribute("open", "")
    page_b.get_by_role("button", name="Confirmer", exact=True).tap()
    expect(page_b.locator("p.notice").first).to_have_text("Donne 1 confirmée.")
    page_a.reload()
    expect(page_a.locator(".deal-item .deal-status")).to_have_text(["Confirmée"])
    phone_a.close()
    phone_b.close()

    assert [(watch.violations, watch.console) for watch in watches] == [([], []), ([], [])]


def test_the_organisers_desk_and_the_projector_run_with_no_violation(
    page: Page, live_server, match: Match
):
    watch = watch_policy(page.context)
    slug = match.round.tournament.slug
    page.on("dialog", lambda dialog: dialog.accept())

    page.goto(f"{live_server.url}/concours/{slug}/gestion/")
    page.get_by_label("Nom d’utilisateur").fill("marie")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Connexion").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Concours sans script en ligne")
    page.goto(f"{live_server.url}/concours/{slug}/gestion/parties/1/")
    with page.expect_response(lambda response: "/avancement/" in response.url, timeout=20_000):
        pass
    page.get_by_role("button", name="Arrêter au temps").first.click()
    expect(page.locator(".messages .message")).to_have_text(["Table 1 arrêtée au temps."])
    page.get_by_role("button", name="Clore la partie").click()
    expect(page.locator(".messages .message").last).to_have_text("Partie 1 close.")
    page.goto(f"{live_server.url}/concours/{slug}/gestion/parties/1/qr/")
    page.goto(f"{live_server.url}/concours/{slug}/gestion/equipes/")
    page.locator(".language-switcher").get_by_role("button", name="EN").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(f"{live_server.url}/ecran/{match.round.tournament.projector_token}/")
    with page.expect_response(lambda response: "/diapo/" in response.url, timeout=20_000):
        pass
    page.goto(f"{live_server.url}/admin/login/")

    assert (watch.violations, watch.console) == ([], [])
