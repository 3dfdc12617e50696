"""The look-ups compiled once (selectors/prepared.py) give what the ORM gives: the seat's,
the link's and the match lock of every table write (services/locks.py)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.models import Model
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import DealFactory, MatchFactory, TeamFactory
from tournaments.models import Match, MeleePair, MeleePlayer, TeamLink
from tournaments.selectors import deals, links
from tournaments.services import locks

pytestmark = pytest.mark.django_db


def as_read(obj: Model | None, depth: int = 0) -> object:
    """Every column of ``obj`` and of the objects joined to it, as Django left them."""
    if obj is None or depth > 4:
        return None
    columns = {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}
    joined = {name: as_read(other, depth + 1) for name, other in obj._state.fields_cache.items()}
    return (type(obj).__name__, obj._state.db, obj._state.adding, columns, joined)


def both(**values: int) -> tuple[object, object]:
    orm = next(iter(links._seat_matches(**values)), None)
    return as_read(links._SEAT_MATCH.first(**values)), as_read(orm)


def test_the_compiled_look_up_reads_the_match_its_round_tournament_and_teams_as_the_orm():
    match = MatchFactory()
    values = {"tournament_id": match.round.tournament_id, "round_number": match.round.number}

    compiled, orm = both(**values, team_id=match.team_b_id)

    assert compiled == orm
    assert isinstance(orm, tuple) and orm[0] == "Match"
    assert set(orm[4]) == {"round", "team_a", "team_b"}


def test_it_reads_a_melee_pair_joined_as_the_orm_and_none_for_a_team_without_a_match():
    match = MatchFactory()
    players = [
        MeleePlayer.objects.create(tournament=match.round.tournament, number=n, name=f"J{n}", lot=n)
        for n in (1, 2)
    ]
    MeleePair.objects.create(
        team=match.team_a, round=match.round, player_1=players[0], player_2=players[1]
    )
    values = {"tournament_id": match.round.tournament_id, "round_number": match.round.number}
    alone = TeamFactory(tournament=match.round.tournament)

    compiled, orm = both(**values, team_id=match.team_a_id)
    seat = links._SEAT_MATCH.first(**values, team_id=match.team_a_id)

    assert compiled == orm
    assert isinstance(seat, Match) and links.is_pair_seat(seat=links._seat(_link(match), seat))
    assert links._SEAT_MATCH.first(**values, team_id=alone.pk) is None
    assert links._SEAT_MATCH.first(**{**values, "round_number": 9}, team_id=match.team_a_id) is None


def _link(match: Match) -> TeamLink:
    return TeamLink(tournament_id=match.round.tournament_id, team_id=match.team_a_id)


def _stored_link(match: Match, team: object, token: str, pin: str, **fields: object) -> TeamLink:
    """Store a link of ``team`` in ``match``'s tournament, made now unless ``fields`` say."""
    fields.setdefault("created_at", timezone.now())
    return TeamLink.objects.create(
        tournament=match.round.tournament, team=team, token=token, pin=pin, **fields
    )


def test_the_compiled_link_look_up_reads_the_link_as_the_orm_and_none_for_an_unknown_token():
    match = MatchFactory()
    link = _stored_link(match, match.team_a, "t" * 32, "1234")
    orm = next(iter(links._links(token=link.token)), None)

    assert as_read(links._LINK.first(token=link.token)) == as_read(orm)
    assert isinstance(orm, TeamLink) and orm.pk == link.pk
    assert links._LINK.first(token="u" * 32) is None


def _two_query_seat(token: str, round_number: int) -> tuple[object, object]:
    """What seat_by_token gave before it joined the link: the link read alone by its
    token, then its seat (team_seat), the link's team and tournament the seat's."""
    link = links._LINK.first(token=token)
    if link is None:
        return None, None
    seat = links.team_seat(link=link, round_number=round_number)
    if seat is None:
        return as_read(link), None
    link.team = seat.match.team_a if seat.side == "A" else seat.match.team_b
    link.tournament = seat.match.round.tournament
    return as_read(link), (as_read(seat.match), seat.side, as_read(seat.link))


