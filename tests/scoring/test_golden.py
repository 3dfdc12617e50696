"""Every row of ../shared/golden/*.csv, scored through the engine's public API (RULES.md §F).

The golden files are read where they are, never copied: a missing or empty folder fails.
"""

import csv
import os
from pathlib import Path

import pytest

from scoring.cli import MatchRows, resolve_declaration_row, score_deal_row

SHARED_DIR = Path(
    os.environ.get("BELOTE_SHARED_DIR", Path(__file__).resolve().parents[2].parent / "shared")
)
GOLDEN_DIR = SHARED_DIR / "golden"


def _rows(name: str) -> list[dict[str, str]]:
    path = GOLDEN_DIR / name
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert rows, f"{path} holds no case"
    return rows


def _expected(row: dict[str, str], columns: tuple[str, ...]) -> dict[str, str]:
    return {column: row[f"expected_{column}"] for column in columns}


DEAL_ROWS = _rows("deals.csv")
DECLARATION_ROWS = _rows("declarations.csv")
MATCH_ROWS = _rows("matches.csv")


@pytest.mark.parametrize("row", DEAL_ROWS, ids=[f"deals.csv:{r['id']}" for r in DEAL_ROWS])
def test_deal_case(row):
    expected = _expected(row, ("taker_score", "defence_score", "reserve", "error"))

    result = score_deal_row(row)

    assert {k: result.get(k, "") for k in expected} == expected


@pytest.mark.parametrize(
    "row",
    DECLARATION_ROWS,
    ids=[f"declarations.csv:{r['id']}" for r in DECLARATION_ROWS],
)
def test_declaration_case(row):
    expected = _expected(row, ("taker_points", "defence_points", "error"))

    result = resolve_declaration_row(row)

    assert {k: result.get(k, "") for k in expected} == expected


MATCH_IDS = list(dict.fromkeys(row["match_id"] for row in MATCH_ROWS))


@pytest.mark.parametrize("match_id", MATCH_IDS, ids=[f"matches.csv:{m}" for m in MATCH_IDS])
def test_match_case(match_id):
    rows = [row for row in MATCH_ROWS if row["match_id"] == match_id]
    columns = ("total_a", "total_b", "reserve", "finished", "winner")
    player = MatchRows()

    results = [player.play(row) for row in rows]

    assert [{k: r.get(k, "") for k in columns} for r in results] == [
        _expected(row, columns) for row in rows
    ]
