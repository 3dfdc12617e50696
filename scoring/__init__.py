"""Belote Club's scoring engine: pure Python, no Django (RULES.md §A–§D, §F).

Public API:
    score_deal(deal, rules) -> DealScore; validate_deal(deal, rules) -> DealError | None
    score_match(deals, rules, match_format) -> MatchScore; advance_match(...)
    resolve_declarations(taker, defence, trump) -> DeclarationResult
    PRESETS, get_ruleset(id) -> RuleSet
"""

from scoring.deals import (
    Deal,
    DealOutcome,
    DealScore,
    LineKind,
    ScoreLine,
    Side,
    get_ruleset,
    round_to_ten,
    score_deal,
)
from scoring.declarations import (
    Declaration,
    DeclarationKind,
    DeclarationResult,
    parse_declarations,
    resolve_declarations,
)
from scoring.errors import DealError, ErrorCode, InvalidDeal, InvalidDeclaration
from scoring.matches import (
    FormatKind,
    MatchDeal,
    MatchFinished,
    MatchFormat,
    MatchResult,
    MatchScore,
    MatchState,
    MatchStep,
    Team,
    advance_match,
    score_match,
)
from scoring.rules import CAPOT, PRESETS, CoincheLevel, Counting, RuleSet, Trump
from scoring.validation import validate_deal

__all__ = [
    "CAPOT",
    "PRESETS",
    "CoincheLevel",
    "Counting",
    "Deal",
    "DealError",
    "DealOutcome",
    "DealScore",
    "Declaration",
    "DeclarationKind",
    "DeclarationResult",
    "ErrorCode",
    "FormatKind",
    "InvalidDeal",
    "InvalidDeclaration",
    "LineKind",
    "MatchDeal",
    "MatchFinished",
    "MatchFormat",
    "MatchResult",
    "MatchScore",
    "MatchState",
    "MatchStep",
    "RuleSet",
    "ScoreLine",
    "Side",
    "Team",
    "Trump",
    "advance_match",
    "get_ruleset",
    "parse_declarations",
    "resolve_declarations",
    "round_to_ten",
    "score_deal",
    "score_match",
    "validate_deal",
]
