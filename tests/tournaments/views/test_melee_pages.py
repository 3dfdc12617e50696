"""The public pages of a mêlée (views/public.py, selectors/melee_pages.py, RULES.md §H): a
player's page partie by partie, the round page's four players a table and its sit-outs,
and the standings' links to the players; the held-out sample ``melee-18`` and small
concours built by the services, each page in the same queries whatever its size."""

import csv
import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings

import scoring
from tests.factories import TeamFactory, TournamentFactory
from tests.html_reading import table_rows
from tournaments import selectors, services
from tournaments.models import DealEntry, Match, MeleePlayer, Round, Tournament
from tournaments.services import MeleePlayerData, PlayedMeleeTable

NOW = datetime.datetime(2026, 12, 1, 14, 0, tzinfo=datetime.UTC)
SAMPLE = Path(settings.BELOTE_SHARED_DIR) / "data" / "melee-18"
PARTIES_HEADING = ["Partie", "Table", "Partenaire", "Adversaires", "Pour", "Contre", "Résultat"]


def read_csv(name: str) -> list[dict[str, str]]:
    with (SAMPLE / name).open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def standing_line(response) -> str:
    """The player's standings line, spaces collapsed."""
    found = re.search(r'<p class="player-standing" id="player-standing">(.*?)</p>', page(response))
    assert found is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def page(response) -> str:
    return response.content.decode().replace("\n", " ")


def sit_outs_line(response) -> str:
    found = re.search(r'<p class="sit-outs" id="sit-outs">(.*?)</p>', page(response))
    assert found is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(1))).strip()


