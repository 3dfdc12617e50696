"""Read an archive and check all of it before anything is written: its format and version,
every key and value, and that it holds together (teams, rounds, tables, deals, links).

The result is made of unsaved model rows (:class:`ArchiveContents`); the scores are
checked against the engine afterwards, by tournaments/archive/restoring.py. The first
problem found raises :class:`tournaments.archive.problems.ArchiveError`.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from django.core.exceptions import ValidationError
from django.db import models

import scoring
from tournaments.archive.fields import (
    DEAL_HISTORY_LINKS,
    FORMAT,
    HISTORY_LINKS,
    LATER_TOURNAMENT_FIELDS,
    MATCH_HISTORY_LINKS,
    READABLE_VERSIONS,
    RECORD_FIELDS,
    RECORD_LINKS,
    VERSION,
    DealHistoryRecord,
    MatchHistoryRecord,
    concrete_field,
    record_fields,
    top_keys,
)
from tournaments.archive.problems import ArchiveError, ArchiveProblem, Place
from tournaments.models import (
    FIELD_RANGES,
    AuditAction,
    Club,
    Deal,
    Match,
    MeleePair,
    MeleePlayer,
    Player,
    Round,
    SitOut,
    TableLink,
    Team,
    TeamLink,
    TieBreak,
    Tournament,
)
from tournaments.services.players import PlayerData
from tournaments.services.totals import TOTALS_FIELDS
from tournaments.text import clean_name

#: A row the archive holds: a model's, read by :func:`_row`.
RowModel = TypeVar("RowModel", bound=models.Model)
#: A history record: a deal's or a match's (tournaments.archive.fields).
Record = TypeVar("Record", DealHistoryRecord, MatchHistoryRecord)
#: The actions of a match's history that set its totals (services/totals.py).
TOTALS_ACTIONS = (AuditAction.TOTALS_RECORDED, AuditAction.TOTALS_CORRECTED)
#: The sheet's counts of a totals-only match, as the match stores them.
SHEET_COUNT_FIELDS = ("sheet_deals_played", "sheet_capots", "sheet_belotes", "sheet_declarations")


@dataclass
class ArchivedUser:
    """An author of the audit trail: found by username, or made (restoring.py)."""

    username: str
    first_name: str
    last_name: str


@dataclass
class ArchivedHistory(Generic[Record]):
    """A history record (unsaved) and its author's username (or None)."""

    record: Record
    username: str | None


@dataclass
class ArchivedDealHistory(ArchivedHistory[DealHistoryRecord]):
    """A history record of a deal (unsaved), its author's username, and the key of its
    deal within the match (a deleted deal's key names no current deal)."""

    deal_key: int


@dataclass
class ArchivedMatch:
    """A match (unsaved, teams set) with its deals by key, table links, history, and the
    scores the archive stored for it."""

    match: Match
    deals: dict[int, Deal] = field(default_factory=dict)
    links: list[TableLink] = field(default_factory=list)
    history: list[ArchivedHistory[MatchHistoryRecord]] = field(default_factory=list)
    deal_history: list[ArchivedDealHistory] = field(default_factory=list)


@dataclass
class ArchivedRound:
    """A round (unsaved) with its matches, by table, and its byes (team numbers)."""

    round: Round
    matches: list[ArchivedMatch] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)


@dataclass
class ArchivedDraft:
    """The pending draft of a mêlée partie: its round (unsaved), and its draw as the
    archive holds it, with player numbers (checked) where the site stores ids."""

    round: Round
    draw: dict


@dataclass
class ArchivedMelee:
    """A concours à la mêlée (RULES.md §H): its players by number (unsaved) with their
    club's name (``""``: none), the pairs and sit-outs of its published parties (unsaved,
    their round, team and players set), and its pending draft, if any."""

    players: dict[int, tuple[MeleePlayer, str]]
    pairs: list[MeleePair] = field(default_factory=list)
    sit_outs: list[SitOut] = field(default_factory=list)
    draft: ArchivedDraft | None = None


@dataclass
class ArchiveContents:
    """Everything an archive holds, checked, as unsaved rows.

    ``club`` is the organising club's name (or None), ``teams`` the teams by number with
    their club's name (``""``: none), ``team_links`` each team's links by its number
    (revoked or not). ``has_team_links`` is False for an archive made before team links,
    whose teams have no ``links`` key: restoring gives its teams new links.
    """

    tournament: Tournament
    club: str | None
    users: dict[str, ArchivedUser]
    teams: dict[int, tuple[Team, str]]
    rounds: list[ArchivedRound]
    team_links: dict[int, list[TeamLink]] = field(default_factory=dict)
    has_team_links: bool = True
    #: Each team's registered players by its number (None: not linked); empty for an
    #: archive made before the registry, whose teams have no ``players`` key.
    team_players: dict[int, tuple[PlayerData | None, PlayerData | None]] = field(
        default_factory=dict
    )
    #: The mêlée, or None for doublettes (and for every archive before version 3).
    melee: ArchivedMelee | None = None


