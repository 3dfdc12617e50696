"""The public standings, written in Python (tournaments/tables/standings.py), read exactly
as django-tables2 wrote them: the same cells, headings, classes, sorting links and order,
for every ``?sort=`` the page keeps and some it does not, in both languages, before and
after the first result, for teams and for a mêlée's players.

The reference is the django-tables2 table the page used before (:class:`Reference`,
:class:`MeleeReference`, as tournaments/tables.py defined them), rendered by
django-tables2's own template. Both tables are compared as the browser reads them: the
same elements, attributes and texts, whitespace between the tags aside.
"""

import datetime
import random
import re
from html.parser import HTMLParser
from typing import Any

import django_tables2 as tables
import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

import scoring
from tests.factories import (
    ByeFactory,
    ClubFactory,
    MatchFactory,
    RoundFactory,
    TeamFactory,
    TournamentFactory,
)
from tests.html_reading import table_rows
from tests.tournaments.test_importing_melee import NAME, NOW, SAMPLE
from tournaments import selectors, services
from tournaments.importing import import_played_tournament
from tournaments.models import DealEntry, Ranking
from tournaments.presentation.columns import MELEE_STANDINGS, STANDINGS
from tournaments.tables import SORTS, standings_rows, standings_table

WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}
WIDE_NUMBER = {"th": {"class": "num wide-only"}, "td": {"class": "num wide-only"}}
WIDEST_NUMBER = {"th": {"class": "num widest-only"}, "td": {"class": "num widest-only"}}
NUMBER = {"th": {"class": "num"}, "td": {"class": "num"}}
STRONG = {"th": {"class": "num"}, "td": {"class": "num strong"}}


def column(key: str, **options: Any) -> tables.Column:
    return tables.Column(verbose_name=STANDINGS[key].heading, accessor=key, **options)