@pytest.mark.django_db
class TestTheSamplePages:
    def test_a_players_page_shows_their_line_then_each_partie(self, client, melee_sample):
        response = client.get(f"/concours/{melee_sample.slug}/joueurs/17/")

        assert response.status_code == 200
        assert standing_line(response) == (
            "Rang 2 sur 18 joueurs · 4784 points · gagnées 3, nulles 0, perdues 0 · "
            "2396 contre, différence 2388 · exempt 1 fois"
        )
        assert table_rows(response, "melee-parties") == [
            PARTIES_HEADING,
            [
                "1",
                "1",
                "8 – Michel Durand",
                "5 – Gérard Roux / 4 – Geneviève Martin",
                "1334",
                "670",
                "Gagnée",
            ],  # noqa: E501
            [
                "2",
                "2",
                "16 – Hélène Thomas",
                "5 – Gérard Roux / 8 – Michel Durand",
                "1183",
                "911",
                "Gagnée",
            ],  # noqa: E501
            [
                "3",
                "1",
                "6 – André David",
                "11 – Maurice Bernard / 14 – Odette Lefèvre",
                "1259",
                "815",
                "Gagnée",
            ],  # noqa: E501
            # Partie 4's mean match total: 8066 points over 8 pair totals, 1008.25.
            ["4", "", "Exempt", "1008", "", ""],
        ]

    def test_a_drawn_and_a_lost_partie_say_so(self, client, melee_sample):
        response = client.get(f"/concours/{melee_sample.slug}/joueurs/6/")

        assert table_rows(response, "melee-parties")[1:] == [
            [
                "1",
                "3",
                "12 – Jean Leroy",
                "18 – Gérard Michel / 3 – Chantal Vincent",
                "1369",
                "695",
                "Gagnée",
            ],  # noqa: E501
            [
                "2",
                "1",
                "10 – Jean Dubois",
                "15 – Maurice Garcia / 14 – Odette Lefèvre",
                "1002",
                "1002",
                "Nulle",
            ],  # noqa: E501
            [
                "3",
                "1",
                "17 – Michel David",
                "11 – Maurice Bernard / 14 – Odette Lefèvre",
                "1259",
                "815",
                "Gagnée",
            ],  # noqa: E501
            [
                "4",
                "2",
                "3 – Chantal Vincent",
                "16 – Hélène Thomas / 4 – Geneviève Martin",
                "712",
                "1442",
                "Perdue",
            ],  # noqa: E501
        ]

    def test_every_players_page_agrees_with_their_row_of_the_expected_standings(
        self, client, melee_sample
    ):
        expected = read_csv("expected_standings.csv")

        pages = [
            client.get(f"/concours/{melee_sample.slug}/joueurs/{row['player']}/")
            for row in expected
        ]

        # Each page: its line, then the sum of its « Pour » column (the third cell from
        # the end: the pair's total, or a sit-out's credit), which is the player's points.
        assert [
            (
                standing_line(response),
                sum(int(row[-3]) for row in table_rows(response, "melee-parties")[1:]),
            )
            for response in pages
        ] == [
            (
                f"Rang {row['rank']} sur 18 joueurs · {row['points']} points · "
                f"gagnées {row['matches_won']}, nulles {row['matches_drawn']}, "
                f"perdues {4 - int(row['sit_outs']) - int(row['matches_won']) - int(row['matches_drawn'])} · "  # noqa: E501
                f"{row['points_against']} contre, différence {row['points_difference']} · "
                f"exempt {row['sit_outs']} fois",
                int(row["points"]),
            )
            for row in expected
        ]

    def test_the_round_page_lists_each_tables_four_players_and_the_sit_outs(
        self, client, melee_sample
    ):
        response = client.get(f"/concours/{melee_sample.slug}/parties/4/")

        assert table_rows(response, "melee-matches") == [
            ["Table", "Paire A", "Total A", "Total B", "Paire B", "Donnes"],
            [
                "1",
                "5 – Gérard Roux / 10 – Jean Dubois",
                "908",
                "1076",
                "18 – Gérard Michel / 2 – Michel Laurent",
                "Totaux seulement",
            ],  # noqa: E501
            [
                "2",
                "6 – André David / 3 – Chantal Vincent",
                "712",
                "1442",
                "16 – Hélène Thomas / 4 – Geneviève Martin",
                "Totaux seulement",
            ],  # noqa: E501
            [
                "3",
                "13 – Geneviève Lefèvre / 11 – Maurice Bernard",
                "852",
                "1132",
                "12 – Jean Leroy / 14 – Odette Lefèvre",
                "Totaux seulement",
            ],  # noqa: E501
            [
                "4",
                "1 – Josette Vincent / 8 – Michel Durand",
                "825",
                "1119",
                "7 – Yvette David / 9 – Michel Bertrand",
                "Totaux seulement",
            ],  # noqa: E501
        ]
        assert sit_outs_line(response) == "Exempts : 15 – Maurice Garcia, 17 – Michel David"

    def test_the_round_page_links_each_player_to_their_page(self, client, melee_sample):
        response = client.get(f"/concours/{melee_sample.slug}/parties/1/")

        links = re.findall(r'href="/concours/[^/]+/joueurs/(\d+)/"', page(response))
        assert links == [
            "5", "4", "17", "8", "1", "9", "11", "16", "18", "3", "12", "6", "13", "7", "15", "2",
            "10", "14",
        ]  # fmt: skip

    def test_the_standings_link_each_name_to_the_players_page(self, client, melee_sample):
        response = client.get(f"/concours/{melee_sample.slug}/")

        rows = table_rows(response, "standings")
        links = re.findall(
            r'<td class="players"><a href="/concours/[^/]+/joueurs/(\d+)/">([^<]*)</a>',
            page(response),
        )
        assert links[:3] == [("16", "Hélène Thomas"), ("17", "Michel David"), ("7", "Yvette David")]
        assert [number for number, _ in links] == [row[1] for row in rows[1:]]

    def test_the_page_reads_in_english(self, client, melee_sample):
        client.cookies["django_language"] = "en"

        response = client.get(f"/concours/{melee_sample.slug}/joueurs/17/")

        assert standing_line(response) == (
            "Rank 2 of 18 players · 4784 points · won 3, drawn 0, lost 0 · "
            "2396 against, difference 2388 · 1 sit-out"
        )
        assert table_rows(response, "melee-parties")[0] == [
            "Round", "Table", "Partner", "Opponents", "For", "Against", "Result"
        ]  # fmt: skip
        assert table_rows(response, "melee-parties")[4] == ["4", "", "Sat out", "1008", "", ""]


def register(tournament: Tournament, count: int) -> list[MeleePlayer]:
    return services.register_melee_players(
        tournament=tournament,
        players=[MeleePlayerData(name=f"Joueur {n}") for n in range(1, count + 1)],
        rng=None,
    )


def play(tournament: Tournament, players: list[MeleePlayer], parties: int) -> None:
    """Record ``parties`` parties by their totals: the players by fours in number order,
    the first of them sitting out (one a partie in turn when their count is 4n + 1)."""
    for partie in range(parties):
        seated = players[:]
        if len(players) % 4:
            seated.pop(partie % len(players))
        tables = [
            PlayedMeleeTable(
                table + 1,
                (seated[4 * table], seated[4 * table + 1]),
                (seated[4 * table + 2], seated[4 * table + 3]),
                totals=scoring.MatchTotals(600 + 10 * table, 400),
            )
            for table in range(len(seated) // 4)
        ]
        services.record_played_melee_round(tournament=tournament, tables=tables, now=NOW)


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "parties"), [(5, 2), (21, 4)])
def test_a_players_page_runs_the_same_queries_whatever_its_size(
    client, django_assert_num_queries, players, parties
):
    tournament = TournamentFactory(slug="t", number_of_rounds=4)
    play(tournament, register(tournament, players), parties)

    # The tournament and the player, its results' count (the cache key), then the six of
    # selectors.melee_player_page. Player 2 plays partie 1 and sits out partie 2 (and
    # plays the later ones).
    with django_assert_num_queries(9):
        response = client.get("/concours/t/joueurs/2/")

    assert response.status_code == 200
    assert len(table_rows(response, "melee-parties")) == parties + 1


