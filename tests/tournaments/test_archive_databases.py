"""An archive made on one database restores on another: the concours of
tests.played_concours is played on a new SQLite database by another process, archived
there, then restored in the database of the tests. Run on PostgreSQL (DATABASE_URL), this
is the round trip SQLite → PostgreSQL; on SQLite, from one SQLite file to another."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.played_concours import START, concours_outputs
from tournaments.archive import restore_tournament, tournament_archive

ROOT = Path(__file__).resolve().parents[2]


def play_on_a_new_sqlite_database(folder: Path) -> dict:
    """Play the concours on a new SQLite database in ``folder``, in another process; return
    its archive and its outputs (tests.played_concours.main)."""
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
def test_an_archive_made_on_sqlite_restores_the_same_concours_on_this_database(tmp_path):
    played = play_on_a_new_sqlite_database(tmp_path)

    restored = restore_tournament(data=played["archive"].encode(), now=START)

    assert (
        # As JSON carries them: tuples come back as lists.
        json.loads(json.dumps(concours_outputs(restored))),
        # PostgreSQL stores JSON fields with their keys in an order of its own.
        json.loads(tournament_archive(tournament=restored, now=START)),
    ) == (played["outputs"], json.loads(played["archive"]))
