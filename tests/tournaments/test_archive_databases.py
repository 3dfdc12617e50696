"""An archive made on one database restores on another: the two concours of
tests.played_concours (one on phones, one on paper with totals-only tables) are played on
a new SQLite database by another process, archived there, then restored in the database
of the tests. Run on PostgreSQL (DATABASE_URL), this is the round trip SQLite →
PostgreSQL; on SQLite, from one SQLite file to another."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.played_concours import NAME, PAPER_NAME, START, concours_outputs
from tournaments.archive import restore_tournament, tournament_archive

ROOT = Path(__file__).resolve().parents[2]


def play_on_a_new_sqlite_database(folder: Path) -> list[dict]:
    """Play both concours on a new SQLite database in ``folder``, in another process;
    return their archives and outputs (tests.played_concours.main)."""
    environment = os.environ | {"DATABASE_URL": f"sqlite:///{folder / 'source.sqlite3'}"}
    output = folder / "played.json"
    for arguments in (
        ["migrate", "--noinput", "--verbosity", "0"],
        [
            "shell",
            "--no-imports",
            "--command",
            f"from tests.played_concours import main; main({str(output)!r})",
        ],
    ):
        subprocess.run(
            [sys.executable, "manage.py", *arguments], cwd=ROOT, env=environment, check=True
        )
    return json.loads(output.read_text(encoding="utf-8"))


@pytest.mark.django_db
def test_archives_made_on_sqlite_restore_the_same_concours_on_this_database(tmp_path):
    played = play_on_a_new_sqlite_database(tmp_path)

    restored = [
        restore_tournament(data=concours["archive"].encode(), now=START) for concours in played
    ]

    assert [tournament.name for tournament in restored] == [NAME, PAPER_NAME]
    assert [
        (
            # As JSON carries them: tuples come back as lists.
            json.loads(json.dumps(concours_outputs(tournament))),
            # PostgreSQL stores JSON fields with their keys in an order of its own.
            json.loads(tournament_archive(tournament=tournament, now=START)),
        )
        for tournament in restored
    ] == [(concours["outputs"], json.loads(concours["archive"])) for concours in played]
