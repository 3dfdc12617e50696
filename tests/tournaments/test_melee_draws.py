"""Drawing, swapping and publishing a mêlée partie at the desk (services/melee_draws.py,
RULES.md §H): partie 1 from the stored seed, later parties by individual standing with no
repeated partner; refusals save nothing; publishing makes the pairs, tables and sit-outs."""

import datetime
import re

import pytest
from django.utils import translation

import scoring
from tests.factories import TournamentFactory
from tournaments import selectors, services
from tournaments.exports import pdf
from tournaments.models import (
    Match,
    MeleeDraft,
    MeleePair,
    MeleePlayer,
    Round,
    SitOut,
    Team,
    TeamLink,
)
from tournaments.services import MeleePlayerData, PlayedMeleeTable, Refusal, ServiceError

NOW = datetime.datetime(2026, 12, 1, 14, 0, tzinfo=datetime.UTC)


def register(tournament, count):
    return services.register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, count + 1)],
        rng=None,
    )


def draft_numbers(round_):
    """Return the draft's tables as (table, pair A numbers, pair B numbers) and sit-outs."""
    draw = MeleeDraft.objects.get(round=round_).draw
    number = dict(MeleePlayer.objects.values_list("pk", "number"))
    tables = [
        (
            t["table_number"],
            tuple(number[p] for p in t["pair_a"]),
            tuple(number[p] for p in t["pair_b"]),
        )
        for t in draw["tables"]
    ]
    return tables, [number[p] for p in draw["sit_outs"]]


def refusal(call):
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value.code, caught.value.params


@pytest.mark.django_db
def test_partie_1_is_drawn_from_the_stored_seed_and_nothing_is_played_yet():
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 22)

    round_ = services.draw_melee_partie(tournament=tournament, seed=7)

    assert (round_.number, round_.status, round_.seed) == (1, Round.Status.DRAFT, 7)
    assert draft_numbers(round_) == (
        [
            (1, (6, 18), (21, 16)),
            (2, (8, 15), (22, 20)),
            (3, (7, 19), (14, 17)),
            (4, (9, 1), (10, 12)),
            (5, (4, 3), (2, 13)),
        ],
        [5, 11],
    )
    assert (Team.every_team.count(), Match.objects.count(), SitOut.objects.count()) == (0, 0, 0)


@pytest.mark.django_db
def test_publishing_makes_the_pairs_their_tables_and_the_sit_outs_in_one_go():
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 22)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)

    services.publish_draft(round=round_, now=NOW)

    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
    matches = Match.objects.filter(round=round_).order_by("table_number")
    assert [(m.table_number, m.team_a.number, m.team_a.players, m.team_b.players) for m in matches][
        :2
    ] == [
        (1, 1, "Joueur 6 / Joueur 18", "Joueur 21 / Joueur 16"),
        (2, 3, "Joueur 8 / Joueur 15", "Joueur 22 / Joueur 20"),
    ]
    assert matches.count() == 5
    assert [
        (p.team.number, p.player_1.number, p.player_2.number)
        for p in MeleePair.objects.filter(round=round_)
    ][-2:] == [(9, 4, 3), (10, 2, 13)]
    assert [s.player.number for s in SitOut.objects.filter(round=round_)] == [5, 11]
    assert (Team.objects.count(), Team.every_team.count(), TeamLink.objects.count()) == (0, 10, 10)
    assert not MeleeDraft.objects.exists()


@pytest.mark.django_db
def test_only_players_present_and_not_withdrawn_are_drawn():
    tournament = TournamentFactory(number_of_rounds=3)
    players = register(tournament, 6)
    services.set_melee_player_present(player=players[0], is_present=False)
    services.set_melee_player_withdrawn(player=players[5], is_withdrawn=True)

    round_ = services.draw_melee_partie(tournament=tournament, seed=7)

    tables, sit_outs = draft_numbers(round_)
    assert (sorted(n for _, a, b in tables for n in (*a, *b)), sit_outs) == ([2, 3, 4, 5], [])


