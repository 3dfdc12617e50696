"""Restore a concours from its archive, in one transaction: all of it, or nothing.

The archive is read and checked first (tournaments/archive/reading.py). The rows are
then written as the archive gives them, with their statuses, versions, times and table
links, and every match is replayed through the engine by the one function that stores
scores (:func:`tournaments.services.scores.replay_match`, RULES.md §C): a score the
archive stored that the engine does not give for those inputs refuses the archive. A
match recorded by its totals (RULES.md §G) has no deal to replay: its sheet was checked
by the engine when it was read (:func:`scoring.check_match_totals`, and the reason in
its history for totals its counts contradict), and it must be finished as the totals
service leaves it (:func:`tournaments.services.totals.apply_match_totals`). Last comes
the audit trail, in the order it was written, each record's author found by username.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Min

import scoring
from tournaments.archive.fields import DEAL_SCORE_FIELDS, MATCH_SCORE_FIELDS
from tournaments.archive.problems import ArchiveError, ArchiveProblem, Place
from tournaments.archive.reading import (
    ArchiveContents,
    ArchivedDraft,
    ArchivedMatch,
    read_archive,
)
from tournaments.models import (
    Bye,
    Club,
    Deal,
    Match,
    MeleeConcours,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Player,
    Round,
    SitOut,
    TableLink,
    Team,
    TeamLink,
    Tournament,
    new_token,
)
from tournaments.selectors.players import MatchKind, match_player
from tournaments.services.errors import ServiceError
from tournaments.services.links import ensure_team_links
from tournaments.services.locks import lock_club
from tournaments.services.players import PlayerData, add_player
from tournaments.services.registration import register_club
from tournaments.services.scores import replay_match
from tournaments.services.setup import unique_slug
from tournaments.services.totals import apply_match_totals


def _refuse(
    place: Place, code: str, error: ValidationError | None = None, **params: str | int | None
) -> ArchiveError:
    return ArchiveError(ArchiveProblem(place, code, params, error))


def _organiser_club(contents: ArchiveContents, club: Club | None) -> Club | None:
    if club is not None:
        return club
    return register_club(name=contents.club) if contents.club else None


def _authors(contents: ArchiveContents) -> dict[str, AbstractBaseUser]:
    """Return the archive's authors by username: this site's account of that name, or a
    new one, inactive and with no password (it only names the author in the audit trail
    and cannot sign in)."""
    model = get_user_model()
    found: dict[str, AbstractBaseUser] = {
        user.get_username(): user
        for user in model.objects.filter(**{f"{model.USERNAME_FIELD}__in": contents.users})
    }
    for username, archived in contents.users.items():
        if username in found:
            continue
        user = model(
            **{model.USERNAME_FIELD: username},
            first_name=archived.first_name,
            last_name=archived.last_name,
            is_active=False,
        )
        user.set_unusable_password()
        try:
            user.full_clean(validate_unique=False)
        except ValidationError as error:
            name = next(iter(error.error_dict))
            raise _refuse(
                (("user", username),), "invalid", ValidationError(error.error_dict[name]), key=name
            ) from None
        user.save()
        found[username] = user
    return found


def _save_tournament(contents: ArchiveContents, club: Club | None, name: str | None) -> Tournament:
    """Save the tournament under its name (or ``name``); its slug and projector address
    stay unless another tournament has them."""
    tournament = contents.tournament
    if name is not None:
        tournament.name = name
        tournament.slug = unique_slug(name)
    if Tournament.objects.filter(name=tournament.name).exists():
        raise _refuse((), "name_taken", name=tournament.name)
    try:
        tournament.clean_fields(exclude=["club"])
    except ValidationError as error:
        key = next(iter(error.error_dict))
        raise _refuse(
            (("tournament", None),), "invalid", ValidationError(error.error_dict[key]), key=key
        ) from None
    if Tournament.objects.filter(slug=tournament.slug).exists():
        tournament.slug = unique_slug(tournament.name)
    if Tournament.objects.filter(projector_token=tournament.projector_token).exists():
        tournament.projector_token = new_token()
    created_at = tournament.created_at
    tournament.club = _organiser_club(contents, club)
    tournament.save()
    # created_at is set on creation (auto_now_add): the archive's comes back afterwards.
    Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
    tournament.created_at = created_at
    return tournament


def _save_team_links(contents: ArchiveContents, tournament: Tournament) -> None:
    """Save the teams' links (teams saved first). A copy restored beside its original
    gets new addresses; an archive made before team links gives each team a new link."""
    if not contents.has_team_links:
        ensure_team_links(tournament=tournament, now=contents.tournament.created_at)
        return
    links = [link for links in contents.team_links.values() for link in links]
    taken = set(
        TeamLink.objects.filter(token__in=[link.token for link in links]).values_list(
            "token", flat=True
        )
    )
    for link in links:
        link.tournament = tournament
        if link.token in taken:
            link.token = new_token()
    TeamLink.objects.bulk_create(links)


def _save_rows(
    contents: ArchiveContents, tournament: Tournament, now: datetime.datetime
) -> list[ArchivedMatch]:
    """Save the teams and their links, rounds, matches, byes, deals and former table links,
    and a mêlée's players, pairs, sit-outs and draft; return the matches."""
    melee_players = contents.melee.players.values() if contents.melee is not None else ()
    club_names = {club_name for _, club_name in (*contents.teams.values(), *melee_players)}
    clubs = {
        club_name: register_club(name=club_name) for club_name in sorted(club_names) if club_name
    }
    teams = []
    registry = _registry_of(tournament, now)
    for team, club_name in contents.teams.values():
        team.tournament = tournament
        team.club = clubs.get(club_name)
        if registry is not None:
            first, second = contents.team_players.get(team.number, (None, None))
            team.player_1_record = registry.find(first)
            team.player_2_record = registry.find(second)
        teams.append(team)
    Team.objects.bulk_create(teams)
    _save_team_links(contents, tournament)
    Round.objects.bulk_create(archived.round for archived in contents.rounds)
    matches = [archived for round_ in contents.rounds for archived in round_.matches]
    Match.objects.bulk_create(archived.match for archived in matches)
    Bye.objects.bulk_create(
        Bye(round=archived.round, team=contents.teams[number][0])
        for archived in contents.rounds
        for number in archived.byes
    )
    _save_melee(contents, tournament, clubs)
    Deal.objects.bulk_create(deal for archived in matches for deal in archived.deals.values())
    links = [link for archived in matches for link in archived.links]
    taken = set(
        TableLink.objects.filter(token__in=[link.token for link in links]).values_list(
            "token", flat=True
        )
    )
    for link in links:
        # A link opens one match only: a copy beside its original gets its own.
        if link.token in taken:
            link.token = new_token()
    TableLink.objects.bulk_create(links)
    return matches