class Reference(tables.Table):
    """The public standings as django-tables2 wrote them (tournaments/tables.py, before)."""

    rank = column("rank", attrs=NUMBER)
    number = column("team", attrs=NUMBER)
    players = column("players", orderable=False, attrs={"td": {"class": "players"}})
    club = column("club", default="", attrs=WIDE_ONLY)
    points = column("points", attrs=STRONG)
    match_points = column("match_points", attrs=STRONG)
    matches_won = column("matches_won", attrs=WIDE_NUMBER)
    matches_drawn = column("matches_drawn", attrs=WIDE_NUMBER)
    points_against = column("points_against", attrs=WIDE_NUMBER)
    points_difference = column("points_difference", attrs=WIDE_NUMBER)
    head_to_head = column("head_to_head", attrs=WIDE_NUMBER)
    byes = column("byes", attrs=WIDE_NUMBER)
    best_match_score = column("best_match_score", attrs=WIDEST_NUMBER)
    belotes = column("belotes", attrs=WIDEST_NUMBER)
    capots = column("capots", attrs=WIDEST_NUMBER)
    coinches_made = column("coinches_made", attrs=WIDEST_NUMBER)

    def __init__(self, *args: Any, is_ranked: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.is_ranked = is_ranked

    def render_rank(self, value):
        return value if self.is_ranked else "–"

    def render_players(self, value, record):
        name = record.get("team_name")
        players = f"{name} ({value})" if name else value
        if not record.get("withdrawn"):
            return players
        return format_html('{} <span class="withdrawn">{}</span>', players, record["withdrawn"])

    class Meta:
        order_by = "rank"
        attrs = {"class": "table standings", "id": "standings"}
        empty_text = _("No team is registered yet.")


def melee_column(key: str, **options: Any) -> tables.Column:
    return tables.Column(verbose_name=MELEE_STANDINGS[key].heading, accessor=key, **options)


class MeleeReference(tables.Table):
    """A mêlée's individual standings as django-tables2 wrote them."""

    rank = melee_column("rank", attrs=NUMBER)
    player = melee_column("player", attrs=NUMBER)
    name = melee_column(
        "name",
        orderable=False,
        attrs={"td": {"class": "players"}},
        linkify=lambda record: record["url"],
    )
    club = melee_column("club", default="", attrs=WIDE_ONLY)
    points = melee_column("points", attrs=STRONG)
    matches_won = melee_column("matches_won", attrs=WIDE_NUMBER)
    matches_drawn = melee_column("matches_drawn", attrs=WIDE_NUMBER)
    points_against = melee_column("points_against", attrs=WIDE_NUMBER)
    points_difference = melee_column("points_difference", attrs=WIDE_NUMBER)
    sit_outs = melee_column("sit_outs", attrs=WIDE_NUMBER)

    class Meta:
        order_by = "rank"
        attrs = {"class": "table standings", "id": "standings"}
        empty_text = _("No player is registered yet.")


class Markup(HTMLParser):
    """What a browser reads of some HTML: each element with its attributes (a class's
    names in order), and each text, whitespace collapsed; whitespace alone is left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.read: list[tuple[str, ...]] = []

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        if "class" in named:
            named["class"] = " ".join(sorted(named["class"].split()))
        self.read.append(
            ("start", tag, *sorted(f"{name}={value}" for name, value in named.items()))
        )

    def handle_endtag(self, tag):
        self.read.append(("end", tag))

    def handle_data(self, data):
        text = re.sub(r"\s+", " ", data).strip()
        if text:
            self.read.append(("text", text))


def markup(html: str) -> list[tuple[str, ...]]:
    parser = Markup()
    parser.feed(html)
    parser.close()
    return parser.read


def reference_html(request, tournament) -> str:
    """Return the standings as django-tables2 wrote them for ``request``."""
    standings = selectors.tournament_standings(tournament=tournament)
    if not standings and selectors.is_melee(tournament=tournament):
        table = MeleeReference(
            [
                {key: column.words(standing) for key, column in MELEE_STANDINGS.items()}
                | {"url": f"/concours/{tournament.slug}/joueurs/{standing.player.number}/"}
                for standing in selectors.melee_standings(tournament=tournament)
            ]
        )
    else:
        table = Reference(
            standings_rows(standings),
            exclude=() if tournament.ranks_by_match_points else ("match_points",),
            is_ranked=selectors.has_results(standings),
        )
    tables.RequestConfig(request, paginate=False).configure(table)
    return table.as_html(request)


def written_html(request, tournament) -> str:
    """Return the standings as the page writes them now."""
    table = standings_table(request, tournament=tournament)
    return render_to_string("tournaments/tables/standings.html", {"table": table}, request)


#: Every ``?sort=`` the page keeps in the cache, then ones it renders afresh: nothing,
#: an empty sort, a column that is not one, one that does not sort, two sorts, a sort
#: with another parameter, a sort of a column only a mêlée has.
QUERIES = [
    {},
    *({"sort": sort} for sort in sorted(SORTS)),
    {"sort": ""},
    {"sort": "lot"},
    {"sort": "--rank"},
    {"sort": "players"},
    {"sort": ["-matches_won", "-number"]},
    {"sort": ["rank", "-rank"]},
    {"sort": "-number", "fresh": "1"},
    {"fresh": "1", "sort": "points"},
]

MADE_90 = scoring.Deal(
    trump="H", contract=90, taker_card_points=104, defence_card_points=58, taker_tricks=5
)
CHUTE_90 = scoring.Deal(
    trump="S", contract=90, taker_card_points=70, defence_card_points=92, taker_tricks=3
)


def concours(*, played: bool, ranking: str = Ranking.POINTS):
    """Six teams: one named with awkward characters, one from a club with some, one
    withdrawn; when ``played``, round 1 played (three tables, all won by one side)."""
    tournament = TournamentFactory(ranking=ranking)
    club = ClubFactory(name="Amicale <Cahors> & « Lot »")
    teams = [
        TeamFactory(tournament=tournament, number=1, name="Les <As> & Cie"),
        TeamFactory(tournament=tournament, number=2, club=club),
        TeamFactory(tournament=tournament, number=3, lot=5),
        TeamFactory(tournament=tournament, number=4, withdrawn_from_round=2),
        TeamFactory(tournament=tournament, number=5, player_1="Zoé", player_2="Ève"),
        TeamFactory(tournament=tournament, number=6, club=club),
    ]
    if played:
        round_ = RoundFactory(tournament=tournament, number=1)
        for table, (a, b, deal) in enumerate(
            [(0, 1, MADE_90), (2, 3, CHUTE_90), (4, 5, MADE_90)], start=1
        ):
            match = MatchFactory(round=round_, table_number=table, team_a=teams[a], team_b=teams[b])
            services.record_deal(
                match=match, entry=DealEntry("A", deal), now=datetime.datetime.now(datetime.UTC)
            )
    return tournament


def assert_same_tables(tournament, language: str) -> None:
    for query in QUERIES:
        request = RequestFactory().get("/", query)
        with translation.override(language):
            reference, written = (
                reference_html(request, tournament),
                written_html(request, tournament),
            )

        assert markup(written) == markup(reference), query


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_standings_after_a_round_read_as_django_tables2_wrote_them(language):
    tournament = concours(played=True)

    assert_same_tables(tournament, language)


@pytest.mark.django_db
def test_the_standings_before_any_result_read_as_django_tables2_wrote_them():
    tournament = concours(played=False)

    assert_same_tables(tournament, "fr")


@pytest.mark.django_db
def test_the_standings_by_match_points_read_as_django_tables2_wrote_them():
    tournament = concours(played=True, ranking=Ranking.MATCH_POINTS)

    assert_same_tables(tournament, "en")


@pytest.mark.django_db
def test_the_standings_of_no_team_read_as_django_tables2_wrote_them():
    tournament = TournamentFactory()

    assert_same_tables(tournament, "fr")


@pytest.mark.django_db
def test_a_played_melee_reads_as_django_tables2_wrote_it():
    tournament = import_played_tournament(
        directory=SAMPLE,
        name=NAME,
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(1),
    )

    assert_same_tables(tournament, "fr")


@pytest.mark.django_db
def test_a_melee_shows_no_rank_before_its_first_result_and_says_so(client):
    tournament = TournamentFactory()
    services.register_melee_players(
        tournament=tournament,
        players=[services.MeleePlayerData(name="Josette"), services.MeleePlayerData(name="Michel")],
        rng=None,
    )

    response = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")

    assert [row[:3] for row in table_rows(response, "standings")[1:]] == [
        ["–", "1", "Josette"],
        ["–", "2", "Michel"],
    ]
    assert re.findall(
        r'<p class="table-note" id="standings-unranked">(.*?)</p>', response.content.decode()
    ) == ["Aucun résultat ne compte encore : le classement commence après la partie 1."]


@pytest.mark.django_db
def test_a_played_melee_does_not_say_that_no_result_counts(client):
    tournament = import_played_tournament(
        directory=SAMPLE,
        name=NAME,
        rules_preset="belote-sans-annonces",
        now=NOW,
        rng=random.Random(1),
    )

    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert (page.count('id="standings"'), page.count('id="standings-unranked"')) == (1, 0)


def tied_concours_with_byes():
    """Seven teams, two rounds, each with a bye (teams 7 then 6): teams 1 and 3 equal
    on points and on every tie-break up to the lot, two draws, a named team with
    awkward characters, two teams of a club with some, one that withdrew after round 2,
    and totals past a thousand."""
    tournament = TournamentFactory()
    club = ClubFactory(name="Amicale <Cahors> & « Lot »")
    players = {"player_1": "Anne", "player_2": "Paul"}
    teams = [
        TeamFactory(tournament=tournament, number=1, name="Les <As> & Cie", lot=2, **players),
        TeamFactory(tournament=tournament, number=2, club=club, **players),
        TeamFactory(tournament=tournament, number=3, lot=7, **players),
        TeamFactory(tournament=tournament, number=4, withdrawn_from_round=3, **players),
        TeamFactory(tournament=tournament, number=5, player_1="Zoé", player_2="Ève"),
        TeamFactory(tournament=tournament, number=6, club=club, **players),
        TeamFactory(tournament=tournament, number=7, name='L\'équipe "7"', **players),
    ]
    first, second = (RoundFactory(tournament=tournament, number=n) for n in (1, 2))
    for round_, results, bye in [
        (first, [(0, 1, 1620, 1010), (2, 3, 1620, 1010), (4, 5, 900, 1200)], 6),
        (second, [(0, 4, 1100, 1100), (2, 6, 1100, 1100), (1, 3, 950, 1020)], 5),
    ]:
        for table, (a, b, total_a, total_b) in enumerate(results, start=1):
            MatchFactory(
                round=round_,
                table_number=table,
                team_a=teams[a],
                team_b=teams[b],
                total_a=total_a,
                total_b=total_b,
                is_finished=True,
            )
        ByeFactory(round=round_, team=teams[bye])
    return tournament


def previous_html(request, tournament) -> str:
    """Return the standings as the page wrote them before its fast path: the rows of
    the models (selectors.tournament_standings, standings_rows) written cell by cell."""
    from tournaments.tables import standings as module

    standings = selectors.tournament_standings(tournament=tournament)
    columns = tuple(
        column
        for column in module.STANDINGS_COLUMNS
        if column.key != "match_points" or tournament.ranks_by_match_points
    )
    table = module._table(
        request,
        columns,
        standings_rows(standings),
        is_ranked=selectors.has_results(standings),
        empty_text=_("No team is registered yet."),
    )
    return render_to_string("tournaments/tables/standings.html", {"table": table}, request)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("ranking", [Ranking.POINTS, Ranking.MATCH_POINTS])
def test_ties_and_byes_read_as_before_the_fast_path_and_as_django_tables2(language, ranking):
    tournament = tied_concours_with_byes()
    tournament.ranking = ranking
    tournament.save()

    for query in QUERIES:
        request = RequestFactory().get("/", query)
        with translation.override(language):
            previous, written = (
                previous_html(request, tournament),
                written_html(request, tournament),
            )

        assert written == previous, query
    assert_same_tables(tournament, language)


@pytest.mark.django_db
def test_ties_and_byes_read_as_before_with_thousands_grouped(settings):
    settings.USE_THOUSAND_SEPARATOR = True
    tournament = tied_concours_with_byes()

    for query in QUERIES:
        request = RequestFactory().get("/", query)
        with translation.override("fr"):
            previous, written = (
                previous_html(request, tournament),
                written_html(request, tournament),
            )

        assert written == previous, query
    assert_same_tables(tournament, "fr")


@pytest.mark.django_db
def test_the_tied_concours_with_byes_ranks_as_the_rules_say(client):
    tournament = tied_concours_with_byes()

    response = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")

    # Byes: the mean of round 1's match totals, 7360 / 6 → 1227 (team 7), of round
    # 2's, 6370 / 6 → 1062 (team 6). Teams 3 and 1 are equal down to the lot (7 > 2);
    # team 4, withdrawn, ranks last with more points than team 2 (RULES.md §E).
    club = "Amicale <Cahors> & « Lot »"
    assert table_rows(response, "standings")[1:] == [
        [
            "1",
            "3",
            "Anne / Paul",
            "",
            "2720",
            "1",
            "1",
            "2110",
            "610",
            "0",
            "0",
            "1620",
            "0",
            "0",
            "0",
        ],
        [
            "2",
            "1",
            "Les <As> & Cie (Anne / Paul)",
            "",
            "2720",
            "1",
            "1",
            "2110",
            "610",
            "0",
            "0",
            "1620",
            "0",
            "0",
            "0",
        ],
        [
            "3",
            "7",
            'L\'équipe "7" (Anne / Paul)',
            "",
            "2327",
            "0",
            "1",
            "1100",
            "1227",
            "0",
            "1",
            "1100",
            "0",
            "0",
            "0",
        ],
        [
            "4",
            "6",
            "Anne / Paul",
            club,
            "2262",
            "1",
            "0",
            "900",
            "1362",
            "0",
            "1",
            "1200",
            "0",
            "0",
            "0",
        ],
        [
            "5",
            "5",
            "Zoé / Ève",
            "",
            "2000",
            "0",
            "1",
            "2300",
            "-300",
            "0",
            "0",
            "1100",
            "0",
            "0",
            "0",
        ],
        [
            "6",
            "2",
            "Anne / Paul",
            club,
            "1960",
            "0",
            "0",
            "2640",
            "-680",
            "0",
            "0",
            "1010",
            "0",
            "0",
            "0",
        ],
        [
            "7",
            "4",
            "Anne / Paul withdrawn",
            "",
            "2030",
            "1",
            "0",
            "2570",
            "-540",
            "0",
            "0",
            "1020",
            "0",
            "0",
            "0",
        ],
    ]