def test_the_seat_by_token_is_the_link_and_seat_of_two_look_ups_in_one_query():
    match = MatchFactory()
    stamp = timezone.now()
    link = _stored_link(
        match, match.team_b, "s" * 32, "4321", pin_failures=2, created_at=stamp, revoked_at=stamp
    )
    number = match.round.number

    with CaptureQueriesContext(connection) as queries:
        found, seat = links.seat_by_token(token=link.token, round_number=number)

    assert len(queries) == 1
    assert seat is not None and seat.link is found and seat.side == "B"
    assert found is not None and found.revoked_at == stamp and found.pin_failures == 2
    assert not any(name.startswith("seat_link_") for name in vars(seat.match))
    assert (as_read(found), (as_read(seat.match), seat.side, as_read(found))) == (
        _two_query_seat(link.token, number)
    )
    assert found.team is seat.match.team_b and found.tournament is seat.match.round.tournament


def test_the_seat_by_token_reads_the_link_alone_without_a_match_and_none_if_unknown():
    match = MatchFactory()
    link = _stored_link(match, match.team_a, "n" * 32, "1111")
    # A team of the tournament not in that draw.
    other = _stored_link(match, TeamFactory(tournament=match.round.tournament), "o" * 32, "2222")

    found, seat = links.seat_by_token(token=link.token, round_number=match.round.number + 1)
    assert seat is None and found is not None and found.pk == link.pk
    found, seat = links.seat_by_token(token=other.token, round_number=match.round.number)
    assert seat is None and found is not None and found.pk == other.pk
    assert links.seat_by_token(token="u" * 32, round_number=match.round.number) == (None, None)


# lock_match (services/locks.py): its three queries compiled once -------------------------


def test_the_compiled_match_lock_reads_the_match_its_round_and_tournament_as_the_orm():
    match = MatchFactory()
    orm = locks._locked_match(match_id=match.pk).get()

    with CaptureQueriesContext(connection) as queries:
        locked = locks.lock_match(Match(pk=match.pk))

    assert as_read(locked) == as_read(orm)
    assert set(as_read(orm)[4]) == {"round"}  # type: ignore[index]
    assert as_read(locked.round.tournament) == as_read(orm.round.tournament)
    sql = [query["sql"] for query in queries.captured_queries]
    if connection.features.has_select_for_update:
        # Tournament, round, then match, each locking only its own row (services/locks.py).
        assert [s.split(" FROM ")[1].split()[0] for s in sql] == [
            '"tournaments_tournament"',
            '"tournaments_round"',
            '"tournaments_match"',
        ]
        assert [s.rsplit(" FOR UPDATE ", 1)[1] for s in sql] == [
            'OF "tournaments_tournament"',
            'OF "tournaments_round"',
            'OF "tournaments_match"',
        ]
    else:  # SQLite: the IMMEDIATE transaction is the lock; the match alone is read
        assert len(sql) == 1 and "FOR UPDATE" not in sql[0]


def test_the_compiled_match_lock_gives_the_orm_s_sql_and_raises_for_a_match_deleted():
    match = MatchFactory()
    pk = match.pk
    for prepared, build in (
        (locks._MATCH_TOURNAMENT, locks._match_tournament),
        (locks._MATCH_ROUND, locks._match_round),
        (locks._LOCKED_MATCH, locks._locked_match),
    ):
        sql, params = build(match_id=pk).query.sql_with_params()
        assert prepared._compiled("default").sql == sql and list(params) == [pk]
    match.delete()

    with pytest.raises(Match.DoesNotExist):
        locks.lock_match(Match(pk=pk))


@pytest.mark.django_db(transaction=True)
def test_the_compiled_match_lock_is_refused_outside_a_transaction_where_it_locks():
    match = MatchFactory()
    with transaction.atomic():
        locks.lock_match(match)  # compiled in this thread

    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            locks.lock_match(match)
    else:  # SQLite: no row lock, the match is read as it is
        assert locks.lock_match(match).pk == match.pk


