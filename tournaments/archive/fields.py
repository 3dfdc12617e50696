"""The archive format, version 1: what each record holds, and how values become JSON.

One JSON object (UTF-8, on one line)::

    {"format": "belote-club-concours", "version": 1, "archived_at": "…",
     "tournament": {settings, "club": name or null},
     "users": [{"username", "first_name", "last_name"}],        # those the history names
     "teams": [{team fields, "club": name or ""}],
     "rounds": [{round fields, "byes": [team numbers],
                 "matches": [{match fields (team_a, team_b: team numbers),
                              "deals": [{"key", deal fields}],
                              "links": [{link fields}],
                              "history": [{match fields, history fields}],
                              "deal_history": [{"deal": key, deal fields, history fields}]}]}]}

Every field of :data:`RECORD_FIELDS` is stored as the model stores it: times in ISO 8601
with their UTC offset, dates as ``YYYY-MM-DD``, JSON fields as they are. A deal's
``key`` names it within its match, in the archive only: the history of a deleted deal
names a key no current deal has. The history records (django-simple-history's, with the
audit columns of tournaments.models.AuditedHistory) name their author by username
(``user``, or null), and come in the order they were written.

A totals-only match (RULES.md §G) has no deal: its two totals and the sheet's counts
(``sheet_*``, null where the sheet gives none) are its match fields, and its history says
who typed them and why, as the site keeps them. ``results_mode`` says who enters a
tournament's results (phones or paper), and a match's own mode when the organiser
switched its table (empty: as its tournament says).

A field added to a model means a new version of the format (and the reader of the old
one): tests/tournaments/test_archive.py checks that :data:`RECORD_FIELDS` holds every
field of the models. Version 1 itself was completed with the results modes and the
totals-only fields before it was ever released: no archive of version 1 lacks them.
"""

from __future__ import annotations

import datetime
from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser
from django.db import models

from tournaments.models import Deal, Match, Round, TableLink, Team, TeamLink, Tournament

FORMAT = "belote-club-concours"
VERSION = 1

#: The fields no archive holds: a restored tournament gets a new results version, so that
#: no page cached before can be read for it (tournaments/services/cache.py).
NOT_ARCHIVED: dict[str, tuple[str, ...]] = {"tournament": ("results_version",)}

#: The fields of each record, as the model names them (``team_a``: the team's number).
RECORD_FIELDS: dict[str, tuple[str, ...]] = {
    "tournament": (
        "name",
        "slug",
        "date",
        "venue",
        "rules_preset",
        "rules_version",
        "match_format",
        "match_format_value",
        "number_of_rounds",
        "bye_credit",
        "bye_credit_value",
        "bye_counts_as_win",
        "ranking",
        "tie_breaks",
        "allows_no_trump_all_trump",
        "projector_token",
        "confirmation_mode",
        "results_mode",
        "prize_list",
        "created_at",
    ),
    "team": (
        "number",
        "player_1",
        "player_2",
        "lot",
        "is_checked_in",
        "first_round",
        "withdrawn_from_round",
    ),
    "round": ("number", "status", "seed", "published_at", "closed_at"),
    "match": (
        "table_number",
        "total_a",
        "total_b",
        "reserve",
        "deals_played",
        "is_finished",
        "result",
        "stopped_for_time_at",
        "locked_at",
        "is_totals_only",
        "sheet_deals_played",
        "sheet_capots",
        "sheet_belotes",
        "sheet_declarations",
        "results_mode",
        "is_rematch",
        "pairing_reason",
        "pairing_detail",
    ),
    "deal": (
        "deal_number",
        "taker",
        "is_passed",
        "trump",
        "contract_value",
        "is_capot_bid",
        "coinche_level",
        "taker_card_points",
        "defence_card_points",
        "taker_tricks",
        "taker_belotes",
        "defence_belotes",
        "taker_declarations",
        "defence_declarations",
        "outcome",
        "taker_score",
        "defence_score",
        "reserve",
        "score_a",
        "score_b",
        "total_a",
        "total_b",
        "breakdown",
        "rules_version",
        "taker_declarations_text",
        "defence_declarations_text",
        "status",
        "entered_by_side",
        "dispute_note",
        "version",
        "created_at",
        "updated_at",
    ),
    "link": ("side", "token", "pin", "pin_failures", "created_at", "revoked_at"),
    "team_link": ("token", "pin", "pin_failures", "created_at", "revoked_at"),
    "history": (
        "history_date",
        "history_type",
        "history_change_reason",
        "audit_action",
        "audit_side",
        "audit_reason",
    ),
    "user": ("username", "first_name", "last_name"),
    # A team's registered players (``players``: two of these, or null): the person, found
    # again or added in the registry of the club the concours is restored for.
    "player": ("last_name", "first_name", "licence", "home_club"),
}
#: The model of each record.
RECORD_MODELS: dict[str, type[models.Model]] = {
    "tournament": Tournament,
    "team": Team,
    "round": Round,
    "match": Match,
    "deal": Deal,
    "link": TableLink,
    "team_link": TeamLink,
    "history": Deal.history.model,
}
#: The keys of each record besides its fields: names of related rows, and nested lists.
RECORD_LINKS: dict[str, tuple[str, ...]] = {
    "tournament": ("club",),
    "team": ("club",),
    "round": ("byes", "matches"),
    "match": ("team_a", "team_b", "deals", "links", "history", "deal_history"),
    "deal": ("key",),
    "link": (),
    "team_link": (),
    "user": (),
}
#: The keys of a history record besides its fields.
HISTORY_LINKS = ("user",)
#: The keys of a deal's history record besides the deal's and the history's fields.
DEAL_HISTORY_LINKS = ("deal",)
#: The keys of a match's history record besides the match's and the history's fields.
MATCH_HISTORY_LINKS = ("team_a", "team_b")
#: The score fields of a deal and of a match that the engine gives (services.scores).
DEAL_SCORE_FIELDS = (
    "outcome",
    "taker_score",
    "defence_score",
    "reserve",
    "score_a",
    "score_b",
    "total_a",
    "total_b",
    "breakdown",
)
MATCH_SCORE_FIELDS = ("total_a", "total_b", "reserve", "deals_played", "is_finished", "result")


class HistoryRecord(Protocol):
    """A django-simple-history record of a Deal or a Match, as the archive reads and
    writes it: the library builds the historical models at run time and ships no types,
    so these protocols say what the archive uses of them."""

    #: The id of the deal or match the record is a version of.
    id: int
    history_user: AbstractBaseUser | None
    #: What the change was (tournaments.models.AuditAction, or empty) and the reason a
    #: person typed for it (or empty).
    audit_action: str
    audit_reason: str


class DealHistoryRecord(HistoryRecord, Protocol):
    """A record of ``Deal.history``: a version of one deal of ``match``."""

    match: Match


class MatchHistoryRecord(HistoryRecord, Protocol):
    """A record of ``Match.history``: a version of one match of ``round``."""

    round: Round
    team_a: Team
    team_b: Team
    team_a_id: int
    team_b_id: int


def to_json(field: models.Field, value: object) -> object:
    """Return the stored ``value`` of ``field`` as JSON: times and dates in ISO 8601."""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value


def concrete_field(model: type[models.Model], name: str) -> models.Field:
    """Return the field ``name`` of ``model``, a column (not a relation's reverse side).

    Raises FieldDoesNotExist for a name the model lacks, TypeError for a reverse side.
    """
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return field


def model_field(record: str, name: str) -> models.Field:
    """Return the model field ``name`` of the record kind ``record``."""
    return concrete_field(RECORD_MODELS[record], name)
