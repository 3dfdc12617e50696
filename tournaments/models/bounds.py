"""The range of every integer field of the tournament models: what a concours can hold.

Each bound is one a real concours never reaches and one PostgreSQL's columns hold (a
``smallint`` stops at 32 767, an ``integer`` at 2 147 483 647, a ``bigint`` at 2^63 − 1),
so that a database copied from SQLite, which stores any integer, always loads into
PostgreSQL. The models' ``CheckConstraint``\\ s enforce them in the database, the forms
with ``max_value``, the archive restore (tournaments/archive/) before it writes.

:data:`FIELD_RANGES` gives, per model and field, the smallest and the largest value
allowed: card points, tricks, belotes and contracts are the engine's limits (RULES.md §A,
§B), and so are the counts of a paper sheet (``scoring.MAX_DEALS_PLAYED``,
``scoring.MAX_MATCH_TOTAL``, RULES.md §G); the others are sizes of a concours. Each range
is written here once: :func:`range_check` and :func:`ranges_check` build the constraints
from it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

import scoring
from scoring.validation import MAX_DECLARATIONS

#: Team numbers, as the forms, the team file and a played concours' files take them.
MAX_TEAM_NUMBER = 9999
#: A draw seats every team but one: at most half of the largest team number of tables.
MAX_TABLE_NUMBER = MAX_TEAM_NUMBER // 2
#: Tournament.number_of_rounds is 1 to 20 (CheckConstraint ``tournament_rounds_range``).
MAX_ROUNDS = 20
#: A team registered after the last round was drawn joins from the round after it, and a
#: team withdrawn after the last round played withdraws from the round after it.
MAX_FROM_ROUND = MAX_ROUNDS + 1
#: Deals of one match: a match played to a target score has no fixed number of deals.
MAX_DEAL_NUMBER = 999
#: Deals per match (the settings form allows 1 to 64) or a target score, in scored points.
MAX_FORMAT_VALUE = 9999
#: A fixed bye credit, in scored points (RULES.md §E).
MAX_BYE_CREDIT = 9999
#: Match points of a won, drawn or lost match or of a bye (RULES.md §E): a club gives a
#: few points (2/1/1/2, 4/3/2/3); 99 leaves room for any scale a club uses.
MAX_MATCH_POINTS = 99
#: Challenge points of one party, bye or place (RULES.md §I): a few points, or a few
#: hundred for a club that weighs a win like a deal.
MAX_CHALLENGE_POINTS = 9999
#: Places that earn rank points in a challenge's formula.
MAX_RANK_POINTS = 50
#: Concours of one challenge: a weekly concours for two seasons.
MAX_CHALLENGE_CONCOURS = 999
#: Lots are drawn below services.registration.LOT_RANGE (1 000 000).
MAX_LOT = 999_999
#: Seeds are drawn on 62 bits (services.draws.SEED_BITS), stored in a signed 64-bit column.
MAX_SEED = 2**62 - 1
#: Versions of a rule preset (RULES.md §B): 1, 2… as the engine adds them.
MAX_RULES_VERSION = 999
#: Scored points of one deal for one team, a litige reserve paid out included: a
#: surcoinched capot scores a few thousand.
MAX_DEAL_SCORE = 99_999
#: A running or a match total, in scored points.
MAX_TOTAL = 999_999
#: Versions of one deal: each correction adds one (the forms carried this bound already).
MAX_DEAL_VERSION = 2_000_000_000
#: Changes of a match's results (services/cache.py): one a write, stored in a signed
#: 64-bit column.
MAX_RESULTS_COUNT = 2**62 - 1
#: Wrong PINs counted on a table link: blocked after services.links.MAX_PIN_FAILURES.
MAX_PIN_FAILURES = 999

#: ``{model name: {field: (smallest, largest)}}`` for every integer field of the models.
FIELD_RANGES: dict[str, dict[str, tuple[int, int]]] = {
    "tournament": {
        "rules_version": (1, MAX_RULES_VERSION),
        "match_format_value": (1, MAX_FORMAT_VALUE),
        "number_of_rounds": (1, MAX_ROUNDS),
        "bye_credit_value": (0, MAX_BYE_CREDIT),
        "match_points_win": (0, MAX_MATCH_POINTS),
        "match_points_draw": (0, MAX_MATCH_POINTS),
        "match_points_loss": (0, MAX_MATCH_POINTS),
        "match_points_bye": (0, MAX_MATCH_POINTS),
    },
    "challenge": {
        "points_win": (0, MAX_CHALLENGE_POINTS),
        "points_draw": (0, MAX_CHALLENGE_POINTS),
        "points_loss": (0, MAX_CHALLENGE_POINTS),
        "points_bye": (0, MAX_CHALLENGE_POINTS),
        "best_of": (1, MAX_CHALLENGE_CONCOURS),
        "minimum": (1, MAX_CHALLENGE_CONCOURS),
    },
    "challengeconcours": {
        "position": (1, MAX_CHALLENGE_CONCOURS),
    },
    "team": {
        "number": (1, MAX_TEAM_NUMBER),
        "lot": (0, MAX_LOT),
        "first_round": (1, MAX_FROM_ROUND),
        "withdrawn_from_round": (1, MAX_FROM_ROUND),
    },
    "meleeplayer": {
        "number": (1, MAX_TEAM_NUMBER),
        "lot": (0, MAX_LOT),
    },
    "round": {
        "number": (1, MAX_ROUNDS),
        "seed": (0, MAX_SEED),
    },
    "match": {
        "table_number": (1, MAX_TABLE_NUMBER),
        "total_a": (-MAX_TOTAL, MAX_TOTAL),
        "total_b": (-MAX_TOTAL, MAX_TOTAL),
        "reserve": (0, MAX_TOTAL),
        "deals_played": (0, MAX_DEAL_NUMBER),
        # A paper sheet's counts (RULES.md §G), as the engine checks them
        # (scoring.check_match_totals): deals played, so as many capots and belotes at
        # most; declaration points inside the totals.
        "sheet_deals_played": (0, scoring.MAX_DEALS_PLAYED),
        "sheet_capots": (0, scoring.MAX_DEALS_PLAYED),
        "sheet_belotes": (0, scoring.MAX_DEALS_PLAYED),
        "sheet_declarations": (0, scoring.MAX_MATCH_TOTAL),
        # Its figures (services.scores.replay_match): at most one capot and one coinche
        # made per deal, four belotes per deal (tout atout).
        "belotes_a": (0, 4 * MAX_DEAL_NUMBER),
        "belotes_b": (0, 4 * MAX_DEAL_NUMBER),
        "capots_a": (0, MAX_DEAL_NUMBER),
        "capots_b": (0, MAX_DEAL_NUMBER),
        "coinches_made_a": (0, MAX_DEAL_NUMBER),
        "coinches_made_b": (0, MAX_DEAL_NUMBER),
        "results_count": (0, MAX_RESULTS_COUNT),
    },
    "deal": {
        "deal_number": (1, MAX_DEAL_NUMBER),
        "contract_value": (scoring.LOWEST_CONTRACT, scoring.HIGHEST_CONTRACT),
        "taker_card_points": (0, scoring.CAPOT_CARD_POINTS),
        "defence_card_points": (0, scoring.CAPOT_CARD_POINTS),
        "taker_tricks": (0, scoring.TRICKS_PER_DEAL),
        "taker_belotes": (0, 4),
        "defence_belotes": (0, 4),
        "taker_declarations": (0, MAX_DECLARATIONS),
        "defence_declarations": (0, MAX_DECLARATIONS),
        "taker_score": (-MAX_DEAL_SCORE, MAX_DEAL_SCORE),
        "defence_score": (-MAX_DEAL_SCORE, MAX_DEAL_SCORE),
        "reserve": (0, MAX_DEAL_SCORE),
        "score_a": (-MAX_DEAL_SCORE, MAX_DEAL_SCORE),
        "score_b": (-MAX_DEAL_SCORE, MAX_DEAL_SCORE),
        "total_a": (-MAX_TOTAL, MAX_TOTAL),
        "total_b": (-MAX_TOTAL, MAX_TOTAL),
        "rules_version": (1, MAX_RULES_VERSION),
        "version": (1, MAX_DEAL_VERSION),
    },
    "tablelink": {
        "pin_failures": (0, MAX_PIN_FAILURES),
    },
    "teamlink": {
        "pin_failures": (0, MAX_PIN_FAILURES),
    },
}


def field_range(model_name: str, field: str) -> tuple[int, int]:
    """Return the smallest and the largest value of ``field`` of the model ``model_name``
    (``Model._meta.model_name``, e.g. ``"team"``). Raises KeyError for another field."""
    return FIELD_RANGES[model_name][field]


def _range_condition(model_name: str, field: str, *, lower: bool, nullable: bool) -> Q:
    smallest, largest = field_range(model_name, field)
    condition = Q(**{f"{field}__lte": largest})
    if lower:
        condition &= Q(**{f"{field}__gte": smallest})
    if nullable:
        condition = Q(**{f"{field}__isnull": True}) | condition
    return condition


def range_check(
    model_name: str, field: str, *, name: str, lower: bool = True, nullable: bool = False
) -> models.CheckConstraint:
    """Return the check constraint ``name`` that keeps ``field`` within its range in
    :data:`FIELD_RANGES`: only at most the largest value when ``lower`` is False (a
    positive field's column, or another constraint, holds the smallest); NULL passes when
    ``nullable``."""
    condition = _range_condition(model_name, field, lower=lower, nullable=nullable)
    return models.CheckConstraint(condition=condition, name=name)


def ranges_check(
    model_name: str,
    fields: tuple[str, ...],
    *,
    name: str,
    lower: bool = True,
    nullable: bool = False,
) -> models.CheckConstraint:
    """Return the one check constraint ``name`` that keeps each of ``fields`` within its
    range in :data:`FIELD_RANGES`, for fields that go together (a paper sheet's counts);
    ``lower`` and ``nullable`` as for :func:`range_check`, for every field. Raises
    ValueError for no field."""
    if not fields:
        raise ValueError("a range check needs a field")
    condition = Q()
    for field in fields:
        condition &= _range_condition(model_name, field, lower=lower, nullable=nullable)
    return models.CheckConstraint(condition=condition, name=name)
