"""Team links: the secret link (QR code) and code of one team for the whole concours.

A :class:`TeamLink` is scanned from the team's card or from any score sheet and opens,
at every partie, the team's own page: where it plays now, its match for entry and
confirmation, its running rank. A :class:`Seat` is that link at one match (the team's
side there), the unit every table service works on.

:class:`TableLink` is the former per-match link, kept so that the addresses printed on
older score sheets still answer (they redirect to the team's page); no new one is made.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.audit import AuditedHistory, CachedHistoricalRecords
from tournaments.models.bounds import range_check
from tournaments.models.choices import TeamSide, new_token
from tournaments.models.clubs import Tournament
from tournaments.models.rounds import Match
from tournaments.models.teams import Team


class TeamLink(models.Model):
    """A team's secret link and 4-digit code, for every partie of its concours.

    ``tournament`` repeats the team's, so that the database keeps the active codes of a
    concours distinct (two teams of one match never share a code) and a team has one
    active link. The organiser revokes a link (it opens nothing) or renews it (a new
    token and code); its history keeps who did and when.
    """

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="team_links",
        verbose_name=_("tournament"),
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="links", verbose_name=_("team")
    )
    token = models.CharField(_("token"), max_length=40, unique=True, default=new_token)
    pin = models.CharField(_("code"), max_length=4)
    pin_failures = models.PositiveSmallIntegerField(_("wrong codes typed"), default=0)
    created_at = models.DateTimeField(_("created at"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    history = CachedHistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["team", "-created_at"]
        verbose_name = _("team link")
        verbose_name_plural = _("team links")
        constraints = [
            models.UniqueConstraint(
                fields=["team"],
                condition=Q(revoked_at__isnull=True),
                name="team_link_one_active_per_team",
            ),
            models.UniqueConstraint(
                fields=["tournament", "pin"],
                condition=Q(revoked_at__isnull=True),
                name="team_link_codes_distinct",
            ),
            range_check("teamlink", "pin_failures", name="team_link_pin_failures_max", lower=False),
        ]

    def __str__(self) -> str:
        return str(self.team)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:table-entry", kwargs={"token": self.token})

    @property
    def is_active(self) -> bool:
        """Return True until the organiser revokes the link."""
        return self.revoked_at is None


@dataclass(frozen=True)
class Seat:
    """A team's link at one match: ``side`` is the team's side there ("A" or "B")."""

    link: TeamLink
    match: Match
    side: str

    @property
    def match_id(self) -> int:
        """Return the match's id."""
        return self.match.pk

    @property
    def team(self) -> Team:
        """Return the team sitting here."""
        return self.match.team_a if self.side == TeamSide.A else self.match.team_b

    @property
    def opponent(self) -> Team:
        """Return the team across the table."""
        return self.match.team_b if self.side == TeamSide.A else self.match.team_a


class TableLink(models.Model):
    """A former secret link of one team at one match (before team links).

    None is made any more: the address of an active one, printed on an older score sheet,
    redirects to its team's page; a revoked one opens nothing.
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
            range_check(
                "tablelink", "pin_failures", name="table_link_pin_failures_max", lower=False
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} – {self.side}"

    @property
    def team_pk(self) -> int:
        """Return the id of the team this link was given to."""
        return self.match.team_a_id if self.side == TeamSide.A else self.match.team_b_id

    @property
    def is_active(self) -> bool:
        """Return True until the organiser revokes the link."""
        return self.revoked_at is None
