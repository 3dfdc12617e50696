"""The columns of the standings, the matches and the deals, defined once (STYLE.md §5).

Every table of these rows reads its columns here: the standings page
(:mod:`tournaments.tables`), the CSV, XLSX and PDF exports (:mod:`tournaments.exports`)
and the ``standings`` and ``matches`` commands. A :class:`Column` has

- a stable ``key``, the snake_case name of RULES.md §F, which the CSV files and the
  commands print as their header;
- a ``name`` (« Parties gagnées ») and, where the page or the PDF prints a narrower
  heading, an ``abbreviation`` (« Gagnées »), both translated;
- its :meth:`~Column.value` for a row: what the CSV files and the commands write, the
  stored code whatever the language (trump ``H``, coinche ``none``, passed ``yes``);
- its :meth:`~Column.words`: what the spreadsheet and the page show people, in the active
  language (« ♥ », « Aucune », « Oui »), the value itself where no words are given;
- its :meth:`~Column.brief`: what a narrow printed column shows (the PDF's match sheets:
  « SA », nothing for no coinche or a confirmed deal), the words as text where no brief
  is given.

A row is a :class:`tournaments.selectors.Standing` for :data:`STANDINGS`, a
:class:`~tournaments.models.Match` for :data:`MATCHES` (a match with its confirmed totals
for :data:`COUNTED_MATCHES`) and a :class:`DealRow` for :data:`DEALS`. Each output picks
its columns by key, in its own order (:func:`pick`).
Numbers are ints (scored points, card points, counts); nothing is a float or a formula.

Presentation only: a value reads what the selectors loaded, never queries and never scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.rows import DEAL_COLUMNS
from tournaments.models import (
    CoincheLevel,
    Deal,
    DealEntry,
    DealStatus,
    Match,
    MatchResult,
    Team,
    TeamSide,
    Trump,
)
from tournaments.presentation.cards import SUIT_SYMBOLS, declaration_words
from tournaments.selectors import UNCONFIRMED, ConfirmedMatch, PlayerStanding, Standing

#: What a column's value or words may be: a whole number, text, or nothing.
CellValue = int | str | None

Row = TypeVar("Row")


@dataclass(frozen=True)
class Column(Generic[Row]):
    """One column of a kind of row: its key, its translated names and how to read it.

    Attributes:
        key: the snake_case key of RULES.md §F, the header of the CSV files and commands.
        name: the full translated name, the spreadsheet's header (« Parties gagnées »).
        get_value: reads the stored code of a row (an int, text or None).
        abbreviation: the narrower heading of the page and the PDF (« Gagnées »), or
            None where they print the name.
        get_words: reads what people are shown instead of the code (« ♥ »), or None
            where they are shown the value.
        get_brief: reads what a narrow printed column shows (« SA »), or None where it
            shows the words.
    """

    key: str
    name: Promise
    get_value: Callable[[Row], CellValue]
    abbreviation: Promise | None = None
    get_words: Callable[[Row], CellValue] | None = None
    get_brief: Callable[[Row], str] | None = None

    @property
    def heading(self) -> Promise:
        """Return the heading of the page and the PDF: the abbreviation, else the name."""
        return self.name if self.abbreviation is None else self.abbreviation

    def value(self, row: Row) -> CellValue:
        """Return the stored code of ``row`` in this column (the CSV's and commands' value)."""
        return self.get_value(row)

    def words(self, row: Row) -> CellValue:
        """Return what people read for ``row``: the words in the active language, else
        the value."""
        return self.value(row) if self.get_words is None else self.get_words(row)

    def brief(self, row: Row) -> str:
        """Return what a narrow printed column shows for ``row``: the brief, else the
        words as text (empty for None)."""
        if self.get_brief is not None:
            return self.get_brief(row)
        words = self.words(row)
        return "" if words is None else str(words)


def _by_key(*columns: Column[Row]) -> dict[str, Column[Row]]:
    """Return ``columns`` by key, in order. Raises ValueError on a key given twice."""
    by_key = {column.key: column for column in columns}
    if len(by_key) != len(columns):
        raise ValueError("Two columns have the same key.")
    return by_key


def pick(columns: Mapping[str, Column[Row]], keys: Iterable[str]) -> tuple[Column[Row], ...]:
    """Return the columns of ``columns`` named by ``keys``, in the order of ``keys``.

    Raises KeyError naming the first key that is not a column.
    """
    return tuple(columns[key] for key in keys)


def yes_no_words(flag: bool) -> str:
    """Return « Oui » or « Non » (Yes or No in English), in the active language."""
    return gettext("Yes") if flag else gettext("No")


# Standings (RULES.md §E) ----------------------------------------------------------------


def _club_name(team: Team) -> str | None:
    return team.club.name if team.club is not None else None


#: The standings columns, for :class:`tournaments.selectors.Standing` rows: points are
#: scored points, bye credits included (RULES.md §E); figures count confirmed matches.
STANDINGS: dict[str, Column[Standing]] = _by_key(
    Column("rank", _("Rank"), lambda standing: standing.row.rank),
    Column("team", _("Team"), lambda standing: standing.row.number),
    Column("points", _("Points"), lambda standing: standing.row.points),
    Column(
        "match_points",
        _("Match points"),
        lambda standing: standing.row.match_points,
        abbreviation=_("Pts"),
    ),
    Column(
        "matches_won",
        _("Matches won"),
        lambda standing: standing.row.matches_won,
        abbreviation=_("Won"),
    ),
    Column(
        "matches_drawn",
        _("Matches drawn"),
        lambda standing: standing.row.matches_drawn,
        abbreviation=_("Drawn"),
    ),
    Column(
        "points_against",
        _("Points against"),
        lambda standing: standing.row.points_against,
        abbreviation=_("Against"),
    ),
    Column(
        "points_difference",
        _("Points difference"),
        lambda standing: standing.row.points_difference,
        abbreviation=_("Difference"),
    ),
    Column("byes", _("Byes"), lambda standing: standing.row.byes),
    Column("team_name", _("Team name"), lambda standing: standing.team.name or None),
    Column("players", _("Players"), lambda standing: standing.team.players),
    Column("player_1", _("Player 1"), lambda standing: standing.team.player_1),
    Column("player_2", _("Player 2"), lambda standing: standing.team.player_2),
    Column("club", _("Club"), lambda standing: _club_name(standing.team)),
    Column("head_to_head", _("Head-to-head"), lambda standing: standing.row.head_to_head),
    Column("lot", _("Lot"), lambda standing: standing.row.lot),
    Column("best_match_score", _("Best match"), lambda standing: standing.figures.best_match_score),
    Column("belotes", _("Belotes"), lambda standing: standing.figures.belotes),
    Column("capots", _("Capots"), lambda standing: standing.figures.capots),
    Column("coinches_made", _("Coinches made"), lambda standing: standing.figures.coinches_made),
    # « forfait »: the team withdrew (RULES.md §E: it keeps its results, ranks last).
    Column(
        "withdrawn",
        _("Withdrawn"),
        lambda standing: "yes" if standing.row.is_withdrawn else None,
        get_words=lambda standing: gettext("withdrawn") if standing.row.is_withdrawn else None,
    ),
)


def standings_keys(keys: Iterable[str], *, ranks_by_match_points: bool) -> tuple[str, ...]:
    """Return the standings column ``keys`` with ``match_points`` (« Pts ») right after
    ``points`` when the tournament ranks by match points (RULES.md §E), as given otherwise
    (its match points are then zeros, which would mean nothing)."""
    keys = tuple(keys)
    if not ranks_by_match_points or "points" not in keys:
        return keys
    at = keys.index("points") + 1
    return (*keys[:at], "match_points", *keys[at:])


#: The columns of a concours folder's ``expected_standings.csv`` (RULES.md §F), in order.
STANDINGS_FILE_KEYS = (
    "rank",
    "team",
    "points",
    "matches_won",
    "matches_drawn",
    "points_against",
    "points_difference",
    "byes",
)


#: The individual standings columns of a mêlée, for
#: :class:`tournaments.selectors.PlayerStanding` rows (RULES.md §H).
MELEE_STANDINGS: dict[str, Column[PlayerStanding]] = _by_key(
    Column("rank", _("Rank"), lambda standing: standing.row.rank),
    Column("player", _("Player"), lambda standing: standing.row.number),
    Column("name", _("Name"), lambda standing: standing.player.name),
    Column("points", _("Points"), lambda standing: standing.row.points),
    Column(
        "matches_won",
        _("Matches won"),
        lambda standing: standing.row.matches_won,
        abbreviation=_("Won"),
    ),
    Column(
        "matches_drawn",
        _("Matches drawn"),
        lambda standing: standing.row.matches_drawn,
        abbreviation=_("Drawn"),
    ),
    Column(
        "points_against",
        _("Points against"),
        lambda standing: standing.row.points_against,
        abbreviation=_("Against"),
    ),
    Column(
        "points_difference",
        _("Points difference"),
        lambda standing: standing.row.points_difference,
        abbreviation=_("Difference"),
    ),
    Column("sit_outs", _("Sit-outs"), lambda standing: standing.row.byes),
    Column(
        "club",
        _("Club"),
        lambda standing: standing.player.club.name if standing.player.club else None,
    ),
)

#: The columns of a mêlée folder's ``expected_standings.csv`` (RULES.md §H), in order.
MELEE_STANDINGS_FILE_KEYS = (
    "rank",
    "player",
    "points",
    "matches_won",
    "matches_drawn",
    "points_against",
    "points_difference",
    "sit_outs",
)


# Matches (RULES.md §C) ------------------------------------------------------------------


#: The match columns, for :class:`~tournaments.models.Match` rows with their round and
#: teams joined: totals are scored points.
MATCHES: dict[str, Column[Match]] = _by_key(
    Column("round", _("Round"), lambda match: match.round.number),
    Column("table", _("Table"), lambda match: match.table_number),
    Column("team_a", _("Team A"), lambda match: match.team_a.number),
    Column("name_a", _("Team name A"), lambda match: match.team_a.name or None),
    Column("players_a", _("Players A"), lambda match: match.team_a.players),
    Column("team_b", _("Team B"), lambda match: match.team_b.number),
    Column("name_b", _("Team name B"), lambda match: match.team_b.name or None),
    Column("players_b", _("Players B"), lambda match: match.team_b.players),
    Column("total_a", _("Total A"), lambda match: match.total_a),
    Column("total_b", _("Total B"), lambda match: match.total_b),
    Column(
        "result",
        _("Result"),
        lambda match: match.result,
        get_words=lambda match: match.get_result_display() or None,
    ),
    Column("deals_played", _("Deals played"), lambda match: match.deals_played),
)


def _for_counted(column: Column[Match]) -> Column[ConfirmedMatch]:
    """Return ``column`` of :data:`MATCHES` for a match with its confirmed totals."""
    return Column(
        column.key,
        column.name,
        column.get_value,
        abbreviation=column.abbreviation,
        get_words=column.get_words,
        get_brief=column.get_brief,
    )


def counted_result_words(
    match: ConfirmedMatch, winner_words: Callable[[str], CellValue]
) -> CellValue:
    """Return the words of the result of ``match`` as counted: « en cours » while a deal
    is not confirmed (no winner yet, RULES.md §E), else ``winner_words`` of its stored
    result (« Équipe A »), or None while it is not finished."""
    if match.deals_unconfirmed:
        return pgettext("provisional totals", "ongoing")
    return winner_words(match.result) if match.result else None


def _team_result_words(result: str) -> CellValue:
    return str(MatchResult(result).label)


#: The match columns as the hall counts them, for matches read with
#: :func:`~tournaments.selectors.with_confirmed_totals` (the workbook's « Parties »): the
#: columns of :data:`MATCHES`, but the totals are the confirmed ones (scored points, the
#: deals before the first one not confirmed, selectors/results.py), the result is
#: « en cours » while a deal waits, and ``deals_unconfirmed`` counts the deals pending or
#: disputed, which are not in the totals (RULES.md §E: only confirmed matches count).
COUNTED_MATCHES: dict[str, Column[ConfirmedMatch]] = {
    **{key: _for_counted(column) for key, column in MATCHES.items()},
    "total_a": Column("total_a", _("Total A"), lambda match: match.confirmed_a),
    "total_b": Column("total_b", _("Total B"), lambda match: match.confirmed_b),
    "result": Column(
        "result",
        _("Result"),
        lambda match: "" if match.deals_unconfirmed else match.result,
        get_words=lambda match: counted_result_words(match, _team_result_words),
    ),
    "deals_unconfirmed": Column(
        "deals_unconfirmed",
        _("Deals not counted yet"),
        lambda match: match.deals_unconfirmed,
    ),
}

#: The columns of a concours folder's ``expected_matches.csv`` (RULES.md §F), in order.
MATCHES_FILE_KEYS = ("round", "table", "team_a", "team_b", "total_a", "total_b")


# Deals (RULES.md §B, §C) -------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """A deal with its match (round and teams joined): the row the deal columns read.

    ``is_counted`` says whether the deal is in its match's confirmed beginning: no deal
    pending or disputed at or before it (selectors/results.py, RULES.md §E). Its running
    totals count only then; :func:`deal_rows` sets it for a match's deals.
    """

    match: Match
    deal: Deal
    is_counted: bool = True

    @cached_property
    def entry(self) -> DealEntry:
        """Return what the table wrote for the deal (``Deal.entry``), read once."""
        return self.deal.entry

    @property
    def taker(self) -> Team:
        """Return the taker's team (any team of the match for a passed deal)."""
        return self.match.team_a if self.entry.taker == TeamSide.A else self.match.team_b


