"""What an importer found wrong in a file, as codes: the words are in forms/messages.py.

A leaf module (STYLE.md §1): the importers make these problems, the forms word them, and
neither needs the other. Both importers use the one :class:`ImportProblem`: the team file
an organiser uploads (:mod:`tournaments.importing.teams`) and the folder of a played
concours (:mod:`tournaments.importing.reading`, RULES.md §F).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring


@dataclass(frozen=True)
class ImportProblem:
    """Where and why an import refused a file: file, line, column, code, message params.

    Attributes:
        file: the file's name in a played concours' folder (``teams.csv``, ``deals.csv``);
            empty for a problem with the command's options, and for the uploaded team
            file, whose page shows its problems beside it.
        line: the line in the file, 1 for the first; 0 for the whole file (or the options).
            A record whose quoted cell spans lines is on the line where it starts.
        column: the column (in a played concours, its header name; in the team file, one
            of :data:`tournaments.importing.teams.COLUMNS`), or the option (``name``,
            ``club``, ``ruleset``, ``format``); empty for the whole line or file.
        code: what is wrong, below.
        params: the values its message shows.
        error: the engine's :class:`scoring.DealError` when the engine rejected a deal
            (RULES.md §B6); ``code`` is then its §B6 code and ``column`` its field. Or its
            :class:`scoring.TotalsError` when it rejected a table's totals (RULES.md §G);
            ``code`` is then the field (``capots``…, ``sum`` for a sum that does not add
            up), ``column`` its column (``total_a`` for the sum) and ``totals`` the row.
        totals: the row's :class:`scoring.MatchTotals` with a TotalsError, else None.

    Codes of a played concours (RULES.md §F), with their ``params``:

    - the options: ``name`` (blank), ``name_too_long`` (limit), ``ruleset`` (ruleset),
      ``format_limit`` (format), ``club_name`` (blank), ``club_too_long`` (limit),
      ``nul``, ``tournament_exists``;
    - a whole file: ``file`` (unreadable), ``no_teams`` (count, minimum), ``no_deals``;
    - a line: ``columns`` (columns, missing from the header), ``csv`` (the line cannot be
      read), ``number`` (not a whole number ≥ 1 in digits 0–9), ``too_large`` (limit),
      ``too_many_rounds`` (limit), ``missing_round`` (number), ``too_long`` (limit),
      ``nul`` (a NUL character in a name), ``duplicate_number`` (number),
      ``missing_player``, ``same_pair`` (line: where the pair came first),
      ``unknown_team`` (number), ``same_team``, ``table_conflict`` (table),
      ``team_twice`` (number), ``duplicate_deal`` (number), ``taker_team``, ``passed``,
      ``match_finished``; and the §B6 codes of RULES.md for a deal the engine rejects;
    - a folder's results (RULES.md §G): ``both_files`` (deals.csv and matches.csv),
      ``no_results`` (neither); in matches.csv, ``no_matches``, ``count`` (not a whole
      number ≥ 0 in digits 0–9), ``duplicate_table`` (table, line: where it came first),
      ``empty_round`` (number), and the engine's totals fields for a row it rejects.

    Codes of the team file: for the file, ``extension`` (extension), ``unreadable``,
    ``not_text``, ``not_xlsx``, ``empty``, ``too_many_lines`` (max),
    ``formula_without_value`` (cell, e.g. "B3": a formula whose value the file does not
    hold), ``columns`` (columns: the missing ones, comma-separated), ``column_twice``
    (column), ``no_rows``; for a line, ``number`` (value, max), ``missing_player``,
    ``too_long`` (max), ``duplicate_number`` (number, line: where it came first),
    ``same_pair`` (line), ``same_name`` (name, line: a team name already on that line,
    case ignored); against the tournament, ``number_taken`` (number, players),
    ``pair_registered`` (number), ``name_registered`` (number, name).
    """

    file: str
    line: int
    column: str
    code: str
    params: dict[str, str | int] = field(default_factory=dict)
    error: scoring.DealError | scoring.TotalsError | None = None
    totals: scoring.MatchTotals | None = None
