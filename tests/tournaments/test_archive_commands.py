"""The commands of the backups: archive_tournament, restore_archive, backup_database."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.played_concours import NAME, START, play_concours
from tournaments.archive import tournament_archive
from tournaments.models import Club, Match, Tournament


def without_time(data: bytes) -> dict:
    """Return an archive's data without the time it was made."""
    document = json.loads(data)
    del document["archived_at"]
    return document


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def archived(db, tmp_path):
    """The archive of tests.played_concours in a file; the concours deleted."""
    tournament = play_concours()
    path = tmp_path / "saint-martin.json"
    path.write_bytes(tournament_archive(tournament=tournament, now=START))
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
    return path


@pytest.mark.django_db
def test_archive_tournament_writes_the_archive_to_the_file_named(tmp_path):
    tournament = play_concours()
    path = tmp_path / "sauvegarde.json"

    output = run("archive_tournament", NAME, "--output", str(path))

    assert (output, without_time(path.read_bytes())) == (
        f"Sauvegarde de « {NAME} » écrite dans {path}.\n",
        without_time(tournament_archive(tournament=tournament, now=START)),
    )


@pytest.mark.django_db
def test_archive_tournament_writes_the_archive_to_the_standard_output():
    tournament = play_concours()

    output = run("archive_tournament", NAME, "--output", "-")

    assert without_time(output.encode()) == without_time(
        tournament_archive(tournament=tournament, now=START)
    )


@pytest.mark.django_db
def test_archive_tournament_names_a_tournament_that_does_not_exist():
    with pytest.raises(CommandError) as refused:
        run("archive_tournament", "Concours fantôme")

    assert str(refused.value) == "Aucun concours ne s’appelle « Concours fantôme »."


def test_restore_archive_restores_the_tournament(archived):
    output = run("restore_archive", str(archived))

    tournament = Tournament.objects.get()
    assert (output, tournament.name, tournament.club.name) == (
        f"« {NAME} » restauré (concours-de-la-saint-martin).\n",
        NAME,
        "Amicale de Cahors",
    )


def test_restore_archive_restores_under_another_name_for_another_club(archived):
    output = run("restore_archive", str(archived), "--name", "Copie", "--club", "Club de Millau")

    tournament = Tournament.objects.get()
    assert (output, tournament.name, tournament.club.name) == (
        "« Copie » restauré (copie).\n",
        "Copie",
        "Club de Millau",
    )


def test_restore_archive_refuses_a_damaged_archive_and_creates_no_club(archived):
    archived.write_bytes(archived.read_bytes()[:-2])
    clubs = sorted(Club.objects.values_list("name", flat=True))

    with pytest.raises(CommandError) as refused:
        run("restore_archive", str(archived), "--club", "Club de Millau")

    assert (
        str(refused.value),
        Tournament.objects.count(),
        sorted(Club.objects.values_list("name", flat=True)),
    ) == (
        "Rien n’a été restauré. Ce fichier n’est pas une sauvegarde de Belote Club : il ne se "
        "lit pas comme du texte JSON.",
        0,
        clubs,
    )


def test_restore_archive_says_a_file_it_cannot_read(tmp_path):
    missing = tmp_path / "absent.json"

    with pytest.raises(CommandError) as refused:
        run("restore_archive", str(missing))

    assert (
        str(refused.value)
        == f"Le fichier {missing} ne peut pas être lu : No such file or directory"
    )


@pytest.mark.django_db
def test_backup_database_refuses_copies_less_than_a_minute_apart():
    with pytest.raises(CommandError) as refused:
        run("backup_database", "--every", "0")

    assert str(refused.value) == "Les copies sont espacées d’au moins 1 minute, pas 0."
