"""``manage.py matches NAME --format csv``: the columns of expected_matches.csv."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.management.commands._common import tournament_named, write_rows
from tournaments.presentation.columns import MATCHES, MATCHES_FILE_KEYS, pick
from tournaments.selectors import tournament_matches

#: The columns printed: those of ``expected_matches.csv`` (RULES.md §F).
COLUMNS = pick(MATCHES, MATCHES_FILE_KEYS)


class Command(BaseCommand):
    help = "Print every match total of a tournament."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name")
        parser.add_argument("--format", choices=("csv", "text"), default="text")

    def handle(self, *args: Any, name: str, format: str, **options: Any) -> None:
        tournament = tournament_named(name)
        matches = tournament_matches(tournament=tournament)
        write_rows(self.stdout, COLUMNS, matches, format)