def _refuse(
    place: Place,
    code: str,
    error: ValidationError | scoring.DealError | scoring.TotalsError | None = None,
    totals: scoring.MatchTotals | None = None,
    **params: str | int | None,
) -> ArchiveError:
    return ArchiveError(ArchiveProblem(place, code, params, error, totals))


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _document(data: bytes) -> dict:
    """Return the archive's object, once its format and version are this reader's."""
    try:
        document = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _refuse((), "not_json") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _refuse((), "not_archive")
    version = document.get("version")
    if type(version) is int and version > VERSION:
        raise _refuse((), "newer_version", version=version, supported=VERSION)
    if version not in READABLE_VERSIONS or type(version) is not int:
        raise _refuse((), "unknown_version", version=json.dumps(version), supported=VERSION)
    _check_keys(document, top_keys(version), ())
    return document


def _entry_place(entry: object, key: str, kind: str, fallback: Place, within: Place = ()) -> Place:
    """Return where ``entry`` is: by its own number (or name) ``key`` when it can be read
    (``within`` what holds it), else ``fallback``, its position."""
    value = entry.get(key) if isinstance(entry, dict) else None
    if type(value) is int or (kind in ("user", "link") and isinstance(value, str)):
        return (*within, (kind, value))
    return fallback


def _check_keys(entry: object, keys: Iterable[str], place: Place) -> dict:
    """Return ``entry`` once it is an object with exactly ``keys``."""
    if not isinstance(entry, dict):
        raise _refuse(place, "not_an_object")
    keys = tuple(keys)
    for key in keys:
        if key not in entry:
            raise _refuse(place, "missing", key=key)
    for key in entry:
        if key not in keys:
            raise _refuse(place, "unknown_key", key=str(key))
    return entry


def _list(entry: dict, key: str, place: Place) -> list:
    value = entry[key]
    if not isinstance(value, list):
        raise _refuse(place, "type", key=key, expected="list")
    return value


def _text(entry: dict, key: str, place: Place) -> str:
    value = entry[key]
    if not isinstance(value, str):
        raise _refuse(place, "type", key=key, expected="text")
    return value


def _text_or_null(entry: dict, key: str, place: Place) -> str | None:
    value = entry[key]
    if value is not None and not isinstance(value, str):
        raise _refuse(place, "type", key=key, expected="text_or_null")
    return value


def _integer(entry: dict, key: str, place: Place) -> int:
    value = entry[key]
    if type(value) is not int:
        raise _refuse(place, "type", key=key, expected="integer")
    return value


def _value(model: type[models.Model], ranges: str, name: str, raw: object, place: Place) -> object:
    """Return ``raw`` as the field ``name`` of ``model`` stores it, within the range
    :data:`tournaments.models.FIELD_RANGES` gives it under the model name ``ranges``;
    raise the type, time, date or range problem."""
    field = concrete_field(model, name)
    if raw is None and field.null:
        return None
    nullable = "_or_null" if field.null else ""
    if isinstance(field, models.BooleanField):
        if type(raw) is not bool:
            raise _refuse(place, "type", key=name, expected="boolean")
        return raw
    if isinstance(field, models.IntegerField):
        if type(raw) is not int:
            raise _refuse(place, "type", key=name, expected="integer" + nullable)
        bounds = FIELD_RANGES.get(ranges, {}).get(name)
        if bounds is not None and not bounds[0] <= raw <= bounds[1]:
            raise _refuse(place, "range", key=name, value=raw, minimum=bounds[0], maximum=bounds[1])
        return raw
    if isinstance(field, models.DateTimeField):
        if not isinstance(raw, str):
            raise _refuse(place, "type", key=name, expected="datetime" + nullable)
        try:
            value = datetime.datetime.fromisoformat(raw)
        except ValueError:
            value = None
        if value is None or value.utcoffset() is None:
            raise _refuse(place, "datetime", key=name, value=raw)
        return value
    if isinstance(field, models.DateField):
        if not isinstance(raw, str):
            raise _refuse(place, "type", key=name, expected="date")
        try:
            return datetime.date.fromisoformat(raw)
        except ValueError:
            raise _refuse(place, "date", key=name, value=raw) from None
    if isinstance(field, models.JSONField):
        if not isinstance(raw, dict):
            raise _refuse(place, "type", key=name, expected="object")
        return raw
    if not isinstance(raw, str):
        raise _refuse(place, "type", key=name, expected="text" + nullable)
    return raw


