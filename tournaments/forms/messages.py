"""The translated messages of every error code: the engine's, the services', the imports'.

Only this module turns codes into words (STYLE.md §2): the engine's §B6 codes (RULES.md),
its problems of a totals-only sheet (RULES.md §G, :class:`scoring.TotalsError`), the
services' refusals (:class:`tournaments.services.ServiceError`), the concours importer's
problems and the team file's problems.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.cards import BELOTE_POINTS, DEAL_CARD_POINTS
from scoring.errors import DealError, ErrorCode
from scoring.totals import CAPOT_EXTRA_POINTS, MatchTotals, TotalsError, TotalsField
from tournaments.importing.problems import ImportProblem
from tournaments.importing.teams import TeamFile
from tournaments.presentation.totals import broken_limits_text
from tournaments.services.errors import Refusal, RefusalParam

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

_DEAL_MESSAGES = {
    (ErrorCode.RULESET, "unknown"): _("Unknown rule preset “%(ruleset)s”."),
    (ErrorCode.RULESET, "unknown_version"): _(
        "The rule preset “%(ruleset)s” has no version %(version)s."
    ),
    (ErrorCode.TRUMP, "unknown"): _("Choose a trump: ♠, ♥, ♦, ♣, no trump or all trump."),
    (ErrorCode.TRUMP, "not_allowed"): _("No trump and all trump are not played under these rules."),
    (ErrorCode.NUMBER, "not_integer"): _("Enter a whole number."),
    (ErrorCode.TRICKS, "range"): _("The taker's tricks must be between 0 and 8."),
    (ErrorCode.CARD_POINTS, "negative"): _("Card points cannot be negative."),
    # The engine's error carries the numbers these quote (RULES.md §A): a deal's card
    # points (deal_card_points) and a capot side's (capot_card_points).
    (ErrorCode.CARD_POINTS, "total"): _(
        "The two sides' card points must add up to %(deal_card_points)s (here %(total)s), or "
        "%(capot_card_points)s on a capot."
    ),
    (ErrorCode.CARD_POINTS, "taker_capot"): _(
        "With all 8 tricks (capot) the taker has %(capot_card_points)s card points and the "
        "defence 0."
    ),
    (ErrorCode.CARD_POINTS, "defence_capot"): _(
        "With no trick the taker has 0 card points and the defence %(capot_card_points)s (capot)."
    ),
    (ErrorCode.CARD_POINTS, "capot_without_tricks"): _(
        "%(capot_card_points)s card points means a capot: that side must have won all 8 tricks."
    ),
    (ErrorCode.BELOTE, "negative"): _("Belotes cannot be negative."),
    (ErrorCode.BELOTE, "no_trump"): _("There is no belote at no trump."),
    (ErrorCode.BELOTE, "suit"): _("Only one belote-rebelote with a suit trump."),
    (ErrorCode.BELOTE, "all_trump"): _("At most four belotes at all trump."),
    (ErrorCode.DECLARATIONS, "negative"): _("Declarations cannot be negative."),
    (ErrorCode.DECLARATIONS, "step"): _("Declarations are worth a multiple of 10."),
    (ErrorCode.DECLARATIONS, "too_high"): _(
        "The declarations of one side are at most %(limit)s points."
    ),
    (ErrorCode.DECLARATIONS, "both_sides"): _(
        "Only one side scores declarations: the side with the best one."
    ),
    (ErrorCode.DECLARATIONS, "not_allowed"): _(
        "Declarations do not count under these rules (belote-rebelote only)."
    ),
    (ErrorCode.CONTRACT, "missing"): _("Choose a contract."),
    (ErrorCode.CONTRACT, "not_integer"): _("The contract must be a number or capot."),
    (ErrorCode.CONTRACT, "below_minimum"): _("The contract is at least %(minimum)s."),
    (ErrorCode.CONTRACT, "above_maximum"): _("The contract is at most %(maximum)s."),
    (ErrorCode.CONTRACT, "step"): _("The contract goes up by %(step)s."),
    (ErrorCode.CONTRACT, "not_allowed"): _("Classic belote has no contract."),
    (ErrorCode.COINCHE, "unknown"): _("Choose none, coinche or surcoinche."),
    (ErrorCode.COINCHE, "not_allowed"): _("There is no coinche in classic belote."),
}
_BELOTE_LIMIT_REASONS = {0: "no_trump", 1: "suit", 4: "all_trump"}

#: A totals-only sheet's problems (RULES.md §G): the engine's field and reason.
_TOTALS_MESSAGES = {
    (TotalsField.TOTAL_A, "range"): _("A total is a whole number from 0 to %(maximum)s."),
    (TotalsField.TOTAL_B, "range"): _("A total is a whole number from 0 to %(maximum)s."),
    (TotalsField.DEALS_PLAYED, "range"): _(
        "The deals played are a whole number from 0 to %(maximum)s."
    ),
    (TotalsField.DEALS_PLAYED, "missing"): _(
        "Give the number of deals played: the other counts check the totals with it."
    ),
    (TotalsField.CAPOTS, "negative"): _("Capots cannot be negative."),
    (TotalsField.BELOTES, "negative"): _("Belotes cannot be negative."),
    (TotalsField.DECLARATIONS, "negative"): _("Declarations cannot be negative."),
    (TotalsField.CAPOTS, "above_deals"): _(
        "There cannot be more capots than deals played (%(deals)s)."
    ),
    (TotalsField.BELOTES, "above_deals"): _(
        "At most one belote a deal in classic belote: %(deals)s deals played."
    ),
    (TotalsField.DECLARATIONS, "range"): _("The declarations are at most %(maximum)s points."),
    (TotalsField.DECLARATIONS, "not_allowed"): _(
        "Declarations do not count under these rules (belote-rebelote only)."
    ),
    (TotalsField.DECLARATIONS, "step"): _("Declarations are worth a multiple of 10."),
    (TotalsField.SUM, "mismatch"): _(
        "The totals add up to %(total)s, the sheet's counts to %(expected)s (%(detail)s)."
    ),
}

SERVICE_MESSAGES: dict[Refusal, StrOrPromise] = {
    Refusal.MATCH_FINISHED: _("This match is over: no more deals can be added."),
    Refusal.DEAL_EXISTS: _("Deal %(number)s is already recorded."),
    Refusal.TAKER: _("Choose the taker's team."),
    Refusal.TOURNAMENT_EXISTS: _("A tournament with this name already exists."),
    Refusal.CLUB_NAME_MISSING: _("Name: enter the club's name."),
    Refusal.CLUB_EXISTS: _("Name: a club is already called “%(name)s”. Choose another name."),
    Refusal.USERNAME_MISSING: _("Username: enter the new organiser's username."),
    Refusal.ALREADY_ORGANISER: _("Username: “%(username)s” already organises this club."),
    Refusal.NOT_ORGANISER: _("“%(username)s” does not organise this club."),
    Refusal.LAST_ORGANISER: _(
        "“%(username)s” is the club's only organiser: add another organiser first."
    ),
    Refusal.PASSWORD_ALREADY_SET: _(
        "“%(username)s” has chosen a password already: no new link is needed."
    ),
    Refusal.SETTINGS_FROZEN: _(
        "The rules are fixed since round 1 was published: “%(field)s” can no longer change."
    ),
    Refusal.MISSING_PLAYER: _("Both players' names are required."),
    Refusal.DUPLICATE_NUMBER: _("Team number %(number)s is already taken."),
    Refusal.SAME_PAIR: _("These two players are already registered as team %(number)s."),
    Refusal.SAME_TEAM_NAME: _("Team %(number)s is already named “%(name)s”: choose another name."),
    Refusal.HAS_TEAMS: _(
        "This concours has registered teams: players are registered alone only in a mêlée."
    ),
    Refusal.MISSING_NAME: _("The player's name is required."),
    Refusal.DUPLICATE_PLAYER_NUMBER: _("Player number %(number)s is already taken."),
    Refusal.DUPLICATE_PLAYER_NAME: _("A player named “%(name)s” is already registered."),
    Refusal.IS_MELEE: _(
        "This concours is played à la mêlée: register its players alone, on the players page."
    ),
    Refusal.TOO_FEW_PLAYERS: _("At least four players must be present to draw a partie."),
    Refusal.SAME_PLAYER: _("Choose two different players to swap."),
    Refusal.UNKNOWN_PLAYER: _("Player %(number)s is neither seated in this draft nor sitting out."),
    Refusal.PLAYER_SEATED_TWICE: _(
        "Player %(number)s is seated twice in this draft: discard it and draw again."
    ),
    Refusal.PLAYER_NOT_PRESENT: _(
        "Player %(number)s is no longer present or has withdrawn: discard the draft and draw again."
    ),
    Refusal.ABSENT_PLAYER_SEATED: _(
        "Player %(number)s is no longer present or has withdrawn: they cannot be seated at a "
        "table, only swapped onto the sit-out list."
    ),
    Refusal.TEAM_DRAWN: _(
        "Team %(number)s has already been drawn: withdraw it instead of deleting it."
    ),
    Refusal.ALREADY_WITHDRAWN: _("Team %(number)s has already withdrawn."),
    Refusal.NOT_WITHDRAWN: _("Team %(number)s has not withdrawn."),
    Refusal.DRAWN_WITHOUT: _(
        "Round %(round)s is already drawn without team %(number)s: it stays withdrawn."
    ),
    Refusal.IN_DRAFT: _(
        "This team is in the draft draw of round %(number)s: discard the draft, withdraw the "
        "team, then draw again."
    ),
    Refusal.ABSENT_IN_DRAFT: _(
        "Team %(team)s is in the draft draw of round %(round)s: marked absent, it would leave "
        "its opponent alone. Discard the draft, mark the team absent, then draw again."
    ),
    Refusal.DELETE_IN_DRAFT: _(
        "Team %(team)s is in the draft draw of round %(round)s: discard the draft, delete the "
        "team, then draw again."
    ),
    Refusal.ROUND_OPEN: _(
        "Round %(number)s is not closed yet: close it before drawing the next one."
    ),
    Refusal.ALL_ROUNDS_DRAWN: _("All %(rounds)s rounds have been drawn."),
    Refusal.NO_ROUND_LEFT: _(
        "All %(rounds)s rounds have been drawn: a team registered now would play none of them."
    ),
    Refusal.NOT_ENOUGH_TEAMS: _("At least two teams must be present to draw a round."),
    Refusal.NOT_DRAFT: _("Round %(number)s is already published: its draw is fixed."),
    Refusal.DRAFT_DISCARDED: _(
        "The draft of round %(number)s was discarded meanwhile (by hand, by a correction or "
        "by reopening the round before it): reload the page."
    ),
    Refusal.NOT_PUBLISHED: _("Round %(number)s is not being played."),
    # These three take a list of tables or deals, and agree with how many it names.
    Refusal.MATCHES_OPEN: ngettext_lazy(
        "A match is not finished (table %(tables)s): finish it or close it for time.",
        "Some matches are not finished (tables %(tables)s): finish them or close them for time.",
        "count",
    ),
    Refusal.DEALS_UNCONFIRMED: ngettext_lazy(
        "Some deals are not confirmed yet (table %(tables)s): the opponents confirm them, or "
        "you settle them on the match page. Only confirmed deals count.",
        "Some deals are not confirmed yet (tables %(tables)s): the opponents confirm them, or "
        "you settle them on the match page. Only confirmed deals count.",
        "count",
    ),
    Refusal.NOT_CLOSED_FOR_TIME: _("Table %(table)s was not closed for time."),
    Refusal.CHANGED: ngettext_lazy(
        "The opponents changed deal %(numbers)s meanwhile: check it as it is now, then "
        "confirm again.",
        "The opponents changed deals %(numbers)s meanwhile: check them as they are now, then "
        "confirm again.",
        "count",
    ),
    Refusal.SAME_TEAM: _("Choose two different teams."),
    Refusal.UNKNOWN_TEAM: _("This team is not in the draw."),
    Refusal.SAME_PAIRING: _("These two teams already play each other: nothing to swap."),
    Refusal.REASON_REQUIRED: _("Give the reason: it is kept in the audit trail."),
    # Closed rounds: a finished match is never lost (services/draws.py).
    Refusal.CLOSED_ROUND_INCOMPLETE: _(
        "Round %(number)s is closed: this correction would leave table %(table)s unfinished, "
        "and it would no longer count. Nothing was saved. Correct the deal so that the match "
        "still reaches its end, or reopen round %(number)s on its page to let the table play "
        "on."
    ),
    Refusal.DELETE_IN_CLOSED_ROUND: _(
        "Round %(number)s is closed: deal %(deal)s cannot be deleted, the match would no "
        "longer be complete. Nothing was deleted. Correct the deal instead (as passed, if "
        "it was never played), or reopen round %(number)s on its page."
    ),
    Refusal.UNLOCK_IN_CLOSED_ROUND: _(
        "Round %(number)s is closed: its tables can no longer be unlocked, no phone could "
        "confirm their deals any more. Correct the deals here, or reopen round %(number)s "
        "on its page."
    ),
    Refusal.NOT_CLOSED: _("Round %(number)s is not closed: there is nothing to reopen."),
    Refusal.NEXT_ROUND_PUBLISHED: _(
        "Round %(next)s is already published: round %(number)s can no longer be reopened. "
        "Its deals can still be corrected on each table's page."
    ),
    # Totals-only matches (services/totals.py): the sum's detail is written by
    # totals_sum_detail, from the counts the refusal carries.
    Refusal.HAS_DEALS: _(
        "Table %(table)s already has deals: correct or delete them. The totals are typed "
        "only for a table with no deal."
    ),
    Refusal.TOTALS_MISMATCH: _(
        "The totals add up to %(total)s, the sheet says %(expected)s (%(detail)s): correct "
        "them, or give the reason."
    ),
    # The broken limits are written by presentation.totals.broken_limits_text from the
    # params the refusal carries (services.implausible_params).
    Refusal.TOTALS_IMPLAUSIBLE: _(
        "These totals cannot be true: %(detail)s. Correct them, or give the reason."
    ),
    # Table entry on the players' phones (services/table.py).
    Refusal.LINK_REVOKED: _(
        "This link has been revoked: ask the organiser for your table's new one."
    ),
    Refusal.MATCH_LOCKED: _(
        "This match is confirmed and locked: ask the organiser for any correction."
    ),
    Refusal.NOT_YOURS: _("Deal %(number)s was entered by the opponents: only they can correct it."),
    Refusal.ALREADY_CONFIRMED: _(
        "Deal %(number)s is already confirmed: ask the organiser for any correction."
    ),
    Refusal.STALE: _(
        "Deal %(number)s was changed on another phone meanwhile: here it is as it is now. "
        "Check it, then correct it again if needed."
    ),
    Refusal.OWN_ENTRY: _(
        "Deal %(number)s was entered by your team: the opponents confirm it, or dispute it."
    ),
    Refusal.DEAL_NOT_NEXT: _(
        "Deal %(number)s cannot be recorded: the next deal of this match is deal %(next)s."
    ),
    Refusal.WRONG_PIN: _(
        "Wrong code: the opponents type their own code, the one on their team card."
    ),
    Refusal.PIN_BLOCKED: _(
        "Too many wrong codes: confirm on the opponents' phone, or ask the organiser."
    ),
    Refusal.DEAL_CONFLICT: _(
        "Deal %(number)s was already recorded with other figures (by the other phone?): "
        "yours was not saved. Check deal %(number)s in the list and correct it if needed."
    ),
    # The registry of players (services/players.py, services/registration.py).
    Refusal.PLAYER_LAST_NAME: _("Last name: type the player's last name."),
    Refusal.LICENCE_TAKEN: _(
        "Licence number: %(licence)s is already the licence number of %(player)s in the "
        "club's registry."
    ),
    Refusal.MERGE_INTO_ITSELF: _(
        "Player kept: choose another record; a player cannot be merged into themself."
    ),
    Refusal.MERGE_OTHER_CLUB: _("Player kept: choose a record of the same club's registry."),
    Refusal.PLAYER_GONE: _(
        "One of these records was merged or deleted meanwhile: nothing was changed."
    ),
    Refusal.MERGE_PARTNERS: _(
        "Player kept: these two records played together in team %(number)s of "
        "“%(tournament)s”: they are two people, nothing was merged."
    ),
    Refusal.MERGE_SAME_TOURNAMENT: _(
        "Player kept: these two records played “%(tournament)s” in teams %(numbers)s: "
        "they are two people, nothing was merged."
    ),
    Refusal.NO_REGISTRY: _(
        "This tournament has no organising club, so no registry of players: type the names only."
    ),
    Refusal.PLAYER_OTHER_CLUB: _(
        "Player: this record is not in the registry of the tournament's club; pick the "
        "player again."
    ),
    Refusal.PLAYER_TWICE: _("Players: %(player)s cannot be both players of one team."),
    Refusal.PLAYER_IN_TEAM: _(
        "Players: %(player)s already plays in team %(number)s of this tournament."
    ),
    # Season challenges (services/challenges.py, RULES.md §I).
    Refusal.CHALLENGE_EXISTS: _("Name: the club already has a challenge named “%(name)s”."),
    Refusal.CONCOURS_OTHER_CLUB: _(
        "Concours: “%(tournament)s” is not a concours of this challenge's club."
    ),
    Refusal.CONCOURS_UNFINISHED: _(
        "Concours: “%(tournament)s” is not finished; close all its rounds first."
    ),
    Refusal.CONCOURS_IN_CHALLENGE: _("Concours: “%(tournament)s” is already in this challenge."),
    Refusal.CONCOURS_NOT_IN_CHALLENGE: _(
        "Concours: “%(tournament)s” is not in this challenge (removed meanwhile?)."
    ),
    Refusal.DISPUTE_REASON: _("Say why the deal is disputed."),
    Refusal.TOTALS_AT_DESK: _(
        "The result of table %(table)s is kept by the desk, from its paper sheet: nothing "
        "is entered or confirmed on the phones."
    ),
    Refusal.STOPPED_FOR_TIME: _(
        "The organiser stopped the match of table %(table)s for time: it counts with its "
        "score, nothing more is entered or confirmed on the phones. Deals still waiting "
        "are settled at the desk."
    ),
    # Once-only writes of the phones (services/idempotency.py).
    Refusal.IDEMPOTENCY_KEY_INVALID: _(
        "This phone sent an unreadable sending key: nothing was saved. Reload the page."
    ),
    Refusal.IDEMPOTENCY_MISMATCH: _(
        "This sending key already served for another entry: nothing was saved. Reload the "
        "page and enter it again."
    ),
    Refusal.IDEMPOTENCY_IN_PROGRESS: _(
        "This entry is still being recorded from its first sending: the phone sends it "
        "again in a moment."
    ),
    # Paper sheets typed at the desk (services/paper.py).
    Refusal.NOT_PAPER: _(
        "Table %(table)s enters its deals on its phones: switch it to paper on the round's "
        "page first."
    ),
    # Online registration (services/online_registration.py).
    Refusal.REGISTRATION_NOT_OPEN: _("Registration for this tournament is not open."),
    Refusal.REGISTRATION_CLOSED: _("Registration closed on %(closes_at)s: ask the organiser."),
    Refusal.REGISTRATION_STARTED: _(
        "The tournament has begun: online registration is closed. Ask the organiser at the desk."
    ),
    # Its params (capacity, waiting_list) are for the organiser's page, not quoted here.
    Refusal.REGISTRATION_FULL: _(
        "The tournament is full, waiting list included: no place is left."
    ),
    Refusal.REGISTERED_TWICE: _(
        "These two players are already registered (registration %(number)s)."
    ),
    Refusal.REGISTRATION_CANCELLED: _(
        "This registration is cancelled: register again from the tournament's page."
    ),
    Refusal.REGISTRATION_CHECKED_IN: _(
        "This pair is checked in as team %(number)s: ask the organiser for any change."
    ),
    Refusal.REGISTRATION_WAITING: _(
        "This pair is on the waiting list: only a pair with a place is checked in."
    ),
    # Online registration of mêlée players (RULES.md §H).
    Refusal.NOT_MELEE: _("This concours is played in pairs: register both players."),
    Refusal.PLAYER_REGISTERED_TWICE: _(
        "“%(name)s” is already registered (registration %(number)s)."
    ),
    Refusal.PLAYER_CHECKED_IN: _(
        "This player is checked in as player %(number)s: ask the organiser for any change."
    ),
    Refusal.PLAYER_WAITING: _(
        "This player is on the waiting list: only a player with a place is checked in."
    ),
}

#: The code of a row of matches.csv whose totals break a limit (RULES.md §G), the
#: refusal's own: tournaments.importing.match_totals makes it, with
#: services.implausible_params for its params.
IMPLAUSIBLE_TOTALS = Refusal.TOTALS_IMPLAUSIBLE.value

IMPORT_MESSAGES = {
    IMPLAUSIBLE_TOTALS: _("These totals cannot be true: %(detail)s."),
    "file": _("The file cannot be read."),
    "csv": _("This line cannot be read: a cell is far too long."),
    "columns": _("Missing column(s): %(columns)s."),
    "no_teams": _("A concours needs at least %(minimum)s teams; this file has %(count)s."),
    "no_deals": _("The file has no deal: add one line per deal under the header."),
    "no_matches": _("The file has no table: add one line per table under the header."),
    "both_files": _(
        "The folder holds both deals.csv and matches.csv: keep one, deals.csv for the "
        "deals or matches.csv for each table's totals."
    ),
    "no_results": _(
        "The folder has neither deals.csv (the deals) nor matches.csv (each table's "
        "totals): add one of them."
    ),
    "count": _("Write a whole number (0 or more), in digits 0 to 9."),
    "duplicate_table": _("Table %(table)s of this round is already on line %(line)s."),
    "empty_round": _(
        "Round %(number)s has no table while later rounds do: number the rounds from 1, "
        "with no gap."
    ),
    "number": _("Write a whole number of at least 1, in digits 0 to 9."),
    "too_large": _("The number cannot be above %(limit)s."),
    "too_many_rounds": _("A concours has at most %(limit)s rounds."),
    "missing_round": _(
        "Round %(number)s has no deal while later rounds do: number the rounds from 1, with no gap."
    ),
    "too_long": _("Too long: at most %(limit)s characters."),
    "nul": _("The text contains a null character (code 0): remove it."),
    "duplicate_number": _("Team number %(number)s appears twice."),
    "missing_player": _("Both players' names are required."),
    "same_pair": _("The same two players are already on line %(line)s."),
    "unknown_team": _("Team %(number)s is not in teams.csv."),
    "same_team": _("A team cannot play against itself."),
    "table_conflict": _("Table %(table)s already has other teams in this round."),
    "team_twice": _("Team %(number)s plays at two tables in this round."),
    "duplicate_deal": _("Deal %(number)s appears twice for this table."),
    "taker_team": _("The taker's team must be one of the two teams at the table."),
    "passed": _("Write yes or no."),
    "match_finished": SERVICE_MESSAGES[Refusal.MATCH_FINISHED],
    "tournament_exists": _("A tournament with this name already exists."),
    "name": _("Give the tournament a name."),
    "name_too_long": _("The tournament name is too long: at most %(limit)s characters."),
    "club_name": _("Give the club a name, or leave out --club."),
    "club_too_long": _("The club name is too long: at most %(limit)s characters."),
    "format_limit": _("The match format goes up to %(format)s at most."),
    "ruleset": _("Unknown rule preset “%(ruleset)s”."),
    "teams_and_players": _(
        "The folder has both teams.csv (doublettes) and players.csv (a mêlée): keep one."
    ),
    "melee_taker": _("Write A or B for the taking pair, or the number of one of its players."),
    "no_players": _("A mêlée needs at least %(minimum)s players; the file has %(count)s."),
    "duplicate_player_number": _("Player number %(number)s appears twice."),
    "missing_name": _("The player's name is required."),
    "unknown_player": _("Player %(number)s is not in players.csv."),
    "player_twice": _("Player %(number)s is already seated in this round (line %(line)s)."),
}


def deal_error_message(error: DealError) -> str:
    """Return the translated message for an engine error (RULES.md §B6)."""
    reason = error.reason
    params = dict(error.params)
    if error.code is ErrorCode.BELOTE and reason == "too_many":
        reason = _BELOTE_LIMIT_REASONS[int(params["limit"])]
    return str(_DEAL_MESSAGES[(error.code, reason)]) % params


def totals_sum_detail(totals: MatchTotals) -> str:
    """Return what a sheet's counts add up to, written out: ``"162 × 12 + 20 × 5"`` for 12
    deals and 5 belotes (RULES.md §G: 162 a deal, 90 more a capot, 20 a belote, then the
    declaration points); counts of 0 or not given are left out, but never the deals."""
    terms = [f"{DEAL_CARD_POINTS} × {totals.deals_played or 0}"]
    if totals.capots:
        terms.append(f"{CAPOT_EXTRA_POINTS} × {totals.capots}")
    if totals.belotes:
        terms.append(f"{BELOTE_POINTS} × {totals.belotes}")
    if totals.declarations:
        terms.append(str(totals.declarations))
    return " + ".join(terms)


def totals_error_message(error: TotalsError, totals: MatchTotals) -> str:
    """Return the translated message of the engine's problem with a totals-only sheet
    (:func:`scoring.check_match_totals`, RULES.md §G); ``totals`` is the sheet, whose
    counts a sum that does not add up writes out."""
    params: dict[str, object] = dict(error.params)
    params["detail"] = totals_sum_detail(totals)
    return str(_TOTALS_MESSAGES[(error.code, error.reason)]) % params


def _counted_sheet(params: Mapping[str, RefusalParam]) -> MatchTotals:
    """Return the sheet a ``totals_mismatch`` refusal quotes: its totals do not matter."""

    def count(name: str) -> int:
        value = params.get(name, 0)
        return value if isinstance(value, int) else 0

    return MatchTotals(
        0,
        0,
        count("deals_played"),
        count("capots"),
        count("belotes"),
        count("declarations"),
    )


#: The refusals a mêlée pair's phone words with « paire » rather than « équipe ».
PAIR_MESSAGES = {
    Refusal.WRONG_PIN: _(
        "Wrong code: the opponents type their own code, the one on their pair card."
    ),
}


def table_error_message(code: Refusal, params: Mapping[str, RefusalParam], *, is_pair: bool) -> str:
    """Return :func:`service_error_message` as a phone words it: a mêlée pair's phone
    (``is_pair``) speaks of its pair card (:data:`PAIR_MESSAGES`)."""
    if is_pair and code in PAIR_MESSAGES:
        return str(PAIR_MESSAGES[Refusal(code)])
    return service_error_message(code, params)


def service_error_message(code: Refusal, params: Mapping[str, RefusalParam]) -> str:
    """Return the translated message of a :class:`tournaments.services.ServiceError`.

    A list of tables or deals (``tables``/``numbers``: a tuple of ints) is written "1, 3",
    and the message agrees with how many it names. A ``totals_mismatch`` writes out what
    the sheet's counts add up to (:func:`totals_sum_detail`).
    """
    values: dict[str, object] = dict(params)
    if code == Refusal.TOTALS_MISMATCH:
        values["detail"] = totals_sum_detail(_counted_sheet(params))
    if code == Refusal.TOTALS_IMPLAUSIBLE:
        values["detail"] = broken_limits_text(params)
    for name in ("tables", "numbers"):
        listed = values.get(name)
        if isinstance(listed, tuple):
            values[name] = ", ".join(map(str, listed))
            values["count"] = len(listed)
    message = SERVICE_MESSAGES[Refusal(code)]
    if "count" in values:
        return message % values
    return str(message) % values


def import_problem_message(problem: ImportProblem) -> str:
    """Return one translated line about a played concours' files: file, line, column, code
    in brackets, what to fix (:class:`tournaments.importing.problems.ImportProblem`).

    A problem with the options names no file, one with a whole file no line, and one
    about a whole line (the csv module could not read it, a pair twice) no column.
    """
    if isinstance(problem.error, TotalsError) and problem.totals is not None:
        text = totals_error_message(problem.error, problem.totals)
    elif problem.code == IMPLAUSIBLE_TOTALS:
        text = str(IMPORT_MESSAGES[problem.code]) % {"detail": broken_limits_text(problem.params)}
    elif isinstance(problem.error, DealError):
        text = deal_error_message(problem.error)
    else:
        text = str(IMPORT_MESSAGES[problem.code]) % problem.params
    where = {
        "file": problem.file,
        "line": problem.line,
        "field": problem.column,
        "code": problem.code,
        "text": text,
    }
    if not problem.file:
        return text
    if not problem.line:
        return gettext("%(file)s [%(code)s]: %(text)s") % where
    if not problem.column:
        return gettext("%(file)s, line %(line)s [%(code)s]: %(text)s") % where
    return gettext("%(file)s, line %(line)s, column “%(field)s” [%(code)s]: %(text)s") % where


def left_out_of_draft_message(*, count: int, round_number: int) -> str:
    """Return the warning for ``count`` present teams that the draft of a round lacks.

    They play from the round after it, unless the organiser discards the draft and draws
    again (services/registration.py).
    """
    return ngettext(
        "Round %(round)s is drawn as a draft without this team: it plays from round "
        "%(next)s. To include it in round %(round)s, discard the draft and draw again.",
        "Round %(round)s is drawn as a draft without these %(count)s teams: they play from "
        "round %(next)s. To include them in round %(round)s, discard the draft and draw again.",
        count,
    ) % {"count": count, "round": round_number, "next": round_number + 1}


def kept_in_published_round_message(*, team_number: int, round_number: int) -> str:
    """Return the note for a team marked absent that has a table or the bye in a published round.

    A published draw is fixed: the team keeps its place there and is only left out of the
    next draw.
    """
    return gettext(
        "Round %(round)s is already published: team %(team)s keeps its place in it and is "
        "only left out of the next draw."
    ) % {"team": team_number, "round": round_number}


# Team import (CSV or XLSX): the problem codes of tournaments.importing.teams --------------

TEAM_IMPORT_COLUMN_LABELS = {
    "number": _("number"),
    "player_1": _("player 1"),
    "player_2": _("player 2"),
    "club": _("club"),
    "licence_1": _("licence 1"),
    "licence_2": _("licence 2"),
    "name": _("team name"),
}

TEAM_IMPORT_MESSAGES = {
    "extension": _(
        "This file is neither CSV (.csv, .txt) nor Excel (.xlsx): save the table in one of "
        "these formats."
    ),
    "unreadable": _(
        "The file cannot be read as CSV: save the table again as CSV or Excel (.xlsx)."
    ),
    "not_text": _(
        "This file is not a CSV text file: save the table as CSV, or as an Excel workbook "
        "with the .xlsx extension."
    ),
    "not_xlsx": _(
        "This file cannot be read as an Excel workbook (.xlsx): open it in your spreadsheet "
        "and save it again as .xlsx or CSV."
    ),
    "empty": _("The file is empty."),
    "formula_without_value": _(
        "Cell %(cell)s holds a formula whose result the file does not contain: open the file "
        "in Excel or LibreOffice, save it, then import it again."
    ),
    "too_many_lines": _(
        "The file has more than %(max)s lines: import at most %(max)s lines at a time."
    ),
    "columns": _(
        "Missing column(s): %(columns)s. The first line must name the columns: number, "
        "player 1, player 2, club, team name (only the players are required)."
    ),
    "column_twice": _("Two columns are named “%(column)s”: keep only one."),
    "no_rows": _("The file has a header line but no team."),
    "number": _(
        "“%(value)s” is not a team number: write a whole number from 1 to %(max)s, or leave "
        "it empty."
    ),
    "too_long": _("Too long (%(column)s): at most %(max)s characters."),
    "duplicate_number": _("Number %(number)s is already used on line %(line)s."),
    "same_pair": _("The same two players are already on line %(line)s."),
    "same_name": _("The team name “%(name)s” is already on line %(line)s."),
    "extra_cells": _(
        "This line has %(cells)s values for %(columns)s columns (“%(extra)s” is one too "
        "many): a comma inside a name? Put that name between quotes, or separate the "
        "columns with “;”."
    ),
    "number_taken": _("Number %(number)s is already taken by team %(players)s."),
    "pair_registered": _("These two players are already registered as team %(number)s."),
    "name_registered": _("Team %(number)s is already named “%(name)s”: choose another name."),
    "player_playing": _("%(player)s already plays in team %(number)s of this tournament."),
    "player_on_line": _("%(player)s already plays in the team of line %(line)s."),
    "same_player": _("%(player)s cannot be both players of one team."),
    "licence_twice": _("Licence number %(licence)s is already on line %(line)s."),
}
TEAM_IMPORT_MISSING_PLAYER = {
    "player_1": _("Player 1's name is missing."),
    "player_2": _("Player 2's name is missing."),
}


def mapped_column_labels(team_file: TeamFile) -> list[tuple[str, str]]:
    """Return ``(header name, translated column label)`` for each column the team file
    imports, in file order: « Nom de l'équipe » → « nom de l’équipe »."""
    return [
        (header, str(TEAM_IMPORT_COLUMN_LABELS[column]))
        for header, column in team_file.mapped_columns
    ]


