"""Season challenges (RULES.md §I): a club's ordered set of finished concours and a formula.

The ranking is never stored: the selectors compute it on every read from the concours'
confirmed standings (tournaments/selectors/challenges.py), so a concours added later or
corrected after the fact is counted as it stands now.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.bounds import (
    MAX_CHALLENGE_POINTS,
    MAX_RANK_POINTS,
    range_check,
    ranges_check,
)
from tournaments.models.choices import new_token
from tournaments.models.clubs import Club, Tournament


def parse_rank_points(text: str) -> tuple[int, ...]:
    """Return the rank points ``text`` lists (« 20, 15, 10 »: 20 for the 1st place, 15 for
    the 2nd…; RULES.md §I): whole numbers from 0 to :data:`MAX_CHALLENGE_POINTS`,
    separated by commas, semicolons or spaces, at most :data:`MAX_RANK_POINTS` of them.

    Raises ValidationError (code ``rank_points``) naming the first bad value.
    """
    words = text.replace(";", " ").replace(",", " ").split()
    if len(words) > MAX_RANK_POINTS:
        raise ValidationError(
            _("Rank points: give at most %(maximum)s values, one per place."),
            code="rank_points",
            params={"maximum": MAX_RANK_POINTS},
        )
    values = []
    for word in words:
        if not word.isascii() or not word.isdigit() or int(word) > MAX_CHALLENGE_POINTS:
            raise ValidationError(
                _(
                    "Rank points: “%(value)s” is not a whole number from 0 to %(maximum)s; "
                    "type the points of the 1st, 2nd… place separated by commas."
                ),
                code="rank_points",
                params={"value": word[:20], "maximum": MAX_CHALLENGE_POINTS},
            )
        values.append(int(word))
    return tuple(values)


def validate_rank_points(text: str) -> None:
    """Raise the ValidationError of :func:`parse_rank_points` for a bad list."""
    parse_rank_points(text)


class Challenge(models.Model):
    """A season challenge of ``club``: its concours (in order) and its formula (§I).

    Challenge points of a concours: ``points_win`` × parties won + ``points_draw`` × drawn
    + ``points_loss`` × lost + ``points_bye`` × byes, + the scored points when
    ``counts_scored_points``, + the rank points of the final place. Only the best
    ``best_of`` concours count (all when empty); ``minimum`` concours played are needed to
    be ranked.
    """

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="challenges", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=150)
    slug = models.SlugField(_("slug"), max_length=160, unique=True)
    concours: models.ManyToManyField[Tournament, ChallengeConcours] = models.ManyToManyField(
        Tournament,
        through="ChallengeConcours",
        related_name="challenges",
        verbose_name=_("concours"),
    )
    points_win = models.PositiveIntegerField(_("points per party won"), default=0)
    points_draw = models.PositiveIntegerField(_("points per party drawn"), default=0)
    points_loss = models.PositiveIntegerField(_("points per party lost"), default=0)
    points_bye = models.PositiveIntegerField(_("points per bye"), default=0)
    counts_scored_points = models.BooleanField(_("the scored points count"), default=True)
    rank_points = models.CharField(
        _("rank points"),
        max_length=400,
        blank=True,
        validators=[validate_rank_points],
        help_text=_("Points for the 1st, 2nd, 3rd… place of each concours, e.g. 20, 15, 10."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("best concours counted"),
        null=True,
        blank=True,
        help_text=_("Only each player's best concours count; empty: all of them."),
    )
    minimum = models.PositiveSmallIntegerField(
        _("concours needed to be ranked"),
        default=1,
        help_text=_("Players with fewer concours are listed after, unranked."),
    )
    projector_token = models.CharField(
        _("projector address"), max_length=40, unique=True, default=new_token, editable=False
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="challenge_unique_name_per_club"),
            ranges_check(
                "challenge",
                ("points_win", "points_draw", "points_loss", "points_bye", "minimum"),
                name="challenge_formula_range",
            ),
            ranges_check("challenge", ("best_of",), name="challenge_best_of_range", nullable=True),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:challenge-detail", kwargs={"slug": self.slug})

    @property
    def rank_points_values(self) -> tuple[int, ...]:
        """Return the rank points as numbers (:func:`parse_rank_points`)."""
        return parse_rank_points(self.rank_points)


class ChallengeConcours(models.Model):
    """One concours of a challenge, at its place (``position``, 1 first) in the season."""

    challenge = models.ForeignKey(
        Challenge, on_delete=models.CASCADE, related_name="entries", verbose_name=_("challenge")
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.PROTECT,
        related_name="challenge_entries",
        verbose_name=_("concours"),
    )
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        ordering = ["challenge", "position"]
        verbose_name = _("concours of a challenge")
        verbose_name_plural = _("concours of a challenge")
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "tournament"], name="challenge_concours_once"
            ),
            models.UniqueConstraint(
                fields=["challenge", "position"], name="challenge_concours_position_unique"
            ),
            range_check("challengeconcours", "position", name="challenge_concours_position_range"),
        ]

    def __str__(self) -> str:
        return f"{self.challenge} – {self.tournament}"