@pytest.mark.django_db
def test_a_cached_players_page_costs_the_lookups_only(client, django_assert_num_queries):
    tournament = TournamentFactory(slug="t")
    play(tournament, register(tournament, 5), 1)
    client.get("/concours/t/joueurs/2/")

    # The tournament, the player, its results' count (the cache key).
    with django_assert_num_queries(3):
        response = client.get("/concours/t/joueurs/2/")

    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "tables"), [(5, 1), (23, 5)])
def test_a_melee_round_page_runs_the_same_queries_whatever_its_size(
    client, django_assert_num_queries, players, tables
):
    tournament = TournamentFactory(slug="t")
    play(tournament, register(tournament, players), 1)

    # The tournament, the round, its results' count (the cache key), then the tables with
    # their players, the sit-outs.
    with django_assert_num_queries(5):
        response = client.get("/concours/t/parties/1/")

    assert len(table_rows(response, "melee-matches")) == tables + 1


@pytest.mark.django_db
def test_a_partie_still_played_is_ongoing_for_its_players_and_sit_outs(client):
    tournament = TournamentFactory(slug="t", match_format_value=1)
    register(tournament, 5)
    services.publish_draft(round=services.draw_melee_partie(tournament=tournament, seed=7), now=NOW)
    match = Match.objects.select_related(*("team_a__melee_pair__player_1",)).get()
    seated = match.team_a.melee_pair.player_1.number
    sat_out = Round.objects.get().sit_outs.get().player.number

    seated_page = client.get(f"/concours/t/joueurs/{seated}/")
    sat_out_page = client.get(f"/concours/t/joueurs/{sat_out}/")

    assert [row[4:] for row in table_rows(seated_page, "melee-parties")[1:]] == [
        ["0", "0", "en cours"]
    ]
    assert table_rows(sat_out_page, "melee-parties")[1:] == [
        ["1", "", "Exempt", "0", "", "en cours"]
    ]


@pytest.mark.django_db
def test_a_partie_whose_deals_are_all_in_but_not_confirmed_is_to_confirm(client):
    tournament = TournamentFactory(slug="t", match_format_value=1)
    register(tournament, 5)
    services.publish_draft(round=services.draw_melee_partie(tournament=tournament, seed=7), now=NOW)
    match = Match.objects.select_related(*("team_a__melee_pair__player_1",)).get()
    made_90 = scoring.Deal(
        trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
    )
    # Team A's phone enters the partie's only deal: it waits for the other pair.
    services.submit_deal(
        seat=selectors.match_links(match=match)["A"],
        entry=DealEntry("A", made_90),
        deal_number=1,
        now=NOW,
    )

    page = client.get(f"/concours/t/joueurs/{match.team_a.melee_pair.player_1.number}/")

    assert [row[4:] for row in table_rows(page, "melee-parties")[1:]] == [["0", "0", "à confirmer"]]


@pytest.mark.django_db
def test_a_players_page_shows_new_totals_at_once(client):
    tournament = TournamentFactory(slug="t", match_format_value=1)
    register(tournament, 5)
    services.publish_draft(round=services.draw_melee_partie(tournament=tournament, seed=7), now=NOW)
    match = Match.objects.select_related(
        "team_a__melee_pair__player_1", "team_a__melee_pair__player_2"
    ).get()
    pair = match.team_a.melee_pair
    # The first of pair A by number: their partner has the same figures and ranks after.
    address = f"/concours/t/joueurs/{min(pair.player_1.number, pair.player_2.number)}/"
    client.get(address)

    services.record_match_totals(match=match, totals=scoring.MatchTotals(700, 300), now=NOW)

    response = client.get(address)
    assert [row[4:] for row in table_rows(response, "melee-parties")[1:]] == [
        ["700", "300", "Gagnée"]
    ]
    assert standing_line(response) == (
        "Rang 1 sur 5 joueurs · 700 points · gagnées 1, nulles 0, perdues 0 · "
        "300 contre, différence 400 · exempt 0 fois"
    )


