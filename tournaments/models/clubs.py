"""Clubs and the tournaments (concours) they organise, with each tournament's settings."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.matches import FormatKind, MatchFormat
from tournaments.models.bounds import range_check, ranges_check
from tournaments.models.choices import (
    DEFAULT_TIE_BREAKS,
    ByeCredit,
    ConfirmationMode,
    MatchFormatKind,
    Ranking,
    ResultsMode,
    RulesPreset,
    new_results_version,
    new_token,
)


class Club(models.Model):
    """A belote club: it organises tournaments and its members play in teams.

    Its ``slug`` names its public page (``/clubs/<slug>/``): made from the name when the
    club is first saved, it stays the same when the club is renamed, so a printed address
    keeps working.
    """

    name = models.CharField(_("name"), max_length=150, unique=True)
    slug = models.SlugField(_("slug"), max_length=160, unique=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="organised_clubs",
        verbose_name=_("organisers"),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save the club, giving it a free slug made from its name when it has none."""
        if not self.slug:
            self.slug = free_club_slug(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:club-detail", kwargs={"slug": self.slug})


def free_club_slug(name: str) -> str:
    """Return a slug for a club named ``name`` that no club uses yet: ``slugify(name)``
    (at most 150 characters; "club" for a name with no letter or digit), then ``-2``,
    ``-3``… on a clash."""
    base = slugify(name)[:150] or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


#: The settings of the ranking by match points (RULES.md §E): won, drawn, lost, bye.
MATCH_POINT_FIELDS = (
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
    "match_points_bye",
)


#: The rule sets without SA/TA (:func:`_without_no_trump_all_trump`), by the ``id`` of the
#: preset's rule set they are made from, with that rule set (its ``id`` is not reused while
#: it is kept here).
_NO_SA_TA: dict[int, tuple[scoring.RuleSet, scoring.RuleSet]] = {}


def _without_no_trump_all_trump(preset: scoring.RuleSet) -> scoring.RuleSet:
    """Return ``preset`` without sans atout and tout atout, made once per rule set object:
    a ``RuleSet`` is frozen and so is what it holds, so its copy depends on it alone, and
    a rule set replaced in ``scoring.PRESETS`` (tests do) is another object, another key."""
    kept = _NO_SA_TA.get(id(preset))
    if kept is None or kept[0] is not preset:
        copy = dataclasses.replace(preset, allows_no_trump=False, allows_all_trump=False)
        kept = _NO_SA_TA[id(preset)] = (preset, copy)
    return kept[1]


class Tournament(models.Model):
    """A concours: its rule preset, its match format, its rounds and its teams."""

    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("organising club"),
    )
    name = models.CharField(_("name"), max_length=150, unique=True)
    slug = models.SlugField(_("slug"), max_length=160, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    rules_preset = models.CharField(
        _("rule preset"), max_length=30, choices=RulesPreset, default=RulesPreset.FFB_COINCHE
    )
    rules_version = models.PositiveSmallIntegerField(_("rules version"), default=1)
    match_format = models.CharField(
        _("match format"), max_length=10, choices=MatchFormatKind, default=MatchFormatKind.DEALS
    )
    match_format_value = models.PositiveIntegerField(
        _("deals per match or target score"), default=12
    )
    number_of_rounds = models.PositiveSmallIntegerField(_("number of rounds"), default=4)
    bye_credit = models.CharField(
        _("bye credit"), max_length=20, choices=ByeCredit, default=ByeCredit.ROUND_MEAN
    )
    bye_credit_value = models.PositiveIntegerField(_("fixed bye credit"), default=0)
    bye_counts_as_win = models.BooleanField(_("a bye counts as a win"), default=False)
    ranking = models.CharField(_("ranking"), max_length=20, choices=Ranking, default=Ranking.POINTS)
    match_points_win = models.PositiveSmallIntegerField(
        _("match points for a win"),
        default=2,
        help_text=_("When ranking by match points: what a match won gives."),
    )
    match_points_draw = models.PositiveSmallIntegerField(
        _("match points for a draw"),
        default=1,
        help_text=_("When ranking by match points: what each side of a draw gets."),
    )
    match_points_loss = models.PositiveSmallIntegerField(
        _("match points for a loss"),
        default=1,
        help_text=_("When ranking by match points: what a match lost gives."),
    )
    match_points_bye = models.PositiveSmallIntegerField(
        _("match points for a bye"),
        default=2,
        help_text=_("When ranking by match points: what a bye (exempt team) gives."),
    )
    tie_breaks = models.CharField(
        _("tie-breaks"),
        max_length=100,
        default=DEFAULT_TIE_BREAKS,
        help_text=_("Tie-break keys in order, separated by commas; the drawn lot comes last."),
    )
    allows_no_trump_all_trump = models.BooleanField(
        _("no trump and all trump allowed"),
        default=True,
        help_text=_("Only for the presets that allow them."),
    )
    projector_token = models.CharField(
        _("projector address"), max_length=40, unique=True, default=new_token, editable=False
    )
    confirmation_mode = models.CharField(
        _("table entries"),
        max_length=10,
        choices=ConfirmationMode,
        default=ConfirmationMode.CONFIRM,
    )
    results_mode = models.CharField(
        _("results entry"),
        max_length=10,
        choices=ResultsMode,
        default=ResultsMode.PHONES,
        help_text=_("Each table may be switched on the round's desk, at any time."),
    )
    prize_list = models.TextField(
        _("prize list"),
        blank=True,
        help_text=_("One prize per line, in rank order: the first line goes to the winners."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    #: Changed by every write that changes what the public pages show (services/cache.py),
    #: so that the cached pages of the old value are never read again.
    results_version = models.CharField(
        _("results version"), max_length=32, default=new_results_version, editable=False
    )

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(number_of_rounds__gte=1) & Q(number_of_rounds__lte=20),
                name="tournament_rounds_range",
            ),
            models.CheckConstraint(
                condition=Q(match_format_value__gte=1), name="tournament_format_value_positive"
            ),
            range_check("tournament", "rules_version", name="tournament_rules_version_range"),
            range_check(
                "tournament", "match_format_value", name="tournament_format_value_max", lower=False
            ),
            range_check(
                "tournament", "bye_credit_value", name="tournament_bye_credit_max", lower=False
            ),
            ranges_check("tournament", MATCH_POINT_FIELDS, name="tournament_match_points_range"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:tournament-detail", kwargs={"slug": self.slug})

    @property
    def rules(self) -> scoring.RuleSet:
        """Return the engine's rule set: the version of the preset this tournament stored
        (RULES.md §B), so that it scores as it always did, then its SA/TA setting, which
        can only remove what that version allows.

        Raises scoring.InvalidDeal (code ``ruleset``) for a preset or a version the engine
        does not have.

        Read at every table write (twice: the service and the board), so it builds no
        rule set: the version's own (frozen) one when the setting removes nothing, else
        its copy without SA/TA kept for that very rule set object
        (:func:`_without_no_trump_all_trump`). ``dataclasses.replace`` was a hundredth of
        a write's CPU (bench/writes.py). Equal to ``dataclasses.replace(preset,
        allows_no_trump=preset.allows_no_trump and setting, allows_all_trump=…)`` for
        every preset, version and setting (tests/tournaments/test_models.py).
        """
        preset = scoring.get_ruleset(self.rules_preset, self.rules_version)
        if self.allows_no_trump_all_trump or not (
            preset.allows_no_trump or preset.allows_all_trump
        ):
            return preset  # the setting removes nothing: the version's own rule set
        return _without_no_trump_all_trump(preset)

    @property
    def ranks_by_match_points(self) -> bool:
        """Return True when the standings rank by match points (RULES.md §E), so that
        pages and exports show them (« Pts »)."""
        return self.ranking == Ranking.MATCH_POINTS

    @property
    def tie_break_keys(self) -> tuple[str, ...]:
        """Return the tie-break keys in order (RULES.md §E)."""
        return tuple(key for key in self.tie_breaks.split(",") if key)

    @property
    def engine_match_format(self) -> MatchFormat:
        """Return the engine's match format (RULES.md §C)."""
        return MatchFormat(FormatKind(self.match_format), self.match_format_value)