def team_import_problem_message(problem: ImportProblem) -> str:
    """Return the translated message of a team file's
    :class:`tournaments.importing.problems.ImportProblem`.

    Whole-file problems (line 0) and header problems name no line; the preview shows row
    problems beside their line.
    """
    # Column names become their lazy translated labels, which % turns into text.
    params: dict[str, object] = dict(problem.params)
    if problem.code == "missing_player":
        return str(TEAM_IMPORT_MISSING_PLAYER[problem.column])
    if problem.code == "columns":
        names = str(params["columns"]).split(", ")
        params["columns"] = ", ".join(str(TEAM_IMPORT_COLUMN_LABELS[name]) for name in names)
    if problem.code in ("column_twice", "too_long"):
        column = str(params.get("column", problem.column))
        params["column"] = TEAM_IMPORT_COLUMN_LABELS[column]
    return str(TEAM_IMPORT_MESSAGES[problem.code]) % params


def team_import_service_message(code: Refusal, params: Mapping[str, RefusalParam]) -> str:
    """Return why the registration service refused the import; nothing was saved.

    The teams can change between the preview and the save; the refusal is worded as
    :data:`SERVICE_MESSAGES` words it.
    """
    reason = service_error_message(code, params)
    return gettext("Nothing was saved. %(reason)s") % {"reason": reason}


