"""One team's link, followed on its phone from round 1 to round 3 (issue 11, items 1–2).

Chromium at a phone's size (390 × 844, touch), two browser contexts = two phones: team
1's and its opponents'. A four-team concours of three rounds, one deal a match, set up
and moved on through the services (the desk's part is tested elsewhere). Team 1's phone
keeps the one address of its team card: after each draw, reloaded, it says where the
team plays now; between two rounds it waits for the draw and shows its rank.

The team's own code is not on its screen: the opponents' phone shows no code until its
button is tapped, and hides it again a few seconds later (static/js/team_code.js), so
nobody confirms their own deals by reading the other phone. In round 1 the opponents
confirm on their own phone (one tap); in round 3 they type their own code, from their
team card (the database here), on team 1's phone.
"""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.db.models import Q
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

import scoring
from tests.browser.test_table_phones import (
    ARTIFACTS_DIR,
    PHONE,
    TableDeal,
    enter_deal,
    is_table_post,
    watch_for_problems,
)
from tests.factories import ClubFactory
from tournaments import selectors, services
from tournaments.models import DealEntry, Match, Round, TeamLink, Tournament

#: Team 1's deal at each of its tables: 90 ♥ made by the taker (team A's side).
MADE_90 = TableDeal("A", "H", 90, 5, 104)
#: The same deal, for the desk to record at the other tables.
ENGINE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)


@pytest.fixture
def tournament(organiser) -> Tournament:
    """A four-team ffb-coinche concours of three rounds of one deal, round 1 published."""
    club = ClubFactory(name="Belote Club de Millau")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Concours des trois parties",
            "date": datetime.date(2026, 11, 28),
            "venue": "Salle des fêtes",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 1,
            "number_of_rounds": 3,
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[
            services.TeamData("Hélène Martin", "Paul Durand"),
            services.TeamData("Zoé Müller", "Gaëlle Chénier"),
            services.TeamData("Ana Costa", "Luc Petit"),
            services.TeamData("Marc Roux", "Jean Blanc"),
        ],
        rng=random.Random(7),
    )
    services.check_in_all(tournament=tournament)
    services.publish_round(
        round=services.draw_round(tournament=tournament, seed=2026), now=timezone.now()
    )
    return tournament


def team_1_match(tournament: Tournament, number: int) -> Match:
    """Return team 1's match of round ``number``, its round and teams joined."""
    team = tournament.teams.get(number=1)
    return (
        Match.objects.select_related("round", "team_a", "team_b")
        .filter(round__tournament=tournament, round__number=number)
        .get(Q(team_a=team) | Q(team_b=team))
    )


def where_now(match: Match) -> str:
    opponent = match.team_b if match.team_a.number == 1 else match.team_a
    return (
        f"Partie {match.round.number} : table {match.table_number} contre "
        f"l’équipe {opponent.number}"
    )


def finish_round(
    tournament: Tournament, number: int, *, then_draw: bool, team_1_too: bool = False
) -> None:
    """Record the deal of every other table (and team 1's when ``team_1_too``) from the
    desk, close round ``number``, and draw and publish the next one when ``then_draw``."""
    round_ = Round.objects.get(tournament=tournament, number=number)
    matches = round_.matches.all()
    if not team_1_too:
        matches = matches.exclude(pk=team_1_match(tournament, number).pk)
    for match in matches:
        services.record_deal(
            match=match,
            entry=DealEntry("A", ENGINE_90),
            now=timezone.now(),
            author=services.Author(user=None),
        )
    services.close_round(round=round_, now=timezone.now())
    if then_draw:
        services.publish_round(round=services.draw_round(tournament=tournament), now=timezone.now())


def photograph(phone: Page, name: str) -> None:
    """Save the whole phone page as ``test-artifacts/team-link-rounds/<name>.png``."""
    folder = ARTIFACTS_DIR / "team-link-rounds"
    folder.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=folder / f"{name}.png", full_page=True)


def heading(phone: Page):
    return phone.get_by_role("heading", level=1)