@pytest.mark.django_db
def test_fewer_than_four_players_present_is_refused_and_nothing_is_saved():
    tournament = TournamentFactory(number_of_rounds=3)
    players = register(tournament, 4)
    services.set_melee_player_withdrawn(player=players[3], is_withdrawn=True)

    assert refusal(lambda: services.draw_melee_partie(tournament=tournament)) == (
        Refusal.TOO_FEW_PLAYERS,
        {},
    )
    assert Round.objects.count() == 0


@pytest.mark.django_db
def test_a_partie_is_not_drawn_while_the_last_one_is_open():
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 8)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.publish_draft(round=round_, now=NOW)

    assert refusal(lambda: services.draw_melee_partie(tournament=tournament)) == (
        Refusal.ROUND_OPEN,
        {"number": 1},
    )
    assert Round.objects.count() == 1


@pytest.mark.django_db
def test_a_swap_moves_a_player_to_the_sit_out_and_says_where_it_repeats():
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 22)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)

    swap = services.swap_melee_players(round=round_, first=6, second=5)

    assert (swap.first, swap.second, swap.repeat_tables) == (6, 5, ())
    tables, sit_outs = draft_numbers(round_)
    assert (tables[0], sit_outs) == ((1, (5, 18), (21, 16)), [6, 11])


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        (6, 99, (Refusal.UNKNOWN_PLAYER, {"number": 99})),
        (6, 6, (Refusal.SAME_PLAYER, {})),
    ],
)
@pytest.mark.django_db
def test_a_bad_swap_is_refused_and_the_draft_stays(first, second, expected):
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 22)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    before = MeleeDraft.objects.get(round=round_).draw

    assert (
        refusal(lambda: services.swap_melee_players(round=round_, first=first, second=second))
        == expected
    )
    assert MeleeDraft.objects.get(round=round_).draw == before


@pytest.mark.django_db
def test_a_draft_seating_a_player_twice_is_not_published():
    tournament = TournamentFactory(number_of_rounds=3)
    players = register(tournament, 8)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    draft = MeleeDraft.objects.get(round=round_)
    draft.draw["tables"][1]["pair_b"][1] = players[6].pk  # player 7 sits at table 1 already
    draft.save()

    assert refusal(lambda: services.publish_draft(round=round_, now=NOW)) == (
        Refusal.PLAYER_SEATED_TWICE,
        {"number": 7},
    )
    round_.refresh_from_db()
    assert (round_.status, Team.every_team.count(), Match.objects.count()) == ("draft", 0, 0)


@pytest.mark.django_db
def test_a_player_withdrawn_after_the_draw_stops_the_publication():
    tournament = TournamentFactory(number_of_rounds=3)
    players = register(tournament, 8)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    services.set_melee_player_withdrawn(player=players[2], is_withdrawn=True)

    assert refusal(lambda: services.publish_draft(round=round_, now=NOW)) == (
        Refusal.PLAYER_NOT_PRESENT,
        {"number": 3},
    )
    assert (Team.every_team.count(), SitOut.objects.count(), MeleeDraft.objects.count()) == (
        0,
        0,
        1,
    )


@pytest.mark.django_db
def test_a_player_withdrawn_after_the_draw_is_swapped_onto_the_sit_outs_and_not_credited():
    tournament = TournamentFactory(number_of_rounds=3)
    players = register(tournament, 22)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    assert draft_numbers(round_)[0][0] == (1, (6, 18), (21, 16))
    services.set_melee_player_withdrawn(player=players[5], is_withdrawn=True)  # player 6
    services.swap_melee_players(round=round_, first=6, second=5)

    services.publish_draft(round=round_, now=NOW)

    assert sorted(SitOut.objects.values_list("player__number", flat=True)) == [11]
    pair = round_.matches.get(table_number=1).team_a.melee_pair
    assert (pair.player_1.number, pair.player_2.number) == (5, 18)