def test_the_compiled_active_link_check_says_what_the_orm_s_exists_says():
    match = MatchFactory()
    link = _stored_link(match, match.team_a, "t" * 32, "1234")
    sql, params = links._active_links(link_id=link.pk).query.sql_with_params()
    assert links._ACTIVE_LINK._compiled("default").sql == sql and list(params) == [link.pk]

    def orm(pk: int) -> bool:
        return TeamLink.objects.filter(pk=pk, revoked_at__isnull=True).exists()

    assert links.is_link_active(link_id=link.pk) is orm(link.pk) is True
    link.revoked_at = timezone.now()
    link.save(update_fields=["revoked_at"])
    assert links.is_link_active(link_id=link.pk) is orm(link.pk) is False
    assert links.is_link_active(link_id=link.pk + 1) is orm(link.pk + 1) is False


# The deals of a match (selectors/deals.py), read at every table write -------------------


def test_the_compiled_deals_of_a_match_are_the_orm_s_in_order_each_with_its_match():
    match = MatchFactory()
    other = DealFactory(deal_number=1, taker_card_points=90, defence_card_points=72)
    for number, points in ((2, 120), (1, 82), (3, 152)):
        DealFactory(
            match=match,
            deal_number=number,
            taker_card_points=points,
            defence_card_points=162 - points,
            dispute_note=f"note {number}",
        )
    orm = list(match.deals.order_by("deal_number"))

    read = deals.read_match_deals(match=match)

    assert [as_read(deal) for deal in read] == [as_read(deal) for deal in orm]
    assert [deal.deal_number for deal in read] == [1, 2, 3]
    assert [deal.taker_card_points for deal in read] == [82, 120, 152]
    assert other.pk not in {deal.pk for deal in read}
    with CaptureQueriesContext(connection) as queries:
        assert all(deal.match is match for deal in read)
    assert len(queries.captured_queries) == 0
    sql, params = deals._deals_of_match(match_id=match.pk).query.sql_with_params()
    assert deals._DEALS_OF_MATCH._compiled("default").sql == sql and list(params) == [match.pk]


def test_the_compiled_deals_of_a_match_without_a_deal_are_none_in_one_query():
    match = MatchFactory()

    with CaptureQueriesContext(connection) as queries:
        assert deals.read_match_deals(match=match) == []
    assert len(queries.captured_queries) == 1


def test_the_seat_s_match_lock_is_the_match_lock_and_the_link_check_in_one_statement_less():
    match = MatchFactory()
    link = _stored_link(match, match.team_a, "t" * 32, "1234")
    sql, params = locks._locked_seat_match(
        match_id=match.pk, link_id=link.pk
    ).query.sql_with_params()
    assert locks._LOCKED_SEAT_MATCH._compiled("default").sql == sql
    assert sorted(params) == sorted([match.pk, link.pk])

    def apart(link_id: int) -> tuple[object, bool, int]:
        with CaptureQueriesContext(connection) as queries:
            locked = locks.lock_match(Match(pk=match.pk), shared=True)
            active = links.is_link_active(link_id=link_id)
        return as_read(locked), active, len(queries)

    def together(link_id: int) -> tuple[object, bool, int]:
        with CaptureQueriesContext(connection) as queries:
            locked, active = locks.lock_seat_match(Match(pk=match.pk), link_id=link_id, shared=True)
        assert not hasattr(locked, "seat_link_active")
        return as_read(locked), active, len(queries) + 1

    with transaction.atomic():
        assert together(link.pk) == apart(link.pk)
        assert together(link.pk)[1] is True
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
        assert together(link.pk) == apart(link.pk)
        assert together(link.pk)[1] is False
        assert together(link.pk + 1) == apart(link.pk + 1)
        if connection.features.has_select_for_update:  # the match's row alone is locked
            assert sql.rsplit(" FOR UPDATE ", 1)[1] == 'OF "tournaments_match"'
    match.delete()
    with pytest.raises(Match.DoesNotExist), transaction.atomic():
        locks.lock_seat_match(Match(pk=match.pk), link_id=link.pk, shared=True)
