"""A whole concours through the organiser's pages, checked against RULES.md §E by hand.

"Done when": a 13-team (odd) concours of 4 rounds can be run from registration to final
standings, with byes and one withdrawal, and its standings equal what RULES.md §E gives.

The test client plays the organiser and only uses the pages (views): create the concours
(``ffb-coinche``, 1 deal a match, 4 rounds, a bye credited with the round's mean), register
13 teams with the form, mark them present, then for each round draw, publish, enter one
deal per table with the deal form and close the round. Round 2's last table stops for time
before its deal (a 0–0 draw that still counts in the round's mean). The leader withdraws
after round 2, so rounds 3 and 4 have 12 teams and no bye.

The expected standings are computed here, plainly, from the match totals and byes shown on
the public round pages: never by ``tournaments.standings``. Round 1 is drawn from a fresh
random seed and each team's lot (the last tie-break) is drawn at registration, so the
tables change from run to run; the oracle follows whatever was drawn, and a failure
message names the seed and the lots.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser

from tournaments.models import Bye, Deal, Match, Round, Team, Tournament

SLUG = "concours-du-lot"
DESK = f"/concours/{SLUG}/gestion"
ROUNDS = 4
DEFAULT_TIE_BREAKS = "matches_won,points_difference,head_to_head"

#: 13 teams (doublettes), registered in this order: numbers 1 to 13.
PLAYERS = [
    ("Hélène Martin", "Paul Durand", "Belote Club de Rodez"),
    ("Jérôme Lefèvre", "Agnès Roux", "Amicale de Cahors"),
    ("Françoise Bézier", "Noël Garçon", ""),
    ("Zoé Müller", "Gaëlle Chénier", "Belote Club de Rodez"),
    ("Loïc Évrard", "Maëlys Brûlé", "Amicale de Cahors"),
    ("Clémence Dupré", "Benoît Pâris", ""),
    ("Raphaël Cœur", "Inès Bénard", "Coinche Club d’Albi"),
    ("Amélie Forêt", "Hervé Nîmes", "Coinche Club d’Albi"),
    ("Éloïse Carré", "Jean-Noël Fabre", ""),
    ("Léa Gaudé", "Thérèse Ménard", "Amicale de Cahors"),
    ("Ophélie Sérès", "Célestin Hébert", "Belote Club de Rodez"),
    ("Yaël Lemaître", "Régis Dauré", ""),
    ("Anaïs Pérès", "Grégoire Aubé", "Coinche Club d’Albi"),
]

TRUMPS = ["S", "H", "D", "C", "SA", "TA"]


# --- Reading the pages ------------------------------------------------------------------


class _PageReader(HTMLParser):
    """Collect every table of a page (its headings and body rows, as text) and the list
    items under each ``<h2>`` heading."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[list[str], list[list[str]]]] = []
        self.items_under: dict[str, list[str]] = defaultdict(list)
        self._section = ""
        self._row: list[str] | None = None
        self._text: list[str] | None = None
        self._in_head = False

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append(([], []))
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr" and self.tables:
            self._row = []
        elif tag in ("td", "th", "h2", "li"):
            self._text = []

    def handle_endtag(self, tag):
        text = " ".join("".join(self._text or []).split())
        if tag == "thead":
            self._in_head = False
        elif tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        elif tag == "tr" and self._row is not None:
            headings, rows = self.tables[-1]
            if self._in_head:
                headings.extend(self._row)
            else:
                rows.append(self._row)
            self._row = None
        elif tag == "h2":
            self._section = text
        elif tag == "li":
            self.items_under[self._section].append(text)
        if tag in ("td", "th", "h2", "li"):
            self._text = None

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)

    def table(self, *columns: str) -> list[tuple[str, ...]]:
        """Return the rows of the first table with these column headings, only those
        columns, in order: a column added to the page changes nothing here."""
        for headings, rows in self.tables:
            if all(column in headings for column in columns):
                return [tuple(row[headings.index(c)] for c in columns) for row in rows]
        raise AssertionError(f"no table with the columns {columns}")