def _save_melee(contents: ArchiveContents, tournament: Tournament, clubs: dict[str, Club]) -> None:
    """Save a mêlée's mark, players (their clubs saved first, by name), pairs, sit-outs and
    draft (its teams and rounds saved first); nothing for doublettes."""
    melee = contents.melee
    if melee is None:
        return
    MeleeConcours.objects.create(tournament=tournament)
    players = []
    for player, club_name in melee.players.values():
        player.tournament = tournament
        player.club = clubs.get(club_name)
        players.append(player)
    MeleePlayer.objects.bulk_create(players)
    MeleePair.objects.bulk_create(melee.pairs)
    SitOut.objects.bulk_create(melee.sit_outs)
    if melee.draft is not None:
        ids = {player.number: player.pk for player in players}
        MeleeDraft.objects.create(round=melee.draft.round, draw=_draw_with_ids(melee.draft, ids))


def _draw_with_ids(draft: ArchivedDraft, ids: dict[int, int]) -> dict:
    """Return the draw of an archived draft as :class:`~tournaments.models.MeleeDraft`
    stores it: each player number (``ids``' keys) as the restored player's id."""

    def couple(numbers: list[int]) -> list[int]:
        return [ids[number] for number in numbers]

    return {
        "tables": [
            {
                "table_number": table["table_number"],
                "pair_a": couple(table["pair_a"]),
                "pair_b": couple(table["pair_b"]),
                "repeated_partners": [couple(pair) for pair in table["repeated_partners"]],
                "repeated_opponents": [couple(pair) for pair in table["repeated_opponents"]],
            }
            for table in draft.draw["tables"]
        ],
        "sit_outs": couple(draft.draw["sit_outs"]),
    }


def _place(archived: ArchivedMatch, deal_number: int | None = None) -> Place:
    place = (("round", archived.match.round.number), ("table", archived.match.table_number))
    return place if deal_number is None else (*place, ("deal", deal_number))


def _check_scores(
    tournament: Tournament, matches: list[ArchivedMatch], now: datetime.datetime
) -> None:
    """Replay every match through the engine and raise ``scores`` (or ``match_finished``)
    where the archive stored another score than the engine gives (RULES.md §C): the
    first deal, else the first match. A totals-only match is not replayed: its result,
    deals played and reserve must be those its totals give (RULES.md §G, §E)."""
    rules = tournament.rules
    wrong_match = None
    for archived in matches:
        match = archived.match
        stored = {name: getattr(match, name) for name in MATCH_SCORE_FIELDS}
        if match.is_totals_only:
            # Only compared: a match that differs refuses the whole archive.
            apply_match_totals(match, match.sheet_totals)
        else:
            _replay(archived, rules, now)
        for name, value in stored.items():
            if wrong_match is None and getattr(match, name) != value:
                wrong_match = _refuse(
                    _place(archived), "scores", key=name, value=value, engine=getattr(match, name)
                )
    deals = {deal.pk: (archived, deal) for archived in matches for deal in archived.deals.values()}
    replayed = Deal.objects.filter(match__round__tournament=tournament).values(
        "pk", *DEAL_SCORE_FIELDS
    )
    for row in sorted(replayed, key=lambda row: row["pk"]):
        archived, deal = deals[row["pk"]]
        for name in DEAL_SCORE_FIELDS:
            if getattr(deal, name) != row[name]:
                raise _refuse(
                    _place(archived, deal.deal_number),
                    "scores",
                    key=name,
                    value=_shown(getattr(deal, name)),
                    engine=_shown(row[name]),
                )
    if wrong_match is not None:
        raise wrong_match


