"""The one exception of the services, and every refusal it can carry.

A service that refuses to write raises :class:`ServiceError` with a :class:`Refusal` and the
parameters its message quotes; nothing is saved then. Only tournaments/forms/messages.py
turns a refusal into words (French and English), so the services stay free of wording.
"""

from __future__ import annotations

from enum import StrEnum

#: What a refusal's message may quote: a number (a round, a table, a team, a deal), a word
#: (a settings field), or a list of numbers (tables or deals), which the message joins.
RefusalParam = int | str | tuple[int, ...]


class Refusal(StrEnum):
    """Why a service refused: the expected refusals of every service (STYLE.md §3).

    The comment beside each member names the parameters the service passes with it.
    """

    # Deals (services/deals.py)
    TAKER = "taker"
    DEAL_EXISTS = "deal_exists"  # number: the deal number
    MATCH_FINISHED = "match_finished"
    NOT_PUBLISHED = "not_published"  # number: the round
    STALE = "stale"  # number: the deal changed meanwhile
    REASON_REQUIRED = "reason_required"
    # Totals-only matches (services/totals.py, RULES.md §G)
    HAS_DEALS = "has_deals"  # table: the match already has deals
    # total, expected: the two sums; deals_played, capots, belotes, declarations: the counts
    TOTALS_MISMATCH = "totals_mismatch"
    # limits: the broken scoring.TotalsLimit values, comma-separated; then their params
    # (scoring.BrokenLimit: total, deals_played, most_deals, score_step, least…)
    TOTALS_IMPLAUSIBLE = "totals_implausible"
    # Set-up (services/setup.py)
    TOURNAMENT_EXISTS = "tournament_exists"
    SETTINGS_FROZEN = "settings_frozen"  # field: the first frozen setting changed
    # Clubs and their organisers (services/clubs.py)
    CLUB_NAME_MISSING = "club_name_missing"
    CLUB_EXISTS = "club_exists"  # name: the club that has the name already
    USERNAME_MISSING = "username_missing"
    ALREADY_ORGANISER = "already_organiser"  # username
    NOT_ORGANISER = "not_organiser"  # username
    LAST_ORGANISER = "last_organiser"  # username: the club's only organiser
    PASSWORD_ALREADY_SET = "password_already_set"  # username
    # Registration (services/registration.py)
    MISSING_PLAYER = "missing_player"
    DUPLICATE_NUMBER = "duplicate_number"  # number: the team number
    SAME_PAIR = "same_pair"  # number: the team already registered
    SAME_TEAM_NAME = "same_team_name"  # name, number: the team that already has that name
    TEAM_DRAWN = "team_drawn"  # number: the team
    ALREADY_WITHDRAWN = "already_withdrawn"  # number: the team
    NOT_WITHDRAWN = "not_withdrawn"  # number: the team
    DRAWN_WITHOUT = "drawn_without"  # number: the team; round: the first it missed
    IN_DRAFT = "in_draft"  # number: the draft round
    ABSENT_IN_DRAFT = "absent_in_draft"  # team, round
    DELETE_IN_DRAFT = "delete_in_draft"  # team, round
    # Mêlée (services/melee.py, RULES.md §H)
    HAS_TEAMS = "has_teams"
    MISSING_NAME = "missing_name"
    DUPLICATE_PLAYER_NUMBER = "duplicate_player_number"  # number: the player number
    DUPLICATE_PLAYER_NAME = "duplicate_player_name"  # name: the player's name
    IS_MELEE = "is_melee"
    # Mêlée draws (services/melee_draws.py, RULES.md §H)
    TOO_FEW_PLAYERS = "too_few_players"
    SAME_PLAYER = "same_player"
    UNKNOWN_PLAYER = "unknown_player"  # number: the player number not in the draw
    PLAYER_SEATED_TWICE = "player_seated_twice"  # number: the player number
    PLAYER_NOT_PRESENT = "player_not_present"  # number: the player number
    ABSENT_PLAYER_SEATED = "absent_player_seated"  # number: the player number
    # The registry of players (services/players.py)
    PLAYER_LAST_NAME = "player_last_name"
    LICENCE_TAKEN = "licence_taken"  # licence: the number; player: who holds it
    MERGE_INTO_ITSELF = "merge_into_itself"
    MERGE_OTHER_CLUB = "merge_other_club"
    MERGE_PARTNERS = "merge_partners"  # tournament: the concours; number: their team
    MERGE_SAME_TOURNAMENT = "merge_same_tournament"  # tournament; numbers: the two teams
    PLAYER_GONE = "player_gone"
    NO_REGISTRY = "no_registry"
    PLAYER_OTHER_CLUB = "player_other_club"
    PLAYER_TWICE = "player_twice"  # player: the name
    PLAYER_IN_TEAM = "player_in_team"  # player: the name; number: the team it plays in
    # Season challenges (services/challenges.py)
    CHALLENGE_EXISTS = "challenge_exists"  # name: the challenge's name
    CONCOURS_OTHER_CLUB = "concours_other_club"  # tournament: its name
    CONCOURS_UNFINISHED = "concours_unfinished"  # tournament: its name
    CONCOURS_IN_CHALLENGE = "concours_in_challenge"  # tournament: its name
    CONCOURS_NOT_IN_CHALLENGE = "concours_not_in_challenge"  # tournament: its name
    # Rounds and draws (services/draws.py)
    ROUND_OPEN = "round_open"  # number: the round not closed
    ALL_ROUNDS_DRAWN = "all_rounds_drawn"  # rounds: how many the tournament has
    NO_ROUND_LEFT = "no_round_left"  # rounds: how many the tournament has, all drawn
    NOT_ENOUGH_TEAMS = "not_enough_teams"
    NOT_DRAFT = "not_draft"  # number: the round
    DRAFT_DISCARDED = "draft_discarded"  # number: the round whose draft was deleted meanwhile
    MATCHES_OPEN = "matches_open"  # tables: the tables not finished
    DEALS_UNCONFIRMED = "deals_unconfirmed"  # tables: the tables with deals waiting
    NOT_CLOSED_FOR_TIME = "not_closed_for_time"  # table
    SAME_TEAM = "same_team"
    UNKNOWN_TEAM = "unknown_team"
    SAME_PAIRING = "same_pairing"
    # Closed rounds: a finished match is never lost (services/draws.py states the rules)
    CLOSED_ROUND_INCOMPLETE = "closed_round_incomplete"  # table; number: the closed round
    DELETE_IN_CLOSED_ROUND = "delete_in_closed_round"  # number: the round; deal: the deal
    UNLOCK_IN_CLOSED_ROUND = "unlock_in_closed_round"  # number: the closed round
    NOT_CLOSED = "not_closed"  # number: the round asked to reopen
    NEXT_ROUND_PUBLISHED = "next_round_published"  # number: the round; next: the one after
    # Table entry on the players' phones (services/table.py)
    LINK_REVOKED = "link_revoked"
    MATCH_LOCKED = "match_locked"
    NOT_YOURS = "not_yours"  # number: the deal
    ALREADY_CONFIRMED = "already_confirmed"  # number: the deal
    OWN_ENTRY = "own_entry"  # number: the deal
    CHANGED = "changed"  # numbers: the deals changed since the phone showed them
    DEAL_NOT_NEXT = "deal_not_next"  # number: the deal sent; next: the next deal's number
    WRONG_PIN = "wrong_pin"
    PIN_BLOCKED = "pin_blocked"
    DEAL_CONFLICT = "deal_conflict"  # number: the deal recorded meanwhile with other inputs
    DISPUTE_REASON = "dispute_reason"  # number: the deal disputed with no reason
    TOTALS_AT_DESK = "totals_at_desk"  # table: the desk typed its totals from the paper sheet
    STOPPED_FOR_TIME = "stopped_for_time"  # table: the organiser stopped it for time
    # Once-only writes of the phones (services/idempotency.py)
    IDEMPOTENCY_KEY_INVALID = "idempotency_key_invalid"
    IDEMPOTENCY_MISMATCH = "idempotency_mismatch"
    IDEMPOTENCY_IN_PROGRESS = "idempotency_in_progress"  # its first sending still answering
    # Paper sheets typed at the desk (services/paper.py)
    NOT_PAPER = "not_paper"  # table: the table enters its deals on its phones
    # Online registration (services/online_registration.py)
    REGISTRATION_NOT_OPEN = "registration_not_open"
    REGISTRATION_CLOSED = "registration_closed"  # closes_at: the closing time, ISO 8601
    REGISTRATION_STARTED = "registration_started"  # partie 1 is published
    REGISTRATION_FULL = "registration_full"  # capacity, waiting_list: the places
    REGISTERED_TWICE = "registered_twice"  # number: the position of the pair's registration
    REGISTRATION_CANCELLED = "registration_cancelled"
    REGISTRATION_CHECKED_IN = "registration_checked_in"  # number: the team made from it
    REGISTRATION_WAITING = "registration_waiting"
    # Online registration of mêlée players, one by one (RULES.md §H)
    NOT_MELEE = "not_melee"
    PLAYER_REGISTERED_TWICE = "player_registered_twice"  # name; number: the position
    PLAYER_CHECKED_IN = "player_checked_in"  # number: the mêlée player made from it
    PLAYER_WAITING = "player_waiting"


class ServiceError(Exception):
    """An expected refusal: ``code`` says why, ``params`` fill its message (forms/messages.py).

    Lists of tables or deals are tuples of ints (``tables=(2, 3)``), never pre-joined text:
    the message joins them and agrees with how many there are.
    """

    def __init__(self, code: Refusal, **params: RefusalParam) -> None:
        super().__init__(str(code))
        self.code = Refusal(code)
        self.params = params