def read_page(response) -> _PageReader:
    assert response.status_code == 200
    reader = _PageReader()
    reader.feed(response.content.decode())
    return reader


def team_number(text: str) -> int:
    """Return the number of a team shown as "12 – Yaël Lemaître / Régis Dauré"."""
    return int(re.match(r"(\d+) – ", text).group(1))


@dataclass(frozen=True)
class PlayedMatch:
    table: int
    team_a: int
    team_b: int
    total_a: int
    total_b: int


@dataclass
class RoundSeen:
    """One round as its public page shows it: matches by table, and its byes (numbers)."""

    number: int
    matches: list[PlayedMatch]
    byes: list[int]


def read_round_page(client, number: int) -> RoundSeen:
    page = read_page(client.get(f"/concours/{SLUG}/parties/{number}/"))
    matches = [
        PlayedMatch(int(table), team_number(a), team_number(b), int(total_a), int(total_b))
        for table, a, b, total_a, total_b in page.table(
            "Table", "Équipe A", "Équipe B", "Total A", "Total B"
        )
    ]
    return RoundSeen(number, matches, [team_number(team) for team in page.items_under["Exempt"]])


def read_standings_page(client) -> list[tuple]:
    """Return the public standings: rank, team, points, won, drawn, against, difference,
    byes, as the page shows them (text)."""
    page = read_page(client.get(f"/concours/{SLUG}/"))
    return page.table(
        "Rang", "Équipe", "Points", "Gagnées", "Nulles", "Contre", "Différence", "Exempt"
    )


