"""Tournament data: clubs, teams, tournaments, rounds, matches and deals.

Terms (STYLE.md §8): a *Round* (partie) is one round of the concours, every table; a
*Match* is two teams at one table in that round; a *Deal* (donne) is one deal of 8
tricks. Deals store their inputs and the scores the engine computed for them; match
totals are stored too, so standings and exports never re-score history.
"""

from __future__ import annotations

import dataclasses
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

import scoring
from scoring.matches import FormatKind, MatchFormat

RULES_PRESET_LABELS = {
    "ffb-coinche": _("FFB coinche (declarations, 80 to 500 or capot)"),
    "ffb-contree": _("Contrée, points made + bid (belote only)"),
    "contree-points-faits": _("Contrée, points made (belote only)"),
    "contree-points-annonces": _("Contrée, points bid (belote only)"),
    "belote-classique": _("Classic belote with declarations"),
    "belote-sans-annonces": _("Classic belote, belote-rebelote only"),
}


class RulesPreset(models.TextChoices):
    """The six presets of RULES.md §B, stored under their stable ids."""

    FFB_COINCHE = "ffb-coinche", RULES_PRESET_LABELS["ffb-coinche"]
    FFB_CONTREE = "ffb-contree", RULES_PRESET_LABELS["ffb-contree"]
    CONTREE_POINTS_FAITS = "contree-points-faits", RULES_PRESET_LABELS["contree-points-faits"]
    CONTREE_POINTS_ANNONCES = (
        "contree-points-annonces",
        RULES_PRESET_LABELS["contree-points-annonces"],
    )
    BELOTE_CLASSIQUE = "belote-classique", RULES_PRESET_LABELS["belote-classique"]
    BELOTE_SANS_ANNONCES = "belote-sans-annonces", RULES_PRESET_LABELS["belote-sans-annonces"]


class MatchFormatKind(models.TextChoices):
    """A match is a fixed number of deals or played to a target score (RULES.md §C)."""

    DEALS = FormatKind.DEALS.value, _("Fixed number of deals")
    TARGET = FormatKind.TARGET.value, _("Target score")


class ByeCredit(models.TextChoices):
    """What a bye (exempt team) is credited with (RULES.md §E)."""

    ROUND_MEAN = "round-mean", _("Mean of the round's match totals")
    HALF_NOMINAL = "half-nominal", _("Half of a match's nominal total")
    FIXED = "fixed", _("Fixed value")
    ZERO = "zero", _("Nothing")


class Ranking(models.TextChoices):
    """The first ranking key of the standings (RULES.md §E)."""

    POINTS = "points", _("Total scored points")
    WINS_THEN_POINTS = "wins-then-points", _("Matches won, then points")


class Trump(models.TextChoices):
    """Trump of a deal, stored with the engine's values (RULES.md §A)."""

    SPADES = scoring.Trump.SPADES.value, "♠"
    HEARTS = scoring.Trump.HEARTS.value, "♥"
    DIAMONDS = scoring.Trump.DIAMONDS.value, "♦"
    CLUBS = scoring.Trump.CLUBS.value, "♣"
    NO_TRUMP = scoring.Trump.NO_TRUMP.value, _("No trump")
    ALL_TRUMP = scoring.Trump.ALL_TRUMP.value, _("All trump")


class CoincheLevel(models.TextChoices):
    """Coinche level of a deal, stored with the engine's values."""

    NONE = scoring.CoincheLevel.NONE.value, _("None")
    COINCHE = scoring.CoincheLevel.COINCHE.value, _("Coinche")
    SURCOINCHE = scoring.CoincheLevel.SURCOINCHE.value, _("Surcoinche")


class TeamSide(models.TextChoices):
    """Team A or team B of a match (the taker's side of a deal)."""

    A = scoring.Team.A.value, _("Team A")
    B = scoring.Team.B.value, _("Team B")


class DealOutcome(models.TextChoices):
    """The outcome of a scored deal."""

    MADE = scoring.DealOutcome.MADE.value, _("Made")
    CHUTE = scoring.DealOutcome.CHUTE.value, _("Chute")
    LITIGE = scoring.DealOutcome.LITIGE.value, _("Litige")


class DealStatus(models.TextChoices):
    """Whether a deal entered at a table counts yet (only confirmed deals count)."""

    PENDING = "pending", _("Waiting for the opponents")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")


class MatchResult(models.TextChoices):
    """Who won a finished match."""

    A = scoring.MatchResult.A.value, _("Team A")
    B = scoring.MatchResult.B.value, _("Team B")
    DRAW = scoring.MatchResult.DRAW.value, _("Draw")


