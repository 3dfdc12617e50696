"""The engine's command line (RULES.md §F).

``python -m scoring deals FILE`` / ``declarations FILE`` / ``matches FILE`` read a CSV
(UTF-8, comma, header row), ignore ``expected_*`` and ``note`` columns, and write the
input columns plus the results to standard output. A bad row gets its error code and
empty results; an unreadable file or a missing column exits with status 2 and one line.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TextIO

from scoring.deals import score_deal
from scoring.declarations import parse_declarations, resolve_declarations
from scoring.errors import ErrorCode, InvalidDeal, InvalidDeclaration
from scoring.matches import (
    MatchDeal,
    MatchFinished,
    MatchFormat,
    MatchState,
    TeamSide,
    advance_match,
)
from scoring.rows import DEAL_COLUMNS, deal_from_row
from scoring.rules import Trump, get_ruleset

Row = dict[str, str]
#: What a row becomes: the §F result columns, by name.
Compute = Callable[[Row], dict[str, str]]

DEAL_INPUTS = ("id", "ruleset", *DEAL_COLUMNS)
DEAL_RESULTS = ("taker_score", "defence_score", "reserve", "error")
DECLARATION_INPUTS = ("id", "trump", "taker_declarations", "defence_declarations")
DECLARATION_RESULTS = ("taker_points", "defence_points", "error")
MATCH_INPUTS = (
    "match_id",
    "format",
    "deal",
    "taker",
    "passed",
    "ruleset",
    *DEAL_COLUMNS,
)
MATCH_RESULTS = ("total_a", "total_b", "reserve", "finished", "winner", "error")


class InputError(Exception):
    """The file cannot be read as the command needs; the message is one line."""


def _error(code: str) -> dict[str, str]:
    return {"error": code}


def score_deal_row(row: Row) -> dict[str, str]:
    """Return the §F result columns for one row of a deals file."""
    try:
        score = score_deal(deal_from_row(row), get_ruleset(row["ruleset"].strip()))
    except InvalidDeal as invalid:
        return _error(invalid.error.code)
    return {
        "taker_score": str(score.taker_score),
        "defence_score": str(score.defence_score),
        "reserve": str(score.reserve),
        "error": "",
    }


def resolve_declaration_row(row: Row) -> dict[str, str]:
    """Return the §F result columns for one row of a declarations file."""
    try:
        trump = Trump(row["trump"].strip().upper())
    except ValueError:
        return _error(ErrorCode.TRUMP)
    try:
        result = resolve_declarations(
            parse_declarations(row["taker_declarations"]),
            parse_declarations(row["defence_declarations"]),
            trump,
        )
    except InvalidDeclaration:
        return _error(ErrorCode.DECLARATIONS)
    return {
        "taker_points": str(result.taker_points),
        "defence_points": str(result.defence_points),
        "error": "",
    }


class MatchRows:
    """Plays the rows of a matches file, keeping one running state per ``match_id``."""

    def __init__(self) -> None:
        self.states: dict[str, tuple[MatchFormat, MatchState]] = {}

    def play(self, row: Row) -> dict[str, str]:
        """Return the §F result columns after the deal of ``row``.

        Besides the §B6 codes, a row may fail with ``format`` (not ``deals:N`` or
        ``target:T``), ``taker`` (not A or B), ``passed`` (not yes or no) or
        ``finished`` (a deal after the match ended); the match state is then unchanged.
        """
        match_id = row["match_id"]
        try:
            match_format = MatchFormat.parse(row["format"])
        except ValueError:
            return _error("format")
        match_format, state = self.states.get(match_id, (match_format, MatchState()))
        try:
            taker = TeamSide(row["taker"].strip().upper())
        except ValueError:
            return _error("taker")
        passed = row["passed"].strip().lower()
        if passed not in ("yes", "no"):
            return _error("passed")
        try:
            rules = get_ruleset(row["ruleset"].strip())
            deal = None if passed == "yes" else deal_from_row(row)
            step = advance_match(state, MatchDeal(taker, deal), rules, match_format)
        except InvalidDeal as invalid:
            return _error(invalid.error.code)
        except MatchFinished:
            return _error("finished")
        state = step.state
        self.states[match_id] = (match_format, state)
        return {
            "total_a": str(state.total_a),
            "total_b": str(state.total_b),
            "reserve": str(state.reserve),
            "finished": "yes" if state.is_finished else "no",
            "winner": state.result.value if state.result else "",
            "error": "",
        }


def _read(path: str, required: Sequence[str]) -> tuple[list[str], list[Row]]:
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            header = list(reader.fieldnames or ())
            rows = [{k: v or "" for k, v in row.items() if k is not None} for row in reader]
    except UnicodeDecodeError as exc:
        # RULES.md §F files are UTF-8; a spreadsheet's Latin-1 or Windows-1252 export is not.
        raise InputError(
            f"cannot read {path}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at "
            f"position {exc.start}): save the file as CSV UTF-8"
        ) from exc
    except (OSError, csv.Error) as exc:
        raise InputError(f"cannot read {path}: {exc}") from exc
    missing = [name for name in required if name not in header]
    if missing:
        raise InputError(f"{path}: missing column(s): {', '.join(missing)}")
    inputs = [name for name in header if not name.startswith("expected_") and name != "note"]
    return inputs, rows


def _write(
    out: TextIO,
    inputs: list[str],
    results: Sequence[str],
    rows: Iterable[Row],
    compute: Compute,
) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*inputs, *results])
    for row in rows:
        computed = compute(row)
        writer.writerow([row[name] for name in inputs] + [computed.get(n, "") for n in results])


#: Each command: its required input columns, its result columns, and a maker of its
#: row function (a matches file keeps a state per match, so each run gets a new one).
COMMANDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], Callable[[], Compute]]] = {
    "deals": (DEAL_INPUTS, DEAL_RESULTS, lambda: score_deal_row),
    "declarations": (
        DECLARATION_INPUTS,
        DECLARATION_RESULTS,
        lambda: resolve_declaration_row,
    ),
    "matches": (MATCH_INPUTS, MATCH_RESULTS, lambda: MatchRows().play),
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for an unusable file)."""
    parser = argparse.ArgumentParser(
        prog="python -m scoring", description="Score belote and coinche CSV files."
    )
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("file")
    args = parser.parse_args(argv)
    required, results, make_compute = COMMANDS[args.command]
    try:
        inputs, rows = _read(args.file, required)
    except InputError as exc:
        # One line, even when the file name holds a line break.
        message = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        print(f"error: {message}", file=sys.stderr)
        return 2
    _write(out or sys.stdout, inputs, results, rows, make_compute())
    return 0