@pytest.mark.parametrize(
    ("away", "withdrawn", "first", "second"),
    [(10, True, 11, 18), (4, False, 18, 5)],  # withdrawn 11, or absent 5, onto a seat
)
@pytest.mark.django_db
def test_a_swap_seating_a_player_absent_or_withdrawn_is_refused(away, withdrawn, first, second):
    tournament = TournamentFactory(number_of_rounds=3)
    players = register(tournament, 22)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)
    if withdrawn:
        services.set_melee_player_withdrawn(player=players[away], is_withdrawn=True)
    else:
        services.set_melee_player_present(player=players[away], is_present=False)
    before = MeleeDraft.objects.get(round=round_).draw

    assert refusal(
        lambda: services.swap_melee_players(round=round_, first=first, second=second)
    ) == (Refusal.ABSENT_PLAYER_SEATED, {"number": away + 1})
    assert MeleeDraft.objects.get(round=round_).draw == before


@pytest.mark.django_db
def test_the_draft_tells_the_repeats_the_draw_made_from_those_a_swap_made():
    tournament = TournamentFactory(number_of_rounds=4)
    p = register(tournament, 4)
    for a, b, c, d in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):  # every partnership once
        services.record_played_melee_round(
            tournament=tournament,
            tables=[
                PlayedMeleeTable(
                    1, (p[a], p[b]), (p[c], p[d]), totals=scoring.MatchTotals(900, 700)
                )
            ],
            now=NOW,
        )
    round_ = services.draw_melee_partie(tournament=tournament)

    def repeats():
        draft = selectors.melee_draft(round=round_)
        assert draft is not None
        (table,) = draft.tables
        return (
            sorted(sorted(x.number for x in pair) for pair in table.repeated_partners),
            sorted(sorted(x.number for x in pair) for pair in table.swapped_partners),
        )

    drawn = repeats()
    (a, b), (c, d) = draft_numbers(round_)[0][0][1:]
    services.swap_melee_players(round=round_, first=b, second=c)
    swapped = repeats()
    services.swap_melee_players(round=round_, first=b, second=c)

    assert len(drawn[0]) == 2
    assert drawn[1] == []  # the draw could not avoid them
    assert swapped == (sorted([sorted([a, c]), sorted([b, d])]),) * 2
    assert repeats() == drawn  # swapped back: the draw's own pairs again


@pytest.mark.django_db
def test_partie_2_is_drawn_by_standing_with_no_repeated_partner():
    """Partie 1 recorded (as an import does), closed; partie 2 drawn from its results."""
    tournament = TournamentFactory(number_of_rounds=3)
    p = register(tournament, 8)
    services.record_played_melee_round(
        tournament=tournament,
        tables=[
            PlayedMeleeTable(1, (p[0], p[1]), (p[2], p[3]), totals=scoring.MatchTotals(1000, 900)),
            PlayedMeleeTable(2, (p[4], p[5]), (p[6], p[7]), totals=scoring.MatchTotals(800, 1100)),
        ],
        now=NOW,
    )

    round_ = services.draw_melee_partie(tournament=tournament)

    assert (round_.number, round_.seed) == (2, None)
    # Standings: 7, 8 (won, 1100), 1, 2 (won, 1000), 3, 4 (900), 5, 6 (800); partners of
    # partie 1 are not paired again, and nobody meets an opponent of partie 1 again.
    assert draft_numbers(round_) == ([(1, (7, 1), (8, 2)), (2, (3, 5), (4, 6))], [])


@pytest.mark.django_db
def test_a_swap_that_pairs_partners_of_partie_1_again_is_listed():
    tournament = TournamentFactory(number_of_rounds=3)
    p = register(tournament, 8)
    services.record_played_melee_round(
        tournament=tournament,
        tables=[
            PlayedMeleeTable(1, (p[0], p[1]), (p[2], p[3]), totals=scoring.MatchTotals(1000, 900)),
            PlayedMeleeTable(2, (p[4], p[5]), (p[6], p[7]), totals=scoring.MatchTotals(800, 1100)),
        ],
        now=NOW,
    )
    round_ = services.draw_melee_partie(tournament=tournament)

    swap = services.swap_melee_players(round=round_, first=1, second=8)

    assert swap.repeat_tables == (1,)
    draw = MeleeDraft.objects.get(round=round_).draw["tables"][0]
    number = dict(MeleePlayer.objects.values_list("pk", "number"))
    assert [[number[x] for x in pair] for pair in draw["repeated_partners"]] == [[7, 8], [1, 2]]
    assert [[number[x] for x in pair] for pair in draw["repeated_opponents"]] == []


