"""A concours of long names, in its second round: for the layout of the desk's pages.

:func:`long_names_concours` builds, through the services, an ``ffb-coinche`` concours of
8 teams whose players and clubs have the longest names a club sees, 2 deals a match,
confirmed by the opponents. Round 1 is played and closed; round 2 is published, its
table 1 has a deal waiting for the opponents (pending), its table 2 a disputed one, and
the other tables have not started. The browser tests of the standings and the round
page measure these pages with it; :func:`long_names_melee`, a mêlée of the same players,
its players list and the desk's paper grid.
"""

from __future__ import annotations

import datetime
import random

from django.utils import timezone

import scoring
from tournaments import selectors, services
from tournaments.models import Club, DealEntry, DealStatus, Match, Tournament

#: Eight teams: two players each (up to 100 characters a name is allowed) and a club.
TEAMS = [
    (
        "Marie-Christine de La Rochefoucauld-Montbazon",
        "Jean-Baptiste Vandenbroucke-Castelnau",
        "Amicale bouliste et beloteuse de Saint-Rémy-de-Provence",
    ),
    (
        "Anne-Sophie Delacroix-Beauharnais",
        "Pierre-Emmanuel Fontaine-Duverger",
        "Foyer rural des Hautes-Corbières et du Fenouillèdes",
    ),
    (
        "Bernadette Castellane-Montmorency",
        "Jean-Christophe Vaillancourt-Lagrange",
        "Club de coinche du Vieux-Boucau-les-Bains",
    ),
    (
        "Marguerite-Élisabeth Saint-Exupéry",
        "François-Xavier Beaumarchais-Sauvigny",
        "Amicale bouliste et beloteuse de Saint-Rémy-de-Provence",
    ),
    (
        "Geneviève Chateaubriand-Villeneuve",
        "Louis-Ferdinand Montgolfier-Dubreuil",
        "Foyer rural des Hautes-Corbières et du Fenouillèdes",
    ),
    (
        "Anne-Charlotte Lamartine-Desrosiers",
        "Charles-Henri Mirabeau-Valbonnais",
        "",
    ),
    (
        "Jacqueline Talleyrand-Périgord",
        "Guillaume-Alexandre Bonnefoy-Lacoste",
        "Club de coinche du Vieux-Boucau-les-Bains",
    ),
    (
        "Marie-Thérèse Villiers-Montcalm",
        "Paul-Antoine Desmoulins-Roquefeuil",
        "Cercle des joueurs de cartes de Castelnaudary",
    ),
]

#: 104 + 58: 90 made at hearts (RULES.md §B1).
MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
#: 81 < 110: a chute.
CHUTE_110 = scoring.Deal(
    trump="D", contract=110, taker_card_points=81, defence_card_points=81, taker_tricks=4
)


def long_names_concours(*, club: Club) -> Tournament:
    """Return the concours of :data:`TEAMS` of ``club``, round 1 closed, round 2 playing.

    Round 2's table 1 has deal 1 entered by team A and waiting for team B; table 2 has
    deal 1 entered by team A and disputed by team B; tables 3 and 4 have no deal yet.
    """
    now = timezone.now()
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Grand concours de coinche des amicales réunies de la Saint-Sylvestre",
            "date": datetime.date(2026, 12, 31),
            "venue": "Salle polyvalente de Saint-Rémy-de-Provence",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 2,
            "number_of_rounds": 3,
            "confirmation_mode": "confirm",
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[services.TeamData(*team) for team in TEAMS],
        rng=random.Random(7),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_1, now=now)
    for match in Match.objects.filter(round=round_1).order_by("table_number"):
        taker = "A" if match.table_number % 2 else "B"
        services.record_deal(match=match, entry=DealEntry(taker, MADE_90), now=now)
        services.record_deal(match=match, entry=DealEntry(taker, CHUTE_110), now=now)
    services.close_round(round=round_1, now=now)
    round_2 = services.draw_round(tournament=tournament)
    services.publish_round(round=round_2, now=now)
    table_1, table_2 = Match.objects.filter(round=round_2).order_by("table_number")[:2]
    author = services.Author(side="A")
    for match in (table_1, table_2):
        services.record_deal(
            match=match,
            entry=DealEntry("A", MADE_90),
            now=now,
            author=author,
            status=DealStatus.PENDING,
        )
    services.dispute_deal(
        seat=selectors.match_links(match=table_2)["B"],
        deal_number=1,
        note="Nous avions 4 plis, pas 5.",
        now=now,
    )
    return tournament


def long_names_melee(*, club: Club) -> Tournament:
    """Return a mêlée (RULES.md §H) of the 16 players of :data:`TEAMS`, each with their
    club, its sheets on paper (the desk types them on its grid): partie 1 drawn and
    published, no deal typed yet."""
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": "Grande mêlée de coinche des amicales réunies de la Saint-Sylvestre",
            "date": datetime.date(2026, 12, 31),
            "venue": "Salle polyvalente de Saint-Rémy-de-Provence",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 12,
            "number_of_rounds": 3,
            "results_mode": "paper",
        },
        is_melee=True,
    )
    services.register_melee_players(
        tournament=tournament,
        players=[
            services.MeleePlayerData(name=name, club=player_club)
            for first, second, player_club in TEAMS
            for name in (first, second)
        ],
        rng=random.Random(7),
    )
    round_1 = services.draw_melee_partie(tournament=tournament, seed=2026)
    services.publish_draft(round=round_1, now=timezone.now())
    return tournament
