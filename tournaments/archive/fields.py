"""The archive format, version 3: what each record holds, and how values become JSON.

One JSON object (UTF-8, on one line)::

    {"format": "belote-club-concours", "version": 3, "archived_at": "…",
     "tournament": {settings, "club": name or null},
     "users": [{"username", "first_name", "last_name"}],        # those the history names
     "teams": [{team fields, "club": name or ""}],
     "rounds": [{round fields, "byes": [team numbers],
                 "matches": [{match fields (team_a, team_b: team numbers),
                              "deals": [{"key", deal fields}],
                              "links": [{link fields}],
                              "history": [{match fields, history fields}],
                              "deal_history": [{"deal": key, deal fields, history fields}]}]}],
     "melee": null, or for a concours à la mêlée (RULES.md §H):
              {"players": [{player fields, "club": name or ""}],
               "pairs": [{"round", "team", "player_1", "player_2"}],     # numbers
               "sit_outs": [{"round", "player"}],                        # numbers
               "draft": null or {"round", "tables": [{"table_number", "pair_a", "pair_b",
                                 "repeated_partners", "repeated_opponents"}],
                                 "sit_outs": [player numbers]}}}

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

Version 2 adds a team's ``name`` (empty when it has none). An archive of version 1 is
still read: its teams have no name (:func:`record_fields`, :data:`ADDED_FIELDS`).

Version 3 adds ``melee`` (:data:`ADDED_KEYS`): null for doublettes; for a mêlée, its
players by number (their club by name, as a team's), which pair team of ``teams`` is which
two players in which published partie, who sat out each one, and the pending draft of
the partie being drawn, if any, with player numbers where the site stores ids (as
:class:`tournaments.models.MeleeDraft` holds it). In a mêlée every team of ``teams`` is
the pair of one partie: a mêlée has no registered team. An archive of version 1 or 2 has
no ``melee`` key, and is a doublettes concours.
"""

from __future__ import annotations

import datetime
from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser
from django.db import models

from tournaments.models import (
    Deal,
    Match,
    MeleePlayer,
    Round,
    TableLink,
    Team,
    TeamLink,
    Tournament,
)
from tournaments.standings import MATCH_FIGURES_FIELDS

FORMAT = "belote-club-concours"
VERSION = 3
#: The versions this reader restores: every one since 1.
READABLE_VERSIONS = (1, 2, 3)
#: ``{version: {record: fields}}``: the fields each version added to a record, which an
#: older archive does not have (its records get the model's default, e.g. no team name).
ADDED_FIELDS: dict[int, dict[str, tuple[str, ...]]] = {2: {"team": ("name",)}}
#: The keys of the archive itself, in the order it writes them.
TOP_KEYS = ("format", "version", "archived_at", "tournament", "users", "teams", "rounds", "melee")
#: ``{version: keys}``: the keys of the archive each version added (:func:`top_keys`).
ADDED_KEYS: dict[int, tuple[str, ...]] = {3: ("melee",)}

#: The fields no archive holds: a restored tournament gets a new results version, so that
#: no page cached before can be read for it (tournaments/services/cache.py), and its
#: matches count their results' changes from 0; a match's figures follow from its deals,
#: and restoring replays them (tournaments.services.scores.replay_match), a totals-only
#: match has none.
NOT_ARCHIVED: dict[str, tuple[str, ...]] = {
    "tournament": ("results_version",),
    "match": (*MATCH_FIGURES_FIELDS, "results_count"),
}

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
        "match_points_win",
        "match_points_draw",
        "match_points_loss",
        "match_points_bye",
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
        "name",
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
    # A mêlée's player (RULES.md §H), by number; the club by name, as a team's.
    "melee_player": ("number", "name", "lot", "is_checked_in", "is_withdrawn"),
}
#: The tournament fields an archive made before the ranking by match points (RULES.md §E)
#: lacks: such an archive is still version 1, and restores with their defaults.
LATER_TOURNAMENT_FIELDS = (
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
    "match_points_bye",
)


def record_fields(record: str, version: int) -> tuple[str, ...]:
    """Return the fields a record of kind ``record`` (a key of :data:`RECORD_FIELDS`) has in
    an archive of ``version`` (one of :data:`READABLE_VERSIONS`): those of
    :data:`RECORD_FIELDS` but the ones a later version added (:data:`ADDED_FIELDS`)."""
    later = {
        name
        for added_in, records in ADDED_FIELDS.items()
        if added_in > version
        for name in records.get(record, ())
    }
    return tuple(name for name in RECORD_FIELDS[record] if name not in later)


def top_keys(version: int) -> tuple[str, ...]:
    """Return the keys of an archive of ``version`` (one of :data:`READABLE_VERSIONS`):
    :data:`TOP_KEYS` but the ones a later version added (:data:`ADDED_KEYS`)."""
    later = {key for added_in, keys in ADDED_KEYS.items() if added_in > version for key in keys}
    return tuple(key for key in TOP_KEYS if key not in later)


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
    "melee_player": MeleePlayer,
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
    "melee": ("players", "pairs", "sit_outs", "draft"),
    "melee_player": ("club",),
    # A pair (tournaments.models.MeleePair): its partie, its team and its two players, by
    # number; a sit-out (tournaments.models.SitOut): its partie and its player.
    "melee_pair": ("round", "team", "player_1", "player_2"),
    "sit_out": ("round", "player"),
    "melee_draft": ("round", "tables", "sit_outs"),
    "draft_table": (
        "table_number",
        "pair_a",
        "pair_b",
        "repeated_partners",
        "repeated_opponents",
    ),
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
