"""``manage.py standings NAME --format csv``: the columns of expected_standings.csv."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.management.commands._common import tournament_named, write_rows
from tournaments.presentation.columns import STANDINGS, STANDINGS_FILE_KEYS, pick
from tournaments.selectors import tournament_standings

#: The columns printed: those of ``expected_standings.csv`` (RULES.md §F).
COLUMNS = pick(STANDINGS, STANDINGS_FILE_KEYS)


class Command(BaseCommand):
    help = "Print a tournament's standings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name")
        parser.add_argument("--format", choices=("csv", "text"), default="text")

    def handle(self, *args: Any, name: str, format: str, **options: Any) -> None:
        tournament = tournament_named(name)
        standings = tournament_standings(tournament=tournament)
        write_rows(self.stdout, COLUMNS, standings, format)
