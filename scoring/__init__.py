"""Belote Club's scoring engine: pure Python, no Django (RULES.md §A–§E, §F).

Public API:
    score_deal(deal, rules) -> DealScore; validate_deal(deal, rules) -> DealError | None;
    deal_errors(deal, rules) -> list[DealError] (every failure, RULES.md §B6 order)
    score_match(deals, rules, match_format) -> MatchScore; advance_match(...);
    stop_match_for_time(state) -> MatchState; nominal_match_total(match_format) -> int
    resolve_declarations(taker, defence, trump) -> DeclarationResult
    card_points_fixed_by_tricks(tricks), defence_card_points(taker_card_points, ...)
    PRESETS[(id, version)], PRESET_IDS, get_ruleset(id, version=None) -> RuleSet,
    latest_version(id) -> int
    check_match_totals(totals, rules) -> TotalsError | None, expected_totals_sum,
    is_checkable(rules), InvalidTotals; decide_result(total_a, total_b) -> MatchResult
    (RULES.md §E, §G)
    deal_score_range(rules) -> (least, most), most_deals_played(match_format),
    score_step(rules), check_totals_plausibility(rules, deals_played, score_a, score_b,
    match_format=...) -> list[BrokenLimit], TotalsLimit: totals that cannot be true (§G)
"""

from scoring.cards import (
    BELOTE_POINTS,
    CAPOT_CARD_POINTS,
    DEAL_CARD_POINTS,
    TRICKS_PER_DEAL,
    card_points_fixed_by_tricks,
    defence_card_points,
)
from scoring.deals import (
    DEAL_BASE,
    Deal,
    DealOutcome,
    DealScore,
    LineKind,
    LinePart,
    PartKind,
    ScoreLine,
    Side,
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
    TeamSide,
    advance_match,
    decide_result,
    nominal_match_total,
    score_match,
    stop_match_for_time,
)
from scoring.rules import (
    CAPOT,
    HIGHEST_CONTRACT,
    LOWEST_CONTRACT,
    PRESET_IDS,
    PRESETS,
    CoincheLevel,
    Counting,
    RuleSet,
    Trump,
    get_ruleset,
    latest_version,
)
from scoring.totals import (
    MAX_DEALS_PLAYED,
    MAX_MATCH_TOTAL,
    InvalidTotals,
    MatchTotals,
    TotalsError,
    TotalsField,
    check_match_totals,
    expected_totals_sum,
    is_checkable,
)
from scoring.totals_limits import (
    BrokenLimit,
    TotalsLimit,
    check_totals_plausibility,
    deal_score_range,
    most_deals_played,
    score_step,
)
from scoring.validation import deal_errors, validate_deal

__all__ = [
    "score_step",
    "most_deals_played",
    "deal_score_range",
    "check_totals_plausibility",
    "TotalsLimit",
    "BrokenLimit",
    "BELOTE_POINTS",
    "CAPOT",
    "CAPOT_CARD_POINTS",
    "DEAL_BASE",
    "DEAL_CARD_POINTS",
    "HIGHEST_CONTRACT",
    "LOWEST_CONTRACT",
    "MAX_DEALS_PLAYED",
    "MAX_MATCH_TOTAL",
    "PRESETS",
    "PRESET_IDS",
    "TRICKS_PER_DEAL",
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
    "InvalidTotals",
    "LineKind",
    "LinePart",
    "MatchDeal",
    "MatchFinished",
    "MatchFormat",
    "MatchResult",
    "MatchScore",
    "MatchState",
    "MatchStep",
    "MatchTotals",
    "PartKind",
    "RuleSet",
    "ScoreLine",
    "Side",
    "TeamSide",
    "TotalsError",
    "TotalsField",
    "Trump",
    "advance_match",
    "card_points_fixed_by_tricks",
    "check_match_totals",
    "deal_errors",
    "decide_result",
    "defence_card_points",
    "expected_totals_sum",
    "get_ruleset",
    "is_checkable",
    "latest_version",
    "nominal_match_total",
    "parse_declarations",
    "resolve_declarations",
    "round_to_ten",
    "score_deal",
    "score_match",
    "stop_match_for_time",
    "validate_deal",
]
