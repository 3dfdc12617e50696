"""``manage.py archive_tournament NAME [--output FILE]``: the tournament's archive.

Writes the archive of :func:`tournaments.archive.tournament_archive` to FILE (default:
``<slug>-sauvegarde-<day>-<time>.json`` in the current folder), as the desk's
« Télécharger la sauvegarde » gives it; ``--output -`` writes it to the standard output.
"""

from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.archive import tournament_archive
from tournaments.management.commands._common import tournament_named


class Command(BaseCommand):
    help = "Write a tournament's whole archive (JSON), to restore with restore_archive."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--output", help="file to write; - for the standard output")

    def handle(self, *args, name, output, **options):
        tournament = tournament_named(name)
        now = timezone.now()
        data = tournament_archive(tournament=tournament, now=now)
        if output == "-":
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        path = Path(
            output or f"{tournament.slug}-sauvegarde-{timezone.localtime(now):%Y-%m-%d-%H%M}.json"
        )
        path.write_bytes(data)
        self.stdout.write(
            gettext("Backup of “%(name)s” written to %(path)s.")
            % {"name": tournament.name, "path": path}
        )