def _row(
    model: type[RowModel],
    entry: object,
    place: Place,
    *,
    fields: tuple[str, ...],
    links: tuple[str, ...],
    ranges: str,
) -> tuple[RowModel, dict]:
    """Return an unsaved ``model`` row with the values of ``fields`` read from ``entry``,
    checked as the model checks them (choices, lengths, blanks) and within the ranges of
    the model ``ranges`` (:data:`tournaments.models.FIELD_RANGES`), and ``entry`` itself."""
    entry = _check_keys(entry, (*fields, *links), place)
    values = {name: _value(model, ranges, name, entry[name], place) for name in fields}
    row = model(**values)
    # A null the column allows is valid, even where a form could not leave it blank.
    checked = {name for name, value in values.items() if value is not None}
    try:
        row.clean_fields(exclude=[f.name for f in model._meta.fields if f.name not in checked])
    except ValidationError as error:
        name = next(iter(error.error_dict))
        raise _refuse(place, "invalid", ValidationError(error.error_dict[name]), key=name) from None
    return row, entry


def _club_name(name: str, place: Place) -> str:
    """Return the club ``name`` cleaned as the site stores names (``""``: no club); raise
    ``invalid`` for a name too long for a club."""
    name = clean_name(name)
    try:
        Club(name=name).clean_fields(exclude=["slug"] if name else ["name", "slug"])
    except ValidationError as error:
        raise _refuse(
            place, "invalid", ValidationError(error.error_dict["name"]), key="club"
        ) from None
    return name


def _read_tournament(entry: object) -> tuple[Tournament, str | None]:
    place: Place = (("tournament", None),)
    fields = RECORD_FIELDS["tournament"]
    if isinstance(entry, dict) and not any(key in entry for key in LATER_TOURNAMENT_FIELDS):
        # An archive made before these settings: the tournament keeps their defaults.
        fields = tuple(key for key in fields if key not in LATER_TOURNAMENT_FIELDS)
    tournament, entry = _row(
        Tournament,
        entry,
        place,
        fields=fields,
        links=RECORD_LINKS["tournament"],
        ranges="tournament",
    )
    for key in tournament.tie_break_keys:
        if key not in TieBreak.values:
            raise _refuse(place, "tie_break", value=key)
    try:
        tournament.rules  # noqa: B018 -- the engine has this preset's version, or raises
    except scoring.InvalidDeal:
        raise _refuse(
            place, "rules", preset=tournament.rules_preset, version=tournament.rules_version
        ) from None
    club = _text_or_null(entry, "club", place)
    return tournament, None if club is None else (_club_name(club, place) or None)


def _read_users(entries: list) -> dict[str, ArchivedUser]:
    users: dict[str, ArchivedUser] = {}
    for position, entry in enumerate(entries, start=1):
        place = _entry_place(entry, "username", "user", (("users", None), ("item", position)))
        entry = _check_keys(entry, RECORD_FIELDS["user"], place)
        user = ArchivedUser(*(_text(entry, key, place) for key in RECORD_FIELDS["user"]))
        if user.username in users:
            raise _refuse((), "user_twice", user=user.username)
        users[user.username] = user
    return users


def _read_teams(
    entries: list, version: int
) -> tuple[
    dict[int, tuple[Team, str]],
    dict[int, list[TeamLink]],
    bool,
    dict[int, tuple[PlayerData | None, PlayerData | None]],
]:
    """Return the teams by number with their club's name, their links by team number,
    whether the archive has team links at all (an older one has no ``links`` key), and
    their registered players by team number (none before the registry); a team of an
    archive of ``version`` 1 has no name (fields.record_fields)."""
    teams: dict[int, tuple[Team, str]] = {}
    team_links: dict[int, list[TeamLink]] = {}
    team_players: dict[int, tuple[PlayerData | None, PlayerData | None]] = {}
    has_links = True
    for position, entry in enumerate(entries, start=1):
        place = _entry_place(entry, "number", "team", (("teams", None), ("item", position)))
        has_links = has_links and isinstance(entry, dict) and "links" in entry
        keys = (*RECORD_LINKS["team"], "links") if has_links else RECORD_LINKS["team"]
        has_players = isinstance(entry, dict) and "players" in entry
        keys = (*keys, "players") if has_players else keys
        team, entry = _row(
            Team,
            entry,
            place,
            fields=record_fields("team", version),
            links=keys,
            ranges="team",
        )
        if team.number in teams:
            raise _refuse((), "team_twice", team=team.number)
        place = (("team", team.number),)
        teams[team.number] = (team, _club_name(_text(entry, "club", place), place))
        team_links[team.number] = _read_team_links(entry, team, place) if has_links else []
        if has_players:
            team_players[team.number] = _read_team_players(entry, place)
    _check_team_codes(team_links)
    return teams, team_links, has_links, team_players


