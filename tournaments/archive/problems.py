"""What a restore found wrong in an archive, as codes: the words are in forms/archive.py.

A leaf module (STYLE.md §1), like tournaments.importing.problems: the restore makes
these problems, the form and the command word them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError

import scoring

#: Where in the archive: ``(kind, value)`` pairs from the outside in, e.g.
#: ``(("round", 2), ("table", 3), ("deal", 4))``. Kinds: ``tournament`` (the settings),
#: ``users``, ``teams`` and ``rounds`` (the lists), ``user`` (a username), ``team``,
#: ``round``, ``table``, ``deal`` and ``link`` (numbers, a side); in a mêlée, ``melee``
#: (its section), ``players``, ``pairs`` and ``sit_outs`` (its lists), ``draft``,
#: ``player`` and ``pair`` (a player's number, a pair's team number); ``history`` and
#: ``deal_history`` (the position of a record in the history of a match or of its deals,
#: from 1), ``item`` (the position in a list, from 1, where the entry's own number cannot
#: be read). Empty: the whole file.
Place = tuple[tuple[str, str | int | None], ...]


@dataclass(frozen=True)
class ArchiveProblem:
    """Where and why a restore refused an archive: place, code, message params, and the
    error and the paper sheet (``totals``) the problem concerns, if any.

    Codes, with their ``params``:

    - the file: ``not_json``, ``not_archive``, ``newer_version`` (version, supported),
      ``unknown_version`` (version, supported), ``name_taken`` (name);
    - an entry (``place`` says which): ``missing`` (key), ``unknown_key`` (key),
      ``type`` (key, expected: ``integer``, ``text``, ``boolean``, ``datetime``,
      ``date``, ``list``, ``object``, ``text_or_null``, ``integer_or_null``,
      ``datetime_or_null``), ``invalid`` (key; ``error`` holds Django's ValidationError),
      ``range`` (key, value, minimum, maximum), ``datetime`` (key, value: not an ISO 8601
      time with its offset), ``date`` (key, value), ``tie_break`` (value), ``rules``
      (preset, version);
    - the whole: ``team_twice`` (team), ``user_twice`` (user), ``unknown_user`` (user),
      ``round_number`` (round, position: where it is), ``too_many_rounds`` (count, rounds),
      ``round_not_closed`` (round), ``table_twice`` (table), ``unknown_team`` (team),
      ``same_team`` (team), ``seated_twice`` (team), ``deal_twice`` (deal),
      ``deal_key_twice`` (key), ``deal_in_draft``, ``link_twice`` (side),
      ``token_twice``, ``deal_inputs`` (``error`` holds the engine's DealError,
      RULES.md §B6), ``match_finished``, ``scores`` (key, value, engine: what the engine
      gives for these inputs, RULES.md §C);
    - a match recorded by its totals (RULES.md §G): ``totals_with_deals``,
      ``totals_in_draft``, ``counts_without_totals`` (a sheet's counts on a match
      recorded by its deals), ``totals`` (``error`` holds the engine's TotalsError on a
      field, ``totals`` the sheet), ``totals_unexplained`` (``error``: the TotalsError of
      a sum that does not add up, ``totals`` the sheet; no reason in the history);
    - a mêlée (RULES.md §H, format version 3): ``player_twice`` (player: a number given
      twice), ``unknown_player`` (player), ``unknown_round`` (round), ``melee_in_draft``
      (a pair or a sit-out of a partie in draft), ``pair_twice`` (team), ``same_player``
      (player), ``player_seated_twice`` (player: in two pairs of one partie, sitting out
      twice, or twice in the draft), ``sit_out_plays`` (player, team: the pair they play
      in), ``not_a_pair`` (team: a table's team that is no pair of its partie),
      ``team_in_melee`` (a team that is no pair: a mêlée has no registered team),
      ``draft_missing`` (a partie in draft with no draft), ``draft_round`` (round: a
      draft of a partie not in draft); and the type ``couple`` (two player numbers).
    """

    place: Place
    code: str
    params: dict[str, str | int | None] = field(default_factory=dict)
    error: ValidationError | scoring.DealError | scoring.TotalsError | None = None
    totals: scoring.MatchTotals | None = None


class ArchiveError(Exception):
    """The archive was refused, for :attr:`problem`; nothing was saved."""

    def __init__(self, problem: ArchiveProblem) -> None:
        super().__init__(f"{problem.place}: {problem.code} {problem.params}")
        self.problem = problem
