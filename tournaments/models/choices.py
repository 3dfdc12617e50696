"""The choices of the tournament models (``TextChoices``) and the token of secret URLs.

Stored values are readable (``"surcoinche"``, never ``"S"``); where the engine has an
enum, the choices store its values (STYLE.md §3).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.matches import FormatKind

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


def _preset_values(ruleset_id: str) -> dict[str, int]:
    rules = scoring.get_ruleset(ruleset_id)
    return {
        "minimum": rules.contract_min,
        "maximum": rules.contract_max,
        "deal_points": scoring.DEAL_BASE,
    }


def preset_text(message: StrPromise, ruleset_id: str) -> StrPromise:
    """Return ``message`` (a lazy translation) filled, when it is shown, with the numbers of
    the latest version of the preset ``ruleset_id`` (RULES.md §B).

    The message may quote ``%(minimum)s`` and ``%(maximum)s``, the range of contracts in
    scored points, and ``%(deal_points)s``, the flat 160 scored points of a deal (what a
    chute is worth before any contract). The numbers live in the engine only.
    """
    # lazy() makes a Promise of a str; its stub says it returns the wrapped function itself.
    return lazy(lambda: str(message) % _preset_values(ruleset_id), str)()  # type: ignore[return-value]


RULES_PRESET_LABELS = {
    "ffb-coinche": preset_text(
        _("FFB coinche (declarations, %(minimum)s to %(maximum)s or capot)"), "ffb-coinche"
    ),
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

    A = scoring.TeamSide.A.value, _("Team A")
    B = scoring.TeamSide.B.value, _("Team B")


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


def new_results_version() -> str:
    """Return a new, random version of a tournament's results: 16 hex digits.

    Random rather than counted, so that a database put back from a copy never meets a
    cached page of a later value counted from the same number (services/cache.py).
    """
    return secrets.token_hex(8)


class ConfirmationMode(models.TextChoices):
    """How table entries count: confirmed by the opponents, or at once."""

    CONFIRM = "confirm", _("The opposing team confirms each entry")
    TRUST = "trust", _("Entries count at once")


class AuditAction(models.TextChoices):
    """What a change kept in the history of a deal or a match was (the audit trail's *what*).

    A deal is entered, changed at the table by the team that recorded it, confirmed by the
    opponents or by the organiser, disputed, corrected or deleted by the organiser, or sent
    back to the opponents when the organiser unlocks its match. A match is unlocked, stopped
    for time or reopened by the organiser, switched to paper sheets typed at the desk and
    back to the phones, or recorded by its totals from the paper sheet, then corrected
    (RULES.md §G). A round is closed, or reopened by the organiser (with a reason). A
    team's link is revoked or renewed by the organiser. A pair registers online, changes
    or cancels its registration, moves up from the waiting list, and is checked in. A
    player of a club's registry is registered, edited, or merged with another record of the
    same person (the record merged away is deleted with that action, the record kept saved
    with it).
    """

    ENTERED = "entered", _("Entered")
    CHANGED_AT_TABLE = "changed_at_table", _("Changed at the table")
    CONFIRMED_AT_TABLE = "confirmed_at_table", _("Confirmed at the table")
    CONFIRMED_BY_ORGANISER = "confirmed_by_organiser", _("Confirmed by the organiser")
    DISPUTED = "disputed", _("Disputed")
    CORRECTED = "corrected", _("Corrected")
    DELETED = "deleted", _("Deleted")
    UNLOCKED = "unlocked", _("Match unlocked")
    STOPPED_FOR_TIME = "stopped_for_time", _("Closed for time")
    REOPENED = "reopened", _("Table reopened")
    ROUND_CLOSED = "round_closed", _("Round closed")
    ROUND_REOPENED = "round_reopened", _("Round reopened")
    TOTALS_RECORDED = "totals_recorded", _("Totals recorded")
    TOTALS_CORRECTED = "totals_corrected", _("Totals corrected")
    SWITCHED_TO_PAPER = "switched_to_paper", _("Table switched to paper")
    SWITCHED_TO_PHONES = "switched_to_phones", _("Table back to phones")
    LINK_REVOKED = "link_revoked", _("Team link revoked")
    LINK_RENEWED = "link_renewed", _("Team link renewed")
    # Online registration (services/online_registration.py)
    REGISTERED = "registered", _("Registered online")
    REGISTRATION_CHANGED = "registration_changed", _("Registration changed")
    REGISTRATION_CANCELLED = "registration_cancelled", _("Registration cancelled")
    PROMOTED = "promoted", _("Moved up from the waiting list")
    CHECKED_IN = "checked_in", _("Checked in")
    PLAYER_CREATED = "player_created", _("Player registered")
    PLAYER_EDITED = "player_edited", _("Player edited")
    PLAYER_MERGED = "player_merged", _("Players merged")


class ResultsMode(models.TextChoices):
    """Who enters the results: each table on its phones, or the desk from the paper sheets.

    A tournament has one; a match may have its own (the organiser switched that table),
    which wins over the tournament's (``Match.is_paper``).
    """

    PHONES = "phones", _("phones at the tables")
    PAPER = "paper", _("paper sheets typed at the desk")