def deal_rows(match: Match, deals: Iterable[Deal]) -> list[DealRow]:
    """Return a :class:`DealRow` per deal of ``match``, ``deals`` in deal order: counted
    up to the deal before the first one pending or disputed, not counted from it on (a
    running total is only true with every deal before it, selectors/results.py)."""
    rows = []
    is_counted = True
    for deal in deals:
        is_counted = is_counted and deal.status not in UNCONFIRMED
        rows.append(DealRow(match, deal, is_counted=is_counted))
    return rows


def _running_total_words(total: Callable[[Deal], int]) -> Callable[[DealRow], CellValue]:
    """Return the words of a running total: the stored total (scored points) of a counted
    deal, « Pas encore comptée » from the first deal not confirmed on (RULES.md §E)."""
    return lambda row: total(row.deal) if row.is_counted else gettext("Not counted yet")


def _unless_passed(words: Callable[[DealRow], CellValue]) -> Callable[[DealRow], CellValue]:
    """Return ``words`` that show nothing for a passed deal: it has no inputs (§C)."""
    return lambda row: None if row.entry.is_passed else words(row)


#: The names of the deal inputs of RULES.md §F (:data:`scoring.rows.DEAL_COLUMNS`).
_INPUT_NAMES = {
    "trump": _("Trump"),
    "contract": _("Contract"),
    "coinche": _("Coinche"),
    "taker_card_points": _("Taker's card points"),
    "defence_card_points": _("Defence's card points"),
    "taker_tricks": _("Taker's tricks"),
    "taker_belotes": _("Taker's belotes"),
    "defence_belotes": _("Defence's belotes"),
    "taker_declarations": _("Taker's declarations"),
    "defence_declarations": _("Defence's declarations"),
}
#: The inputs a field of ``ENTRY_FIELDS`` stores under another name. The contract, stored
#: as ``is_capot_bid`` + ``contract_value``, is read back through ``Deal.contract``.
_STORED_AS = {"coinche": "coinche_level"}