def _read_team_players(entry: dict, place: Place) -> tuple[PlayerData | None, PlayerData | None]:
    """Return a team's two registered players (None: not linked), checked as the
    registry checks a record (lengths, a last name)."""
    players = _list(entry, "players", place)
    if len(players) != 2:
        raise _refuse(place, "type", key="players", expected="list")
    read: list[PlayerData | None] = []
    for player in players:
        if player is None:
            read.append(None)
            continue
        player = _check_keys(player, RECORD_FIELDS["player"], place)
        data = PlayerData(*(_text(player, key, place) for key in RECORD_FIELDS["player"]))
        try:
            Player(**data.__dict__).clean_fields(exclude=["club"])
        except ValidationError as error:
            name = next(iter(error.error_dict))
            raise _refuse(
                place, "invalid", ValidationError(error.error_dict[name]), key=name
            ) from None
        read.append(data)
    return read[0], read[1]


def _read_team_links(entry: dict, team: Team, place: Place) -> list[TeamLink]:
    """Return the links of ``team`` (unsaved, team set); raise ``team_link_twice`` when it
    has two active ones."""
    links = []
    for position, link_entry in enumerate(_list(entry, "links", place), start=1):
        link, _ = _row(
            TeamLink,
            link_entry,
            (*place, ("item", position)),
            fields=RECORD_FIELDS["team_link"],
            links=RECORD_LINKS["team_link"],
            ranges="teamlink",
        )
        link.team = team
        links.append(link)
    if sum(link.revoked_at is None for link in links) > 1:
        raise _refuse(place, "team_link_twice")
    return links


def _check_team_codes(team_links: dict[int, list[TeamLink]]) -> None:
    """Raise ``code_twice`` when two active team links share a code, ``token_twice`` when
    two team links share an address."""
    codes: set[str] = set()
    tokens: set[str] = set()
    for number, links in team_links.items():
        place = (("team", number),)
        for link in links:
            if link.token in tokens:
                raise _refuse(place, "token_twice")
            tokens.add(link.token)
            if link.revoked_at is None:
                if link.pin in codes:
                    raise _refuse(place, "code_twice")
                codes.add(link.pin)


def _history(
    kind: str, entry: object, place: Place, users: dict[str, ArchivedUser], links: tuple
) -> tuple[Any, dict, str | None]:
    """Return an unsaved history record of a deal or a match (``kind`` "deal_history" or
    "match_history": a :class:`~tournaments.archive.fields.DealHistoryRecord` or a
    :class:`~tournaments.archive.fields.MatchHistoryRecord`), its entry, and its author's
    username."""
    ranges = "deal" if kind == "deal_history" else "match"
    # django-simple-history builds the historical models at run time and ships no types:
    # the record is Any here, and its callers give it its protocol.
    model = (Deal if kind == "deal_history" else Match).history.model
    record, entry = _row(
        model,
        entry,
        place,
        fields=(*RECORD_FIELDS[ranges], *RECORD_FIELDS["history"]),
        links=(*links, *HISTORY_LINKS),
        ranges=ranges,
    )
    username = _text_or_null(entry, "user", place)
    if username is not None and username not in users:
        raise _refuse(place, "unknown_user", user=username)
    return record, entry, username


def _team(
    number: object,
    key: str,
    place: Place,
    teams: dict[int, tuple[Team, str]],
    seated: set[int] | None,
) -> Team:
    """Return the team numbered ``number`` (the value of ``key``); with ``seated``, the
    numbers of the teams already seated in the round, seat it."""
    if type(number) is not int:
        raise _refuse(place, "type", key=key, expected="integer")
    if number not in teams:
        raise _refuse(place, "unknown_team", team=number)
    if seated is not None:
        if number in seated:
            raise _refuse(place[:1], "seated_twice", team=number)
        seated.add(number)
    return teams[number][0]


