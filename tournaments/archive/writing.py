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
    RECORD_LINKS,
    VERSION,
    DealHistoryRecord,
    HistoryRecord,
    MatchHistoryRecord,
    model_field,
    to_json,
)
from tournaments.models import (
    Bye,
    Deal,
    Match,
    MeleeConcours,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Player,
    SitOut,
    TableLink,
    Team,
    TeamLink,
    Tournament,
)


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
    only; eleven queries whatever the size. A mêlée (RULES.md §H) adds its players, the
    pairs and sit-outs of each published partie and the pending draft (``melee``): every
    team of a mêlée is the pair of one partie; thirteen queries when it has players.
    """
    teams = list(
        Team.every_team.filter(tournament=tournament)
        .select_related("club", "player_1_record", "player_2_record")
        .order_by("number")
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
        "melee": _melee_record(tournament),
    }
    return (json.dumps(archive, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _player_record(player: Player | None) -> dict[str, str] | None:
    """Return a team's registered player as the archive keeps it (the person, not the
    record's id: another site's registry has other ids), or None when not linked."""
    if player is None:
        return None
    return {name: getattr(player, name) for name in RECORD_FIELDS["player"]}


def _melee_record(tournament: Tournament) -> dict | None:
    """Return the ``melee`` section of the archive (tournaments/archive/fields.py): None
    for doublettes (two queries), else the players by number, the pairs by partie and team
    number, the sit-outs by partie and player number, and the pending draft with player
    numbers for the ids it stores (three queries more)."""
    players = list(tournament.melee_players.select_related("club").order_by("number"))
    if not players and not MeleeConcours.objects.filter(tournament=tournament).exists():
        return None
    pairs = MeleePair.objects.filter(round__tournament=tournament).order_by(
        "round__number", "team__number"
    )
    sit_outs = SitOut.objects.filter(round__tournament=tournament).order_by(
        "round__number", "player__number"
    )
    draft = (
        MeleeDraft.objects.filter(round__tournament=tournament)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    return {
        "players": [
            _record("melee_player", player)
            | {"club": player.club.name if player.club is not None else ""}
            for player in players
        ],
        "pairs": [
            dict(zip(RECORD_LINKS["melee_pair"], values, strict=True))
            for values in pairs.values_list(
                "round__number", "team__number", "player_1__number", "player_2__number"
            )
        ],
        "sit_outs": [
            dict(zip(RECORD_LINKS["sit_out"], values, strict=True))
            for values in sit_outs.values_list("round__number", "player__number")
        ],
        "draft": None if draft is None else _draft_record(draft, players),
    }


def _draft_record(draft: MeleeDraft, players: list[MeleePlayer]) -> dict:
    """Return a mêlée draft as the archive holds it: its partie's number, and its draw
    with each player id the draft stores (tournaments.models.MeleeDraft) as the player's
    number, so that another site's ids do not matter."""
    numbers = {player.pk: player.number for player in players}

    def couple(ids: list[int]) -> list[int]:
        return [numbers[pk] for pk in ids]

    return {
        "round": draft.round.number,
        "tables": [
            {
                "table_number": table["table_number"],
                "pair_a": couple(table["pair_a"]),
                "pair_b": couple(table["pair_b"]),
                "repeated_partners": [couple(ids) for ids in table.get("repeated_partners", [])],
                "repeated_opponents": [couple(ids) for ids in table.get("repeated_opponents", [])],
            }
            for table in draft.draw.get("tables", [])
        ],
        "sit_outs": couple(draft.draw.get("sit_outs", [])),
    }