def _trump_brief(trump: str) -> str:
    """Return a trump as a narrow column prints it: ♠ ♥ ♦ ♣, or SA / TA in French."""
    if trump in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[trump]
    return gettext("NT") if trump == Trump.NO_TRUMP else gettext("AT")


def _contract_words(contract: int | str | None) -> CellValue:
    return gettext("Capot") if contract == scoring.CAPOT else contract


def _coinche_brief(coinche: str) -> str:
    return "" if coinche == CoincheLevel.NONE else str(CoincheLevel(coinche).label)


#: What people read for an input of a played deal, from the engine's value (scoring.Deal).
_INPUT_WORDS: dict[str, Callable[[Any], CellValue]] = {
    "trump": lambda trump: str(Trump(trump).label),
    "contract": _contract_words,
    "coinche": lambda coinche: str(CoincheLevel(coinche).label),
}
#: What the PDF's match sheets print for an input of a played deal, where it is shorter.
_INPUT_BRIEFS: dict[str, Callable[[Any], str]] = {"trump": _trump_brief, "coinche": _coinche_brief}


def _input_column(key: str) -> Column[DealRow]:
    """Return the column of the deal input ``key`` (RULES.md §F).

    Its value is what is stored, so a passed deal shows the empty inputs it keeps (no
    trump, no contract, ``none``, zeros); its words and brief are read off
    ``Deal.entry``, so a passed deal, which has no inputs, shows none.
    """
    stored = _STORED_AS.get(key, key)
    words = _INPUT_WORDS.get(key, lambda value: value)
    brief = _INPUT_BRIEFS.get(key)

    def entry_input(row: DealRow) -> Any:
        return getattr(row.entry.deal, key)

    get_brief: Callable[[DealRow], str] | None = None
    if brief is not None:

        def brief_of(row: DealRow) -> str:
            return "" if row.entry.is_passed else brief(entry_input(row))

        get_brief = brief_of

    return Column(
        key,
        _INPUT_NAMES[key],
        lambda row: getattr(row.deal, stored),
        get_words=_unless_passed(lambda row: words(entry_input(row))),
        get_brief=get_brief,
    )