@pytest.mark.django_db
def test_a_withdrawn_player_says_so(client):
    tournament = TournamentFactory(slug="t")
    players = register(tournament, 5)
    play(tournament, players, 1)

    services.set_melee_player_withdrawn(player=players[2], is_withdrawn=True)

    line = standing_line(client.get("/concours/t/joueurs/3/"))
    assert line == (
        "Rang 5 sur 5 joueurs · 600 points · gagnées 1, nulles 0, perdues 0 · "
        "400 contre, différence 200 · exempt 0 fois forfait"
    )


@pytest.mark.django_db
def test_a_player_with_no_partie_yet_says_so(client):
    register(TournamentFactory(slug="t"), 4)

    response = client.get("/concours/t/joueurs/4/")

    assert table_rows(response, "melee-parties")[1:] == [["Aucune partie jouée pour l’instant."]]


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["/concours/t/joueurs/6/", "/concours/d/joueurs/1/"])
def test_an_unknown_player_or_a_doublettes_concours_is_not_found(client, address):
    register(TournamentFactory(slug="t"), 5)
    TeamFactory(tournament=TournamentFactory(slug="d"), number=1)

    response = client.get(address)

    assert response.status_code == 404


def slide_rows(client, tournament: Tournament, index: int = 0) -> list[list[str]]:
    """The board of projector slide ``index``: its headings, then each row's cells."""
    response = client.get(f"/ecran/{tournament.projector_token}/diapo/?slide={index}")
    assert response.status_code == 200
    return table_rows(response, "board")


@pytest.mark.django_db
class TestTheSampleProjector:
    def test_the_draw_slide_shows_each_pair_by_its_players_then_the_sit_outs(
        self, client, melee_sample
    ):
        rows = slide_rows(client, melee_sample)

        assert rows == [
            ["Table", "Paire A", "Total A", "Total B", "Paire B"],
            [
                "1 Terminée",
                "5 Gérard Roux 10 Jean Dubois",
                "908",
                "1076",
                "18 Gérard Michel 2 Michel Laurent",
            ],  # noqa: E501
            [
                "2 Terminée",
                "6 André David 3 Chantal Vincent",
                "712",
                "1442",
                "16 Hélène Thomas 4 Geneviève Martin",
            ],  # noqa: E501
            [
                "3 Terminée",
                "13 Geneviève Lefèvre 11 Maurice Bernard",
                "852",
                "1132",
                "12 Jean Leroy 14 Odette Lefèvre",
            ],  # noqa: E501
            [
                "4 Terminée",
                "1 Josette Vincent 8 Michel Durand",
                "825",
                "1119",
                "7 Yvette David 9 Michel Bertrand",
            ],  # noqa: E501
            ["Exempt", "15 Maurice Garcia", "", "", ""],
            ["Exempt", "17 Michel David", "", "", ""],
        ]

    def test_the_standings_slide_links_to_no_page(self, client, melee_sample):
        response = client.get(f"/ecran/{melee_sample.projector_token}/diapo/?slide=1")

        assert table_rows(response, "board")[1] == ["1", "16", "Hélène Thomas", "4856", "3"]
        assert "<a " not in response.content.decode()

    def test_the_draw_slide_reads_in_english(self, client, melee_sample):
        client.cookies["django_language"] = "en"

        rows = slide_rows(client, melee_sample)

        assert (rows[0], rows[5]) == (
            ["Table", "Pair A", "Total A", "Total B", "Pair B"],
            ["Sat out", "15 Maurice Garcia", "", "", ""],
        )


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "slides"), [(5, 2), (39, 4)])
def test_a_melee_projector_runs_the_same_queries_whatever_its_size(
    client, django_assert_num_queries, players, slides
):
    tournament = TournamentFactory(slug="t")
    play(tournament, register(tournament, players), 1)

    # As many queries for one table as for nine, on two slides of the draw (one of them
    # the results' count of the cache key).
    with django_assert_num_queries(12):
        response = client.get(f"/ecran/{tournament.projector_token}/diapo/?slide={slides - 1}")

    assert table_rows(response, "board")[0] == ["Rang", "Joueur", "Nom", "Points", "Gagnées"]


@pytest.mark.django_db
def test_a_melee_draw_past_a_slide_goes_on_to_the_next_with_the_sit_outs_last(client):
    tournament = TournamentFactory(slug="t")
    # 38 players: 9 tables, then the two who sit out (players 1, dropped, and 38).
    play(tournament, register(tournament, 38), 1)

    second = slide_rows(client, tournament, 1)

    assert second[1:] == [
        ["9 Terminée", "34 Joueur 34 35 Joueur 35", "680", "400", "36 Joueur 36 37 Joueur 37"],
        ["Exempt", "1 Joueur 1", "", "", ""],
        ["Exempt", "38 Joueur 38", "", "", ""],
    ]
