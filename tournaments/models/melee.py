"""Players of a concours à la mêlée, their pairs, and who sat out (RULES.md §H).

Players register alone (:class:`MeleePlayer`); at each partie the draw seats them by
fours as two pairs. Each pair is a :class:`~tournaments.models.Team` of the concours
with its :class:`MeleePair` (the partie, the two players), so that matches, deals,
sheets and phones work as for doublettes; ``Team.objects`` leaves these pairs out. A
player with no seat in a partie sat out (:class:`SitOut`), credited like a bye. A
concours is à la mêlée when it has players (``Tournament.melee_players``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.bounds import range_check
from tournaments.models.clubs import Club, Tournament
from tournaments.models.rounds import Round
from tournaments.models.teams import Team


class MeleePlayer(models.Model):
    """A player registered alone in a mêlée, under a number (RULES.md §H)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="melee_players",
        verbose_name=_("tournament"),
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=100)
    club = models.ForeignKey(
        Club,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="melee_players",
        verbose_name=_("club"),
    )
    lot = models.PositiveIntegerField(
        _("drawn lot"),
        default=0,
        help_text=_("Recorded random draw, the last tie-break of the standings."),
    )
    is_checked_in = models.BooleanField(_("present"), default=False)
    is_withdrawn = models.BooleanField(_("withdrawn"), default=False)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("mêlée player")
        verbose_name_plural = _("mêlée players")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="meleeplayer_unique_number"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="meleeplayer_number_positive"),
            range_check("meleeplayer", "number", name="meleeplayer_number_max", lower=False),
            range_check("meleeplayer", "lot", name="meleeplayer_lot_max", lower=False),
        ]

    def __str__(self) -> str:
        return f"{self.number} – {self.name}"


class SitOut(models.Model):
    """A mêlée player with no seat in a partie, credited like a bye (RULES.md §H, §E)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="sit_outs", verbose_name=_("round")
    )
    player = models.ForeignKey(
        MeleePlayer, on_delete=models.CASCADE, related_name="sit_outs", verbose_name=_("player")
    )

    class Meta:
        ordering = ["round", "player__number"]
        verbose_name = _("sit-out")
        verbose_name_plural = _("sit-outs")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="sitout_unique_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.player}"


class MeleePair(models.Model):
    """Two mêlée players drawn together for one partie: their pair plays as ``team``
    (RULES.md §H), named after them, numbered from 1 in each partie."""

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, related_name="melee_pair", verbose_name=_("team")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="melee_pairs", verbose_name=_("round")
    )
    player_1 = models.ForeignKey(
        MeleePlayer, on_delete=models.PROTECT, related_name="+", verbose_name=_("player 1")
    )
    player_2 = models.ForeignKey(
        MeleePlayer, on_delete=models.PROTECT, related_name="+", verbose_name=_("player 2")
    )

    class Meta:
        ordering = ["round", "team__number"]
        verbose_name = _("mêlée pair")
        verbose_name_plural = _("mêlée pairs")
        constraints = [
            models.CheckConstraint(
                condition=~Q(player_1=models.F("player_2")), name="meleepair_two_players"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.player_1.name} / {self.player_2.name}"


class MeleeConcours(models.Model):
    """The organiser's choice, when creating a concours, to run it à la mêlée (RULES.md §H).

    Kept apart from :class:`~tournaments.models.Tournament`, like
    :class:`~tournaments.models.RegistrationSettings`: a concours archive
    (tournaments/archive/, format version 3) marks a mêlée by its ``melee`` section, and
    restoring it adds this row. A concours is a mêlée when it has this row or players.
    """

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="melee_concours",
        verbose_name=_("tournament"),
    )

    class Meta:
        verbose_name = _("mêlée concours")
        verbose_name_plural = _("mêlée concours")

    def __str__(self) -> str:
        return str(self.tournament)


class MeleeDraft(models.Model):
    """The draft draw of a mêlée partie, until it is published (RULES.md §H).

    ``draw`` holds ``{"tables": [{"table_number", "pair_a", "pair_b",
    "repeated_partners", "repeated_opponents"}], "sit_outs": [...]}`` with player ids,
    as :class:`tournaments.melee.MeleeDraw` gives it. Publishing turns it into the pair
    teams, their matches and the sit-outs, then deletes it; a discarded draft goes with
    its round. A concours archive (format version 3) holds it with player numbers in place
    of the ids, and restoring it gives the ids of the restored players.
    """

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, related_name="melee_draft", verbose_name=_("round")
    )
    draw = models.JSONField(_("draw"), default=dict)

    class Meta:
        verbose_name = _("mêlée draft")
        verbose_name_plural = _("mêlée drafts")

    def __str__(self) -> str:
        return str(self.round)