def _read_match(
    entry: object,
    round_: ArchivedRound,
    teams: dict[int, tuple[Team, str]],
    users: dict[str, ArchivedUser],
    seated: set[int],
) -> ArchivedMatch:
    number = round_.round.number
    position_place: Place = (("round", number), ("item", len(round_.matches) + 1))
    position_place = _entry_place(
        entry, "table_number", "table", position_place, (("round", number),)
    )
    match, entry = _row(
        Match,
        entry,
        position_place,
        fields=RECORD_FIELDS["match"],
        links=RECORD_LINKS["match"],
        ranges="match",
    )
    place: Place = (("round", number), ("table", match.table_number))
    if any(other.match.table_number == match.table_number for other in round_.matches):
        raise _refuse(place[:1], "table_twice", table=match.table_number)
    match.round = round_.round
    if entry["team_a"] == entry["team_b"] and type(entry["team_a"]) is int:
        raise _refuse(place, "same_team", team=entry["team_a"])
    match.team_a = _team(entry["team_a"], "team_a", place, teams, seated)
    match.team_b = _team(entry["team_b"], "team_b", place, teams, seated)
    archived = ArchivedMatch(match)
    for position, deal_entry in enumerate(_list(entry, "deals", place), start=1):
        deal_place = _entry_place(
            deal_entry, "deal_number", "deal", (*place, ("item", position)), place
        )
        deal, deal_entry = _row(
            Deal,
            deal_entry,
            deal_place,
            fields=RECORD_FIELDS["deal"],
            links=RECORD_LINKS["deal"],
            ranges="deal",
        )
        key = _integer(deal_entry, "key", (*place, ("deal", deal.deal_number)))
        if round_.round.status == Round.Status.DRAFT:
            raise _refuse(place, "deal_in_draft")
        if any(other.deal_number == deal.deal_number for other in archived.deals.values()):
            raise _refuse(place, "deal_twice", deal=deal.deal_number)
        if key in archived.deals:
            raise _refuse(place, "deal_key_twice", key=key)
        deal.match = match
        archived.deals[key] = deal
    _check_totals_only(match, bool(archived.deals), place)
    active: set[str] = set()
    for position, link_entry in enumerate(_list(entry, "links", place), start=1):
        link, _ = _row(
            TableLink,
            link_entry,
            _entry_place(link_entry, "side", "link", (*place, ("item", position)), place),
            fields=RECORD_FIELDS["link"],
            links=RECORD_LINKS["link"],
            ranges="tablelink",
        )
        if link.revoked_at is None:
            if link.side in active:
                raise _refuse(place, "link_twice", side=link.side)
            active.add(link.side)
        link.match = match
        archived.links.append(link)
    for position, record_entry in enumerate(_list(entry, "history", place), start=1):
        record_place = (*place, ("history", position))
        match_record: MatchHistoryRecord
        match_record, record_entry, username = _history(
            "match_history", record_entry, record_place, users, MATCH_HISTORY_LINKS
        )
        match_record.team_a = _team(record_entry["team_a"], "team_a", record_place, teams, None)
        match_record.team_b = _team(record_entry["team_b"], "team_b", record_place, teams, None)
        archived.history.append(ArchivedHistory(match_record, username))
    for position, record_entry in enumerate(_list(entry, "deal_history", place), start=1):
        record_place = (*place, ("deal_history", position))
        deal_record: DealHistoryRecord
        deal_record, record_entry, username = _history(
            "deal_history", record_entry, record_place, users, DEAL_HISTORY_LINKS
        )
        key = _integer(record_entry, "deal", record_place)
        archived.deal_history.append(ArchivedDealHistory(deal_record, username, key))
    return archived


def _check_totals_only(match: Match, has_deals: bool, place: Place) -> None:
    """Raise ``totals_with_deals``, ``totals_in_draft`` or ``counts_without_totals`` for a
    match recorded by its totals that has deals or is in a draft, or for a sheet's counts
    on a match recorded by its deals (RULES.md §G)."""
    if match.is_totals_only:
        if has_deals:
            raise _refuse(place, "totals_with_deals")
        if match.round.status == Round.Status.DRAFT:
            raise _refuse(place, "totals_in_draft")
    elif any(getattr(match, name) is not None for name in SHEET_COUNT_FIELDS):
        raise _refuse(place, "counts_without_totals")


def _read_rounds(
    entries: list,
    tournament: Tournament,
    teams: dict[int, tuple[Team, str]],
    users: dict[str, ArchivedUser],
) -> list[ArchivedRound]:
    if len(entries) > tournament.number_of_rounds:
        raise _refuse((), "too_many_rounds", count=len(entries), rounds=tournament.number_of_rounds)
    rounds: list[ArchivedRound] = []
    for position, entry in enumerate(entries, start=1):
        round_, entry = _row(
            Round,
            entry,
            _entry_place(entry, "number", "round", (("rounds", None), ("item", position))),
            fields=RECORD_FIELDS["round"],
            links=RECORD_LINKS["round"],
            ranges="round",
        )
        place: Place = (("round", round_.number),)
        if round_.number != position:
            raise _refuse((), "round_number", round=round_.number, position=position)
        if rounds and rounds[-1].round.status != Round.Status.CLOSED:
            raise _refuse((), "round_not_closed", round=rounds[-1].round.number)
        round_.tournament = tournament
        archived = ArchivedRound(round_)
        seated: set[int] = set()
        for match_entry in _list(entry, "matches", place):
            archived.matches.append(_read_match(match_entry, archived, teams, users, seated))
        for number in _list(entry, "byes", place):
            archived.byes.append(_team(number, "byes", place, teams, seated).number)
        rounds.append(archived)
    return rounds


def _check_deal_inputs(rounds: list[ArchivedRound], rules: scoring.RuleSet) -> None:
    """Raise ``deal_inputs`` for the first deal whose inputs the engine refuses (RULES.md
    §B6), or whose taker is no team."""
    for round_ in rounds:
        for archived in round_.matches:
            for deal in archived.deals.values():
                engine_deal = deal.to_engine()
                error = None if engine_deal is None else scoring.validate_deal(engine_deal, rules)
                if error is not None:
                    place = (
                        ("round", round_.round.number),
                        ("table", archived.match.table_number),
                        ("deal", deal.deal_number),
                    )
                    raise _refuse(place, "deal_inputs", error)


