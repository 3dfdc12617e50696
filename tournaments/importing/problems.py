"""What an importer found wrong in a file, as codes: the words are in forms/messages.py.

A leaf module (STYLE.md §1): the importers make these problems, the forms word them, and
neither needs the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring


@dataclass(frozen=True)
class ImportProblem:
    """Where and why an import stopped: file name, line (1 = header), field, code.

    ``file`` is empty for a problem with the options (name, rule preset, format, club);
    ``line`` is 0 for a problem with a whole file. Codes, with their ``params``:

    - the options: ``name`` (blank), ``name_too_long`` (limit), ``ruleset`` (ruleset),
      ``format_limit`` (format), ``club_name`` (blank), ``club_too_long`` (limit),
      ``nul``, ``tournament_exists``;
    - a whole file: ``file`` (unreadable), ``no_teams`` (count, minimum), ``no_deals``;
    - a line: ``columns`` (columns, missing from the header), ``csv`` (the line cannot be
      read), ``number`` (not a whole number ≥ 1 in digits 0–9), ``too_large`` (limit),
      ``too_many_rounds`` (limit), ``missing_round`` (number), ``too_long`` (limit),
      ``nul`` (a NUL character in a name), ``duplicate_number`` (number),
      ``missing_player``, ``unknown_team`` (number), ``same_team``, ``table_conflict``
      (table), ``team_twice`` (number), ``duplicate_deal`` (number), ``taker_team``,
      ``passed``, ``match_finished``; and the §B6 codes of RULES.md for a deal the
      engine rejects, with ``error`` holding the engine's :class:`scoring.DealError`.
    """

    file: str
    line: int
    field: str
    code: str
    params: tuple[tuple[str, str | int], ...] = ()
    error: scoring.DealError | None = None


@dataclass(frozen=True)
class TeamFileProblem:
    """What to fix, and where: ``line`` 0 means the whole file, ``column`` "" the whole
    line (else one of :data:`COLUMNS`); ``params`` fill the message.

    Codes for the file: ``extension``, ``unreadable``, ``not_text``, ``not_xlsx``,
    ``empty``, ``too_many_lines`` (``max``), ``formula_without_value`` (``cell``, e.g. "B3": a
    formula whose value the file does not hold), ``columns`` (``columns``: the missing ones,
    comma-separated), ``column_twice``, ``no_rows``. For a line: ``number`` (``value``, ``max``),
    ``missing_player``, ``too_long`` (``max``), ``duplicate_number`` (``number``,
    ``line``: where it came first), ``same_pair`` (``line``). Against the tournament:
    ``number_taken`` (``number``, ``players``), ``pair_registered`` (``number``).
    """

    line: int
    column: str
    code: str
    params: dict[str, str | int] = field(default_factory=dict)