# --- The oracle: RULES.md §E, written out ---------------------------------------------


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to the nearest integer, a half going up (both positive)."""
    quotient, remainder = divmod(numerator, denominator)
    return quotient + (1 if 2 * remainder >= denominator else 0)


def bye_credit(seen: RoundSeen) -> int:
    """The round's mean: every match total of the round (each team's), rounded half up."""
    totals = [total for match in seen.matches for total in (match.total_a, match.total_b)]
    return round_half_up(sum(totals), len(totals))


@dataclass
class Line:
    number: int
    lot: int
    is_withdrawn: bool
    points: int = 0
    won: int = 0
    drawn: int = 0
    against: int = 0
    byes: int = 0
    beaten: Counter = field(default_factory=Counter)  # opponent -> 2 a win, 1 a draw

    @property
    def difference(self) -> int:
        return self.points - self.against


def expected_standings(
    lots: dict[int, int], withdrawn: set[int], rounds: list[RoundSeen]
) -> list[Line]:
    """Rank the teams as RULES.md §E says, with this concours's settings (the defaults).

    Points are scored points: each match total, plus for a bye the round's credit, the
    mean of every match total of that round rounded half up (nothing against, not a match
    won). Withdrawn teams rank after the active ones. Then more points first, and on a
    tie: more matches won, a better difference (for − against), the head-to-head between
    the teams still tied (2 a win, 1 a draw), the recorded lot (highest first), and
    finally the team number.
    """
    lines = {number: Line(number, lot, number in withdrawn) for number, lot in lots.items()}
    for seen in rounds:
        credit = bye_credit(seen)
        for match in seen.matches:
            for team, opponent, scored, conceded in (
                (match.team_a, match.team_b, match.total_a, match.total_b),
                (match.team_b, match.team_a, match.total_b, match.total_a),
            ):
                line = lines[team]
                line.points += scored
                line.against += conceded
                if scored > conceded:
                    line.won += 1
                    line.beaten[opponent] += 2
                elif scored == conceded:
                    line.drawn += 1
                    line.beaten[opponent] += 1
        for team in seen.byes:
            lines[team].points += credit
            lines[team].byes += 1

    def tied_key(line: Line) -> tuple:
        return (line.is_withdrawn, line.points, line.won, line.difference)

    tied: dict[tuple, list[int]] = defaultdict(list)
    for line in lines.values():
        tied[tied_key(line)].append(line.number)

    def head_to_head(line: Line) -> int:
        return sum(line.beaten[other] for other in tied[tied_key(line)])

    return sorted(
        lines.values(),
        key=lambda line: (
            line.is_withdrawn,
            -line.points,
            -line.won,
            -line.difference,
            -head_to_head(line),
            -line.lot,
            line.number,
        ),
    )


def as_page_rows(lines: list[Line]) -> list[tuple]:
    return [
        tuple(
            str(value)
            for value in (
                rank,
                line.number,
                line.points,
                line.won,
                line.drawn,
                line.against,
                line.difference,
                line.byes,
            )
        )
        for rank, line in enumerate(lines, start=1)
    ]


def smallest_squared_gaps(ranked: list[int], met: set[frozenset[int]]) -> int | None:
    """Return the least sum of squared standing gaps over every rematch-free pairing of
    ``ranked`` (team numbers, best first), by trying them all; None if there is none."""
    best = None

    def pair(free: list[int], cost: int) -> None:
        nonlocal best
        if not free:
            best = cost if best is None else min(best, cost)
            return
        first, rest = free[0], free[1:]
        for index, other in enumerate(rest):
            if frozenset((ranked[first], ranked[other])) not in met:
                pair(rest[:index] + rest[index + 1 :], cost + (other - first) ** 2)

    pair(list(range(len(ranked))), 0)
    return best


# --- Deals ----------------------------------------------------------------------------


def random_deal(rng: random.Random, deal_number: int) -> dict[str, str]:
    """Return the deal form's data for a valid ``ffb-coinche`` deal (RULES.md §A, §B6):
    card points add up to 162, the taker wins 1 to 7 tricks, at most one belote with a
    suit trump (none at sans atout), declarations for one side only."""
    trump = rng.choice(TRUMPS)
    taker_points = rng.randint(20, 142)
    belote = rng.choice(["", "", "", "taker", "defence"]) if trump != "SA" else ""
    declarations = rng.choice([(0, 0), (0, 0), (0, 0), (20, 0), (50, 0), (0, 20), (0, 100)])
    return {
        "deal_number": str(deal_number),
        "taker": rng.choice("AB"),
        "trump": trump,
        "contract": str(rng.randrange(80, 170, 10)),
        "coinche": rng.choice(["none", "none", "none", "coinche", "coinche", "surcoinche"]),
        "taker_tricks": str(rng.randint(1, 7)),
        "taker_card_points": str(taker_points),
        "defence_card_points": str(162 - taker_points),
        "taker_belotes": "1" if belote == "taker" else "0",
        "defence_belotes": "1" if belote == "defence" else "0",
        "taker_declarations": str(declarations[0]),
        "defence_declarations": str(declarations[1]),
    }


# --- The concours ---------------------------------------------------------------------


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def post(desk, url: str, data: dict | None = None) -> list[str]:
    """POST as the organiser, follow the redirect, return the page's messages."""
    response = desk.post(url, data or {}, follow=True)
    assert response.status_code == 200, url
    return messages_of(response)