# Corrections on the match page --------------------------------------------------------

#: The error of an empty reason field, worded as the services' refusal.
REASON_REQUIRED = SERVICE_MESSAGES[Refusal.REASON_REQUIRED]

#: Refusals of the correction services worded otherwise than in SERVICE_MESSAGES.
CORRECTION_MESSAGES = {
    Refusal.STALE: _(
        "Deal %(number)s was changed meanwhile (at the table or by another organiser): "
        "check it below, then correct it again."
    ),
}


#: Refusals of the organiser's « Valider la donne telle quelle » worded otherwise.
CONFIRMATION_MESSAGES = {
    Refusal.STALE: _(
        "Deal %(number)s was changed meanwhile (at the table or by another organiser): "
        "check it below, then confirm or correct it."
    ),
}


def confirmation_error_message(code: Refusal, params: Mapping[str, RefusalParam]) -> str:
    """Return the translated message of a refused confirmation by the organiser."""
    if code in CONFIRMATION_MESSAGES:
        return str(CONFIRMATION_MESSAGES[code]) % params
    return service_error_message(code, params)


def correction_error_message(code: Refusal, params: Mapping[str, RefusalParam]) -> str:
    """Return the translated message of a refused correction (services.ServiceError)."""
    if code in CORRECTION_MESSAGES:
        return str(CORRECTION_MESSAGES[code]) % params
    return service_error_message(code, params)


# The desk's grid of a paper sheet (views/paper.py) --------------------------------------

#: Refusals of a row of the grid worded otherwise than in SERVICE_MESSAGES.
SHEET_MESSAGES = {
    Refusal.STALE: _(
        "Deal %(number)s was changed meanwhile (at the table or on another screen): here it "
        "is as it is now. Check it, then type it again if needed."
    ),
    Refusal.DEAL_NOT_NEXT: _(
        "Not saved: the sheet is typed in order, and the next deal to type is deal %(next)s."
    ),
}


def sheet_error_message(code: Refusal, params: Mapping[str, RefusalParam]) -> str:
    """Return the translated message of a refused row of the grid, or of a refused switch
    of a table between paper and phones (services/paper.py)."""
    if code in SHEET_MESSAGES:
        return str(SHEET_MESSAGES[code]) % params
    return service_error_message(code, params)