class TieBreak(models.TextChoices):
    """Tie-breaks of the standings, applied in the order the tournament sets (RULES.md §E)."""

    MATCHES_WON = "matches_won", _("Matches won")
    POINTS = "points", _("Total points")
    POINTS_DIFFERENCE = "points_difference", _("Points difference")
    HEAD_TO_HEAD = "head_to_head", _("Head-to-head result")


DEFAULT_TIE_BREAKS = "matches_won,points_difference,head_to_head"


def new_token() -> str:
    """Return an unguessable, non-sequential URL token (for the projector and table links)."""
    return secrets.token_urlsafe(16)


class ConfirmationMode(models.TextChoices):
    """How table entries count: confirmed by the opponents, or at once."""

    CONFIRM = "confirm", _("The opposing team confirms each entry")
    TRUST = "trust", _("Entries count at once")


class Club(models.Model):
    """A belote club: it organises tournaments and its members play in teams."""

    name = models.CharField(_("name"), max_length=150, unique=True)
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
    tie_breaks = models.CharField(
        _("tie-breaks"),
        max_length=100,
        default=DEFAULT_TIE_BREAKS,
        help_text=_("Tie-break keys in order, separated by commas; the drawn lot comes last."),
    )
    allows_no_trump_all_trump = models.BooleanField(
        _("no trump and all trump allowed"),
        default=True,
        help_text=_("Only for the presets that allow them (RULES.md §B)."),
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
    prize_list = models.TextField(
        _("prize list"),
        blank=True,
        help_text=_("One prize per line, in rank order: the first line goes to the winners."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

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
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:tournament-detail", kwargs={"slug": self.slug})

    @property
    def rules(self) -> scoring.RuleSet:
        """Return the engine's rule set: the preset (RULES.md §B) with this tournament's
        version and its SA/TA setting (which can only remove what the preset allows)."""
        preset = scoring.PRESETS[self.rules_preset]
        return dataclasses.replace(
            preset,
            version=self.rules_version,
            allows_no_trump=preset.allows_no_trump and self.allows_no_trump_all_trump,
            allows_all_trump=preset.allows_all_trump and self.allows_no_trump_all_trump,
        )

    @property
    def tie_break_keys(self) -> tuple[str, ...]:
        """Return the tie-break keys in order (RULES.md §E)."""
        return tuple(key for key in self.tie_breaks.split(",") if key)

    @property
    def engine_match_format(self) -> MatchFormat:
        """Return the engine's match format (RULES.md §C)."""
        return MatchFormat(FormatKind(self.match_format), self.match_format_value)


class Team(models.Model):
    """A doublette: two players registered together under a number."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    number = models.PositiveIntegerField(_("number"))
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
        ]

    def __str__(self) -> str:
        return f"{self.number} – {self.players}"

    @property
    def players(self) -> str:
        """Return both player names, as printed on sheets."""
        return f"{self.player_1} / {self.player_2}"

    @property
    def is_withdrawn(self) -> bool:
        """Return True once the team has withdrawn (RULES.md §E: it ranks last)."""
        return self.withdrawn_from_round is not None


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
    closed_at = models.DateTimeField(_("closed for time at"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    locked_at = models.DateTimeField(
        _("locked at"),
        null=True,
        blank=True,
        help_text=_("Set once the match is confirmed: the table can no longer change it."),
    )
    is_rematch = models.BooleanField(_("rematch"), default=False)
    pairing_reason = models.CharField(_("why this pairing"), max_length=20, blank=True)
    pairing_detail = models.JSONField(_("pairing detail"), default=dict, blank=True)
    history = HistoricalRecords()

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
        return self.is_finished or self.closed_at is not None


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


class TableLink(models.Model):
    """A secret link for one team at one match: scanned from the score sheet's QR code.

    It opens that match only, while its round is published, with no account. The
    organiser can revoke it or give a new one.
    """

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="links", verbose_name=_("match")
    )
    side = models.CharField(_("team"), max_length=1, choices=TeamSide)
    token = models.CharField(_("token"), max_length=40, unique=True, default=new_token)
    pin = models.CharField(_("PIN"), max_length=4)
    pin_failures = models.PositiveSmallIntegerField(_("wrong PINs typed"), default=0)
    created_at = models.DateTimeField(_("created at"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["match", "side", "-created_at"]
        verbose_name = _("table link")
        verbose_name_plural = _("table links")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "side"],
                condition=Q(revoked_at__isnull=True),
                name="table_link_one_active_per_side",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} – {self.side}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:table-entry", kwargs={"token": self.token})

    @property
    def is_active(self) -> bool:
        """Return True until the organiser revokes the link."""
        return self.revoked_at is None
