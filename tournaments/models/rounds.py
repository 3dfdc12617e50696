"""Rounds (parties), the byes of a round, and its matches: two teams at one table.

Match totals are stored, so standings and exports never re-score history. A match is
recorded by its deals, or by its two totals as a paper sheet gives them (RULES.md §G).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.models.audit import AuditedHistory, CachedHistoricalRecords
from tournaments.models.bounds import range_check, ranges_check
from tournaments.models.choices import MatchResult, ResultsMode
from tournaments.models.clubs import Tournament
from tournaments.models.compiled_saves import CompiledSaves
from tournaments.models.teams import Team
from tournaments.standings import MATCH_FIGURES_FIELDS


class Round(models.Model):
    """One round (partie) of a tournament: every match played at the same time.

    Its history keeps who closed or reopened it, when, and the reason given for reopening
    (:class:`tournaments.models.AuditedHistory`).
    """

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
    history = CachedHistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_unique_number_per_tournament"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            range_check("round", "number", name="round_number_max", lower=False),
            range_check("round", "seed", name="round_seed_range", nullable=True),
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


class Match(CompiledSaves):
    """Two teams at one table in a round, with the totals the engine gave for its deals.

    A totals-only match (``is_totals_only``) has no deal: the desk typed its two totals
    (scored points) from the paper sheet, with the sheet's counts when it gives them
    (``sheet_*``: deals played, capots, belotes, declaration points; RULES.md §G). It is
    finished, its result follows from the totals, and it counts like any other.
    """

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
    is_totals_only = models.BooleanField(
        _("totals only"),
        default=False,
        help_text=_("Recorded by its two totals from the paper sheet, with no deals."),
    )
    sheet_deals_played = models.PositiveSmallIntegerField(
        _("deals played on the sheet"), null=True, blank=True
    )
    sheet_capots = models.PositiveSmallIntegerField(_("capots on the sheet"), null=True, blank=True)
    sheet_belotes = models.PositiveSmallIntegerField(
        _("belotes on the sheet"), null=True, blank=True
    )
    sheet_declarations = models.PositiveIntegerField(
        _("declarations on the sheet"), null=True, blank=True
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
    # The match's figures (tournaments.standings.MatchFigures), computed from its deals
    # whenever they are scored (services.scores.replay_match), 0 for a totals-only match,
    # so that the standings read them here instead of adding up every deal. Not in the
    # audit trail: they follow from the deals, which are.
    belotes_a = models.PositiveSmallIntegerField(_("belotes A"), default=0)
    belotes_b = models.PositiveSmallIntegerField(_("belotes B"), default=0)
    capots_a = models.PositiveSmallIntegerField(_("capots A"), default=0)
    capots_b = models.PositiveSmallIntegerField(_("capots B"), default=0)
    coinches_made_a = models.PositiveSmallIntegerField(_("coinches made A"), default=0)
    coinches_made_b = models.PositiveSmallIntegerField(_("coinches made B"), default=0)
    # How many times a write under this match's lock changed what the public pages show of
    # it: part of its tournament's results version (tournaments/services/cache.py), so that
    # the tables write without locking their tournament's row. Not in the audit trail.
    results_count = models.PositiveBigIntegerField(_("results changes"), default=0, editable=False)
    history = CachedHistoricalRecords(
        bases=[AuditedHistory], excluded_fields=[*MATCH_FIGURES_FIELDS, "results_count"]
    )

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
            # Only a totals-only match has the sheet's counts (RULES.md §G).
            models.CheckConstraint(
                condition=Q(is_totals_only=True)
                | (
                    Q(sheet_deals_played__isnull=True)
                    & Q(sheet_capots__isnull=True)
                    & Q(sheet_belotes__isnull=True)
                    & Q(sheet_declarations__isnull=True)
                ),
                name="match_sheet_counts_totals_only",
            ),
            # The engine's bounds (scoring.totals, in FIELD_RANGES): at most 99 deals, and
            # so at most as many capots and belotes; declarations inside the totals. The
            # counts go together: one constraint (migration 0010) holds them all.
            ranges_check(
                "match",
                ("sheet_deals_played", "sheet_capots", "sheet_belotes", "sheet_declarations"),
                name="match_sheet_counts_range",
                lower=False,
                nullable=True,
            ),
            range_check("match", "table_number", name="match_table_max", lower=False),
            range_check("match", "total_a", name="match_total_a_range"),
            range_check("match", "total_b", name="match_total_b_range"),
            range_check("match", "reserve", name="match_reserve_max", lower=False),
            range_check("match", "deals_played", name="match_deals_played_max", lower=False),
            ranges_check("match", MATCH_FIGURES_FIELDS, name="match_figures_range", lower=False),
            range_check("match", "results_count", name="match_results_count_max", lower=False),
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
    def sheet_totals(self) -> scoring.MatchTotals:
        """Return the match as its paper sheet gives it: both totals (scored points) and
        the sheet's counts, None where not given (RULES.md §G)."""
        return scoring.MatchTotals(
            total_a=self.total_a,
            total_b=self.total_b,
            deals_played=self.sheet_deals_played,
            capots=self.sheet_capots,
            belotes=self.sheet_belotes,
            declarations=self.sheet_declarations,
        )

    @property
    def is_paper(self) -> bool:
        """Return True when the desk types this table's paper sheet: the match's own mode
        if the organiser switched it, else its tournament's (join ``round__tournament``)."""
        mode = self.results_mode or self.round.tournament.results_mode
        return mode == ResultsMode.PAPER
