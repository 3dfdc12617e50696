"""Teams (doublettes) registered in a tournament, and a team's data as forms and imports give it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.bounds import range_check
from tournaments.models.clubs import Club, Tournament

#: The longest team name the form, the team file and a backup take, in characters.
MAX_TEAM_NAME_LENGTH = 100


class Team(models.Model):
    """A doublette: two players registered together under a number."""

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

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="team_unique_number_per_tournament"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_number_positive"),
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
    """

    player_1: str
    player_2: str
    club: str = ""
    number: int | None = None
    name: str = ""
