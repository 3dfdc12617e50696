"""``manage.py restore_archive FILE [--name NAME] [--club CLUB]``: restore a tournament.

Restores the archive FILE (from « Télécharger la sauvegarde » or ``archive_tournament``)
through :func:`tournaments.archive.restore_tournament`, all of it or nothing. The
tournament is run by the club the archive names, or by CLUB (found or created).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.archive import ArchiveError, restore_tournament
from tournaments.forms.archive import restore_refused_message
from tournaments.services import register_club
from tournaments.text import clean_name


class Command(BaseCommand):
    help = "Restore a tournament from its archive (JSON), atomically."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--name", help="restore it under this name")
        parser.add_argument("--club", help="organising club (created if missing)")

    def handle(self, *args, file, name, club, **options):
        try:
            data = file.read_bytes()
        except OSError as error:
            raise CommandError(
                gettext("The file %(file)s cannot be read: %(error)s")
                % {"file": file, "error": error.strerror}
            ) from None
        other_name = clean_name(name or "") or None
        try:
            # One transaction: a refused archive leaves no new club behind either.
            with transaction.atomic():
                organiser = register_club(name=club) if clean_name(club or "") else None
                tournament = restore_tournament(
                    data=data, now=timezone.now(), club=organiser, name=other_name
                )
        except ArchiveError as error:
            raise CommandError(restore_refused_message(error.problem)) from None
        self.stdout.write(
            gettext("Restored “%(name)s” (%(slug)s).")
            % {"name": tournament.name, "slug": tournament.slug}
        )
