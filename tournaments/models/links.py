"""Table links: the secret link of one team at one match, for entry on the players' phones."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.bounds import range_check
from tournaments.models.choices import TeamSide, new_token
from tournaments.models.rounds import Match


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
            range_check(
                "tablelink", "pin_failures", name="table_link_pin_failures_max", lower=False
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