@pytest.mark.django_db
def test_registering_or_renaming_a_player_to_a_name_taken_is_refused():
    tournament = TournamentFactory()
    players = register(tournament, 2)

    assert refusal(
        lambda: services.register_melee_players(
            tournament=tournament, players=[MeleePlayerData(name="joueur 1")], rng=None
        )
    ) == (Refusal.DUPLICATE_PLAYER_NAME, {"name": "joueur 1"})
    assert refusal(
        lambda: services.update_melee_player(
            player=players[1], data=MeleePlayerData(name="Joueur 1")
        )
    ) == (Refusal.DUPLICATE_PLAYER_NAME, {"name": "Joueur 1"})
    assert refusal(
        lambda: services.update_melee_player(
            player=players[1], data=MeleePlayerData(name="Autre", number=1)
        )
    ) == (Refusal.DUPLICATE_PLAYER_NUMBER, {"number": 1})
    assert list(MeleePlayer.objects.values_list("number", "name")) == [
        (1, "Joueur 1"),
        (2, "Joueur 2"),
    ]


@pytest.mark.django_db
def test_a_player_is_renamed_renumbered_and_given_a_club():
    tournament = TournamentFactory()
    players = register(tournament, 2)

    player = services.update_melee_player(
        player=players[1], data=MeleePlayerData(name=" Lucette  Roy ", club="Amicale", number=7)
    )

    assert (player.number, player.name, player.club.name) == (7, "Lucette Roy", "Amicale")


@pytest.mark.django_db
def test_a_concours_created_as_a_melee_is_one_before_any_player():
    from tournaments import selectors

    tournament = services.create_tournament(
        club=None,
        settings={"name": "Mêlée du jeudi", "date": datetime.date(2026, 12, 3)},
        is_melee=True,
    )
    other = services.create_tournament(
        club=None, settings={"name": "Doublettes", "date": datetime.date(2026, 12, 3)}
    )

    assert (selectors.is_melee(tournament=tournament), selectors.is_melee(tournament=other)) == (
        True,
        False,
    )


@pytest.mark.django_db
def test_a_discarded_draft_goes_with_its_round_and_partie_1_is_drawn_again():
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 8)
    round_ = services.draw_melee_partie(tournament=tournament, seed=7)

    services.discard_draft(round=round_)
    again = services.draw_melee_partie(tournament=tournament, seed=7)

    assert (Round.objects.count(), MeleeDraft.objects.count(), again.number) == (1, 1, 1)
    assert draft_numbers(again) == ([(1, (7, 8), (3, 5)), (2, (1, 4), (2, 6))], [])


@pytest.mark.django_db
def test_a_team_is_not_registered_in_a_melee():
    tournament = services.create_tournament(
        club=None,
        settings={"name": "Mêlée", "date": datetime.date(2026, 12, 3)},
        is_melee=True,
    )

    assert refusal(
        lambda: services.register_team(
            tournament=tournament, data=services.TeamData("A", "B"), rng=None
        )
    ) == (Refusal.IS_MELEE, {})
    assert Team.every_team.count() == 0


@pytest.mark.django_db
def test_the_team_cards_of_a_melee_are_those_of_the_latest_partie_pairs():
    tournament = TournamentFactory(number_of_rounds=3)
    register(tournament, 8)
    services.publish_draft(round=services.draw_melee_partie(tournament=tournament, seed=7), now=NOW)

    with translation.override("fr"):
        html = pdf.team_cards_html(tournament=tournament, base_url="http://salle.local/")

    pairs = Team.every_team.filter(tournament=tournament).order_by("number")
    # Each card is good for partie 1 only, and says so (a pair's number is not shown).
    assert re.findall(r'<h2 class="team-card-number">(.*?)</h2>', html) == ["Paire, partie 1"] * 4
    assert html.count("Valable pour la partie 1 seulement") == 4
    assert re.findall(r'<p class="team-card-player[^"]*">(.*?)</p>', html) == [
        name for team in pairs for name in (team.player_1, team.player_2)
    ]
    assert len(pairs) == 4