def test_a_13_team_concours_with_byes_and_a_withdrawal_ranks_as_the_rules_say(desk, club):
    rng = random.Random(2015)

    # Registration: the concours, 13 teams with the form, everyone present.
    created = post(
        desk,
        "/organisation/concours/nouveau/",
        {
            "club": club.pk,
            "name": "Concours du Lot",
            "date": "2026-11-28",
            "venue": "Salle des fêtes de Cahors",
            "rules_preset": "ffb-coinche",
            "allows_no_trump_all_trump": "on",
            "match_format": "deals",
            "match_format_value": "1",
            "number_of_rounds": str(ROUNDS),
            "bye_credit": "round-mean",
            "bye_credit_value": "0",
            "ranking": "points",
            "tie_break_1": "matches_won",
            "tie_break_2": "points_difference",
            "tie_break_3": "head_to_head",
        },
    )
    registered = [
        post(desk, f"{DESK}/equipes/", {"player_1": p1, "player_2": p2, "club": c})
        for p1, p2, c in PLAYERS
    ]
    present = post(desk, f"{DESK}/equipes/pointer-tout/")

    assert created == ["Concours créé. Inscrivez maintenant les équipes."]
    tournament = Tournament.objects.get(slug=SLUG)
    assert (
        tournament.rules_preset,
        tournament.match_format,
        tournament.match_format_value,
        tournament.number_of_rounds,
        tournament.bye_credit,
        tournament.ranking,
        tournament.tie_breaks,
    ) == ("ffb-coinche", "deals", 1, 4, "round-mean", "points", DEFAULT_TIE_BREAKS)
    assert registered == [[f"Équipe {n} inscrite."] for n in range(1, 14)]
    assert present == ["13 équipes pointées présentes."]
    teams = {team.number: team for team in Team.objects.filter(tournament=tournament)}
    assert sorted((n, t.player_1, t.player_2) for n, t in teams.items()) == [
        (n, p1, p2) for n, (p1, p2, _) in enumerate(PLAYERS, start=1)
    ]
    lots = {number: team.lot for number, team in teams.items()}

    withdrawn: set[int] = set()
    seen: list[RoundSeen] = []
    standings = expected_standings(lots, withdrawn, seen)
    for number in range(1, ROUNDS + 1):
        context = Replay(number, lots)

        # Draw the round, check the draft against RULES.md §E, publish it.
        drawn = post(desk, f"{DESK}/tirer/")

        assert drawn == [f"Partie {number} tirée : vérifiez-la, puis publiez-la."], context
        round_ = Round.objects.get(tournament=tournament, number=number)
        draft = [
            (m.table_number, m.team_a.number, m.team_b.number, m.is_rematch)
            for m in round_.matches.select_related("team_a", "team_b").order_by("table_number")
        ]
        byes = [bye.team.number for bye in Bye.objects.filter(round=round_)]
        active = [line.number for line in standings if line.number not in withdrawn]
        check_draw(number, draft, byes, active, seen, round_.seed, context)

        published = post(desk, f"{DESK}/parties/{number}/publier/")

        assert published == [f"Partie {number} publiée : les tables peuvent jouer."]

        # One deal per table through the match page's form; in round 2 the last table
        # runs out of time before its deal.
        for table, *_ in draft:
            if number == 2 and table == len(draft):
                stopped = post(desk, f"{DESK}/parties/2/tables/{table}/arreter/")
                assert stopped == [f"Table {table} arrêtée au temps."]
                continue
            recorded = post(
                desk,
                f"/concours/{SLUG}/parties/{number}/tables/{table}/donnes/",
                random_deal(rng, deal_number=1),
            )
            assert recorded == ["Donne 1 enregistrée."], (context, table)

        closed = post(desk, f"{DESK}/parties/{number}/clore/")

        assert closed == [f"Partie {number} close."]

        # The public round page, checked against the database, feeds the oracle.
        round_seen = read_round_page(desk, number)
        assert [(m.table, m.team_a, m.team_b) for m in round_seen.matches] == [
            (table, a, b) for table, a, b, _ in draft
        ]
        assert round_seen.byes == byes
        assert [(m.table, m.total_a, m.total_b) for m in round_seen.matches] == list(
            Match.objects.filter(round=round_)
            .order_by("table_number")
            .values_list("table_number", "total_a", "total_b")
        )
        seen.append(round_seen)

        # After round 2 the leader withdraws: it keeps its results and ranks last.
        if number == 2:
            leader = expected_standings(lots, withdrawn, seen)[0].number
            withdrew = post(desk, f"{DESK}/equipes/{leader}/retirer/")
            assert withdrew == [f"Équipe {leader} retirée : elle ne sera plus tirée."]
            withdrawn.add(leader)

        standings = expected_standings(lots, withdrawn, seen)

        assert read_standings_page(desk) == as_page_rows(standings), context

    # The concours is over: no fifth round; the byes went round (rounds 1 and 2, two
    # different teams, so none had a second while another had none); the withdrawn team
    # sat out rounds 3 and 4, where the 12 others all played; it ranks last.
    refused = post(desk, f"{DESK}/tirer/")
    team_page = read_page(desk.get(f"{DESK}/equipes/"))

    assert refused == ["Les 4 parties ont toutes été tirées."]
    assert [len(r.byes) for r in seen] == [1, 1, 0, 0]
    assert sorted(Counter(team for r in seen for team in r.byes).values()) == [1, 1]
    # The seeded deals make both means end in .5: 2730 / 12 and 2610 / 12 (round 2's
    # stopped table counts, with its two zeros).
    assert [bye_credit(r) for r in seen[:2]] == [228, 218]
    (gone,) = withdrawn
    others = sorted(set(range(1, 14)) - {gone})
    assert [sorted(t for m in r.matches for t in (m.team_a, m.team_b)) for r in seen[2:]] == [
        others,
        others,
    ]
    assert Team.objects.get(tournament=tournament, number=gone).withdrawn_from_round == 3
    assert team_page.table("N°", "État")[gone - 1] == (
        str(gone),
        "Retirée à partir de la partie 3",
    )
    assert Deal.objects.filter(match__round__tournament=tournament).count() == 23
    assert read_standings_page(desk)[-1][:2] == ("13", str(gone))