def _declarations_text_column(key: str, side: int, name: Promise) -> Column[DealRow]:
    """Return the column of one side's declarations as announced: the stored tokens
    (``tierce:KH;carre:J``) as its value, in words (« tierce au roi de cœur, carré de
    valets ») for people."""
    return Column(
        key,
        name,
        lambda row: row.entry.declarations_text[side],
        get_words=_unless_passed(
            lambda row: declaration_words(row.entry.declarations_text[side]) or None
        ),
    )


#: The deal columns, for :class:`DealRow` rows: where the deal was played, who took and
#: whether all passed, the inputs of RULES.md §F (card points include the dix de der;
#: declarations are the points that count after §D), the declarations as announced,
#: then what the engine stored: the outcome, each team's scored points for the deal, the
#: running totals after it, and whether the deal counts yet.
DEALS: dict[str, Column[DealRow]] = _by_key(
    Column("round", _("Round"), lambda row: row.match.round.number),
    Column("table", _("Table"), lambda row: row.match.table_number),
    Column("team_a", _("Team A"), lambda row: row.match.team_a.number),
    Column("team_b", _("Team B"), lambda row: row.match.team_b.number),
    Column("deal", _("Deal"), lambda row: row.deal.deal_number),
    Column("taker_team", _("Taker"), lambda row: row.taker.number),
    Column(
        "passed",
        _("Passed"),
        lambda row: "yes" if row.entry.is_passed else "no",
        get_words=lambda row: yes_no_words(row.entry.is_passed),
    ),
    *(_input_column(key) for key in DEAL_COLUMNS),
    _declarations_text_column("taker_declarations_text", 0, _("Taker's declarations as announced")),
    _declarations_text_column(
        "defence_declarations_text", 1, _("Defence's declarations as announced")
    ),
    Column(
        "outcome",
        _("Outcome"),
        lambda row: row.deal.outcome,
        get_words=_unless_passed(lambda row: row.deal.get_outcome_display() or None),
    ),
    Column("score_a", _("Score A"), lambda row: row.deal.score_a),
    Column("score_b", _("Score B"), lambda row: row.deal.score_b),
    Column(
        "total_a",
        _("Total A"),
        lambda row: row.deal.total_a,
        get_words=_running_total_words(lambda deal: deal.total_a),
    ),
    Column(
        "total_b",
        _("Total B"),
        lambda row: row.deal.total_b,
        get_words=_running_total_words(lambda deal: deal.total_b),
    ),
    Column(
        "status",
        _("Status"),
        lambda row: row.deal.status,
        get_words=lambda row: row.deal.get_status_display(),
        get_brief=lambda row: (
            "" if row.deal.status == DealStatus.CONFIRMED else row.deal.get_status_display()
        ),
    ),
)

#: The columns of a concours folder's ``deals.csv`` (RULES.md §F), in order: what
#: :func:`tournaments.importing.import_played_tournament` reads.
DEAL_FILE_KEYS = (
    "round",
    "table",
    "team_a",
    "team_b",
    "deal",
    "taker_team",
    "passed",
    *DEAL_COLUMNS,
)