def _replay(archived: ArchivedMatch, rules: scoring.RuleSet, now: datetime.datetime) -> None:
    """Replay the match's deals and store their scores (raise ``match_finished`` for a
    deal after its end), with no history record of its own."""
    match = archived.match
    # skip_history_when_saving is django-simple-history's documented switch, an
    # attribute set for one save that no model declares.
    match.skip_history_when_saving = True  # type: ignore[attr-defined]
    try:
        replay_match(match, rules, now)
    except ServiceError:
        raise _refuse(_place(archived), "match_finished") from None
    finally:
        del match.skip_history_when_saving  # type: ignore[attr-defined]


def _shown(value: object) -> str | int | None:
    """Return a score as a message quotes it (a breakdown is too long to quote)."""
    if value is None or isinstance(value, str | int):
        return value
    return "…"


def _save_history(matches: list[ArchivedMatch], authors: dict[str, AbstractBaseUser]) -> None:
    """Save each match's history, then its deals' (a deleted deal gets an id below every
    other, so that it names no deal of this site), in the order they were written."""
    lowest = Deal.history.aggregate(lowest=Min("id"))["lowest"] or 0
    next_deleted = min(lowest, 0) - 1
    match_records, deal_records = [], []
    for archived in matches:
        for entry in archived.history:
            record = entry.record
            record.id = archived.match.pk
            record.round = archived.match.round
            record.history_user = authors.get(entry.username) if entry.username else None
            match_records.append(record)
        deleted: dict[int, int] = {}
        for deal_entry in archived.deal_history:
            deal_record = deal_entry.record
            deal = archived.deals.get(deal_entry.deal_key)
            if deal is not None:
                deal_record.id = deal.pk
            else:
                if deal_entry.deal_key not in deleted:
                    deleted[deal_entry.deal_key] = next_deleted
                    next_deleted -= 1
                deal_record.id = deleted[deal_entry.deal_key]
            deal_record.match = archived.match
            deal_record.history_user = (
                authors.get(deal_entry.username) if deal_entry.username else None
            )
            deal_records.append(deal_record)
    Match.history.model.objects.bulk_create(match_records)
    Deal.history.model.objects.bulk_create(deal_records)


class _RestoredRegistry:
    """The registry of the restored concours' club, read once: each archived player is
    the record its licence number or name is known by, else a new record (never merged
    with a near duplicate: :func:`tournaments.selectors.players.match_player`)."""

    def __init__(self, club: Club, now: datetime.datetime) -> None:
        self.club = lock_club(club)
        self.now = now
        self.players = list(Player.objects.filter(club=club))

    def find(self, data: PlayerData | None) -> Player | None:
        """Return the record of ``data`` (None for a player not linked)."""
        if data is None:
            return None
        name = f"{data.first_name} {data.last_name}".strip()
        found = match_player(players=self.players, name=name, licence=data.licence)
        if found.kind == MatchKind.KNOWN and found.player is not None:
            return found.player
        player = add_player(club=self.club, data=data, now=self.now)
        self.players.append(player)
        return player


def _registry_of(tournament: Tournament, now: datetime.datetime) -> _RestoredRegistry | None:
    if tournament.club is None:
        return None
    return _RestoredRegistry(tournament.club, now)


def restore_tournament(
    *,
    data: bytes,
    now: datetime.datetime,
    club: Club | None = None,
    name: str | None = None,
) -> Tournament:
    """Restore the concours the archive ``data`` holds (tournaments/archive/fields.py) and
        return it: its standings, sheets and exports are those of the concours archived.

        ``club`` is the organising club; None gives the club the archive names (found by
        name, or created) or none. ``name`` restores it under another name (cleaned by the
        caller), with a slug of its own. The slug, the projector address and the table links
        stay as archived unless another tournament of this site has them; a team's club is
        found by name (or created); a team's registered players are found in the registry of
    the organising club (by licence number, then name) or added to it; a mêlée's players,
    pairs, sit-outs and pending draft come back with it (RULES.md §H), its players' clubs
    found by name (or created); an author of the audit trail is the account of that
        username here, or a new inactive one with no password. Each match recorded by its
        deals is replayed through the engine (RULES.md §C) at ``now``, with the version of
        the rule preset the archive stored (RULES.md §B); one recorded by its totals is
        checked, never replayed (RULES.md §G).

        Raises ArchiveError (:class:`tournaments.archive.problems.ArchiveProblem`) for an
        archive :func:`tournaments.archive.reading.read_archive` refuses, a name another
        tournament has (``name_taken``), an author's username this site refuses
        (``invalid``), a stored score the engine does not give (``scores``) or a deal after
        the end of its match (``match_finished``). Runs in one transaction: nothing is saved
        then.
    """
    contents = read_archive(data)
    with transaction.atomic():
        tournament = _save_tournament(contents, club, name)
        authors = _authors(contents)
        matches = _save_rows(contents, tournament, now)
        _check_scores(tournament, matches, now)
        _save_history(matches, authors)
    return tournament
