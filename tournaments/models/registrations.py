"""Online registration (« inscriptions en ligne ») of pairs, or mêlée players, before the concours.

The organiser opens registration for a tournament (:class:`RegistrationSettings`: open or
not, the number of places, the places on the waiting list, the closing time). A club
secretary or a player registers a pair from the public page, with no account: the
:class:`Registration` keeps a private token, whose link changes or cancels it. A pair
registered once every place is taken goes on the waiting list; a cancellation moves the
first of that list up (services/online_registration.py). On the day, the organiser checks
a registration in (« pointer »): it becomes a :class:`~tournaments.models.Team`.

In a concours à la mêlée (RULES.md §H: players register one by one) a registration is one
player: ``player_1`` is the name, ``player_2`` is empty, and checking it in makes (or
links) a :class:`~tournaments.models.MeleePlayer`. Places and the waiting list then count
players.

Every name and contact is plain text: cleaned as every typed name is
(tournaments.text.clean_name), bounded in length, never stored or shown as markup (the
templates escape it).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.audit import AuditedHistory, CachedHistoricalRecords
from tournaments.models.bounds import MAX_TEAM_NUMBER
from tournaments.models.choices import new_token
from tournaments.models.clubs import Tournament
from tournaments.models.melee import MeleePlayer
from tournaments.models.teams import Team

#: Lengths of the fields a visitor types (the forms and the database both hold them).
PLAYER_NAME_LENGTH = 100
CLUB_NAME_LENGTH = 150
PHONE_LENGTH = 30
EMAIL_LENGTH = 254
#: Places, and places on the waiting list: at most as many pairs as a concours numbers.
MAX_PLACES = MAX_TEAM_NUMBER


class RegistrationSettings(models.Model):
    """A tournament's online registration: open or not, its places, its closing time.

    Kept apart from :class:`~tournaments.models.Tournament` so that a concours archive
    (tournaments/archive/, format version 1) stays as it is: registrations come before
    the concours, and the teams they become are archived. ``capacity`` pairs are
    confirmed, ``waiting_list`` more go on the waiting list; ``closes_at`` (an aware
    time, shown in the site's time zone) ends registration, or None for no end.
    """

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="registration_settings",
        verbose_name=_("tournament"),
    )
    is_open = models.BooleanField(_("registration open"), default=False)
    capacity = models.PositiveSmallIntegerField(_("places"), default=0)
    waiting_list = models.PositiveSmallIntegerField(_("places on the waiting list"), default=10)
    closes_at = models.DateTimeField(_("registration closes at"), null=True, blank=True)

    class Meta:
        verbose_name = _("registration settings")
        verbose_name_plural = _("registration settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(capacity__lte=MAX_PLACES) & Q(waiting_list__lte=MAX_PLACES),
                name="registration_settings_places_max",
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament)


class Registration(models.Model):
    """One pair (or one mêlée player) registered online: its players, an optional
    contact, its status.

    ``position`` orders the registrations of a tournament (1, 2…, in the order they
    came): the waiting list moves up in that order. ``token`` is the private link's
    secret. ``team`` is the team made when the organiser checked the pair in;
    ``melee_player`` the player made or linked when she checked a mêlée player in (whose
    ``player_2`` is empty, RULES.md §H).
    """

    class Status(models.TextChoices):
        """Whether the pair has a place, waits for one, or has cancelled."""

        CONFIRMED = "confirmed", _("confirmed")
        WAITING = "waiting", _("waiting list")
        CANCELLED = "cancelled", _("cancelled")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("tournament"),
    )
    player_1 = models.CharField(_("player 1"), max_length=PLAYER_NAME_LENGTH)
    # Empty for a mêlée player, who registers alone (the services check which).
    player_2 = models.CharField(_("player 2"), max_length=PLAYER_NAME_LENGTH, blank=True)
    club = models.CharField(_("club"), max_length=CLUB_NAME_LENGTH, blank=True)
    phone = models.CharField(_("phone"), max_length=PHONE_LENGTH, blank=True)
    email = models.EmailField(_("e-mail"), max_length=EMAIL_LENGTH, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status)
    position = models.PositiveIntegerField(_("position"))
    token = models.CharField(_("token"), max_length=40, unique=True, default=new_token)
    team = models.OneToOneField(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="registration",
        verbose_name=_("team"),
    )
    melee_player = models.OneToOneField(
        MeleePlayer,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="registration",
        verbose_name=_("mêlée player"),
    )
    created_at = models.DateTimeField(_("registered at"))
    history = CachedHistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["tournament", "position"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "position"], name="registration_unique_position"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1), name="registration_position_positive"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["confirmed", "waiting", "cancelled"]),
                name="registration_status_valid",
            ),
            # A pair becomes a team, a mêlée player (no second name) a mêlée player.
            models.CheckConstraint(
                condition=(Q(team__isnull=True) | ~Q(player_2=""))
                & (Q(melee_player__isnull=True) | Q(player_2="")),
                name="registration_checked_in_as_its_kind",
            ),
        ]

    def __str__(self) -> str:
        return self.players

    @property
    def players(self) -> str:
        """Return both player names, as the team list prints them (a mêlée player's
        name alone)."""
        if not self.player_2:
            return self.player_1
        return f"{self.player_1} / {self.player_2}"