def _has_totals_reason(archived: ArchivedMatch) -> bool:
    """Return True when the match's history gives the organiser's reason for its totals:
    its last record that set them (recorded or corrected, services/totals.py) holds these
    very totals and counts, and a reason."""
    match = archived.match
    for entry in reversed(archived.history):
        record = entry.record
        if record.audit_action in TOTALS_ACTIONS:
            is_these = all(getattr(record, name) == getattr(match, name) for name in TOTALS_FIELDS)
            return is_these and bool(record.audit_reason.strip())
    return False


def _check_match_totals(rounds: list[ArchivedRound], rules: scoring.RuleSet) -> None:
    """Raise ``totals`` for the first totals-only match whose sheet the engine refuses
    (:func:`scoring.check_match_totals`, RULES.md §G), and ``totals_unexplained`` for one
    whose counts contradict its totals with no reason in its history: the site saves
    such totals only with the organiser's reason (services/totals.py)."""
    for round_ in rounds:
        for archived in round_.matches:
            match = archived.match
            if not match.is_totals_only:
                continue
            totals = match.sheet_totals
            error = scoring.check_match_totals(totals, rules)
            if error is None:
                continue
            place = (("round", round_.round.number), ("table", match.table_number))
            if error.code is not scoring.TotalsField.SUM:
                raise _refuse(place, "totals", error, totals)
            if not _has_totals_reason(archived):
                raise _refuse(place, "totals_unexplained", error, totals)


def _check_tokens(rounds: list[ArchivedRound]) -> None:
    """Raise ``token_twice`` when two table links have one address (token)."""
    tokens: set[str] = set()
    for round_ in rounds:
        for archived in round_.matches:
            for link in archived.links:
                if link.token in tokens:
                    place = (("round", round_.round.number), ("table", archived.match.table_number))
                    raise _refuse(place, "token_twice")
                tokens.add(link.token)


def read_archive(data: bytes) -> ArchiveContents:
    """Return what the archive ``data`` (UTF-8 JSON bytes) holds, all of it checked.

    Raises ArchiveError with the first problem found (the codes of
    :class:`tournaments.archive.problems.ArchiveProblem`): a file that is not JSON or not
    an archive of this format, a newer or unknown version, a key missing or unknown, a
    value of the wrong type or out of its range (tournaments/models/bounds.py), a choice
    the models do not have, a rule preset version the engine does not have (RULES.md §B),
    and an archive that does not hold together: a team twice, rounds out of order or
    after one not closed, a table twice, a match or a bye naming an unknown team or a
    team seated twice, a deal twice, deals in a draft, two active links for one team, a
    history naming an account the archive does not list, a deal the engine refuses; a
    match recorded by its totals (RULES.md §G) with deals or in a draft, a sheet's counts
    on a match recorded by its deals, a sheet the engine refuses, or one whose counts
    contradict its totals with no reason in the match's history; in a mêlée (RULES.md §H,
    version 3), a player twice, a pair or a sit-out naming an unknown player, partie or
    team, a player seated twice in a partie or sitting out while playing, a pair in a
    draft, a team that is no pair of its partie, a draft missing, of a partie that is no
    draft, or seating a player twice.
    """
    document = _document(data)
    tournament, club = _read_tournament(document["tournament"])
    users = _read_users(_list(document, "users", (("users", None),)))
    teams, team_links, has_team_links, team_players = _read_teams(
        _list(document, "teams", (("teams", None),)), document["version"]
    )
    rounds = _read_rounds(_list(document, "rounds", (("rounds", None),)), tournament, teams, users)
    melee = _read_melee(document.get("melee"), rounds, teams)
    _check_deal_inputs(rounds, tournament.rules)
    _check_match_totals(rounds, tournament.rules)
    _check_tokens(rounds)
    return ArchiveContents(
        tournament, club, users, teams, rounds, team_links, has_team_links, team_players, melee
    )


#: Where the mêlée section is (tournaments.archive.problems.Place).
MELEE_PLACE: Place = (("melee", None),)


