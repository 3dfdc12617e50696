"""Reads of the tournaments app (STYLE.md §3): named for what they return, tuned here.

Pages, tables, exports and commands read only from these functions. One module per
feature; every public name is importable from ``tournaments.selectors``.
"""

from tournaments.selectors.deals import (
    is_recorded_as,
    match_deals,
    next_deal_number,
    round_deals,
    tournament_deals,
)
from tournaments.selectors.history import (
    deal_confirmation,
    match_history,
    match_unlocks,
    round_history,
)
from tournaments.selectors.links import (
    TeamSituation,
    active_team_link,
    match_links,
    refreshed_seat,
    round_links,
    table_link_by_token,
    team_link_by_token,
    team_links,
    team_seat,
    team_situation,
)
from tournaments.selectors.prizes import NO_PRIZE, award_prizes, is_eligible_for_prize, prize_lines
from tournaments.selectors.results import (
    UNCONFIRMED,
    ConfirmedMatch,
    ConfirmedTotals,
    match_results,
    round_results,
    with_confirmed_totals,
)
from tournaments.selectors.rounds import (
    PairingLine,
    draft_round,
    is_in_draw,
    next_round,
    public_rounds,
    published_round,
    round_byes,
    round_matches,
    round_pairings,
    round_progress,
    tournament_matches,
    tournament_played_byes,
    tournament_rounds,
)
from tournaments.selectors.sheets import RowScores, later_deals, match_deal, preview_row_scores
from tournaments.selectors.standings import (
    Standing,
    TeamFigures,
    counted_matches,
    standings_rules,
    tournament_standings,
)
from tournaments.selectors.teams import TeamCounts, team_counts, tournament_teams
from tournaments.selectors.tournaments import all_tournaments

__all__ = [
    "UNCONFIRMED",
    "ConfirmedMatch",
    "ConfirmedTotals",
    "match_results",
    "round_results",
    "with_confirmed_totals",
    "all_tournaments",
    "NO_PRIZE",
    "PairingLine",
    "RowScores",
    "Standing",
    "TeamCounts",
    "TeamFigures",
    "TeamSituation",
    "active_team_link",
    "table_link_by_token",
    "team_link_by_token",
    "team_links",
    "refreshed_seat",
    "team_seat",
    "team_situation",
    "award_prizes",
    "counted_matches",
    "deal_confirmation",
    "draft_round",
    "is_eligible_for_prize",
    "is_in_draw",
    "is_recorded_as",
    "later_deals",
    "match_deal",
    "match_deals",
    "match_history",
    "round_history",
    "match_links",
    "match_unlocks",
    "next_deal_number",
    "preview_row_scores",
    "prize_lines",
    "next_round",
    "public_rounds",
    "published_round",
    "round_byes",
    "round_deals",
    "round_links",
    "round_matches",
    "round_pairings",
    "round_progress",
    "standings_rules",
    "team_counts",
    "tournament_deals",
    "tournament_matches",
    "tournament_played_byes",
    "tournament_rounds",
    "tournament_standings",
    "tournament_teams",
]
