"""Deals (donnes): the inputs a table wrote and the scores the engine computed for them.

:class:`DealEntry` is what a table writes for one deal; it travels as one value from the
form to the service to the model (``Deal.entry``, ``Deal.set_entry``). :data:`ENTRY_FIELDS`
names the model fields that store it, once: the audit trail, the exports and the forms'
initial data follow that list.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.models.audit import AuditedHistory, CachedHistoricalRecords
from tournaments.models.bounds import range_check
from tournaments.models.choices import CoincheLevel, DealOutcome, DealStatus, TeamSide, Trump
from tournaments.models.compiled_saves import CompiledSaves
from tournaments.models.rounds import Match

#: A passed deal's stored inputs: no trump, no contract, nothing counted.
PASSED_INPUTS = scoring.Deal(
    trump="", contract=None, taker_card_points=0, defence_card_points=0, taker_tricks=0
)


@dataclass(frozen=True)
class DealEntry:
    """One deal as the table wrote it: who took, the engine's inputs, what was announced.

    Attributes:
        taker: the taker's team, ``"A"`` or ``"B"`` (:class:`TeamSide`); any side when all
            four passed.
        deal: the engine's inputs (card points including the dix de der, declarations that
            count after RULES.md §D), or None for a passed deal (passe: no score, RULES.md §C).
        declarations_text: each side's declarations as announced, the taker's then the
            defence's, as the engine's tokens (``"tierce:KH;carre:J"``), kept for the audit
            trail; empty when not typed. A paper sheet typed at the desk gives a sequence
            by its kind alone (``"tierce;carre:J"``, forms/paper.py): it has no top card.
    """

    taker: str
    deal: scoring.Deal | None
    declarations_text: tuple[str, str] = ("", "")

    @property
    def is_passed(self) -> bool:
        """Return True when all four players passed."""
        return self.deal is None

    @property
    def inputs(self) -> scoring.Deal:
        """Return the engine's inputs as stored: a passed deal's are blank (no trump, no
        contract) and zero."""
        return PASSED_INPUTS if self.deal is None else self.deal


#: The model fields that store a :class:`DealEntry`, in the order of the entry forms and
#: the audit trail: the taker, passed, then the inputs of :class:`scoring.Deal` (its
#: ``contract`` is stored as ``is_capot_bid`` + ``contract_value``, its ``coinche`` as
#: ``coinche_level``), then the declarations as announced.
ENTRY_FIELDS = (
    "taker",
    "is_passed",
    "trump",
    "is_capot_bid",
    "contract_value",
    "coinche_level",
    "taker_tricks",
    "taker_card_points",
    "defence_card_points",
    "taker_belotes",
    "defence_belotes",
    "taker_declarations",
    "defence_declarations",
    "taker_declarations_text",
    "defence_declarations_text",
)
#: The inputs of :class:`scoring.Deal` stored under another name on the model.
_STORED_AS = {"contract": ("is_capot_bid", "contract_value"), "coinche": ("coinche_level",)}

#: Each input of the engine's deal but the contract, with the field that stores it, in
#: the engine's order: read once, not at each :meth:`Deal.to_engine` (the replay of a
#: match builds every deal's, at each table write).
_ENGINE_INPUTS = tuple(
    (field.name, _STORED_AS.get(field.name, (field.name,))[-1])
    for field in dataclasses.fields(scoring.Deal)
    if field.name != "contract"
)


class Deal(CompiledSaves):
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
    history = CachedHistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["match", "deal_number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "deal_number"], name="deal_unique_number_per_match"
            ),
            models.CheckConstraint(condition=Q(deal_number__gte=1), name="deal_number_positive"),
            # The engine's limits (RULES.md §A, §B): 252 card points on a capot, 8 tricks,
            # contracts from 80 to 500 under the presets that have one.
            models.CheckConstraint(
                condition=Q(taker_card_points__lte=scoring.CAPOT_CARD_POINTS)
                & Q(defence_card_points__lte=scoring.CAPOT_CARD_POINTS),
                name="deal_card_points_range",
            ),
            models.CheckConstraint(
                condition=Q(taker_tricks__lte=scoring.TRICKS_PER_DEAL), name="deal_tricks_range"
            ),
            models.CheckConstraint(
                condition=Q(taker_belotes__lte=4) & Q(defence_belotes__lte=4),
                name="deal_belotes_range",
            ),
            models.CheckConstraint(
                condition=Q(contract_value__isnull=True)
                | (
                    Q(contract_value__gte=scoring.LOWEST_CONTRACT)
                    & Q(contract_value__lte=scoring.HIGHEST_CONTRACT)
                ),
                name="deal_contract_range",
            ),
            models.CheckConstraint(
                condition=~(Q(is_capot_bid=True) & Q(contract_value__isnull=False)),
                name="deal_capot_bid_has_no_value",
            ),
            range_check("deal", "deal_number", name="deal_number_max", lower=False),
            # The engine refuses more (RULES.md §D, scoring.validation.MAX_DECLARATIONS).
            range_check(
                "deal", "taker_declarations", name="deal_taker_declarations_max", lower=False
            ),
            range_check(
                "deal", "defence_declarations", name="deal_defence_declarations_max", lower=False
            ),
            range_check("deal", "taker_score", name="deal_taker_score_range"),
            range_check("deal", "defence_score", name="deal_defence_score_range"),
            range_check("deal", "reserve", name="deal_reserve_max", lower=False),
            range_check("deal", "score_a", name="deal_score_a_range"),
            range_check("deal", "score_b", name="deal_score_b_range"),
            range_check("deal", "total_a", name="deal_total_a_range"),
            range_check("deal", "total_b", name="deal_total_b_range"),
            range_check("deal", "rules_version", name="deal_rules_version_range"),
            range_check("deal", "version", name="deal_version_range"),
        ]

    def __str__(self) -> str:
        return f"{self.match} – {_('deal')} {self.deal_number}"

    @property
    def contract(self) -> int | str | None:
        """Return the contract as the engine takes it: an int, ``"capot"`` or None."""
        return scoring.CAPOT if self.is_capot_bid else self.contract_value

    @property
    def entry(self) -> DealEntry:
        """Return what the table wrote for this deal, as stored."""
        return DealEntry(
            taker=self.taker,
            deal=self.to_engine(),
            declarations_text=(self.taker_declarations_text, self.defence_declarations_text),
        )

    def set_entry(self, entry: DealEntry) -> None:
        """Store ``entry`` in the :data:`ENTRY_FIELDS` (a passed deal clears the inputs).

        Nothing is validated or saved here: the deal services call the engine first.
        """
        deal = entry.inputs
        values = {
            "taker": entry.taker,
            "is_passed": entry.is_passed,
            "is_capot_bid": deal.contract == scoring.CAPOT,
            "contract_value": None if deal.contract == scoring.CAPOT else deal.contract,
            "coinche_level": str(deal.coinche),
            "trump": str(deal.trump),
            "taker_declarations_text": entry.declarations_text[0],
            "defence_declarations_text": entry.declarations_text[1],
        }
        for name in ENTRY_FIELDS:
            setattr(self, name, values[name] if name in values else getattr(deal, name))

    def to_engine(self) -> scoring.Deal | None:
        """Return the engine's deal for these inputs, or None for a passed deal."""
        if self.is_passed:
            return None
        inputs = {name: getattr(self, stored_as) for name, stored_as in _ENGINE_INPUTS}
        return scoring.Deal(**inputs, contract=self.contract)
