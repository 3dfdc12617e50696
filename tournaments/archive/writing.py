"""Write a whole concours as one archive (tournaments/archive/fields.py gives the format)."""

from __future__ import annotations

import datetime
import json
from collections import defaultdict

from django.contrib.auth.models import AbstractBaseUser
from django.db import models

from tournaments.archive.fields import (
    DEAL_HISTORY_LINKS,
    FORMAT,
    RECORD_FIELDS,
    VERSION,
    DealHistoryRecord,
    HistoryRecord,
    MatchHistoryRecord,
    model_field,
    to_json,
)
from tournaments.models import Bye, Deal, Match, Player, TableLink, TeamLink, Tournament


def _record(
    kind: str, row: models.Model | HistoryRecord, fields: tuple[str, ...] | None = None
) -> dict:
    return {
        name: to_json(model_field(kind, name), getattr(row, name))
        for name in fields or RECORD_FIELDS[kind]
    }


def _history(kind: str, record: HistoryRecord) -> dict:
    """Return a history record of a deal (``kind`` "deal") or a match as the archive
    holds it: the row's fields, then who, when, what and why."""
    user = record.history_user
    return (
        _record(kind, record) | _record("history", record) | {"user": user and user.get_username()}
    )


def _match_history(record: MatchHistoryRecord, team_numbers: dict[int, int]) -> dict:
    """Return a history record of a match as the archive holds it, its teams by number."""
    teams = {"team_a": team_numbers[record.team_a_id], "team_b": team_numbers[record.team_b_id]}
    return _history("match", record) | teams


def _user_record(user: AbstractBaseUser) -> dict:
    return {
        "username": user.get_username(),
        "first_name": getattr(user, "first_name", ""),
        "last_name": getattr(user, "last_name", ""),
    }


def _deal_keys(deals: list[Deal], deal_history: list[DealHistoryRecord]) -> dict[int, int]:
    """Return each deal id of a match (current or deleted) → its key in the archive: 1, 2…
    in the order the history first names them, then the deals the history never named,
    by deal number. The order is the database's, so an archive of the restored concours
    gives the same keys."""
    keys: dict[int, int] = {}
    for deal_id in [record.id for record in deal_history] + [deal.pk for deal in deals]:
        keys.setdefault(deal_id, len(keys) + 1)
    return keys


def tournament_archive(*, tournament: Tournament, now: datetime.datetime) -> bytes:
    """Return the whole of ``tournament`` as one archive, UTF-8 JSON bytes (format
    :data:`tournaments.archive.fields.FORMAT`, version
    :data:`tournaments.archive.fields.VERSION`), made at ``now``.

    It holds the settings (rule preset and version, match format, byes, ranking, prize
    list, the organising club's name), the teams with their lots, every round with its
    seed, status and byes, every match with its pairing data, deals (each input, status,
    side, version and stored scores, RULES.md §C), table links and audit trail: the
    history of its deals (deleted ones too) and its own, with who by username. The
    history of the matches of a discarded draft is left out (no page shows it). Reads
    only; eight queries whatever the size.
    """
    teams = list(
        tournament.teams.select_related("club", "player_1_record", "player_2_record").order_by(
            "number"
        )
    )
    team_numbers = {team.pk: team.number for team in teams}
    rounds = list(tournament.rounds.order_by("number"))
    matches = list(
        Match.objects.filter(round__tournament=tournament).order_by("round__number", "table_number")
    )
    match_ids = [match.pk for match in matches]
    byes = defaultdict(list)
    for round_id, team_id in (
        Bye.objects.filter(round__tournament=tournament)
        .order_by("team__number")
        .values_list("round_id", "team_id")
    ):
        byes[round_id].append(team_numbers[team_id])
    deals = defaultdict(list)
    for deal in Deal.objects.filter(match_id__in=match_ids).order_by("deal_number"):
        deals[deal.match_id].append(deal)
    team_links = defaultdict(list)
    for team_link in TeamLink.objects.filter(tournament=tournament).order_by("created_at", "pk"):
        team_links[team_link.team_id].append(_record("team_link", team_link))
    links = defaultdict(list)
    for link in TableLink.objects.filter(match_id__in=match_ids).order_by(
        "side", "created_at", "pk"
    ):
        links[link.match_id].append(link)
    match_history: defaultdict[int, list[MatchHistoryRecord]] = defaultdict(list)
    for record in (
        Match.history.filter(id__in=match_ids).select_related("history_user").order_by("history_id")
    ):
        match_history[record.id].append(record)
    deal_history: defaultdict[int, list[DealHistoryRecord]] = defaultdict(list)
    for record in (
        Deal.history.filter(match_id__in=match_ids)
        .select_related("history_user")
        .order_by("history_id")
    ):
        deal_history[record.match_id].append(record)
    records: list[HistoryRecord] = [
        *(record for records in match_history.values() for record in records),
        *(record for records in deal_history.values() for record in records),
    ]
    users = {
        record.history_user.get_username(): record.history_user
        for record in records
        if record.history_user is not None
    }

    def match_record(match: Match) -> dict:
        keys = _deal_keys(deals[match.pk], deal_history[match.pk])
        return _record("match", match) | {
            "team_a": team_numbers[match.team_a_id],
            "team_b": team_numbers[match.team_b_id],
            "deals": [{"key": keys[deal.pk]} | _record("deal", deal) for deal in deals[match.pk]],
            "links": [_record("link", link) for link in links[match.pk]],
            "history": [_match_history(record, team_numbers) for record in match_history[match.pk]],
            "deal_history": [
                {DEAL_HISTORY_LINKS[0]: keys[record.id]} | _history("deal", record)
                for record in deal_history[match.pk]
            ],
        }

    matches_by_round = defaultdict(list)
    for match in matches:
        matches_by_round[match.round_id].append(match_record(match))
    archive = {
        "format": FORMAT,
        "version": VERSION,
        "archived_at": now.isoformat(),
        "tournament": _record("tournament", tournament)
        | {"club": tournament.club.name if tournament.club is not None else None},
        "users": [_user_record(users[name]) for name in sorted(users)],
        "teams": [
            _record("team", team)
            | {
                "club": team.club.name if team.club is not None else "",
                "links": team_links[team.pk],
                "players": [
                    _player_record(team.player_1_record),
                    _player_record(team.player_2_record),
                ],
            }
            for team in teams
        ],
        "rounds": [
            _record("round", round_)
            | {"byes": byes[round_.pk], "matches": matches_by_round[round_.pk]}
            for round_ in rounds
        ],
    }
    return (json.dumps(archive, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _player_record(player: Player | None) -> dict[str, str] | None:
    """Return a team's registered player as the archive keeps it (the person, not the
    record's id: another site's registry has other ids), or None when not linked."""
    if player is None:
        return None
    return {name: getattr(player, name) for name in RECORD_FIELDS["player"]}
