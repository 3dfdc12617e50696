"""factory_boy factories: the smallest valid object of each model, no side effects but
one: a deal keeps its match's figures (belotes, capots, coinches made) as the services
keep them, since they are derived from the deals, never given."""

import datetime

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournaments.models import (
    Bye,
    Challenge,
    ChallengeConcours,
    Club,
    Deal,
    Match,
    Player,
    Registration,
    RegistrationSettings,
    Round,
    Team,
    Tournament,
)
from tournaments.services.scores import deals_figures, set_match_figures
from tournaments.standings import MATCH_FIGURES_FIELDS

#: The password of every account the factories make.
PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"organiser{n}")
    password = factory.django.Password(PASSWORD)


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    last_name = factory.Sequence(lambda n: f"Nom {n}")
    first_name = factory.Sequence(lambda n: f"Prénom {n}")


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Concours {n}")
    slug = factory.Sequence(lambda n: f"concours-{n}")
    date = datetime.date(2026, 11, 28)
    venue = "Salle des fêtes"


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.Sequence(lambda n: n + 1)
    player_1 = factory.Sequence(lambda n: f"Joueur {2 * n + 1}")
    player_2 = factory.Sequence(lambda n: f"Joueur {2 * n + 2}")


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = 1
    status = Round.Status.PUBLISHED


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    table_number = factory.Sequence(lambda n: n + 1)
    team_a = factory.SubFactory(TeamFactory, tournament=factory.SelfAttribute("..round.tournament"))
    team_b = factory.SubFactory(TeamFactory, tournament=factory.SelfAttribute("..round.tournament"))


class ByeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Bye

    round = factory.SubFactory(RoundFactory)
    team = factory.SubFactory(TeamFactory, tournament=factory.SelfAttribute("..round.tournament"))


class DealFactory(factory.django.DjangoModelFactory):
    """A raw deal row, inputs only; record deals through services.record_deal to score them."""

    class Meta:
        model = Deal

    match = factory.SubFactory(MatchFactory)
    deal_number = factory.Sequence(lambda n: n + 1)
    taker = "A"
    trump = "H"
    contract_value = 80
    taker_card_points = 100
    defence_card_points = 62
    taker_tricks = 5
    created_at = factory.LazyFunction(timezone.now)
    updated_at = factory.LazyFunction(timezone.now)

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        """Create the deal, then store its match's figures from its deals, as the
        services do when they score them (services.scores.replay_match): the standings
        read them on the match. The totals are the test's to give."""
        deal = super()._create(model_class, *args, **kwargs)
        match = deal.match
        set_match_figures(match, deals_figures(match.deals.all()))
        Match.objects.filter(pk=match.pk).update(
            **{name: getattr(match, name) for name in MATCH_FIGURES_FIELDS}
        )
        return deal


class RegistrationSettingsFactory(factory.django.DjangoModelFactory):
    """Registration open with 2 places and 1 on the waiting list, no closing time."""

    class Meta:
        model = RegistrationSettings

    tournament = factory.SubFactory(TournamentFactory)
    is_open = True
    capacity = 2
    waiting_list = 1


class RegistrationFactory(factory.django.DjangoModelFactory):
    """A confirmed pair, registered online."""

    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player_1 = factory.Sequence(lambda n: f"Inscrit {2 * n + 1}")
    player_2 = factory.Sequence(lambda n: f"Inscrit {2 * n + 2}")
    status = Registration.Status.CONFIRMED
    position = factory.Sequence(lambda n: n + 1)
    created_at = datetime.datetime(2026, 11, 20, 9, 0, tzinfo=datetime.UTC)


class ChallengeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Challenge

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Challenge {n}")
    slug = factory.Sequence(lambda n: f"challenge-{n}")


class ChallengeConcoursFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ChallengeConcours

    challenge = factory.SubFactory(ChallengeFactory)
    tournament = factory.SubFactory(TournamentFactory)
    position = factory.Sequence(lambda n: n + 1)
