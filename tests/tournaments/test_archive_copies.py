"""The automatic copies of the SQLite database (tournaments/archive/copies.py): made by
VACUUM INTO at a round's close and by ``manage.py backup_database``, the last ones kept,
and a copy put back serves the concours as it was."""

import datetime
import io
import json
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from tests.factories import DealFactory, MatchFactory, RoundFactory, TournamentFactory
from tests.played_concours import NAME, concours_outputs, play_concours
from tournaments.archive import copy_database, database_copies
from tournaments.models import Round

ROOT = Path(__file__).resolve().parents[2]
ON_SQLITE = pytest.mark.skipif(connection.vendor != "sqlite", reason="copies SQLite only")
ON_POSTGRESQL = pytest.mark.skipif(connection.vendor == "sqlite", reason="on PostgreSQL only")
#: 14:30 in Paris.
NOW = datetime.datetime(2026, 11, 11, 13, 30, 5, tzinfo=datetime.UTC)


def tournament_names(path: Path) -> list[str]:
    """Return the tournaments a copy holds, read with SQLite itself."""
    with sqlite3.connect(path) as copy:
        return [name for (name,) in copy.execute("SELECT name FROM tournaments_tournament")]


def manage(database: Path, *arguments: str) -> str:
    """Run manage.py on the SQLite ``database``; return what it printed."""
    environment = os.environ | {"DATABASE_URL": f"sqlite:///{database}"}
    result = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


@ON_SQLITE
@pytest.mark.django_db(transaction=True)
def test_it_copies_the_database_under_its_local_time(tmp_path):
    TournamentFactory(name="Concours d'hiver")

    path = copy_database(now=NOW, directory=tmp_path)

    assert (path.name, tournament_names(path), os.listdir(tmp_path)) == (
        "belote-2026-11-11-143005.sqlite3",
        ["Concours d'hiver"],
        ["belote-2026-11-11-143005.sqlite3"],
    )


@ON_SQLITE
@pytest.mark.django_db(transaction=True)
def test_it_keeps_the_last_copies_only(tmp_path):
    TournamentFactory()
    times = [NOW + datetime.timedelta(minutes=5 * n) for n in range(4)]

    for when in times:
        copy_database(now=when, directory=tmp_path, keep=2)

    assert [path.name for path in database_copies(tmp_path)] == [
        "belote-2026-11-11-144005.sqlite3",
        "belote-2026-11-11-144505.sqlite3",
    ]


@ON_SQLITE
@pytest.mark.django_db(transaction=True)
def test_two_copies_in_one_second_get_two_names(tmp_path):
    TournamentFactory()

    names = [copy_database(now=NOW, directory=tmp_path).name for _ in range(2)]

    assert names == ["belote-2026-11-11-143005.sqlite3", "belote-2026-11-11-143005-2.sqlite3"]


@ON_SQLITE
@pytest.mark.django_db(transaction=True)
def test_a_copy_put_back_in_place_serves_the_concours_as_it_was(tmp_path):
    tournament = play_concours()
    # As JSON carries them: tuples come back as lists.
    before = (json.loads(json.dumps(concours_outputs(tournament))), manage_standings_here(NAME))
    copy = copy_database(now=NOW, directory=tmp_path)
    # What happens after the copy is not in it.
    Round.objects.filter(tournament=tournament, number=2).delete()

    served = manage(
        copy,
        "shell",
        "--no-imports",
        "--command",
        "import json; from tests.played_concours import NAME, concours_outputs; "
        "from tournaments.models import Tournament; "
        "print(json.dumps(concours_outputs(Tournament.objects.get(name=NAME))))",
    )

    assert (json.loads(served), manage(copy, "standings", NAME, "--format", "csv")) == before


def manage_standings_here(name: str) -> str:
    """Return the standings command's CSV for ``name``, on the test database."""
    out = io.StringIO()
    call_command("standings", name, "--format", "csv", stdout=out)
    return out.getvalue()


def played_round() -> Round:
    """A published round 1 whose only match is finished (one deal of one)."""
    tournament = TournamentFactory(match_format_value=1, slug="hiver")
    round_ = RoundFactory(tournament=tournament, status=Round.Status.PUBLISHED)
    DealFactory(match=MatchFactory(round=round_, table_number=1, is_finished=True))
    return round_


@ON_SQLITE
@pytest.mark.django_db(transaction=True)
def test_closing_a_round_copies_the_database_with_the_round_closed(desk, club):
    round_ = played_round()
    round_.tournament.club = club
    round_.tournament.save()

    desk.post("/concours/hiver/gestion/parties/1/clore/")

    copies = database_copies(settings.BELOTE_BACKUP_DIR)
    with sqlite3.connect(copies[-1]) as copy:
        statuses = list(copy.execute("SELECT number, status FROM tournaments_round"))
    assert statuses == [(1, "closed")]


@pytest.mark.django_db(transaction=True)
def test_a_copy_that_fails_is_logged_and_the_round_stays_closed(desk, club, tmp_path, caplog):
    round_ = played_round()
    round_.tournament.club = club
    round_.tournament.save()
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")

    with (
        caplog.at_level(logging.ERROR, logger="tournaments.archive.copies"),
        override_settings(BELOTE_BACKUP_DIR=blocked),
    ):
        response = desk.post("/concours/hiver/gestion/parties/1/clore/", follow=True)

    round_.refresh_from_db()
    logged = [record.getMessage() for record in caplog.records]
    assert (
        round_.status,
        [str(message) for message in response.context["messages"]],
        logged,
    ) == (
        "closed",
        ["Partie 1 close."],
        ["The copy of the database failed."] if connection.vendor == "sqlite" else [],
    )


@ON_SQLITE
@pytest.mark.django_db(transaction=True)
def test_backup_database_copies_only_while_a_round_is_played(tmp_path):
    round_ = played_round()
    outputs = []

    with override_settings(BELOTE_BACKUP_DIR=tmp_path):
        for status in (Round.Status.CLOSED, Round.Status.PUBLISHED):
            Round.objects.filter(pk=round_.pk).update(status=status)
            outputs.append(run_backup("--while-playing"))

    copies = database_copies(tmp_path)
    assert (outputs, len(copies)) == (
        [
            "Aucune partie n’est en cours : pas de copie.\n",
            f"Base de données copiée dans {copies[0]}.\n",
        ],
        1,
    )


def run_backup(*arguments: str) -> str:
    out = io.StringIO()
    call_command("backup_database", *arguments, stdout=out)
    return out.getvalue()


@ON_POSTGRESQL
@pytest.mark.django_db
def test_on_postgresql_nothing_is_copied(tmp_path):
    TournamentFactory()

    copied = (copy_database(now=NOW, directory=tmp_path), run_backup(), os.listdir(tmp_path))

    assert copied == (None, "La base de données n’est pas SQLite : rien à copier.\n", [])
