"""The command line of RULES.md §F: `python -m scoring deals|declarations|matches FILE`."""

import io
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.cli import main

ROOT = Path(__file__).resolve().parents[2]
SHARED_DIR = Path(os.environ.get("BELOTE_SHARED_DIR", ROOT.parent / "shared"))

DEAL_HEADER = (
    "id,table,ruleset,trump,contract,coinche,taker_card_points,defence_card_points,"
    "taker_tricks,taker_belotes,defence_belotes,taker_declarations,defence_declarations"
)
DEAL_RESULTS = "taker_score,defence_score,reserve,error"
MATCH_HEADER = (
    "match_id,format,deal,taker,passed,ruleset,trump,contract,coinche,taker_card_points,"
    "defence_card_points,taker_tricks,taker_belotes,defence_belotes,taker_declarations,"
    "defence_declarations"
)
MATCH_RESULTS = "total_a,total_b,reserve,finished,winner,error"


def write(tmp_path: Path, text: str, name: str = "input.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, out=out)
    return status, out.getvalue()


# --- deals ---------------------------------------------------------------------------------


def test_deals_writes_the_input_columns_and_the_scores_of_each_row(tmp_path):
    path = write(
        tmp_path,
        f"{DEAL_HEADER},expected_taker_score,note\n"
        "E01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,simple success\n"
        "B6,2,belote-classique,H,,none,81,81,4,0,0,0,0,0,litige\n"
        "K6,3,ffb-contree,C,100,coinche,252,0,8,1,0,0,0,720,coinched capot\n",
    )

    status, output = run(["deals", str(path)])

    assert (status, output) == (
        0,
        f"{DEAL_HEADER},{DEAL_RESULTS}\n"
        "E01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,\n"
        "B6,2,belote-classique,H,,none,81,81,4,0,0,0,0,0,81,81,\n"
        "K6,3,ffb-contree,C,100,coinche,252,0,8,1,0,0,0,720,0,0,\n",
    )


def test_deals_gives_a_bad_row_its_error_code_and_still_scores_later_rows(tmp_path):
    path = write(
        tmp_path,
        f"{DEAL_HEADER}\n"
        "V01,1,ffb-coinche,H,100,none,100,61,5,0,0,0,0\n"
        "V14,1,coinche-maison,X,85,none,100,61,9,0,0,0,0\n"
        "V06,1,belote-classique,H,,coinche,100,62,5,0,0,0,0\n"
        "V16,1,ffb-coinche,H,100,none,100,62,5,one,0,0,0\n"
        "E02,1,ffb-coinche,S,100,none,100,62,5,0,0,0,0\n",
    )

    status, output = run(["deals", str(path)])

    assert (status, output) == (
        0,
        f"{DEAL_HEADER},{DEAL_RESULTS}\n"
        "V01,1,ffb-coinche,H,100,none,100,61,5,0,0,0,0,,,,card_points\n"
        "V14,1,coinche-maison,X,85,none,100,61,9,0,0,0,0,,,,ruleset\n"
        "V06,1,belote-classique,H,,coinche,100,62,5,0,0,0,0,,,,coinche\n"
        "V16,1,ffb-coinche,H,100,none,100,62,5,one,0,0,0,,,,number\n"
        "E02,1,ffb-coinche,S,100,none,100,62,5,0,0,0,0,200,60,0,\n",
    )


def test_deals_gives_huge_or_non_ascii_numbers_the_number_code_and_scores_later_rows(tmp_path):
    huge = "9" * 5000
    path = write(
        tmp_path,
        f"{DEAL_HEADER}\n"
        f"N1,1,ffb-coinche,H,90,none,{huge},58,5,0,0,0,0\n"
        "N2,1,ffb-coinche,H,90,none,104,58,5,²,0,0,0\n"
        "N3,1,ffb-coinche,H,90,none,١٠٤,58,5,0,0,0,0\n"
        "N4,1,ffb-coinche,H,90,none,104,58,5,0,0,0,1234567890\n"
        f"N5,1,ffb-coinche,H,{huge},none,104,58,5,0,0,0,0\n"
        "E01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n",
    )

    status, output = run(["deals", str(path)])

    assert (status, output) == (
        0,
        f"{DEAL_HEADER},{DEAL_RESULTS}\n"
        f"N1,1,ffb-coinche,H,90,none,{huge},58,5,0,0,0,0,,,,number\n"
        "N2,1,ffb-coinche,H,90,none,104,58,5,²,0,0,0,,,,number\n"
        "N3,1,ffb-coinche,H,90,none,١٠٤,58,5,0,0,0,0,,,,number\n"
        "N4,1,ffb-coinche,H,90,none,104,58,5,0,0,0,1234567890,,,,number\n"
        f"N5,1,ffb-coinche,H,{huge},none,104,58,5,0,0,0,0,,,,contract\n"
        "E01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,\n",
    )


def test_python_dash_m_scoring_scores_the_rows_after_a_5000_digit_value(tmp_path):
    path = write(
        tmp_path,
        f"{DEAL_HEADER}\n"
        f"N1,1,ffb-coinche,H,90,none,{'9' * 5000},58,5,0,0,0,0\n"
        "E01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n",
    )

    completed = subprocess.run(
        [sys.executable, "-m", "scoring", "deals", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )

    assert (completed.returncode, completed.stdout.splitlines()[2:], completed.stderr) == (
        0,
        ["E01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,"],
        "",
    )


def test_deals_reads_spaces_case_capot_and_an_empty_coinche_leniently(tmp_path):
    path = write(
        tmp_path,
        f"{DEAL_HEADER}\nL1,1, ffb-coinche , sa ,Capot,, 252 ,0,8,0,0,0,0\n",
    )

    status, output = run(["deals", str(path)])

    assert (status, output) == (
        0,
        f"{DEAL_HEADER},{DEAL_RESULTS}\n"
        "L1,1, ffb-coinche , sa ,Capot,, 252 ,0,8,0,0,0,0,500,0,0,\n",
    )


def test_deals_treats_missing_cells_as_empty_and_drops_cells_past_the_header(tmp_path):
    path = write(
        tmp_path,
        f"{DEAL_HEADER}\nS1,1,ffb-coinche,H\nS2,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,x,y\n",
    )

    status, output = run(["deals", str(path)])

    assert (status, output) == (
        0,
        f"{DEAL_HEADER},{DEAL_RESULTS}\n"
        "S1,1,ffb-coinche,H,,,,,,,,,,,,,number\n"
        "S2,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,\n",
    )


def test_deals_reads_a_file_that_starts_with_a_byte_order_mark(tmp_path):
    path = write(tmp_path, f"\ufeff{DEAL_HEADER}\nE01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n")

    status, output = run(["deals", str(path)])

    assert (status, output) == (
        0,
        f"{DEAL_HEADER},{DEAL_RESULTS}\nE01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,\n",
    )


def test_it_writes_to_standard_output_by_default(tmp_path, capsys):
    path = write(tmp_path, f"{DEAL_HEADER}\nE01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n")

    status = main(["deals", str(path)])

    assert (status, capsys.readouterr()) == (
        0,
        (
            f"{DEAL_HEADER},{DEAL_RESULTS}\nE01,1,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,\n",
            "",
        ),
    )


# --- declarations ----------------------------------------------------------------------------


def test_declarations_writes_each_sides_points_or_the_error_code(tmp_path):
    path = write(
        tmp_path,
        "id,trump,taker_declarations,defence_declarations,expected_taker_points,note\n"
        "D1,H,tierce:KD,,20,only the taker\n"
        "D2,X,tierce:KD,,,bad trump\n"
        "D3,S,tierce:8C,,,too low\n"
        "D4,sa,carre:A,carre:J,200,lower-case trump\n"
        'D5,C,"tierce:KS;tierce:9D",cinquante:AH,0,a list\n',
    )

    status, output = run(["declarations", str(path)])

    assert (status, output) == (
        0,
        "id,trump,taker_declarations,defence_declarations,taker_points,defence_points,error\n"
        "D1,H,tierce:KD,,20,0,\n"
        "D2,X,tierce:KD,,,,trump\n"
        "D3,S,tierce:8C,,,,declarations\n"
        "D4,sa,carre:A,carre:J,200,0,\n"
        "D5,C,tierce:KS;tierce:9D,cinquante:AH,0,50,\n",
    )


def test_declarations_refuses_a_side_listing_a_carre_or_a_sequence_twice(tmp_path):
    path = write(
        tmp_path,
        "id,trump,taker_declarations,defence_declarations\n"
        'R1,H,"carre:J;carre:J",\n'
        'R2,H,tierce:KD,"tierce:AS; Tierce:as"\n'
        'R3,H,"tierce:KD;tierce:KS;cinquante:KD",\n',
    )

    status, output = run(["declarations", str(path)])

    assert (status, output) == (
        0,
        "id,trump,taker_declarations,defence_declarations,taker_points,defence_points,error\n"
        "R1,H,carre:J;carre:J,,,,declarations\n"
        "R2,H,tierce:KD,tierce:AS; Tierce:as,,,declarations\n"
        "R3,H,tierce:KD;tierce:KS;cinquante:KD,,90,0,\n",
    )


# --- matches ---------------------------------------------------------------------------------


def test_matches_keeps_a_separate_state_for_each_interleaved_match(tmp_path):
    path = write(
        tmp_path,
        f"{MATCH_HEADER},expected_total_a,note\n"
        "M1,deals:2,1,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,\n"
        "M2,deals:2,1,A,no,belote-classique,H,,none,81,81,4,0,0,0,0,0,litige\n"
        "M1,deals:2,2,B,yes,ffb-coinche,,,,,,,,,,,190,passed\n"
        "M2,deals:2,2,B,no,belote-classique,S,,none,100,62,5,0,0,0,0,62,\n"
        "M1,deals:2,3,B,no,ffb-coinche,S,90,coinche,95,67,5,0,0,0,0,190,\n",
    )

    status, output = run(["matches", str(path)])

    assert (status, output) == (
        0,
        f"{MATCH_HEADER},{MATCH_RESULTS}\n"
        "M1,deals:2,1,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,no,,\n"
        "M2,deals:2,1,A,no,belote-classique,H,,none,81,81,4,0,0,0,0,0,81,81,no,,\n"
        "M1,deals:2,2,B,yes,ffb-coinche,,,,,,,,,,,190,60,0,no,,\n"
        "M2,deals:2,2,B,no,belote-classique,S,,none,100,62,5,0,0,0,0,62,262,0,yes,B,\n"
        "M1,deals:2,3,B,no,ffb-coinche,S,90,coinche,95,67,5,0,0,0,0,190,560,0,yes,B,\n",
    )


def test_matches_gives_bad_rows_their_error_and_leaves_the_match_unchanged(tmp_path):
    path = write(
        tmp_path,
        f"{MATCH_HEADER}\n"
        "M1,deals:1,1,A,no,ffb-coinche,H,90,none,100,61,5,0,0,0,0\n"
        "M1,rounds:1,2,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,3,C,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,4,A,maybe,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,5,A,no,coinche-maison,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,6,b, YES ,ffb-coinche,,,,,,,,,,\n"
        "M1,deals:1,7,a,No,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,8,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,9,A,yes,ffb-coinche,,,,,,,,,,\n",
    )

    status, output = run(["matches", str(path)])

    assert (status, output) == (
        0,
        f"{MATCH_HEADER},{MATCH_RESULTS}\n"
        "M1,deals:1,1,A,no,ffb-coinche,H,90,none,100,61,5,0,0,0,0,,,,,,card_points\n"
        "M1,rounds:1,2,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,,,,,,format\n"
        "M1,deals:1,3,C,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,,,,,,taker\n"
        "M1,deals:1,4,A,maybe,ffb-coinche,H,90,none,104,58,5,0,0,0,0,,,,,,passed\n"
        "M1,deals:1,5,A,no,coinche-maison,H,90,none,104,58,5,0,0,0,0,,,,,,ruleset\n"
        "M1,deals:1,6,b, YES ,ffb-coinche,,,,,,,,,,,0,0,0,no,,\n"
        "M1,deals:1,7,a,No,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,yes,A,\n"
        "M1,deals:1,8,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,,,,,,finished\n"
        "M1,deals:1,9,A,yes,ffb-coinche,,,,,,,,,,,,,,,,finished\n",
    )


def test_matches_keeps_the_format_of_the_first_row_of_a_match(tmp_path):
    path = write(
        tmp_path,
        f"{MATCH_HEADER}\n"
        "M1,deals:2,1,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n"
        "M1,deals:1,2,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0\n",
    )

    status, output = run(["matches", str(path)])

    assert (status, output) == (
        0,
        f"{MATCH_HEADER},{MATCH_RESULTS}\n"
        "M1,deals:2,1,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,190,60,0,no,,\n"
        "M1,deals:1,2,A,no,ffb-coinche,H,90,none,104,58,5,0,0,0,0,380,120,0,yes,A,\n",
    )


def test_matches_returns_each_pending_reserve_to_its_team_at_the_end(tmp_path):
    path = write(
        tmp_path,
        f"{MATCH_HEADER}\n"
        "L1,deals:2,1,A,no,belote-classique,H,,none,81,81,4,0,0,0,0\n"
        "L1,deals:2,2,B,no,belote-classique,C,,none,71,91,4,1,0,0,0\n",
    )

    status, output = run(["matches", str(path)])

    assert (status, output) == (
        0,
        f"{MATCH_HEADER},{MATCH_RESULTS}\n"
        "L1,deals:2,1,A,no,belote-classique,H,,none,81,81,4,0,0,0,0,0,81,81,no,,\n"
        "L1,deals:2,2,B,no,belote-classique,C,,none,71,91,4,1,0,0,0,172,172,0,yes,draw,\n",
    )


# --- Unusable files ----------------------------------------------------------------------------


def test_a_missing_column_exits_2_with_a_one_line_message(tmp_path, capsys):
    header = DEAL_HEADER.replace(",trump", "").replace(",coinche", "")
    path = write(tmp_path, f"{header}\nE01,1,ffb-coinche,90,104,58,5,0,0,0,0\n")

    status = main(["deals", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        ("", f"error: {path}: missing column(s): trump, coinche\n"),
    )


def test_an_empty_file_misses_every_column(tmp_path, capsys):
    path = write(tmp_path, "")

    status = main(["declarations", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        (
            "",
            f"error: {path}: missing column(s): "
            "id, trump, taker_declarations, defence_declarations\n",
        ),
    )


def test_a_matches_file_without_match_columns_exits_2(tmp_path, capsys):
    path = write(tmp_path, f"{DEAL_HEADER}\n")

    status = main(["matches", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        ("", f"error: {path}: missing column(s): match_id, format, deal, taker, passed\n"),
    )


def test_a_nonexistent_file_exits_2(tmp_path, capsys):
    path = tmp_path / "absent.csv"

    status = main(["deals", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        ("", f"error: cannot read {path}: [Errno 2] No such file or directory: '{path}'\n"),
    )


def test_a_directory_is_unreadable_and_exits_2(tmp_path, capsys):
    status = main(["deals", str(tmp_path)])

    assert (status, capsys.readouterr()) == (
        2,
        ("", f"error: cannot read {tmp_path}: [Errno 21] Is a directory: '{tmp_path}'\n"),
    )


def test_a_file_that_is_not_utf8_exits_2(tmp_path, capsys):
    path = tmp_path / "latin1.csv"
    path.write_bytes(
        "id,trump,taker_declarations,defence_declarations\nD1,C,carré:J,\n".encode("latin-1")
    )

    status = main(["declarations", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        (
            "",
            f"error: cannot read {path}: not UTF-8 text (byte 0xe9 at position 58): "
            "save the file as CSV UTF-8\n",
        ),
    )


def test_a_file_name_with_a_line_break_still_gives_a_one_line_message(tmp_path, capsys):
    path = tmp_path / "two\nlines.csv"

    status = main(["deals", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        (
            "",
            f"error: cannot read {tmp_path}/two\\nlines.csv: [Errno 2] No such file or "
            f"directory: '{tmp_path}/two\\nlines.csv'\n",
        ),
    )


def test_a_field_longer_than_the_csv_limit_exits_2(tmp_path, capsys):
    path = write(tmp_path, f"{DEAL_HEADER}\nE01,{'1' * 200_000}\n")

    status = main(["deals", str(path)])

    assert (status, capsys.readouterr()) == (
        2,
        ("", f"error: cannot read {path}: field larger than field limit (131072)\n"),
    )


def test_an_unknown_command_is_a_usage_error(tmp_path, capsys):
    path = write(tmp_path, f"{DEAL_HEADER}\n")

    with pytest.raises(SystemExit) as info:
        main(["standings", str(path)])

    assert (info.value.code, capsys.readouterr().err.splitlines()[-1]) == (
        2,
        "python -m scoring: error: argument command: invalid choice: 'standings' "
        "(choose from 'deals', 'declarations', 'matches')",
    )


# --- python -m scoring ------------------------------------------------------------------------


def test_python_dash_m_scoring_scores_the_golden_deals_like_main():
    golden = SHARED_DIR / "golden" / "deals.csv"
    expected = run(["deals", str(golden)])

    completed = subprocess.run(
        [sys.executable, "-m", "scoring", "deals", str(golden)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )

    assert (completed.returncode, completed.stdout, completed.stderr) == (
        expected[0],
        expected[1],
        "",
    )


def test_the_scoring_package_runs_main_as_its_main_module(tmp_path, monkeypatch, capsys):
    path = write(tmp_path, "id,trump,taker_declarations,defence_declarations\nD1,H,carre:J,\n")
    monkeypatch.setattr(sys, "argv", ["python -m scoring", "declarations", str(path)])

    with pytest.raises(SystemExit) as info:
        runpy.run_module("scoring", run_name="__main__")

    assert (info.value.code, capsys.readouterr()) == (
        0,
        (
            "id,trump,taker_declarations,defence_declarations,taker_points,defence_points,error\n"
            "D1,H,carre:J,,200,0,\n",
            "",
        ),
    )
