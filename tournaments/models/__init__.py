"""Tournament data: clubs, their players, teams, tournaments, rounds, matches and deals.

Terms (STYLE.md §8): a *Round* (partie) is one round of the concours, every table; a
*Match* is two teams at one table in that round; a *Deal* (donne) is one deal of 8
tricks. Deals store their inputs and the scores the engine computed for them; match
totals are stored too, so standings and exports never re-score history.

One module per feature; every public name is importable from ``tournaments.models``,
which the migrations use too (``tournaments.models.new_token``).
"""

from tournaments.models.audit import AuditedHistory, set_audit
from tournaments.models.bounds import (
    FIELD_RANGES,
    MAX_BYE_CREDIT,
    MAX_CHALLENGE_CONCOURS,
    MAX_CHALLENGE_POINTS,
    MAX_DEAL_NUMBER,
    MAX_DEAL_VERSION,
    MAX_FORMAT_VALUE,
    MAX_MATCH_POINTS,
    MAX_RANK_POINTS,
    MAX_TEAM_NUMBER,
    field_range,
)
from tournaments.models.challenges import Challenge, ChallengeConcours, parse_rank_points
from tournaments.models.choices import (
    DEFAULT_TIE_BREAKS,
    RULES_PRESET_LABELS,
    AuditAction,
    ByeCredit,
    CoincheLevel,
    ConfirmationMode,
    DealOutcome,
    DealStatus,
    MatchFormatKind,
    MatchResult,
    Ranking,
    ResultsMode,
    RulesPreset,
    TeamSide,
    TieBreak,
    Trump,
    new_results_version,
    new_token,
    preset_text,
)
from tournaments.models.clubs import MATCH_POINT_FIELDS, Club, Tournament
from tournaments.models.deals import ENTRY_FIELDS, Deal, DealEntry
from tournaments.models.idempotency import IdempotencyRecord
from tournaments.models.links import Seat, TableLink, TeamLink
from tournaments.models.melee import MeleeConcours, MeleeDraft, MeleePair, MeleePlayer, SitOut
from tournaments.models.players import Player
from tournaments.models.registrations import Registration, RegistrationSettings
from tournaments.models.rounds import Bye, Match, Round
from tournaments.models.teams import MAX_TEAM_NAME_LENGTH, Team, TeamData

__all__ = [
    "DEFAULT_TIE_BREAKS",
    "ENTRY_FIELDS",
    "FIELD_RANGES",
    "MAX_BYE_CREDIT",
    "MAX_CHALLENGE_CONCOURS",
    "MAX_CHALLENGE_POINTS",
    "MAX_RANK_POINTS",
    "Challenge",
    "ChallengeConcours",
    "parse_rank_points",
    "MAX_MATCH_POINTS",
    "MATCH_POINT_FIELDS",
    "MAX_DEAL_NUMBER",
    "MAX_DEAL_VERSION",
    "MAX_FORMAT_VALUE",
    "MAX_TEAM_NAME_LENGTH",
    "MAX_TEAM_NUMBER",
    "RULES_PRESET_LABELS",
    "AuditAction",
    "AuditedHistory",
    "Bye",
    "ByeCredit",
    "Club",
    "CoincheLevel",
    "ConfirmationMode",
    "Deal",
    "DealEntry",
    "DealOutcome",
    "DealStatus",
    "Match",
    "MeleeConcours",
    "MeleeDraft",
    "MeleePair",
    "MeleePlayer",
    "MatchFormatKind",
    "MatchResult",
    "Player",
    "Ranking",
    "Registration",
    "RegistrationSettings",
    "ResultsMode",
    "Round",
    "RulesPreset",
    "IdempotencyRecord",
    "Seat",
    "SitOut",
    "TableLink",
    "TeamLink",
    "Team",
    "TeamData",
    "TeamSide",
    "TieBreak",
    "Tournament",
    "Trump",
    "field_range",
    "new_results_version",
    "new_token",
    "preset_text",
    "set_audit",
]
