"""Rounds (parties), the byes of a round, and its matches: two teams at one table.

Match totals are stored, so standings and exports never re-score history.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models.audit import AuditedHistory
from tournaments.models.choices import MatchResult, ResultsMode
from tournaments.models.clubs import Tournament
from tournaments.models.teams import Team


class Round(models.Model):
    """One round (partie) of a tournament: every match played at the same time."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.DRAFT)
    seed = models.BigIntegerField(
        _("draw seed"), null=True, blank=True, help_text=_("Integer the random draw came from.")
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_unique_number_per_tournament"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {_('round')} {self.number}"

    def get_absolute_url(self) -> str:
        return reverse(
            "tournaments:round-detail",
            kwargs={"slug": self.tournament.slug, "number": self.number},
        )


class Bye(models.Model):
    """A team exempt in a round: no opponent, credited as the tournament says (RULES.md §E)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="byes", verbose_name=_("team")
    )

    class Meta:
        ordering = ["round", "team__number"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="bye_unique_team_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.team}"


class Match(models.Model):
    """Two teams at one table in a round, with the totals the engine gave for its deals."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="matches", verbose_name=_("round")
    )
    table_number = models.PositiveSmallIntegerField(_("table"))
    team_a = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="matches_as_a", verbose_name=_("team A")
    )
    team_b = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="matches_as_b", verbose_name=_("team B")
    )
    total_a = models.IntegerField(_("total A"), default=0)
    total_b = models.IntegerField(_("total B"), default=0)
    reserve = models.PositiveIntegerField(_("litige reserve"), default=0)
    deals_played = models.PositiveSmallIntegerField(_("deals played"), default=0)
    is_finished = models.BooleanField(_("finished"), default=False)
    result = models.CharField(_("result"), max_length=5, choices=MatchResult, blank=True)
    stopped_for_time_at = models.DateTimeField(_("stopped for time at"), null=True, blank=True)
    locked_at = models.DateTimeField(
        _("locked at"),
        null=True,
        blank=True,
        help_text=_("Set once the match is confirmed: the table can no longer change it."),
    )
    results_mode = models.CharField(
        _("results entry"),
        max_length=10,
        choices=ResultsMode,
        blank=True,
        help_text=_("Empty: as the tournament says. Set when the organiser switches the table."),
    )
    is_rematch = models.BooleanField(_("rematch"), default=False)
    pairing_reason = models.CharField(_("why this pairing"), max_length=20, blank=True)
    pairing_detail = models.JSONField(_("pairing detail"), default=dict, blank=True)
    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["round", "table_number"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table_number"], name="match_unique_table_per_round"
            ),
            models.CheckConstraint(condition=Q(table_number__gte=1), name="match_table_positive"),
            models.CheckConstraint(
                condition=~Q(team_a=models.F("team_b")), name="match_distinct_teams"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {_('table')} {self.table_number}"

    def get_absolute_url(self) -> str:
        return reverse(
            "tournaments:match-detail",
            kwargs={
                "slug": self.round.tournament.slug,
                "number": self.round.number,
                "table": self.table_number,
            },
        )

    @property
    def is_complete(self) -> bool:
        """Return True once the format is reached or the organiser closed it for time."""
        return self.is_finished or self.stopped_for_time_at is not None

    @property
    def is_paper(self) -> bool:
        """Return True when the desk types this table's paper sheet: the match's own mode
        if the organiser switched it, else its tournament's (join ``round__tournament``)."""
        mode = self.results_mode or self.round.tournament.results_mode
        return mode == ResultsMode.PAPER
