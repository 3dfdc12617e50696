"""The table the phone tests play at: round 1 of a two-team ffb-coinche concours of 4 deals
a match, drawn and published through the services, as an organiser would."""

from __future__ import annotations

import datetime
import random

from django.utils import timezone

from tests.factories import ClubFactory
from tournaments import services
from tournaments.models import Match


def published_match(organiser, *, name: str, rng_seed: int = 7) -> Match:
    """Return the one match of round 1 of concours ``name`` (club « Belote Club de Rodez »,
    organised by ``organiser``): Hélène Martin and Paul Durand against Zoé Müller and
    Gaëlle Chénier, 4 deals, ffb-coinche; ``rng_seed`` draws the team numbers."""
    club = ClubFactory(name="Belote Club de Rodez")
    club.organisers.add(organiser)
    tournament = services.create_tournament(
        club=club,
        settings={
            "name": name,
            "date": datetime.date(2026, 12, 1),
            "venue": "Salle des fêtes de Rodez",
            "rules_preset": "ffb-coinche",
            "match_format": "deals",
            "match_format_value": 4,
            "number_of_rounds": 1,
        },
    )
    services.register_teams(
        tournament=tournament,
        teams=[
            services.TeamData("Hélène Martin", "Paul Durand"),
            services.TeamData("Zoé Müller", "Gaëlle Chénier"),
        ],
        rng=random.Random(rng_seed),
    )
    services.check_in_all(tournament=tournament)
    round_1 = services.draw_round(tournament=tournament, seed=2026)
    services.publish_round(round=round_1, now=timezone.now())
    return Match.objects.get()
