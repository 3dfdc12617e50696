"""``manage.py backup_database [--while-playing] [--every MINUTES]``: copy the database.

Copies the SQLite database into var/backups/ (tournaments/archive/copies.py). With
``--while-playing``, only while a round is being played. With ``--every``, it goes on,
one copy every MINUTES, until the program that started it (./run) stops; a copy that
fails is logged, and the next one is tried. On PostgreSQL it copies nothing.
"""

import logging
import os
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, connection
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.archive import copy_database, copy_database_or_log, is_round_being_played

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Copy the SQLite database into var/backups/, once or every few minutes."

    def add_arguments(self, parser):
        parser.add_argument(
            "--while-playing", action="store_true", help="only while a round is being played"
        )
        parser.add_argument("--every", type=int, metavar="MINUTES", help="copy again and again")

    def handle(self, *args, while_playing, every, **options):
        if every is not None and every < 1:
            raise CommandError(
                gettext("The copies are at least 1 minute apart, not %(every)s.") % {"every": every}
            )
        if connection.vendor != "sqlite":
            self.stdout.write(gettext("The database is not SQLite: nothing to copy."))
            return
        if every is None:
            if while_playing and not is_round_being_played():
                self.stdout.write(gettext("No round is being played: no copy."))
                return
            path = copy_database(now=timezone.now())
            self.stdout.write(gettext("Database copied to %(path)s.") % {"path": path})
            return
        parent = os.getppid()
        # Ends with the program that started it: once that stops, this one's parent changes.
        while os.getppid() == parent:
            time.sleep(every * 60)
            if os.getppid() != parent:
                break
            try:
                if not while_playing or is_round_being_played():
                    copy_database_or_log(now=timezone.now())
            except DatabaseError:
                logger.exception("The database could not be read to copy it.")
            finally:
                connection.close()
