"""Teams (doublettes) registered in a tournament, and a team's data as forms and imports give it."""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.bounds import range_check
from tournaments.models.clubs import Club, Tournament
from tournaments.models.players import Player


class RegisteredTeamManager(models.Manager["Team"]):
    """The teams registered in a concours: the pairs a mêlée draws for one partie
    (:class:`~tournaments.models.MeleePair`) are left out, being no entrants (RULES.md §H)."""

    def get_queryset(self) -> models.QuerySet[Team]:
        # A subquery, not a join: PostgreSQL refuses FOR UPDATE on the nullable side of
        # an outer join, and the services lock teams (select_for_update).
        pairs = apps.get_model("tournaments", "MeleePair").objects.values("team_id")
        return super().get_queryset().exclude(pk__in=pairs)


class EveryTeamManager(models.Manager["Team"]):
    """Every Team row: registered teams and the pairs of each mêlée partie."""


#: The longest team name the form, the team file and a backup take, in characters.
MAX_TEAM_NAME_LENGTH = 100


class Team(models.Model):
    """A doublette: two players registered together under a number.

    In a concours à la mêlée (RULES.md §H) a Team is instead one pair of drawn players
    for one partie, with its :class:`~tournaments.models.MeleePair`, so that matches,
    deals, sheets and phones work as for doublettes. ``Team.objects`` (and a
    tournament's ``teams``) lists registered teams only; ``Team.every_team`` both.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(
        _("team name"),
        max_length=MAX_TEAM_NAME_LENGTH,
        blank=True,
        help_text=_("Optional: the name the team plays under."),
    )
    player_1 = models.CharField(_("player 1"), max_length=100)
    player_2 = models.CharField(_("player 2"), max_length=100)
    # The registered person behind each printed name, when the organiser linked one
    # (models/players.py); the printed names stay as they were for this concours.
    player_1_record = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="teams_as_player_1",
        verbose_name=_("registered player 1"),
    )
    player_2_record = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="teams_as_player_2",
        verbose_name=_("registered player 2"),
    )
    club = models.ForeignKey(
        Club,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="teams",
        verbose_name=_("club"),
    )
    lot = models.PositiveIntegerField(
        _("drawn lot"),
        default=0,
        help_text=_("Recorded random draw, the last tie-break of the standings."),
    )
    is_checked_in = models.BooleanField(_("present"), default=False)
    first_round = models.PositiveSmallIntegerField(
        _("first round"), default=1, help_text=_("A late team joins from this round.")
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"),
        null=True,
        blank=True,
        help_text=_("The team plays no round from this one on; its results stay."),
    )

    objects = RegisteredTeamManager()
    every_team = EveryTeamManager()

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="team_unique_number_per_tournament"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_number_positive"),
            models.CheckConstraint(
                condition=Q(player_1_record__isnull=True)
                | Q(player_2_record__isnull=True)
                | ~Q(player_1_record=F("player_2_record")),
                name="team_two_different_players",
            ),
            range_check("team", "number", name="team_number_max", lower=False),
            range_check("team", "lot", name="team_lot_max", lower=False),
            range_check("team", "first_round", name="team_first_round_range"),
            range_check(
                "team", "withdrawn_from_round", name="team_withdrawn_round_range", nullable=True
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} – {self.label}"

    @property
    def players(self) -> str:
        """Return both player names, as printed on sheets."""
        return f"{self.player_1} / {self.player_2}"

    @property
    def label(self) -> str:
        """Return the team as lists show it: its name, if it has one, then both players
        (« Les As (Anne Roux / Paul Roux) »), else both players."""
        return f"{self.name} ({self.players})" if self.name else self.players

    @property
    def is_withdrawn(self) -> bool:
        """Return True once the team has withdrawn (RULES.md §E: it ranks last)."""
        return self.withdrawn_from_round is not None


@dataclass(frozen=True)
class TeamData:
    """One team as a form or an import gives it; ``number`` None means "next free".

    The names are stored cleaned by :func:`tournaments.text.clean_name` (the forms and
    the import have cleaned them already; cleaning twice changes nothing).

    With ``links_registry``, each player is linked to a record of the registry of the
    tournament's club (services/registration.py): ``player_1_record``/``player_2_record``
    (a Player's id, picked in the form), else the record its licence number or its name
    is known by, else a new record; ``player_1_licence``/``player_2_licence`` are the
    licence numbers typed or imported, "" when none.
    """

    player_1: str
    player_2: str
    club: str = ""
    number: int | None = None
    player_1_record: int | None = None
    player_2_record: int | None = None
    player_1_licence: str = ""
    player_2_licence: str = ""
    links_registry: bool = False
    name: str = ""
