"""``manage.py matches NAME --format csv``: the columns of expected_matches.csv."""

from django.core.management.base import BaseCommand

from tournaments.management.commands._common import tournament_named, write_rows
from tournaments.presentation.columns import MATCHES, MATCHES_FILE_KEYS, pick
from tournaments.selectors import tournament_matches

#: The columns printed: those of ``expected_matches.csv`` (RULES.md §F).
COLUMNS = pick(MATCHES, MATCHES_FILE_KEYS)


class Command(BaseCommand):
    help = "Print every match total of a tournament."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--format", choices=("csv", "text"), default="text")

    def handle(self, *args, name, format, **options):
        tournament = tournament_named(name)
        matches = tournament_matches(tournament=tournament)
        write_rows(self.stdout, COLUMNS, matches, format)
