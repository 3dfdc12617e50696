"""Every write of the tournaments app (STYLE.md §3): validate, lock, score, save.

Services are keyword-only, run in one transaction and lock what they change. Expected
refusals raise :class:`ServiceError`, whose code forms/messages.py turns into a message.
"""

from tournaments.services.deals import (
    Author,
    Correction,
    correct_deal,
    delete_deal,
    record_deal,
    record_deals,
)
from tournaments.services.draws import (
    Reopening,
    SwapResult,
    close_match_for_time,
    close_round,
    discard_draft,
    draw_round,
    is_reopenable,
    publish_round,
    reopen_match,
    reopen_round,
    swap_teams_in_draft,
)
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.idempotency import Outcome, fingerprint, parse_key, run_once
from tournaments.services.links import ensure_team_links, regenerate_link, revoke_link
from tournaments.services.melee import (
    MeleePlayerData,
    PlayedMeleeTable,
    mark_melee,
    record_played_melee_round,
    register_melee_players,
    set_melee_player_present,
    set_melee_player_withdrawn,
    update_melee_player,
)
from tournaments.services.melee_draws import (
    MeleeSwap,
    draw_melee_partie,
    publish_draft,
    swap_melee_players,
)
from tournaments.services.online_registration import (
    Cancellation,
    RegistrationData,
    cancel_registration,
    change_registration,
    check_in_registration,
    register_pair,
    set_registration_settings,
)
from tournaments.services.paper import save_sheet_row, set_match_results_mode
from tournaments.services.played_rounds import PlayedMatch, record_played_round
from tournaments.services.players import (
    Merge,
    PlayerData,
    create_player,
    merge_players,
    update_player,
)
from tournaments.services.registration import (
    CheckIn,
    TeamData,
    check_in_all,
    register_club,
    register_team,
    register_teams,
    reinstate_team,
    remove_team,
    set_checked_in,
    update_team,
    withdraw_team,
)
from tournaments.services.scores import breakdown_to_json
from tournaments.services.setup import create_tournament, is_settings_frozen, update_tournament
from tournaments.services.table import (
    confirm_deal_by_organiser,
    confirm_deals,
    confirm_with_pin,
    dispute_deal,
    edit_deal_at_table,
    submit_deal,
    unlock_match,
)
from tournaments.services.totals import record_match_totals

__all__ = [
    "MeleeSwap",
    "draw_melee_partie",
    "mark_melee",
    "publish_draft",
    "set_melee_player_present",
    "set_melee_player_withdrawn",
    "swap_melee_players",
    "update_melee_player",
    "Cancellation",
    "RegistrationData",
    "cancel_registration",
    "change_registration",
    "check_in_registration",
    "register_pair",
    "set_registration_settings",
    "Merge",
    "PlayerData",
    "create_player",
    "merge_players",
    "update_player",
    "Author",
    "MeleePlayerData",
    "PlayedMeleeTable",
    "record_played_melee_round",
    "register_melee_players",
    "CheckIn",
    "Correction",
    "PlayedMatch",
    "confirm_deal_by_organiser",
    "confirm_deals",
    "confirm_with_pin",
    "correct_deal",
    "delete_deal",
    "dispute_deal",
    "edit_deal_at_table",
    "ensure_team_links",
    "regenerate_link",
    "reopen_match",
    "reopen_round",
    "revoke_link",
    "submit_deal",
    "unlock_match",
    "Outcome",
    "fingerprint",
    "parse_key",
    "run_once",
    "Refusal",
    "Reopening",
    "ServiceError",
    "SwapResult",
    "TeamData",
    "breakdown_to_json",
    "check_in_all",
    "close_match_for_time",
    "close_round",
    "create_tournament",
    "discard_draft",
    "draw_round",
    "is_reopenable",
    "is_settings_frozen",
    "publish_round",
    "record_deal",
    "record_deals",
    "record_match_totals",
    "record_played_round",
    "register_club",
    "save_sheet_row",
    "set_match_results_mode",
    "register_team",
    "register_teams",
    "remove_team",
    "set_checked_in",
    "swap_teams_in_draft",
    "update_team",
    "update_tournament",
    "reinstate_team",
    "withdraw_team",
]
