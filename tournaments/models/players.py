"""The registry of players a club keeps: one record per person, linked from the teams.

A team keeps the two names printed for its concours (``Team.player_1``/``player_2``); its
``player_1_record``/``player_2_record`` say which registered person each one is, when the
organiser linked them. Merging two records of one person moves every link to the record
kept (services/players.py); the history of a record keeps who created, edited or merged it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.audit import AuditedHistory, CachedHistoricalRecords
from tournaments.models.clubs import Club


class Player(models.Model):
    """A person in the registry of the club that keeps it (``club``).

    ``licence`` is the federation licence number, empty when unknown, and unique within
    the club's registry when set. ``home_club`` is the player's own club as typed (a visitor
    may play for a club this site does not know); empty when it is the keeping club.
    ``last_name`` is never empty; ``first_name`` may be (a player known by one name).
    """

    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        related_name="players",
        verbose_name=_("registry of the club"),
    )
    last_name = models.CharField(_("last name"), max_length=100)
    first_name = models.CharField(_("first name"), max_length=100, blank=True)
    licence = models.CharField(_("licence number"), max_length=30, blank=True)
    home_club = models.CharField(_("home club"), max_length=150, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    history = CachedHistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["club", "last_name", "first_name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "licence"],
                condition=~Q(licence=""),
                name="player_unique_licence_per_club",
            ),
            models.CheckConstraint(condition=~Q(last_name=""), name="player_has_a_last_name"),
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        """Return « first name last name », as printed on a team's line."""
        return f"{self.first_name} {self.last_name}".strip()