def test_a_team_follows_its_one_link_from_round_1_to_round_3(
    browser: Browser, live_server, tournament: Tournament
):
    url = live_server.url
    team_1 = tournament.teams.get(number=1)
    link_1 = TeamLink.objects.get(team=team_1, revoked_at__isnull=True)
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    problems = [watch_for_problems(context) for context in contexts]
    phone_1, phone_2 = (context.new_page() for context in contexts)

    # Round 1: team 1's phone says where it plays; it takes team A's side or team B's.
    first = team_1_match(tournament, 1)
    opponents = first.team_b if first.team_a == team_1 else first.team_a
    link_2 = TeamLink.objects.get(team=opponents, revoked_at__isnull=True)
    phone_1.goto(url + link_1.get_absolute_url())
    expect(heading(phone_1)).to_have_text(where_now(first))
    phone_2.goto(url + link_2.get_absolute_url())
    expect(heading(phone_2)).to_have_text(
        where_now(first).replace(f"l’équipe {opponents.number}", f"l’équipe {team_1.number}")
    )

    # Neither phone shows its code: only its button, and no code is in the visible text.
    for phone, link in ((phone_1, link_1), (phone_2, link_2)):
        expect(phone.locator("#team-code strong.pin")).to_be_hidden()
        assert link.pin not in phone.locator("body").inner_text()
    photograph(phone_2, "1-round-1-code-hidden")
    # Tapped, the opponents' code shows, then hides itself again after a few seconds.
    phone_2.get_by_text("Afficher le code de mon équipe").tap()
    expect(phone_2.locator("#team-code strong.pin")).to_have_text(link_2.pin)
    photograph(phone_2, "2-round-1-code-shown")
    expect(phone_2.locator("#team-code strong.pin")).to_be_hidden(timeout=9000)
    assert link_2.pin not in phone_2.locator("body").inner_text()

    # Team 1 records the deal (as its side's taker); the opponents confirm it in one tap.
    deal = MADE_90 if first.team_a == team_1 else TableDeal("B", "H", 90, 5, 104)
    enter_deal(phone_1, 1, deal)
    phone_2.reload()
    with phone_2.expect_response(is_table_post("/donnes/1/confirmer/")) as answer:
        phone_2.locator("#deal-1").get_by_role("button", name="Confirmer").tap()
    assert answer.value.status == 200
    expect(phone_2.locator("p.notice").first).to_have_text("Donne 1 confirmée.")

    # Round 1 closed, round 2 not drawn yet: the same address waits for the draw.
    finish_round(tournament, 1, then_draw=False)
    phone_1.reload()
    expect(heading(phone_1)).to_have_text("Partie 2 : en attente du tirage")
    photograph(phone_1, "3-waiting-for-round-2")
    rank = selectors.team_situation(link=link_1).standing
    assert rank is not None
    expect(phone_1.locator("#team-rank")).to_have_text(
        f"Classement actuel : {rank.row.rank} sur 4 ({rank.row.points} "
        f"{'point' if rank.row.points <= 1 else 'points'})"
    )

    # Round 2 drawn and published: the page says where team 1 plays now.
    services.publish_round(round=services.draw_round(tournament=tournament), now=timezone.now())
    phone_1.reload()
    second = team_1_match(tournament, 2)
    expect(heading(phone_1)).to_have_text(where_now(second))
    expect(phone_1.locator("form#deal-form")).to_have_count(1)

    # Round 2 played and closed from the desk, round 3 published: the page follows.
    finish_round(tournament, 2, then_draw=True, team_1_too=True)
    phone_1.reload()
    third = team_1_match(tournament, 3)
    expect(heading(phone_1)).to_have_text(where_now(third))

    # Round 3: the opponents type their own code, from their team card, on team 1's phone.
    opponents_3 = third.team_b if third.team_a == team_1 else third.team_a
    card_code = TeamLink.objects.get(team=opponents_3, revoked_at__isnull=True).pin
    enter_deal(phone_1, 1, MADE_90 if third.team_a == team_1 else TableDeal("B", "H", 90, 5, 104))
    phone_1.get_by_label(re.compile("les adversaires tapent leur propre code")).fill(card_code)
    with phone_1.expect_response(is_table_post("/code/")) as answer:
        phone_1.locator("form.pin-form").get_by_role("button", name="Confirmer").tap()
    assert answer.value.status == 200
    expect(phone_1.locator("p.notice").first).to_have_text("1 donne confirmée.")
    photograph(phone_1, "4-round-3-confirmed-by-code")

    # After the last round, the same address gives the final rank: never a dead end.
    finish_round(tournament, 3, then_draw=False)
    phone_1.reload()
    expect(heading(phone_1)).to_have_text("Le concours est terminé")
    photograph(phone_1, "5-over")
    final = selectors.team_situation(link=link_1).standing
    assert final is not None
    expect(phone_1.locator("#team-rank")).to_have_text(
        f"Classement final : {final.row.rank} sur 4 ({final.row.points} "
        f"{'point' if final.row.points <= 1 else 'points'})"
    )
    for context in contexts:
        context.close()
    assert problems == [[], []]