def _read_melee(
    entry: object, rounds: list[ArchivedRound], teams: dict[int, tuple[Team, str]]
) -> ArchivedMelee | None:
    """Return the mêlée an archive holds (``entry``, its ``melee`` section: missing before
    version 3), or None for doublettes; raise the first problem of its players, pairs,
    sit-outs and draft (:func:`read_archive`)."""
    if entry is None:
        return None
    entry = _check_keys(entry, RECORD_LINKS["melee"], MELEE_PLACE)
    melee = ArchivedMelee(_read_melee_players(_list(entry, "players", MELEE_PLACE)))
    by_number = {archived.round.number: archived.round for archived in rounds}
    # partie number -> player number -> the pair's team number (None: sat out)
    seats: dict[int, dict[int, int | None]] = {number: {} for number in by_number}
    pair_rounds: dict[int, int] = {}  # team number -> its partie's number
    for position, pair_entry in enumerate(_list(entry, "pairs", MELEE_PLACE), start=1):
        pair = _read_pair(pair_entry, position, by_number, teams, melee.players, seats, pair_rounds)
        pair_rounds[pair.team.number] = pair.round.number
        melee.pairs.append(pair)
    for position, sit_out_entry in enumerate(_list(entry, "sit_outs", MELEE_PLACE), start=1):
        melee.sit_outs.append(
            _read_sit_out(sit_out_entry, position, by_number, melee.players, seats)
        )
    _check_pair_teams(rounds, teams, pair_rounds)
    melee.draft = _read_draft(entry["draft"], rounds, melee.players)
    return melee


def _read_melee_players(entries: list) -> dict[int, tuple[MeleePlayer, str]]:
    """Return a mêlée's players by number, each with its club's name; raise
    ``player_twice`` for a number given twice."""
    players: dict[int, tuple[MeleePlayer, str]] = {}
    for position, entry in enumerate(entries, start=1):
        fallback = (*MELEE_PLACE, ("players", None), ("item", position))
        place = _entry_place(entry, "number", "player", fallback)
        player, entry = _row(
            MeleePlayer,
            entry,
            place,
            fields=RECORD_FIELDS["melee_player"],
            links=RECORD_LINKS["melee_player"],
            ranges="meleeplayer",
        )
        if player.number in players:
            raise _refuse((), "player_twice", player=player.number)
        place = (("player", player.number),)
        players[player.number] = (player, _club_name(_text(entry, "club", place), place))
    return players


def _melee_player(
    entry: dict, key: str, place: Place, players: dict[int, tuple[MeleePlayer, str]]
) -> MeleePlayer:
    """Return the player whose number is the value of ``key``; raise ``type`` or
    ``unknown_player``."""
    number = _integer(entry, key, place)
    if number not in players:
        raise _refuse(place, "unknown_player", player=number)
    return players[number][0]


def _melee_round(entry: dict, place: Place, rounds: dict[int, Round]) -> Round:
    """Return the published partie the value of ``round`` names; raise ``type``,
    ``unknown_round`` or ``melee_in_draft`` (a draft's pairs are in its draft)."""
    number = _integer(entry, "round", place)
    if number not in rounds:
        raise _refuse(place, "unknown_round", round=number)
    if rounds[number].status == Round.Status.DRAFT:
        raise _refuse(place, "melee_in_draft")
    return rounds[number]


def _seat(
    seats: dict[int, int | None], player: MeleePlayer, team: int | None, place: Place
) -> None:
    """Seat ``player`` in a partie (``seats``: player number -> the team of their pair, or
    None for a sit-out), in the pair ``team`` or sitting out (None); raise
    ``player_seated_twice`` or ``sit_out_plays`` when the partie seats them already."""
    if player.number in seats:
        other = seats[player.number]
        if team is None and other is not None:
            raise _refuse(place, "sit_out_plays", player=player.number, team=other)
        raise _refuse(place, "player_seated_twice", player=player.number)
    seats[player.number] = team


def _read_pair(
    entry: object,
    position: int,
    rounds: dict[int, Round],
    teams: dict[int, tuple[Team, str]],
    players: dict[int, tuple[MeleePlayer, str]],
    seats: dict[int, dict[int, int | None]],
    pair_rounds: dict[int, int],
) -> MeleePair:
    """Return a pair (unsaved): which team plays for which two players in which partie;
    ``pair_rounds`` holds the teams paired so far (a team is one pair only)."""
    place: Place = (*MELEE_PLACE, ("pairs", None), ("item", position))
    if isinstance(entry, dict) and type(entry.get("round")) is int:
        place = (("round", entry["round"]), *place[1:])
        if type(entry.get("team")) is int:
            place = (("round", entry["round"]), ("pair", entry["team"]))
    entry = _check_keys(entry, RECORD_LINKS["melee_pair"], place)
    round_ = _melee_round(entry, place, rounds)
    team = _team(entry["team"], "team", place, teams, None)
    if team.number in pair_rounds:
        raise _refuse(place, "pair_twice", team=team.number)
    first = _melee_player(entry, "player_1", place, players)
    second = _melee_player(entry, "player_2", place, players)
    if first.number == second.number:
        raise _refuse(place, "same_player", player=first.number)
    for player in (first, second):
        _seat(seats[round_.number], player, team.number, (("round", round_.number),))
    return MeleePair(team=team, round=round_, player_1=first, player_2=second)