@dataclass(frozen=True, repr=False)
class Replay:
    """An assert message naming what this run drew: the lots, and round 1's seed."""

    number: int
    lots: dict[int, int]

    def __repr__(self) -> str:
        seed = Round.objects.filter(number=1).values_list("seed", flat=True).first()
        return f"round {self.number}; round 1 seed {seed}; lots {self.lots}"


def check_draw(
    number: int,
    draft: list[tuple[int, int, int, bool]],
    byes: list[int],
    ranked: list[int],
    seen: list[RoundSeen],
    seed: int | None,
    context: Replay,
) -> None:
    """Check a draft draw against RULES.md §E.

    ``ranked`` lists the teams to draw (present, not withdrawn), best first, as the
    oracle ranks them after the previous round.
    """
    drawn = [team for _, a, b, _ in draft for team in (a, b)] + byes
    assert sorted(drawn) == sorted(ranked), context
    assert [table for table, *_ in draft] == list(range(1, len(ranked) // 2 + 1)), context
    past_byes = Counter(team for r in seen for team in r.byes)
    if len(ranked) % 2:
        # The lowest-ranked team among those with the fewest byes (none before round 3).
        fewest = min(past_byes[team] for team in ranked)
        expected_bye = [team for team in ranked if past_byes[team] == fewest][-1]
    else:
        expected_bye = None

    if number == 1:
        # Random, replayable from the stored seed: the team numbers shuffled, read two by
        # two, the last one of the order exempt.
        order = sorted(ranked)
        random.Random(seed).shuffle(order)
        expected_bye = order.pop() if len(order) % 2 else None
        assert draft == [
            (index // 2 + 1, order[index], order[index + 1], False)
            for index in range(0, len(order), 2)
        ], context
        assert byes == ([expected_bye] if expected_bye else []), context
        return

    assert seed is None, context
    assert byes == ([expected_bye] if expected_bye else []), context
    met = {frozenset((m.team_a, m.team_b)) for r in seen for m in r.matches}
    paired = [team for team in ranked if team not in byes]
    position = {team: index for index, team in enumerate(paired)}
    # No rematch: 13 teams over 4 rounds always leave one possible.
    assert [(a, b) for _, a, b, _ in draft if frozenset((a, b)) in met] == [], context
    assert [is_rematch for *_, is_rematch in draft] == [False] * len(draft), context
    # Tables in standing order: the better team first, table 1 the best.
    assert all(position[a] < position[b] for _, a, b, _ in draft), context
    firsts = [position[a] for _, a, _, _ in draft]
    assert firsts == sorted(firsts), context
    # 1st v 2nd, 3rd v 4th ... whenever that has no rematch; otherwise no draw without a
    # rematch has smaller standing gaps (summed squared, as tournaments.pairing documents).
    plain = [(paired[i], paired[i + 1]) for i in range(0, len(paired), 2)]
    if all(frozenset(pair) not in met for pair in plain):
        assert [(a, b) for _, a, b, _ in draft] == plain, context
    gaps = sum((position[b] - position[a]) ** 2 for _, a, b, _ in draft)
    assert gaps == smallest_squared_gaps(paired, met), context
