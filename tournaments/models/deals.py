"""Deals (donnes): the inputs a table wrote and the scores the engine computed for them."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

import scoring
from tournaments.models.choices import CoincheLevel, DealOutcome, DealStatus, TeamSide, Trump
from tournaments.models.rounds import Match


class Deal(models.Model):
    """One deal (donne): the inputs the table wrote and the scores the engine gave.

    Card points include the dix de der; declarations are the points that count after
    RULES.md §D. ``score_a``/``score_b`` are the scored points of each team for this
    deal (a litige reserve paid out is added to the winner's), ``total_a``/``total_b``
    the running totals after it. A passed deal (passe) has no inputs and no score.
    """

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="deals", verbose_name=_("match")
    )
    deal_number = models.PositiveSmallIntegerField(_("deal number"))
    taker = models.CharField(_("taker"), max_length=1, choices=TeamSide)
    is_passed = models.BooleanField(_("passed"), default=False)
    trump = models.CharField(_("trump"), max_length=2, choices=Trump, blank=True)
    contract_value = models.PositiveSmallIntegerField(_("contract"), null=True, blank=True)
    is_capot_bid = models.BooleanField(_("capot bid"), default=False)
    coinche_level = models.CharField(
        _("coinche"), max_length=10, choices=CoincheLevel, default=CoincheLevel.NONE
    )
    taker_card_points = models.PositiveSmallIntegerField(_("taker's card points"), default=0)
    defence_card_points = models.PositiveSmallIntegerField(_("defence's card points"), default=0)
    taker_tricks = models.PositiveSmallIntegerField(_("taker's tricks"), default=0)
    taker_belotes = models.PositiveSmallIntegerField(_("taker's belotes"), default=0)
    defence_belotes = models.PositiveSmallIntegerField(_("defence's belotes"), default=0)
    taker_declarations = models.PositiveSmallIntegerField(_("taker's declarations"), default=0)
    defence_declarations = models.PositiveSmallIntegerField(_("defence's declarations"), default=0)
    # Computed by the engine when the deal is recorded.
    outcome = models.CharField(_("outcome"), max_length=10, choices=DealOutcome, blank=True)
    taker_score = models.IntegerField(_("taker's score"), default=0)
    defence_score = models.IntegerField(_("defence's score"), default=0)
    reserve = models.PositiveIntegerField(_("reserve put in"), default=0)
    score_a = models.IntegerField(_("score A"), default=0)
    score_b = models.IntegerField(_("score B"), default=0)
    total_a = models.IntegerField(_("running total A"), default=0)
    total_b = models.IntegerField(_("running total B"), default=0)
    breakdown = models.JSONField(_("breakdown"), default=dict, blank=True)
    rules_version = models.PositiveSmallIntegerField(_("rules version"), default=1)
    taker_declarations_text = models.CharField(
        _("taker's declarations as announced"), max_length=200, blank=True
    )
    defence_declarations_text = models.CharField(
        _("defence's declarations as announced"), max_length=200, blank=True
    )
    status = models.CharField(
        _("status"), max_length=10, choices=DealStatus, default=DealStatus.CONFIRMED
    )
    entered_by_side = models.CharField(
        _("entered by"),
        max_length=1,
        choices=TeamSide,
        blank=True,
        help_text=_("The team whose table link recorded the deal; empty for an organiser."),
    )
    dispute_note = models.CharField(_("why it is disputed"), max_length=300, blank=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    created_at = models.DateTimeField(_("created at"))
    updated_at = models.DateTimeField(_("updated at"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["match", "deal_number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "deal_number"], name="deal_unique_number_per_match"
            ),
            models.CheckConstraint(condition=Q(deal_number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(
                condition=Q(taker_card_points__lte=252) & Q(defence_card_points__lte=252),
                name="deal_card_points_range",
            ),
            models.CheckConstraint(condition=Q(taker_tricks__lte=8), name="deal_tricks_range"),
            models.CheckConstraint(
                condition=Q(taker_belotes__lte=4) & Q(defence_belotes__lte=4),
                name="deal_belotes_range",
            ),
            models.CheckConstraint(
                condition=Q(contract_value__isnull=True)
                | (Q(contract_value__gte=80) & Q(contract_value__lte=500)),
                name="deal_contract_range",
            ),
            models.CheckConstraint(
                condition=~(Q(is_capot_bid=True) & Q(contract_value__isnull=False)),
                name="deal_capot_bid_has_no_value",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} – {_('deal')} {self.deal_number}"

    @property
    def contract(self) -> int | str | None:
        """Return the contract as the engine takes it: an int, ``"capot"`` or None."""
        return scoring.CAPOT if self.is_capot_bid else self.contract_value

    def to_engine(self) -> scoring.Deal | None:
        """Return the engine's deal for these inputs, or None for a passed deal."""
        if self.is_passed:
            return None
        return scoring.Deal(
            trump=self.trump,
            contract=self.contract,
            coinche=self.coinche_level,
            taker_card_points=self.taker_card_points,
            defence_card_points=self.defence_card_points,
            taker_tricks=self.taker_tricks,
            taker_belotes=self.taker_belotes,
            defence_belotes=self.defence_belotes,
            taker_declarations=self.taker_declarations,
            defence_declarations=self.defence_declarations,
        )