def _read_sit_out(
    entry: object,
    position: int,
    rounds: dict[int, Round],
    players: dict[int, tuple[MeleePlayer, str]],
    seats: dict[int, dict[int, int | None]],
) -> SitOut:
    """Return a sit-out (unsaved): a player with no seat in a published partie."""
    place: Place = (*MELEE_PLACE, ("sit_outs", None), ("item", position))
    if isinstance(entry, dict) and type(entry.get("round")) is int:
        place = (("round", entry["round"]), ("sit_outs", None))
    entry = _check_keys(entry, RECORD_LINKS["sit_out"], place)
    round_ = _melee_round(entry, place, rounds)
    player = _melee_player(entry, "player", place, players)
    _seat(seats[round_.number], player, None, place)
    return SitOut(round=round_, player=player)


def _check_pair_teams(
    rounds: list[ArchivedRound], teams: dict[int, tuple[Team, str]], pair_rounds: dict[int, int]
) -> None:
    """Raise ``not_a_pair`` for a table of a mêlée seating a team that is no pair of its
    partie, and ``team_in_melee`` for a team that is no pair at all: a mêlée has no
    registered team (RULES.md §H)."""
    for archived in rounds:
        number = archived.round.number
        for match in archived.matches:
            for team in (match.match.team_a, match.match.team_b):
                if pair_rounds.get(team.number) != number:
                    place = (("round", number), ("table", match.match.table_number))
                    raise _refuse(place, "not_a_pair", team=team.number)
    for team_number in teams:
        if team_number not in pair_rounds:
            raise _refuse((("team", team_number),), "team_in_melee")


def _player_couple(
    entry: dict, key: str, place: Place, players: dict[int, tuple[MeleePlayer, str]]
) -> tuple[MeleePlayer, MeleePlayer]:
    """Return the two players whose numbers the value of ``key`` lists; raise ``type``
    (not two numbers), ``unknown_player`` or ``same_player``."""
    value = entry[key]
    if not isinstance(value, list) or len(value) != 2 or any(type(n) is not int for n in value):
        raise _refuse(place, "type", key=key, expected="couple")
    first, second = (_melee_player({key: number}, key, place, players) for number in value)
    if first.number == second.number:
        raise _refuse(place, "same_player", player=first.number)
    return first, second


def _read_draft(
    entry: object, rounds: list[ArchivedRound], players: dict[int, tuple[MeleePlayer, str]]
) -> ArchivedDraft | None:
    """Return the pending draft of a mêlée, its draw with player numbers, or None when
    no partie is a draft; raise ``draft_missing`` for a partie in draft with no draft,
    ``draft_round`` for a draft of a partie that is not in draft, ``table_twice``, and
    ``player_seated_twice`` for a player the draft seats twice (tables or sit-out)."""
    drafts = [archived.round for archived in rounds if archived.round.status == Round.Status.DRAFT]
    if entry is None:
        if drafts:
            raise _refuse((("round", drafts[0].number),), "draft_missing")
        return None
    place: Place = (*MELEE_PLACE, ("draft", None))
    entry = _check_keys(entry, RECORD_LINKS["melee_draft"], place)
    number = _integer(entry, "round", place)
    round_ = next((draft for draft in drafts if draft.number == number), None)
    if round_ is None:
        raise _refuse(place, "draft_round", round=number)
    place = (("round", number), ("draft", None))
    seated: set[int] = set()

    def seat(players: Iterable[MeleePlayer], where: Place) -> list[int]:
        for player in players:
            if player.number in seated:
                raise _refuse(where, "player_seated_twice", player=player.number)
            seated.add(player.number)
        return [player.number for player in players]

    tables: list[dict] = []
    for position, table_entry in enumerate(_list(entry, "tables", place), start=1):
        table_place = _entry_place(
            table_entry, "table_number", "table", (*place, ("item", position)), place
        )
        table_entry = _check_keys(table_entry, RECORD_LINKS["draft_table"], table_place)
        table = _integer(table_entry, "table_number", table_place)
        _value(Match, "match", "table_number", table, table_place)  # within a match's range
        if any(other["table_number"] == table for other in tables):
            raise _refuse(place, "table_twice", table=table)
        pair_a = _player_couple(table_entry, "pair_a", table_place, players)
        pair_b = _player_couple(table_entry, "pair_b", table_place, players)
        repeats = {
            key: [
                [
                    player.number
                    for player in _player_couple({key: couple}, key, table_place, players)
                ]
                for couple in _list(table_entry, key, table_place)
            ]
            for key in ("repeated_partners", "repeated_opponents")
        }
        tables.append(
            {
                "table_number": table,
                "pair_a": seat(pair_a, place),
                "pair_b": seat(pair_b, place),
                **repeats,
            }
        )
    sit_outs = []
    for value in _list(entry, "sit_outs", place):
        sit_outs.append(_melee_player({"sit_outs": value}, "sit_outs", place, players))
    return ArchivedDraft(round_, {"tables": tables, "sit_outs": seat(sit_outs, place)})
